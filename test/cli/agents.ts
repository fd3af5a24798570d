// Small ACP agent files the CLI tests lint; real @agentclientprotocol/sdk 2.x shapes.

/** Two errors (-32001 at 4:50, -32010 at 6:28, acp/no-reserved-error-code) and a warning (-32602 at 8:26, acp/prefer-error-factory). */
export const BROKEN_AGENT = `import { RequestError } from "@agentclientprotocol/sdk";

export function fail(kind: string): never {
  if (kind === "session") throw new RequestError(-32001, "Session gone");
  if (kind === "busy") {
    throw new RequestError(-32010, "Busy");
  }
  throw new RequestError(-32602, "Bad mode", { kind });
}
`;

/** Only a warning: -32602 at 4:26 (acp/prefer-error-factory, "warn" in recommended). */
export const WARNED_AGENT = `import { RequestError } from "@agentclientprotocol/sdk";

export function badMode(modeId: string): never {
  throw new RequestError(-32602, "Unknown mode", { modeId });
}
`;

/** Errors built the way ACP wants: nothing to report in any config. */
export const CLEAN_AGENT = `import { RequestError } from "@agentclientprotocol/sdk";

const TOO_MANY_PROMPTS = 429;

export function fail(kind: string, sessionId: string): never {
  if (kind === "session") throw RequestError.sessionNotFound(sessionId);
  if (kind === "params") throw RequestError.invalidParams({ kind }, "kind is unknown");
  throw new RequestError(TOO_MANY_PROMPTS, "Too many prompts, try again in a minute");
}
`;

/**
 * Different findings in each config: -32001 (6:28) in all three; -32850 (4:48) only in strict, whose
 * no-reserved-error-code also covers the LSP range; -32602 (8:26) a warning, except an error in all.
 */
export const CONFIG_AGENT = `import { RequestError } from "@agentclientprotocol/sdk";

export function fail(kind: string): never {
  if (kind === "stale") throw new RequestError(-32850, "Content modified");
  if (kind === "session") {
    throw new RequestError(-32001, "Session gone");
  }
  throw new RequestError(-32602, "Bad mode", { kind });
}
`;
