import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { AnswerContext } from "../errors/answers.js";
import type { Handler } from "../handlers/types.js";
import type { FileModel } from "../model.js";
import { contains, endsFunction, findProperty, type FunctionNode, isFunction, outermostWrapper, unwrap, walk } from "../syntax/ast.js";
import { returnedExpressions } from "../syntax/functions.js";
import { advertisesGated } from "../capabilities/capabilities.js";

import { isAnswerValue } from "./answering-calls.js";
import { answerAfter } from "./continued-calls.js";
import { RequestFields, type ResourceField } from "./fields.js";
import { keyedGuards, keyedLookups } from "./lookups.js";
import { trace, traceExpression, type Trace, type TraceContext } from "./paths.js";
import { ownNodes } from "./reads.js";
import { fileMisses } from "./file-misses.js";
import { sentByHelper } from "./answers.js";
import type { ResourceMiss, ResourceScope } from "./types.js";
import { resolverOf } from "../resolution/resolver.js";
import { type Summaries, summariesOf } from "../summaries/summaries.js";
import type { ValueResolver } from "../resolution/values.js";
import { fileOf } from "../resolution/source-files.js";
import { moduleNodes } from "../file-nodes.js";
import { perModel } from "../syntax/per-model.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The client's terminal methods, each naming its terminal by `terminalId`. */
const TERMINAL_METHODS = new Set(["terminal/output", "terminal/release", "terminal/wait_for_exit", "terminal/kill"]);

/** The field a handler's request names its resource by, for the methods whose missing resource has an answer. */
function fieldOf(handler: Handler, protocolVersion: number): ResourceField | undefined {
  const { method } = handler;
  if (method.kind !== "request") return undefined;
  if (method.side === "client" && method.wire === "fs/read_text_file") return "path";
  if (method.side === "client" && TERMINAL_METHODS.has(method.wire)) return "terminalId";
  // Version 2 moves cancelling a terminal to the agent, answering an unknown one with -32602.
  if (protocolVersion === 2 && method.side === "agent" && method.wire === "terminal/cancel") return "terminalId";
  return undefined;
}

/** Where the file's client handlers answer a missing file or an unknown terminal, and with what. */
export const resourceMisses = perModel(analyse);

