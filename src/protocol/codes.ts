/** The error codes ACP defines, as data. Source: the ACP Errors page and schema v1. */

export type ProtocolVersion = 1 | 2;

/** An SDK `RequestError` factory and the shape of its arguments. */
export type FactoryArgs =
  /** `(data?, additionalMessage?)` */
  | "data-message"
  /** `methodNotFound(method)`, data `{ method }` */
  | "method"
  /** `resourceNotFound(uri?)`, data `{ uri }` */
  | "uri"
  /** `sessionNotFound(sessionId)`, data `{ sessionId }` */
  | "session-id"
  /** `unsupportedProtocolVersion(requested, supported)`, data `{ requested, supported }` */
  | "protocol-versions";

export interface ErrorFactory {
  readonly name: string;
  readonly code: number;
  readonly args: FactoryArgs;
  /** SDK version that added the factory. */
  readonly since: string;
}

export interface ErrorCodeInfo {
  readonly code: number;
  readonly name: string;
  /** The standard message of the Errors page. */
  readonly message: string;
  /** Protocol versions that define the code. */
  readonly versions: readonly ProtocolVersion[];
}

export const ERROR_CODES: readonly ErrorCodeInfo[] = [
  { code: -32700, name: "ParseError", message: "Parse error", versions: [1, 2] },
  { code: -32600, name: "InvalidRequest", message: "Invalid request", versions: [1, 2] },
  { code: -32601, name: "MethodNotFound", message: "Method not found", versions: [1, 2] },
  { code: -32602, name: "InvalidParams", message: "Invalid params", versions: [1, 2] },
  { code: -32603, name: "InternalError", message: "Internal error", versions: [1, 2] },
  { code: -32800, name: "RequestCancelled", message: "Request cancelled", versions: [1, 2] },
  { code: -32000, name: "AuthRequired", message: "Authentication required", versions: [1, 2] },
  { code: -32002, name: "ResourceNotFound", message: "Resource not found", versions: [1, 2] },
  { code: -32022, name: "UnsupportedProtocolVersion", message: "Unsupported protocol version", versions: [2] },
];

/** The static factories of the SDK's `RequestError`, in the order the SDK declares them. */
export const ERROR_FACTORIES: readonly ErrorFactory[] = [
  { name: "parseError", code: -32700, args: "data-message", since: "0.1.0" },
  { name: "invalidRequest", code: -32600, args: "data-message", since: "0.1.0" },
  { name: "methodNotFound", code: -32601, args: "method", since: "0.1.0" },
  { name: "invalidParams", code: -32602, args: "data-message", since: "0.1.0" },
  { name: "internalError", code: -32603, args: "data-message", since: "0.1.0" },
  { name: "requestCancelled", code: -32800, args: "data-message", since: "0.29.0" },
  { name: "authRequired", code: -32000, args: "data-message", since: "0.1.0" },
  { name: "resourceNotFound", code: -32002, args: "uri", since: "0.1.0" },
  { name: "sessionNotFound", code: -32002, args: "session-id", since: "2.1.0" },
  { name: "unsupportedProtocolVersion", code: -32022, args: "protocol-versions", since: "1.9.0" },
];

export interface CodeRange {
  readonly from: number;
  readonly to: number;
}

/** Reserved for JSON-RPC and ACP: implementation codes SHOULD lie outside it. */
export const JSON_RPC_RESERVED: CodeRange = { from: -32768, to: -32000 };

/** The LSP range the v1 draft also reserves (ACP took -32800 from it). */
export const LSP_RESERVED: CodeRange = { from: -32899, to: -32800 };

export function codesOf(version: ProtocolVersion): ReadonlyMap<number, ErrorCodeInfo> {
  return new Map(ERROR_CODES.filter((c) => c.versions.includes(version)).map((c) => [c.code, c]));
}

export function inRange(code: number, range: CodeRange): boolean {
  return code >= range.from && code <= range.to;
}

export const FACTORY_BY_NAME: ReadonlyMap<string, ErrorFactory> = new Map(ERROR_FACTORIES.map((f) => [f.name, f]));
