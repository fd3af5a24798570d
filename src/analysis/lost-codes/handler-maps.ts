import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, staticKeyName, unwrap } from "../syntax/ast.js";
import { functionOf, thisClass } from "../syntax/functions.js";
import type { ValueResolver } from "../resolution/values.js";

interface MapContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
}

/** The object literal a class field holds: `handlers = { ... }` read as `this.handlers`. */
function fieldObject(member: TSESTree.MemberExpression): TSESTree.ObjectExpression | undefined {
  if (member.object.type !== AST_NODE_TYPES.ThisExpression) return undefined;
  const name = staticKeyName(member.property, member.computed);
  const body = thisClass(member);
  for (const field of body?.body ?? []) {
    if (field.type !== AST_NODE_TYPES.PropertyDefinition || field.static || staticKeyName(field.key, field.computed) !== name) continue;
    const value = field.value && unwrap(field.value);
    return value?.type === AST_NODE_TYPES.ObjectExpression ? value : undefined;
  }
  return undefined;
}

/** The object literal an expression stands for: a `const` bound to one, or a class field holding one. */
export function objectOf(node: TSESTree.Node, ctx: MapContext): TSESTree.ObjectExpression | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.MemberExpression) {
    const field = fieldObject(inner);
    if (field) return field;
  }
  return ctx.values.objectLiteral(inner);
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
    const fn = functionOf(ctx.sourceCode, prop.value);
    if (fn) out.push(fn);
  }
  return out;
}
