import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type FileModel, isSendName, memberName, type MisbuiltEnvelope, misbuiltEnvelopes, misroutedCall, type MisroutedCall, unwrap } from "../src/analysis/index.js";
import { createRule } from "../src/create-rule.js";

/** JSON-RPC 2.0 defines what a notification is; ACP says which of its methods are notifications. */
const JSON_RPC_NOTIFICATION_URL = "https://www.jsonrpc.org/specification#notification";

export type MessageIds = "requestForNotification" | "notificationForRequest" | "envelopeWithId" | "envelopeWithoutId" | "useCounterpart" | "removeId";

/** Whether nothing reads the call's result: `x.request(...)`, `await x.request(...)` or `void x.request(...)` as a statement. */
function resultDiscarded(call: TSESTree.CallExpression): boolean {
  let node: TSESTree.Node = call;
  while (node.parent?.type === AST_NODE_TYPES.AwaitExpression || (node.parent?.type === AST_NODE_TYPES.UnaryExpression && node.parent.operator === "void")) node = node.parent;
  return node.parent?.type === AST_NODE_TYPES.ExpressionStatement;
}

/** The counterpart call takes the same arguments: a notification has no request options. */
function counterpartFits(found: MisroutedCall): boolean {
  return resultDiscarded(found.call) && (found.sentAs === "notification" || found.call.arguments.length <= 2);
}

/** Removes a property and the comma that separates it from its neighbour. */
function removeProperty(fixer: TSESLint.RuleFixer, object: TSESTree.ObjectExpression, prop: TSESTree.Property): TSESLint.RuleFix {
  const index = object.properties.indexOf(prop);
  const next = object.properties[index + 1];
  const previous = object.properties[index - 1];
  if (next) return fixer.removeRange([prop.range[0], next.range[0]]);
  if (previous) return fixer.removeRange([previous.range[1], prop.range[1]]);
  return fixer.remove(prop);
}

export default createRule<[], MessageIds>({
  name: "no-request-for-notification",
  meta: {
    type: "problem",
    docs: {
      description: "Require notifications to be sent as notifications and requests as requests",
      spec: {
        requirement: 'A Notification is a Request object without an "id" member. The Server MUST NOT reply to a Notification.',
        url: JSON_RPC_NOTIFICATION_URL,
      },
      recommended: "error",
    },
    hasSuggestions: true,
    messages: {
      requestForNotification:
        "{{method}} is a notification, but {{call}} sends it as a request: an SDK peer answers it -32601 and never runs its handler; send it with {{counterpart}}.",
      notificationForRequest:
        "{{method}} is a request, but {{call}} sends it as a notification: an SDK peer drops it without running its handler, and no answer ever comes; send it with {{counterpart}}.",
      envelopeWithId:
        "{{method}} is a notification, but this message has an id, so the peer takes it for a request (an SDK peer answers -32601 and never runs the handler): leave the id out.",
      envelopeWithoutId:
        "{{method}} is a request, but this message has no id, so the peer takes it for a notification (an SDK peer drops it) and no answer ever comes: give it an id.",
      useCounterpart: "Send it with {{counterpart}}.",
      removeId: "Remove the id.",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    for (const call of model.nodes.calls) checkCall(call, model);
    for (const object of model.nodes.objects) checkEnvelope(object, model);

    function checkCall(call: TSESTree.CallExpression, model: FileModel): void {
      const callee = unwrap(call.callee);
      const name = callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : undefined;
      if (name === undefined || !isSendName(name)) return;
      const found = misroutedCall(call, sourceCode, model);
      if (!found) return;
      const data = { method: found.method.wire, call: `${found.property.name}()`, counterpart: `${found.counterpart}()` };
      report({
        node: found.call,
        messageId: found.sentAs === "request" ? "requestForNotification" : "notificationForRequest",
        data,
        suggest: counterpartFits(found)
          ? [{ messageId: "useCounterpart", data, fix: (fixer) => fixer.replaceText(found.property, found.counterpart) }]
          : [],
      });
    }

    function checkEnvelope(object: TSESTree.ObjectExpression, model: FileModel): void {
      if (!findJsonrpcKey(object)) return;
      for (const found of misbuiltEnvelopes(object, model)) reportEnvelope(found);
    }

    function reportEnvelope(found: MisbuiltEnvelope): void {
      const data = { method: found.method.wire };
      const id = found.id;
      if (found.call) {
        // Built by a helper from its parameters: the call that gives the method is where the mistake is; the helper's
        // envelope is right for the other calls.
        report({ node: found.call, messageId: id ? "envelopeWithId" : "envelopeWithoutId", data });
        return;
      }
      const object = found.object;
      if (!id) {
        report({ node: object, messageId: "envelopeWithoutId", data });
        return;
      }
      report({
        node: id,
        messageId: "envelopeWithId",
        data,
        suggest: [{ messageId: "removeId", fix: (fixer) => removeProperty(fixer, object, id) }],
      });
    }
  },
});

/** A cheap test before the envelope is read: the literal has a `jsonrpc` key. */
function findJsonrpcKey(object: TSESTree.ObjectExpression): boolean {
  return object.properties.some(
    (p) => p.type === AST_NODE_TYPES.Property && ((p.key.type === AST_NODE_TYPES.Identifier && p.key.name === "jsonrpc") || (p.key.type === AST_NODE_TYPES.Literal && p.key.value === "jsonrpc")),
  );
}
