/**
 * The ACP methods, as data. Source: schema v1 and v2 and the SDK 2.4.0 entry points
 * (`.`, `/unstable`, `/experimental/v2`, `/experimental/v2/unstable`); test/protocol.test.ts
 * checks the table against all four.
 */
import type { ProtocolVersion } from "./codes.js";

/** Who handles the method; "protocol" means both sides (`$/cancel_request`). */
export type MethodSide = "agent" | "client" | "protocol";
export type MethodKind = "request" | "notification";

export interface MethodInfo {
  readonly wire: string;
  readonly side: MethodSide;
  readonly kind: MethodKind;
  /** The params require `sessionId`. */
  readonly sessionScoped: boolean;
  /**
   * The v1 capability path the handler must advertise before a peer may call it.
   * v2 moves or drops some of these (`agentCapabilities.session.delete`, no list/resume/close gate).
   */
  readonly gate?: string;
  /** Key path under the SDK's `methods`, side included: "agent.session.prompt". */
  readonly sdkKey?: string;
  /** Key in AGENT_METHODS / CLIENT_METHODS / PROTOCOL_METHODS. */
  readonly constantKey?: string;
  /** Method names of the legacy 0.x/1.x `Agent`/`Client` interfaces, older `unstable_*` names included. */
  readonly legacyNames: readonly string[];
  /** "unstable" methods come only from the `/unstable` entry points. */
  readonly stability: "stable" | "unstable";
  /** 1 = the SDK root entry, 2 = `@agentclientprotocol/sdk/experimental/v2`. */
  readonly versions: readonly ProtocolVersion[];
}

const V1: readonly ProtocolVersion[] = [1];
const V2: readonly ProtocolVersion[] = [2];
const BOTH: readonly ProtocolVersion[] = [1, 2];
const SESSION_CAPS = "agentCapabilities.sessionCapabilities";

