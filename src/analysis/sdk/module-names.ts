/** Module names that are the ACP SDK, current and legacy; subpaths (`/unstable`) count too. */
export const BUILTIN_SDK_MODULES = ["@agentclientprotocol/sdk", "@zed-industries/agent-client-protocol"] as const;

/** Modules whose `ResponseError` / `RequestError` is a JSON-RPC error `(code, message, data)`. */
export const JSON_RPC_MODULES = ["vscode-jsonrpc", "vscode-languageserver", "vscode-languageserver-protocol"] as const;

/** Whether a module specifier names one of `modules` or a subpath of one (`@agentclientprotocol/sdk/unstable`). */
export function isOneOf(source: string, modules: readonly string[]): boolean {
  return modules.some((m) => source === m || source.startsWith(`${m}/`));
}
