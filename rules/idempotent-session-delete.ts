import type { TSESTree } from "@typescript-eslint/utils";
import { calleeName, type Handler, isCaught, type SessionMiss, type SessionScope } from "../src/analysis/index.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "failsOnMissing" | "helperFailsOnMissing";

const isDeleteHandler = (h: Handler) => h.method.wire === "session/delete" && h.method.side === "agent";
const isDelete = (scope: SessionScope) => scope.handlers.some(isDeleteHandler);
const onlyDelete = (scope: SessionScope) => scope.handlers.every((h) => h.method.wire === "session/delete");

/** The error a miss branch answers with: what it throws, or in hand-rolled dispatch the error it returns. */
function failure(miss: SessionMiss): TSESTree.Node | undefined {
  if (miss.caught) return undefined;
  if (miss.answer && (miss.thrown || miss.scope.handlers.some((h) => h.style === "dispatch"))) return miss.answer.node;
  if (miss.thrown && miss.statement?.type === "ThrowStatement") return miss.statement.argument;
  return undefined;
}

/** The calls, made from a delete handler's own code, that lead into a helper (through helpers of helpers). */
function deleteCalls(scope: SessionScope, seen = new Set<SessionScope>()): TSESTree.CallExpression[] {
  if (seen.has(scope)) return [];
  seen.add(scope);
  return scope.callers.flatMap((c) => {
    if (isCaught(c.call, c.from.root)) return [];
    return onlyDelete(c.from) ? [c.call] : deleteCalls(c.from, seen);
  });
}

export default createRule<[], MessageIds>({
  name: "idempotent-session-delete",
  meta: {
    type: "problem",
    docs: {
      description: "Require session/delete to succeed for a session that does not exist",
      spec: {
        requirement: "Deleting a session that does not exist still succeeds.",
        url: specUrl("session-delete"),
      },
      recommended: "error",
    },
    messages: {
      failsOnMissing:
        "This answers session/delete of an unknown session with an error, but deleting a session that does not exist must succeed: return the empty result instead.",
      helperFailsOnMissing:
        "{{name}} fails when the session does not exist, but deleting a session that does not exist must succeed: check for the session here and return the empty result.",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report) {
    const facts = model.sessions;
    for (const miss of facts.misses) {
      if (!isDelete(miss.scope)) continue;
      const node = failure(miss);
      if (!node) continue;
      // A helper other handlers share is right for them: the delete handler's call is what is wrong.
      // A handler's own body (shared with session/close or not) is reported where it fails.
      // A helper of another module is reported at this file's calls of it.
      // Of those calls, the ones session/delete reaches with no catch on its way that makes the failure succeed;
      // one in a helper shared with other handlers is, again, wrong only at the delete handler's call of it.
      const atCalls = miss.reportAt?.filter((call) => facts.reachesUnchecked(call, isDeleteHandler));
      const targets = atCalls
        ? atCalls.flatMap((call) => {
            const from = facts.scopeOf(call);
            return !from || onlyDelete(from) || from.callers.length === 0 ? [call] : deleteCalls(from);
          })
        : onlyDelete(miss.scope) || miss.scope.callers.length === 0
          ? [node]
          : deleteCalls(miss.scope);
      for (const target of targets) {
        if (target === node) report({ node, messageId: "failsOnMissing" });
        else report({ node: target, messageId: "helperFailsOnMissing", data: { name: calleeName((target as TSESTree.CallExpression).callee) ?? "This helper" } });
      }
    }
  },
});