function analyse(model: FileModel, sourceCode: SourceCode): readonly ResourceMiss[] {
  const targets: { handler: Handler; field: ResourceField; fn: FunctionNode }[] = [];
  for (const handler of model.handlers.handlers) {
    const field = fieldOf(handler, model.settings.protocolVersion);
    if (field && handler.fn) targets.push({ handler, field, fn: handler.fn });
  }
  if (targets.length === 0) return [];
  const answers: AnswerContext = model.answers;
  const search: Search = {
    sourceCode,
    declarators: model.nodes.declarators,
    values: model.values,
    scopes: [],
    byRoot: new Map(),
    handlerFns: new Set(targets.map((t) => t.fn)),
    judgedAtHome: (fn) => model.isHandlerAtHome(fn),
    ownNodes: new Map(),
    helperHandlers: new Map(),
    answerContext: answers,
  };
  for (const { handler, field, fn } of targets) {
    let scope = scopeAt(search, handler.body, field);
    if (!scope) {
      const fields = RequestFields.ofHandler(sourceCode, search.declarators, field, fn, handler);
      scope = { root: handler.body, fields, handlers: [], helper: false, dispatch: handler.style === "dispatch" };
      addScope(search, scope);
    }
    scope.handlers.push(handler);
    followHelpers(search, scope, 0);
  }

  const misses = new Map<TSESTree.Node, ResourceMiss>();
  const add = (miss: ResourceMiss) => {
    const known = misses.get(miss.answer.node);
    if (!known) misses.set(miss.answer.node, miss);
    else misses.set(miss.answer.node, { ...known, handlers: [...new Set([...known.handlers, ...miss.handlers])] });
  };
  for (const scope of search.scopes) {
    // A helper of another module answers through that module's model, and is reported at the calls that reach it.
    const entries = scope.entries;
    if (entries?.length === 0) continue;
    const scopeAnswers = entries ? moduleAnswers(model, scope.root) : answers;
    if (!scopeAnswers) continue;
    const at = entries ? { reportAt: entries } : {};
    const nodes = ownNodesOf(search, scope.root);
    const ctx: TraceContext = { answers: scopeAnswers, dispatch: scope.dispatch, sends: scope.dispatch || scope.sends === true, fsError: false };
    const lookups = keyedLookups(nodes, scope.fields);
    const checks: TSESTree.Node[] = [];
    for (const guard of keyedGuards(sourceCode, nodes, lookups)) {
      if (!guard.miss) continue;
      if (guard.leaves) {
        // A helper that returns nothing, whose miss runs off its end: the result the handler answers with after the
        // call answers the miss, as after a helper's `if (!terminal) return;`.
        const leaves = scope.helper && leavesRoot(guard.miss, scope.root, sourceCode) && isSilentHelper(scope.root, sourceCode);
        const kind = guard.lookup.check ? "check" : "lookup";
        if (leaves && scope.continuedBy?.length) {
          add({ field: scope.fields.field, kind, handlers: scope.handlers, answer: { kind: "success", node: guard.miss }, thrown: false, subject: guard.lookup.key, catchAll: false, reportAt: scope.continuedBy });
        } else if (!scope.helper && !scope.dispatch && (scope.fields.field !== "path" || guard.lookup.check) && guard.miss.type === AST_NODE_TYPES.IfStatement && leavesRoot(guard.miss, scope.root, sourceCode)) {
          // The handler's own last `if (terminal) { … }`: the miss runs off its end, which the SDK answers with a
          // success (`null`); reported at the test whose miss it is. A path missing from the client's own store may
          // still be read from disk (as below).
          add({ field: scope.fields.field, kind, handlers: scope.handlers, answer: { kind: "success", node: guard.miss.test }, thrown: false, subject: guard.lookup.key, catchAll: false, shared: true });
        }
        continue;
      }
      const found: Trace = isExpression(guard.miss) ? traceExpression(guard.miss, ctx) : trace([...statementsOf(guard.miss), ...(guard.then ? [guard.then] : [])], ctx);
      if (found.kind !== "ends") continue;
      if (guard.lookup.check) checks.push(guard.lookup.node);
      const { answer, thrown } = found.ending;
      // A path missing from the client's own store may still be read from disk: only errors count there.
      if (scope.fields.field === "path" && !guard.lookup.check && answer.kind === "success") continue;
      // What a helper returns answers only where the handler answers with the helper's value; a helper that returns
      // nothing hands the miss back to the handler, which may go on to answer with a result.
      const returned = scope.helper && !thrown && !sentByHelper(scope, answer);
      const silent = returned && isSilentReturn(answer.node, scope.root, sourceCode);
      if (returned && !(silent ? scope.continuedBy : scope.answeredBy)?.length) continue;
      // A helper of another module that throws through code of the linted file (`?? noTerminal(id)`, that function
      // here) is reported where that code is.
      const here = thrown && contains(sourceCode.ast, answer.node);
      const place = silent ? { reportAt: scope.continuedBy! } : returned && entries ? { reportAt: scope.answeredBy! } : here ? {} : at;
      const shared = guard.shared ? { shared: true } : {};
      add({ field: scope.fields.field, kind: guard.lookup.check ? "check" : "lookup", handlers: scope.handlers, answer, thrown, subject: guard.lookup.key, catchAll: false, ...shared, ...place });
    }
    if (scope.fields.field === "path") {
      // The request handed to a helper that may check the file (`ensureExists(params)`) may answer a missing one.
      const handed = nodes.filter((node) => !scope.fields.isField(node) && handsOn(search, scope, node, new Set([scope])));
      for (const miss of fileMisses(sourceCode, scope, nodes, checks, handed, ctx, model)) add({ ...miss, ...at });
    }
  }
  for (const { handler, field, fn } of targets) {
    const scope = search.byRoot.get(handler.body)?.get(field);
    const content = scope && field === "path" && !scope.dispatch ? emptyStub(fn, scope, search) : undefined;
    if (content && advertisesGated(model, sourceCode, handler.method.wire)) {
      add({ field, kind: "stub", handlers: [handler], answer: { kind: "success", node: content }, thrown: false, subject: undefined, catchAll: false });
    }
  }
  return [...misses.values()].sort((a, b) => a.answer.node.range[0] - b.answer.node.range[0]);
}

/**
 * `readTextFile() { return { content: "" }; }`: a handler that never reads the requested path and answers every path,
 * a missing file's included, with empty content. The `""` it answers with; undefined for any other handler.
 */
