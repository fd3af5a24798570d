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

/** Each code by name: the one definition of its number, which the tables below, the analysis and the rules use. */
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
/** Malformed params and unsupported values; in version 2 also an unknown terminal, or an item that cannot be cancelled. */
export const INVALID_PARAMS = -32602;
/** Also what the SDK answers for a thrown value that is not a RequestError. */
export const INTERNAL_ERROR = -32603;
/** The answer to `$/cancel_request`, not to `session/cancel`. */
export const REQUEST_CANCELLED = -32800;
export const AUTH_REQUIRED = -32000;
/** An unknown session, file or terminal. */
export const RESOURCE_NOT_FOUND = -32002;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

export const ERROR_CODES: readonly ErrorCodeInfo[] = [
  { code: PARSE_ERROR, name: "ParseError", message: "Parse error", versions: [1, 2] },
  { code: INVALID_REQUEST, name: "InvalidRequest", message: "Invalid request", versions: [1, 2] },
  { code: METHOD_NOT_FOUND, name: "MethodNotFound", message: "Method not found", versions: [1, 2] },
  { code: INVALID_PARAMS, name: "InvalidParams", message: "Invalid params", versions: [1, 2] },
  { code: INTERNAL_ERROR, name: "InternalError", message: "Internal error", versions: [1, 2] },
  { code: REQUEST_CANCELLED, name: "RequestCancelled", message: "Request cancelled", versions: [1, 2] },
  { code: AUTH_REQUIRED, name: "AuthRequired", message: "Authentication required", versions: [1, 2] },
  { code: RESOURCE_NOT_FOUND, name: "ResourceNotFound", message: "Resource not found", versions: [1, 2] },
  { code: UNSUPPORTED_PROTOCOL_VERSION, name: "UnsupportedProtocolVersion", message: "Unsupported protocol version", versions: [2] },
];

/** The static factories of the SDK's `RequestError`, in the order the SDK declares them. */
export const ERROR_FACTORIES: readonly ErrorFactory[] = [
  { name: "parseError", code: PARSE_ERROR, args: "data-message", since: "0.1.0" },
  { name: "invalidRequest", code: INVALID_REQUEST, args: "data-message", since: "0.1.0" },
  { name: "methodNotFound", code: METHOD_NOT_FOUND, args: "method", since: "0.1.0" },
  { name: "invalidParams", code: INVALID_PARAMS, args: "data-message", since: "0.1.0" },
  { name: "internalError", code: INTERNAL_ERROR, args: "data-message", since: "0.1.0" },
  { name: "requestCancelled", code: REQUEST_CANCELLED, args: "data-message", since: "0.29.0" },
  { name: "authRequired", code: AUTH_REQUIRED, args: "data-message", since: "0.1.0" },
  { name: "resourceNotFound", code: RESOURCE_NOT_FOUND, args: "uri", since: "0.1.0" },
  { name: "sessionNotFound", code: RESOURCE_NOT_FOUND, args: "session-id", since: "2.1.0" },
  { name: "unsupportedProtocolVersion", code: UNSUPPORTED_PROTOCOL_VERSION, args: "protocol-versions", since: "1.9.0" },
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

/** The message the table gives a code of its own. */
function standardMessage(code: number): string {
  const info = ERROR_CODES.find((c) => c.code === code);
  if (!info) throw new Error(`no standard message for ${code}`);
  return info.message;
}

/** `{ code: -32602, message: "Invalid params", data: … }`: the error object a hand-rolled dispatcher sends. */
export function errorObjectText(code: number, data: string): string {
  return `{ code: ${code}, message: ${JSON.stringify(standardMessage(code))}, data${data === "data" ? "" : `: ${data}`} }`;
}

/** `new RequestError(-32602, "Invalid params", data)`: a construction with an error class, the table's message. */
export function constructionText(errorClass: string, code: number, data: string): string {
  return `new ${errorClass}(${code}, ${JSON.stringify(standardMessage(code))}, ${data})`;
}
