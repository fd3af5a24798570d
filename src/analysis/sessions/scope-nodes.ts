import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type FileNodes, moduleNodes, nodesWithin } from "../file-nodes.js";
import { fileOf } from "../resolution/source-files.js";
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

  constructor(private readonly lintedNodes: Readonly<FileNodes>) {}

  /** The gathered nodes of the file `root` is in: the linted file's, or those of a module a helper lives in. */
  private fileNodes(root: TSESTree.Node): Readonly<FileNodes> {
    const file = fileOf(root);
    return file && !file.linted ? moduleNodes(file.sourceCode) : this.lintedNodes;
  }

  /** The calls inside `root`, in source order; found once, read when following helpers and finding lookups. */
  calls(root: TSESTree.Node): readonly TSESTree.CallExpression[] {
    let calls = this.callLists.get(root);
    if (!calls) this.callLists.set(root, (calls = nodesWithin(this.fileNodes(root).calls, root)));
    return calls;
  }

  /** The calls, computed members and `in` tests inside `root`, in source order: where it may look a session up. */
  lookupSites(root: TSESTree.Node): readonly TSESTree.Node[] {
    const ins = nodesWithin(this.fileNodes(root).inTests, root);
    return inSourceOrder<TSESTree.Node>(this.calls(root), nodesWithin(this.fileNodes(root).lookups, root), ins);
  }

  /** The `if` statements and conditional expressions inside `root`, in source order: where it may test a session. */
  tests(root: TSESTree.Node): readonly (TSESTree.IfStatement | TSESTree.ConditionalExpression)[] {
    return inSourceOrder<TSESTree.IfStatement | TSESTree.ConditionalExpression>(
      nodesWithin(this.fileNodes(root).ifs, root),
      nodesWithin(this.fileNodes(root).conditionals, root),
    );
  }

  /** The variable declarators inside `root`, in source order. */
  declarators(root: TSESTree.Node): readonly TSESTree.VariableDeclarator[] {
    return nodesWithin(this.fileNodes(root).declarators, root);
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