function emptyStub(fn: FunctionNode, scope: ResourceScope, search: Search): TSESTree.Node | undefined {
  const { fields } = scope;
  const sourceCode = search.sourceCode;
  let readsPath = false;
  // The request handed to a helper that reads the path (`ensureKnown(params)`, not `console.log(params)`) counts too.
  walk(fn.body, sourceCode.visitorKeys, (node) => {
    if (!readsPath && (fields.isField(node) || (fields.isRequest(node) && handsOn(search, scope, node, new Set([scope]))))) readsPath = true;
  });
  if (readsPath) return undefined;
  const returned = returnedExpressions(fn, sourceCode.visitorKeys);
  const contents = returned.map((value) => {
    const object = unwrap(value);
    const content = object.type === AST_NODE_TYPES.ObjectExpression ? findProperty(object, "content")?.value : undefined;
    const inner = content && unwrap(content);
    return inner?.type === AST_NODE_TYPES.Literal && inner.value === "" ? inner : undefined;
  });
  return contents.length > 0 && contents.every((c) => c !== undefined) ? contents[0] : undefined;
}

function isExpression(node: TSESTree.Node): boolean {
  return !node.type.endsWith("Statement") && !node.type.endsWith("Declaration");
}

function statementsOf(node: TSESTree.Node): readonly TSESTree.Node[] {
  return node.type === AST_NODE_TYPES.BlockStatement ? node.body : [node];
}

/** What the search for scopes shares, built once per file. */
interface Search {
  readonly sourceCode: SourceCode;
  /** The file's gathered declarators, to bind a scope's variables without walking it. */
  readonly declarators: readonly TSESTree.VariableDeclarator[];
  /** The scopes found so far, in the order found. */
  readonly scopes: ResourceScope[];
  /** The scopes by root and field. */
  readonly byRoot: Map<TSESTree.Node, Map<ResourceField, ResourceScope>>;
  /** The handlers' own functions: a helper is never one of them. */
  readonly handlerFns: ReadonlySet<TSESTree.Node>;
  /** Whether a function of another module is a handler of that module's own, judged when it is linted (FileModel.isHandlerAtHome). */
  readonly judgedAtHome: (fn: TSESTree.Node) => boolean;
  /** Listed once per root: following helpers and finding misses both read them. */
  readonly ownNodes: Map<TSESTree.Node, readonly TSESTree.Node[]>;
  /**
   * The handlers of each scope that is followed as a helper, to tell at once whether one is there (every handler may
   * call one helper); filled on first use from the scope's handlers, and added to with them.
   */
  readonly helperHandlers: Map<ResourceScope, Set<Handler>>;
  readonly values: ValueResolver;
  /** What a throw, return or sent response of the linted file answers. */
  readonly answerContext: AnswerContext;
}

function scopeAt(search: Search, root: TSESTree.Node, field: ResourceField): ResourceScope | undefined {
  return search.byRoot.get(root)?.get(field);
}

function addScope(search: Search, scope: ResourceScope): void {
  let byField = search.byRoot.get(scope.root);
  if (!byField) search.byRoot.set(scope.root, (byField = new Map()));
  byField.set(scope.fields.field, scope);
  search.scopes.push(scope);
}

/** What a throw or return answers in the module a helper of another module is in. */
function moduleAnswers(model: FileModel, root: TSESTree.Node): AnswerContext | undefined {
  const file = fileOf(root);
  return file ? model.moduleModel(file)?.answers : undefined;
}

/**
 * Whether a scope hands the requested path or terminal id to something that may check it before `call` (handsOn): a
 * call's argument, a computed key, the left of `in` (`manager.has(id)`, `terminals[id]`), or a helper handed the
 * request that does so. A test of the value itself (`if (!id)`, `id ? … : …`) tells a missing field, not an unknown
 * terminal.
 */
function readsFieldBefore(search: Search, scope: ResourceScope, call: TSESTree.Node): boolean {
  const seen = new Set<ResourceScope>([scope]);
  return ownNodesOf(search, scope.root).some((node) => node.range[1] <= call.range[0] && handsOn(search, scope, node, seen));
}

/**
 * Whether a read of a scope hands the field on where it may be looked up (mayCheck), or hands the request to a helper
 * of the scope's that does so itself (`validate(params)` testing `terminals.has(p.terminalId)`). A function it does not
 * resolve (a schema's `parse`) cannot know the client's terminals.
 */
function handsOn(search: Search, scope: ResourceScope, node: TSESTree.Node, seen: Set<ResourceScope>): boolean {
  if (scope.fields.isField(node)) return mayCheck(node, summariesOf(resolverOf(search.sourceCode)));
  if (!scope.fields.isRequest(node)) return false;
  const child = outermostWrapper(node);
  const call = child.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || !call.arguments.includes(child as TSESTree.CallExpressionArgument)) return false;
  const fn = resolverOf(search.sourceCode).calleeOf(call);
  const helper = fn && scopeAt(search, fn, scope.fields.field);
  if (!helper || seen.has(helper)) return false;
  seen.add(helper);
  return ownNodesOf(search, helper.root).some((inner) => handsOn(search, helper, inner, seen));
}

