import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { isEnvelope, isSender, sentValue } from "../errors/responses.js";
import type { Handler } from "../handlers/types.js";
import { calleeName, findProperty, type FunctionNode, memberName, unwrap } from "../syntax/ast.js";
import { returnedExpressions } from "../syntax/functions.js";
import type { ValueResolver } from "../resolution/values.js";
import { ownStatements } from "./handler-nodes.js";
import { variableOf } from "../syntax/variables.js";
import { resolverOf } from "../resolution/resolver.js";
import { argumentAt, parameterVariable } from "../resolution/bindings.js";

/** Helper parameters bound to what a call passes them: `finish("end_turn")` binds `reason` to `"end_turn"`. */
export type Bindings = ReadonlyMap<TSESLint.Scope.Variable, TSESTree.Node>;

/** A result a `session/prompt` handler answers with: an object with a `stopReason`. */
export interface PromptResult {
  readonly handler: Handler;
  readonly object: TSESTree.ObjectExpression;
  /** The `stopReason` value as written in the object. */
  readonly value: TSESTree.Node;
  /** Where the result leaves the handler's own code: the returned expression, or the call that sends it. */
  readonly exit: TSESTree.Node;
  readonly bindings: Bindings;
}

/** What one way out of a handler answers: its results, or `undefined` when that cannot be told. */
export interface HandlerExit {
  readonly node: TSESTree.Node;
  readonly results: readonly PromptResult[] | undefined;
}

export interface ResultContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
}

const MAX_DEPTH = 4;

/** An object's `stopReason`, when no spread after it may overwrite it. */
function stopReasonOf(object: TSESTree.ObjectExpression): TSESTree.Property | undefined {
  const prop = findProperty(object, "stopReason");
  if (!prop) return undefined;
  const index = object.properties.indexOf(prop);
  return object.properties.slice(index + 1).some((p) => p.type === AST_NODE_TYPES.SpreadElement) ? undefined : prop;
}

/** A helper's parameters, each bound to what the call gives it (itself resolved through the caller's bindings). */
function bind(fn: FunctionNode, call: TSESTree.CallExpression, ctx: ResultContext, outer: Bindings): Bindings {
  const bindings = new Map(outer);
  const resolver = resolverOf(ctx.sourceCode);
  fn.params.forEach((_, index) => {
    const arg = argumentAt(call, index);
    const variable = arg && parameterVariable(resolver, fn, index);
    if (variable) bindings.set(variable, resolveBound(arg, ctx, outer));
  });
  return bindings;
}

/** The node a helper's parameter stands for at the call that bound it. */
export function resolveBound(node: TSESTree.Node, ctx: ResultContext, bindings: Bindings): TSESTree.Node {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.Identifier || bindings.size === 0) return node;
  const variable = variableOf(ctx.sourceCode, inner);
  return (variable && bindings.get(variable)) ?? node;
}

interface Found {
  readonly object: TSESTree.ObjectExpression;
  readonly bindings: Bindings;
}

/**
 * The result objects an expression answers with: `{ stopReason }` itself, the `result` of a `{ jsonrpc, id, result }`
 * envelope, both branches of `?:`, a `const` bound to one, and what a same-file helper returns
 * (`answer(id, { stopReason })`, `this.finish("end_turn")`). `undefined` when something cannot be told.
 */
