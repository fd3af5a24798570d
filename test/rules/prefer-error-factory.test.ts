import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import * as tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import rule, { type MessageIds } from "../../rules/prefer-error-factory.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { at } from "../locate.js";
import plugin from "../../src/index.js";
import { sdkRequestErrorClass } from "../sdk-source.js";
import { NOT_SENDERS, OUT, REFUSE, RESPONSE_TYPES, SERVER, TRANSPORT } from "./dispatch-responses.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Suggestion = NonNullable<TestCaseError<MessageIds>["suggestions"]>[number];

/** The names ACP gives its codes (the Errors page), written out here rather than taken from the plugin. */
const NAMES: Record<number, string> = {
  [-32700]: "ParseError",
  [-32600]: "InvalidRequest",
  [-32601]: "MethodNotFound",
  [-32602]: "InvalidParams",
  [-32603]: "InternalError",
  [-32800]: "RequestCancelled",
  [-32000]: "AuthRequired",
  [-32002]: "ResourceNotFound",
  [-32022]: "UnsupportedProtocolVersion",
};

/**
 * A `useFactory` report of `code` written as a bare number on one line starting at `column`
 * (the report covers exactly the literal, `-32602` is six characters).
 */
function useFactory(
  code: number,
  factory: string,
  line: number,
  column: number,
  suggestions: Suggestion[] = [],
): TestCaseError<MessageIds> {
  return {
    messageId: "useFactory",
    data: { code, name: NAMES[code], meaning: "", factory },
    line,
    column,
    endLine: line,
    endColumn: column + String(code).length,
    suggestions,
  };
}

/** A `useNamedConstant` report (files without the SDK's RequestError); never a suggestion. */
function useNamedConstant(code: number, line: number, column: number): TestCaseError<MessageIds> {
  return {
    messageId: "useNamedConstant",
    data: { code, name: NAMES[code], meaning: "", constant: NAMES[code] },
    line,
    column,
    endLine: line,
    endColumn: column + String(code).length,
    suggestions: [],
  };
}

/** `code` with the one occurrence of `from` replaced by `to` (throws when `from` is not there exactly once). */
function swap(code: string, from: string, to: string): string {
  const first = code.indexOf(from);
  if (first === -1 || code.indexOf(from, first + 1) !== -1) {
    throw new Error(`expected exactly one occurrence of ${JSON.stringify(from)}`);
  }
  return code.slice(0, first) + to + code.slice(first + from.length);
}

/** The `replaceWithFactory` suggestion that turns `from` in `code` into `to`. */
function replaceWith(factory: string, code: string, from: string, to: string): Suggestion {
  return { messageId: "replaceWithFactory", data: { factory }, output: swap(code, from, to) };
}

const V2 = { acp: { protocolVersion: 2 } };

// ---------------------------------------------------------------------------------------------------------------
// Suggestions: `new RequestError(code, message, data)` of the SDK becomes the factory, for every factory.
// ---------------------------------------------------------------------------------------------------------------

const parseErrorCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function parseFrame(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new RequestError(-32700, "Parse error", { line });
  }
}
`;

const invalidRequestCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function checkEnvelope(message: { jsonrpc?: string; method?: unknown }) {
  if (message.jsonrpc !== "2.0" || typeof message.method !== "string") {
    throw new RequestError(-32600, "Not a JSON-RPC 2.0 request");
  }
}
`;

const invalidRequestStandardCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function requireId(message: { id?: number | string }) {
  if (message.id === undefined) throw new RequestError(-32600, "Invalid request");
}
`;

const methodNotFoundCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function dispatch(method: string, handlers: Map<string, () => unknown>) {
  const handler = handlers.get(method);
  if (!handler) throw new RequestError(-32601, "Method not found", { method });
  return handler();
}
`;

const methodNotFoundMemberCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function extMethod(request: { method: string; params: unknown }): never {
  throw new RequestError(-32601, "No extension handles " + request.method, { method: request.method });
}
`;

const invalidParamsPrefixedCode = `
import { RequestError } from "@agentclientprotocol/sdk";
import { isAbsolute } from "node:path";

export function newSession(params: { cwd: string; mcpServers: unknown[] }) {
  if (!isAbsolute(params.cwd)) {
    throw new RequestError(-32602, "Invalid params: cwd must be absolute", { cwd: params.cwd });
  }
  return { sessionId: crypto.randomUUID() };
}
`;

const invalidParamsStandardCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function setMode(params: { sessionId: string; modeId: string }, modes: Set<string>) {
  if (!modes.has(params.modeId)) throw new RequestError(-32602, "invalid params", { modeId: params.modeId });
}
`;

const invalidParamsVariableMessageCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function validate(issues: string[]) {
  const message = issues.join("; ");
  if (issues.length > 0) throw new RequestError(-32602, message);
}
`;

const invalidParamsBareCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function requirePrompt(prompt: unknown[]) {
  if (prompt.length === 0) throw new RequestError(-32602);
}
`;

const internalErrorCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export async function runTool(run: () => Promise<string>) {
  try {
    return await run();
  } catch (err) {
    throw new RequestError(-32603, "Internal error", { details: String(err) });
  }
}
`;

const internalErrorMessageCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export async function readTextFile(read: () => Promise<string>) {
  try {
    return { content: await read() };
  } catch (err) {
    const cause = err as Error;
    throw new RequestError(-32603, cause.message, { stack: cause.stack });
  }
}
`;

const requestCancelledCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export async function prompt(signal: AbortSignal, turn: () => Promise<void>) {
  if (signal.aborted) throw new RequestError(-32800, "Request cancelled");
  await turn();
  return { stopReason: "end_turn" };
}
`;

const authRequiredCode = `
import { RequestError } from "@agentclientprotocol/sdk";

const authMethods = [{ id: "api-key", name: "API key" }];

export function requireLogin(token: string | undefined) {
  if (!token) throw new RequestError(-32000, "Sign in with your API key first", { authMethods });
}
`;

const resourceNotFoundNoDataCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function terminalOutput(terminals: Map<string, string>, terminalId: string) {
  const output = terminals.get(terminalId);
  if (output === undefined) throw new RequestError(-32002, "Unknown terminal " + terminalId);
  return { output, truncated: false };
}
`;

const resourceNotFoundUriCode = `
import { RequestError } from "@agentclientprotocol/sdk";
import { existsSync } from "node:fs";

export function readTextFile(params: { sessionId: string; path: string }) {
  if (!existsSync(params.path)) {
    throw new RequestError(-32002, "Resource not found", { uri: params.path });
  }
}
`;

const sessionNotFoundCode = `
import { RequestError } from "@agentclientprotocol/sdk";

const sessions = new Map<string, { cancel(): void }>();

export function cancel(sessionId: string) {
  const session = sessions.get(sessionId);
  if (!session) throw new RequestError(-32002, "Session not found", { sessionId });
  session.cancel();
}
`;

const sessionNotFoundMemberCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function loadSession(params: { sessionId: string }, known: Set<string>) {
  if (!known.has(params.sessionId)) {
    throw new RequestError(-32002, "No such session", { sessionId: params.sessionId } as const);
  }
}
`;

const unsupportedVersionCode = `
import { RequestError } from "@agentclientprotocol/sdk";

const SUPPORTED = [1, 2];

