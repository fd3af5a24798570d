import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { memberName, unwrap } from "../syntax/ast.js";

/** `handler` or `this.handler`, as a key that matches the same reference elsewhere in the function. */
export function referenceKey(node: TSESTree.Node): string | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name;
  if (inner.type === AST_NODE_TYPES.MemberExpression && !inner.computed && inner.object.type === AST_NODE_TYPES.ThisExpression) return `this.${memberName(inner)}`;
  return undefined;
}

/**
 * The reference (as referenceKey names it) an `if` test finds missing: `!h`, `h === undefined`, `h == null`,
 * `typeof h !== "function"`, `!this.handler`. Undefined for any other test.
 */
export function missingReference(test: TSESTree.Node): string | undefined {
  const t = unwrap(test);
  if (t.type === AST_NODE_TYPES.UnaryExpression && t.operator === "!") return referenceKey(t.argument);
  if (t.type !== AST_NODE_TYPES.BinaryExpression || !["===", "==", "!=="].includes(t.operator)) return undefined;
  const subject = (n: TSESTree.Node): string | undefined => {
    const u = unwrap(n);
    return u.type === AST_NODE_TYPES.UnaryExpression && u.operator === "typeof" ? referenceKey(u.argument) : referenceKey(u);
  };
  const [key, other] = subject(t.left) !== undefined ? [subject(t.left), unwrap(t.right)] : [subject(t.right), unwrap(t.left)];
  if (key === undefined) return undefined;
  const nullish = (other.type === AST_NODE_TYPES.Identifier && other.name === "undefined") || (other.type === AST_NODE_TYPES.Literal && other.value === null);
  if (t.operator !== "!==" && nullish) return key;
  return t.operator === "!==" && other.type === AST_NODE_TYPES.Literal && other.value === "function" ? key : undefined;
}
