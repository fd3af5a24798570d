import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { contains, declaredName, enclosingFunction, fileOf, isFunction, summariesOf, type ErrorSite, type FileModel, findProperty, type FunctionNode, hasSpread, helperPlace, messageText, sessionNotFoundFix, siteCodes, unwrap, walk } from "../src/analysis/index.js";
import { RESOURCE_NOT_FOUND } from "../src/protocol/codes.js";
import { findMethod } from "../src/protocol/methods.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds =
  | "missingSessionId"
  | "missingSessionIdV2"
  | "resourceNotFoundForSession"
  | "resourceNotFoundForSessionV2"
  | "missingSessionIdThrough"
  | "missingSessionIdThroughV2"
  | "resourceNotFoundThrough"
  | "resourceNotFoundThroughV2"
  | "useSessionNotFound"
  | "useRequestError";

type Verdict = "has" | "missing" | "unknown";

const SESSION_ID_NAME = /^session_?id$/i;
const NAMES_SESSION = /\bsession/i;

/**
 * Whether an object that is an error's data carries `sessionId`; a constant (`null`, a string) carries nothing, nor
 * does the requested id itself, where the session scopes of the linted file tell it (`byScopes`).
 */
function objectVerdict(node: TSESTree.Node, model: FileModel, byScopes: boolean): Verdict {
  const object = model.values.objectLiteral(node);
  if (!object) {
    const inner = unwrap(node);
    const isConstant = model.values.resolve(inner) !== undefined || inner.type === AST_NODE_TYPES.TemplateLiteral;
    const isTheId = byScopes && model.sessions.scopesOf(inner).some((scope) => model.sessions.isSessionId(inner, scope));
    return isConstant || isTheId ? "missing" : "unknown";
  }
  if (findProperty(object, "sessionId")) return "has";
  return hasSpread(object) ? "unknown" : "missing";
}

/**
 * Whether a site's data carries `sessionId`; data built where it cannot be seen is unknown. `byScopes` false: as the
 * site's own file judges it when it has no session scope there (another module's helper, linted alone).
 */
function dataVerdict(site: ErrorSite, model: FileModel, byScopes = true): Verdict {
  if (site.factory) return site.factory.name === "sessionNotFound" ? "has" : "missing";
  if (site.data) return objectVerdict(site.data, model, byScopes);
  switch (site.kind) {
    case "construct":
    case "helper-call": {
      const node = site.node as TSESTree.CallExpression | TSESTree.NewExpression;
      if (node.arguments.some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return "unknown";
      return site.kind === "helper-call" ? helperDataVerdict(site, model, byScopes) : "missing";
    }
    case "object":
      return hasSpread(site.node as TSESTree.ObjectExpression) ? "unknown" : "missing";
    case "assign": {
      const sources = (site.node as TSESTree.CallExpression).arguments.slice(1);
      return sources.every((s) => unwrap(s).type === AST_NODE_TYPES.ObjectExpression) ? "missing" : "unknown";
    }
    default:
      return "unknown";
  }
}

/** The parameter of `fn` named `name`, and whether it has a default. */
function parameterNamed(fn: FunctionNode, name: string): { hasDefault: boolean } | undefined {
  for (const param of fn.params) {
    const target = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
    if (target.type === AST_NODE_TYPES.Identifier && target.name === name) return { hasDefault: param !== target };
  }
  return undefined;
}

/** A helper call passes no data: the data is the helper's own, or its parameter's default. */
function helperDataVerdict(site: ErrorSite, model: FileModel, byScopes: boolean): Verdict {
  const inner = site.inner!;
  const data = inner.data && unwrap(inner.data);
  const fn = enclosingFunction(inner.node);
  const param = data?.type === AST_NODE_TYPES.Identifier && fn ? parameterNamed(fn, data.name) : undefined;
  if (param) return param.hasDefault ? "unknown" : "missing";
  return dataVerdict(inner, model, byScopes);
}


/** Whether a site's message speaks of a session ("Session not found"). */
function messageNamesSession(site: ErrorSite, model: FileModel): boolean {
  return NAMES_SESSION.test(messageText(site.message, model.values) ?? "");
}

/** Whether a site names a session: `sessionId` among its parts, or a message that speaks of a session. */
function namesSession(site: ErrorSite, model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  if (messageNamesSession(site, model)) return true;
  let found = false;
  walk(site.node, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.Identifier && SESSION_ID_NAME.test(node.name)) found = true;
  });
  return found;
}

/** The legacy names of session/delete: `deleteSession`, `unstable_deleteSession`. */
const DELETE_NAMES: ReadonlySet<string> = new Set(findMethod("session/delete")?.legacyNames ?? []);

/**
 * Whether a site is in a function named like session/delete's legacy handler (`async deleteSession(params)`) that the
 * model recognises as no handler: the nearest enclosing function with a name, or every call of it. Deleting a missing session must
 * succeed, which is idempotent-session-delete's concern, not this rule's.
 */
