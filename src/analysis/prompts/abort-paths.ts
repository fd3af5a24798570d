import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { alwaysExits, isFunction } from "../syntax/ast.js";
import { type AbortContext, type Polarity, polarityOf } from "./abort-tests.js";

/** What reaching `child` through `branch` of a test with that polarity says: aborted (true), not aborted (false). */
function branchSays(polarity: Polarity | undefined, consequent: boolean): boolean | undefined {
  if (!polarity) return undefined;
  return consequent === (polarity === "true");
}

/** What the statements before `child` in its block say: `if (!aborted) return x;` lets only an aborted turn past. */
function guardsBefore(child: TSESTree.Node, statements: readonly TSESTree.Node[], ctx: AbortContext): boolean | undefined {
  const index = statements.indexOf(child);
  for (let i = index - 1; i >= 0; i--) {
    const statement = statements[i]!;
    if (statement.type !== AST_NODE_TYPES.IfStatement || statement.alternate || !alwaysExits(statement.consequent)) continue;
    // Past `if (test) exit;` the test was false.
    const says = branchSays(polarityOf(statement.test, ctx), false);
    if (says !== undefined) return says;
  }
  return undefined;
}

/**
 * Whether `node` runs only once the turn was aborted, by the nearest test that tells between it and `root` (the
 * handler's body): the branch of an `if`, a `?:` or a `&&`/`||` it sits in, or an earlier `if (...) return` guard of
 * its block. `false` when the nearest one says "not aborted", or none tells.
 */
export function isAfterAbort(node: TSESTree.Node, root: TSESTree.Node, ctx: AbortContext): boolean {
  let child = node;
  for (let parent = node.parent; parent && child !== root; child = parent, parent = parent.parent) {
    let says: boolean | undefined;
    switch (parent.type) {
      case AST_NODE_TYPES.IfStatement:
      case AST_NODE_TYPES.ConditionalExpression:
        if (child !== parent.test) says = branchSays(polarityOf(parent.test, ctx), child === parent.consequent);
        break;
      case AST_NODE_TYPES.LogicalExpression:
        if (child === parent.right && parent.operator !== "??") says = branchSays(polarityOf(parent.left, ctx), parent.operator === "&&");
        break;
      case AST_NODE_TYPES.BlockStatement:
      case AST_NODE_TYPES.Program:
        says = guardsBefore(child, parent.body, ctx);
        break;
      case AST_NODE_TYPES.SwitchCase:
        says = guardsBefore(child, parent.consequent, ctx);
        break;
      default:
        break;
    }
    if (says !== undefined) return says;
    if (isFunction(parent)) return false;
  }
  return false;
}
