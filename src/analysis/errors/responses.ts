import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { calleeName, enclosingFunction, findProperty, type FunctionNode, memberName, outermostWrapper, staticKeyName, unwrap, walk } from "../syntax/ast.js";
import { resolverOf } from "../resolution/resolver.js";
import type { ValueResolver } from "../resolution/values.js";
import { variableOf } from "../syntax/variables.js";

/** How far values are followed through variables, serialisation and wrappers. */
const MAX_DEPTH = 4;

/** What following a value needs: scopes for a variable's uses, and which variables are written once. */
export interface FlowContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
}

/** `{ jsonrpc, id, ... }`: an object that is certainly a JSON-RPC message. */
export function isEnvelope(node: TSESTree.Node | undefined): node is TSESTree.ObjectExpression {
  return (
    node?.type === AST_NODE_TYPES.ObjectExpression &&
    (findProperty(node, "jsonrpc") !== undefined || findProperty(node, "id") !== undefined)
  );
}

/** `{ jsonrpc, id, result }` with no `error`: a success response. */
export function isResultResponse(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  return isEnvelope(inner) && findProperty(inner, "result") !== undefined && findProperty(inner, "error") === undefined;
}

/**
 * Whether a call sends a success response: a sender handed one (`send({ jsonrpc, id, result: null })`, serialised or
 * held in a `const`), or a function of the linted file each send of whose own body is one
 * (`this.sendResponse(msg.id, {})` of `sendResponse(id, result) { write({ jsonrpc: "2.0", id, result }) }`).
 */
export function sendsResult(call: TSESTree.CallExpression, ctx: FlowContext): boolean {
  if (isSender(call) && call.arguments.some((a) => a.type !== AST_NODE_TYPES.SpreadElement && isResultResponse(sentValue(a, ctx.values)))) return true;
  return callsResultSender(call, ctx);
}

/** Whether a call runs a function of the linted file each send of whose own body is a success envelope (sendsResult). */
export function callsResultSender(call: TSESTree.CallExpression, ctx: FlowContext): boolean {
  const resolver = resolverOf(ctx.sourceCode);
  const fn = resolver.calleeOf(call);
  return fn !== undefined && resolver.isLinted(fn) && sendsOnlyResults(fn, ctx);
}

function sendsOnlyResults(fn: FunctionNode, ctx: FlowContext): boolean {
  let results = 0;
  let others = 0;
  walk(fn.body, ctx.sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.CallExpression || !isSender(node) || enclosingFunction(node) !== fn) return;
    if (node.arguments.some((a) => a.type !== AST_NODE_TYPES.SpreadElement && isResultResponse(sentValue(a, ctx.values)))) results++;
    else others++;
  });
  return results > 0 && others === 0;
}

/** `console`, `log`, `logger`, `auditLog`, `this.logger`: what a call on it writes is a log line, not a response. */
export function isLoggerName(name: string | undefined): boolean {
  return name !== undefined && /^console$|log$|logger$/i.test(name);
}

/**
 * The expression a value is part of, past the wrappers that leave it unchanged (VALUE_WRAPPERS) and the choices it
 * may be the value of: a branch of a conditional (`error: data ? { code, message, data } : { code, message }`), either
 * side of `??` or `||`, the right side of `&&`.
 */
export function valuePlace(node: TSESTree.Node): { readonly child: TSESTree.Node; readonly parent: TSESTree.Node | undefined } {
  let child = outermostWrapper(node);
  for (let parent = child.parent; parent && isChoiceOf(child, parent); parent = child.parent) child = outermostWrapper(parent);
  return { child, parent: child.parent };
}

/** Whether `parent`'s value may be `child`'s. */
function isChoiceOf(child: TSESTree.Node, parent: TSESTree.Node): boolean {
  if (parent.type === AST_NODE_TYPES.ConditionalExpression) return parent.test !== child;
  if (parent.type !== AST_NODE_TYPES.LogicalExpression) return false;
  return parent.right === child || parent.operator !== "&&";
}

/** The object a value is the `error` of (`{ error: value }`, `{ error }`), when it is one. */
export function errorPropertyOwner(child: TSESTree.Node, parent: TSESTree.Node | undefined): TSESTree.ObjectExpression | undefined {
  if (parent?.type !== AST_NODE_TYPES.Property || parent.value !== child || parent.kind !== "init") return undefined;
  if (staticKeyName(parent.key, parent.computed) !== "error") return undefined;
  return parent.parent.type === AST_NODE_TYPES.ObjectExpression ? parent.parent : undefined;
}

/** `{ jsonrpc, id, error: node }`: the value is the error of a JSON-RPC response. */
export function isResponseError(node: TSESTree.Node): boolean {
  const { child, parent } = valuePlace(node);
  return isEnvelope(errorPropertyOwner(child, parent));
}

