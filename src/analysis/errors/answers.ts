import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { enclosingFunction, findProperty, unwrap } from "../syntax/ast.js";
import { type ErrorClasses, isBuiltinError } from "./error-classes.js";
import type { ErrorSite } from "./error-sites.js";
import { siteAtCall } from "./helper-sites.js";
import { isEnvelope, isSender, outletsOf, sentValue } from "./responses.js";
import { variableOf } from "../syntax/variables.js";
import { isResponseValue, sendsResponse } from "./sent-responses.js";
import { returnedExpressions } from "../syntax/functions.js";
import type { ValueResolver } from "../resolution/values.js";
import { resolverOf } from "../resolution/resolver.js";
import { argumentAt, parameterOf } from "../resolution/bindings.js";
import type { FunctionNode } from "../syntax/ast.js";

/**
 * What a `throw` or `return` answers a request with:
 * - `site`: an error response built here (or by a same-file function it calls), whose code the site gives;
 * - `held`: an instance of a local error class that holds its code (`class Gone extends RequestError`);
 * - `internal`: a plain `Error` or any other value the SDK turns into -32603 Internal error.
 */
export type Answer =
  | { readonly kind: "site"; readonly site: ErrorSite; readonly node: TSESTree.Node }
  | { readonly kind: "held"; readonly code: TSESTree.Node; readonly node: TSESTree.Node }
  | { readonly kind: "internal"; readonly node: TSESTree.Node };

export interface AnswerContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
  readonly sitesByNode: ReadonlyMap<TSESTree.Node, ErrorSite>;
  readonly errorClasses: ErrorClasses;
}

/** A call being followed into its callee: a parameter of `fn` read there is the call's argument. */
interface Binding {
  readonly fn: FunctionNode;
  readonly call: TSESTree.CallExpression;
}

/**
 * The error site an expression is or holds: the site itself, a `const` bound to one, a site inside a response
 * object, the argument a helper's parameter is given (`reject(msg.id, { code, message })` returning `{ jsonrpc, id,
 * error }`).
 */
function siteOf(node: TSESTree.Node, ctx: AnswerContext, depth: number, bound?: Binding): ErrorSite | undefined {
  let inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Identifier && bound) {
    const param = parameterOf(resolverOf(ctx.sourceCode), inner);
    const arg = param?.fn === bound.fn ? argumentAt(bound.call, param.index) : undefined;
    if (arg) return depth > 5 ? undefined : siteOf(arg, ctx, depth + 1);
  }
  if (inner.type === AST_NODE_TYPES.Identifier) inner = unwrap(ctx.values.constInit(inner) ?? inner);
  const direct = ctx.sitesByNode.get(inner);
  if (direct) return direct;
  // Helpers of helpers, responses of variables: a few steps, and no cycle through `const a = { error: a }`.
  if (depth > 5) return undefined;
  if (inner.type === AST_NODE_TYPES.ObjectExpression) {
    // `return { error: { code, message } }` in hand-rolled dispatch; `{ jsonrpc, id, error }` of a variable or helper.
    const error = findProperty(inner, "error");
    return error ? siteOf(error.value, ctx, depth + 1, bound) : undefined;
  }
  if (inner.type !== AST_NODE_TYPES.CallExpression) return undefined;
  // `throw notFound(id)`: a same-file function that builds the error.
  const fn = resolverOf(ctx.sourceCode).localCalleeOf(inner);
  if (fn) {
    const returned = returnedExpressions(fn, ctx.sourceCode.visitorKeys);
    const sites = returned.map((r) => siteOf(r, ctx, depth + 1, { fn, call: inner }));
    return sites.length > 0 && sites.every((s) => s !== undefined && s === sites[0]) ? sites[0] : undefined;
  }
  return sentSite(inner, ctx, depth);
}

/**
 * `send({ jsonrpc, id, error })`, `ws.send(JSON.stringify(response))`, `this.write(refuse(id, -32002, "x"))`: the
 * error of the response a call sends.
 */
export function sentSite(call: TSESTree.CallExpression, ctx: AnswerContext, depth = 0): ErrorSite | undefined {
  if (!isSender(call)) return undefined;
  for (const [index, arg] of call.arguments.entries()) {
    const value = sentValue(arg, ctx.values);
    const built = ctx.sitesByNode.get(value);
    if (built && isResponseValue(built, ctx)) return built;
    if (built?.kind === "object" && sendsAsError(call, index, ctx)) return built;
    const error = isEnvelope(value) ? findProperty(value, "error") : undefined;
    const site = error && siteOf(error.value, ctx, depth + 1);
    if (site) return site;
  }
  return undefined;
}

/**
 * Whether the same-file function a call runs sends what its parameter `index` is given as the `error` of a response
 * (`sendErrorResponse(id, error) { this.write({ jsonrpc: "2.0", id, error }); }`): the error object a call hands it
 * (`this.sendErrorResponse(id, { code: -32603, message })`) is what goes out.
 */
