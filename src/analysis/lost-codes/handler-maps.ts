import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, unwrap } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";

interface MapContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
}

/** The object literal an expression stands for: a `const` bound to one, a class field holding one, a factory's result. */
export function objectOf(node: TSESTree.Node, ctx: MapContext): TSESTree.ObjectExpression | undefined {
  return ctx.values.objectLiteral(node);
}

/** The handler map a call looks its function up in by key: `handlers[method](p)`, or `handler(p)` after `const handler = handlers[method]`. */
function lookedUpMap(call: TSESTree.CallExpression, ctx: MapContext): TSESTree.ObjectExpression | undefined {
  let callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.Identifier) callee = unwrap(ctx.values.constInit(callee) ?? callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || !callee.computed) return undefined;
  return objectOf(callee.object, ctx);
}

/** The functions of the handler map a call dispatches through; empty when it is no such call. */
export function dispatchedFunctions(call: TSESTree.CallExpression, ctx: MapContext): FunctionNode[] {
  const map = lookedUpMap(call, ctx);
  if (!map) return [];
  const out: FunctionNode[] = [];
  for (const prop of map.properties) {
    if (prop.type !== AST_NODE_TYPES.Property || prop.kind !== "init") continue;
    const fn = ctx.values.resolver.functionOf(prop.value);
    if (fn && ctx.values.resolver.isLinted(fn)) out.push(fn);
  }
  return out;
}