/** The read references of the variable a declarator binds, when the declaration is its only write. */
export function heldReads(declarator: TSESTree.VariableDeclarator, ctx: FlowContext): TSESTree.Identifier[] {
  if (declarator.id.type !== AST_NODE_TYPES.Identifier || !declarator.init) return [];
  if (ctx.values.constInit(declarator.id) !== declarator.init) return [];
  const variable = variableOf(ctx.sourceCode, declarator.id);
  return (variable?.references ?? []).filter((r) => r.isRead() && !r.isWrite()).map((r) => r.identifier as TSESTree.Identifier);
}

/** Where a value leaves its function: thrown, returned, or passed to a call; `enveloped` once it is (in) a response. */
export interface Outlet {
  readonly how: "thrown" | "returned" | "sent";
  readonly enveloped: boolean;
  readonly node: TSESTree.Node;
}

/** `JSON.stringify(x)`: what is sent is still x. */
function isStringify(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && calleeName(callee.object) === "JSON" && memberName(callee) === "stringify";
}

/** The name of the object a method is called on (`logger` in `this.logger.error()`), or of the called function. */
function receiverName(callee: TSESTree.Node): string | undefined {
  const inner = unwrap(callee);
  return inner.type === AST_NODE_TYPES.MemberExpression ? calleeName(inner.object) : undefined;
}

/** A call that may send what it is given: not a logger's. */
export function isSender(call: TSESTree.CallExpression): boolean {
  return !isLoggerName(receiverName(call.callee)) && !isLoggerName(calleeName(call.callee));
}

/** `JSON.stringify(x) + "\n"`, `` `${JSON.stringify(x)}\n` ``: the framed line a serialised message is written as. */
function framedText(stringify: TSESTree.CallExpression): TSESTree.Node {
  const parent = stringify.parent;
  if (parent?.type === AST_NODE_TYPES.BinaryExpression && parent.operator === "+") return parent;
  if (parent?.type === AST_NODE_TYPES.TemplateLiteral) return parent;
  return stringify;
}

/**
 * What a call argument sends: the expression itself, what a variable written once holds, or what is serialised
 * (`JSON.stringify(x)`, framed with a newline).
 */
export function sentValue(node: TSESTree.Node, values: ValueResolver, depth = 0): TSESTree.Node {
  const inner = unwrap(node);
  if (depth > MAX_DEPTH) return inner;
  switch (inner.type) {
    case AST_NODE_TYPES.Identifier: {
      const init = values.constInit(inner);
      return init ? sentValue(init, values, depth + 1) : inner;
    }
    case AST_NODE_TYPES.CallExpression: {
      const [arg] = inner.arguments;
      return isStringify(inner) && arg && arg.type !== AST_NODE_TYPES.SpreadElement ? sentValue(arg, values, depth + 1) : inner;
    }
    case AST_NODE_TYPES.BinaryExpression:
      return inner.operator === "+" ? sentValue(inner.left, values, depth + 1) : inner;
    case AST_NODE_TYPES.TemplateLiteral:
      return inner.expressions.length === 1 ? sentValue(inner.expressions[0]!, values, depth + 1) : inner;
    default:
      return inner;
  }
}

/**
 * The places a value built at `node` goes: through `as`, conditionals (valuePlace), `JSON.stringify`, the `error` of an object,
 * and variables written once, to a `throw`, a `return` (or arrow body), or a call it is passed to (not a logger's).
 */
export function outletsOf(node: TSESTree.Node, ctx: FlowContext, enveloped = false, depth = 0): Outlet[] {
  if (depth > MAX_DEPTH) return [];
  const { child, parent } = valuePlace(node);
  if (!parent) return [];
  switch (parent.type) {
    case AST_NODE_TYPES.ThrowStatement:
      return [{ how: "thrown", enveloped, node: parent }];
    case AST_NODE_TYPES.ReturnStatement:
      return [{ how: "returned", enveloped, node: parent }];
    case AST_NODE_TYPES.ArrowFunctionExpression:
      return parent.body === child ? [{ how: "returned", enveloped, node: parent }] : [];
    case AST_NODE_TYPES.AwaitExpression:
      return outletsOf(parent, ctx, enveloped, depth + 1);
    case AST_NODE_TYPES.Property: {
      const owner = errorPropertyOwner(child, parent);
      return owner ? outletsOf(owner, ctx, enveloped || isEnvelope(owner), depth + 1) : [];
    }
    case AST_NODE_TYPES.CallExpression: {
      if (!parent.arguments.includes(child as TSESTree.CallExpressionArgument)) return [];
      if (isStringify(parent)) return outletsOf(framedText(parent), ctx, enveloped, depth + 1);
      return isSender(parent) ? [{ how: "sent", enveloped, node: parent }] : [];
    }
    case AST_NODE_TYPES.VariableDeclarator:
      return parent.init === child ? heldReads(parent, ctx).flatMap((read) => outletsOf(read, ctx, enveloped, depth + 1)) : [];
    default:
      return [];
  }
}
