import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { Handler } from "../handlers/types.js";
import type { FileModel } from "../model.js";
import { type FunctionNode, isFunction, contains } from "../syntax/ast.js";
import { perModel } from "../syntax/per-model.js";
import { isCatchingTry } from "../syntax/try-catch.js";
import { fixedAnswer } from "./catch-answers.js";
import { carriedCodes, type CodedContext } from "./coded-values.js";
import { localErrorClasses } from "./local-classes.js";
import { calledFunctions, type ReachContext, reachedThrows } from "./reached-throws.js";
import { foreignEntry, type ReachedThrow, thrownValue } from "../summaries/throws.js";

/** A code a handler throws that a catch-all answers with its own fixed code instead. */
export interface LostHandlerCode {
  readonly code: number;
  /** The thrown expression, or this file's call into the module that throws it. */
  readonly node: TSESTree.Node;
  readonly method: string;
}

/** A hand-rolled dispatcher's catch that answers every error with one code, around handlers that throw others. */
export interface CatchAllLoss {
  /** The fixed code's expression in the catch's answer. */
  readonly node: TSESTree.Node;
  readonly fixed: number;
  /** The catch parameter, when it is a plain name. */
  readonly param?: TSESTree.Identifier;
  /** The first handler code (in source order) that the catch loses. */
  readonly lost: LostHandlerCode;
}

/** How many callers up a dispatch is followed to the `try` around it. */
const MAX_CALLERS = 3;

const within = (node: TSESTree.Node, outer: TSESTree.Node) => contains(outer, node);

/** The calls of each same-file function, handler maps called by key included. */
function callersOf(model: FileModel, ctx: ReachContext): Map<FunctionNode, TSESTree.CallExpression[]> {
  const callers = new Map<FunctionNode, TSESTree.CallExpression[]>();
  for (const call of model.nodes.calls) {
    for (const fn of calledFunctions(call, ctx, true)) callers.set(fn, [...(callers.get(fn) ?? []), call]);
  }
  return callers;
}

type CallsOf = (fn: FunctionNode) => readonly TSESTree.CallExpression[];

/** The calls of each same-file function, found on first use (not before), once per model. */
const callsOfFunctions = perModel((model: FileModel, ctx: ReachContext): CallsOf => {
  let callers: Map<FunctionNode, TSESTree.CallExpression[]> | undefined;
  return (fn) => (callers ??= callersOf(model, ctx)).get(fn) ?? [];
});

/** The `try` statements with a `catch` that run the dispatch handlers: around an inline dispatch, or around a call into it. */
function dispatchTries(handlers: readonly Handler[], callsOf: CallsOf, from: readonly TSESTree.Node[] = []): TSESTree.TryStatement[] {
  const tries = new Set<TSESTree.TryStatement>();
  const seen = new Set<TSESTree.Node>();
  const climb = (entry: TSESTree.Node, depth: number): void => {
    if (seen.has(entry)) return;
    seen.add(entry);
    let found = false;
    let child: TSESTree.Node = entry;
    for (let p = entry.parent; p; child = p, p = p.parent) {
      if (isCatchingTry(p, child)) {
        tries.add(p);
        found = true;
      }
      if (isFunction(p)) {
        if (!found && depth < MAX_CALLERS) for (const call of callsOf(p)) climb(call, depth + 1);
        return;
      }
    }
  };
  for (const h of handlers) {
    if (h.body !== h.fn) climb(h.body, 0);
    else if (h.fn) for (const call of callsOf(h.fn)) climb(call, 1);
  }
  for (const node of from) climb(node, 0);
  return [...tries];
}

/** The dispatch handler a reached throw comes from: the one whose body holds it or a function on its way. */
function handlerOf(reached: ReachedThrow, handlers: readonly Handler[]): Handler | undefined {
  // Innermost first: the throw, then each function entered (a handler map's function is a handler's body) and its call.
  const nodes: TSESTree.Node[] = [reached.node, ...[...reached.path].reverse().flatMap((e) => [e.fn, e.call])];
  for (const node of nodes) {
    const h = handlers.find((x) => within(node, x.body));
    if (h) return h;
  }
  return undefined;
}

