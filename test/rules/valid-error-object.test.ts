import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/valid-error-object.js";
import { at, indexOf } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { sdkRequestErrorClass } from "../sdk-source.js";
import { NOT_SENDERS, REFUSE, RESPONSE_TYPES, SERVER, TRANSPORT } from "./dispatch-responses.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

/**
 * `nonIntegerCode` at the `nth` occurrence of `text`. With `fix`, the `useNumber` suggestion: a number replaces
 * `text` itself, or `{ literal, to }` replaces the string literal `literal` (inside `text`, such as `"1" as never`).
 */
function nonInteger(
  code: string,
  text: string,
  value: string,
  fix?: number | { literal: string; to: number },
  nth = 0,
): Report {
  const suggestion = (literal: string, to: number) => {
    const start = indexOf(code, text, nth) + text.indexOf(literal);
    const output = code.slice(0, start) + String(to) + code.slice(start + literal.length);
    return [{ messageId: "useNumber" as const, data: { number: to }, output }];
  };
  return {
    messageId: "nonIntegerCode",
    data: { value },
    ...at(code, text, nth),
    suggestions: fix === undefined ? [] : typeof fix === "number" ? suggestion(text, fix) : suggestion(fix.literal, fix.to),
  };
}

function missing(code: string, text: string, nth = 0): Report {
  return { messageId: "missingMessage", ...at(code, text, nth), suggestions: [] };
}

function nonString(code: string, text: string, value: string, nth = 0): Report {
  return { messageId: "nonStringMessage", data: { value }, ...at(code, text, nth), suggestions: [] };
}

function mismatched(code: string, text: string, message: string, standardCode: number, actual: number, nth = 0): Report {
  return {
    messageId: "mismatchedMessage",
    data: { message, standardCode, code: actual },
    ...at(code, text, nth),
    suggestions: [],
  };
}

const v2 = { acp: { protocolVersion: 2 } };

// ---------------------------------------------------------------------------------------------------------------
// Valid: shapes real agents and clients write, which must stay silent.
// ---------------------------------------------------------------------------------------------------------------

