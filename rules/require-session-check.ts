import type { TSESTree } from "@typescript-eslint/utils";
import { answerCodes, getModel, type Handler, RESOURCE_NOT_FOUND, type SessionMiss } from "../src/analysis/index.js";
import { sessionNotFoundFix } from "../src/analysis/sdk/session-advice.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "unguardedSession" | "assertedSession" | "wrongCode" | "internalError";

/** The agent requests whose unknown session must be answered with -32002; deleting a missing session succeeds. */
export function requiresSessionCheck(handler: Handler): boolean {
  const { method } = handler;
  return method.side === "agent" && method.kind === "request" && method.sessionScoped && method.wire !== "session/delete";
}

/** Only the SDKs and JSON-RPC libraries are known to turn a thrown plain `Error` into -32603. */
function sendsInternalError(miss: SessionMiss): boolean {
  return miss.thrown && miss.scope.handlers.some((h) => requiresSessionCheck(h) && h.style !== "dispatch");
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
        "This session is looked up by the requested id and used without checking that it exists: answer an unknown session with -32002 ({{fix}}).",
      assertedSession:
        "This `!` asserts that the requested session exists, but a client may name any id: check it and answer an unknown session with -32002 ({{fix}}).",
      wrongCode:
        "An unknown session is answered here with {{code}} ({{name}}): answer it with -32002 Resource not found and data.sessionId ({{fix}}).",
      internalError:
        "An unknown session is answered here as -32603 Internal error, since a thrown value that is not a RequestError loses its meaning: throw {{fix}} instead.",
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      Program() {
        const model = getModel(context);
        const facts = model.sessions;
        // The fix each message names: what the file's SDK version can write.
        const fix = sessionNotFoundFix(model);
        const reported = new Set<TSESTree.Node>();
        const report = (node: TSESTree.Node, descriptor: Parameters<typeof context.report>[0]) => {
          if (reported.has(node)) return;
          reported.add(node);
          context.report(descriptor);
        };

        for (const use of facts.unguarded) {
          if (!use.scope.handlers.some(requiresSessionCheck)) continue;
          if (use.node.type === "TSNonNullExpression") {
            const bang = context.sourceCode.getLastToken(use.node)!;
            report(use.node, { loc: bang.loc, messageId: "assertedSession", data: { fix } });
          } else {
            report(use.node, { node: use.node, messageId: "unguardedSession", data: { fix } });
          }
        }

        for (const miss of facts.misses) {
          const { answer } = miss;
          if (!answer || miss.caught || !miss.scope.handlers.some(requiresSessionCheck)) continue;
          // A return is a success except in hand-rolled dispatch, where it may be the error response.
          if (!miss.thrown && !miss.scope.handlers.some((h) => h.style === "dispatch")) continue;
          if (answer.kind === "internal") {
            if (sendsInternalError(miss)) report(answer.node, { node: answer.node, messageId: "internalError", data: { fix } });
            continue;
          }
          const codes = answerCodes(answer, model.values);
          if (!codes || codes.every((c) => c === RESOURCE_NOT_FOUND)) continue;
          const wrong = codes.find((c) => c !== RESOURCE_NOT_FOUND)!;
          const name = model.acpCodes.get(wrong)?.message ?? "an implementation-specific code";
          report(answer.node, { node: answer.node, messageId: "wrongCode", data: { code: wrong, name, fix } });
        }
      },
    };
  },
});