/** The catch-alls of the file's hand-rolled dispatchers that lose the codes their handlers throw. */
export const catchAllLosses = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly CatchAllLoss[] => {
  // No throw here or in a module of the project, or no `catch` anywhere in the text: no catch-all to lose a code.
  const candidate = (model.nodes.throws.length > 0 || model.readsModules) && sourceCode.text.includes("catch");
  const handlers = candidate ? model.handlers.handlers.filter((h) => h.style === "dispatch") : [];
  return handlers.length > 0 ? collect(model, sourceCode, handlers) : [];
});

function collect(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>, handlers: readonly Handler[]): CatchAllLoss[] {
  const reach: ReachContext = { sourceCode, values: model.values };
  const out: CatchAllLoss[] = [];
  let ctx: CodedContext | undefined;
  for (const attempt of dispatchTries(handlers, callsOfFunctions(model, reach))) {
    const answer = fixedAnswer(attempt.handler!, model.errorSites, reach);
    if (!answer) continue;
    ctx ??= codedContext(model, sourceCode);
    const lost = firstLost(reachedThrows(attempt.block, reach, true), handlers, answer.code, ctx);
    if (lost) out.push({ node: answer.node, fixed: answer.code, ...(answer.param ? { param: answer.param } : {}), lost });
  }
  return out.sort((a, b) => a.node.range[0] - b.node.range[0]);
}

function codedContext(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): CodedContext {
  return {
    sourceCode,
    values: model.values,
    classes: localErrorClasses(sourceCode, model.nodes.classes, model.settings.errorClasses),
    errorClasses: model.errorClasses,
    answers: model.answers,
  };
}

function firstLost(reached: readonly ReachedThrow[], handlers: readonly Handler[], fixed: number, ctx: CodedContext): LostHandlerCode | undefined {
  const resolver = ctx.values.resolver;
  // Where each throw shows in this file: itself, or the call into the module that throws it.
  const placed = reached.map((r) => ({ r, at: foreignEntry(r, (node) => resolver.isLinted(node)) ?? r.node }));
  for (const { r, at } of placed.sort((a, b) => a.at.range[0] - b.at.range[0])) {
    const handler = handlerOf(r, handlers);
    const thrown = thrownValue(r.node);
    const code = handler && thrown && carriedCodes(thrown, r.path, ctx)?.find((c) => c !== fixed);
    if (handler && code !== undefined) return { code, node: at === r.node ? thrown! : at, method: handler.method.wire };
  }
  return undefined;
}

/**
 * The code the catch-alls around `node` in hand-rolled dispatch answer every error with: what a plain `Error` thrown
 * there goes out as (a dispatcher's `default: throw new Error(…)`); undefined when none does, or they differ.
 */
export function catchAllCodeAt(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): number | undefined {
  return oneCatchAllCode(model, sourceCode, [], [node]);
}

/** The one code the catches around the handlers (or nodes) answer with; undefined when none does, or they differ. */
function oneCatchAllCode(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>, handlers: readonly Handler[], from: readonly TSESTree.Node[] = []): number | undefined {
  const reach: ReachContext = { sourceCode, values: model.values };
  const codes = new Set<number | undefined>();
  for (const attempt of dispatchTries(handlers, callsOfFunctions(model, reach), from)) codes.add(fixedAnswer(attempt.handler!, model.errorSites, reach)?.code);
  return codes.size === 1 ? [...codes][0] : undefined;
}

/** Each dispatch handler's catch-all code, once worked out (null: none). */
const catchCodesOf = perModel<FileModel, Map<Handler, number | null>, []>(() => new Map());

/**
 * The code a hand-rolled dispatcher's catch-all answers every error thrown by `handler` with (`catch (e) { post({
 * jsonrpc, id, error: { code: -32603, message } }) }`): what a thrown plain `Error` of the handler goes out as.
 * Undefined for a handler of another style, or when no such catch runs it, or the catches that do answer with
 * different codes or look at the error (`if (e instanceof RpcError)`).
 */
export function catchAllCode(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>, handler: Handler): number | undefined {
  if (handler.style !== "dispatch") return undefined;
  const byHandler = catchCodesOf(model);
  let found = byHandler.get(handler);
  if (found === undefined) byHandler.set(handler, (found = oneCatchAllCode(model, sourceCode, [handler]) ?? null));
  return found ?? undefined;
}