const valid: Valid[] = [
  {
    name: "a vendor's REST error body with a string code (a test mock of an HTTP API): no JSON-RPC error",
    code: `
function jsonResponse(body: unknown, init: { status: number }): Response {
  return new Response(JSON.stringify(body), { status: init.status });
}
export function quotaExceeded(): Response {
  return jsonResponse({ error: { code: "1113", message: "No permission for current API key" } }, { status: 429 });
}
`,
  },
  // A well-formed agent: integer codes, string messages, standard messages with their own codes.
  {
    name: "SDK agent with well-formed RequestErrors and factories",
    code: `
import { RequestError, type PromptRequest, type PromptResponse } from "@agentclientprotocol/sdk";

export class EchoAgent {
  private sessions = new Map<string, { cwd: string; abort?: AbortController }>();

  async prompt(params: PromptRequest): Promise<PromptResponse> {
    const session = this.sessions.get(params.sessionId);
    if (!session) throw RequestError.resourceNotFound(params.sessionId);
    if (params.prompt.length === 0) throw new RequestError(-32602, "Invalid params", { field: "prompt" });
    if (!session.cwd) throw new RequestError(-32001, \`Session \${params.sessionId} has no working directory\`);
    return { stopReason: "end_turn" };
  }

  async extMethod(method: string): Promise<Record<string, unknown>> {
    throw new RequestError(-32601, \`Method not found: \${method}\`, { method });
  }
}
`,
  },
  // The SDK's own factory definitions: the messages embed the standard message differently, codes match.
  {
    name: "the SDK's RequestError class and its factory definitions",
    code: sdkRequestErrorClass,
  },
  // The argument of a factory is its data, not an error object of its own.
  {
    name: "internalError({ code: e.code, path: e.path }) in a client's file read",
    code: `
import { readFile } from "node:fs/promises";
import { RequestError, type ReadTextFileRequest } from "@agentclientprotocol/sdk";

export async function readTextFile(params: ReadTextFileRequest) {
  try {
    return { content: await readFile(params.path, "utf8") };
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw RequestError.internalError({ code: err.code, path: err.path });
  }
}
`,
  },
  {
    name: "a factory's data object with a code and message is not an error site",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export function wrap(cause: unknown) {
  return RequestError.internalError({ code: "-32602", message: 42 });
}
`,
  },
  {
    name: "the data argument of new RequestError with a code and message is not an error site",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export function wrap() {
  return new RequestError(-32603, "Internal error", { code: "ENOENT", message: null });
}
`,
  },
  // Node-style string codes outside JSON-RPC error classes.
  {
    name: "Node-style string codes: thrown object, Object.assign, err.code =, class field, code parameter",
    code: `
export class FsError extends Error {
  constructor(message: string, public code: string) {
    super(message);
  }
}
export class DirError extends Error {
  code = "EISDIR";
}

export async function readText(path: string, exists: boolean) {
  if (!exists) throw { code: "ENOENT", message: "no file" };
  if (path.endsWith("/")) throw new DirError(path);
  if (path.startsWith("/root")) throw new FsError("permission denied", "EACCES");
  const err = new Error("too many open files") as NodeJS.ErrnoException;
  err.code = "EMFILE";
  throw Object.assign(new Error(\`cannot read \${path}\`), { code: "EIO", path });
}
`,
  },
  {
    name: "clearing a Node-style error code with undefined",
    code: `
export function scrub(error: NodeJS.ErrnoException) {
  error.code = undefined;
  return error;
}
`,
  },
  // Messages whose value cannot be told.
  {
    name: "messages whose value is unknown: e.message, String(x), templates, conditionals with unknown branches",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function toRequestError(e: unknown, terminalId: string): RequestError {
  if (e instanceof RequestError) return e;
  if (e instanceof Error) return new RequestError(-32603, e.message);
  if (typeof e === "number") return new RequestError(-32603, String(e));
  if (e === null) return new RequestError(-32603, \`Terminal \${terminalId} exited\`);
  return new RequestError(-32603, e ? (e as Error).message : String(e));
}
`,
  },
  // Standard messages paired with their own codes (also case-insensitive and with a detail).
  {
    name: "every standard message with its own code",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export const errors = [
  new RequestError(-32700, "Parse error"),
  new RequestError(-32600, "Invalid request"),
  new RequestError(-32601, "method not found"),
  new RequestError(-32601, "Method not found: session/fork"),
  new RequestError(-32602, "Invalid params: cwd must be absolute"),
  new RequestError(-32603, "Internal error"),
  new RequestError(-32800, "Request cancelled"),
  new RequestError(-32000, "Authentication required"),
  new RequestError(-32002, "Resource not found"),
  { jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } },
];
`,
  },
  {
    name: "standard message with its own code from a const, an enum and an as-const member",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
const METHOD_NOT_FOUND = -32601;
enum AcpCode { InternalError = -32603, InvalidParams }
const Codes = { cancelled: -32800 } as const;
export const errors = [
  new RequestError(METHOD_NOT_FOUND, "Method not found"),
  new RequestError(AcpCode.InternalError, "Internal error"),
  new RequestError(AcpCode.InvalidParams, "Invalid params"),
  new RequestError(Codes.cancelled, "Request cancelled"),
];
`,
  },
  // Non-standard messages, conditional codes, unknown codes, factories: no mismatch.
  {
    name: "non-standard messages that only resemble a standard one",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export const errors = [
  new RequestError(-32603, "Method not found for this agent"),
  new RequestError(-32042, "Invalid parameters"),
  new RequestError(-32603, \`Method not found\${"?"}\`),
  new RequestError(-32603, \`\${"Tool"} method not found\`),
  new RequestError(-32602, "Missing sessionId"),
];
`,
  },
  {
    name: "standard message with a conditional code or an unknown code",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export function reject(known: boolean, upstream: { code: number }) {
  if (known) throw new RequestError(known ? -32602 : -32601, "Method not found");
  throw new RequestError(upstream.code, "Method not found");
}
`,
  },
  {
    name: "factories with a standard-looking extra message",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export const errors = [
  RequestError.internalError(undefined, "Invalid params"),
  RequestError.invalidParams({ reason: "Method not found" }, "Method not found"),
];
`,
  },
  {
    name: "Unsupported protocol version with another code under protocol version 1",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export function negotiate(requested: number) {
  if (requested > 2) throw new RequestError(-32603, "Unsupported protocol version");
  throw new RequestError(-32022, "Unsupported protocol version");
}
`,
  },
  {
    name: "Unsupported protocol version with its own code under protocol version 2",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export function negotiate(requested: number) {
  throw new RequestError(-32022, \`Unsupported protocol version: \${requested}\`);
}
`,
    settings: v2,
  },
  // Sites without a message that are not certainly JSON-RPC errors, or whose message cannot be told.
  {
    name: "an object with a spread may get its message from the spread",
    code: `
const base = { message: "Invalid params", data: { field: "cwd" } };
export function validate(cwd: string, args: [number, string]) {
  if (!cwd) throw { ...base, code: -32602 };
  return { jsonrpc: "2.0", id: 1, error: { ...base, code: -32602 } };
}
`,
  },
  {
    name: "new RequestError(...args) may pass a message",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export function make(args: [number, string]) {
  return new RequestError(...args);
}
`,
  },
  {
    name: "codes that are not JSON-RPC codes in sites that are not certainly JSON-RPC errors",
    code: `
export function fail(kind: string) {
  if (kind === "teapot") throw { code: 418 };
  if (kind === "fs") throw { code: "ENOENT" };
  if (kind === "mixed") throw { code: kind ? -32602 : 418 };
  return { status: "failed", error: { code: 42001 } };
}
`,
  },
  {
    name: "returned and passed objects with a code but no message are not error sites",
    code: `
export function status(setStatus: (s: { code: unknown }) => void) {
  setStatus({ code: "-32602" });
  return { code: -32602 };
}
`,
  },
  {
    name: "err.code = n alone says nothing about the message",
    code: `
export function tag(err: Error & { code?: number }) {
  err.code = -32602;
  throw err;
}
`,
  },
  {
    name: "a helper call without the message argument (a parameter default may fill it)",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
function fail(code: number, message = "Invalid params"): never {
  throw new RequestError(code, message);
}
export function check(cwd: string) {
  if (!cwd) fail(-32602);
}
`,
  },
  // Code value forms that are integers after all, or unknown.
  {
    name: "arithmetic and unary minus that give integers",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
const BASE = -32000;
export const errors = [
  new RequestError(BASE - 1, "Session missing"),
  new RequestError(-"32602" as unknown as number, "Invalid params"),
  new RequestError(-65204 / 2, "Invalid params"),
];
`,
  },

  {
    name: "a well-formed error object cast with as / satisfies",
    code: `
interface JsonRpcError { code: number; message: string; data?: unknown }
export function reply(id: number) {
  if (id < 0) throw { code: -32602, message: "Invalid params" } satisfies JsonRpcError;
  return { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } as JsonRpcError };
}
`,
  },
  {
    name: "Object.assign with a JSON-RPC code and its standard message",
    code: `
export function invalid(field: string) {
  return Object.assign(new Error("Invalid params"), { code: -32602, data: { field } });
}
`,
  },
  {
    name: "a RequestError subclass holding an integer code",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export class SessionMissingError extends RequestError {
  constructor(sessionId: string) {
    super(-32001, \`Session \${sessionId} not found\`, { sessionId });
  }
}
export const e = new SessionMissingError("s1");
`,
  },
  {
    name: "untyped: an imported string constant cannot be resolved",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
import { NOT_A_NUMBER } from "./codes.js";
export const e = new RequestError(NOT_A_NUMBER as unknown as number, "Invalid params");
`,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Invalid: nonIntegerCode
// ---------------------------------------------------------------------------------------------------------------

const rpcStringCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export class Agent {
  async loadSession(params: { sessionId?: string }) {
    if (!params.sessionId) throw new RequestError("-32602", "Invalid params", { field: "sessionId" });
    return {};
  }
}
`;

const rpcNodeCode = `
import { RequestError } from "@agentclientprotocol/sdk";
import { stat } from "node:fs/promises";

export async function ensureFile(path: string) {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new RequestError("ENOENT", \`No such file: \${path}\`, { path });
}
`;

const rpcFraction = `
import { RequestError } from "@agentclientprotocol/sdk";
export const e = new RequestError(-32602.5, "Invalid params");
`;

const rpcNaN = `
import { RequestError } from "@agentclientprotocol/sdk";
export function reject(reason: string) {
  throw new RequestError(NaN, reason);
}
`;

const rpcInfinity = `
import { RequestError } from "@agentclientprotocol/sdk";
export const errors = [new RequestError(Infinity, "overflow"), new RequestError(-32000 / 0, "divided")];
`;

const rpcUndefined = `
import { RequestError } from "@agentclientprotocol/sdk";
export const errors = [
  new RequestError(undefined as unknown as number, "Internal error"),
  new RequestError(void 0 as unknown as number, "Internal error"),
];
`;

const rpcFractionString = `
import { RequestError } from "@agentclientprotocol/sdk";
export const errors = [new RequestError("32602.5" as never, "x"), new RequestError(" -32601 " as never, "Method not found")];
`;

const rpcConst = `
import { RequestError } from "@agentclientprotocol/sdk";
const INVALID_PARAMS = "-32602";
export function validate(cwd: string) {
  if (!cwd.startsWith("/")) throw new RequestError(INVALID_PARAMS as never, "cwd must be absolute");
}
`;

const rpcEnum = `
import { RequestError } from "@agentclientprotocol/sdk";
enum AcpCode {
  InvalidParams = "-32602",
  InternalError = -32603,
}
export const errors = [
  new RequestError(AcpCode.InvalidParams as never, "Invalid params"),
  new RequestError(AcpCode.InternalError, "Internal error"),
];
`;

const rpcAsConst = `
import { RequestError } from "@agentclientprotocol/sdk";
const ERRORS = { busy: "-32042", gone: -32043.5 } as const;
export const errors = [new RequestError(ERRORS.busy as never, "Agent busy"), new RequestError(ERRORS["gone"], "Gone")];
`;

const rpcLetTwice = `
import { RequestError } from "@agentclientprotocol/sdk";
export function pick(strict: boolean) {
  let code: number | string = "-32602";
  if (strict) code = "-32600";
  throw new RequestError(code as number, "Bad request");
}
`;

const rpcConditional = `
import { RequestError } from "@agentclientprotocol/sdk";
export function reject(strict: boolean, message: string) {
  throw new RequestError(strict ? "-32602" : -32603, message);
}
`;

const rpcConditionalBoth = `
import { RequestError } from "@agentclientprotocol/sdk";
export function reject(a: boolean, b: boolean, message: string) {
  throw new RequestError(a ? "-32602" : b ? -32603 : "ENOENT", message);
}
`;

const rpcNamespace = `
import * as acp from "@agentclientprotocol/sdk";
export function unknownMethod(method: string): never {
  throw new acp.RequestError("-32601", \`Method not found: \${method}\`);
}
`;

const rpcResponseError = `
import { ResponseError } from "vscode-jsonrpc";
export function handler() {
  return new ResponseError("-32601", "Method not found");
}
`;

const configuredClass = `
import { AcpError } from "./errors.js";
class FsError extends Error {
  constructor(public code: string, message: string) {
    super(message);
  }
}
export function fail(path: string) {
  if (!path) throw new FsError("ENOENT", "no file");
  throw new AcpError("ENOENT", "no file");
}
`;

const subclassNoCtor = `
import { RequestError } from "@agentclientprotocol/sdk";
class AgentError extends RequestError {}
export const e = new AgentError("ENOENT", "Cannot read file");
`;

const subclassCtor = `
import { RequestError } from "@agentclientprotocol/sdk";
class SessionError extends RequestError {
  constructor(code: number, message: string, sessionId: string) {
    super(code, message, { sessionId });
  }
}
export const e = new SessionError(-32001.5, "Session missing", "s1");
`;

const subclassHeldCode = `
import { RequestError } from "@agentclientprotocol/sdk";
export class SessionMissingError extends RequestError {
  constructor(sessionId: string) {
    super("-32001" as never, \`Session \${sessionId} not found\`);
  }
}
`;

const helperRpc = `
import { RequestError } from "@agentclientprotocol/sdk";
function reject(code: number | string, message: string): never {
  throw new RequestError(code as number, message);
}
export function check(params: { cwd?: string; path?: string }) {
  if (!params.cwd) reject("-32602", "Invalid params");
  if (!params.path) reject("ENOENT", "no file");
}
`;

const helperOfHelper = `
import { RequestError } from "@agentclientprotocol/sdk";
function fail(code: number, message: string) {
  return new RequestError(code, message);
}
function invalid(code: number, message: string) {
  return fail(code, message);
}
export const e = invalid("-32602" as never, "Invalid params");
`;

const thisHelper = `
import { RequestError } from "@agentclientprotocol/sdk";
export class Agent {
  private fail(code: number, message: string): never {
    throw new RequestError(code, message);
  }
  async setSessionMode(params: { modeId: string }) {
    if (!params.modeId) this.fail("-32602" as never, "Invalid params");
    return {};
  }
}
`;

const thrownObject = `
export function dispatch(method: string) {
  if (method === "") throw { code: "-32602", message: "Invalid params" };
  if (method.length > 200) throw { code: 32602.5, message: "Method name too long" };
  throw { code: NaN, message: "Unexpected" };
}
`;

const errorProperty = `
export function respond(id: number, method: string) {
  if (!method) return { jsonrpc: "2.0", id, error: { code: "-32601", message: "Method not found" } };
  return { result: null, error: { code: NaN, message: "Unexpected" } };
}
`;

const returnedAndPassed = `
export function toError(send: (e: unknown) => void) {
  send({ code: "-32603", message: "Internal error" });
  return { code: 1.5, message: "Internal error" };
}
export const toInvalid = () => ({ code: "-32602", message: "Invalid params" });
`;

const objectAssign = `
export function invalid(field: string) {
  throw Object.assign(new Error("Invalid params"), { code: "-32602", data: { field } });
}
`;

const codeAssignment = `
export function fail(reason: string) {
  const err = new Error(reason) as Error & { code?: unknown };
  err.code = "-32602";
  const rpcError = new Error(reason) as Error & { code?: unknown };
  rpcError.code = NaN;
  throw err;
}
`;

const vendorCodeInEnvelope = `
export function refuse(id: number) {
  return { jsonrpc: "2.0", id, error: { code: "1113", message: "No permission" } };
}
`;

const vendorCodeThrown = `
import type { PromptRequest } from "@agentclientprotocol/sdk";
export function refuse() {
  throw { error: { code: "1113", message: "No permission" } };
}
`;

const classField = `
import type { PromptRequest } from "@agentclientprotocol/sdk";
export class QuotaError extends Error {
  code = "42001";
}
export class RateError extends Error {
  constructor(message: string) {
    super(message);
    this.code = 42001.5;
  }
  code: number;
}
`;

const localClassParam = `
class ToolError extends Error {
  constructor(public code: number | string, message: string) {
    super(message);
  }
}
export function run(tool: string) {
  if (!tool) throw new ToolError("-32602", "missing tool");
  throw new ToolError("ETIMEDOUT", "tool timed out");
}
`;

const nonRpcConditional = `
export function retryable(retry: boolean, message: string) {
  throw { code: retry ? "-32603" : "EAGAIN", message };
}
`;

const nonRpcConstNaN = `
import type { PromptRequest } from "@agentclientprotocol/sdk";
const NO_CODE = NaN;
export function fail() {
  throw { code: NO_CODE, message: "no code" };
}
`;

const rpcClassField = `
import { RequestError } from "@agentclientprotocol/sdk";
export class NoFileError extends RequestError {
  code = "ENOENT";
}
`;

const nonRpcInfinity = `
import type { PromptRequest } from "@agentclientprotocol/sdk";
export function overflow(retries: number) {
  if (retries > 10) throw { code: Infinity, message: "too many retries" };
}
`;

// A file that shows no ACP or JSON-RPC (no SDK import, method name, code number, JSON-RPC error class, sender or
// envelope, here or in what it imports) is no ACP code: its `code`s are another kind (a REST API's, an app's).
const withoutSign: Valid[] = [vendorCodeThrown, classField, nonRpcConstNaN, nonRpcInfinity].map((code, i) => ({
  name: `the same non-integer code in a file with no ACP or JSON-RPC sign (${i + 1})`,
  code: code.replace('import type { PromptRequest } from "@agentclientprotocol/sdk";\n', ""),
}));

const invalidCodes: Invalid[] = [
  {
    name: "a vendor-looking string code in a JSON-RPC response is still judged",
    code: vendorCodeInEnvelope,
    errors: [nonInteger(vendorCodeInEnvelope, '"1113"', '"1113"', 1113)],
  },
  {
    name: "a vendor-looking string code in a thrown error body is still judged",
    code: vendorCodeThrown,
    errors: [nonInteger(vendorCodeThrown, '"1113"', '"1113"', 1113)],
  },
  {
    name: "RequestError with a numeric string code: suggestion to use the number",
    code: rpcStringCode,
    errors: [nonInteger(rpcStringCode, '"-32602"', '"-32602"', -32602)],
  },
  {
    name: "RequestError with a Node-style string code",
    code: rpcNodeCode,
    errors: [nonInteger(rpcNodeCode, '"ENOENT"', '"ENOENT"')],
  },
  {
    name: "RequestError with a fractional code (no mismatch reported for it)",
    code: rpcFraction,
    errors: [nonInteger(rpcFraction, "-32602.5", "-32602.5")],
  },
  {
    name: "RequestError with NaN",
    code: rpcNaN,
    errors: [nonInteger(rpcNaN, "NaN", "NaN")],
  },
  {
    name: "RequestError with Infinity and a division by zero",
    code: rpcInfinity,
    errors: [nonInteger(rpcInfinity, "Infinity", "Infinity"), nonInteger(rpcInfinity, "-32000 / 0", "-Infinity")],
  },
  {
    name: "RequestError with undefined and void 0",
    code: rpcUndefined,
    errors: [
      nonInteger(rpcUndefined, "undefined as unknown as number", "undefined"),
      nonInteger(rpcUndefined, "void 0 as unknown as number", "undefined"),
    ],
  },
  {
    name: "numeric strings: a fraction gets no suggestion, a padded integer does",
    code: rpcFractionString,
    errors: [
      nonInteger(rpcFractionString, '"32602.5" as never', '"32602.5"'),
      nonInteger(rpcFractionString, '" -32601 " as never', '" -32601 "', { literal: '" -32601 "', to: -32601 }),
    ],
  },
  {
    name: "a const bound to a numeric string: reported at the use, no suggestion",
    code: rpcConst,
    errors: [nonInteger(rpcConst, "INVALID_PARAMS as never", '"-32602"')],
  },
  {
    name: "a let written with two string codes: the first value named where the code is used",
    code: rpcLetTwice,
    errors: [nonInteger(rpcLetTwice, "code as number", '"-32602"')],
  },
  {
    name: "an enum with a string member",
    code: rpcEnum,
    errors: [nonInteger(rpcEnum, "AcpCode.InvalidParams as never", '"-32602"')],
  },
  {
    name: "members of an as-const object",
    code: rpcAsConst,
    errors: [nonInteger(rpcAsConst, "ERRORS.busy as never", '"-32042"'), nonInteger(rpcAsConst, 'ERRORS["gone"]', "-32043.5")],
  },
  {
    name: "a conditional code: reported at the bad branch, the suggestion fixes only it",
    code: rpcConditional,
    errors: [nonInteger(rpcConditional, '"-32602"', '"-32602"', -32602)],
  },
  {
    name: "a nested conditional with two bad branches",
    code: rpcConditionalBoth,
    errors: [nonInteger(rpcConditionalBoth, '"-32602"', '"-32602"', -32602), nonInteger(rpcConditionalBoth, '"ENOENT"', '"ENOENT"')],
  },
  {
    name: "acp.RequestError through a namespace import",
    code: rpcNamespace,
    errors: [nonInteger(rpcNamespace, '"-32601"', '"-32601"', -32601)],
  },
  {
    name: "ResponseError",
    code: rpcResponseError,
    errors: [nonInteger(rpcResponseError, '"-32601"', '"-32601"', -32601)],
  },
  {
    name: "a class named in settings.acp.errorClasses is a JSON-RPC class; a local Error subclass is not",
    code: configuredClass,
    settings: { acp: { errorClasses: ["AcpError"] } },
    errors: [nonInteger(configuredClass, '"ENOENT"', '"ENOENT"', undefined, 1)],
  },
  {
    name: "a RequestError subclass without a constructor",
    code: subclassNoCtor,
    errors: [nonInteger(subclassNoCtor, '"ENOENT"', '"ENOENT"')],
  },
  {
    name: "a RequestError subclass passing its code parameter to super",
    code: subclassCtor,
    errors: [nonInteger(subclassCtor, "-32001.5", "-32001.5")],
  },
  {
    name: "a RequestError subclass holding a string code in super(...)",
    code: subclassHeldCode,
    errors: [nonInteger(subclassHeldCode, '"-32001" as never', '"-32001"', { literal: '"-32001"', to: -32001 })],
  },
  {
    name: "a helper throwing a RequestError: the call's argument is the code, any non-integer counts",
    code: helperRpc,
    errors: [nonInteger(helperRpc, '"-32602"', '"-32602"', -32602), nonInteger(helperRpc, '"ENOENT"', '"ENOENT"')],
  },
  {
    name: "a helper of a helper",
    code: helperOfHelper,
    errors: [nonInteger(helperOfHelper, '"-32602" as never', '"-32602"', { literal: '"-32602"', to: -32602 })],
  },
  {
    name: "this.fail(...) of a class method",
    code: thisHelper,
    errors: [nonInteger(thisHelper, '"-32602" as never', '"-32602"', { literal: '"-32602"', to: -32602 })],
  },
  {
    name: "thrown objects with a numeric string, a fraction and NaN",
    code: thrownObject,
    errors: [
      nonInteger(thrownObject, '"-32602"', '"-32602"', -32602),
      nonInteger(thrownObject, "32602.5", "32602.5"),
      nonInteger(thrownObject, "NaN", "NaN"),
    ],
  },
  {
    name: "error: objects, in a response and elsewhere",
    code: errorProperty,
    errors: [nonInteger(errorProperty, '"-32601"', '"-32601"', -32601), nonInteger(errorProperty, "NaN", "NaN")],
  },
  {
    name: "objects with code and message passed to a call and returned (also from an arrow)",
    code: returnedAndPassed,
    errors: [
      nonInteger(returnedAndPassed, '"-32603"', '"-32603"', -32603),
      nonInteger(returnedAndPassed, "1.5", "1.5"),
      nonInteger(returnedAndPassed, '"-32602"', '"-32602"', -32602),
    ],
  },
  {
    name: "Object.assign(new Error(message), { code })",
    code: objectAssign,
    errors: [nonInteger(objectAssign, '"-32602"', '"-32602"', -32602)],
  },
  {
    name: "err.code = on error-named variables",
    code: codeAssignment,
    errors: [nonInteger(codeAssignment, '"-32602"', '"-32602"', -32602), nonInteger(codeAssignment, "NaN", "NaN")],
  },
  {
    name: "a class field and this.code = in an Error subclass",
    code: classField,
    errors: [nonInteger(classField, '"42001"', '"42001"', 42001), nonInteger(classField, "42001.5", "42001.5")],
  },
  {
    name: "a local Error subclass with a code parameter: numeric string reported, Node-style code silent",
    code: localClassParam,
    errors: [nonInteger(localClassParam, '"-32602"', '"-32602"', -32602)],
  },
  {
    name: "a conditional code outside JSON-RPC classes: only the number-like branch",
    code: nonRpcConditional,
    errors: [nonInteger(nonRpcConditional, '"-32603"', '"-32603"', -32603)],
  },
  {
    name: "a class field of a RequestError subclass: any non-integer counts",
    code: rpcClassField,
    errors: [nonInteger(rpcClassField, '"ENOENT"', '"ENOENT"')],
  },
  {
    name: "Infinity in a thrown object",
    code: nonRpcInfinity,
    errors: [nonInteger(nonRpcInfinity, "Infinity", "Infinity")],
  },
  {
    name: "a const bound to NaN in a thrown object",
    code: nonRpcConstNaN,
    errors: [nonInteger(nonRpcConstNaN, "NO_CODE", "NaN", undefined, 1)],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Invalid: missingMessage
// ---------------------------------------------------------------------------------------------------------------

const newWithoutMessage = `
import { RequestError } from "@agentclientprotocol/sdk";
export class Agent {
  async setSessionMode(params: { modeId?: string }) {
    if (!params.modeId) throw new RequestError(-32602);
    return {};
  }
}
`;

const thrownWithoutMessage = `
export function cancel(signal: AbortSignal, failed: boolean) {
  if (signal.aborted) throw { code: -32800 };
  if (failed) throw { code: signal.reason ? -32800 : -32603 };
  throw { code: -32602, data: { field: "sessionId" } };
}
`;

const responseWithoutMessage = `
export function reply(id: number | string, method: string) {
  if (method === "session/fork") return { jsonrpc: "2.0", id, error: { code: -32601 } };
  return { id, error: { code: 5001 } };
}
`;

const errorPropertyWithoutMessage = `
enum AcpCode { InvalidParams = -32602 }
export const failure = { ok: false, error: { code: AcpCode.InvalidParams } };
`;

const constCodeWithoutMessage = `
const CANCELLED = -32800;
export function stop() {
  throw { code: CANCELLED };
}
`;

const subclassAndResponseError = `
import { RequestError } from "@agentclientprotocol/sdk";
import { ResponseError } from "vscode-jsonrpc";
class AgentError extends RequestError {}
export const errors = [new AgentError(-32001), new ResponseError(-32601)];
`;

const namespaceWithoutMessage = `
import * as acp from "@agentclientprotocol/sdk";
export function unknownSession(): never {
  throw new acp.RequestError(-32002);
}
`;

const assignWithoutMessage = `
export function internal(cause: unknown) {
  return Object.assign(new Error(), { code: -32603, data: { cause } });
}
`;

const stringCodeNoMessage = `
import { RequestError } from "@agentclientprotocol/sdk";
export const e = new RequestError("-32602" as never);
export function fail() {
  throw { code: "-32602" };
}
`;

const invalidMissing: Invalid[] = [
  {
    name: "new RequestError(code) without a message",
    code: newWithoutMessage,
    errors: [missing(newWithoutMessage, "new RequestError(-32602)")],
  },
  {
    name: "thrown objects with an ACP code (also outside -32768..-32000) and a conditional of JSON-RPC codes",
    code: thrownWithoutMessage,
    errors: [
      missing(thrownWithoutMessage, "{ code: -32800 }"),
      missing(thrownWithoutMessage, "{ code: signal.reason ? -32800 : -32603 }"),
      missing(thrownWithoutMessage, '{ code: -32602, data: { field: "sessionId" } }'),
    ],
  },
  {
    name: "error: objects of JSON-RPC responses, whatever the code",
    code: responseWithoutMessage,
    errors: [missing(responseWithoutMessage, "{ code: -32601 }"), missing(responseWithoutMessage, "{ code: 5001 }")],
  },
  {
    name: "an error: object outside a response with an enum ACP code",
    code: errorPropertyWithoutMessage,
    errors: [missing(errorPropertyWithoutMessage, "{ code: AcpCode.InvalidParams }")],
  },
  {
    name: "a thrown object whose const code is an ACP code",
    code: constCodeWithoutMessage,
    errors: [missing(constCodeWithoutMessage, "{ code: CANCELLED }")],
  },
  {
    name: "a RequestError subclass and ResponseError without a message",
    code: subclassAndResponseError,
    errors: [
      missing(subclassAndResponseError, "new AgentError(-32001)"),
      missing(subclassAndResponseError, "new ResponseError(-32601)"),
    ],
  },
  {
    name: "acp.RequestError through a namespace import without a message",
    code: namespaceWithoutMessage,
    errors: [missing(namespaceWithoutMessage, "new acp.RequestError(-32002)")],
  },
  {
    name: "Object.assign(new Error(), { code }) with a JSON-RPC code",
    code: assignWithoutMessage,
    errors: [missing(assignWithoutMessage, "Object.assign(new Error(), { code: -32603, data: { cause } })")],
  },
  {
    // A string spelling a JSON-RPC code makes the object a JSON-RPC error, as the number the suggestion writes.
    name: "a string code: missing message for the JSON-RPC class, and for an object whose code spells a JSON-RPC one",
    code: stringCodeNoMessage,
    errors: [
      missing(stringCodeNoMessage, 'new RequestError("-32602" as never)'),
      nonInteger(stringCodeNoMessage, '"-32602" as never', '"-32602"', { literal: '"-32602"', to: -32602 }),
      missing(stringCodeNoMessage, '{ code: "-32602" }'),
      nonInteger(stringCodeNoMessage, '"-32602"', '"-32602"', -32602, 1),
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Invalid: nonStringMessage
// ---------------------------------------------------------------------------------------------------------------

const literalMessages = `
import { RequestError } from "@agentclientprotocol/sdk";
export const errors = [
  new RequestError(-32603, 42 as never),
  new RequestError(-32603, null as never),
  new RequestError(-32603, undefined),
  new RequestError(-32603, true as never),
  new RequestError(-32603, void 0),
];
`;

const objectMessages = `
export function reply(id: number) {
  if (id === 0) throw { code: -32600, message: undefined };
  if (id < 0) throw { code: -32602, message: 404 };
  return { jsonrpc: "2.0", id, error: { code: 5001, message: null } };
}
`;

const constMessages = `
import { RequestError } from "@agentclientprotocol/sdk";
const NOT_FOUND = 404;
enum Reason { Busy = 1 }
const MESSAGES = { none: null, busy: "Agent busy" } as const;
export const errors = [
  new RequestError(-32002, NOT_FOUND as never),
  new RequestError(-32042, Reason.Busy as never),
  new RequestError(-32042, MESSAGES.none as never),
  new RequestError(-32042, MESSAGES.busy),
];
`;

const conditionalMessage = `
import { RequestError } from "@agentclientprotocol/sdk";
export function invalid(detailed: boolean) {
  throw new RequestError(-32602, (detailed ? "Invalid params: cwd" : null) as never);
}
`;

const helperAndAssignMessages = `
import { RequestError } from "@agentclientprotocol/sdk";
function reject(code: number, message: string): never {
  throw new RequestError(code, message);
}
export function check(cwd?: string) {
  if (!cwd) reject(-32602, 42 as never);
  throw Object.assign(new Error(false as never), { code: -32603 });
}
`;

const invalidNonString: Invalid[] = [
  {
    name: "RequestError messages that are 42, null, undefined, true and void 0",
    code: literalMessages,
    errors: [
      nonString(literalMessages, "42 as never", "42"),
      nonString(literalMessages, "null as never", "null"),
      nonString(literalMessages, "undefined", "undefined"),
      nonString(literalMessages, "true as never", "true"),
      nonString(literalMessages, "void 0", "undefined"),
    ],
  },
  {
    name: "thrown and response objects with non-string messages (undefined, 404, null)",
    code: objectMessages,
    errors: [
      nonString(objectMessages, "undefined", "undefined"),
      nonString(objectMessages, "404", "404"),
      nonString(objectMessages, "null", "null"),
    ],
  },
  {
    name: "messages from a const, an enum member and an as-const member",
    code: constMessages,
    errors: [
      nonString(constMessages, "NOT_FOUND as never", "404"),
      nonString(constMessages, "Reason.Busy as never", "1"),
      nonString(constMessages, "MESSAGES.none as never", "null"),
    ],
  },
  {
    name: "a conditional message with a null branch: reported at the message",
    code: conditionalMessage,
    errors: [nonString(conditionalMessage, '(detailed ? "Invalid params: cwd" : null) as never', "null")],
  },
  {
    name: "a helper call's message argument and Object.assign's new Error(message)",
    code: helperAndAssignMessages,
    errors: [
      nonString(helperAndAssignMessages, "42 as never", "42"),
      nonString(helperAndAssignMessages, "false as never", "false"),
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Invalid: mismatchedMessage
// ---------------------------------------------------------------------------------------------------------------

const mismatchedLiteral = `
import { RequestError } from "@agentclientprotocol/sdk";
export class Agent {
  async extMethod(method: string): Promise<Record<string, unknown>> {
    if (method.startsWith("_zed")) throw new RequestError(-32603, "Method not found");
    if (method.startsWith("_old")) throw new RequestError(-32603, "METHOD NOT FOUND");
    if (method.startsWith("_fork")) throw new RequestError(-32602, "Method not found: session/fork");
    if (method.startsWith("_pad")) throw new RequestError(-32603, "  Method not found  ");
    if (method.startsWith("_colon")) throw new RequestError(-32603, "Method not found:");
    throw new RequestError(-32603, \`Method not found: \${method}\`);
  }
}
`;

const mismatchedObjects = `
export function reply(id: number, method: string) {
  if (!method) throw { code: -32602, message: "Internal error" };
  return { jsonrpc: "2.0", id, error: { code: -32601, message: "Invalid request" } };
}
`;

const mismatchedCodeForms = `
import { RequestError } from "@agentclientprotocol/sdk";
const BUSY = -32042;
enum AgentCode { Conflict = -32009 }
const Codes = { auth: -32001 } as const;
export const errors = [
  new RequestError(BUSY, "Internal error"),
  new RequestError(AgentCode.Conflict, "Invalid params"),
  new RequestError(Codes.auth, "Authentication required"),
];
`;

const mismatchedHelperSubclassAssign = `
import { RequestError } from "@agentclientprotocol/sdk";
class AgentError extends RequestError {}
function reject(code: number, message: string): never {
  throw new AgentError(code, message);
}
export function check(cwd?: string) {
  if (!cwd) reject(-32603, "Invalid params");
  if (cwd === "/") throw new AgentError(-32002, "Parse error");
  throw Object.assign(new Error("Request cancelled"), { code: -32603 });
}
`;

const mismatchedV2 = `
import { RequestError } from "@agentclientprotocol/sdk";
export function negotiate(requested: number) {
  throw new RequestError(-32603, "Unsupported protocol version");
}
`;

const lostThrow = `import { agent, methods } from "@agentclientprotocol/sdk";
agent({ name: "a" }).onRequest(methods.agent.session.prompt, async () => {
  throw Object.assign(new Error("Resource not found"), { code: 45331 });
});`;
const appThrow = `export function fail() {
  throw Object.assign(new Error("Resource not found"), { code: 45331 });
}`;

valid.push({ name: "an app-coded Error outside any SDK handler is no JSON-RPC error", code: appThrow });

const invalidMismatched: Invalid[] = [
  {
    // no-lost-error-code turns it into new RequestError(45331, "Resource not found"): the message is judged already.
    name: "a standard message on a coded value thrown out of an SDK handler, even with an app code",
    code: lostThrow,
    errors: [mismatched(lostThrow, '"Resource not found"', "Resource not found", -32002, 45331)],
  },
  {
    name: "a standard message with another code: exact, case-insensitive, with a detail, padded, as a template",
    code: mismatchedLiteral,
    errors: [
      mismatched(mismatchedLiteral, '"Method not found"', "Method not found", -32601, -32603),
      mismatched(mismatchedLiteral, '"METHOD NOT FOUND"', "Method not found", -32601, -32603),
      mismatched(mismatchedLiteral, '"Method not found: session/fork"', "Method not found", -32601, -32602),
      mismatched(mismatchedLiteral, '"  Method not found  "', "Method not found", -32601, -32603),
      mismatched(mismatchedLiteral, '"Method not found:"', "Method not found", -32601, -32603),
      mismatched(mismatchedLiteral, "`Method not found: ${method}`", "Method not found", -32601, -32603),
    ],
  },
  {
    name: "a thrown object and a response error object",
    code: mismatchedObjects,
    errors: [
      mismatched(mismatchedObjects, '"Internal error"', "Internal error", -32603, -32602),
      mismatched(mismatchedObjects, '"Invalid request"', "Invalid request", -32600, -32601),
    ],
  },
  {
    name: "codes from a const, an enum and an as-const member",
    code: mismatchedCodeForms,
    errors: [
      mismatched(mismatchedCodeForms, '"Internal error"', "Internal error", -32603, -32042),
      mismatched(mismatchedCodeForms, '"Invalid params"', "Invalid params", -32602, -32009),
      mismatched(mismatchedCodeForms, '"Authentication required"', "Authentication required", -32000, -32001),
    ],
  },
  {
    name: "a helper call, a RequestError subclass and Object.assign",
    code: mismatchedHelperSubclassAssign,
    errors: [
      mismatched(mismatchedHelperSubclassAssign, '"Invalid params"', "Invalid params", -32602, -32603),
      mismatched(mismatchedHelperSubclassAssign, '"Parse error"', "Parse error", -32700, -32002),
      mismatched(mismatchedHelperSubclassAssign, '"Request cancelled"', "Request cancelled", -32800, -32603),
    ],
  },
  {
    name: "Unsupported protocol version with another code under protocol version 2",
    code: mismatchedV2,
    settings: v2,
    errors: [mismatched(mismatchedV2, '"Unsupported protocol version"', "Unsupported protocol version", -32022, -32603)],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Codes used for another meaning: -32000 tells a client to authenticate, -32002 that a resource does not exist.
// ---------------------------------------------------------------------------------------------------------------

/** A codeMeaning report at `text`; `to`: the code its suggestion writes in place of the misused one (the first `value`). */
const meaning = (code: string, text: string, value: number, name: string, situation: string, instead: string, to?: string): TestCaseError<MessageIds> => ({
  messageId: "codeMeaning",
  data: { code: value, name, situation, instead },
  ...at(code, text),
  suggestions: to === undefined ? [] : [{ messageId: "useCode", data: { replacement: to }, output: code.replace(String(value), to) }],
});
const SESSION_AS_AUTH = `declare function send(m: object): void;
export function refuse(id: number) {
  send({ jsonrpc: "2.0", id, error: { code: -32000, message: "invalid session" } });
}`;
// An agent class's own error helper shape (tariqwest/commandcode-acp): the id's name in the message.
const SESSION_ID_AS_AUTH = `import type * as acp from "@agentclientprotocol/sdk";
declare const sessions: Map<string, object>;
export class Adapter {
  async setSessionModel(sessionId: string): Promise<acp.SetSessionModelResponse> {
    if (!sessions.get(sessionId)) throw Object.assign(new Error(\`unknown sessionId: \${sessionId}\`), { code: -32000 });
    return {};
  }
}`;
const BUSY_AS_AUTH = `import { RequestError } from "@agentclientprotocol/sdk";
export function busy() {
  throw new RequestError(-32000, "a prompt is already running");
}`;
const QUOTA_AS_NOT_FOUND = `import { RequestError } from "@agentclientprotocol/sdk";
export function full() {
  throw new RequestError(-32002, "terminal pool exhausted");
}`;
const INIT_AS_AUTH = `import { RequestError } from "@agentclientprotocol/sdk";
export function early() {
  throw new RequestError(-32000, "connection not initialized yet");
}`;
const INIT_AS_NOT_FOUND = `import { RequestError } from "@agentclientprotocol/sdk";
export function early() {
  throw new RequestError(-32002, "Server not initialized");
}`;
// -32000 answered with a caught failure's own message: a failed read or write, not a missing authentication.
const CAUGHT = "a failure caught here (the caught error's own message)";
const CAUGHT_IN_CALLBACK = `import * as fs from "node:fs";
declare function write(m: object): void;
export function read(id: number, path: string) {
  fs.readFile(path, "utf8", (err, content) => {
    if (err) {
      write({ jsonrpc: "2.0", id, error: { code: -32000, message: err.message } });
    } else {
      write({ jsonrpc: "2.0", id, result: { content } });
    }
  });
}`;
const CAUGHT_IN_CATCH = `declare function respond(id: unknown, result: unknown, error?: object): object;
declare const terminals: { write(id: string, data: string): void };
export function input(id: number, terminalId: string, data: string) {
  try {
    terminals.write(terminalId, data);
    return respond(id, { ok: true });
  } catch (err) {
    return respond(id, null, { jsonrpc: "2.0", id, error: { code: -32000, message: err instanceof Error ? err.message : "Failed to write terminal input" } });
  }
}`;
const CAUGHT_IN_PROMISE = `declare function send(m: object): void;
declare function run(): Promise<void>;
export function go(id: number) {
  run().catch((e) => {
    const text = \`Run failed: \${String(e)}\`;
    send({ jsonrpc: "2.0", id, error: { code: -32000, message: text } });
  });
}`;
const TERMINAL_AS_AUTH = `declare function respond(id: unknown, result: unknown, error?: object): object;
export function input(id: number) {
  return respond(id, null, { code: -32000, message: "Terminal not found for this session" });
}`;
const FILE_AS_AUTH = `import { RequestError } from "@agentclientprotocol/sdk";
export function read(path: string) {
  throw new RequestError(-32000, \`No such file: \${path}\`);
}`;
const TABLE_TERMINAL_AS_AUTH = `const Codes = { AuthRequired: -32000, ResourceNotFound: -32002 } as const;
declare function send(m: object): void;
export function output(id: number, terminalId: string) {
  send({ jsonrpc: "2.0", id, error: { code: Codes.AuthRequired, message: "Terminal not found", data: { terminalId } } });
}`;
const invalidMeaning: Invalid[] = [
  {
    name: "a table's AuthRequired for a missing terminal: the suggestion writes the table's ResourceNotFound",
    code: TABLE_TERMINAL_AS_AUTH,
    errors: [
      {
        ...meaning(TABLE_TERMINAL_AS_AUTH, '"Terminal not found"', -32000, "Authentication required", "a missing terminal, file or resource", "-32002 Resource not found"),
        suggestions: [{ messageId: "useCode", data: { replacement: "Codes.ResourceNotFound" }, output: TABLE_TERMINAL_AS_AUTH.replace("code: Codes.AuthRequired", "code: Codes.ResourceNotFound") }],
      },
    ],
  },
  { name: "-32000 for a missing terminal", code: TERMINAL_AS_AUTH, errors: [meaning(TERMINAL_AS_AUTH, '"Terminal not found for this session"', -32000, "Authentication required", "a missing terminal, file or resource", "-32002 Resource not found")] },
  { name: "-32000 for a missing file, a template", code: FILE_AS_AUTH, errors: [meaning(FILE_AS_AUTH, "`No such file: ${path}`", -32000, "Authentication required", "a missing terminal, file or resource", "-32002 Resource not found")] },
  { name: "-32000 with a Node callback's error message", code: CAUGHT_IN_CALLBACK, errors: [meaning(CAUGHT_IN_CALLBACK, "err.message", -32000, "Authentication required", CAUGHT, "-32603 Internal error")] },
  { name: "-32000 with a catch's error message or a fallback", code: CAUGHT_IN_CATCH, errors: [meaning(CAUGHT_IN_CATCH, 'err instanceof Error ? err.message : "Failed to write terminal input"', -32000, "Authentication required", CAUGHT, "-32603 Internal error")] },
  { name: "-32000 with a promise rejection kept in a const", code: CAUGHT_IN_PROMISE, errors: [{ ...meaning(CAUGHT_IN_PROMISE, "text", -32000, "Authentication required", CAUGHT, "-32603 Internal error"), ...at(CAUGHT_IN_PROMISE, "text", 1) }] },
  { name: "-32000 for an unknown session", code: SESSION_AS_AUTH, errors: [meaning(SESSION_AS_AUTH, '"invalid session"', -32000, "Authentication required", "an unknown session", "-32002 Resource not found with data.sessionId")] },
  {
    name: "-32000 for an unknown sessionId, on an Error given its code by Object.assign",
    code: SESSION_ID_AS_AUTH,
    errors: [meaning(SESSION_ID_AS_AUTH, "`unknown sessionId: ${sessionId}`", -32000, "Authentication required", "an unknown session", "-32002 Resource not found with data.sessionId")],
  },
  { name: "-32000 for a busy agent", code: BUSY_AS_AUTH, errors: [meaning(BUSY_AS_AUTH, '"a prompt is already running"', -32000, "Authentication required", "a busy agent", "an implementation-specific code outside -32768 to -32000")] },
  { name: "-32000 for a request before initialize", code: INIT_AS_AUTH, errors: [meaning(INIT_AS_AUTH, '"connection not initialized yet"', -32000, "Authentication required", "a request before initialize", "-32600 Invalid request")] },
  { name: "LSP's -32002 for a request before initialize", code: INIT_AS_NOT_FOUND, errors: [meaning(INIT_AS_NOT_FOUND, '"Server not initialized"', -32002, "Resource not found", "a request before initialize", "-32600 Invalid request", "-32600")] },
  { name: "-32002 for an exhausted pool", code: QUOTA_AS_NOT_FOUND, errors: [meaning(QUOTA_AS_NOT_FOUND, '"terminal pool exhausted"', -32002, "Resource not found", "an exhausted pool or quota", "an implementation-specific code outside -32768 to -32000")] },
];
valid.push(
  // require-initialize-gate reports a gate's -32002 before initialize (with its edit): not valid-error-object again.
  {
    name: "an agent's gate answering -32002 Server not initialized: require-initialize-gate's finding",
    code: `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
let initialized = false;
export const app = agent({ name: "a" })
  .onRequest(methods.agent.initialize, () => {
    initialized = true;
    return { protocolVersion: 1 };
  })
  .onRequest(methods.agent.session.new, () => {
    if (!initialized) throw new RequestError(-32002, "Server not initialized");
    return { sessionId: "s" };
  });`,
  },
  // Decided: a -32000 whose words name no other situation is not reported (the words of a message do not tell
  // reliably that it is not about authentication: "not logged in", "access denied").
  { name: "-32000 with a message naming no other situation", code: `import { RequestError } from "@agentclientprotocol/sdk";\nthrow new RequestError(-32000, "Access denied for this workspace");` },
  { name: "-32000 for a missing credentials file: about authentication", code: `import { RequestError } from "@agentclientprotocol/sdk";\nthrow new RequestError(-32000, "credentials file not found: run login");` },
  {
    name: "-32000 with a caught failure whose words are about authentication",
    code: `declare function send(m: object): void;\nexport async function login(id: number, attempt: () => Promise<void>) {\n  try { await attempt(); } catch (e) { send({ jsonrpc: "2.0", id, error: { code: -32000, message: \`Login failed: \${String(e)}\` } }); }\n}`,
  },
  {
    name: "-32603 with a caught failure's message",
    code: `declare function send(m: object): void;\nexport async function go(id: number, run: () => Promise<void>) {\n  try { await run(); } catch (e) { send({ jsonrpc: "2.0", id, error: { code: -32603, message: e instanceof Error ? e.message : String(e) } }); }\n}`,
  },
  {
    name: "-32000 with an item's message in a callback that is no failure (items.map)",
    code: `declare function send(m: object): void;\nexport function each(id: number, items: { message: string }[]) {\n  items.forEach((item) => send({ jsonrpc: "2.0", id, error: { code: -32000, message: item.message } }));\n}`,
  },
  {
    name: "-32000 with a parameter's message (not known to be a caught failure)",
    code: `declare function send(m: object): void;\nexport function fail(id: number, problem: Error) {\n  send({ jsonrpc: "2.0", id, error: { code: -32000, message: problem.message } });\n}`,
  },
  { name: "-32000 about authentication, even when a session is named", code: `import { RequestError } from "@agentclientprotocol/sdk";\nthrow new RequestError(-32000, "session expired: sign in again");` },
  { name: "-32002 for an unknown session", code: `import { RequestError } from "@agentclientprotocol/sdk";\nthrow new RequestError(-32002, "session not found", { sessionId: "s" });` },
  { name: "-32000 for something else not initialized (a store): no request before initialize", code: `import { RequestError } from "@agentclientprotocol/sdk";\nthrow new RequestError(-32000, "session store not initialized");` },
  { name: "-32002 for something else not initialized (a model): no request before initialize", code: `import { RequestError } from "@agentclientprotocol/sdk";\nthrow new RequestError(-32002, "model not initialized");` },
  { name: "an implementation code for a busy agent", code: `import { RequestError } from "@agentclientprotocol/sdk";\nthrow new RequestError(4090, "a prompt is already running");` },
);

untypedTester().run("valid-error-object", rule, {
  valid: [...valid, ...withoutSign],
  invalid: [...invalidCodes, ...invalidMissing, ...invalidNonString, ...invalidMismatched, ...invalidMeaning],
});

// ---------------------------------------------------------------------------------------------------------------
// Typed: constants imported from test/fixtures/typed/codes.ts resolve only through the type checker.
// ---------------------------------------------------------------------------------------------------------------

const typedNotANumber = `
import { RequestError } from "@agentclientprotocol/sdk";
import { NOT_A_NUMBER } from "./codes.js";
export function validate(cwd: string) {
  if (!cwd) throw new RequestError(NOT_A_NUMBER, "Invalid params");
}
`;

const typedNotANumberExtensionless = `
import { RequestError } from "@agentclientprotocol/sdk";
import { AppError, NOT_A_NUMBER } from "./codes";
export const errors = [new RequestError(NOT_A_NUMBER, "Invalid params"), new RequestError(AppError.Conflict, "Internal error")];
`;

const typedNotANumberCast = `
import { RequestError } from "@agentclientprotocol/sdk";
import { NOT_A_NUMBER } from "./codes.js";
export const e = new RequestError(NOT_A_NUMBER as unknown as number, "Invalid params");
`;

const typedNotANumberObject = `
import { NOT_A_NUMBER } from "./codes.js";
export function fail() {
  throw { code: NOT_A_NUMBER, message: "Invalid params" };
}
`;

const typedMismatched = `
import { RequestError } from "@agentclientprotocol/sdk";
import { AppError, Codes, INVALID_PARAMS, TOO_BUSY } from "./codes.js";
export const errors = [
  new RequestError(TOO_BUSY, "Method not found"),
  new RequestError(AppError.Conflict, "Internal error"),
  new RequestError(Codes.SessionMissing, "Invalid params"),
  new RequestError(INVALID_PARAMS, "Invalid params"),
];
`;

const typedMissing = `
import { INVALID_PARAMS, PROVIDER_DOWN } from "./codes.js";
export function fail(down: boolean) {
  if (down) throw { code: PROVIDER_DOWN };
  throw { code: INVALID_PARAMS };
}
`;

typedTester().run("valid-error-object (typed)", rule, {
  valid: [
    {
      name: "typed: an imported integer code with its standard message",
      filename: typedFile,
      code: `
import { RequestError } from "@agentclientprotocol/sdk";
import { INVALID_PARAMS, PROVIDER_DOWN } from "./codes.js";
export const errors = [
  new RequestError(INVALID_PARAMS, "Invalid params: cwd"),
  new RequestError(PROVIDER_DOWN, "Provider down"),
  { code: PROVIDER_DOWN, message: "Provider down" },
];
`,
    },
    {
      name: "typed: a code typed as a union of ACP codes is not a single code",
      filename: typedFile,
      code: `
import { RequestError } from "@agentclientprotocol/sdk";
import type { AcpFailureCode } from "./codes.js";
export function reject(code: AcpFailureCode): never {
  throw new RequestError(code, "Resource not found");
}
`,
    },
  ],
  invalid: [
    {
      name: "typed: NOT_A_NUMBER from ./codes.js as a RequestError code",
      filename: typedFile,
      code: typedNotANumber,
      errors: [nonInteger(typedNotANumber, "NOT_A_NUMBER", '"-32602"', undefined, 1)],
    },
    {
      name: "typed: NOT_A_NUMBER and an enum member through an extensionless import",
      filename: typedFile,
      code: typedNotANumberExtensionless,
      errors: [
        nonInteger(typedNotANumberExtensionless, "NOT_A_NUMBER", '"-32602"', undefined, 1),
        mismatched(typedNotANumberExtensionless, '"Internal error"', "Internal error", -32603, -32009),
      ],
    },
    {
      name: "typed: NOT_A_NUMBER behind a cast",
      filename: typedFile,
      code: typedNotANumberCast,
      errors: [nonInteger(typedNotANumberCast, "NOT_A_NUMBER as unknown as number", '"-32602"')],
    },
    {
      name: "typed: NOT_A_NUMBER in a thrown object",
      filename: typedFile,
      code: typedNotANumberObject,
      errors: [nonInteger(typedNotANumberObject, "NOT_A_NUMBER", '"-32602"', undefined, 1)],
    },
    {
      name: "typed: imported codes with another code's standard message",
      filename: typedFile,
      code: typedMismatched,
      errors: [
        mismatched(typedMismatched, '"Method not found"', "Method not found", -32601, -32042),
        mismatched(typedMismatched, '"Internal error"', "Internal error", -32603, -32009),
        mismatched(typedMismatched, '"Invalid params"', "Invalid params", -32602, -32001),
      ],
    },
    {
      name: "typed: a thrown object whose imported code is a JSON-RPC code has no message",
      filename: typedFile,
      code: typedMissing,
      errors: [missing(typedMissing, "{ code: INVALID_PARAMS }")],
    },
  ],
});

// The same typed cases without type information: the imported values are unknown, so nothing is reported.
untypedTester().run("valid-error-object (untyped imports)", rule, {
  valid: [typedNotANumber, typedNotANumberExtensionless, typedNotANumberCast, typedNotANumberObject, typedMismatched, typedMissing].map((code) => ({
    code,
  })),
  invalid: [],
});

// Review findings: a helper call's data argument is data; a standard message held by a constant counts;
// a template-literal numeric code gets the number suggestion.
untypedTester().run("valid-error-object (review findings)", rule, {
  valid: [
    `import { RequestError } from "@agentclientprotocol/sdk";
function fail(code: number, message: string, data: unknown) { return new RequestError(code, message, data); }
fail(-32603, "Internal error", { code: "-32602", message: 42 });`,
  ],
  invalid: [
    {
      code: `import { RequestError } from "@agentclientprotocol/sdk";
const MSG = "Method not found";
export const e = new RequestError(-32603, MSG);`,
      errors: [
        {
          messageId: "mismatchedMessage",
          data: { message: "Method not found", standardCode: -32601, code: -32603 },
          line: 3,
          column: 43,
          endLine: 3,
          endColumn: 46,
        },
      ],
    },
    {
      code: 'import { RequestError } from "@agentclientprotocol/sdk";\nexport const e = new RequestError(`-32602`, "Invalid params");',
      errors: [
        {
          messageId: "nonIntegerCode",
          data: { value: '"-32602"' },
          line: 2,
          column: 35,
          endLine: 2,
          endColumn: 43,
          suggestions: [
            {
              messageId: "useNumber",
              data: { number: -32602 },
              output: 'import { RequestError } from "@agentclientprotocol/sdk";\nexport const e = new RequestError(-32602, "Invalid params");',
            },
          ],
        },
      ],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// Hand-rolled dispatch: what is given to helpers that build or send responses, and to senders of other files, is
// judged at the call; errors held in variables and put in responses are judged where they are written.
// ---------------------------------------------------------------------------------------------------------------

const helperFraction = `${REFUSE}export const r = refuse(1, 1.5, "x");`;
const helperStandardMessage = `${REFUSE}export const r = refuse(1, -32603, "Method not found");`;
const helperNumberMessage = `${REFUSE}export const r = refuse(1, -32002, 404 as never);`;
const serverMismatch = `${SERVER}  handle(id: Id) {
    this.sendError(id, -32602, "Method not found");
  }
}`;
const transportMismatch = `${TRANSPORT}transport.error(1, -32602, "Resource not found");`;
const typedFraction = `import { Transport } from "./transport.js";
declare const transport: Transport;
declare const method: string;
if (method === "session/prompt") transport.error(1, 1.5, "Busy");`;
const heldWithoutMessage = `${RESPONSE_TYPES}export function handle(id: Id) {
  const error = { code: -32602 };
  return { jsonrpc: "2.0", id, error };
}`;

untypedTester().run("valid-error-object (hand-rolled dispatch)", rule, {
  valid: [
    { name: "helper answers with their own standard messages and data", code: `${REFUSE}export const a = refuse(1, -32002, "Resource not found", { sessionId: "s" });\nexport const b = refuse(2, 4001, "busy");\nexport const c = answer(3, {});` },
    { name: "a transport given a standard message with more after it", code: `${TRANSPORT}transport.error(1, -32601, "Method not found: session/fork");` },
    // Without type information only a JSON-RPC code makes a call a sender: a fraction says nothing.
    { name: "an untyped transport given a fraction", code: `${TRANSPORT}transport.sendError(2, 1.5, "Busy");` },
    ...NOT_SENDERS.map((s) => ({ name: `not a sender: ${s.name}`, code: s.code.replace("Session gone", "Method not found") })),
  ],
  invalid: [
    { name: "a helper given a fraction", code: helperFraction, errors: [nonInteger(helperFraction, "1.5", "1.5")] },
    {
      name: "a helper given a standard message with another code",
      code: helperStandardMessage,
      errors: [mismatched(helperStandardMessage, '"Method not found"', "Method not found", -32601, -32603)],
    },
    { name: "a helper given a number for its message", code: helperNumberMessage, errors: [nonString(helperNumberMessage, "404 as never", "404")] },
    {
      name: "this.sendError(...) given a standard message with another code",
      code: serverMismatch,
      errors: [mismatched(serverMismatch, '"Method not found"', "Method not found", -32601, -32602)],
    },
    {
      name: "a transport's error() and sendError() of another file",
      code: transportMismatch,
      errors: [mismatched(transportMismatch, '"Resource not found"', "Resource not found", -32002, -32602)],
    },
    { name: "an error held in a variable and put in a response, without a message", code: heldWithoutMessage, errors: [missing(heldWithoutMessage, "{ code: -32602 }")] },
  ],
});

typedTester().run("valid-error-object (senders, typed)", rule, {
  valid: [
    {
      // Nothing in the file or in what its program imports shows ACP or JSON-RPC: another kind of code.
      name: "typed: a sender by its signature given a fraction, in a file with no ACP or JSON-RPC sign",
      filename: typedFile,
      code: `import { Transport } from "./transport.js";\ndeclare const transport: Transport;\ntransport.error(1, 1.5, "Busy");`,
    },
  ],
  invalid: [
    { name: "typed: a sender by its signature given a fraction", filename: typedFile, code: typedFraction, errors: [nonInteger(typedFraction, "1.5", "1.5")] },
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// A name that shadows the import is not the SDK's RequestError: what a parameter, a catch binding or a local
// holding a call's result constructs is unknown, so nothing about its code or message is a fact.
// ---------------------------------------------------------------------------------------------------------------

const SHADOW_SDK = 'import { RequestError } from "@agentclientprotocol/sdk";\n';
const SHADOW_IMPORTED = `${SHADOW_SDK}export const e = new RequestError(-32602);`;
untypedTester().run("valid-error-object (a name that shadows the import)", rule, {
  valid: [
    {
      name: "a parameter named RequestError",
      code: `${SHADOW_SDK}export function wrap(RequestError: new (code: unknown, message?: string) => Error) {
  return [new RequestError(1.5, "Invalid params"), new RequestError(-32603, "Invalid params"), new RequestError(-32602)];
}`,
    },
    {
      name: "a catch clause's binding named RequestError",
      code: `${SHADOW_SDK}export function run(work: () => void) {
  try {
    work();
  } catch (RequestError) {
    throw new (RequestError as new (code: unknown) => Error)("-32602");
  }
}`,
    },
    {
      name: "a local const holding what a call returns",
      code: `${SHADOW_SDK}declare function makeClass(): new (code: number, message?: string) => Error;
export function build() {
  const RequestError = makeClass();
  return new RequestError(-32602);
}`,
    },
  ],
  invalid: [
    {
      name: "the imported RequestError is still judged",
      code: SHADOW_IMPORTED,
      errors: [{ messageId: "missingMessage", ...at(SHADOW_IMPORTED, "new RequestError(-32602)") }],
    },
  ],
});
