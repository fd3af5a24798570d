import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { answerCodes, catchAllCode, type ConnectionAnswer, connectionFix, connectionName, deletedSessionAnswers, enclosingFunction, type FileModel, type Handler, keepsCodeThroughSdk, projectConnection, type SessionMiss, sessionNotFoundFix, type SessionScope } from "../src/analysis/index.js";
import { INTERNAL_ERROR, INVALID_PARAMS, RESOURCE_NOT_FOUND } from "../src/protocol/codes.js";
import { specUrl } from "../src/protocol/links.js";
import { V2_ITEM_CANCELS } from "../src/protocol/methods.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds =
  | "unguardedSession"
  | "unguardedSessionV2"
  | "assertedSession"
  | "assertedSessionV2"
  | "wrongCode"
  | "wrongCodeV2"
  | "internalError"
  | "internalErrorV2"
  | "caughtAs"
  | "connectionSends"
  | "connectionUnknown"
  | "successForMiss"
  | "successForMissV2"
  | "closeFails"
  | "closeUnguarded"
  | "deletedSession";

/** The agent requests whose unknown session must be answered with -32002; deleting a missing session succeeds. */
export function requiresSessionCheck(handler: Handler): boolean {
  const { method } = handler;
  return method.side === "agent" && method.kind === "request" && method.sessionScoped && method.wire !== "session/delete";
}

/** Only the SDKs and JSON-RPC libraries are known to turn a thrown plain `Error` into -32603. */
function sendsInternalError(miss: SessionMiss): boolean {
  return miss.thrown && miss.scope.handlers.some((h) => requiresSessionCheck(h) && h.style !== "dispatch");
}

/**
 * What a thrown plain `Error` of the miss goes out as when every handler of its scope that needs the check is
 * hand-rolled dispatch run by a catch-all that answers every error with one code (the same for all of them).
 */
function catchAllCodeOf(miss: SessionMiss, model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): number | undefined {
  if (!miss.thrown) return undefined;
  const codes = new Set(miss.scope.handlers.filter(requiresSessionCheck).map((h) => catchAllCode(model, sourceCode, h)));
  return codes.size === 1 ? [...codes][0] : undefined;
}

/** The codes a thrown answer goes out with through a project connection: its own when the catch sends it, else the catch's. */
function connectionCodes(answer: NonNullable<SessionMiss["answer"]>, connection: ConnectionAnswer, model: FileModel): readonly number[] | undefined {
  if (answer.kind !== "internal" && connection.keepsCode) return answerCodes(answer, model.values);
  return connection.code === undefined ? undefined : [connection.code];
}

/**
 * Whether what the miss returns is its handlers' result: returned by the handler function itself (not a helper it
 * calls) of the SDKs (or vscode-jsonrpc), where a returned value is the result; in hand-rolled dispatch it may be
 * the error response the dispatcher sends.
 */
function sendsResults(miss: SessionMiss, returned: TSESTree.Node, model: FileModel): boolean {
  const fn = enclosingFunction(returned);
  // A thunk the handler runs and gives back the result of (`return enqueue(async () => { … })`) answers for it.
  return miss.scope.handlers.filter(requiresSessionCheck).every((h) => h.style !== "dispatch" && fn !== undefined && model.sessions.answersFor(h, fn));
}

/** Version 2: every handler of the scope that needs the check is session/close, which SHOULD succeed for an unknown session. */
function onlyClose(scope: SessionScope): boolean {
  return scope.handlers.filter(requiresSessionCheck).every((h) => h.method.wire === "session/close");
}

/** Version 2: every handler of the scope that needs the check is a targeted cancel, which answers unknown items with -32602. */
function onlyItemCancels(scope: SessionScope): boolean {
  return scope.handlers.filter(requiresSessionCheck).every((h) => V2_ITEM_CANCELS.has(h.method.wire));
}

