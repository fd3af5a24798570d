import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunction, memberName, staticKeyName } from "../syntax/ast.js";
import { thisClass } from "../syntax/functions.js";
import type { Resolution } from "./resolution.js";
import { typedDeclaration } from "./typed-callees.js";
import { unwrapValue } from "./expressions.js";

/**
 * The function an expression stands for: a function written there, a name bound to one (`function f`, `const f =
 * () => …`, an import of one), `this.m` and `x.m` for a method of the class whose instance `this` or `x` holds
 * (inherited ones too), a member of an object literal or of what a factory returns, `f.bind(…)`.
 */
export function functionTarget(resolver: Resolution, node: TSESTree.Node): FunctionNode | undefined {
  const inner = unwrapValue(node);
  if (isFunction(inner)) return inner;
  if (inner.type === AST_NODE_TYPES.CallExpression && inner.callee.type === AST_NODE_TYPES.MemberExpression && memberName(inner.callee) === "bind") {
    return functionTarget(resolver, inner.callee.object);
  }
  if (inner.type === AST_NODE_TYPES.MemberExpression && !inner.computed) {
    const name = staticKeyName(inner.property, false);
    const object = unwrapValue(inner.object);
    const cls = name === undefined ? undefined : object.type === AST_NODE_TYPES.ThisExpression ? thisClass(object)?.parent : resolver.instanceClassOf(object);
    const member = cls && name !== undefined ? resolver.memberFunction(cls, name) : undefined;
    if (member) return member;
  }
  const found = resolver.targetNode(inner);
  if (found === inner) return undefined;
  if (found && isFunction(found)) return found;
  // `export function f` and `export default function` give the declaration; a declared one has no body to follow.
  return undefined;
}

/** The function a call (or construction) runs: syntactically, else with type information what the checker names. */
export function calleeTarget(resolver: Resolution, call: TSESTree.CallExpression | TSESTree.NewExpression): FunctionNode | undefined {
  if (call.type === AST_NODE_TYPES.NewExpression) return undefined;
  return functionTarget(resolver, call.callee) ?? (resolver.services && resolver.isLinted(call) ? typedDeclaration(resolver, call.callee) : undefined);
}

/** What the function a call runs gives back: its expression body or each `return`'s argument; none when unknown. */
export function returnedValues(resolver: Resolution, call: TSESTree.CallExpression): TSESTree.Expression[] {
  const fn = calleeTarget(resolver, call);
  if (!fn || fn.generator) return [];
  return [...resolver.returnedBy(fn)];
}
