import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { unwrap } from "../syntax/ast.js";

/**
 * The expressions a code may come from: the branches of `c ? a : b` (nested too), else the code
 * itself. Rules report at the branch that gives a value, not at the whole conditional.
 */
export function codeLeaves(node: TSESTree.Node): TSESTree.Node[] {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.ConditionalExpression) {
    return [...codeLeaves(inner.consequent), ...codeLeaves(inner.alternate)];
  }
  return [node];
}

/** A number written out: `32602` or `-32602`. */
export function isBareNumber(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Literal) return typeof inner.value === "number";
  return (
    inner.type === AST_NODE_TYPES.UnaryExpression &&
    (inner.operator === "-" || inner.operator === "+") &&
    inner.argument.type === AST_NODE_TYPES.Literal &&
    typeof inner.argument.value === "number"
  );
}