function inDeleteNamedFunction(node: TSESTree.Node, model: FileModel, depth = 0): boolean {
  const summaries = summariesOf(model.resolver);
  for (let fn = enclosingFunction(node); fn; fn = enclosingFunction(fn)) {
    // A closure a call runs (`runWith({ run: () => … })`) runs where that call is.
    const running = summaries.runningCall(fn);
    if (running) return inDeleteNamedFunction(running, model, depth);
    const named = declaredName(fn);
    if (!named) continue;
    if (DELETE_NAMES.has(named.name)) return true;
    // A helper only ever called from such functions (`this.requireKnown(id)` of deleteSession) is theirs.
    const calls = depth < MAX_CALLERS_DEPTH ? model.resolver.callersOf(fn) : undefined;
    return calls !== undefined && calls.length > 0 && calls.every((call) => inDeleteNamedFunction(call, model, depth + 1));
  }
  return false;
}

const MAX_CALLERS_DEPTH = 3;

/** Node types whose parts run only on some paths: a site inside one is built on a branch. */
const BRANCHING: ReadonlySet<AST_NODE_TYPES> = new Set([
  AST_NODE_TYPES.IfStatement,
  AST_NODE_TYPES.ConditionalExpression,
  AST_NODE_TYPES.LogicalExpression,
  AST_NODE_TYPES.SwitchCase,
  AST_NODE_TYPES.CatchClause,
  AST_NODE_TYPES.ForStatement,
  AST_NODE_TYPES.ForInStatement,
  AST_NODE_TYPES.ForOfStatement,
  AST_NODE_TYPES.WhileStatement,
  AST_NODE_TYPES.DoWhileStatement,
]);

/** Whether `node` is built on one branch of its function's work, not every time the function (or module) runs. */
function isOnBranch(node: TSESTree.Node): boolean {
  for (let current = node.parent; current && !isFunction(current); current = current.parent) {
    if (BRANCHING.has(current.type)) return true;
  }
  return false;
}

/**
 * Whether a site answers for an agent's session: on the miss branch of a session lookup, built from the requested
 * id, or naming a session. A client's unknown file or terminal is no session context.
 */
function isSessionContext(site: ErrorSite, model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const facts = model.sessions;
  const scopes = facts.scopesOf(site.node);
  // A module with no handler of its own cannot tell whose request a -32002 on one branch of its work answers (an
  // agent's, a client's, a notification's) unless its message says so: the files whose handlers reach it judge it,
  // at their calls. An error it builds for others (a factory, a thrower, a constant) is judged here.
  if (scopes.length === 0 && model.handlers.handlers.length === 0 && isOnBranch(site.node) && !messageNamesSession(site, model)) return false;
  // Nothing answers a notification, and a client's -32002 is about its files and terminals.
  const isNoSessionContext = (s: (typeof scopes)[number]) => s.handlers.every((h) => h.method.kind === "notification" || h.method.side === "client");
  if (scopes.length > 0 && scopes.every(isNoSessionContext)) return false;
  const agentScopes = scopes.filter((s) => s.handlers.some((h) => h.method.side === "agent" && h.method.kind === "request"));
  if (agentScopes.length > 0 && agentScopes.every((s) => s.handlers.every((h) => h.method.wire === "session/delete"))) {
    // Deleting a missing session must succeed: idempotent-session-delete reports this site.
    return false;
  }
  if (agentScopes.length === 0 && inDeleteNamedFunction(site.node, model)) return false;
  const onMiss = facts.misses.some((m) => m.answer?.kind === "site" && m.answer.site === site && agentScopes.includes(m.scope));
  if (onMiss) return true;
  let usesId = false;
  walk(site.node, sourceCode.visitorKeys, (node) => {
    if (!usesId && agentScopes.some((scope) => facts.isSessionId(node, scope))) usesId = true;
  });
  return usesId || namesSession(site, model, sourceCode);
}

/**
 * Whether the file of another module's site reports it when linted itself: its own handlers reach it (or, in a
 * module with handlers, it names the session), with data that file can judge.
 */
function isReportedAtHome(site: ErrorSite, model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const file = fileOf(site.node);
  const home = file && model.moduleModel(file);
  if (!home) return namesSession(site, model, sourceCode) && dataVerdict(site, model, false) === "missing";
  return !home.delegated.has(site) && dataVerdict(site, home) === "missing" && isSessionContext(site, home, sourceCode);
}

