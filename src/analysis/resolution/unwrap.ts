import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { unwrap } from "../syntax/ast.js";

/**
 * An expression without what leaves the value it names unchanged: the TypeScript wrappers (`as`, `!`,
 * `satisfies`, `<T>`), `?.` chains, and the `(0, x.f)` that compilers and bundlers write to call `x.f` without
 * its `this` (`(0, sdk_1.agent)({ name })`).
 */
export function unwrapValue(node: TSESTree.Node): TSESTree.Node {
  let current = unwrap(node);
  for (;;) {
    if (current.type === AST_NODE_TYPES.ChainExpression) current = unwrap(current.expression);
    else if (current.type === AST_NODE_TYPES.SequenceExpression && isIndirection(current)) current = unwrap(current.expressions.at(-1)!);
    else return current;
  }
}

/** `(0, x)`: every expression before the last is a literal, so only the last one's value counts. */
function isIndirection(node: TSESTree.SequenceExpression): boolean {
  return node.expressions.length > 1 && node.expressions.slice(0, -1).every((e) => e.type === AST_NODE_TYPES.Literal);
}
