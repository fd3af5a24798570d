import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { enclosingFunction, unwrap } from "../syntax/ast.js";
import { type Bindings, type ResultContext, resolveBound } from "./results.js";
import { variableOf } from "../syntax/variables.js";

/** One value a `stopReason` may take: the expression that gives it, and the string it is, when that is certain. */
export interface StopLeaf {
  readonly node: TSESTree.Node;
  readonly value: string | undefined;
  /** Written as a string literal, so a suggestion can replace it in place. */
  readonly literal: boolean;
}

const MAX_DEPTH = 5;

/** A `const` declared in the same function as the read: its value is the function's own. */
function localInit(id: TSESTree.Identifier, ctx: ResultContext): TSESTree.Expression | undefined {
  const init = ctx.values.constInit(id);
  if (!init) return undefined;
  const variable = variableOf(ctx.sourceCode, id);
  const declared = variable?.defs[0]?.node;
  return declared && enclosingFunction(declared) === enclosingFunction(id) ? init : undefined;
}

/**
 * A `let` of the same function: each write that may reach the read gives a value that may be sent, so each is a leaf,
 * at the read (`let stopReason = "end_turn"; … stopReason = "failed"; return { stopReason }`); a write of something
 * unknown (`stopReason = await run()`) is an unknown leaf beside the others.
 */
function writtenLeaves(id: TSESTree.Identifier, ctx: ResultContext, bindings: Bindings, depth: number): StopLeaf[] | undefined {
  const variable = variableOf(ctx.sourceCode, id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== "Variable" || (def.parent as TSESTree.VariableDeclaration).kind === "const") return undefined;
  if (enclosingFunction(def.node) !== enclosingFunction(id)) return undefined;
  const writes = ctx.values.reachingWrites(id);
  if (!writes || writes.length < 2) return undefined;
  const values = new Set(writes.flatMap((write) => (write ? stopLeaves(write, ctx, bindings, depth + 1).map((leaf) => leaf.value) : [undefined])));
  return [...values].map((value) => ({ node: id, value, literal: false }));
}

function resolved(node: TSESTree.Node, ctx: ResultContext): StopLeaf {
  const values = ctx.values.resolve(node);
  // One string only: a union (a model's result type, `acp.StopReason`) does not say which one is sent.
  const value = values?.length === 1 && typeof values[0] === "string" ? values[0] : undefined;
  return { node, value, literal: false };
}

/**
 * The values a `stopReason` expression may take: each branch of `?:`, both sides of `??` and `||`, the `const`s
 * of the same function it reads (followed to their literals), and the arguments a helper's parameter was bound to.
 * A leaf whose value is not one certain string is unknown.
 */
export function stopLeaves(node: TSESTree.Node, ctx: ResultContext, bindings: Bindings, depth = 0): StopLeaf[] {
  const bound = resolveBound(node, ctx, bindings);
  const inner = unwrap(bound);
  if (depth > MAX_DEPTH) return [{ node: inner, value: undefined, literal: false }];
  switch (inner.type) {
    case AST_NODE_TYPES.Literal:
      return [{ node: inner, value: typeof inner.value === "string" ? inner.value : undefined, literal: typeof inner.value === "string" }];
    case AST_NODE_TYPES.TemplateLiteral:
      return inner.expressions.length === 0 ? [{ node: inner, value: inner.quasis[0]?.value.cooked ?? "", literal: true }] : [resolved(inner, ctx)];
    case AST_NODE_TYPES.ConditionalExpression:
      return [...stopLeaves(inner.consequent, ctx, bindings, depth + 1), ...stopLeaves(inner.alternate, ctx, bindings, depth + 1)];
    case AST_NODE_TYPES.LogicalExpression:
      if (inner.operator === "&&") return [{ node: inner, value: undefined, literal: false }];
      return [...stopLeaves(inner.left, ctx, bindings, depth + 1), ...stopLeaves(inner.right, ctx, bindings, depth + 1)];
    case AST_NODE_TYPES.Identifier: {
      const init = localInit(inner, ctx);
      return init ? stopLeaves(init, ctx, bindings, depth + 1) : (writtenLeaves(inner, ctx, bindings, depth) ?? [resolved(inner, ctx)]);
    }
    default:
      return [resolved(inner, ctx)];
  }
}