export default createRule<[], MessageIds>({
  name: "session-not-found-data",
  meta: {
    type: "problem",
    hasSuggestions: true,
    docs: {
      description: "Require -32002 answers to an unknown session to carry the requested id in data.sessionId",
      spec: {
        requirement: "For an unknown session the Agent SHOULD respond with -32002 and set data.sessionId to the requested ID.",
        url: specUrl("error", "unknown-sessions"),
      },
      recommended: "error",
    },
    messages: {
      missingSessionId:
        "This -32002 answers an unknown session but its data has no sessionId: set data.sessionId to the requested id, as {{fix}} does.",
      resourceNotFoundForSession:
        "RequestError.resourceNotFound() puts the session id in data.uri: an unknown session needs data.sessionId, which {{fix}} sets.",
      missingSessionIdV2:
        "This -32002 answers an unknown session but its data has no sessionId: in protocol version 2 data.sessionId MUST be the requested id, as {{fix}} sets it.",
      resourceNotFoundForSessionV2:
        "RequestError.resourceNotFound() puts the session id in data.uri: in protocol version 2 an unknown session MUST be answered with data.sessionId, which {{fix}} sets.",
      resourceNotFoundThrough:
        "This call reaches {{helper}} ({{file}}), whose RequestError.resourceNotFound() answers an unknown session with the id in data.uri: an unknown session needs data.sessionId, which {{fix}} sets.",
      resourceNotFoundThroughV2:
        "This call reaches {{helper}} ({{file}}), whose RequestError.resourceNotFound() answers an unknown session with the id in data.uri: in protocol version 2 an unknown session MUST be answered with data.sessionId, which {{fix}} sets.",
      missingSessionIdThrough:
        "This call reaches {{helper}} ({{file}}), whose -32002 answers an unknown session without data.sessionId: set data.sessionId to the requested id, as {{fix}} does.",
      missingSessionIdThroughV2:
        "This call reaches {{helper}} ({{file}}), whose -32002 answers an unknown session without data.sessionId: in protocol version 2 data.sessionId MUST be the requested id, as {{fix}} sets it.",
      useSessionNotFound: "Replace with RequestError.sessionNotFound({{id}}).",
      useRequestError: 'Replace with new RequestError(-32002, "Resource not found", { sessionId: {{id}} }).',
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    /**
     * One rewrite that sets data.sessionId: the SDK's factory where it has one, else the construction every SDK
     * version accepts (not both: prefer-error-factory reports the construction where the factory exists).
     */
    function suggestions(site: ErrorSite, model: FileModel): TSESLint.SuggestionReportDescriptor<MessageIds>[] {
      const call = site.node as TSESTree.CallExpression;
      const callee = unwrap(call.callee);
      const [arg] = call.arguments;
      if (callee.type !== AST_NODE_TYPES.MemberExpression || !arg || call.arguments.length !== 1 || arg.type === AST_NODE_TYPES.SpreadElement) return [];
      const id = sourceCode.getText(arg);
      const data = id === "sessionId" ? "{ sessionId }" : `{ sessionId: ${id} }`;
      const errorClass = sourceCode.getText(callee.object);
      if (model.hasFactory("sessionNotFound")) {
        return [{ messageId: "useSessionNotFound", data: { id }, fix: (fixer) => fixer.replaceText(callee.property, "sessionNotFound") }];
      }
      return [
        {
          messageId: "useRequestError",
          data: { id },
          fix: (fixer) => fixer.replaceText(call, `new ${errorClass}(-32002, "Resource not found", ${data})`),
        },
      ];
    }

    // The advice names a factory of the user's SDK version: worked out for the first finding only.
    let fix: string | undefined;
    for (const site of model.errorSites) {
      if (model.delegated.has(site)) continue;
      const codes = siteCodes(site, model.values);
      if (!codes || !codes.every((c) => c === RESOURCE_NOT_FOUND)) continue;
      const verdict = dataVerdict(site, model);
      if (verdict !== "missing" || !isSessionContext(site, model, sourceCode)) continue;
      fix ??= sessionNotFoundFix(model);
      if (site.factory?.name === "resourceNotFound") {
        report({ node: site.node, messageId: "resourceNotFoundForSession", data: { fix }, suggest: suggestions(site, model) });
      } else {
        report({ node: site.node, messageId: "missingSessionId", data: { fix } });
      }
    }
    // A miss branch of another module's helper that its own file cannot tell is about a session is reported at
    // this file's calls that reach it unchecked (as require-session-check reports them), each call once, naming
    // where the branch is.
    for (const miss of model.sessions.misses) {
      if (!miss.reportAt || miss.answer?.kind !== "site") continue;
      const answersRequest = miss.scope.handlers.some((h) => h.method.side === "agent" && h.method.kind === "request" && h.method.wire !== "session/delete");
      const site = miss.answer.site;
      const codes = answersRequest ? siteCodes(site, model.values) : undefined;
      if (!codes || !codes.every((c) => c === RESOURCE_NOT_FOUND) || dataVerdict(site, model) !== "missing") continue;
      // A branch its own file reports is reported there, where it is: not again at each call.
      if (isReportedAtHome(site, model, sourceCode)) continue;
      fix ??= sessionNotFoundFix(model);
      const factory = site.factory?.name === "resourceNotFound";
      const messageId = factory ? "resourceNotFoundThrough" : "missingSessionIdThrough";
      // A site bound to this call (its code a parameter: siteAtCall) is at the call, its branch the inner one; a
      // helper of this file called on the branch of another module's (`fail(-32002, "x")`) is that branch.
      const branch = site.inner && contains(sourceCode.ast, site.node) ? site.inner.node : site.node;
      for (const call of miss.reportAt) report({ node: call, messageId, data: { fix, ...helperPlace(branch) } });
    }
  },
});