export const METHODS: readonly MethodInfo[] = [
  // Agent side, stable.
  { wire: "initialize", side: "agent", kind: "request", sessionScoped: false, sdkKey: "agent.initialize", constantKey: "initialize", legacyNames: ["initialize"], stability: "stable", versions: BOTH },
  // Gated by the `methodId` the agent listed in `authMethods`, not by a capability.
  { wire: "authenticate", side: "agent", kind: "request", sessionScoped: false, sdkKey: "agent.authenticate", constantKey: "authenticate", legacyNames: ["authenticate"], stability: "stable", versions: V1 },
  { wire: "logout", side: "agent", kind: "request", sessionScoped: false, gate: "agentCapabilities.auth.logout", sdkKey: "agent.logout", constantKey: "logout", legacyNames: ["logout", "unstable_logout"], stability: "stable", versions: V1 },
  { wire: "session/new", side: "agent", kind: "request", sessionScoped: false, sdkKey: "agent.session.new", constantKey: "session_new", legacyNames: ["newSession"], stability: "stable", versions: BOTH },
  { wire: "session/load", side: "agent", kind: "request", sessionScoped: true, gate: "agentCapabilities.loadSession", sdkKey: "agent.session.load", constantKey: "session_load", legacyNames: ["loadSession"], stability: "stable", versions: V1 },
  { wire: "session/list", side: "agent", kind: "request", sessionScoped: false, gate: `${SESSION_CAPS}.list`, sdkKey: "agent.session.list", constantKey: "session_list", legacyNames: ["listSessions", "unstable_listSessions"], stability: "stable", versions: BOTH },
  { wire: "session/delete", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.delete`, sdkKey: "agent.session.delete", constantKey: "session_delete", legacyNames: ["deleteSession", "unstable_deleteSession"], stability: "stable", versions: BOTH },
  { wire: "session/resume", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.resume`, sdkKey: "agent.session.resume", constantKey: "session_resume", legacyNames: ["resumeSession", "unstable_resumeSession"], stability: "stable", versions: BOTH },
  { wire: "session/close", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.close`, sdkKey: "agent.session.close", constantKey: "session_close", legacyNames: ["closeSession", "unstable_closeSession"], stability: "stable", versions: BOTH },
  { wire: "session/set_mode", side: "agent", kind: "request", sessionScoped: true, sdkKey: "agent.session.setMode", constantKey: "session_set_mode", legacyNames: ["setSessionMode"], stability: "stable", versions: V1 },
  { wire: "session/set_config_option", side: "agent", kind: "request", sessionScoped: true, sdkKey: "agent.session.setConfigOption", constantKey: "session_set_config_option", legacyNames: ["setSessionConfigOption"], stability: "stable", versions: BOTH },
  { wire: "session/prompt", side: "agent", kind: "request", sessionScoped: true, sdkKey: "agent.session.prompt", constantKey: "session_prompt", legacyNames: ["prompt"], stability: "stable", versions: BOTH },
  { wire: "session/cancel", side: "agent", kind: "notification", sessionScoped: true, sdkKey: "agent.session.cancel", constantKey: "session_cancel", legacyNames: ["cancel"], stability: "stable", versions: BOTH },
  // Agent side, v2 only: v2 replaces authenticate/logout and adds targeted cancels.
  { wire: "auth/login", side: "agent", kind: "request", sessionScoped: false, sdkKey: "agent.auth.login", constantKey: "auth_login", legacyNames: [], stability: "stable", versions: V2 },
  { wire: "auth/logout", side: "agent", kind: "request", sessionScoped: false, sdkKey: "agent.auth.logout", constantKey: "auth_logout", legacyNames: [], stability: "stable", versions: V2 },
  { wire: "tool_call/cancel", side: "agent", kind: "request", sessionScoped: true, sdkKey: "agent.toolCall.cancel", constantKey: "tool_call_cancel", legacyNames: [], stability: "stable", versions: V2 },
  { wire: "terminal/cancel", side: "agent", kind: "request", sessionScoped: true, sdkKey: "agent.terminal.cancel", constantKey: "terminal_cancel", legacyNames: [], stability: "stable", versions: V2 },
  // Agent side, unstable.
  { wire: "session/fork", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.fork`, sdkKey: "agent.session.fork", constantKey: "session_fork", legacyNames: ["unstable_forkSession"], stability: "unstable", versions: BOTH },
  { wire: "session/archive", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.archive`, sdkKey: "agent.session.archive", constantKey: "session_archive", legacyNames: [], stability: "unstable", versions: BOTH },
  { wire: "session/unarchive", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.archive`, sdkKey: "agent.session.unarchive", constantKey: "session_unarchive", legacyNames: [], stability: "unstable", versions: BOTH },
  { wire: "session/status", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.status`, sdkKey: "agent.session.status", constantKey: "session_status", legacyNames: [], stability: "unstable", versions: BOTH },
  { wire: "session/set_title", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.title`, sdkKey: "agent.session.setTitle", constantKey: "session_set_title", legacyNames: [], stability: "unstable", versions: BOTH },
  { wire: "providers/list", side: "agent", kind: "request", sessionScoped: false, gate: "agentCapabilities.providers", sdkKey: "agent.providers.list", constantKey: "providers_list", legacyNames: ["unstable_listProviders"], stability: "unstable", versions: BOTH },
  { wire: "providers/set", side: "agent", kind: "request", sessionScoped: false, gate: "agentCapabilities.providers", sdkKey: "agent.providers.set", constantKey: "providers_set", legacyNames: ["unstable_setProvider"], stability: "unstable", versions: BOTH },
  { wire: "providers/disable", side: "agent", kind: "request", sessionScoped: false, gate: "agentCapabilities.providers", sdkKey: "agent.providers.disable", constantKey: "providers_disable", legacyNames: ["unstable_disableProvider"], stability: "unstable", versions: BOTH },
  { wire: "auth/status", side: "agent", kind: "request", sessionScoped: false, gate: "agentCapabilities.auth.status", sdkKey: "agent.auth.status", constantKey: "auth_status", legacyNames: [], stability: "unstable", versions: BOTH },
  // MCP-over-ACP: the client hosts the server; the agent receives its notifications.
  { wire: "mcp/message", side: "agent", kind: "notification", sessionScoped: false, sdkKey: "agent.mcp.message", constantKey: "mcp_message", legacyNames: [], stability: "unstable", versions: BOTH },
  // Historical: no 2.4.0 entry point has it, but agents still implement it.
  { wire: "session/set_model", side: "agent", kind: "request", sessionScoped: true, legacyNames: ["unstable_setSessionModel"], stability: "unstable", versions: V1 },

  // Client side, stable.
  { wire: "session/request_permission", side: "client", kind: "request", sessionScoped: true, sdkKey: "client.session.requestPermission", constantKey: "session_request_permission", legacyNames: ["requestPermission"], stability: "stable", versions: BOTH },
  { wire: "session/update", side: "client", kind: "notification", sessionScoped: true, sdkKey: "client.session.update", constantKey: "session_update", legacyNames: ["sessionUpdate"], stability: "stable", versions: BOTH },
  { wire: "fs/read_text_file", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.fs.readTextFile", sdkKey: "client.fs.readTextFile", constantKey: "fs_read_text_file", legacyNames: ["readTextFile"], stability: "stable", versions: V1 },
  { wire: "fs/write_text_file", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.fs.writeTextFile", sdkKey: "client.fs.writeTextFile", constantKey: "fs_write_text_file", legacyNames: ["writeTextFile"], stability: "stable", versions: V1 },
  { wire: "terminal/create", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.terminal", sdkKey: "client.terminal.create", constantKey: "terminal_create", legacyNames: ["createTerminal"], stability: "stable", versions: V1 },
  { wire: "terminal/output", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.terminal", sdkKey: "client.terminal.output", constantKey: "terminal_output", legacyNames: ["terminalOutput"], stability: "stable", versions: V1 },
  { wire: "terminal/release", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.terminal", sdkKey: "client.terminal.release", constantKey: "terminal_release", legacyNames: ["releaseTerminal"], stability: "stable", versions: V1 },
  { wire: "terminal/wait_for_exit", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.terminal", sdkKey: "client.terminal.waitForExit", constantKey: "terminal_wait_for_exit", legacyNames: ["waitForTerminalExit"], stability: "stable", versions: V1 },
  { wire: "terminal/kill", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.terminal", sdkKey: "client.terminal.kill", constantKey: "terminal_kill", legacyNames: ["killTerminal"], stability: "stable", versions: V1 },
  // Tied to a session or to a request, so `sessionId` is optional.
  { wire: "elicitation/create", side: "client", kind: "request", sessionScoped: false, gate: "clientCapabilities.elicitation", sdkKey: "client.elicitation.create", constantKey: "elicitation_create", legacyNames: ["createElicitation", "unstable_createElicitation"], stability: "stable", versions: BOTH },
  { wire: "elicitation/complete", side: "client", kind: "notification", sessionScoped: false, sdkKey: "client.elicitation.complete", constantKey: "elicitation_complete", legacyNames: ["completeElicitation", "unstable_completeElicitation"], stability: "stable", versions: BOTH },
  // Client side, unstable.
  { wire: "mcp/message", side: "client", kind: "request", sessionScoped: false, sdkKey: "client.mcp.message", constantKey: "mcp_message", legacyNames: [], stability: "unstable", versions: BOTH },
  // The agent sends it only if it advertises its own `auth.status`: no peer gate.
  { wire: "auth/status_update", side: "client", kind: "notification", sessionScoped: false, sdkKey: "client.auth.statusUpdate", constantKey: "auth_status_update", legacyNames: [], stability: "unstable", versions: BOTH },

  // Both sides.
  { wire: "$/cancel_request", side: "protocol", kind: "notification", sessionScoped: false, sdkKey: "protocol.cancelRequest", constantKey: "cancel_request", legacyNames: [], stability: "stable", versions: BOTH },
];

export function methodsFor(version: ProtocolVersion): readonly MethodInfo[] {
  return METHODS.filter((m) => m.versions.includes(version));
}

/**
 * The method `wire` handled by `side`; without `side`, the first one of that name.
 * A "protocol" method is handled by both sides, so it answers for "agent" and "client" too.
 */
export function findMethod(wire: string, side?: MethodSide): MethodInfo | undefined {
  return METHODS.find((m) => m.wire === wire && (side === undefined || m.side === side || m.side === "protocol"));
}

export function findLegacyMethod(name: string, side: "agent" | "client"): MethodInfo | undefined {
  return METHODS.find((m) => m.side === side && m.legacyNames.includes(name));
}

export const SESSION_SCOPED_AGENT_REQUESTS: ReadonlySet<string> = new Set(
  METHODS.filter((m) => m.side === "agent" && m.kind === "request" && m.sessionScoped).map((m) => m.wire),
);