/** Whether a read of the field hands it on where it may be looked up (see readsFieldBefore). */
function mayCheck(node: TSESTree.Node, summaries: Summaries): boolean {
  const child = outermostWrapper(node);
  const parent = child.parent;
  if (!parent) return false;
  switch (parent.type) {
    case AST_NODE_TYPES.CallExpression:
      // Not a helper that only builds a value from it (`parse(params)`).
      return parent.arguments.includes(child as TSESTree.CallExpressionArgument) && !summaries.checksNothing(parent);
    case AST_NODE_TYPES.NewExpression:
      return parent.arguments.includes(child as TSESTree.CallExpressionArgument);
    case AST_NODE_TYPES.MemberExpression:
      return parent.computed && parent.property === child;
    case AST_NODE_TYPES.BinaryExpression:
      return parent.operator === "in" && parent.left === child;
    default:
      return false;
  }
}

function ownNodesOf(search: Search, root: TSESTree.Node): readonly TSESTree.Node[] {
  let nodes = search.ownNodes.get(root);
  if (!nodes) search.ownNodes.set(root, (nodes = ownNodes(search.sourceCode, root)));
  return nodes;
}

/**
 * Whether the value of `call` is the answer of the handlers a scope serves: a handler's scope answers with it, or a
 * helper's that gives it back where its own value is the answer (isAnswerValue).
 */
function answersWithCall(search: Search, scope: ResourceScope, call: TSESTree.CallExpression): boolean {
  if (scope.helper && !scope.answeredBy?.length) return false;
  return isAnswerValue(call, scope.root, scope.dispatch, { sourceCode: search.sourceCode, values: search.values });
}

/**
 * The handler's calls after which a result answers, should `call` (made as a statement) return nothing: `call` itself
 * when its scope, a handler's, answers with a result after it (answerAfter) or ends without answering; when its scope
 * is a same-file helper that ends or returns after it, the calls after which that helper's return is so answered.
 */
function continuedBy(search: Search, scope: ResourceScope, call: TSESTree.CallExpression): readonly TSESTree.CallExpression[] {
  if (scope.entries) return [];
  const after = answerAfter(call, scope.root, { answers: search.answerContext, dispatch: scope.dispatch, sends: scope.dispatch, fsError: false });
  if (!after) return [];
  // A same-file helper that goes on to its end, or returns, gives the request back to its own caller.
  const goesBack = after.kind === "falls" || (after.kind === "ends" && !after.ending.thrown && after.ending.answer.node.type === AST_NODE_TYPES.ReturnStatement);
  if (scope.helper) return goesBack ? (scope.continuedBy ?? []) : [];
  // A handler function that ends without a return answers with a result too (the SDK sends `null`).
  const answersResult = after.kind === "ends" ? !after.conditional && after.ending.answer.kind === "success" : after.kind === "falls" && !scope.dispatch;
  return answersResult ? [call] : [];
}

/** `return;` in a function that gives back nothing anywhere: its caller goes on. */
function isSilentReturn(node: TSESTree.Node, root: TSESTree.Node, sourceCode: SourceCode): boolean {
  return node.type === AST_NODE_TYPES.ReturnStatement && !node.argument && isSilentHelper(root, sourceCode);
}

/** How many closures run by calls (`runWith({ run: () => … })` inside another) a miss is followed out of. */
const MAX_RUNNERS = 4;

/**
 * Whether nothing of `root` runs after `statement`: it ends `root`, or a closure a call runs whose call ends `root`
 * (Summaries.runnerStatement: `runWith({ run: () => { …; if (!t) log(…); } })` as a helper's last statement).
 */
function leavesRoot(statement: TSESTree.Node, root: TSESTree.Node, sourceCode: SourceCode): boolean {
  const summaries = summariesOf(resolverOf(sourceCode));
  let at: TSESTree.Node | undefined = statement;
  for (let hops = 0; at && hops < MAX_RUNNERS; hops++) {
    if (endsFunction(at, root)) return true;
    at = summaries.runnerStatement(at, root);
  }
  return false;
}

/** The positions of a call's arguments that are the request or carry it (`handle(id, params)` of a dispatcher's `(id, method, params)`: both). */
function requestArguments(call: TSESTree.CallExpression, scope: ResourceScope): number[] {
  const out: number[] = [];
  call.arguments.forEach((arg, i) => {
    if (arg.type !== AST_NODE_TYPES.SpreadElement && scope.fields.isRequest(arg)) out.push(i);
  });
  return out;
}

