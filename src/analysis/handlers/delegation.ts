import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, memberName, staticKeyName, unwrap } from "../syntax/ast.js";
import { declaredName } from "../syntax/functions.js";
import type { Handler, HandlerContext } from "./types.js";

/** The one call a function's body makes: `=> x.m(p)`, `{ return await x.m(p); }`, `{ await x.m(p); }`. */
export function soleCall(fn: FunctionNode): TSESTree.CallExpression | undefined {
  let expression: TSESTree.Node | null | undefined;
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) expression = fn.body;
  else if (fn.body.body.length === 1) {
    const statement = fn.body.body[0]!;
    if (statement.type === AST_NODE_TYPES.ReturnStatement) expression = statement.argument;
    else if (statement.type === AST_NODE_TYPES.ExpressionStatement) expression = statement.expression;
  }
  let inner = expression && unwrap(expression);
  if (inner?.type === AST_NODE_TYPES.AwaitExpression) inner = unwrap(inner.argument);
  return inner?.type === AST_NODE_TYPES.CallExpression ? inner : undefined;
}

/**
 * Whether an argument is the params the handler was given: its first parameter, or, for an SDK 2.x app's
 * context, `ctx.params` and a destructured `{ params }`.
 */
function isParams(arg: TSESTree.CallExpressionArgument, handler: Handler, fn: FunctionNode): boolean {
  const inner = unwrap(arg);
  const first = fn.params[0]?.type === AST_NODE_TYPES.AssignmentPattern ? fn.params[0].left : fn.params[0];
  if (handler.style !== "sdk") return first?.type === AST_NODE_TYPES.Identifier && inner.type === AST_NODE_TYPES.Identifier && inner.name === first.name;
  if (first?.type === AST_NODE_TYPES.Identifier) {
    if (inner.type !== AST_NODE_TYPES.MemberExpression || memberName(inner) !== "params") return false;
    const object = unwrap(inner.object);
    return object.type === AST_NODE_TYPES.Identifier && object.name === first.name;
  }
  if (first?.type !== AST_NODE_TYPES.ObjectPattern || inner.type !== AST_NODE_TYPES.Identifier) return false;
  return first.properties.some((prop) => {
    if (prop.type !== AST_NODE_TYPES.Property || staticKeyName(prop.key, prop.computed) !== "params") return false;
    const value = prop.value.type === AST_NODE_TYPES.AssignmentPattern ? prop.value.left : prop.value;
    return value.type === AST_NODE_TYPES.Identifier && value.name === inner.name;
  });
}

/** The function of this file a call runs: `handle(p)`, `this.handle(p)`, a method of the class an object holds. */
function calledFunction(call: TSESTree.CallExpression, ctx: HandlerContext): FunctionNode | undefined {
  const fn = ctx.resolver.calleeOf(call);
  return fn && ctx.resolver.isLinted(fn) ? fn : undefined;
}

/**
 * The same-file functions that handlers hand their params to and nothing else: `(ctx) => agent.setSessionMode(ctx.params)`
 * with `const agent = new Modes()` makes `Modes#setSessionMode` a handler of session/set_mode, and so on down a chain.
 * `taken` holds every function already known as a handler; the delegates found are added to it.
 */
export function sameFileDelegates(handlers: readonly Handler[], ctx: HandlerContext, taken: Set<TSESTree.Node>): Handler[] {
  const out: Handler[] = [];
  const queue = [...handlers];
  for (let i = 0; i < queue.length; i++) {
    const handler = queue[i]!;
    const fn = handler.fn;
    if (!fn || handler.body !== fn) continue;
    const call = soleCall(fn);
    const arg = call?.arguments[0];
    if (!call || !arg || !isParams(arg, handler, fn)) continue;
    const target = calledFunction(call, ctx);
    if (!target || target.params.length === 0 || taken.has(target)) continue;
    taken.add(target);
    const delegate: Handler = { method: handler.method, style: "delegate", body: target, fn: target, methodNode: declaredName(target)?.node ?? target };
    out.push(delegate);
    queue.push(delegate);
  }
  return out;
}

/**
 * The classes of this file whose methods registered handlers hand their work to (`(ctx) => agent.forkSession(ctx.params)`
 * for an instance of `HoomanAcpAgent`): an app's delegate, whatever members it has, is no legacy Agent of its own.
 */
export function appDelegateClasses(registered: readonly Handler[], ctx: HandlerContext): ReadonlySet<TSESTree.Node> {
  const out = new Set<TSESTree.Node>();
  for (const handler of registered) {
    const call = handler.style === "sdk" && handler.fn && handler.body === handler.fn ? soleCall(handler.fn) : undefined;
    const target = call && calledFunction(call, ctx);
    const member = target?.parent;
    if (member?.type === AST_NODE_TYPES.MethodDefinition && member.parent.type === AST_NODE_TYPES.ClassBody) out.add(member.parent.parent);
  }
  return out;
}
