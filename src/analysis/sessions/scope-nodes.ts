import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type FileNodes, nodesWithin } from "../file-nodes.js";
import { inSourceOrder } from "../syntax/source-order.js";

type Variable = TSESLint.Scope.Variable;
type Reference = TSESTree.Identifier | TSESTree.JSXIdentifier;

/**
 * The nodes of each kind inside a session scope's root, taken from the file's gathered lists by binary search on
 * their ranges instead of a walk of the root: a helper every handler calls is asked about once per handler.
 */
export class ScopeNodes {
  private readonly callLists = new Map<TSESTree.Node, readonly TSESTree.CallExpression[]>();
  private readonly sortedReferences = new Map<Variable, readonly Reference[]>();

  constructor(private readonly fileNodes: Readonly<FileNodes>) {}

  /** The calls inside `root`, in source order; found once, read when following helpers and finding lookups. */
  calls(root: TSESTree.Node): readonly TSESTree.CallExpression[] {
    let calls = this.callLists.get(root);
    if (!calls) this.callLists.set(root, (calls = nodesWithin(this.fileNodes.calls, root)));
    return calls;
  }

  /** The calls, computed members and `in` tests inside `root`, in source order: where it may look a session up. */
  lookupSites(root: TSESTree.Node): readonly TSESTree.Node[] {
    const ins = nodesWithin(this.fileNodes.inTests, root);
    return inSourceOrder<TSESTree.Node>(this.calls(root), nodesWithin(this.fileNodes.lookups, root), ins);
  }

  /** The `if` statements and conditional expressions inside `root`, in source order: where it may test a session. */
  tests(root: TSESTree.Node): readonly (TSESTree.IfStatement | TSESTree.ConditionalExpression)[] {
    return inSourceOrder<TSESTree.IfStatement | TSESTree.ConditionalExpression>(
      nodesWithin(this.fileNodes.ifs, root),
      nodesWithin(this.fileNodes.conditionals, root),
    );
  }

  /** The variable declarators inside `root`, in source order. */
  declarators(root: TSESTree.Node): readonly TSESTree.VariableDeclarator[] {
    return nodesWithin(this.fileNodes.declarators, root);
  }

  /**
   * The references of a variable inside `root`: a dispatcher's message is read in every branch, and each branch
   * going through all of them would make the dispatcher's cost grow with its branches squared.
   */
  referencesIn(variable: Variable, root: TSESTree.Node): readonly Reference[] {
    let sorted = this.sortedReferences.get(variable);
    if (!sorted) {
      sorted = variable.references.map((ref) => ref.identifier).sort((a, b) => a.range[0] - b.range[0]);
      this.sortedReferences.set(variable, sorted);
    }
    return nodesWithin(sorted, root);
  }
}