/**
 * The fields of a helper handed the field or the request at one of `candidates`: where several arguments may be the
 * request (a dispatcher's `id` and `params`), the one whose parameter the helper reads the field from (else the first).
 */
function helperFields(search: Search, fn: FunctionNode, candidates: readonly number[], role: "field" | "request", field: ResourceField, declarators: readonly TSESTree.VariableDeclarator[]): RequestFields | undefined {
  const at = (index: number) => RequestFields.ofHelper(search.sourceCode, declarators, field, fn, index, role);
  if (candidates.length === 1) return at(candidates[0]!);
  const nodes = ownNodesOf(search, fn);
  for (const index of candidates) {
    const fields = at(index);
    if (fields && nodes.some((node) => fields.isField(node))) return fields;
  }
  return at(candidates[0]!);
}

/** A call whose value nothing reads: a statement of its own, perhaps awaited or voided. */
function isDropped(call: TSESTree.CallExpression): boolean {
  let at: TSESTree.Node = call;
  while (at.parent?.type === AST_NODE_TYPES.AwaitExpression || (at.parent?.type === AST_NODE_TYPES.UnaryExpression && at.parent.operator === "void")) at = at.parent;
  return at.parent?.type === AST_NODE_TYPES.ExpressionStatement;
}

/** A function that returns no value anywhere. */
function isSilentHelper(root: TSESTree.Node, sourceCode: SourceCode): boolean {
  return isFunction(root) && returnedExpressions(root, sourceCode.visitorKeys).length === 0;
}

/** How deep helpers are followed from a handler: a manager's method, its private check, the lookup that check calls, and one more. */
const MAX_HELPER_DEPTH = 4;

/**
 * Adds the functions a scope hands the path or terminal id to (`this.getTerminal(params.terminalId)`), or the request
 * that carries it (`this.resolve(params)`).
 */
function followHelpers(search: Search, scope: ResourceScope, depth: number): void {
  if (depth >= MAX_HELPER_DEPTH) return;
  const { sourceCode } = search;
  for (const node of ownNodesOf(search, scope.root)) {
    if (node.type !== AST_NODE_TYPES.CallExpression) continue;
    // The field itself (`getTerminal(params.terminalId)`), else the request that carries it (`resolve(params)`).
    const fieldAt = node.arguments.findIndex((arg) => arg.type !== AST_NODE_TYPES.SpreadElement && scope.fields.isField(arg));
    const role: "field" | "request" = fieldAt < 0 ? "request" : "field";
    const candidates = fieldAt >= 0 ? [fieldAt] : requestArguments(node, scope);
    if (candidates.length === 0) continue;
    // A helper of another module (a terminal manager) is followed too, and judged at this file's calls of it.
    const resolver = resolverOf(sourceCode);
    const fn = resolver.calleeOf(node);
    if (!fn || !isFunction(fn) || fn === scope.root || search.handlerFns.has(fn)) continue;
    const foreign = !resolver.isLinted(fn);
    // A handler of another module's own (a typed delegate) is judged where it is, once, not again at this call.
    if (foreign && search.judgedAtHome(fn)) continue;
    let helper = scopeAt(search, fn, scope.fields.field);
    if (!helper) {
      const declarators = foreign ? moduleNodes(resolver.sourceCodeOf(fn)).declarators : search.declarators;
      const fields = helperFields(search, fn, candidates, role, scope.fields.field, declarators);
      if (!fields) continue;
      // A dispatch branch that drops what the helper gives back (`this.handleRead(id, params);`) answers by what the
      // helper sends, as the branch itself would.
      const sends = (scope.dispatch || scope.sends === true) && isDropped(node);
      helper = { root: fn, fields, handlers: [], helper: true, dispatch: false, sends, answeredBy: [], continuedBy: [], ...(foreign ? { entries: [] } : {}) };
      addScope(search, helper);
    }
    // The linted file's calls that reach a helper of another module, unless the caller read the id before (a check).
    const unchecked = !readsFieldBefore(search, scope, node);
    if (helper.entries && unchecked) helper.entries.push(...(scope.entries ?? [node]));
    if (unchecked && answersWithCall(search, scope, node)) helper.answeredBy!.push(...(scope.entries ?? [node]));
    if (unchecked) helper.continuedBy!.push(...continuedBy(search, scope, node));
    let known = search.helperHandlers.get(helper);
    if (!known) search.helperHandlers.set(helper, (known = new Set(helper.handlers)));
    for (const h of scope.handlers) {
      if (known.has(h)) continue;
      known.add(h);
      helper.handlers.push(h);
    }
    followHelpers(search, helper, depth + 1);
  }
}
