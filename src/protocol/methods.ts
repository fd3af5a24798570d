/**
 * The ACP methods, as data. Source: schema v1 and v2 and the SDK 2.4.0 entry points
 * (`.`, `/unstable`, `/experimental/v2`, `/experimental/v2/unstable`); test/protocol.test.ts
 * checks the table against all four, and the type names against the declarations of every installed SDK.
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
  /**
   * The SDK's type names for the params (of a request or a notification), v1 names before v2's
   * (`CancelNotification`, `CancelSessionNotification`); the same in every SDK version that has them.
   */
  readonly requestTypes: readonly string[];
  /** The SDK's type names for the result; none for a notification. */
  readonly responseTypes: readonly string[];
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
  { wire: "initialize", side: "agent", kind: "request", sessionScoped: false, sdkKey: "agent.initialize", constantKey: "initialize", legacyNames: ["initialize"], requestTypes: ["InitializeRequest"], responseTypes: ["InitializeResponse"], stability: "stable", versions: BOTH },
  // Gated by the `methodId` the agent listed in `authMethods`, not by a capability.
  { wire: "authenticate", side: "agent", kind: "request", sessionScoped: false, sdkKey: "agent.authenticate", constantKey: "authenticate", legacyNames: ["authenticate"], requestTypes: ["AuthenticateRequest"], responseTypes: ["AuthenticateResponse"], stability: "stable", versions: V1 },
  { wire: "logout", side: "agent", kind: "request", sessionScoped: false, gate: "agentCapabilities.auth.logout", sdkKey: "agent.logout", constantKey: "logout", legacyNames: ["logout", "unstable_logout"], requestTypes: ["LogoutRequest"], responseTypes: ["LogoutResponse"], stability: "stable", versions: V1 },
  { wire: "session/new", side: "agent", kind: "request", sessionScoped: false, sdkKey: "agent.session.new", constantKey: "session_new", legacyNames: ["newSession"], requestTypes: ["NewSessionRequest"], responseTypes: ["NewSessionResponse"], stability: "stable", versions: BOTH },
  { wire: "session/load", side: "agent", kind: "request", sessionScoped: true, gate: "agentCapabilities.loadSession", sdkKey: "agent.session.load", constantKey: "session_load", legacyNames: ["loadSession"], requestTypes: ["LoadSessionRequest"], responseTypes: ["LoadSessionResponse"], stability: "stable", versions: V1 },
  { wire: "session/list", side: "agent", kind: "request", sessionScoped: false, gate: `${SESSION_CAPS}.list`, sdkKey: "agent.session.list", constantKey: "session_list", legacyNames: ["listSessions", "unstable_listSessions"], requestTypes: ["ListSessionsRequest"], responseTypes: ["ListSessionsResponse"], stability: "stable", versions: BOTH },
  { wire: "session/delete", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.delete`, sdkKey: "agent.session.delete", constantKey: "session_delete", legacyNames: ["deleteSession", "unstable_deleteSession"], requestTypes: ["DeleteSessionRequest"], responseTypes: ["DeleteSessionResponse"], stability: "stable", versions: BOTH },
  { wire: "session/resume", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.resume`, sdkKey: "agent.session.resume", constantKey: "session_resume", legacyNames: ["resumeSession", "unstable_resumeSession"], requestTypes: ["ResumeSessionRequest"], responseTypes: ["ResumeSessionResponse"], stability: "stable", versions: BOTH },
  { wire: "session/close", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.close`, sdkKey: "agent.session.close", constantKey: "session_close", legacyNames: ["closeSession", "unstable_closeSession"], requestTypes: ["CloseSessionRequest"], responseTypes: ["CloseSessionResponse"], stability: "stable", versions: BOTH },
  { wire: "session/set_mode", side: "agent", kind: "request", sessionScoped: true, sdkKey: "agent.session.setMode", constantKey: "session_set_mode", legacyNames: ["setSessionMode"], requestTypes: ["SetSessionModeRequest"], responseTypes: ["SetSessionModeResponse"], stability: "stable", versions: V1 },
  { wire: "session/set_config_option", side: "agent", kind: "request", sessionScoped: true, sdkKey: "agent.session.setConfigOption", constantKey: "session_set_config_option", legacyNames: ["setSessionConfigOption"], requestTypes: ["SetSessionConfigOptionRequest"], responseTypes: ["SetSessionConfigOptionResponse"], stability: "stable", versions: BOTH },
  { wire: "session/prompt", side: "agent", kind: "request", sessionScoped: true, sdkKey: "agent.session.prompt", constantKey: "session_prompt", legacyNames: ["prompt"], requestTypes: ["PromptRequest"], responseTypes: ["PromptResponse"], stability: "stable", versions: BOTH },
  { wire: "session/cancel", side: "agent", kind: "notification", sessionScoped: true, sdkKey: "agent.session.cancel", constantKey: "session_cancel", legacyNames: ["cancel"], requestTypes: ["CancelNotification", "CancelSessionNotification"], responseTypes: [], stability: "stable", versions: BOTH },
  // Agent side, v2 only: v2 replaces authenticate/logout and adds targeted cancels.
  { wire: "auth/login", side: "agent", kind: "request", sessionScoped: false, sdkKey: "agent.auth.login", constantKey: "auth_login", legacyNames: [], requestTypes: ["LoginAuthRequest"], responseTypes: ["LoginAuthResponse"], stability: "stable", versions: V2 },
  { wire: "auth/logout", side: "agent", kind: "request", sessionScoped: false, sdkKey: "agent.auth.logout", constantKey: "auth_logout", legacyNames: [], requestTypes: ["LogoutAuthRequest"], responseTypes: ["LogoutAuthResponse"], stability: "stable", versions: V2 },
  { wire: "tool_call/cancel", side: "agent", kind: "request", sessionScoped: true, sdkKey: "agent.toolCall.cancel", constantKey: "tool_call_cancel", legacyNames: [], requestTypes: ["CancelToolCallRequest"], responseTypes: ["CancelToolCallResponse"], stability: "stable", versions: V2 },
  { wire: "terminal/cancel", side: "agent", kind: "request", sessionScoped: true, sdkKey: "agent.terminal.cancel", constantKey: "terminal_cancel", legacyNames: [], requestTypes: ["CancelTerminalRequest"], responseTypes: ["CancelTerminalResponse"], stability: "stable", versions: V2 },
  // Agent side, unstable.
  { wire: "session/fork", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.fork`, sdkKey: "agent.session.fork", constantKey: "session_fork", legacyNames: ["unstable_forkSession"], requestTypes: ["ForkSessionRequest"], responseTypes: ["ForkSessionResponse"], stability: "unstable", versions: BOTH },
  { wire: "session/archive", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.archive`, sdkKey: "agent.session.archive", constantKey: "session_archive", legacyNames: [], requestTypes: ["ArchiveSessionRequest"], responseTypes: ["ArchiveSessionResponse"], stability: "unstable", versions: BOTH },
  { wire: "session/unarchive", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.archive`, sdkKey: "agent.session.unarchive", constantKey: "session_unarchive", legacyNames: [], requestTypes: ["UnarchiveSessionRequest"], responseTypes: ["UnarchiveSessionResponse"], stability: "unstable", versions: BOTH },
  { wire: "session/status", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.status`, sdkKey: "agent.session.status", constantKey: "session_status", legacyNames: [], requestTypes: ["SessionStatusRequest"], responseTypes: ["SessionStatusResponse"], stability: "unstable", versions: BOTH },
  { wire: "session/set_title", side: "agent", kind: "request", sessionScoped: true, gate: `${SESSION_CAPS}.title`, sdkKey: "agent.session.setTitle", constantKey: "session_set_title", legacyNames: [], requestTypes: ["SetSessionTitleRequest"], responseTypes: ["SetSessionTitleResponse"], stability: "unstable", versions: BOTH },
  { wire: "providers/list", side: "agent", kind: "request", sessionScoped: false, gate: "agentCapabilities.providers", sdkKey: "agent.providers.list", constantKey: "providers_list", legacyNames: ["unstable_listProviders"], requestTypes: ["ListProvidersRequest"], responseTypes: ["ListProvidersResponse"], stability: "unstable", versions: BOTH },
  { wire: "providers/set", side: "agent", kind: "request", sessionScoped: false, gate: "agentCapabilities.providers", sdkKey: "agent.providers.set", constantKey: "providers_set", legacyNames: ["unstable_setProvider"], requestTypes: ["SetProviderRequest"], responseTypes: ["SetProviderResponse"], stability: "unstable", versions: BOTH },
  { wire: "providers/disable", side: "agent", kind: "request", sessionScoped: false, gate: "agentCapabilities.providers", sdkKey: "agent.providers.disable", constantKey: "providers_disable", legacyNames: ["unstable_disableProvider"], requestTypes: ["DisableProviderRequest"], responseTypes: ["DisableProviderResponse"], stability: "unstable", versions: BOTH },
  { wire: "auth/status", side: "agent", kind: "request", sessionScoped: false, gate: "agentCapabilities.auth.status", sdkKey: "agent.auth.status", constantKey: "auth_status", legacyNames: [], requestTypes: ["AuthStatusRequest"], responseTypes: ["AuthStatusResponse"], stability: "unstable", versions: BOTH },
  // MCP-over-ACP: the client hosts the server; the agent receives its notifications.
  { wire: "mcp/message", side: "agent", kind: "notification", sessionScoped: false, sdkKey: "agent.mcp.message", constantKey: "mcp_message", legacyNames: [], requestTypes: ["MessageMcpNotification"], responseTypes: [], stability: "unstable", versions: BOTH },
  // Historical: no installed SDK has it, but agents still implement it, typed with the names older SDKs gave it.
  { wire: "session/set_model", side: "agent", kind: "request", sessionScoped: true, legacyNames: ["unstable_setSessionModel"], requestTypes: ["SetSessionModelRequest"], responseTypes: ["SetSessionModelResponse"], stability: "unstable", versions: V1 },

  // Client side, stable.
  { wire: "session/request_permission", side: "client", kind: "request", sessionScoped: true, sdkKey: "client.session.requestPermission", constantKey: "session_request_permission", legacyNames: ["requestPermission"], requestTypes: ["RequestPermissionRequest"], responseTypes: ["RequestPermissionResponse"], stability: "stable", versions: BOTH },
  { wire: "session/update", side: "client", kind: "notification", sessionScoped: true, sdkKey: "client.session.update", constantKey: "session_update", legacyNames: ["sessionUpdate"], requestTypes: ["SessionNotification", "UpdateSessionNotification"], responseTypes: [], stability: "stable", versions: BOTH },
  { wire: "fs/read_text_file", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.fs.readTextFile", sdkKey: "client.fs.readTextFile", constantKey: "fs_read_text_file", legacyNames: ["readTextFile"], requestTypes: ["ReadTextFileRequest"], responseTypes: ["ReadTextFileResponse"], stability: "stable", versions: V1 },
  { wire: "fs/write_text_file", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.fs.writeTextFile", sdkKey: "client.fs.writeTextFile", constantKey: "fs_write_text_file", legacyNames: ["writeTextFile"], requestTypes: ["WriteTextFileRequest"], responseTypes: ["WriteTextFileResponse"], stability: "stable", versions: V1 },
  { wire: "terminal/create", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.terminal", sdkKey: "client.terminal.create", constantKey: "terminal_create", legacyNames: ["createTerminal"], requestTypes: ["CreateTerminalRequest"], responseTypes: ["CreateTerminalResponse"], stability: "stable", versions: V1 },
  { wire: "terminal/output", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.terminal", sdkKey: "client.terminal.output", constantKey: "terminal_output", legacyNames: ["terminalOutput"], requestTypes: ["TerminalOutputRequest"], responseTypes: ["TerminalOutputResponse"], stability: "stable", versions: V1 },
  { wire: "terminal/release", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.terminal", sdkKey: "client.terminal.release", constantKey: "terminal_release", legacyNames: ["releaseTerminal"], requestTypes: ["ReleaseTerminalRequest"], responseTypes: ["ReleaseTerminalResponse"], stability: "stable", versions: V1 },
  { wire: "terminal/wait_for_exit", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.terminal", sdkKey: "client.terminal.waitForExit", constantKey: "terminal_wait_for_exit", legacyNames: ["waitForTerminalExit"], requestTypes: ["WaitForTerminalExitRequest"], responseTypes: ["WaitForTerminalExitResponse"], stability: "stable", versions: V1 },
  { wire: "terminal/kill", side: "client", kind: "request", sessionScoped: true, gate: "clientCapabilities.terminal", sdkKey: "client.terminal.kill", constantKey: "terminal_kill", legacyNames: ["killTerminal"], requestTypes: ["KillTerminalRequest"], responseTypes: ["KillTerminalResponse"], stability: "stable", versions: V1 },
  // Tied to a session or to a request, so `sessionId` is optional.
  { wire: "elicitation/create", side: "client", kind: "request", sessionScoped: false, gate: "clientCapabilities.elicitation", sdkKey: "client.elicitation.create", constantKey: "elicitation_create", legacyNames: ["createElicitation", "unstable_createElicitation"], requestTypes: ["CreateElicitationRequest"], responseTypes: ["CreateElicitationResponse"], stability: "stable", versions: BOTH },
  { wire: "elicitation/complete", side: "client", kind: "notification", sessionScoped: false, sdkKey: "client.elicitation.complete", constantKey: "elicitation_complete", legacyNames: ["completeElicitation", "unstable_completeElicitation"], requestTypes: ["CompleteElicitationNotification"], responseTypes: [], stability: "stable", versions: BOTH },
  // Client side, unstable.
  { wire: "mcp/message", side: "client", kind: "request", sessionScoped: false, sdkKey: "client.mcp.message", constantKey: "mcp_message", legacyNames: [], requestTypes: ["MessageMcpRequest"], responseTypes: ["MessageMcpResponse"], stability: "unstable", versions: BOTH },
  // The agent sends it only if it advertises its own `auth.status`: no peer gate.
  { wire: "auth/status_update", side: "client", kind: "notification", sessionScoped: false, sdkKey: "client.auth.statusUpdate", constantKey: "auth_status_update", legacyNames: [], requestTypes: ["AuthStatusUpdateNotification"], responseTypes: [], stability: "unstable", versions: BOTH },

  // Both sides.
  { wire: "$/cancel_request", side: "protocol", kind: "notification", sessionScoped: false, sdkKey: "protocol.cancelRequest", constantKey: "cancel_request", legacyNames: [], requestTypes: ["CancelRequestNotification"], responseTypes: [], stability: "stable", versions: BOTH },
];

export function methodsFor(version: ProtocolVersion): readonly MethodInfo[] {
  return METHODS.filter((m) => m.versions.includes(version));
}

/** Every method's wire name. */
export const WIRE_NAMES: ReadonlySet<string> = new Set(METHODS.map((m) => m.wire));

/**
 * The method `wire` handled by `side`; without `side`, the first one of that name.
 * A "protocol" method is handled by both sides, so it answers for "agent" and "client" too.
 */
export function findMethod(wire: string, side?: MethodSide): MethodInfo | undefined {
  return METHODS.find((m) => m.wire === wire && (side === undefined || m.side === side || m.side === "protocol"));
}

/**
 * Type names older SDK releases gave a method's params and result, which the installed ones no longer declare:
 * `KillTerminalCommandRequest` (in `@zed-industries/agent-client-protocol` 0.4 and `@agentclientprotocol/sdk`
 * 0.12, before `KillTerminalRequest`), with its `KillTerminalCommandResponse`.
 */
export const HISTORICAL_TYPES: Readonly<Record<string, { readonly wire: string; readonly side: MethodSide; readonly kind: "request" | "response" }>> = {
  KillTerminalCommandRequest: { wire: "terminal/kill", side: "client", kind: "request" },
  KillTerminalCommandResponse: { wire: "terminal/kill", side: "client", kind: "response" },
};

/** The method whose params the SDK type `name` describes (`PromptRequest`, `CancelNotification`, an older release's name). */
export function findMethodByRequestType(name: string): MethodInfo | undefined {
  const historical = HISTORICAL_TYPES[name];
  if (historical?.kind === "request") return findMethod(historical.wire, historical.side);
  return METHODS.find((m) => m.requestTypes.includes(name));
}

/** Whether the SDK type `name` is the result type of `method`, an older release's name included. */
export function isResponseTypeOf(method: MethodInfo, name: string): boolean {
  const historical = HISTORICAL_TYPES[name];
  if (historical) return historical.kind === "response" && historical.wire === method.wire && historical.side === method.side;
  return method.responseTypes.includes(name);
}

export function findLegacyMethod(name: string, side: "agent" | "client"): MethodInfo | undefined {
  return METHODS.find((m) => m.side === side && m.legacyNames.includes(name));
}

/**
 * Protocol version 2's targeted cancels (`tool_call/cancel`, `terminal/cancel`): the agent answers -32602 Invalid
 * params when the item is unknown, already final (a terminal that has exited) or does not advertise
 * `capabilities.cancel`, where version 1 answered an unknown terminal with -32002.
 */
export const V2_ITEM_CANCELS: ReadonlySet<string> = new Set(["tool_call/cancel", "terminal/cancel"]);

export const SESSION_SCOPED_AGENT_REQUESTS: ReadonlySet<string> = new Set(
  METHODS.filter((m) => m.side === "agent" && m.kind === "request" && m.sessionScoped).map((m) => m.wire),
);

/**
 * The legacy `Agent` method names the SDK's `AgentSideConnection` calls only in some releases (read from each
 * release's dispatch code, 0.12.0 to 1.9.0): `since` inclusive, `until` exclusive. A member under a name the installed
 * SDK does not call is never run (the client gets -32601). Names not listed are called by every 0.x/1.x release.
 */
export const LEGACY_NAME_RELEASES: Readonly<Record<string, { readonly since?: string; readonly until?: string }>> = {
  unstable_listSessions: { until: "0.16.0" },
  listSessions: { since: "0.16.0" },
  unstable_resumeSession: { until: "0.20.0" },
  resumeSession: { since: "0.20.0" },
  unstable_closeSession: { since: "0.16.0", until: "0.20.0" },
  closeSession: { since: "0.20.0" },
  unstable_deleteSession: { since: "0.22.0", until: "0.25.0" },
  deleteSession: { since: "0.25.0" },
  unstable_logout: { since: "0.17.0", until: "0.23.0" },
  logout: { since: "0.23.0" },
  unstable_setSessionModel: { until: "0.24.0" },
  setSessionConfigOption: { since: "0.14.0" },
};
