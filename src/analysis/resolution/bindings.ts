import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { contains, enclosingFunction, type FunctionNode, isFunction, staticKeyName, unwrap } from "../syntax/ast.js";
import { isSameReference, unwrapValue } from "./expressions.js";
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

/**
 * What a parameter stands for when every call of its function fills it with the same thing from outside the calling
 * function: a name declared in an enclosing scope or the module (a store, a class, a table of codes, a helper), `this`,
 * or a member of one of those (`this.sessions`, `Codes`). Inside the function the parameter then names what that
 * argument names (Resolution.target, its class). What changes from call to call (a lookup's result, the request) is
 * not bound: a guard the caller wrote around it is not seen in the callee. Nor is a value (`fail(-32002)`): a helper's
 * error site whose code or message is a parameter is judged at each call (errors/helper-sites.ts), once.
 * Undefined when the function's calls cannot all be known (Resolution.callersOf), there is none, or they differ.
 */
export function boundArgument(resolver: Resolution, id: TSESTree.Identifier): TSESTree.Node | undefined {
  const param = parameterOf(resolver, id);
  const calls = param && resolver.callersOf(param.fn);
  if (!param || !calls || calls.length === 0) return undefined;
  let first: TSESTree.Node | undefined;
  for (const call of calls) {
    const arg = argumentAt(call, param.index);
    if (!arg || !isEnvironment(resolver, arg, enclosingFunction(call))) return undefined;
    if (first && !isSameReference((id) => resolver.variableOf(id), first, arg)) return undefined;
    first ??= arg;
  }
  return first;
}

/** Whether an argument names what the calling function `caller` finds around it, not a value it computes. */
function isEnvironment(resolver: Resolution, node: TSESTree.Node, caller: FunctionNode | undefined): boolean {
  const inner = unwrapValue(node);
  switch (inner.type) {
    case AST_NODE_TYPES.ThisExpression:
      return true;
    case AST_NODE_TYPES.Identifier:
      // A parameter of the caller that is bound itself passes its binding on (`resolve(store) { check(store) }`).
      return isEnvironmentName(resolver.variableOf(inner), caller) || resolver.boundArgument(inner) !== undefined;
    case AST_NODE_TYPES.MemberExpression:
      return staticKeyName(inner.property, inner.computed) !== undefined && isEnvironment(resolver, inner.object, caller);
    case AST_NODE_TYPES.ObjectExpression:
      return isCodeBag(resolver, inner, caller);
    default:
      return false;
  }
}

/**
 * An object literal of code the caller hands over (`{ requireSession: (id) => this.requireSession(id), notify }`):
 * every member a function written there, a method, or a name of the environment. What it holds is the same code at
 * every call, so a parameter every call fills with it (one call, most often) stands for it: `deps.requireSession(id)`
 * in the callee runs that closure. Data members (`{ sessionId: params.sessionId }`) change from call to call: not bound.
 */
function isCodeBag(resolver: Resolution, object: TSESTree.ObjectExpression, caller: FunctionNode | undefined): boolean {
  return (
    object.properties.length > 0 &&
    object.properties.every((property) => {
      if (property.type !== AST_NODE_TYPES.Property || staticKeyName(property.key, property.computed) === undefined) return false;
      const value = unwrap(property.value);
      return isFunction(value) || isEnvironment(resolver, value, caller);
    })
  );
}

/**
 * Whether a name holds the same thing at every call from `caller`: an import, a class, a function, a variable of the
 * module, or a `const` of an enclosing function that holds a new object (a factory's store), a literal or a function;
 * not a name `caller` declares, nor a parameter or a computed value of an enclosing function.
 */
function isEnvironmentName(variable: TSESLint.Scope.Variable | null, caller: FunctionNode | undefined): boolean {
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!variable || !def || (caller && contains(caller, def.name as TSESTree.Node))) return false;
  switch (def.type) {
    case "ImportBinding":
    case "ClassName":
    case "FunctionName":
      return true;
    case "Variable": {
      if (variable.scope.type === "module" || variable.scope.type === "global") return true;
      const declarator = def.node as TSESTree.VariableDeclarator;
      const init = declarator.init && (declarator.parent as TSESTree.VariableDeclaration).kind === "const" ? unwrapValue(declarator.init) : undefined;
      return init !== undefined && STABLE_INITS.has(init.type);
    }
    default:
      return false;
  }
}

const STABLE_INITS: ReadonlySet<string> = new Set([
  AST_NODE_TYPES.NewExpression,
  AST_NODE_TYPES.ObjectExpression,
  AST_NODE_TYPES.ArrayExpression,
  AST_NODE_TYPES.Literal,
  AST_NODE_TYPES.ArrowFunctionExpression,
  AST_NODE_TYPES.FunctionExpression,
  AST_NODE_TYPES.ClassExpression,
]);

/**
 * Whether a function of the linted file may be called from where its calls cannot be seen: it is exported, handed
 * on as a value (a callback, an object's member), a public method (the SDK calls a handler's), or a member of an
 * object literal. A `#private` or `private` method, or a function whose name is only ever called, is not.
 */
export function mayBeCalledElsewhere(resolver: Resolution, fn: FunctionNode): boolean {
  const parent = fn.parent;
  if (parent.type === AST_NODE_TYPES.MethodDefinition || parent.type === AST_NODE_TYPES.PropertyDefinition) {
    return !(parent.key.type === AST_NODE_TYPES.PrivateIdentifier || parent.accessibility === "private");
  }
  const name = fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn.id : parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === fn ? parent.id : undefined;
  if (name?.type !== AST_NODE_TYPES.Identifier) return true;
  const declaration = fn.type === AST_NODE_TYPES.FunctionDeclaration ? fn : parent.parent;
  if (declaration?.parent?.type === AST_NODE_TYPES.ExportNamedDeclaration || declaration?.parent?.type === AST_NODE_TYPES.ExportDefaultDeclaration) return true;
  const variable = resolver.variableOf(name);
  return !variable || variable.references.some((r) => r.isRead() && !isCalleeOf(r.identifier));
}

function isCalleeOf(id: TSESTree.Node): boolean {
  return id.parent?.type === AST_NODE_TYPES.CallExpression && id.parent.callee === id;
}
