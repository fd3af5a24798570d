/** Pages of the ACP specification that rule docs and messages link to. */
export const SPEC_BASE = "https://agentclientprotocol.com/protocol/v1";

export type SpecPage =
  | "error"
  | "cancellation"
  | "prompt-turn"
  | "session-setup"
  | "session-delete"
  | "session-list"
  | "authentication"
  | "extensibility"
  | "file-system"
  | "terminals"
  | "initialization"
  | "schema#errorcode";

export function specUrl(page: SpecPage, anchor?: string): string {
  return `${SPEC_BASE}/${page}${anchor ? `#${anchor}` : ""}`;
}

export const JSON_RPC_ERROR_OBJECT_URL = "https://www.jsonrpc.org/specification#error_object";
