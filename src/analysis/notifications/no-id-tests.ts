import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { memberName, unwrap } from "../syntax/ast.js";

/** Which way a test on a message's `id` points: true when it holds for a message without `id`. */
export interface IdTest {
  /** The message tested: `msg` of `msg.id`. */
  readonly message: TSESTree.Identifier;
  readonly holdsWithoutId: boolean;
}

const isUndefined = (node: TSESTree.Node) => {
  const inner = unwrap(node);
  return (inner.type === AST_NODE_TYPES.Identifier && inner.name === "undefined") || (inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "void");
};
const isNull = (node: TSESTree.Node) => {
  const inner = unwrap(node);
  return inner.type === AST_NODE_TYPES.Literal && inner.value === null && !("regex" in inner);
};

/** `msg.id` (or `msg["id"]`) with `msg` a plain identifier. */
function idOf(node: TSESTree.Node): TSESTree.Identifier | undefined {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.MemberExpression || memberName(inner) !== "id") return undefined;
  const object = unwrap(inner.object);
  return object.type === AST_NODE_TYPES.Identifier ? object : undefined;
}

/** `typeof msg.id`. */
function typeofId(node: TSESTree.Node): TSESTree.Identifier | undefined {
  const inner = unwrap(node);
  return inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "typeof" ? idOf(inner.argument) : undefined;
}

/**
 * `msg.id === undefined`, `msg.id == null`, `typeof msg.id === "undefined"`, `!("id" in msg)` and their
 * negations. `!msg.id` is not one: it also holds for the valid id 0, whose request does get an answer.
 * `msg.id === null` is not one either: null is an id a request may carry.
 */
export function idTest(node: TSESTree.Node): IdTest | undefined {
  const test = unwrap(node);
  if (test.type === AST_NODE_TYPES.UnaryExpression && test.operator === "!") {
    const inner = idTest(test.argument);
    return inner && { message: inner.message, holdsWithoutId: !inner.holdsWithoutId };
  }
  if (test.type !== AST_NODE_TYPES.BinaryExpression) return undefined;
  if (test.operator === "in") {
    const key = unwrap(test.left);
    const object = unwrap(test.right);
    const named = key.type === AST_NODE_TYPES.Literal && key.value === "id";
    return named && object.type === AST_NODE_TYPES.Identifier ? { message: object, holdsWithoutId: false } : undefined;
  }
  const equal = test.operator === "===" || test.operator === "==";
  const unequal = test.operator === "!==" || test.operator === "!=";
  if (!equal && !unequal) return undefined;
  const loose = test.operator === "==" || test.operator === "!=";
  for (const [a, b] of [[test.left, test.right], [test.right, test.left]] as const) {
    const message = idOf(a);
    if (message && (isUndefined(b) || (loose && isNull(b)))) return { message, holdsWithoutId: equal };
    const typed = typeofId(a);
    const literal = unwrap(b);
    if (typed && literal.type === AST_NODE_TYPES.Literal && literal.value === "undefined") return { message: typed, holdsWithoutId: equal };
  }
  return undefined;
}