export default createRule<[], MessageIds>({
  name: "require-session-check",
  meta: {
    type: "problem",
    docs: {
      description: "Require session-scoped agent handlers to answer an unknown session with -32002 Resource not found",
      spec: {
        requirement: "If a session-scoped request names a session that does not exist or is not active, the Agent SHOULD respond with -32002.",
        url: specUrl("error", "unknown-sessions"),
      },
      recommended: "error",
    },
    messages: {
      unguardedSession:
        "This session is looked up by the requested id and used {{where}} without checking that it exists: answer an unknown session with -32002 ({{fix}}).",
      assertedSession:
        "This `!` asserts that the requested session exists, but a client may name any id: check it and answer an unknown session with -32002 ({{fix}}).",
      wrongCode:
        "An unknown session is answered {{where}} with {{code}} ({{name}}): answer it with -32002 Resource not found and data.sessionId ({{fix}}).",
      internalError:
        "An unknown session is answered {{where}} as -32603 Internal error, since a thrown value that is not a RequestError loses its meaning: throw {{fix}} instead.",
      successForMiss:
        "An unknown session is answered {{where}} with a success result, so the client cannot tell it from a served request: answer it with -32002 Resource not found and data.sessionId ({{fix}}).",
      successForMissV2:
        "An unknown session is answered {{where}} with a success result, but in protocol version 2 the agent MUST answer it with -32002 Resource not found and data.sessionId ({{fix}}).",
      caughtAs:
        "An unknown session is answered {{where}} with {{code}} ({{name}}) by the dispatcher's catch, which answers every thrown error with it: answer it with -32002 Resource not found and data.sessionId ({{fix}}).",
      connectionSends:
        "An unknown session is answered {{where}} with {{code}} ({{name}}), which {{connection}}'s catch sends for this thrown error: answer it with -32002 Resource not found and data.sessionId ({{fix}}).",
      connectionUnknown:
        "An unknown session is answered {{where}} with a thrown Error that carries neither -32002 nor data.sessionId, whatever code {{connection}}'s catch sends for it: answer it with -32002 Resource not found and data.sessionId ({{fix}}).",
      unguardedSessionV2:
        "This session is looked up by the requested id and used {{where}} without checking that it exists: in protocol version 2 the agent MUST answer an unknown session with -32002 ({{fix}}).",
      assertedSessionV2:
        "This `!` asserts that the requested session exists, but a client may name any id: in protocol version 2 the agent MUST answer an unknown session with -32002 ({{fix}}).",
      wrongCodeV2:
        "An unknown session is answered {{where}} with {{code}} ({{name}}), but in protocol version 2 the agent MUST answer it with -32002 Resource not found and data.sessionId ({{fix}}).",
      internalErrorV2:
        "An unknown session is answered {{where}} as -32603 Internal error, since a thrown value that is not a RequestError loses its meaning, but in protocol version 2 the agent MUST answer it with -32002: throw {{fix}} instead.",
      closeFails:
        "Closing a session that does not exist is answered {{where}} with {{code}} ({{name}}), but in protocol version 2 it SHOULD succeed: return the empty result (clients take -32002 for a successful close too).",
      closeUnguarded:
        "This session is looked up by the requested id and used {{where}} without checking that it exists, so closing an unknown session fails, but in protocol version 2 it SHOULD succeed: return the empty result when the session is missing.",
      deletedSession:
        "A deleted session is answered {{where}} with {{code}} ({{name}}), but in protocol version 2 resuming a deleted session is answered like any session that does not exist, with -32002 Resource not found and data.sessionId: throw {{fix}}.",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    const facts = model.sessions;
    // The fix each message names: what the file's SDK version can write.
    const fix = sessionNotFoundFix(model);
    const v2 = model.settings.protocolVersion === 2;
    // A helper of another module is reported at the calls of this file that a handler needing the check reaches
    // unchecked: not at session/cancel's call of a helper that prompt shares, which answers nothing.
    const placesOf = (reportAt: readonly TSESTree.Node[] | undefined, node: TSESTree.Node): readonly TSESTree.Node[] =>
      reportAt ? reportAt.filter((call) => facts.reachesUnchecked(call, requiresSessionCheck)) : [node];
    // One report per use or answer (createRule's report keeps the first at a node): an asserted use (`!`) is reported
    // at its `!` (the use its node), and not again at the use.

    for (const use of facts.unguarded) {
      if (!use.scope.handlers.some(requiresSessionCheck)) continue;
      const close = v2 && onlyClose(use.scope);
      if (use.reportAt) {
        // A helper of another module: reported at the calls of this file that reach it.
        for (const call of placesOf(use.reportAt, use.node)) report({ node: call, from: use.node, messageId: close ? "closeUnguarded" : "unguardedSession", data: { fix } });
        continue;
      }
      if (use.node.type === "TSNonNullExpression") {
        const bang = sourceCode.getLastToken(use.node)!;
        report({ node: use.node, loc: bang.loc, messageId: close ? "closeUnguarded" : "assertedSession", data: { fix } });
      } else {
        report({ node: use.node, messageId: close ? "closeUnguarded" : "unguardedSession", data: { fix } });
      }
    }

    for (const miss of facts.misses) {
      const { answer } = miss;
      // A success returned for an unknown session by the handler itself (a helper's return is no answer);
      // closing an unknown session may succeed.
      if (miss.success && !miss.caught && miss.scope.handlers.some(requiresSessionCheck) && sendsResults(miss, miss.success, model) && !onlyClose(miss.scope)) {
        for (const node of placesOf(miss.reportAt, miss.success)) report({ node, from: miss.success, messageId: "successForMiss", data: { fix } });
        continue;
      }
      if (!answer || miss.caught || !miss.scope.handlers.some(requiresSessionCheck)) continue;
      // A return is a success except in hand-rolled dispatch, where it may be the error response.
      if (!miss.thrown && !miss.scope.handlers.some((h) => h.style === "dispatch")) continue;
      const close = v2 && onlyClose(miss.scope);
      // Out of a connection class of the project's own, a thrown error goes out as that class's catch sends it.
      const connection = miss.thrown ? projectConnection(miss.scope.handlers.filter(requiresSessionCheck), model.resolver, model.values) : undefined;
      if (connection) {
        const codes = connectionCodes(answer, connection, model);
        const named = connectionName(connection);
        const through = connectionFix(connection, RESOURCE_NOT_FOUND);
        if (!codes) {
          if (answer.kind === "internal" && !close) for (const node of placesOf(miss.reportAt, answer.node)) report({ node, from: answer.node, messageId: "connectionUnknown", data: { connection: named, fix: through } });
          continue;
        }
        const wrong = codes.find((c) => c !== RESOURCE_NOT_FOUND);
        if (wrong === undefined) continue;
        const name = model.acpCodes.get(wrong)?.message ?? "an implementation-specific code";
        for (const node of placesOf(miss.reportAt, answer.node)) report({ node, from: answer.node, messageId: close ? "closeFails" : "connectionSends", data: { code: wrong, name, connection: named, fix: through } });
        continue;
      }
      // A plain Error thrown in hand-rolled dispatch goes out as what the dispatcher's catch-all answers with.
      const caught = answer.kind === "internal" && !sendsInternalError(miss) ? catchAllCodeOf(miss, model, sourceCode) : undefined;
      // Out of an SDK handler, a thrown value that is not a RequestError goes out as -32603 whatever code it carries.
      const lost = answer.kind !== "internal" && sendsInternalError(miss) && !keepsCodeThroughSdk(answer, model.errorClasses);
      if (lost || (answer.kind === "internal" && caught === undefined)) {
        if (!sendsInternalError(miss)) continue;
        const name = model.acpCodes.get(INTERNAL_ERROR)?.message ?? "Internal error";
        for (const node of placesOf(miss.reportAt, answer.node)) {
          if (close) report({ node, from: answer.node, messageId: "closeFails", data: { code: INTERNAL_ERROR, name } });
          else report({ node, from: answer.node, messageId: "internalError", data: { fix } });
        }
        continue;
      }
      const codes = caught === undefined ? answerCodes(answer, model.values) : [caught];
      if (!codes || codes.every((c) => c === RESOURCE_NOT_FOUND)) continue;
      // A tool call or terminal of an unknown session is an unknown item too, which version 2 answers with -32602.
      if (v2 && onlyItemCancels(miss.scope) && codes.every((c) => c === RESOURCE_NOT_FOUND || c === INVALID_PARAMS)) continue;
      const wrong = codes.find((c) => c !== RESOURCE_NOT_FOUND)!;
      const name = model.acpCodes.get(wrong)?.message ?? "an implementation-specific code";
      const messageId = close ? "closeFails" : v2 ? "wrongCodeV2" : caught === undefined ? "wrongCode" : "caughtAs";
      for (const node of placesOf(miss.reportAt, answer.node)) report({ node, from: answer.node, messageId, data: { code: wrong, name, fix } });
    }

    if (!v2) return;
    for (const { scope, answer } of deletedSessionAnswers(model)) {
      // Only the SDKs are known to send a plain Error as -32603.
      if (answer.kind === "internal" && scope.handlers.every((h) => h.style === "dispatch")) continue;
      const codes = answerCodes(answer, model.values);
      const wrong = codes?.find((c) => c !== RESOURCE_NOT_FOUND);
      if (wrong === undefined) continue;
      const name = model.acpCodes.get(wrong)?.message ?? "an implementation-specific code";
      report({ node: answer.node, messageId: "deletedSession", data: { code: wrong, name, fix } });
    }
  },
});