function sendsAsError(call: TSESTree.CallExpression, index: number, ctx: AnswerContext): boolean {
  const fn = resolverOf(ctx.sourceCode).localCalleeOf(call);
  const param = fn?.params[index];
  if (param?.type !== AST_NODE_TYPES.Identifier || call.arguments.slice(0, index).some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return false;
  const reads = (variableOf(ctx.sourceCode, param)?.references ?? []).filter((ref) => ref.isRead());
  return reads.some((ref) => outletsOf(ref.identifier, ctx).some((outlet) => outlet.how === "sent" && outlet.enveloped));
}

/** What a thrown (or, in hand-rolled dispatch, returned) expression answers with; `undefined` when unknown. */
export function answerOf(expression: TSESTree.Node, ctx: AnswerContext): Answer | undefined {
  const site = siteOf(expression, ctx, 0);
  // An error a same-file helper builds (`throw invalid("unknown session")`) is this branch's answer, reported at the
  // branch's call: the helper may build the errors of other branches too, which are no such mistake.
  if (site) return { kind: "site", site, node: enclosingFunction(site.node) === enclosingFunction(expression) ? site.node : expression };
  const inner = unwrap(expression);
  if (inner.type === AST_NODE_TYPES.NewExpression || inner.type === AST_NODE_TYPES.CallExpression) {
    const cls = ctx.errorClasses.ofCallee(inner.callee);
    if (cls?.heldCode && cls.codeIndex === undefined) return { kind: "held", code: cls.heldCode, node: inner };
    if (inner.callee.type === AST_NODE_TYPES.Identifier && isBuiltinError(ctx.sourceCode, inner.callee)) {
      return { kind: "internal", node: inner };
    }
    return undefined;
  }
  if ((inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "string") || inner.type === AST_NODE_TYPES.TemplateLiteral) {
    return { kind: "internal", node: inner };
  }
  return undefined;
}

/**
 * answerOf for an expression of another module judged for the linted file (`ctx` that module's), and, where that
 * module imports the linted file back, a call of a helper of the linted file whose parameter becomes one of its
 * sites' code (`throw coded(-32004, "x")`): that site, at the call. Asked for the linted file only: the answer depends
 * on which file is linted, so no kept model holds it.
 */
export function answerAcross(expression: TSESTree.Node, ctx: AnswerContext, linted: AnswerContext): Answer | undefined {
  const found = answerOf(expression, ctx);
  if (found) return found;
  const call = unwrap(expression);
  if (call.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const resolver = resolverOf(linted.sourceCode);
  for (const site of linted.sitesByNode.values()) {
    const atCall = siteAtCall(resolver, site, call);
    if (atCall) return { kind: "site", site: atCall, node: call };
  }
  return undefined;
}

/** Whether the SDK sends a thrown answer with its own code: only a RequestError (or subclass) keeps it. */
export function keepsCodeThroughSdk(answer: Answer, errorClasses: ErrorClasses): boolean {
  const site = answer.kind === "site" ? (answer.site.kind === "helper-call" ? answer.site.inner : answer.site) : undefined;
  if (site) return site.kind === "factory" || (site.kind === "construct" && site.errorClass?.rpc === true);
  if (answer.kind === "held" && answer.node.type === AST_NODE_TYPES.NewExpression) {
    return errorClasses.ofCallee(answer.node.callee)?.rpc === true;
  }
  return false;
}

/** What a same-file function throws unconditionally: a `throw` among its own top-level statements. */
export function helperThrow(call: TSESTree.CallExpression, ctx: AnswerContext): TSESTree.Node | undefined {
  // In a module's model, also a helper of the file being linted that the module imports back (Resolver.nearCalleeOf).
  const fn = resolverOf(ctx.sourceCode).nearCalleeOf(call);
  if (!fn || fn.body.type !== AST_NODE_TYPES.BlockStatement) return undefined;
  const thrown = fn.body.body.find((s): s is TSESTree.ThrowStatement => s.type === AST_NODE_TYPES.ThrowStatement);
  return thrown?.argument;
}

/**
 * The answer an expression statement sends, for dispatch that answers by sending rather than returning:
 * `this.sendError(id, -32602, "x");`, `transport.error(msg.id, -32002, "x");`, `send({ jsonrpc, id, error });`,
 * `await reply(refuse(id, -32002, "x"));`. `undefined` when the statement sends no error response that can be told.
 */
export function sentAnswer(statement: TSESTree.Node, ctx: AnswerContext, depth = 0): Answer | undefined {
  if (statement.type !== AST_NODE_TYPES.ExpressionStatement) return undefined;
  let call = unwrap(statement.expression);
  while (call.type === AST_NODE_TYPES.AwaitExpression || (call.type === AST_NODE_TYPES.UnaryExpression && call.operator === "void")) {
    call = unwrap(call.argument);
  }
  if (call.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const own = ctx.sitesByNode.get(call);
  // A helper that only builds and returns its response sends nothing when its value is dropped.
  const site = own ? (sendsResponse(own, ctx) ? own : undefined) : sentSite(call, ctx);
  if (site) return { kind: "site", site, node: site.node };
  const sent = own ? undefined : sentByCallee(call, ctx, depth);
  return sent && { kind: "site", site: sent, node: call };
}

/**
 * `this.respondError(id, "no handler")` where the same-file function sends an error response whose code is its own
 * (`ws.send(JSON.stringify({ jsonrpc, id, error: { code: -32603, message } }))`): every call sends that code.
 */
function sentByCallee(call: TSESTree.CallExpression, ctx: AnswerContext, depth: number): ErrorSite | undefined {
  const resolver = resolverOf(ctx.sourceCode);
  const fn = depth < 3 ? resolver.localCalleeOf(call) : undefined;
  if (!fn || fn.body.type !== AST_NODE_TYPES.BlockStatement) return undefined;
  for (const statement of fn.body.body) {
    const answer = sentAnswer(statement, ctx, depth + 1);
    if (answer?.kind !== "site") continue;
    // A code the caller gives is judged at the caller's call (a helper site), not here.
    return parameterOf(resolver, answer.site.code)?.fn === fn ? undefined : answer.site;
  }
  return undefined;
}
