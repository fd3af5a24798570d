/**
 * The stop reasons ACP defines, as data. Source: schema v1 (`StopReason`, the `stopReason` of `PromptResponse`) and
 * schema v2 (`IdleStateUpdate.stopReason`); test/protocol-stop-reasons.test.ts checks both against the schemas the
 * installed SDK ships.
 */
import type { ProtocolVersion } from "./codes.js";

/** The stop reason an Agent answers a cancelled prompt turn with. */
export const CANCELLED = "cancelled";

export const STOP_REASONS: Readonly<Record<ProtocolVersion, readonly string[]>> = {
  1: ["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"],
  2: ["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled", "error"],
};

/** v2 reserves stop reasons that begin with `_` for implementation-specific extensions. */
export const EXTENSION_PREFIX: Readonly<Record<ProtocolVersion, string | undefined>> = { 1: undefined, 2: "_" };

/** Whether the protocol version defines `value` as a stop reason (v2: extension values included). */
export function isStopReason(value: string, version: ProtocolVersion): boolean {
  const prefix = EXTENSION_PREFIX[version];
  return STOP_REASONS[version].includes(value) || (prefix !== undefined && value.startsWith(prefix));
}
