import { anyMethodNotificationHandlers, escapingNotificationErrors, escapingTargetErrors, noIdBranches, notificationHandlers, plainEscapes, unknownNotificationFallbacks } from "../src/analysis/index.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "errorFromNotification" | "plainErrorFromNotification" | "errorFromUnknownNotification";

/** JSON-RPC 2.0 says a notification gets no response. */
const JSON_RPC_NOTIFICATION_URL = "https://www.jsonrpc.org/specification#notification";

export default createRule<[{ plainErrors?: boolean }], MessageIds>({
  name: "no-error-from-notification",
  meta: {
    type: "problem",
    docs: {
      description: "Disallow errors thrown or returned from notification handlers, where nobody receives them",
      spec: {
        requirement: "The Server MUST NOT reply to a Notification.",
        url: JSON_RPC_NOTIFICATION_URL,
      },
      recommended: "error",
      strictOptions: [{ plainErrors: true }],
    },
    messages: {
      errorFromNotification:
        "{{method}} is a notification: no response is sent for it, so this error reaches nobody (the SDK only logs it); log the problem and return instead.",
      errorFromUnknownNotification:
        "Protocol version 2: unknown notifications SHOULD be ignored, and a message without id also reaches this fallback, whose error nobody receives; return without answering when the message has no id.",
      plainErrorFromNotification:
        "{{method}} is a notification: what its handler throws or rejects with reaches nobody (the SDK only logs it); catch and log the failure here instead.",
    },
    schema: [
      {
        type: "object",
        properties: {
          plainErrors: { type: "boolean", description: "Also report plain Errors and rejected promises that escape a notification handler." },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ plainErrors: false }],
  },
  defaultOptions: [{ plainErrors: false }],
  check(model, report, { sourceCode, options: [{ plainErrors }] }) {
    // A site reached through several handlers or targets is reported once, the first way found (createRule).
    for (const { site, handler } of escapingNotificationErrors(model)) {
      report({ node: site.node, messageId: "errorFromNotification", data: { method: handler.method.wire } });
    }
    const targets = [...anyMethodNotificationHandlers(model, sourceCode), ...noIdBranches(model, sourceCode)];
    for (const { site, target } of escapingTargetErrors(model, targets)) {
      report({ node: site.node, messageId: "errorFromNotification", data: { method: target.method } });
    }
    for (const { site } of escapingTargetErrors(model, unknownNotificationFallbacks(model, sourceCode))) {
      report({ node: site.node, messageId: "errorFromUnknownNotification" });
    }
    if (!plainErrors) return;
    for (const handler of [...notificationHandlers(model).map((h) => ({ fn: h.fn, body: h.body, method: h.method.wire })), ...targets]) {
      for (const node of plainEscapes(handler)) {
        report({ node, messageId: "plainErrorFromNotification", data: { method: handler.method } });
      }
    }
  },
});
