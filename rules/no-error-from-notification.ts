import { getModel } from "../src/analysis/index.js";
import { escapingNotificationErrors } from "../src/analysis/notifications/escaping-errors.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "errorFromNotification";

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
  create(context) {
    return {
      Program() {
        for (const { site, handler } of escapingNotificationErrors(getModel(context))) {
          context.report({ node: site.node, messageId: "errorFromNotification", data: { method: handler.method.wire } });
        }
      },
    };
  },
});
