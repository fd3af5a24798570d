import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunction, unwrap } from "../syntax/ast.js";
import type { Resolution } from "./resolution.js";

/**
 * Bindings: inside a function, a parameter is the argument of the call that runs it. A helper's fact that depends on
 * a parameter (the code it builds an error with, the method of the message it sends, the id it looks a session up
 * by) is judged at each call, with the argument in its place.
 */

/** A parameter of a function, by position. */
export interface ParameterRef {
  readonly fn: FunctionNode;
  readonly index: number;
}

/** The plain name a parameter binds: `x`, `x = d`, `x: T`; none for a pattern or a rest element. */
function parameterName(param: TSESTree.Parameter): TSESTree.Identifier | undefined {
  const inner = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param.type === AST_NODE_TYPES.TSParameterProperty ? param.parameter : param;
  const name = inner.type === AST_NODE_TYPES.AssignmentPattern ? inner.left : inner;
  return name.type === AST_NODE_TYPES.Identifier ? name : undefined;
}

/**
 * The parameter an expression reads, when it is a parameter's plain name that nothing reassigns (its default does not
 * count): then, at a call, it is that call's argument.
 */
export function parameterOf(resolver: Resolution, node: TSESTree.Node | null | undefined): ParameterRef | undefined {
  const id = node ? unwrap(node) : undefined;
  if (id?.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = resolver.variableOf(id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || def?.type !== "Parameter" || !isFunction(def.node as TSESTree.Node)) return undefined;
  const fn = def.node as FunctionNode;
  const isDefault = (r: TSESLint.Scope.Reference) => r.writeExpr?.parent?.type === AST_NODE_TYPES.AssignmentPattern && fn.params.includes(r.writeExpr.parent as TSESTree.Parameter);
  if (variable.references.some((r) => r.isWrite() && !isDefault(r))) return undefined;
  const index = fn.params.findIndex((p) => parameterName(p)?.name === id.name);
  return index === -1 ? undefined : { fn, index };
}

/** The variable of a function's parameter at `index`, when the parameter is a plain name. */
export function parameterVariable(resolver: Resolution, fn: FunctionNode, index: number): TSESLint.Scope.Variable | undefined {
  const param = fn.params[index];
  const name = param && parameterName(param);
  return name ? (resolver.variableOf(name) ?? undefined) : undefined;
}

/** The argument at `index` of an argument list; undefined when a spread before it hides which one lands there. */
export function argAt(args: readonly TSESTree.CallExpressionArgument[], index: number | undefined): TSESTree.Node | undefined {
  if (index === undefined) return undefined;
  for (let i = 0; i <= index && i < args.length; i++) if (args[i]!.type === AST_NODE_TYPES.SpreadElement) return undefined;
  return args[index];
}

/** The argument a call gives the parameter at `index` (see argAt). */
export function argumentAt(call: TSESTree.CallExpression | TSESTree.NewExpression, index: number | undefined): TSESTree.Node | undefined {
  return argAt(call.arguments, index);
}

/** Where a value is passed to a function whose parameter receives it: the function and the parameter's position. */
export function passedTo(resolver: Resolution, value: TSESTree.Node): ParameterRef | undefined {
  const call = value.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const index = call.arguments.indexOf(value as TSESTree.CallExpressionArgument);
  if (index < 0 || call.arguments.slice(0, index).some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return undefined;
  const fn = resolver.calleeOf(call);
  return fn && index < fn.params.length ? { fn, index } : undefined;
}