export function initialize(params: { protocolVersion: number }) {
  if (!SUPPORTED.includes(params.protocolVersion)) {
    throw new RequestError(-32022, "Unsupported protocol version", {
      requested: params.protocolVersion,
      supported: SUPPORTED,
    });
  }
  return { protocolVersion: params.protocolVersion, agentCapabilities: {} };
}
`;

/** A construction the suggestion rewrites: where it is reported and the text it replaces and writes. */
interface SuggestionCase {
  readonly name: string;
  readonly code: string;
  readonly acpCode: number;
  /** The factory the message names and the suggestion writes. */
  readonly factory: string;
  readonly at: readonly [line: number, column: number];
  readonly from: string;
  readonly to: string;
}

const suggestionCases: SuggestionCase[] = [
  {
    name: "parseError: the standard message is dropped, the data kept",
    code: parseErrorCode,
    acpCode: -32700,
    factory: "parseError",
    at: [8, 28],
    from: `new RequestError(-32700, "Parse error", { line })`,
    to: `RequestError.parseError({ line })`,
  },
  {
    name: "invalidRequest: a non-standard message without data becomes (undefined, message)",
    code: invalidRequestCode,
    acpCode: -32600,
    factory: "invalidRequest",
    at: [6, 28],
    from: `new RequestError(-32600, "Not a JSON-RPC 2.0 request")`,
    to: `RequestError.invalidRequest(undefined, "Not a JSON-RPC 2.0 request")`,
  },
  {
    name: "invalidRequest: the standard message and no data give invalidRequest()",
    code: invalidRequestStandardCode,
    acpCode: -32600,
    factory: "invalidRequest",
    at: [5, 56],
    from: `new RequestError(-32600, "Invalid request")`,
    to: `RequestError.invalidRequest()`,
  },
  {
    name: "methodNotFound: data exactly { method } (shorthand) gives methodNotFound(method)",
    code: methodNotFoundCode,
    acpCode: -32601,
    factory: "methodNotFound",
    at: [6, 40],
    from: `new RequestError(-32601, "Method not found", { method })`,
    to: `RequestError.methodNotFound(method)`,
  },
  {
    name: "methodNotFound: data exactly { method: expr } gives methodNotFound(expr), whatever the message",
    code: methodNotFoundMemberCode,
    acpCode: -32601,
    factory: "methodNotFound",
    at: [5, 26],
    from: `new RequestError(-32601, "No extension handles " + request.method, { method: request.method })`,
    to: `RequestError.methodNotFound(request.method)`,
  },
  {
    name: "invalidParams: a message prefixed with the standard one passes only the rest as additionalMessage",
    code: invalidParamsPrefixedCode,
    acpCode: -32602,
    factory: "invalidParams",
    at: [7, 28],
    from: `new RequestError(-32602, "Invalid params: cwd must be absolute", { cwd: params.cwd })`,
    to: `RequestError.invalidParams({ cwd: params.cwd }, "cwd must be absolute")`,
  },
  {
    name: "invalidParams: the standard message in another case is still dropped",
    code: invalidParamsStandardCode,
    acpCode: -32602,
    factory: "invalidParams",
    at: [5, 57],
    from: `new RequestError(-32602, "invalid params", { modeId: params.modeId })`,
    to: `RequestError.invalidParams({ modeId: params.modeId })`,
  },
  {
    name: "invalidParams: a message held in a variable is kept as additionalMessage",
    code: invalidParamsVariableMessageCode,
    acpCode: -32602,
    factory: "invalidParams",
    at: [6, 49],
    from: `new RequestError(-32602, message)`,
    to: `RequestError.invalidParams(undefined, message)`,
  },
  {
    name: "internalError: standard message dropped, data kept",
    code: internalErrorCode,
    acpCode: -32603,
    factory: "internalError",
    at: [8, 28],
    from: `new RequestError(-32603, "Internal error", { details: String(err) })`,
    to: `RequestError.internalError({ details: String(err) })`,
  },
  {
    name: "internalError: a computed message is kept after the data",
    code: internalErrorMessageCode,
    acpCode: -32603,
    factory: "internalError",
    at: [9, 28],
    from: `new RequestError(-32603, cause.message, { stack: cause.stack })`,
    to: `RequestError.internalError({ stack: cause.stack }, cause.message)`,
  },
  {
    name: "requestCancelled: the standard message alone gives requestCancelled()",
    code: requestCancelledCode,
    acpCode: -32800,
    factory: "requestCancelled",
    at: [5, 46],
    from: `new RequestError(-32800, "Request cancelled")`,
    to: `RequestError.requestCancelled()`,
  },
  {
    name: "authRequired: data and a non-standard message give (data, message)",
    code: authRequiredCode,
    acpCode: -32000,
    factory: "authRequired",
    at: [7, 38],
    from: `new RequestError(-32000, "Sign in with your API key first", { authMethods })`,
    to: `RequestError.authRequired({ authMethods }, "Sign in with your API key first")`,
  },
  {
    name: "resourceNotFound: -32002 without data gives resourceNotFound()",
    code: resourceNotFoundNoDataCode,
    acpCode: -32002,
    factory: "resourceNotFound",
    at: [6, 52],
    from: `new RequestError(-32002, "Unknown terminal " + terminalId)`,
    to: `RequestError.resourceNotFound()`,
  },
  {
    name: "resourceNotFound: -32002 with data exactly { uri: x } gives resourceNotFound(x)",
    code: resourceNotFoundUriCode,
    acpCode: -32002,
    factory: "resourceNotFound",
    at: [7, 28],
    from: `new RequestError(-32002, "Resource not found", { uri: params.path })`,
    to: `RequestError.resourceNotFound(params.path)`,
  },
  {
    name: "sessionNotFound: -32002 with data exactly { sessionId } gives sessionNotFound(sessionId)",
    code: sessionNotFoundCode,
    acpCode: -32002,
    factory: "sessionNotFound",
    at: [8, 40],
    from: `new RequestError(-32002, "Session not found", { sessionId })`,
    to: `RequestError.sessionNotFound(sessionId)`,
  },
  {
    name: "sessionNotFound: { sessionId: expr } as const gives sessionNotFound(expr)",
    code: sessionNotFoundMemberCode,
    acpCode: -32002,
    factory: "sessionNotFound",
    at: [6, 28],
    from: `new RequestError(-32002, "No such session", { sessionId: params.sessionId } as const)`,
    to: `RequestError.sessionNotFound(params.sessionId)`,
  },
];

const suggestionsInvalid: Invalid[] = [
  ...suggestionCases.map(
    (c): Invalid => ({
      name: c.name,
      code: c.code,
      errors: [useFactory(c.acpCode, c.factory, c.at[0], c.at[1], [replaceWith(c.factory, c.code, c.from, c.to)])],
    }),
  ),
  {
    name: "invalidParams: a construction without message or data gives invalidParams()",
    code: invalidParamsBareCode,
    errors: [
      useFactory(-32602, "invalidParams", 5, 51, [
        replaceWith("invalidParams", invalidParamsBareCode, `new RequestError(-32602)`, `RequestError.invalidParams()`),
      ]),
    ],
  },
  {
    name: "unsupportedProtocolVersion (protocolVersion 2): { requested, supported } over several lines",
    code: unsupportedVersionCode,
    settings: V2,
    errors: [
      useFactory(-32022, "unsupportedProtocolVersion", 8, 28, [
        replaceWith(
          "unsupportedProtocolVersion",
          unsupportedVersionCode,
          `new RequestError(-32022, "Unsupported protocol version", {
      requested: params.protocolVersion,
      supported: SUPPORTED,
    })`,
          `RequestError.unsupportedProtocolVersion(params.protocolVersion, SUPPORTED)`,
        ),
      ]),
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Data that does not fit the factory: reported, but no suggestion.
// ---------------------------------------------------------------------------------------------------------------

const shapeMismatchInvalid: Invalid[] = [
  {
    name: "-32601 with data beyond { method }: no suggestion",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function route(method: string, params: unknown): never {
  throw new RequestError(-32601, "Method not found", { method, params });
}
`,
    errors: [useFactory(-32601, "methodNotFound", 5, 26)],
  },
  {
    name: "-32601 without data: no suggestion (methodNotFound needs the method)",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function unsupported(): never {
  throw new RequestError(-32601, "Method not found");
}
`,
    errors: [useFactory(-32601, "methodNotFound", 5, 26)],
  },
  {
    name: "-32601 with { method } held in a variable: no suggestion",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function unsupported(method: string): never {
  const data = { method };
  throw new RequestError(-32601, "Method not found", data);
}
`,
    errors: [useFactory(-32601, "methodNotFound", 6, 26)],
  },
  {
    name: "-32002 with data { path }: neither resourceNotFound nor sessionNotFound fits",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function readTextFile(path: string): never {
  throw new RequestError(-32002, "File not found", { path });
}
`,
    errors: [useFactory(-32002, "resourceNotFound", 5, 26)],
  },
  {
    name: "-32002 with data { sessionId, uri }: no suggestion",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function readTextFile(sessionId: string, uri: string): never {
  throw new RequestError(-32002, "Resource not found", { sessionId, uri });
}
`,
    errors: [useFactory(-32002, "resourceNotFound", 5, 26)],
  },
  {
    name: "-32022 (protocolVersion 2) with only { requested }: no suggestion",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function initialize(requested: number): never {
  throw new RequestError(-32022, "Unsupported protocol version", { requested });
}
`,
    settings: V2,
    errors: [useFactory(-32022, "unsupportedProtocolVersion", 5, 26)],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// How the SDK is imported: aliased, namespace, legacy package, subpaths, settings.acp.sdkModules.
// ---------------------------------------------------------------------------------------------------------------

const aliasedCode = `
import { RequestError as AcpRequestError } from "@agentclientprotocol/sdk";

export function setModel(params: { modelId: string }, models: string[]) {
  if (!models.includes(params.modelId)) {
    throw new AcpRequestError(-32602, "Invalid params: unknown model", { modelId: params.modelId });
  }
}
`;

const namespaceCode = `
import * as acp from "@agentclientprotocol/sdk";

export class ExampleAgent {
  async extMethod(method: string, _params: Record<string, unknown>): Promise<never> {
    throw new acp.RequestError(-32601, "Unknown extension method", { method });
  }
}
`;

const sessionExpiredCode = `import { RequestError } from "@agentclientprotocol/sdk";
export function renew(): never {
  throw new RequestError(-32000, "Session expired");
}`;

const unstableCode = `
import { RequestError, type Agent } from "@agentclientprotocol/sdk/unstable";

export const agent: Partial<Agent> = {
  async authenticate() {
    throw new RequestError(-32000, "Authentication required");
  },
};
`;

const legacyCode = `
import { RequestError } from "@zed-industries/agent-client-protocol";

export function requireSession(sessionId: string | undefined) {
  if (!sessionId) throw new RequestError(-32602, "sessionId is required");
}
`;

const legacySubpathCode = `
import * as acp from "@zed-industries/agent-client-protocol/dist/acp.js";

export function cancelled(): never {
  throw new acp.RequestError(-32800, "Request cancelled", { reason: "user" });
}
`;

const configuredSdkCode = `
import { RequestError } from "@acme/acp-runtime/errors";

export function parse(text: string) {
  try {
    return JSON.parse(text);
  } catch {
    throw new RequestError(-32700, "Parse error: bad frame");
  }
}
`;

const importsInvalid: Invalid[] = [
  {
    name: "aliased import: the suggestion calls the factory on the local name",
    code: aliasedCode,
    errors: [
      useFactory(-32602, "invalidParams", 6, 31, [
        replaceWith(
          "invalidParams",
          aliasedCode,
          `new AcpRequestError(-32602, "Invalid params: unknown model", { modelId: params.modelId })`,
          `AcpRequestError.invalidParams({ modelId: params.modelId }, "unknown model")`,
        ),
      ]),
    ],
  },
  {
    name: "namespace import: new acp.RequestError becomes acp.RequestError.methodNotFound",
    code: namespaceCode,
    errors: [
      useFactory(-32601, "methodNotFound", 6, 32, [
        replaceWith(
          "methodNotFound",
          namespaceCode,
          `new acp.RequestError(-32601, "Unknown extension method", { method })`,
          `acp.RequestError.methodNotFound(method)`,
        ),
      ]),
    ],
  },
  {
    name: "the /unstable subpath is the SDK",
    code: unstableCode,
    errors: [
      useFactory(-32000, "authRequired", 6, 28, [
        replaceWith(
          "authRequired",
          unstableCode,
          `new RequestError(-32000, "Authentication required")`,
          `RequestError.authRequired()`,
        ),
      ]),
    ],
  },
  {
    // One test of "about authentication" for every rule: a session expired is a sign-in to renew, not an unknown session.
    name: "-32000 'Session expired': about authentication, so authRequired (not resourceNotFound)",
    code: sessionExpiredCode,
    errors: [
      useFactory(-32000, "authRequired", 3, 26, [
        replaceWith("authRequired", sessionExpiredCode, `new RequestError(-32000, "Session expired")`, `RequestError.authRequired(undefined, "Session expired")`),
      ]),
    ],
  },
  {
    name: "the legacy @zed-industries/agent-client-protocol package is the SDK",
    code: legacyCode,
    errors: [
      useFactory(-32602, "invalidParams", 5, 42, [
        replaceWith(
          "invalidParams",
          legacyCode,
          `new RequestError(-32602, "sessionId is required")`,
          `RequestError.invalidParams(undefined, "sessionId is required")`,
        ),
      ]),
    ],
  },
  {
    name: "a namespace import of a legacy subpath",
    code: legacySubpathCode,
    errors: [
      useFactory(-32800, "requestCancelled", 5, 30, [
        replaceWith(
          "requestCancelled",
          legacySubpathCode,
          `new acp.RequestError(-32800, "Request cancelled", { reason: "user" })`,
          `acp.RequestError.requestCancelled({ reason: "user" })`,
        ),
      ]),
    ],
  },
  {
    name: "a module of settings.acp.sdkModules (through a subpath) is the SDK",
    code: configuredSdkCode,
    settings: { acp: { sdkModules: ["@acme/acp-runtime"] } },
    errors: [
      useFactory(-32700, "parseError", 8, 28, [
        replaceWith(
          "parseError",
          configuredSdkCode,
          `new RequestError(-32700, "Parse error: bad frame")`,
          `RequestError.parseError(undefined, "bad frame")`,
        ),
      ]),
    ],
  },
  {
    name: "an SDK import without RequestError asks for a named constant",
    code: `
import { AgentSideConnection, ndJsonStream } from "@agentclientprotocol/sdk";

export function reject(id: number, send: (msg: unknown) => void) {
  send({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
}
`,
    errors: [useNamedConstant(-32601, 5, 45)],
  },
  {
    name: "no SDK at all: a hand-written JSON-RPC layer asks for a named constant",
    code: `
export function handle(id: number, method: string) {
  if (method !== "initialize") {
    return { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found: " + method } };
  }
  return { jsonrpc: "2.0", id, result: { protocolVersion: 1 } };
}
`,
    errors: [useNamedConstant(-32601, 4, 49)],
  },
  {
    name: "vscode-jsonrpc's ResponseError without the SDK: named constant",
    code: `
import { ResponseError } from "vscode-jsonrpc";

export function rejectUnknown(method: string) {
  return new ResponseError(-32601, \`Unsupported method: \${method}\`);
}
`,
    errors: [useNamedConstant(-32601, 5, 28)],
  },
  {
    name: "a ResponseError in a file that also imports the SDK: useFactory, but only RequestError gets a suggestion",
    code: `
import { ResponseError } from "vscode-jsonrpc";
import { RequestError } from "@agentclientprotocol/sdk";

export function bridge(err: unknown) {
  if (err instanceof RequestError) return new ResponseError(err.code, err.message, err.data);
  return new ResponseError(-32603, "Internal error");
}
`,
    errors: [useFactory(-32603, "internalError", 7, 28)],
  },
  {
    name: "a local RequestError class without SDK import: construction outside the class asks for a named constant",
    code: `
export class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export function badCwd(cwd: string): never {
  throw new RequestError(-32602, "cwd must be absolute", { cwd });
}
`,
    errors: [useNamedConstant(-32602, 13, 26)],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Error-site forms other than `new RequestError`: reported at the code, never with a suggestion.
// ---------------------------------------------------------------------------------------------------------------

const siteFormsInvalid: Invalid[] = [
  {
    name: "a thrown object literal",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function requireInitialized(ready: boolean) {
  if (!ready) throw { code: -32600, message: "initialize first" };
}
`,
    errors: [useFactory(-32600, "invalidRequest", 5, 29)],
  },
  {
    name: "a thrown object literal without message",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function reject(): never {
  throw { code: -32700 };
}
`,
    errors: [useFactory(-32700, "parseError", 5, 17)],
  },
  {
    name: "the error: object of a JSON-RPC response",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function methodNotFound(id: number | string, method: string) {
  return { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found", data: { method } } };
}
`,
    errors: [useFactory(-32601, "methodNotFound", 5, 47)],
  },
  {
    name: "a returned { code, message } object",
    code: `
import * as acp from "@agentclientprotocol/sdk";

export function toRpcError(err: unknown) {
  if (err instanceof acp.RequestError) return err.toErrorResponse();
  return { code: -32603, message: err instanceof Error ? err.message : String(err) };
}
`,
    errors: [useFactory(-32603, "internalError", 6, 18)],
  },
  {
    name: "an object returned by an arrow function's expression body",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export const cancelled = (reason: string) => ({ code: -32800, message: "Request cancelled", data: { reason } });
`,
    errors: [useFactory(-32800, "requestCancelled", 4, 55)],
  },
  {
    name: "a { code, message } object passed to a call",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

declare const connection: { sendError(id: number, error: object): void };

export function rejectParams(id: number, field: string) {
  connection.sendError(id, { code: -32602, message: "Invalid params", data: { field } });
}
`,
    errors: [useFactory(-32602, "invalidParams", 7, 36)],
  },
  {
    name: "Object.assign(new Error(m), { code })",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function authFailure(): never {
  throw Object.assign(new Error("Authentication required"), { code: -32000, data: { authMethods: [] } });
}
`,
    errors: [useFactory(-32000, "authRequired", 5, 69)],
  },
  {
    name: "err.code = -32603 on an error-named variable",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function wrap(cause: unknown) {
  const err = new Error("Tool crashed", { cause }) as Error & { code?: number };
  err.code = -32603;
  return err;
}
`,
    errors: [useFactory(-32603, "internalError", 6, 14)],
  },
  {
    name: "err.code = n without the SDK asks for a named constant",
    code: `
export function wrap(failure: Error & { code?: number }) {
  failure.code = -32603;
  throw failure;
}
`,
    errors: [useNamedConstant(-32603, 3, 18)],
  },
  {
    name: "a helper call is reported at its code argument, not in the helper",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

function rpcError(code: number, message: string) {
  return new RequestError(code, message);
}

export function readTextFile(path: string, files: Map<string, string>) {
  const content = files.get(path);
  if (content === undefined) throw rpcError(-32002, "x");
  return { content };
}
`,
    errors: [useFactory(-32002, "resourceNotFound", 10, 45)],
  },
  {
    name: "a helper building a response object, its code third of three",
    code: `
function fail(id: number, code: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

export function route(id: number, method: string) {
  if (method === "session/new") return { jsonrpc: "2.0", id, result: { sessionId: "s-1" } };
  return fail(id, -32601, "Method not found");
}
`,
    errors: [useNamedConstant(-32601, 8, 19)],
  },
  {
    name: "a helper of a helper is judged at the outer call",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const rpcError = (code: number, message: string) => new RequestError(code, message);
const sessionError = (code: number, sessionId: string) => rpcError(code, "Session " + sessionId);

export function prompt(sessionId: string, live: Set<string>) {
  if (!live.has(sessionId)) throw sessionError(-32002, sessionId);
}
`,
    errors: [useFactory(-32002, "resourceNotFound", 8, 48)],
  },
  {
    name: "this.fail(...) of a class method helper",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export class Agent {
  private fail(code: number, message: string): never {
    throw new RequestError(code, message);
  }

  async prompt(params: { sessionId: string; prompt: unknown[] }) {
    if (params.prompt.length === 0) this.fail(-32602, "Empty prompt");
    return { stopReason: "end_turn" };
  }
}
`,
    errors: [useFactory(-32602, "invalidParams", 10, 47)],
  },
  {
    name: "a local Error subclass taking a code, constructed outside the class",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

class AgentError extends Error {
  constructor(
    public code: number,
    message: string,
  ) {
    super(message);
  }
}

export function requireAuth(token?: string) {
  if (!token) throw new AgentError(-32000, "Authentication required");
}
`,
    errors: [useFactory(-32000, "authRequired", 14, 36)],
  },
  {
    name: "a class of settings.acp.errorClasses: reported, no suggestion",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";
import { AcpError } from "./errors.js";

export function invalid(field: string): never {
  throw new AcpError(-32602, "Invalid params", { field });
}
`,
    settings: { acp: { errorClasses: ["AcpError"] } },
    errors: [useFactory(-32602, "invalidParams", 6, 22)],
  },
  {
    name: "an ACP code without a RequestError suggestion in a thrown object under protocolVersion 2",
    code: `
export function initialize(requested: number) {
  if (requested > 2) throw { code: -32022, message: "Unsupported protocol version", data: { requested, supported: [1, 2] } };
}
`,
    settings: V2,
    errors: [useNamedConstant(-32022, 3, 36)],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Conditional codes: each bare branch is reported at itself, and no suggestion is offered.
// ---------------------------------------------------------------------------------------------------------------

const conditionalsInvalid: Invalid[] = [
  {
    name: "new RequestError(c ? -32602 : -32603): both branches, no suggestion",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function toRequestError(err: { userFault: boolean; message: string }) {
  return new RequestError(err.userFault ? -32602 : -32603, err.message);
}
`,
    errors: [useFactory(-32602, "invalidParams", 5, 43), useFactory(-32603, "internalError", 5, 52)],
  },
  {
    name: "nested conditional: every bare branch",
    code: `
import * as acp from "@agentclientprotocol/sdk";

export function classify(kind: "parse" | "params" | "other", message: string) {
  throw new acp.RequestError(kind === "parse" ? -32700 : kind === "params" ? -32602 : -32603, message);
}
`,
    errors: [
      useFactory(-32700, "parseError", 5, 49),
      useFactory(-32602, "invalidParams", 5, 78),
      useFactory(-32603, "internalError", 5, 87),
    ],
  },
  {
    name: "a conditional with a named constant or a non-ACP code: only the bare ACP branch",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const AGENT_BUSY = 1001;

export function reject(busy: boolean, quota: boolean) {
  if (busy) throw new RequestError(quota ? -32602 : AGENT_BUSY, "Busy");
  throw new RequestError(quota ? 429 : -32603, "Failed");
}
`,
    errors: [useFactory(-32602, "invalidParams", 7, 44), useFactory(-32603, "internalError", 8, 40)],
  },
  {
    name: "a conditional code in a response object without the SDK: named constants",
    code: `
export function errorResponse(id: number, ok: boolean, message: string) {
  return {
    jsonrpc: "2.0",
    id,
    error: { code: ok ? -32602 : -32603, message },
  };
}
`,
    errors: [useNamedConstant(-32602, 6, 25), useNamedConstant(-32603, 6, 34)],
  },
  {
    name: "a conditional code spread over lines",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function fromStatus(status: number, message: string): never {
  throw new RequestError(
    status === 401
      ? -32000
      : -32603,
    message,
  );
}
`,
    errors: [useFactory(-32000, "authRequired", 7, 9), useFactory(-32603, "internalError", 8, 9)],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Multi-line constructions: the report is at the literal, the suggestion replaces the whole construction.
// ---------------------------------------------------------------------------------------------------------------

const multiLineNewCode = `
import { RequestError } from "@agentclientprotocol/sdk";

export function writeTextFile(params: { path: string; content: string }) {
  if (!params.path.startsWith("/")) {
    throw new RequestError(
      -32602,
      "Invalid params: path must be absolute",
      {
        path: params.path,
      },
    );
  }
}
`;

const multiLineMethodCode = `
import * as acp from "@agentclientprotocol/sdk";

export function extNotification(method: string): never {
  throw new acp.RequestError(
    -32601,
    "Method not found",
    { method: method },
  );
}
`;

const multiLineInvalid: Invalid[] = [
  {
    name: "multi-line new RequestError: the data keeps its own lines",
    code: multiLineNewCode,
    errors: [
      useFactory(-32602, "invalidParams", 7, 7, [
        replaceWith(
          "invalidParams",
          multiLineNewCode,
          `new RequestError(
      -32602,
      "Invalid params: path must be absolute",
      {
        path: params.path,
      },
    )`,
          `RequestError.invalidParams({
        path: params.path,
      }, "path must be absolute")`,
        ),
      ]),
    ],
  },
  {
    name: "multi-line namespace construction with { method: method }",
    code: multiLineMethodCode,
    errors: [
      useFactory(-32601, "methodNotFound", 6, 5, [
        replaceWith(
          "methodNotFound",
          multiLineMethodCode,
          `new acp.RequestError(
    -32601,
    "Method not found",
    { method: method },
  )`,
          `acp.RequestError.methodNotFound(method)`,
        ),
      ]),
    ],
  },
  {
    name: "a multi-line response with two error sites on different lines",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function respond(id: number, parsed: boolean) {
  if (!parsed) {
    return {
      jsonrpc: "2.0",
      id: null,
      error: {
        code: -32700,
        message: "Parse error",
      },
    };
  }
  return {
    jsonrpc: "2.0",
    id,
    error: {
      message: "Invalid request",
      code: -32600,
    },
  };
}
`,
    errors: [useFactory(-32700, "parseError", 10, 15), useFactory(-32600, "invalidRequest", 20, 13)],
  },
  {
    name: "several sites in one agent",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const sessions = new Map<string, AbortController>();

export const agent = {
  async prompt(params: { sessionId: string; prompt: unknown[] }) {
    const controller = sessions.get(params.sessionId);
    if (!controller) throw new RequestError(-32002, "Session not found", { sessionId: params.sessionId });
    if (params.prompt.length === 0) throw { code: -32602, message: "prompt is empty" };
    if (controller.signal.aborted) throw new RequestError(-32800, "Request cancelled");
    return { stopReason: "end_turn" };
  },
};
`,
    errors: [
      useFactory(-32002, "sessionNotFound", 9, 45, [
        {
          messageId: "replaceWithFactory",
          data: { factory: "sessionNotFound" },
          output: `
import { RequestError } from "@agentclientprotocol/sdk";

const sessions = new Map<string, AbortController>();

export const agent = {
  async prompt(params: { sessionId: string; prompt: unknown[] }) {
    const controller = sessions.get(params.sessionId);
    if (!controller) throw RequestError.sessionNotFound(params.sessionId);
    if (params.prompt.length === 0) throw { code: -32602, message: "prompt is empty" };
    if (controller.signal.aborted) throw new RequestError(-32800, "Request cancelled");
    return { stopReason: "end_turn" };
  },
};
`,
        },
      ]),
      useFactory(-32602, "invalidParams", 10, 51),
      useFactory(-32800, "requestCancelled", 11, 59, [
        {
          messageId: "replaceWithFactory",
          data: { factory: "requestCancelled" },
          output: `
import { RequestError } from "@agentclientprotocol/sdk";

const sessions = new Map<string, AbortController>();

export const agent = {
  async prompt(params: { sessionId: string; prompt: unknown[] }) {
    const controller = sessions.get(params.sessionId);
    if (!controller) throw new RequestError(-32002, "Session not found", { sessionId: params.sessionId });
    if (params.prompt.length === 0) throw { code: -32602, message: "prompt is empty" };
    if (controller.signal.aborted) throw RequestError.requestCancelled();
    return { stopReason: "end_turn" };
  },
};
`,
        },
      ]),
    ],
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Never reported.
// ---------------------------------------------------------------------------------------------------------------

const factoriesValid: Valid[] = [
  {
    name: "every SDK factory (no code written out)",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export const errors = [
  RequestError.parseError({ line: "{" }),
  RequestError.invalidRequest(),
  RequestError.methodNotFound("session/fork"),
  RequestError.invalidParams({ cwd: "." }, "cwd must be absolute"),
  RequestError.internalError(undefined, "tool crashed"),
  RequestError.requestCancelled(),
  RequestError.authRequired({ authMethods: [] }),
  RequestError.resourceNotFound("file:///missing.txt"),
  RequestError.sessionNotFound("s-1"),
  RequestError.unsupportedProtocolVersion(3, [1, 2]),
];
`,
    settings: V2,
  },
  {
    name: "factories through a namespace and an alias",
    code: `
import * as acp from "@agentclientprotocol/sdk";
import { RequestError as RE } from "@agentclientprotocol/sdk/unstable";

export function fail(kind: string): never {
  if (kind === "params") throw acp.RequestError.invalidParams({ kind });
  throw RE.internalError({ kind });
}
`,
  },
  {
    name: "an object with a code passed to a factory is its data, not an error object of its own",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function wrapUpstream(upstream: { message: string }) {
  return RequestError.internalError({ code: -32603, message: upstream.message });
}
`,
  },
  {
    name: "the SDK's own RequestError class and its static factories",
    code: sdkRequestErrorClass,
  },
  {
    name: "a local AppError extends Error with static factories",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  static internal(cause: unknown) {
    return new AppError(-32603, "Internal error", { cause: String(cause) });
  }

  static cancelled() {
    return new AppError(-32800, "Request cancelled");
  }

  toRequestError() {
    return new RequestError(this.code, this.message, this.data);
  }
}
`,
  },
  {
    name: "a class of SDK error factories extending Error builds RequestErrors with codes",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export class AgentErrors extends Error {
  static sessionGone(sessionId: string) {
    return new RequestError(-32002, "Session not found", { sessionId });
  }
}
`,
  },
];

const namedValid: Valid[] = [
  {
    // valid-error-object asks for -32603 there: naming it AuthRequired would cement the mistake.
    name: "-32000 with a Node callback's error message: a failed read, not a missing authentication",
    code: `import * as fs from "node:fs";
declare function write(m: unknown): void;
export function read(id: number, path: string): void {
  fs.readFile(path, "utf8", (err, content) => {
    if (err) write({ jsonrpc: "2.0", id, error: { code: -32000, message: err.message } });
    else write({ jsonrpc: "2.0", id, result: { content } });
  });
}`,
  },
  {
    name: "-32000 with a catch's error message: every failure of the call",
    code: `declare function write(m: unknown): void;
export async function run(id: number, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (e) {
    write({ jsonrpc: "2.0", id, error: { code: -32000, message: e instanceof Error ? e.message : String(e) } });
  }
}`,
  },
  {
    // JSON-RPC's generic "Server error" where ACP means "authentication required": naming it AuthRequired would cement it.
    name: "-32000 with a message about something else than authentication",
    code: `declare function write(m: unknown): void;
export function handle(msg: { id: number; method: string }, count: number): void {
  if (count >= 10) write({ jsonrpc: "2.0", id: msg.id, error: { code: -32000, message: "Terminal limit reached (max 10)" } });
}`,
  },
  {
    name: "a code table and its members at the sites",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const Codes = {
  ParseError: -32700,
  InvalidParams: -32602,
  InternalError: -32603,
} as const;

export function fail(parsed: boolean): never {
  if (!parsed) throw new RequestError(Codes.ParseError, "Parse error");
  throw { code: Codes.InternalError, message: "boom" };
}
`,
  },
  {
    name: "a frozen code table without the SDK",
    code: `
export const ErrorCodes = Object.freeze({
  MethodNotFound: -32601,
  InvalidParams: -32602,
  AuthRequired: -32000,
});

export function unknown(id: number) {
  return { jsonrpc: "2.0", id, error: { code: ErrorCodes.MethodNotFound, message: "Method not found" } };
}
`,
  },
  {
    name: "an enum of codes and its members at sites",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export enum AcpCode {
  InvalidRequest = -32600,
  MethodNotFound = -32601,
  ResourceNotFound = -32002,
}

export function missing(sessionId: string): never {
  throw new RequestError(AcpCode.ResourceNotFound, "Session not found", { sessionId });
}
`,
  },
  {
    name: "named constants at every site form",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;

export function sites(err: Error & { code?: number }, ok: boolean) {
  err.code = INTERNAL_ERROR;
  if (ok) throw new RequestError(INVALID_PARAMS, "bad");
  if (!ok) throw Object.assign(new Error("x"), { code: INTERNAL_ERROR });
  return { code: ok ? INVALID_PARAMS : INTERNAL_ERROR, message: "x" };
}
`,
  },
  {
    name: "comparisons against ACP codes are no error sites",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function describe(error: RequestError) {
  if (error.code === -32000) return "sign in";
  if (error.code !== -32002 && [-32602, -32600].includes(error.code)) return "fix the request";
  switch (error.code) {
    case -32601:
      return "unsupported";
    case -32800:
      return "cancelled";
    default:
      return error.message;
  }
}
`,
  },
  {
    name: "codes outside ACP's table are not this rule's business",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function busy(sessionId: string, quota: boolean): never {
  if (quota) throw new RequestError(429, "Too many requests", { sessionId });
  throw new RequestError(-32001, "Agent busy", { sessionId });
}
`,
  },
  {
    // The string "-32602" is one, written as a string: test/rules/string-codes.test.ts.
    name: "positive 32602 is not an ACP code written as a number",
    code: `
export function odd() {
  if (Math.random() > 0.5) throw { code: 32602, message: "Invalid params" };
}
`,
  },
  {
    name: "-32022 under protocolVersion 1 (default)",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

export function initialize(requested: number): never {
  throw new RequestError(-32022, "Unsupported protocol version", { requested, supported: [1] });
}
`,
  },
  {
    name: "-32022 under an explicit protocolVersion 1",
    code: `
export function initialize(id: number, requested: number) {
  return { jsonrpc: "2.0", id, error: { code: -32022, message: "Unsupported protocol version", data: { requested } } };
}
`,
    settings: { acp: { protocolVersion: 1 } },
  },
  {
    name: "objects with a code that are no error objects",
    code: `
declare const logger: { warn(entry: object): void };

export function report(result: { code?: number }) {
  const expected = { code: -32602 };
  logger.warn({ code: -32603 });
  result.code = -32603;
  return { code: -32601 };
}
`,
  },
  {
    name: "a RequestError of another library (@octokit/request-error) is no ACP error",
    code: `
import { RequestError } from "@octokit/request-error";

export function rethrow(request: object, response: object): never {
  throw new RequestError(-32603, "Upstream failed", { request, response });
}
`,
  },
  {
    name: "a package whose name only starts like the SDK is foreign",
    code: `
import { RequestError } from "@agentclientprotocol/sdk-extras";

export function fail(): never {
  throw new RequestError(-32603, "Internal error");
}
`,
  },
  {
    name: "a helper call with a named or non-ACP code",
    code: `
import { RequestError } from "@agentclientprotocol/sdk";

const AUTH_REQUIRED = -32000;

function rpcError(code: number, message: string) {
  return new RequestError(code, message);
}

export function checks(token?: string) {
  if (!token) throw rpcError(AUTH_REQUIRED, "Authentication required");
  throw rpcError(-32001, "Agent busy");
}
`,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// With type information: constants imported from another file are named; bare numbers are still reported.
// ---------------------------------------------------------------------------------------------------------------

const typedTypedSuggestionCode = `import { RequestError } from "@agentclientprotocol/sdk";
export function requireCwd(cwd?: string) {
  if (!cwd) throw new RequestError(-32602, "Invalid params: cwd is required");
}`;

typedTester().run("prefer-error-factory (typed)", rule, {
  valid: [
    {
      name: "a constant imported from ./codes.js",
      filename: typedFile,
      code: `import { RequestError } from "@agentclientprotocol/sdk";
import { INVALID_PARAMS } from "./codes.js";
export function fail(): never {
  throw new RequestError(INVALID_PARAMS, "Invalid params");
}`,
    },
    {
      name: "a constant imported extensionless from ./codes",
      filename: typedFile,
      code: `import { INVALID_PARAMS } from "./codes";
export function fail(id: number) {
  return { jsonrpc: "2.0", id, error: { code: INVALID_PARAMS, message: "Invalid params" } };
}`,
    },
    {
      name: "a parameter of a literal-union type is no bare number",
      filename: typedFile,
      code: `import { RequestError } from "@agentclientprotocol/sdk";
import type { AcpFailureCode } from "./codes.js";
export function fail(code: AcpFailureCode, message: string): never {
  throw new RequestError(code, message);
}`,
    },
  ],
  invalid: [
    {
      name: "a bare code is reported with type information too, with the same suggestion",
      filename: typedFile,
      code: typedTypedSuggestionCode,
      errors: [
        useFactory(-32602, "invalidParams", 3, 36, [
          replaceWith(
            "invalidParams",
            typedTypedSuggestionCode,
            `new RequestError(-32602, "Invalid params: cwd is required")`,
            `RequestError.invalidParams(undefined, "cwd is required")`,
          ),
        ]),
      ],
    },
    {
      name: "a typed helper's call with a bare ACP code",
      filename: typedFile,
      code: `import { RequestError } from "@agentclientprotocol/sdk";
import type { AcpFailureCode } from "./codes.js";
function fail(code: AcpFailureCode, message: string): never {
  throw new RequestError(code, message);
}
fail(-32000, "Authentication required");`,
      errors: [useFactory(-32000, "authRequired", 6, 6)],
    },
  ],
});

untypedTester().run("prefer-error-factory", rule, {
  valid: [...factoriesValid, ...namedValid],
  invalid: [
    ...suggestionsInvalid,
    ...shapeMismatchInvalid,
    ...importsInvalid,
    ...siteFormsInvalid,
    ...conditionalsInvalid,
    ...multiLineInvalid,
  ],
});

// Review findings: spreads get no rewrite, template messages lose the standard prefix, an empty remainder
// and explicit `undefined` data are dropped.
const SDK = 'import { RequestError } from "@agentclientprotocol/sdk";\n';
untypedTester().run("prefer-error-factory (review findings)", rule, {
  valid: [],
  invalid: [
    {
      code: `${SDK}declare const rest: [string];\nthrow new RequestError(-32602, ...rest);`,
      errors: [{ messageId: "useFactory", line: 3, column: 24, endLine: 3, endColumn: 30, suggestions: [] }],
    },
    {
      code: `${SDK}declare const e: Error;\nthrow new RequestError(-32603, \`Internal error: \${e.message}\`, { e });`,
      errors: [
        {
          messageId: "useFactory",
          line: 3,
          column: 24,
          suggestions: [
            {
              messageId: "replaceWithFactory",
              data: { factory: "internalError" },
              output: `${SDK}declare const e: Error;\nthrow RequestError.internalError({ e }, \`\${e.message}\`);`,
            },
          ],
        },
      ],
    },
    {
      code: `${SDK}declare const data: object;\nthrow new RequestError(-32602, "Invalid params:", data);`,
      errors: [
        {
          messageId: "useFactory",
          line: 3,
          column: 24,
          suggestions: [
            {
              messageId: "replaceWithFactory",
              data: { factory: "invalidParams" },
              output: `${SDK}declare const data: object;\nthrow RequestError.invalidParams(data);`,
            },
          ],
        },
      ],
    },
    {
      code: `${SDK}throw new RequestError(-32002, "Resource not found", undefined);`,
      errors: [
        {
          messageId: "useFactory",
          line: 2,
          column: 24,
          suggestions: [
            {
              messageId: "replaceWithFactory",
              data: { factory: "resourceNotFound" },
              output: `${SDK}throw RequestError.resourceNotFound();`,
            },
          ],
        },
      ],
    },
  ],
});

// A code held by an error class is that class's named constant, like a code table's member.
untypedTester().run("prefer-error-factory (codes held by error classes)", rule, {
  valid: [
    `${SDK}export class InvalidParamsError extends Error {\n  code = -32602;\n}`,
    `${SDK}export class AuthRequiredError extends RequestError {\n  constructor(message: string) {\n    super(-32000, message);\n  }\n}`,
    `export class SessionGone extends Error {\n  constructor(message: string) {\n    super(message);\n    this.code = -32002;\n  }\n  code: number;\n}`,
  ],
  invalid: [],
});

// ---------------------------------------------------------------------------------------------------------------
// Hand-rolled dispatch: a bare ACP code given to a helper that builds or sends the response, or to a sender of
// another file, is reported at the call's argument; in a file without the SDK, a named constant is the advice.
// ---------------------------------------------------------------------------------------------------------------

/** `useNamedConstant` at the `nth` occurrence of `text`. */
function namedConstantAt(code: string, text: string, nth = 0): TestCaseError<MessageIds> {
  return { messageId: "useNamedConstant", ...at(code, text, nth), suggestions: [] };
}

const helperMethodNotFound = `${REFUSE}export function handle(req: { id: Id; method: string }) {
  return refuse(req.id, -32601, "Method not found", { method: req.method });
}`;
const serverInvalidParams = `${SERVER}  handle(id: Id) {
    this.sendError(id, -32602, "Invalid params");
  }
}`;
const transportNotFound = `${TRANSPORT}transport.error(1, -32002, "Resource not found", { uri: "file:///a" });`;
const outFailMessage = `${OUT}export function run(err: Error) {\n  out.fail(msg.id, -32603, err.message);\n}`;
const outFailString = `${OUT}export function run(e: unknown) {\n  out.reply(msg.id, -32602, e instanceof Error ? e.message : String(e));\n}`;
const outLoginFailed = `${OUT}export async function login(attempt: () => Promise<void>) {\n  try {\n    await attempt();\n  } catch (e) {\n    out.fail(msg.id, -32000, \`Login failed: \${String(e)}\`);\n  }\n}`;
const conditionalError = `${RESPONSE_TYPES}declare const out: { send(message: object): void };
function sendError(id: Id, code: number, message: string, data?: unknown) {
  out.send({ jsonrpc: "2.0", id, error: data === undefined ? { code, message } : { code, message, data } });
}
export function refuse(id: Id, method: string) {
  sendError(id, -32601, "Method not found", { method });
  return undefined;
}`;

const TEST_FILE = "/project/tests/dispatch.test.ts";
const MOCK_SERVER = `export class MockAgent {
  constructor(private readonly send: (m: object) => void) {}
  handle(msg: { id: number; method: string }) {
    if (msg.method !== "session/new") this.send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } });
  }
}`;

untypedTester().run("prefer-error-factory (hand-rolled dispatch)", rule, {
  valid: [
    {
      name: "an assertion's expected value is no error built (toEqual, rejects.toMatchObject, assert.deepStrictEqual)",
      code: `declare const expect: any; declare const assert: any; declare const res: any;
expect(res.error).toEqual({ code: -32601, message: "Method not found" });
void expect(Promise.reject(res)).rejects.toMatchObject({ code: -32000, message: "Authentication required" });
expect(res).toMatchObject({ jsonrpc: "2.0", id: 2, error: { code: -32603, message: "Internal error" } });
assert.deepStrictEqual(res, { error: { code: -32602, message: "Invalid params" } });`,
    },
    {
      name: "in a test file, a response fed to the code under test is test data",
      filename: TEST_FILE,
      code: `declare function it(name: string, fn: () => void): void;
declare function deserialize(wire: string): unknown;
declare function buildResponse(id: string, result: unknown, error: object): unknown;
it("parses an error response", () => {
  deserialize(JSON.stringify({ jsonrpc: "2.0", id: "r1", error: { code: -32601, message: "Not found" } }));
  buildResponse("r2", null, { code: -32700, message: "Parse error" });
});`,
    },
    {
      name: "codes of the file's own table and codes outside ACP's",
      code: `${REFUSE}const Errors = { methodNotFound: -32601, invalidParams: -32602 } as const;
export const a = refuse(1, Errors.methodNotFound, "Method not found");
export const b = refuse(2, 4001, "busy");`,
    },
    ...NOT_SENDERS.map((s) => ({ name: `not a sender: ${s.name}`, code: s.code.replaceAll("-32001", "-32602") })),
  ],
  invalid: [
    { name: "refuse(id, -32601, ...) without the SDK", code: helperMethodNotFound, errors: [namedConstantAt(helperMethodNotFound, "-32601")] },
    { name: "this.sendError(id, -32602, ...)", code: serverInvalidParams, errors: [namedConstantAt(serverInvalidParams, "-32602")] },
    { name: "a transport's error(id, -32002, ...)", code: transportNotFound, errors: [namedConstantAt(transportNotFound, "-32002")] },
    { name: "a sender of any name given an id, a code and err.message", code: outFailMessage, errors: [namedConstantAt(outFailMessage, "-32603")] },
    { name: "a sender of any name given an id, a code and e.message or String(e)", code: outFailString, errors: [namedConstantAt(outFailString, "-32602")] },
    { name: "a helper whose error object is chosen by a conditional", code: conditionalError, errors: [namedConstantAt(conditionalError, "-32601")] },
    {
      name: "-32000 with a caught failure whose words are about authentication: AuthRequired is its meaning",
      code: outLoginFailed,
      errors: [namedConstantAt(outLoginFailed, "-32000")],
    },
    { name: "a mock agent in a test file answers requests: its errors are built as any agent's", filename: TEST_FILE, code: MOCK_SERVER, errors: [namedConstantAt(MOCK_SERVER, "-32601")] },
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// A name that shadows the import is not the SDK's RequestError: a parameter, a catch binding or a local holding
// what a call returns constructs whatever it holds, so no error site is there. Imports, aliases of them and
// undeclared names still are.
// ---------------------------------------------------------------------------------------------------------------

const shadowImportedLater = `${SDK}export function wrap(make: (RequestError: unknown) => void) {
  make(0);
  return new RequestError(-32602, "Invalid params: cwd");
}`;
const shadowAliasConst = `import * as acp from "@agentclientprotocol/sdk";
const RE = acp.RequestError;
export const e = new RE(-32602, "Invalid params: cwd");`;
const shadowDestructured = `import * as acp from "@agentclientprotocol/sdk";
const { RequestError } = acp;
export const e = new RequestError(-32602, "Invalid params: cwd");`;
const shadowUndeclared = `export const e = new RequestError(-32602, "Invalid params: cwd");`;
const shadowLetDestructured = `import * as acp from "@agentclientprotocol/sdk";
let { RequestError } = acp;
export const e = new RequestError(-32602, "Invalid params: cwd");`;
const shadowDeclared = `declare const RequestError: typeof import("@agentclientprotocol/sdk").RequestError;
export const e = new RequestError(-32602, "Invalid params: cwd");`;
const shadowFunction = `function ResponseError(this: { code: number; message: string }, code: number, message: string) {
  this.code = code;
  this.message = message;
}
export const e = new (ResponseError as any)(-32601, "Method not found");`;

untypedTester().run("prefer-error-factory (a name that shadows the import)", rule, {
  valid: [
    {
      name: "a parameter named RequestError",
      code: `${SDK}export function wrap(RequestError: new (code: number, message: string) => Error) {
  return new RequestError(-32602, "Invalid params");
}`,
    },
    {
      name: "a parameter named ResponseError, in a file without the SDK",
      code: `export function wrap(ResponseError: new (code: number, message: string) => Error) {
  return new ResponseError(-32601, "Method not found");
}`,
    },
    {
      name: "a catch clause's binding named RequestError",
      code: `${SDK}export function run(work: () => void) {
  try {
    work();
  } catch (RequestError) {
    throw new (RequestError as new (code: number, message: string) => Error)(-32603, "Internal error");
  }
}`,
    },
    {
      name: "a local const holding what a call returns",
      code: `${SDK}declare function makeClass(): new (code: number, message: string) => Error;
export function build() {
  const RequestError = makeClass();
  return new RequestError(-32602, "Invalid params");
}`,
    },
    {
      name: "a parameter that shadows a local error class",
      code: `class AgentError extends Error {
  constructor(readonly code: number, message: string) {
    super(message);
  }
}
export const known = AgentError;
export function wrap(AgentError: new (code: number, message: string) => Error) {
  return new AgentError(-32602, "Invalid params");
}`,
    },
    {
      name: "a member of a parameter named like the SDK's namespace",
      code: `export function wrap(acp: { RequestError: new (code: number, message: string) => Error }) {
  return new acp.RequestError(-32602, "Invalid params");
}`,
    },
  ],
  invalid: [
    {
      name: "a parameter of another function does not hide the import",
      code: shadowImportedLater,
      errors: [
        useFactory(-32602, "invalidParams", 4, 27, [
          replaceWith("invalidParams", shadowImportedLater, 'new RequestError(-32602, "Invalid params: cwd")', 'RequestError.invalidParams(undefined, "cwd")'),
        ]),
      ],
    },
    {
      name: "a const alias of the namespace's RequestError",
      code: shadowAliasConst,
      errors: [
        useFactory(-32602, "invalidParams", 3, 25, [
          replaceWith("invalidParams", shadowAliasConst, 'new RE(-32602, "Invalid params: cwd")', 'RE.invalidParams(undefined, "cwd")'),
        ]),
      ],
    },
    {
      name: "RequestError destructured from the namespace",
      code: shadowDestructured,
      errors: [useFactory(-32602, "invalidParams", 3, 35)],
    },
    {
      name: "RequestError destructured from the namespace with let, written once",
      code: shadowLetDestructured,
      errors: [useFactory(-32602, "invalidParams", 3, 35)],
    },
    {
      name: "a declared RequestError (declare const … : typeof …RequestError) is a class the types declare",
      code: shadowDeclared,
      errors: [useNamedConstant(-32602, 2, 35)],
    },
    {
      name: "an undeclared RequestError is still taken at its name",
      code: shadowUndeclared,
      errors: [useNamedConstant(-32602, 1, 35)],
    },
    {
      name: "a function declaration named ResponseError is a constructor of its own",
      code: shadowFunction,
      errors: [useNamedConstant(-32601, 5, 45)],
    },
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// A code used for another meaning than its own: the advice is for the code the meaning calls for. LSP's -32002
// "Server not initialized" is a request before initialize, -32600 (require-initialize-gate's fix, written the same
// way), and so is any code a gate before initialize answers; a code for a situation no ACP code is for (-32002 for
// an exhausted quota) is left unnamed, as valid-error-object asks for another code.
// ---------------------------------------------------------------------------------------------------------------

const BEFORE_INIT = ", but this error is about a request before initialize, which calls for -32600 Invalid request";

/** A `useFactory` report at `text` of `code` that asks for invalidRequest, with `suggestions`. */
function useInvalidRequest(code: string, text: string, value: number, suggestions: Suggestion[], meaning = BEFORE_INIT): TestCaseError<MessageIds> {
  return { messageId: "useFactory", data: { code: value, name: NAMES[value], meaning, factory: "invalidRequest" }, ...at(code, text), suggestions };
}

const lspNotInitialized = `${SDK}export const notInitialized = () => new RequestError(-32002, "Server not initialized");`;
const lspNotInitializedInApp = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => { throw new RequestError(-32002, "Server not initialized", { method: "session/new" }); });`;
const lspNotInitializedObject = `export function refuse(id: number) {
  return { jsonrpc: "2.0", id, error: { code: -32002, message: "Server not initialized" } };
}`;
const notInitializedDetails = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => { throw new RequestError(-32603, "Not ready", { details: "agent not initialized" }); });`;
/** A dispatcher whose gate before initialize (found by its guard) answers `answer`. */
const gate = (answer: string) => `${SDK}let initialized = false;
export function route(method: string) {
  if (!initialized && method !== "initialize") throw ${answer};
  switch (method) {
    case "initialize": initialized = true; return { protocolVersion: 1 };
    case "session/new": return { sessionId: "s" };
  }
  return undefined;
}`;
const gateNotYet = gate('new RequestError(-32002, "Not yet")');
const gateInternal = gate('new RequestError(-32603, "Please wait")');
/** A dispatcher whose initialize answers a repeated initialize with `answer`. */
const repeatedInit = (answer: string) => `export class Server {
  private initialized = false;
  handle(msg: { id: number; method: string }) {
    if (this.initialized && msg.method === "initialize") return { jsonrpc: "2.0", id: msg.id, error: ${answer} };
    switch (msg.method) {
      case "initialize": this.initialized = true; return { jsonrpc: "2.0", id: msg.id, result: { protocolVersion: 1 } };
      case "session/new": return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };
    }
    return undefined;
  }
}`;
const repeatedNotFound = repeatedInit('{ code: -32002, message: "Already initialized" }');
const storeNotInitialized = `${SDK}export const e = new RequestError(-32002, "session store not initialized");`;

untypedTester().run("prefer-error-factory (a code used for another meaning)", rule, {
  valid: [
    {
      name: "-32002 for an exhausted quota: no ACP code is for it, so the number is not named",
      code: `${SDK}export const full = () => new RequestError(-32002, "terminal pool exhausted");`,
    },
    {
      name: "-32002 for an exhausted quota, without the SDK",
      code: `export const full = (id: number) => ({ jsonrpc: "2.0", id, error: { code: -32002, message: "rate limit reached" } });`,
    },
  ],
  invalid: [
    {
      name: "LSP's -32002 Server not initialized: invalidRequest, not resourceNotFound",
      code: lspNotInitialized,
      errors: [
        useInvalidRequest(lspNotInitialized, "-32002", -32002, [
          replaceWith("invalidRequest", lspNotInitialized, 'new RequestError(-32002, "Server not initialized")', 'RequestError.invalidRequest(undefined, "Server not initialized")'),
        ]),
      ],
    },
    {
      name: "in an agent app, the same edit as require-initialize-gate's, keeping the data",
      code: lspNotInitializedInApp,
      errors: [
        useInvalidRequest(lspNotInitializedInApp, "-32002", -32002, [
          replaceWith(
            "invalidRequest",
            lspNotInitializedInApp,
            'new RequestError(-32002, "Server not initialized", { method: "session/new" })',
            'RequestError.invalidRequest({ method: "session/new" }, "Server not initialized")',
          ),
        ]),
      ],
    },
    {
      name: "without the SDK: the named constant of -32600",
      code: lspNotInitializedObject,
      errors: [
        {
          messageId: "useNamedConstant",
          data: { code: -32002, name: "ResourceNotFound", meaning: BEFORE_INIT, constant: "InvalidRequest" },
          ...at(lspNotInitializedObject, "-32002"),
          suggestions: [],
        },
      ],
    },
    {
      name: "data whose details say the agent is not initialized, in an agent app (any code)",
      code: notInitializedDetails,
      errors: [
        useInvalidRequest(notInitializedDetails, "-32603", -32603, [
          replaceWith(
            "invalidRequest",
            notInitializedDetails,
            'new RequestError(-32603, "Not ready", { details: "agent not initialized" })',
            'RequestError.invalidRequest({ details: "agent not initialized" }, "Not ready")',
          ),
        ]),
      ],
    },
    {
      name: "a gate before initialize found by its guard, whatever its message says",
      code: gateNotYet,
      errors: [
        useInvalidRequest(gateNotYet, "-32002", -32002, [
          replaceWith("invalidRequest", gateNotYet, 'new RequestError(-32002, "Not yet")', 'RequestError.invalidRequest(undefined, "Not yet")'),
        ]),
      ],
    },
    {
      name: "a gate before initialize answering -32603: invalidRequest, not internalError",
      code: gateInternal,
      errors: [
        useInvalidRequest(gateInternal, "-32603", -32603, [
          replaceWith("invalidRequest", gateInternal, 'new RequestError(-32603, "Please wait")', 'RequestError.invalidRequest(undefined, "Please wait")'),
        ]),
      ],
    },
    {
      name: "v2: a repeated initialize answered with -32002 calls for -32600",
      code: repeatedNotFound,
      settings: V2,
      errors: [
        {
          messageId: "useNamedConstant",
          data: { code: -32002, name: "ResourceNotFound", meaning: ", but this error is about a repeated initialize, which calls for -32600 Invalid request", constant: "InvalidRequest" },
          ...at(repeatedNotFound, "-32002"),
          suggestions: [],
        },
      ],
    },
    {
      name: "v1 says nothing about a repeated initialize: -32002 is named as itself",
      code: repeatedNotFound,
      errors: [{ ...useNamedConstant(-32002, 1, 1), ...at(repeatedNotFound, "-32002") }],
    },
    {
      name: "a store that is not initialized is no request before initialize",
      code: storeNotInitialized,
      errors: [
        useFactory(-32002, "resourceNotFound", 2, 35, [
          replaceWith("resourceNotFound", storeNotInitialized, 'new RequestError(-32002, "session store not initialized")', "RequestError.resourceNotFound()"),
        ]),
      ],
    },
  ],
});

// The wording of a report for a code used for another meaning, in full: one sentence that names what the error is
// about and the code it calls for, never advice to name the misused code as itself.
describe("prefer-error-factory: the message for a code used for another meaning", () => {
  const messages = (code: string, settings?: Record<string, unknown>) =>
    new Linter()
      .verify(code, [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser }, plugins: { acp: plugin }, rules: { "acp/prefer-error-factory": "warn" }, ...(settings ? { settings } : {}) }], "agent.ts")
      .map((m) => m.message);

  it("asks for invalidRequest on LSP's -32002 Server not initialized", () => {
    expect(messages(lspNotInitialized)).toEqual([
      "-32002 is ACP's ResourceNotFound code, but this error is about a request before initialize, which calls for -32600 Invalid request: build the error with RequestError.invalidRequest() instead of a bare number.",
    ]);
  });

  it("asks for the named constant of -32600 without the SDK", () => {
    expect(messages(lspNotInitializedObject)).toEqual([
      "-32002 is ACP's ResourceNotFound code, but this error is about a request before initialize, which calls for -32600 Invalid request: write it as a named constant (such as InvalidRequest) instead of a bare number.",
    ]);
  });

  it("says a repeated initialize in protocol version 2", () => {
    expect(messages(repeatedNotFound, V2)).toEqual([
      "-32002 is ACP's ResourceNotFound code, but this error is about a repeated initialize, which calls for -32600 Invalid request: write it as a named constant (such as InvalidRequest) instead of a bare number.",
    ]);
  });

  it("says nothing more of a code used for its own meaning", () => {
    expect(messages(`${SDK}export const e = new RequestError(-32602, "Invalid params");`)).toEqual([
      "-32602 is ACP's InvalidParams code: build the error with RequestError.invalidParams() instead of a bare number.",
    ]);
  });
});