function resultObjects(node: TSESTree.Node, ctx: ResultContext, bindings: Bindings, depth: number): Found[] | undefined {
  if (depth > MAX_DEPTH) return undefined;
  let inner = unwrap(resolveBound(node, ctx, bindings));
  if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = unwrap(inner.argument);
  switch (inner.type) {
    case AST_NODE_TYPES.ConditionalExpression: {
      const a = resultObjects(inner.consequent, ctx, bindings, depth + 1);
      const b = a && resultObjects(inner.alternate, ctx, bindings, depth + 1);
      return a && b ? [...a, ...b] : undefined;
    }
    case AST_NODE_TYPES.ObjectExpression: {
      if (stopReasonOf(inner)) return [{ object: inner, bindings }];
      const result = isEnvelope(inner) ? findProperty(inner, "result") : undefined;
      return result ? resultObjects(result.value, ctx, bindings, depth + 1) : undefined;
    }
    case AST_NODE_TYPES.Identifier: {
      const init = ctx.values.constInit(inner);
      return init ? resultObjects(init, ctx, bindings, depth + 1) : undefined;
    }
    case AST_NODE_TYPES.CallExpression: {
      const callee = unwrap(inner.callee);
      // `Promise.resolve(result)`
      if (callee.type === AST_NODE_TYPES.MemberExpression && calleeName(callee.object) === "Promise" && memberName(callee) === "resolve") {
        return inner.arguments[0] ? resultObjects(inner.arguments[0], ctx, bindings, depth + 1) : undefined;
      }
      const fn = resolverOf(ctx.sourceCode).localCalleeOf(inner);
      if (!fn) return undefined;
      const inside = bind(fn, inner, ctx, bindings);
      const returned = returnedExpressions(fn, ctx.sourceCode.visitorKeys);
      const found: Found[] = [];
      for (const expression of returned) {
        const objects = resultObjects(expression, ctx, inside, depth + 1);
        if (!objects) return undefined;
        found.push(...objects);
      }
      return returned.length > 0 ? found : undefined;
    }
    default:
      return undefined;
  }
}

/** `send({ jsonrpc, id, result })`, `this.respond(id, { stopReason })`: the results a call statement sends. */
function sentResults(call: TSESTree.CallExpression, ctx: ResultContext): Found[] | undefined {
  if (!isSender(call)) return undefined;
  for (const arg of call.arguments) {
    const value = sentValue(arg, ctx.values);
    if (value.type !== AST_NODE_TYPES.ObjectExpression) continue;
    if (stopReasonOf(value)) return [{ object: value, bindings: new Map() }];
    const result = isEnvelope(value) ? findProperty(value, "result") : undefined;
    if (result) return resultObjects(result.value, ctx, new Map(), 1);
  }
  // A same-file helper that builds and sends the envelope: `reply(id, { stopReason })`.
  const fn = resolverOf(ctx.sourceCode).localCalleeOf(call);
  if (!fn) return undefined;
  for (const [index, param] of fn.params.entries()) {
    const arg = call.arguments[index];
    if (param.type !== AST_NODE_TYPES.Identifier || !arg || !/^result$/i.test(param.name)) continue;
    return resultObjects(arg, ctx, new Map(), 1);
  }
  return undefined;
}

/** The expression statements of a dispatch branch that send: `send(...)`, `await this.reply(...)`. */
function sentCall(statement: TSESTree.ExpressionStatement): TSESTree.CallExpression | undefined {
  let expression = unwrap(statement.expression);
  if (expression.type === AST_NODE_TYPES.AwaitExpression) expression = unwrap(expression.argument);
  return expression.type === AST_NODE_TYPES.CallExpression ? expression : undefined;
}

const toResults = (handler: Handler, exit: TSESTree.Node, found: readonly Found[]): PromptResult[] =>
  found.map(({ object, bindings }) => ({ handler, object, value: stopReasonOf(object)!.value, exit, bindings }));

/**
 * The ways out of a prompt handler's own code and what each answers: its returns (an arrow's expression body
 * too), and in hand-rolled dispatch the calls that send a result.
 */
export function handlerExits(handler: Handler, ctx: ResultContext): HandlerExit[] {
  const exits: HandlerExit[] = [];
  const fn = handler.fn;
  if (fn && handler.body === fn && fn.body.type !== AST_NODE_TYPES.BlockStatement) {
    const found = resultObjects(fn.body, ctx, new Map(), 0);
    return [{ node: fn.body, results: found && toResults(handler, fn.body, found) }];
  }
  for (const node of ownStatements(handler)) {
    if (node.type === AST_NODE_TYPES.ReturnStatement) {
      if (!node.argument) continue;
      const found = resultObjects(node.argument, ctx, new Map(), 0);
      exits.push({ node: node.argument, results: found && toResults(handler, node.argument, found) });
    } else if (handler.style === "dispatch" && node.type === AST_NODE_TYPES.ExpressionStatement) {
      const call = sentCall(node);
      const found = call && sentResults(call, ctx);
      if (call && found) exits.push({ node: call, results: toResults(handler, call, found) });
    }
  }
  return exits;
}
