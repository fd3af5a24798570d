import type { TSESLint } from "@typescript-eslint/utils";
import type { AcpRuleDocs } from "./create-rule.js";
import capabilityConsistency from "../rules/capability-consistency.js";
import handleUnknownErrorCodes from "../rules/handle-unknown-error-codes.js";
import idempotentSessionDelete from "../rules/idempotent-session-delete.js";
import invalidParamsError from "../rules/invalid-params-error.js";
import methodNotFoundError from "../rules/method-not-found-error.js";
import negotiateProtocolVersion from "../rules/negotiate-protocol-version.js";
import noErrorFromNotification from "../rules/no-error-from-notification.js";
import noLostErrorCode from "../rules/no-lost-error-code.js";
import noRequestForNotification from "../rules/no-request-for-notification.js";
import noReservedErrorCode from "../rules/no-reserved-error-code.js";
import preferErrorFactory from "../rules/prefer-error-factory.js";
import promptCancelStopReason from "../rules/prompt-cancel-stop-reason.js";
import requireInitializeGate from "../rules/require-initialize-gate.js";
import requireSessionCheck from "../rules/require-session-check.js";
import resourceNotFoundError from "../rules/resource-not-found-error.js";
import sessionNotFoundData from "../rules/session-not-found-data.js";
import validErrorObject from "../rules/valid-error-object.js";
import validStopReason from "../rules/valid-stop-reason.js";

export type AcpRule = TSESLint.RuleModule<string, readonly unknown[], AcpRuleDocs>;

/** Every rule of the plugin, by name without the `acp/` prefix. */
export const rules = {
  "capability-consistency": capabilityConsistency,
  "handle-unknown-error-codes": handleUnknownErrorCodes,
  "idempotent-session-delete": idempotentSessionDelete,
  "invalid-params-error": invalidParamsError,
  "method-not-found-error": methodNotFoundError,
  "negotiate-protocol-version": negotiateProtocolVersion,
  "no-error-from-notification": noErrorFromNotification,
  "no-lost-error-code": noLostErrorCode,
  "no-request-for-notification": noRequestForNotification,
  "no-reserved-error-code": noReservedErrorCode,
  "prefer-error-factory": preferErrorFactory,
  "prompt-cancel-stop-reason": promptCancelStopReason,
  "require-initialize-gate": requireInitializeGate,
  "require-session-check": requireSessionCheck,
  "resource-not-found-error": resourceNotFoundError,
  "session-not-found-data": sessionNotFoundData,
  "valid-error-object": validErrorObject,
  "valid-stop-reason": validStopReason,
} satisfies Record<string, AcpRule>;
