import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import rule, { type MessageIds, type Options } from "../../rules/no-reserved-error-code.js";
import plugin from "../../src/index.js";
import { type CodeRange, JSON_RPC_RESERVED, LSP_RESERVED } from "../../src/protocol/codes.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { at } from "../locate.js";
import { sdkRequestErrorClass } from "../sdk-source.js";
import { NOT_SENDERS, REFUSE, SERVER, TRANSPORT } from "./dispatch-responses.js";

type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

/** A `reservedCode` report of `code` on one line, from `column` to `endColumn`; the rule offers no fix or suggestion. */
function reserved(
  code: number,
  line: number,
  column: number,
  endColumn: number,
  range: CodeRange = JSON_RPC_RESERVED,
): TestCaseError<MessageIds> {
  return {
    messageId: "reservedCode",
    data: { code, from: range.from, to: range.to },
    line,
    column,
    endLine: line,
    endColumn,
    suggestions: [],
  };
}

const STRICT_RANGES: Options = [{ ranges: [JSON_RPC_RESERVED, LSP_RESERVED] }];

// ---------------------------------------------------------------------------------------------------------------
// Error-site forms: each form with an invented reserved code is reported at its code expression.
// ---------------------------------------------------------------------------------------------------------------

const siteFormsInvalid: Invalid[] = [
  {
    name: "new RequestError with an invented code for an unknown session",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export async function loadSession(sessions: Map<string, unknown>, sessionId: string) {
  const session = sessions.get(sessionId);
  if (!session) throw new RequestError(-32001, "Session not found", { sessionId });
  return session;
}
`,
    errors: [reserved(-32001, 6, 40, 46)],
  },
  {
    name: "new acp.RequestError through a namespace import",
    code: `
import * as acp from "@agentclientprotocol/sdk";

export function notReady(): never {
  throw new acp.RequestError(-32003, "Agent not initialized");
}
`,
    errors: [reserved(-32003, 5, 30, 36)],
  },
  {
    name: "new ResponseError of vscode-jsonrpc",
    code: `
import { ResponseError } from "vscode-jsonrpc";

connection.onRequest("session/prompt", async () => {
  if (busy) return new ResponseError(-32010, "Agent is busy");
  return run();
});
`,
    errors: [reserved(-32010, 5, 38, 44)],
  },
  {
    name: "a class named in settings.acp.errorClasses",
    code: `
import { AcpError } from "./errors.js";

export function quota(): never {
  throw new AcpError(-32029, "Quota exceeded");
}
`,
    settings: { acp: { errorClasses: ["AcpError"] } },
    errors: [reserved(-32029, 5, 22, 28)],
  },
  {
    name: "a local Error subclass taking the code as a parameter property",
    code: `
class AgentError extends Error {
  constructor(
    public code: number,
    message: string,
  ) {
    super(message);
  }
}

export function requireInit(ready: boolean) {
  if (!ready) throw new AgentError(-32003, "Not initialized");
}
`,
    errors: [reserved(-32003, 12, 36, 42)],
  },
  {
    name: "a local Error subclass taking the code second and storing it with this.code = code",
    code: `
class ProtocolError extends Error {
  declare code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}

throw new ProtocolError("Session not found", -32001);
`,
    errors: [reserved(-32001, 10, 46, 52)],
  },
  {
    name: "an Error subclass holding a code field: reported at the field, not at new",
    code: `
export class SessionNotFoundError extends Error {
  readonly code = -32001;
  constructor(sessionId: string) {
    super("Session " + sessionId + " not found");
  }
}

throw new SessionNotFoundError("s-1");
`,
    errors: [reserved(-32001, 3, 19, 25)],
  },
  {
    name: "an Error subclass without constructor holding a code field",
    code: `
export class AgentBusyError extends Error {
  code = -32020;
}

throw new AgentBusyError("busy");
`,
    errors: [reserved(-32020, 3, 10, 16)],
  },
  {
    name: "an Error subclass assigning this.code = -32004 in its constructor",
    code: `
class NotAuthorizedError extends Error {
  declare code: number;
  constructor(message = "Not authorized") {
    super(message);
    this.code = -32004;
  }
}

throw new NotAuthorizedError();
`,
    errors: [reserved(-32004, 6, 17, 23)],
  },
  {
    name: "a subclass of RequestError passing super(-32001, ...): reported at the super argument only",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export class UnknownSessionError extends RequestError {
  constructor(sessionId: string) {
    super(-32001, "Unknown session", { sessionId });
  }
}

throw new UnknownSessionError("abc");
`,
    errors: [reserved(-32001, 6, 11, 17)],
  },
  {
    name: "a thrown object literal with code and message",
    code: `
export function assertSession(id: string | undefined) {
  if (!id) throw { code: -32001, message: "Missing session" };
}
`,
    errors: [reserved(-32001, 3, 26, 32)],
  },
  {
    name: "a thrown object literal without a message",
    code: `
export function reject() {
  throw { code: -32099 };
}
`,
    errors: [reserved(-32099, 3, 17, 23)],
  },
  {
    name: "the error: object of a hand-built JSON-RPC response",
    code: `
export function reply(id: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code: -32050, message } };
}
`,
    errors: [reserved(-32050, 3, 47, 53)],
  },
  {
    name: "a returned object with code and message",
    code: `
export function busyError() {
  return { code: -32011, message: "Agent is busy" };
}
`,
    errors: [reserved(-32011, 3, 18, 24)],
  },
  {
    name: "an object with code and message returned by an arrow function body",
    code: `
export const busy = () => ({ code: -32011, message: "Agent is busy" });
`,
    errors: [reserved(-32011, 2, 36, 42)],
  },
  {
    name: "an object with code and message passed to a call",
    code: `
declare function respond(id: number, error: { code: number; message: string }): void;

respond(7, { code: -32012, message: "Rate limited" });
`,
    errors: [reserved(-32012, 4, 20, 26)],
  },
  {
    name: "Object.assign(new Error(message), { code })",
    code: `
export function timeout() {
  return Object.assign(new Error("Request timed out"), { code: -32013 });
}
`,
    errors: [reserved(-32013, 3, 64, 70)],
  },
  {
    name: "err.code = n on an error variable",
    code: `
export function wrap(cause: unknown) {
  const err = new Error("Upstream failed", { cause }) as Error & { code?: number };
  err.code = -32014;
  return err;
}
`,
    errors: [reserved(-32014, 4, 14, 20)],
  },
  {
    name: "a helper call fail(id, -32001, msg): reported at the argument, not inside the helper",
    code: `
function fail(id: number, code: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

export function onPrompt(id: number, sessionKnown: boolean) {
  if (!sessionKnown) return fail(id, -32001, "Session not found");
  return { jsonrpc: "2.0", id, result: { stopReason: "end_turn" } };
}
`,
    errors: [reserved(-32001, 7, 38, 44)],
  },
  {
    name: "a helper called twice: each call is reported, an ACP code call is not",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

function rpcError(code: number, message: string) {
  return new RequestError(code, message);
}

export const a = () => rpcError(-32602, "Invalid params");
export const b = () => rpcError(-32005, "Model unavailable");
export const c = () => rpcError(-32006, "Context too long");
`,
    errors: [reserved(-32005, 9, 33, 39), reserved(-32006, 10, 33, 39)],
  },
  {
    name: "a helper of a helper: reported at the outer call's argument",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const rpcError = (code: number, message: string) => new RequestError(code, message);
const sessionError = (code: number, sessionId: string) => rpcError(code, "Session " + sessionId);

export function missing(sessionId: string) {
  throw sessionError(-32001, sessionId);
}
`,
    errors: [reserved(-32001, 8, 22, 28)],
  },
  {
    name: "a class method helper called as this.fail(...)",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export class MyAgent {
  private sessions = new Set<string>();

  private fail(code: number, message: string): never {
    throw new RequestError(code, message);
  }

  async cancel(params: { sessionId: string }) {
    if (!this.sessions.has(params.sessionId)) this.fail(-32001, "Unknown session");
  }
}
`,
    errors: [reserved(-32001, 12, 57, 63)],
  },
  {
    name: "err.code = n on a caught error before rethrowing it",
    code: `
export async function prompt(run: () => Promise<void>) {
  try {
    await run();
  } catch (e: any) {
    e.code = -32015;
    throw e;
  }
}
`,
    errors: [reserved(-32015, 6, 14, 20)],
  },
  {
    name: "a thrown object with a spread base and a satisfies clause",
    code: `
const base = { message: "Session expired" };
export function expired(): never {
  throw { ...base, code: -32016 } satisfies { code: number; message: string };
}
`,
    errors: [reserved(-32016, 4, 26, 32)],
  },
  {
    name: "an error object passed to Promise.reject and a response passed to respond()",
    code: `
declare function respond(response: unknown): void;

export function refuse(id: number) {
  respond({ jsonrpc: "2.0", id, error: { code: -32017, message: "Refused" } });
  return Promise.reject({ code: -32018, message: "Refused" });
}
`,
    errors: [reserved(-32017, 5, 48, 54), reserved(-32018, 6, 33, 39)],
  },
  {
    name: "new rpc.ResponseError through a namespace import of vscode-jsonrpc",
    code: `
import * as rpc from "vscode-jsonrpc";

export const overloaded = () => new rpc.ResponseError(-32019, "Overloaded");
`,
    errors: [reserved(-32019, 4, 55, 61)],
  },
  {
    name: "a class expression bound to a const holding a code field",
    code: `
export const QuotaError = class extends Error {
  code = -32021;
};
`,
    errors: [reserved(-32021, 3, 10, 16)],
  },
  {
    name: "a subclass without constructor inherits the code parameter of its parent",
    code: `
class AgentError extends Error {
  constructor(
    public code: number,
    message: string,
  ) {
    super(message);
  }
}
class ToolError extends AgentError {}

throw new ToolError(-32023, "Tool failed");
`,
    errors: [reserved(-32023, 12, 21, 27)],
  },
  {
    name: "a subclass passing a fixed code to a local parent taking a code",
    code: `
class AgentError extends Error {
  constructor(
    public code: number,
    message: string,
  ) {
    super(message);
  }
}
class ToolTimeoutError extends AgentError {
  constructor() {
    super(-32024, "Tool timed out");
  }
}
`,
    errors: [reserved(-32024, 12, 11, 17)],
  },
  {
    name: "a helper written as a function expression, called with a conditional code",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const fail = function (code: number, message: string) {
  return new RequestError(code, message);
};

export const check = (expired: boolean) => fail(expired ? -32025 : -32603, "Session unusable");
`,
    errors: [reserved(-32025, 8, 59, 65)],
  },
  {
    name: "a method helper called from another method helper",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export class SessionAgent {
  private fail(code: number, message: string): never {
    throw new RequestError(code, message);
  }

  private sessionFailure(code: number): never {
    this.fail(code, "Session failure");
  }

  async load() {
    this.sessionFailure(-32026);
  }
}
`,
    errors: [reserved(-32026, 14, 25, 31)],
  },
];

const siteFormsValid: Valid[] = [
  {
    name: "SDK factories carry ACP codes and are never reported",
    code: `
import * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";

export function check(params: { sessionId?: string; mode?: string }, known: Set<string>) {
  if (!params.sessionId) throw RequestError.invalidParams({ field: "sessionId" });
  if (!known.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  if (params.mode === "yolo") throw acp.RequestError.authRequired();
  if (params.mode === "v3") throw RequestError.unsupportedProtocolVersion(3, [1, 2]);
  throw acp.RequestError.internalError(undefined, "unreachable");
}
`,
  },
  {
    name: "a class not named in settings.acp.errorClasses and not declared here is not an error site",
    code: `
import { AcpError } from "./errors.js";

export function quota(): never {
  throw new AcpError(-32029, "Quota exceeded");
}
`,
  },
  {
    name: "returned and passed objects need a message to be error sites",
    code: `
declare function track(event: { code: number }): void;

export function status() {
  track({ code: -32005 });
  return { code: -32006 };
}
`,
  },
  {
    name: "code assigned on an object that is not an error",
    code: `
export function configure(config: { code?: number }) {
  config.code = -32014;
}
`,
  },
  {
    name: "the helper's own site uses its parameter and stays silent when every call passes ACP codes",
    code: `
function fail(id: number, code: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

export const bad = (id: number) => fail(id, -32602, "Invalid params");
export const gone = (id: number) => fail(id, -32002, "Resource not found");
`,
  },
  {
    name: "a helper that reassigns its code parameter is not followed",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

function fail(code: number, message: string): never {
  code = Number.isInteger(code) ? code : -32603;
  throw new RequestError(code, message);
}

fail(-32001, "Session not found");
`,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Value forms: how the code expression resolves.
// ---------------------------------------------------------------------------------------------------------------

const valueFormsInvalid: Invalid[] = [
  {
    name: "a let written with two codes: reported where the code is used",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function answer(missing: boolean) {
  let code = -32603;
  if (missing) code = -32001;
  throw new RequestError(code, "Failed");
}
`,
    errors: [reserved(-32001, 7, 26, 30)],
  },
  {
    name: "hex literal with unary minus",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
throw new RequestError(-0x7d01, "Session not found");
`,
    errors: [reserved(-32001, 3, 24, 31)],
  },
  {
    name: "unary minus of a constant",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
const OFFSET = 32005;
throw new RequestError(-OFFSET, "Model unavailable");
`,
    errors: [reserved(-32005, 4, 24, 31)],
  },
  {
    name: "a const binding: reported at the use, not at the declaration",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const SESSION_NOT_FOUND = -32001;

export function requireSession(found: boolean) {
  if (!found) throw new RequestError(SESSION_NOT_FOUND, "Session not found");
}
`,
    errors: [reserved(-32001, 7, 38, 55)],
  },
  {
    name: "a let written once",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

let code = -32001;
throw new RequestError(code, "Session not found");
`,
    errors: [reserved(-32001, 5, 24, 28)],
  },
  {
    name: "arithmetic on a base constant: BASE - 1",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const BASE = -32000;
export const sessionMissing = () => new RequestError(BASE - 1, "Session not found");
`,
    errors: [reserved(-32001, 5, 54, 62)],
  },
  {
    name: "arithmetic with multiplication",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
throw new RequestError(-32 * 1001, "Overloaded");
`,
    errors: [reserved(-32032, 3, 24, 34)],
  },
  {
    name: "an enum member",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

enum AgentCode {
  NotInitialized = -32003,
}

throw new RequestError(AgentCode.NotInitialized, "Not initialized");
`,
    errors: [reserved(-32003, 8, 24, 48)],
  },
  {
    name: "an auto-incremented enum member",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

enum RetryCode {
  First = -32060,
  Second,
}

throw new RequestError(RetryCode.Second, "Retry later");
`,
    errors: [reserved(-32059, 9, 24, 40)],
  },
  {
    name: "a const enum member",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const enum Busy {
  Code = -32020,
}

throw new RequestError(Busy.Code, "Agent is busy");
`,
    errors: [reserved(-32020, 8, 24, 33)],
  },
  {
    name: "a member of an as const object",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const AgentCodes = { SessionNotFound: -32001 } as const;
throw new RequestError(AgentCodes.SessionNotFound, "Session not found");
`,
    errors: [reserved(-32001, 5, 24, 50)],
  },
  {
    name: "a member of an Object.freeze object",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const AgentCodes = Object.freeze({ Busy: -32020 });
throw new RequestError(AgentCodes.Busy, "Agent is busy");
`,
    errors: [reserved(-32020, 5, 24, 39)],
  },
  {
    name: "a member of a plain const object",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const AgentCodes = { Busy: -32020 };
throw new RequestError(AgentCodes["Busy"], "Agent is busy");
`,
    errors: [reserved(-32020, 5, 24, 42)],
  },
  {
    name: "a member under a computed numeric key",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const RETRY_CODES = { [0]: -32050, [1]: -32051 };
throw new RequestError(RETRY_CODES[1], "Retry later");
`,
    errors: [reserved(-32051, 5, 24, 38)],
  },
  {
    name: "a conditional with one bad branch: reported at that branch",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export const denied = (isAuth: boolean) => new RequestError(isAuth ? -32000 : -32001, "Denied");
`,
    errors: [reserved(-32001, 4, 79, 85)],
  },
  {
    name: "a conditional with two bad branches: both reported",
    code: `
export function failure(expired: boolean) {
  throw { code: expired ? -32004 : -32005, message: "Session unusable" };
}
`,
    errors: [reserved(-32004, 3, 27, 33), reserved(-32005, 3, 36, 42)],
  },
  {
    name: "a nested conditional: reported at the inner bad branch",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export const pick = (a: boolean, b: boolean) =>
  new RequestError(a ? -32602 : b ? -32001 : -32603, "Failed");
`,
    errors: [reserved(-32001, 5, 37, 43)],
  },
  {
    name: "a const holding a conditional: reported once at the use",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function answer(missing: boolean) {
  const code = missing ? -32001 : -32603;
  throw new RequestError(code, "Failed");
}
`,
    errors: [reserved(-32001, 6, 26, 30)],
  },
  {
    name: "a code wrapped in as number",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
throw new RequestError(-32001 as number, "Session not found");
`,
    errors: [reserved(-32001, 3, 24, 40)],
  },
  {
    name: "the lowest code of the range, -32768",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
throw new RequestError(-32768, "Lowest reserved");
`,
    errors: [reserved(-32768, 3, 24, 30)],
  },
  {
    name: "a var written once and an as const literal",
    code: `
var LEGACY_CODE = -32027;
const MODERN_CODE = -32028 as const;
export const legacy = () => ({ code: LEGACY_CODE, message: "Legacy failure" });
export const modern = () => ({ code: MODERN_CODE, message: "Modern failure" });
`,
    errors: [reserved(-32027, 4, 38, 49), reserved(-32028, 5, 38, 49)],
  },
  {
    name: "an enum member defined from another member",
    code: `
enum AgentCode {
  Base = -32000,
  Overloaded = Base - 30,
}

throw { code: AgentCode.Overloaded, message: "Overloaded" };
`,
    errors: [reserved(-32030, 7, 15, 35)],
  },
  {
    name: "an object member read through a template-literal key and a const key",
    code: `
const KEY = "busy";
const AgentCodes = { [KEY]: -32033, idle: -32034 };
export const busy = () => ({ code: AgentCodes[KEY], message: "Busy" });
export const idle = () => ({ code: AgentCodes[\`idle\`], message: "Idle" });
`,
    errors: [reserved(-32033, 4, 36, 51), reserved(-32034, 5, 36, 54)],
  },
  {
    name: "a division and a parenthesised code",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export const half = () => new RequestError(-64070 / 2, "Half");
export const paren = () => new RequestError((-32036), "Paren");
`,
    errors: [reserved(-32035, 3, 44, 54), reserved(-32036, 4, 46, 52)],
  },
];

const valueFormsValid: Valid[] = [

  {
    name: "a plain object member that is assigned somewhere is unknown",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const AgentCodes = { Busy: -32020 };
export function configure(busy: number) {
  AgentCodes.Busy = busy;
}
throw new RequestError(AgentCodes.Busy, "Agent is busy");
`,
  },
  {
    name: "a conditional whose branches are both ACP codes",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export const pick = (auth: boolean) => new RequestError(auth ? -32000 : -32603, "Failed");
`,
  },
  {
    name: "a conditional with one unknown branch and one ACP branch",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export const pick = (auth: boolean, other: number) => new RequestError(auth ? -32000 : other, "Failed");
`,
  },
  {
    name: "a let declared in a for header is not a constant",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
for (let code = -32001; code > -32010; code--) {
  if (code === -32005) throw new RequestError(code, "Retry exhausted");
}
`,
  },
  {
    name: "a non-integer code is left to valid-error-object",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
throw new RequestError(-32000.5, "Half a code");
`,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Code tables: objects and enums with at least two ACP codes.
// ---------------------------------------------------------------------------------------------------------------

const tablesInvalid: Invalid[] = [
  {
    name: "an object table with an invented member",
    code: `
export const ErrorCode = {
  ParseError: -32700,
  InvalidParams: -32602,
  InternalError: -32603,
  SessionNotFound: -32001,
};
`,
    errors: [reserved(-32001, 6, 20, 26)],
  },
  {
    name: "an as const table with two invented members",
    code: `
export const ERRORS = {
  AUTH_REQUIRED: -32000,
  RESOURCE_NOT_FOUND: -32002,
  NOT_INITIALIZED: -32003,
  SESSION_EXPIRED: -32010,
} as const;
`,
    errors: [reserved(-32003, 5, 20, 26), reserved(-32010, 6, 20, 26)],
  },
  {
    name: "an enum table with an invented member",
    code: `
export enum JsonRpcErrorCode {
  MethodNotFound = -32601,
  InvalidParams = -32602,
  NotInitialized = -32003,
}
`,
    errors: [reserved(-32003, 5, 20, 26)],
  },
  {
    name: "an enum table whose ACP member is auto-incremented and whose invented member is too",
    code: `
enum RpcCode {
  InternalError = -32603,
  InvalidParams,
  SessionGone = -32005,
  SessionExpired,
}
`,
    errors: [reserved(-32005, 5, 17, 23), reserved(-32004, 6, 3, 17)],
  },
  {
    name: "a table member built from arithmetic",
    code: `
const SERVER_ERROR_BASE = -32000;
export const Codes = {
  authRequired: -32000,
  resourceNotFound: -32002,
  rateLimited: SERVER_ERROR_BASE - 29,
};
`,
    errors: [reserved(-32029, 6, 16, 38)],
  },
  {
    name: "a table used at a site: both the member and the site are reported",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const Codes = {
  InvalidParams: -32602,
  InternalError: -32603,
  SessionNotFound: -32001,
} as const;

export function lookup(id: string, known: Set<string>) {
  if (!known.has(id)) throw new RequestError(Codes.SessionNotFound, "Session not found");
}
`,
    errors: [reserved(-32001, 7, 20, 26), reserved(-32001, 11, 46, 67)],
  },
  {
    name: "an enum table used at a site: both the member and the site are reported",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

enum ErrorCode {
  AuthRequired = -32000,
  InternalError = -32603,
  NotInitialized = -32003,
}

export const notReady = () => new RequestError(ErrorCode.NotInitialized, "Not initialized");
`,
    errors: [reserved(-32003, 7, 20, 26), reserved(-32003, 10, 48, 72)],
  },
  {
    name: "a nested table and a table after a spread",
    code: `
const common = { parseError: -32700 };
export const Codes = {
  rpc: { internal: -32603, invalidParams: -32602, toolFailed: -32037 },
};
export const Merged = { ...common, internal: -32603, invalidParams: -32602, quota: -32038 };
`,
    errors: [reserved(-32037, 4, 63, 69), reserved(-32038, 6, 84, 90)],
  },
  {
    name: "an enum table with a member defined from another member",
    code: `
export enum ErrorCode {
  AuthRequired = -32000,
  ResourceNotFound = -32002,
  SessionExpired = AuthRequired - 10,
}
`,
    errors: [reserved(-32010, 5, 20, 37)],
  },
];

const tablesValid: Valid[] = [
  {
    name: "a table of ACP codes only",
    code: `
export const ACP_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  requestCancelled: -32800,
  authRequired: -32000,
  resourceNotFound: -32002,
} as const;
`,
  },
  {
    name: "unrelated numeric tables, and reserved tables with fewer than two ACP codes, that no site uses",
    code: `
export const HttpStatus = { ok: 200, tooManyRequests: 429, internal: 500 };
export const LegacyCodes = { notInitialized: -32003, sessionGone: -32010 };
export const Mixed = { internal: -32603, busy: -32001 };
export enum Retry {
  Internal = -32603,
  Busy = -32020,
}
export enum Kind {
  Text,
  Image,
}
`,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Options and settings.
// ---------------------------------------------------------------------------------------------------------------

const optionsInvalid: Invalid[] = [
  {
    name: "allow accepts the listed code only",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export const sessionMissing = () => new RequestError(-32001, "Session not found");
export const notReady = () => new RequestError(-32003, "Not initialized");
`,
    options: [{ allow: [-32001] }],
    errors: [reserved(-32003, 5, 48, 54)],
  },
  {
    name: "ranges replaces the default range",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export const a = () => new RequestError(-32500, "Server error A");
export const b = () => new RequestError(-32001, "Server error B");
`,
    options: [{ ranges: [{ from: -32099, to: -32000 }] }],
    errors: [reserved(-32001, 5, 41, 47, { from: -32099, to: -32000 })],
  },
  {
    name: "strict ranges report a code in the LSP range",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export const cancelled = () => new RequestError(-32800, "Request cancelled");
export const contentModified = () => new RequestError(-32850, "Content modified");
`,
    options: STRICT_RANGES,
    errors: [reserved(-32850, 5, 55, 61, LSP_RESERVED)],
  },
  {
    name: "strict ranges report the JSON-RPC range too",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
throw new RequestError(-32001, "Session not found");
`,
    options: STRICT_RANGES,
    errors: [reserved(-32001, 3, 24, 30)],
  },
  {
    name: "-32022 is reported under protocol version 1 (the default)",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
throw new RequestError(-32022, "Unsupported protocol version");
`,
    errors: [reserved(-32022, 3, 24, 30)],
  },
  {
    name: "-32022 is reported under an explicit protocol version 1",
    code: `
export function versionMismatch(id: number) {
  return { jsonrpc: "2.0", id, error: { code: -32022, message: "Unsupported protocol version" } };
}
`,
    settings: { acp: { protocolVersion: 1 } },
    errors: [reserved(-32022, 3, 47, 53)],
  },
  {
    name: "settings.acp.errorClasses with several classes",
    code: `
import { AgentFailure, ClientFailure } from "./failures.js";

export const a = () => new AgentFailure(-32031, "Agent failed");
export const b = () => new ClientFailure(-32032, "Client failed");
`,
    settings: { acp: { errorClasses: ["AgentFailure", "ClientFailure"] } },
    errors: [reserved(-32031, 4, 41, 47), reserved(-32032, 5, 42, 48)],
  },
];

const optionsValid: Valid[] = [
  {
    name: "allow accepts every listed code",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export const sessionMissing = () => new RequestError(-32001, "Session not found");
export const notReady = () => new RequestError(-32003, "Not initialized");
`,
    options: [{ allow: [-32001, -32003] }],
  },
  {
    name: "allow also accepts code-table members",
    code: `
export const ErrorCode = {
  InvalidParams: -32602,
  InternalError: -32603,
  SessionNotFound: -32001,
};
`,
    options: [{ allow: [-32001] }],
  },
  {
    name: "a replaced range no longer covers the default range",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export const a = () => new RequestError(-32500, "Server error A");
export const b = () => new RequestError(-32001, "Server error B");
`,
    options: [{ ranges: [{ from: -32099, to: -32050 }] }],
  },
  {
    name: "-32850 is outside the default range",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export const contentModified = () => new RequestError(-32850, "Content modified");
`,
  },
  {
    name: "-32800 is an ACP code even with the strict ranges; -32900 lies outside both",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
export const cancelled = () => new RequestError(-32800, "Request cancelled");
export const vendor = () => new RequestError(-32900, "Vendor failure");
`,
    options: STRICT_RANGES,
  },
  {
    name: "-32022 is an ACP code under protocol version 2",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
throw new RequestError(-32022, "Unsupported protocol version");
`,
    settings: { acp: { protocolVersion: 2 } },
  },
  {
    name: "a protocol version 2 code table with -32022",
    code: `
export const V2Codes = {
  InvalidParams: -32602,
  AuthRequired: -32000,
  UnsupportedProtocolVersion: -32022,
};
`,
    settings: { acp: { protocolVersion: 2 } },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Clean shapes from real ACP code.
// ---------------------------------------------------------------------------------------------------------------

const cleanShapes: Valid[] = [
  {
    name: "HTTP statuses passed as codes",
    code: `
import * as acp from "@agentclientprotocol/sdk";

declare function statusOf(e: unknown): number;

export const tooMany = () => new acp.RequestError(429, "Too many requests");
export const crashed = () => new acp.RequestError(500, "Internal server error");
export const fromHttp = (e: unknown) => new acp.RequestError(statusOf(e) || 502, "Upstream failed");
export const fromStatus = (error: { status?: number; message: string }) =>
  new acp.RequestError(error.status ?? 500, error.message);
`,
  },
  {
    name: "run-time values as codes",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function forward(upstream: { code: number; message: string; data?: unknown }, raw: string) {
  if (raw) throw new RequestError(Number(raw), "Upstream failed");
  throw new RequestError(upstream.code, upstream.message, upstream.data);
}
`,
  },
  {
    name: "a code key inside data is not an error code",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function readFailed(e: NodeJS.ErrnoException, message: string) {
  if (e.code === "EACCES") throw RequestError.internalError({ code: e.code, path: e.path });
  if (e.code === "EPIPE") throw RequestError.internalError({ code: -32099, message: "Upstream agent failed" });
  throw { code: -32603, message, data: { code: "ENOENT" } };
}

export function relay(id: number) {
  return { jsonrpc: "2.0", id, error: { code: -32603, message: "Internal error", data: { code: -32099 } } };
}
`,
  },
  {
    name: "comparisons and switches over received codes",
    code: `
export function classify(error: { code?: number }) {
  if (error.code === -32000) return "auth";
  if (error.code === -32001) return "legacy-session";
  switch (error.code) {
    case -32003:
      return "not-initialized";
    default:
      return "generic";
  }
}
`,
  },
  {
    name: "the SDK's own RequestError class with its static factories",
    code: sdkRequestErrorClass,
  },
  {
    name: "positive codes and codes outside the range on either side",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export const quota = () => new RequestError(1001, "Quota exceeded");
export const positive = () => ({ code: 32001, message: "Vendor" });
export const below = () => new RequestError(-40000, "Vendor failure");
export const justBelow = () => new RequestError(-32769, "Vendor failure");
export const justAbove = () => new RequestError(-31999, "Vendor failure");
`,
  },
  {
    name: "hand-built responses with ACP codes",
    code: `
export function dispatch(msg: { id: number; method: string }) {
  switch (msg.method) {
    case "initialize":
      return { jsonrpc: "2.0", id: msg.id, result: { protocolVersion: 1 } };
    case "session/load":
      return { jsonrpc: "2.0", id: msg.id, error: { code: -32002, message: "Resource not found" } };
    default:
      return { jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } };
  }
}
`,
  },
  {
    name: "a reserved-looking number that is no code",
    code: `
export const retryAfterMs = -32001;
export const offsets = { start: -32001, end: -32003 };
export function shift(n: number) {
  return { offset: -32050, value: n };
}
`,
  },
];

untypedTester().run("no-reserved-error-code", rule, {
  valid: [...siteFormsValid, ...valueFormsValid, ...tablesValid, ...optionsValid, ...cleanShapes],
  invalid: [...siteFormsInvalid, ...valueFormsInvalid, ...tablesInvalid, ...optionsInvalid],
});

// ---------------------------------------------------------------------------------------------------------------
// With type information: constants imported from another file.
// ---------------------------------------------------------------------------------------------------------------

typedTester().run("no-reserved-error-code (typed)", rule, {
  valid: [
    {
      name: "typed: imported codes outside the range, ACP codes, and strings",
      filename: typedFile,
      code: `
import { RequestError } from "@agentclientprotocol/sdk";
import { AppError, Codes, INVALID_PARAMS, NOT_A_NUMBER, PROVIDER_DOWN } from "./codes.js";

export const down = () => new RequestError(PROVIDER_DOWN, "Provider down");
export const quota = () => new RequestError(AppError.Quota, "Quota exceeded");
export const teapot = () => new RequestError(Codes.Teapot, "I'm a teapot");
export const invalid = () => new RequestError(INVALID_PARAMS, "Invalid params");
export const text = () => new RequestError(NOT_A_NUMBER as unknown as number, "Invalid params");
`,
    },
    {
      name: "typed: a parameter typed with a union of ACP codes",
      filename: typedFile,
      code: `
import { RequestError } from "@agentclientprotocol/sdk";
import type { AcpFailureCode } from "./codes.js";

export function failWith(code: AcpFailureCode, message: string): never {
  throw new RequestError(code, message);
}
`,
    },
  ],
  invalid: [
    {
      name: "typed: TOO_BUSY imported from ./codes.js",
      filename: typedFile,
      code: `
import { RequestError } from "@agentclientprotocol/sdk";
import { TOO_BUSY } from "./codes.js";

export const busy = () => new RequestError(TOO_BUSY, "Agent is busy");
`,
      errors: [reserved(-32042, 5, 44, 52)],
    },
    {
      name: "typed: TOO_BUSY imported from the extensionless ./codes (fallback lookup)",
      filename: typedFile,
      code: `
import { RequestError } from "@agentclientprotocol/sdk";
import { TOO_BUSY } from "./codes";

export const busy = () => new RequestError(TOO_BUSY, "Agent is busy");
`,
      errors: [reserved(-32042, 5, 44, 52)],
    },
    {
      name: "typed: an imported enum member AppError.Conflict",
      filename: typedFile,
      code: `
import { RequestError } from "@agentclientprotocol/sdk";
import { AppError } from "./codes.js";

export const conflict = () => new RequestError(AppError.Conflict, "Conflict");
`,
      errors: [reserved(-32009, 5, 48, 65)],
    },
    {
      name: "typed: an imported as const member Codes.SessionMissing in a thrown object",
      filename: typedFile,
      code: `
import { Codes } from "./codes.js";

export function requireSession(found: boolean) {
  if (!found) throw { code: Codes.SessionMissing, message: "Session not found" };
}
`,
      errors: [reserved(-32001, 5, 29, 49)],
    },
    {
      name: "typed: an imported constant in an error class field and in a code table",
      filename: typedFile,
      code: `
import { TOO_BUSY } from "./codes.js";

export class BusyError extends Error {
  code = TOO_BUSY;
}

export const Table = { parseError: -32700, internalError: -32603, busy: TOO_BUSY };
`,
      errors: [reserved(-32042, 5, 10, 18), reserved(-32042, 8, 73, 81)],
    },
    {
      name: "typed: a namespace import and an aliased extensionless import",
      filename: typedFile,
      code: `
import * as codes from "./codes.js";
import { TOO_BUSY as BUSY } from "./codes";

export const a = () => ({ code: codes.TOO_BUSY, message: "Busy" });
export const b = () => ({ code: BUSY, message: "Busy" });
`,
      errors: [reserved(-32042, 5, 33, 47), reserved(-32042, 6, 33, 37)],
    },
    {
      name: "typed: an enum member and an as const member imported from the extensionless ./codes",
      filename: typedFile,
      code: `
import { AppError, Codes } from "./codes";

export const conflict = () => ({ code: AppError.Conflict, message: "Conflict" });
export const missing = () => ({ code: Codes.SessionMissing, message: "Session not found" });
`,
      errors: [reserved(-32009, 4, 40, 57), reserved(-32001, 5, 39, 59)],
    },
  ],
});

untypedTester().run("no-reserved-error-code (untyped imports)", rule, {
  valid: [
    {
      name: "untyped: an imported constant cannot be resolved",
      code: `
import { RequestError } from "@agentclientprotocol/sdk";
import { TOO_BUSY } from "./codes.js";

export const busy = () => new RequestError(TOO_BUSY, "Agent is busy");
`,
    },
  ],
  invalid: [],
});

// ---------------------------------------------------------------------------------------------------------------
// Option and settings validation, through ESLint's Linter as users run it.
// ---------------------------------------------------------------------------------------------------------------

describe("no-reserved-error-code configuration", () => {
  const source = `import { RequestError } from "@agentclientprotocol/sdk";\nthrow new RequestError(-32850, "x");\n`;

  function lint(options: unknown, settings?: Record<string, unknown>, configs: Linter.Config[] = []): Linter.LintMessage[] {
    const linter = new Linter();
    const config: Linter.Config[] = configs.length
      ? configs.map((c) => ({ ...c, files: ["**/*.js"], ...(settings ? { settings } : {}) }))
      : [
          {
            files: ["**/*.js"],
            plugins: { acp: plugin },
            rules: { "acp/no-reserved-error-code": options === undefined ? "error" : ["error", options] },
            ...(settings ? { settings } : {}),
          },
        ];
    return linter.verify(source, config, "agent.js");
  }

  it("accepts valid options", () => {
    expect(lint({ ranges: [{ from: -32899, to: -32800 }], allow: [-32801] })).toMatchObject([
      { ruleId: "acp/no-reserved-error-code", messageId: "reservedCode", line: 2, column: 24 },
    ]);
    expect(lint(undefined)).toEqual([]);
  });

  it("rejects an unknown option, naming it", () => {
    expect(() => lint({ range: [] })).toThrow(/acp\/no-reserved-error-code[\s\S]*Unexpected property "range"/);
  });

  it("rejects an unknown property of a range, naming it", () => {
    expect(() => lint({ ranges: [{ from: -5, to: -1, inclusive: true }] })).toThrow(/Unexpected property "inclusive"/);
  });

  it("rejects a ranges value that is not an array", () => {
    expect(() => lint({ ranges: "json-rpc" })).toThrow(/acp\/no-reserved-error-code[\s\S]*"json-rpc" should be array/);
  });

  it("rejects a range without to", () => {
    expect(() => lint({ ranges: [{ from: -32099 }] })).toThrow(/should have required property 'to'/);
  });

  it("rejects a non-integer allowed code", () => {
    expect(() => lint({ allow: [-32001.5] })).toThrow(/acp\/no-reserved-error-code[\s\S]*-32001\.5 should be integer/);
  });

  it("rejects duplicate allowed codes", () => {
    expect(() => lint({ allow: [-32001, -32001] })).toThrow(/acp\/no-reserved-error-code[\s\S]*duplicate items/);
  });

  it("rejects a range whose from is above its to, naming ranges", () => {
    expect(() => lint({ ranges: [{ from: -32000, to: -32768 }] })).toThrow(/option ranges\[0\] must be a range whose "from" is at most its "to"/);
  });

  it("rejects settings.acp.protocolVersion 3, naming the setting and what it accepts", () => {
    expect(() => lint(undefined, { acp: { protocolVersion: 3 } })).toThrow(/settings\.acp\.protocolVersion[\s\S]*1 or 2/);
  });

  it("rejects an unknown settings.acp key, naming it", () => {
    expect(() => lint(undefined, { acp: { version: 2 } })).toThrow(/settings\.acp\.version/);
  });

  it("rejects a bad settings.acp.errorClasses", () => {
    expect(() => lint(undefined, { acp: { errorClasses: "AcpError" } })).toThrow(/settings\.acp\.errorClasses/);
  });

  it("the strict config reports the LSP range, the recommended config does not", () => {
    const strict = lint(undefined, undefined, [plugin.configs.strict]);
    expect(strict.filter((m) => m.ruleId === "acp/no-reserved-error-code")).toMatchObject([
      { ruleId: "acp/no-reserved-error-code", line: 2, column: 24 },
    ]);
    const recommended = lint(undefined, undefined, [plugin.configs.recommended]);
    expect(recommended.filter((m) => m.ruleId === "acp/no-reserved-error-code")).toEqual([]);
  });
});

// Review findings: a helper's code is judged at its calls; a class-field arrow is a helper too; an error class's
// own factory for a code of another protocol version is no invention.
typedTester().run("no-reserved-error-code (helpers, typed)", rule, {
  valid: [
    {
      filename: typedFile,
      code: `import { RequestError } from "@agentclientprotocol/sdk";
export class RequestErrors extends Error {
  static unsupported(requested: number, supported: number[]) {
    return new RequestError(-32022, "Unsupported protocol version", { requested, supported });
  }
}`,
    },
  ],
  invalid: [
    {
      filename: typedFile,
      code: `import { RequestError } from "@agentclientprotocol/sdk";
function fail(code: -32001 | -32603, message: string): never { throw new RequestError(code, message); }
fail(-32001, "x");`,
      errors: [{ messageId: "reservedCode", line: 3, column: 6, endLine: 3, endColumn: 12 }],
    },
    {
      filename: typedFile,
      code: `import { RequestError } from "@agentclientprotocol/sdk";
export class Agent {
  private fail = (code: number, message: string) => {
    throw new RequestError(code, message);
  };
  prompt() {
    this.fail(-32001, "x");
  }
}`,
      errors: [{ messageId: "reservedCode", line: 7, column: 15, endLine: 7, endColumn: 21 }],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// Hand-rolled dispatch: codes given to helpers that build or send responses, and to senders of other files, are
// reported at the argument of the call; the helper's own parameter is not judged.
// ---------------------------------------------------------------------------------------------------------------

function reservedAt(code: string, text: string, value: number, nth = 0): TestCaseError<MessageIds> {
  return { messageId: "reservedCode", data: { code: value, from: -32768, to: -32000 }, ...at(code, text, nth), suggestions: [] };
}

function invalidAt(name: string, code: string, reports: [text: string, value: number, nth?: number][], extra: Partial<Invalid> = {}): Invalid {
  return { name, code, errors: reports.map(([text, value, nth]) => reservedAt(code, text, value, nth)), ...extra };
}

const dispatchInvalid: Invalid[] = [
  invalidAt("a helper that builds the response: the code at the call", `${REFUSE}export function handle(req: { id: Id }) {
  return refuse(req.id, -32001, "Session gone");
}`, [["-32001", -32001]]),
  invalidAt("a helper given a member of the file's code table: the table member and the call", `${REFUSE}const Errors = { notFound: -32002, invalidParams: -32602, busy: -32020 };
export function handle(req: { id: Id }) {
  return refuse(req.id, Errors.busy, "Busy");
}`, [["-32020", -32020], ["Errors.busy", -32020]]),
  invalidAt("a helper of the helper, with an enum member", `${REFUSE}enum Codes { Busy = -32010 }
const busy = (id: Id, code: number) => refuse(id, code, "Busy");
export const r = busy(1, Codes.Busy);`, [["Codes.Busy", -32010]]),
  invalidAt("this.sendError(...) of a class that writes the response", `${SERVER}  handle(id: Id) {
    this.sendError(id, -32001, "Session gone");
  }
}`, [["-32001", -32001]]),
  invalidAt("a transport's error() and an rpc peer's sendError() of another file", `${TRANSPORT}const Errors = { busy: -32020 } as const;
export class Agent {
  rpc: any;
  handle(msg: { id: number }) {
    transport.error(msg.id, -32001, "Unknown sessionId");
    this.rpc.sendError(msg.id, Errors.busy, "busy");
  }
}`, [["-32001", -32001], ["Errors.busy", -32020]]),
];

const dispatchValid: Valid[] = [
  { name: "helper answers with codes outside the reserved range", code: `${REFUSE}export const a = refuse(1, 4001, "busy");\nexport const b = refuse(2, -32002, "Resource not found", { sessionId: "s" });` },
  { name: "a helper that builds a success response", code: `${REFUSE}export const a = answer(1, { code: -32001, stopReason: "end_turn" });` },
  { name: "a transport given a code outside the range", code: `${TRANSPORT}transport.error(1, 4001, "busy");` },
  ...NOT_SENDERS.map((s) => ({ name: `not a sender: ${s.name}`, code: s.code })),
];

untypedTester().run("no-reserved-error-code (hand-rolled dispatch)", rule, { valid: dispatchValid, invalid: dispatchInvalid });

typedTester().run("no-reserved-error-code (senders, typed)", rule, {
  valid: [
    {
      name: "typed: a method whose parameters do not say code and message",
      filename: typedFile,
      code: `import { Transport } from "./transport.js";\ndeclare const transport: Transport;\ntransport.refuse(1, -32001, "busy");`,
    },
  ],
  invalid: [
    invalidAt("typed: a sender by its signature, with a code another file holds", `import { Transport, rejectWith } from "./transport.js";
import { TOO_BUSY } from "./codes.js";
declare const transport: Transport;
transport.error(1, TOO_BUSY, "busy");
rejectWith(2, -32001, "Session gone");`, [["TOO_BUSY", -32042, 1], ["-32001", -32001]], { filename: typedFile }),
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// A name that shadows the import is not the SDK's RequestError: what a parameter, a catch binding or a local
// holding a call's result constructs is unknown, so its first argument is no known error code.
// ---------------------------------------------------------------------------------------------------------------

const SHADOW_SDK = 'import { RequestError } from "@agentclientprotocol/sdk";\n';
const shadowImported = `${SHADOW_SDK}export function wrap(make: (RequestError: unknown) => void) {
  make(0);
  return new RequestError(-32001, "Agent busy");
}`;
untypedTester().run("no-reserved-error-code (a name that shadows the import)", rule, {
  valid: [
    {
      name: "a parameter named RequestError",
      code: `${SHADOW_SDK}export function wrap(RequestError: new (code: number, message: string) => Error) {
  return new RequestError(-32001, "Agent busy");
}`,
    },
    {
      name: "a catch clause's binding named ResponseError",
      code: `export function run(work: () => void) {
  try {
    work();
  } catch (ResponseError) {
    throw new (ResponseError as new (code: number, message: string) => Error)(-32001, "Agent busy");
  }
}`,
    },
    {
      name: "a local const holding what a call returns",
      code: `${SHADOW_SDK}declare function makeClass(): new (code: number, message: string) => Error;
export function build() {
  const RequestError = makeClass();
  return new RequestError(-32001, "Agent busy");
}`,
    },
  ],
  invalid: [
    {
      name: "a parameter of another function does not hide the import",
      code: shadowImported,
      errors: [{ messageId: "reservedCode", ...at(shadowImported, "-32001") }],
    },
  ],
});
