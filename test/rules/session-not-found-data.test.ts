import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/session-not-found-data.js";
import { at, indexOf } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { sdkRequestErrorClass } from "../sdk-source.js";
import { REFUSE, SERVER, TRANSPORT } from "./dispatch-responses.js";
import { HANDLER_STYLES, handlerStyle } from "./handler-styles.js";
import { SESSION_CLEAN_SHAPES } from "./session-clean-shapes.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

/** An SDK 2.x agent app with a map and a record of sessions. */
const SDK = `import { agent, methods, AGENT_METHODS, RequestError } from "@agentclientprotocol/sdk";
type Chat = { cwd: string; abort(): void; tools: Map<string, () => void> };
const sessions = new Map<string, Chat>();
const chats: Record<string, Chat> = {};
export const app = agent({ name: "dev-agent" });
// session/new opens sessions in chats, so a lookup there reads the sessions.
app.onRequest(methods.agent.session.new, () => {
  const id = crypto.randomUUID();
  chats[id] = {} as Chat;
  return { sessionId: id };
});
`;

/** An SDK 2.x client app with terminals and files it tracks itself. */
const CLIENT = `import { client, methods, RequestError } from "@agentclientprotocol/sdk";
const terminals = new Map<string, { output: string }>();
const files = new Map<string, string>();
export const app = client({ name: "dev-client" });
`;

/** `missingSessionId` on exactly `text`: a -32002 with data but no sessionId, which gets no suggestion. */
function missing(code: string, text: string, nth = 0): Report {
  return { messageId: "missingSessionId", ...at(code, text, nth), suggestions: [] };
}

/**
 * `resourceNotFoundForSession` on `text`, a `X.resourceNotFound(id)` call, with the suggestion the rule must offer
 * for the installed SDK 2.4.0: `X.sessionNotFound(id)` (below 2.1.0 it is `new X(-32002, "Resource not found",
 * { sessionId: id })`: test/rules/sdk-version-advice.test.ts).
 */
function resourceNotFound(code: string, text: string, nth = 0): Report {
  const start = indexOf(code, text, nth);
  const factoryAt = text.indexOf(".resourceNotFound(");
  const id = text.slice(factoryAt + ".resourceNotFound(".length, -1);
  const replace = (from: number, length: number, by: string) => code.slice(0, from) + by + code.slice(from + length);
  return {
    messageId: "resourceNotFoundForSession",
    ...at(code, text, nth),
    suggestions: [
      { messageId: "useSessionNotFound", data: { id }, output: replace(start + factoryAt + 1, "resourceNotFound".length, "sessionNotFound") },
    ],
  };
}

/** `resourceNotFoundForSession` where no suggestion can be built (no argument, or more than one). */
function resourceNotFoundBare(code: string, text: string, nth = 0): Report {
  return { messageId: "resourceNotFoundForSession", ...at(code, text, nth), suggestions: [] };
}

function invalid(name: string, code: string, errors: (code: string) => Report[], extra: Partial<Invalid> = {}): Invalid {
  return { name, code, errors: errors(code), ...extra };
}

// ---------------------------------------------------------------------------------------------------------------
// Valid: the right data, data the rule cannot see, and -32002 answers that are not about a session.
// ---------------------------------------------------------------------------------------------------------------

const valid: Valid[] = [
  {
    name: "SDK: sessionNotFound(params.sessionId) on a miss",
    code: `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "SDK: -32002 with { sessionId } shorthand from a destructured parameter",
    code: `${SDK}app.onRequest(methods.agent.session.setMode, ({ params: { sessionId } }) => {
  const chat = sessions.get(sessionId);
  if (!chat) throw new RequestError(-32002, "Resource not found", { sessionId });
  return {};
});`,
  },
  {
    name: "SDK: -32002 with { sessionId: params.sessionId }",
    code: `${SDK}app.onRequest(methods.agent.session.load, (ctx) => {
  if (!(ctx.params.sessionId in chats)) {
    throw new RequestError(-32002, "Resource not found", { sessionId: ctx.params.sessionId });
  }
  return {};
});`,
  },
  {
    name: "SDK: -32002 with sessionId computed from a variable, next to other data",
    code: `${SDK}app.onRequest(methods.agent.session.resume, ({ params }) => {
  const id = params.sessionId;
  if (sessions.get(id) === undefined) throw new RequestError(-32002, "Resource not found", { uri: \`acp://\${id}\`, sessionId: id });
  return {};
});`,
  },
  {
    name: "SDK: data spread from elsewhere may carry sessionId",
    code: `${SDK}declare const details: Record<string, unknown>;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(-32002, "Resource not found", { ...details });
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "SDK: data held in a variable built by a call is unknown",
    code: `${SDK}declare function describe(id: string): Record<string, unknown>;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const data = describe(params.sessionId);
  if (!sessions.has(params.sessionId)) throw new RequestError(-32002, "Resource not found", data);
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "a helper whose data parameter is passed in: the helper's data is unknown",
    code: `import { RequestError } from "@agentclientprotocol/sdk";
export function sessionGone(data: unknown) {
  return new RequestError(-32002, "Session not found", data);
}`,
  },
  {
    name: "a helper-call whose data is the helper parameter's default is unknown",
    code: `${SDK}function fail(code: number, message: string, data: object = {}) {
  return new RequestError(code, message, data);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw fail(-32002, "Session not found");
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "arguments spread into the constructor are unknown",
    code: `${SDK}declare const rest: [string, object];
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(-32002, ...rest);
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "a helper that throws sessionNotFound, shared by several handlers",
    code: `${SDK}function requireChat(sessionId: string) {
  const chat = sessions.get(sessionId);
  if (!chat) throw RequestError.sessionNotFound(sessionId);
  return chat;
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  requireChat(params.sessionId);
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  requireChat(params.sessionId).cwd = "/";
  return {};
});
app.onRequest(methods.agent.session.load, ({ params: { sessionId } }) => {
  requireChat(sessionId);
  return {};
});`,
  },
  {
    name: "client SDK app: a terminal that belongs to another session is still an unknown terminal",
    code: `${CLIENT}const owners = new Map<string, string>();
app.onRequest(methods.client.terminal.kill, ({ params }) => {
  const owner = owners.get(params.terminalId);
  if (!owner || owner !== params.sessionId) throw RequestError.resourceNotFound(params.terminalId);
  return {};
});`,
  },
  {
    name: "the SDK's own RequestError class: resourceNotFound and sessionNotFound as shipped",
    code: sdkRequestErrorClass,
  },
  {
    name: "legacy Client class: terminal and file lookups",
    code: `import * as acp from "@agentclientprotocol/sdk";
export class Editor implements acp.Client {
  private terminals = new Map<string, { output: string }>();
  private files = new Map<string, string>();
  async terminalOutput(params: acp.TerminalOutputRequest) {
    const terminal = this.terminals.get(params.terminalId);
    if (!terminal) throw acp.RequestError.resourceNotFound(params.terminalId);
    return { output: terminal.output, truncated: false };
  }
  async readTextFile(params: acp.ReadTextFileRequest) {
    const content = this.files.get(params.path);
    if (content === undefined) throw new acp.RequestError(-32002, "Resource not found", { uri: params.path });
    return { content };
  }
}`,
  },
  {
    name: "hand-rolled client dispatch: terminal/output and fs/read_text_file",
    code: `const terminals = new Map<string, string>();
const files = new Map<string, string>();
export function route(msg: { method: string; params: { sessionId: string; terminalId: string; path: string } }) {
  switch (msg.method) {
    case "terminal/output":
      if (!terminals.has(msg.params.terminalId)) return { error: { code: -32002, message: "Resource not found" } };
      return { result: { output: terminals.get(msg.params.terminalId), truncated: false } };
    case "fs/read_text_file":
      if (!files.has(msg.params.path)) return { error: { code: -32002, message: "Resource not found", data: { uri: msg.params.path } } };
      return { result: { content: files.get(msg.params.path) } };
  }
  return undefined;
}`,
  },
  {
    name: "a file reader outside any handler (the docs' correct example)",
    code: `import { RequestError } from "@agentclientprotocol/sdk";
export function readText(files: Map<string, string>, path: string) {
  const text = files.get(path);
  if (text === undefined) throw RequestError.resourceNotFound(path);
  return text;
}`,
  },
  {
    // Its callers tell whether an agent's request reaches the miss (see the cross-file tests): a notification, a
    // client or session/delete may be the only ones.
    name: "a module with no handler: a lookup's miss answering resourceNotFound with the id",
    code: `import { RequestError } from "@agentclientprotocol/sdk";
const chats = new Map<string, { abort(): void }>();
export function chatOf(sessionId: string) {
  const chat = chats.get(sessionId);
  if (!chat) throw RequestError.resourceNotFound(sessionId);
  return chat;
}`,
  },
  {
    name: "prompt handler: resourceNotFound(uri) for an embedded resource, after the session check",
    code: `${SDK}const resources = new Map<string, string>();
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) throw RequestError.sessionNotFound(params.sessionId);
  for (const block of params.prompt) {
    if (block.type !== "resource_link") continue;
    const text = resources.get(block.uri);
    if (text === undefined) throw RequestError.resourceNotFound(block.uri);
  }
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "prompt handler: a tool the session does not have, on the branch where the session exists",
    code: `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat) {
    const tool = chat.tools.get("grep");
    if (!tool) throw new RequestError(-32002, "Resource not found", { uri: "tool://grep" });
    tool();
  }
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "SDK: session/delete's -32002 is left to idempotent-session-delete",
    code: `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
  sessions.delete(params.sessionId);
  return {};
});`,
  },
  {
    name: "legacy: deleteSession's -32002 is left to idempotent-session-delete",
    code: `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private sessions = new Map<string, object>();
  async unstable_deleteSession(params: { sessionId: string }) {
    if (!this.sessions.delete(params.sessionId)) throw new acp.RequestError(-32002, "Resource not found");
    return {};
  }
}`,
  },
  {
    name: "unrecognised class: a private helper only deleteSession calls, and a closure a call of deleteSession runs, are deleteSession's",
    code: `import { RequestError, type DeleteSessionResponse } from "@agentclientprotocol/sdk";
function runWith<T>(o: { run(): T }): T {
  return o.run();
}
export class AgyAgent {
  private sessions = new Map<string, { id: string }>();
  private forget(sessionId: string) {
    if (!this.sessions.delete(sessionId)) throw RequestError.resourceNotFound(sessionId);
  }
  async deleteSession(params: { sessionId?: string }): Promise<DeleteSessionResponse> {
    this.forget(params.sessionId ?? "");
    runWith({ run: () => {
      if (!this.sessions.has(params.sessionId ?? "")) throw RequestError.resourceNotFound(params.sessionId ?? "");
    } });
    return {};
  }
}`,
  },
  {
    name: "unrecognised class: deleteSession with inline params throwing resourceNotFound is left to idempotent-session-delete",
    code: `import { RequestError, type DeleteSessionResponse } from "@agentclientprotocol/sdk";
export class AgyAgent {
  private sessions = new Map<string, { id: string }>();
  async deleteSession(params: { sessionId?: string }): Promise<DeleteSessionResponse> {
    const sessionId = params.sessionId ?? "";
    if (!this.sessions.delete(sessionId)) {
      throw RequestError.resourceNotFound(sessionId);
    }
    return {};
  }
}`,
  },
  {
    name: "legacy Agent class: deleteSession throwing resourceNotFound(sessionId) is left to idempotent-session-delete",
    code: `import { RequestError, type Agent, type DeleteSessionRequest } from "@agentclientprotocol/sdk";
export class A implements Agent {
  private sessions = new Map<string, object>();
  async deleteSession({ sessionId }: DeleteSessionRequest) {
    if (!this.sessions.delete(sessionId)) throw RequestError.resourceNotFound(sessionId);
    return {};
  }
}`,
  },
  {
    name: "another code on the miss branch is another rule's concern",
    code: `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.invalidParams({ sessionId: params.sessionId });
  if (!chats[params.sessionId]) throw new RequestError(-32603, "Internal error");
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "a code that may be -32002 or another is not judged",
    code: `${SDK}declare const strict: boolean;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(strict ? -32002 : -32603, "Resource not found");
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "a code the rule cannot resolve is not judged",
    code: `${SDK}export function fail(code: number) {
  return new RequestError(code, "Session not found");
}`,
  },
  {
    name: "Object.assign with sessionId data",
    code: `export function gone(sessionId: string) {
  return Object.assign(new Error("Session not found"), { code: -32002, data: { sessionId } });
}`,
  },
  {
    name: "hand-rolled dispatch: returned error object with data.sessionId",
    code: `const sessions = new Map<string, object>();
export function route(msg: { id: number; method: string; params: { sessionId: string } }) {
  switch (msg.method) {
    case "session/prompt":
      if (!sessions.has(msg.params.sessionId)) {
        return { jsonrpc: "2.0", id: msg.id, error: { code: -32002, message: "Resource not found", data: { sessionId: msg.params.sessionId } } };
      }
      return { jsonrpc: "2.0", id: msg.id, result: { stopReason: "end_turn" } };
  }
  return undefined;
}`,
  },
  {
    name: "old package: -32002 with sessionId data",
    code: `import { AgentSideConnection, RequestError } from "@zed-industries/agent-client-protocol";
const sessions = new Map<string, object>();
export function start(stream: never) {
  return new AgentSideConnection(() => ({
    async loadSession(p: { sessionId: string }) {
      if (!sessions.has(p.sessionId)) throw new RequestError(-32002, "Resource not found", { sessionId: p.sessionId });
      return {};
    },
  }), stream);
}`,
  },
  {
    name: "an unrelated library's RequestError is no JSON-RPC error",
    code: `import { RequestError } from "@octokit/request-error";
export const gone = (sessionId: string) => new RequestError("Session not found", -32002, { request: { sessionId } } as never);`,
  },
  {
    name: "a -32002 object that is never thrown, returned or sent",
    code: `export const TABLE = { code: -32002, message: "Session not found" };`,
  },
  {
    name: "the typed fixture's constant without type information is unknown",
    code: `${SDK}import { SESSION_GONE } from "./session-codes.js";
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(SESSION_GONE, "Resource not found");
  return { stopReason: "end_turn" };
});`,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Invalid: a -32002 for an unknown session without data.sessionId, in every handler style.
// ---------------------------------------------------------------------------------------------------------------

const sdkInvalid: Invalid[] = [
  invalid(
    "SDK: (ctx) handler, get() then new RequestError(-32002) without data",
    `${SDK}app.onRequest(methods.agent.session.setMode, (ctx) => {
  const chat = sessions.get(ctx.params.sessionId);
  if (!chat) throw new RequestError(-32002, "Resource not found");
  return {};
});`,
    (c) => [missing(c, 'new RequestError(-32002, "Resource not found")')],
  ),
  invalid(
    "SDK: ({ params: { sessionId } }) gives the shorthand suggestion",
    `${SDK}app.onRequest(methods.agent.session.load, ({ params: { sessionId } }) => {
  if (!sessions.has(sessionId)) throw RequestError.resourceNotFound(sessionId);
  return {};
});`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(sessionId)")],
  ),
  invalid(
    "SDK: data with the id under uri",
    `${SDK}app.onRequest(methods.agent.session.resume, ({ params }) => {
  const id = params.sessionId;
  if (sessions.get(id) === undefined) throw new RequestError(-32002, "Resource not found", { uri: id });
  return {};
});`,
    (c) => [missing(c, 'new RequestError(-32002, "Resource not found", { uri: id })')],
  ),
  invalid(
    "SDK: chained registrations, `in` check on a record, a thrown error object",
    `import { agent, methods } from "@agentclientprotocol/sdk";
const store: Record<string, number> = {};
export const app = agent({ name: "a" })
  .onRequest(methods.agent.session.new, () => {
    store["s"] = 0;
    return { sessionId: "s" };
  })
  .onRequest(methods.agent.session.prompt, ({ params }) => {
    if (!(params.sessionId in store)) throw { code: -32002, message: "Resource not found" };
    return { stopReason: "end_turn" };
  });`,
    (c) => [missing(c, '{ code: -32002, message: "Resource not found" }')],
  ),
  invalid(
    "SDK: wire string method, resourceNotFound() without an argument has no suggestion",
    `${SDK}app.onRequest("session/set_config_option", ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound();
  return { configOptions: [] };
});`,
    (c) => [resourceNotFoundBare(c, "RequestError.resourceNotFound()")],
  ),
  invalid(
    "SDK: AGENT_METHODS constant, delete() as the existence test in session/close",
    `${SDK}app.onRequest(AGENT_METHODS.session_close, ({ params }) => {
  if (!sessions.delete(params.sessionId)) throw new RequestError(-32002, "Resource not found");
  return {};
});`,
    (c) => [missing(c, 'new RequestError(-32002, "Resource not found")')],
  ),
  invalid(
    "SDK: namespace import; the suggestion keeps acp.RequestError",
    `import * as acp from "@agentclientprotocol/sdk";
const sessions = new Map<string, object>();
export const app = acp.agent({ name: "a" });
app.onRequest(acp.methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw acp.RequestError.resourceNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});`,
    (c) => [resourceNotFound(c, "acp.RequestError.resourceNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: an aliased RequestError import; the suggestion keeps the alias",
    `import { agent, methods, RequestError as AcpError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, object>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw AcpError.resourceNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});`,
    (c) => [resourceNotFound(c, "AcpError.resourceNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: const { sessionId } = params, `== null` test, error in a block after other statements",
    `${SDK}declare function log(message: string): void;
app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  const { sessionId } = params;
  const chat = sessions.get(sessionId);
  if (chat == null) {
    log("unknown session");
    throw RequestError.resourceNotFound(sessionId);
  }
  return { configOptions: [] };
});`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(sessionId)")],
  ),
  invalid(
    "SDK: typeof === 'undefined' test on a record entry",
    `${SDK}app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  const chat = chats[params.sessionId];
  if (typeof chat === "undefined") throw new RequestError(-32002, "Resource not found");
  return { stopReason: "end_turn" };
});`,
    (c) => [missing(c, 'new RequestError(-32002, "Resource not found")')],
  ),
  invalid(
    "SDK: data held in a const whose object literal the rule sees",
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const data = { uri: params.sessionId };
  if (!sessions.has(params.sessionId)) throw new RequestError(-32002, "Resource not found", data);
  return { stopReason: "end_turn" };
});`,
    (c) => [missing(c, 'new RequestError(-32002, "Resource not found", data)')],
  ),
  invalid(
    "SDK: the error held in a const, then thrown",
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) {
    const err = new RequestError(-32002, "Resource not found");
    throw err;
  }
  return { stopReason: "end_turn" };
});`,
    (c) => [missing(c, 'new RequestError(-32002, "Resource not found")')],
  ),
  invalid(
    "SDK: built from the id inside a callback of the handler",
    `${SDK}app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  await new Promise<void>((resolve, reject) => {
    if (!sessions.has(params.sessionId)) reject(RequestError.resourceNotFound(params.sessionId));
    else resolve();
  });
  return { stopReason: "end_turn" };
});`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: a renamed params binding and an id copied into a local",
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params: p }) => {
  const id = p.sessionId;
  const chat = chats[id];
  if (chat === undefined) throw { code: -32002, message: "Resource not found" };
  return { stopReason: "end_turn" };
});`,
    (c) => [missing(c, '{ code: -32002, message: "Resource not found" }')],
  ),
  invalid(
    "SDK: has() === false",
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (sessions.has(params.sessionId) === false) throw RequestError.resourceNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: the miss is the else branch of an existence test",
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat) {
    chat.abort();
  } else {
    throw new RequestError(-32002, "Resource not found", { uri: "acp://" + params.sessionId });
  }
  return { stopReason: "end_turn" };
});`,
    (c) => [missing(c, 'new RequestError(-32002, "Resource not found", { uri: "acp://" + params.sessionId })')],
  ),
  invalid(
    "SDK: built from the requested id without a lookup (the store throws its own way)",
    `${SDK}declare const store: { load(id: string): Promise<Chat | undefined> };
app.onRequest(methods.agent.session.load, async ({ params }) => {
  const chat = await store.load(params.sessionId).catch(() => undefined);
  if (chat) return {};
  throw RequestError.resourceNotFound(params.sessionId);
});`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: a template message built from the id; its text is the suggestion's id",
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(\`session:\${params.sessionId}\`);
  return { stopReason: "end_turn" };
});`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(`session:${params.sessionId}`)")],
  ),
  invalid(
    "SDK: a code held by a same-file constant and by an enum member",
    `${SDK}const NOT_FOUND = -32002;
enum Codes { Gone = -32002 }
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(NOT_FOUND, "Resource not found");
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!chats[params.sessionId]) throw new RequestError(Codes.Gone, "Resource not found");
  return {};
});`,
    (c) => [missing(c, 'new RequestError(NOT_FOUND, "Resource not found")'), missing(c, 'new RequestError(Codes.Gone, "Resource not found")')],
  ),
  invalid(
    "SDK: two handlers of one app, each reported",
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
  return {};
});`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(params.sessionId)", 0), resourceNotFound(c, "RequestError.resourceNotFound(params.sessionId)", 1)],
  ),
  invalid(
    "SDK: a same-file helper that builds the error, thrown on the miss",
    `${SDK}function fail(code: number, message: string) {
  return new RequestError(code, message);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw fail(-32002, "Resource not found");
  return { stopReason: "end_turn" };
});`,
    (c) => [missing(c, 'fail(-32002, "Resource not found")')],
  ),
];

const helperInvalid: Invalid[] = [
  invalid(
    "helper: requireSession(id) called by a prompt handler",
    `${SDK}function requireSession(id: string) {
  const chat = sessions.get(id);
  if (!chat) throw RequestError.resourceNotFound(id);
  return chat;
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  requireSession(params.sessionId).abort();
  return { stopReason: "end_turn" };
});`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(id)")],
  ),
  invalid(
    "helper of a helper: the id passed on twice",
    `${SDK}function lookup(key: string) {
  if (!(key in chats)) throw new RequestError(-32002, "Resource not found");
  return chats[key]!;
}
function chatFor(id: string) {
  return lookup(id);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  chatFor(params.sessionId).abort();
  return { stopReason: "end_turn" };
});`,
    (c) => [missing(c, 'new RequestError(-32002, "Resource not found")')],
  ),
  invalid(
    "helper shared by session/prompt and session/delete: prompt's answer still needs sessionId",
    `${SDK}function requireChat(sessionId: string) {
  const chat = sessions.get(sessionId);
  if (!chat) throw RequestError.resourceNotFound(sessionId);
  return chat;
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  requireChat(params.sessionId);
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.delete, ({ params }) => {
  requireChat(params.sessionId).abort();
  return {};
});`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(sessionId)")],
  ),
  invalid(
    "helper given the whole request",
    `${SDK}function chatOf(request: { sessionId: string }) {
  const chat = sessions.get(request.sessionId);
  if (chat === undefined) throw new RequestError(-32002, "Resource not found");
  return chat;
}
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  chatOf(params).abort();
  return {};
});`,
    (c) => [missing(c, 'new RequestError(-32002, "Resource not found")')],
  ),
];

const namedInvalid: Invalid[] = [
  invalid(
    "anywhere: a message that speaks of a session (the docs' example)",
    `import { RequestError } from "@agentclientprotocol/sdk";
export const unknownSession = (id: string) => new RequestError(-32002, \`Session \${id} not found\`, { id });`,
    (c) => [missing(c, "new RequestError(-32002, `Session ${id} not found`, { id })")],
  ),
  invalid(
    "anywhere: resourceNotFound(sessionId) in a factory function",
    `import { RequestError } from "@agentclientprotocol/sdk";
export function gone(sessionId: string) {
  return RequestError.resourceNotFound(sessionId);
}`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(sessionId)")],
  ),
  invalid(
    "anywhere: resourceNotFound(args.session_id), an id named in snake case",
    `import { RequestError } from "@agentclientprotocol/sdk";
export const gone = (args: { session_id: string }) => RequestError.resourceNotFound(args.session_id);`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(args.session_id)")],
  ),
  invalid(
    "anywhere: a thrown error object whose message names a session",
    `export function reject(id: string): never {
  throw { code: -32002, message: "Unknown session", data: { id } };
}`,
    (c) => [missing(c, '{ code: -32002, message: "Unknown session", data: { id } }')],
  ),
  invalid(
    "anywhere: Object.assign(new Error('Session not found'), { code: -32002 })",
    `export const gone = Object.assign(new Error("Session not found"), { code: -32002 });`,
    (c) => [missing(c, 'Object.assign(new Error("Session not found"), { code: -32002 })')],
  ),
  invalid(
    "anywhere: a message held by a constant",
    `import { RequestError } from "@agentclientprotocol/sdk";
const SESSION_MISSING = "Session does not exist";
export const gone = () => new RequestError(-32002, SESSION_MISSING);`,
    (c) => [missing(c, "new RequestError(-32002, SESSION_MISSING)")],
  ),
  invalid(
    "anywhere: a lookup's miss in a module with no handler, whose message speaks of a session",
    `import { RequestError } from "@agentclientprotocol/sdk";
const chats = new Map<string, { abort(): void }>();
export function chatOf(sessionId: string) {
  const chat = chats.get(sessionId);
  if (!chat) throw new RequestError(-32002, "Session not found");
  return chat;
}`,
    (c) => [missing(c, 'new RequestError(-32002, "Session not found")')],
  ),
  invalid(
    "anywhere: a call of a same-file helper with a session message",
    `import { RequestError } from "@agentclientprotocol/sdk";
function fail(code: number, message: string) {
  return new RequestError(code, message);
}
export const gone = fail(-32002, "Session not found");`,
    (c) => [missing(c, 'fail(-32002, "Session not found")')],
  ),
];

const legacyInvalid: Invalid[] = [
  invalid(
    "legacy: class implements acp.Agent, prompt() with a field map",
    `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private sessions = new Map<string, object>();
  async prompt(params: acp.PromptRequest) {
    const session = this.sessions.get(params.sessionId);
    if (!session) throw acp.RequestError.resourceNotFound(params.sessionId);
    return { stopReason: "end_turn" as const };
  }
}`,
    (c) => [resourceNotFound(c, "acp.RequestError.resourceNotFound(params.sessionId)")],
  ),
  invalid(
    "legacy: a class built by AgentSideConnection's factory, implementing nothing",
    `import * as acp from "@agentclientprotocol/sdk";
class A {
  sessions = new Map<string, object>();
  constructor(private conn: acp.AgentSideConnection) {}
  async setSessionMode(params: { sessionId: string; modeId: string }) {
    if (!this.sessions.has(params.sessionId)) throw new acp.RequestError(-32002, "Resource not found");
    return {};
  }
}
export function start(stream: acp.Stream) {
  return new acp.AgentSideConnection((conn) => new A(conn), stream);
}`,
    (c) => [missing(c, 'new acp.RequestError(-32002, "Resource not found")')],
  ),
  invalid(
    "legacy: unstable_resumeSession with a private helper method",
    `import { type Agent, RequestError } from "@agentclientprotocol/sdk";
export class A implements Agent {
  private chats = new Map<string, { resume(): void }>();
  private chat(id: string) {
    const chat = this.chats.get(id);
    if (!chat) throw new RequestError(-32002, "Resource not found", { uri: id });
    return chat;
  }
  async unstable_resumeSession(params: { sessionId: string }) {
    this.chat(params.sessionId).resume();
    return {};
  }
}`,
    (c) => [missing(c, 'new RequestError(-32002, "Resource not found", { uri: id })')],
  ),
  invalid(
    "legacy: setSessionConfigOption with a destructured parameter",
    `import * as acp from "@agentclientprotocol/sdk";
const chats: Record<string, { options: string[] }> = {};
export class A implements acp.Agent {
  async setSessionConfigOption({ sessionId }: { sessionId: string }) {
    if (!chats[sessionId]) throw acp.RequestError.resourceNotFound(sessionId);
    return { configOptions: [] };
  }
}`,
    (c) => [resourceNotFound(c, "acp.RequestError.resourceNotFound(sessionId)")],
  ),
];

const dispatchInvalid: Invalid[] = [
  invalid(
    "dispatch: switch (msg.method), a returned error response",
    handlerStyle("dispatch: switch").program("session/prompt", `if (!sessions.has(params.sessionId)) return { jsonrpc: "2.0", id: msg.id, error: { code: -32002, message: "Resource not found" } };
return { jsonrpc: "2.0", id: msg.id, result: { stopReason: "end_turn" } };`),
    (c) => [missing(c, '{ code: -32002, message: "Resource not found" }')],
  ),
  invalid(
    "dispatch: if (method === ...), a thrown error object with data.uri",
    handlerStyle("dispatch: if").program("session/prompt", `const session = sessions.get(params.sessionId);
if (!session) throw { code: -32002, message: "Resource not found", data: { uri: params.sessionId } };
return {};`),
    (c) => [missing(c, '{ code: -32002, message: "Resource not found", data: { uri: params.sessionId } }')],
  ),
];

const settingsInvalid: Invalid[] = [
  invalid(
    "settings.acp.errorClasses: a configured error class",
    `import { agent, methods } from "@agentclientprotocol/sdk";
import { AgentError } from "./errors.js";
const sessions = new Map<string, object>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new AgentError(-32002, "Resource not found");
  return { stopReason: "end_turn" };
});`,
    (c) => [missing(c, 'new AgentError(-32002, "Resource not found")')],
    { settings: { acp: { errorClasses: ["AgentError"] } } },
  ),
  invalid(
    "settings.acp.sdkModules: an SDK re-exported under another name",
    `import { agent, methods, RequestError } from "@acme/acp-sdk";
const sessions = new Map<string, object>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});`,
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(params.sessionId)")],
    { settings: { acp: { sdkModules: ["@acme/acp-sdk"] } } },
  ),
];

/** One suggestion case with its outputs written out, so the expected text does not come from a helper. */
const literalSuggestionCode = `import { RequestError } from "@agentclientprotocol/sdk";
export const gone = (sessionId: string) => RequestError.resourceNotFound(sessionId);`;

const literalInvalid: Invalid[] = [
  {
    name: "suggestion outputs, written out",
    code: literalSuggestionCode,
    errors: [
      {
        messageId: "resourceNotFoundForSession",
        line: 2,
        column: 44,
        endLine: 2,
        endColumn: 84,
        suggestions: [
          {
            messageId: "useSessionNotFound",
            data: { id: "sessionId" },
            output: `import { RequestError } from "@agentclientprotocol/sdk";
export const gone = (sessionId: string) => RequestError.sessionNotFound(sessionId);`,
          },
        ],
      },
    ],
  },
];

// Notifications answer nobody; rejected promises, constant data and helpers that throw themselves are answers.
const answerValid: Valid[] = [
  { code: `${SDK}app.onNotification(methods.agent.session.cancel, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
  sessions.get(params.sessionId)!.abort();
});` },
  { code: `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private sessions = new Map<string, { abort(): void }>();
  async cancel(params: acp.CancelNotification) {
    const session = this.sessions.get(params.sessionId);
    if (!session) throw acp.RequestError.resourceNotFound(params.sessionId);
    session.abort();
  }
}` },
  { code: `${CLIENT}app.onRequest(methods.client.session.requestPermission, ({ params }) => {
  if (!terminals.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
  return { outcome: { outcome: "cancelled" } };
});`, name: "a client's own lookups are not the agent's unknown session" },
];

const answerInvalid: Invalid[] = [
  ...["null", "undefined", "params.sessionId", "`gone: ${params.sessionId}`"].map((data) =>
    invalid(`data ${data} carries no sessionId`, `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(-32002, "Resource not found", ${data});
  return { stopReason: "end_turn" };
});`, (c) => [missing(c, `new RequestError(-32002, "Resource not found", ${data})`)]),
  ),
  invalid("a rejected promise", `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) return Promise.reject(new RequestError(-32002, "Resource not found"));
  return { stopReason: "end_turn" };
});`, (c) => [missing(c, 'new RequestError(-32002, "Resource not found")')]),
  invalid("a rejected promise in a conditional", `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  return chat ? { stopReason: "end_turn" as const } : Promise.reject(new RequestError(-32002, "Resource not found"));
});`, (c) => [missing(c, 'new RequestError(-32002, "Resource not found")')]),
  invalid("a helper that throws, called as a statement", `${SDK}function fail(code: number, message: string): never {
  throw new RequestError(code, message);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) fail(-32002, "Resource not found");
  return { stopReason: "end_turn" };
});`, (c) => [missing(c, 'fail(-32002, "Resource not found")')]),
];

untypedTester().run("session-not-found-data (answers)", rule, { valid: answerValid, invalid: answerInvalid });

// The same unknown-session answer, in every handler style the analysis recognises.
const styleInvalid = HANDLER_STYLES.map((style) =>
  invalid(
    `${style.name}: resourceNotFound for an unknown session`,
    style.program("session/set_config_option", `if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
return { configOptions: [] };`),
    (c) => [resourceNotFound(c, "RequestError.resourceNotFound(params.sessionId)")],
  ),
);
const styleValid: Valid[] = HANDLER_STYLES.map((style) => ({
  name: `${style.name}: sessionNotFound and a -32002 with data.sessionId`,
  code: style.program("session/set_config_option", `if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
const session = sessions.get(params.sessionId);
if (!session) throw new RequestError(-32002, "Resource not found", { sessionId: params.sessionId });
return { configOptions: [] };`),
}));

// Protocol version 2: data.sessionId is a MUST; a -32002 (or -32602) for an unknown terminal or tool call is no session answer.
const V2 = { acp: { protocolVersion: 2 } };
const v2Invalid: Invalid[] = HANDLER_STYLES.flatMap((style) => [
  invalid(
    `v2, ${style.name}: resourceNotFound for an unknown session says MUST`,
    style.program("session/set_config_option", `if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
return { configOptions: [] };`),
    (c) => [{ ...resourceNotFound(c, "RequestError.resourceNotFound(params.sessionId)"), messageId: "resourceNotFoundForSessionV2" }],
    { settings: V2 },
  ),
  invalid(
    `v2, ${style.name}: a -32002 without data.sessionId says MUST`,
    style.program("session/prompt", `if (!sessions.has(params.sessionId)) throw new RequestError(-32002, "Session not found");
return { stopReason: "end_turn" };`),
    (c) => [{ ...missing(c, 'new RequestError(-32002, "Session not found")'), messageId: "missingSessionIdV2" }],
    { settings: V2 },
  ),
]);
const v2Valid: Valid[] = [
  {
    name: "v2: terminal/cancel answering an unknown terminal (not a session) with -32002 and { terminalId }",
    settings: V2,
    code: `import { agent, methods, RequestError } from "@agentclientprotocol/sdk/experimental/v2";
const terminals = new Map<string, { exited: boolean }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.terminal.cancel, ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (!terminal) throw new RequestError(-32002, "Resource not found", { terminalId: params.terminalId });
  if (terminal.exited) throw RequestError.invalidParams({ terminalId: params.terminalId }, "Terminal has exited");
  return {};
});`,
  },
  {
    name: "v2: sessionNotFound for an unknown session",
    settings: V2,
    code: HANDLER_STYLES[0]!.program("session/prompt", `if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
return { stopReason: "end_turn" };`),
  },
];

untypedTester().run("session-not-found-data", rule, {
  valid: [...styleValid, ...SESSION_CLEAN_SHAPES, ...valid, ...v2Valid],
  invalid: [...styleInvalid, ...sdkInvalid, ...helperInvalid, ...namedInvalid, ...legacyInvalid, ...dispatchInvalid, ...settingsInvalid, ...literalInvalid, ...v2Invalid],
});

// ---------------------------------------------------------------------------------------------------------------
// Typed: a code imported from another file is -32002 only to the type checker.
// ---------------------------------------------------------------------------------------------------------------

const typedGone = `${SDK}import { SESSION_GONE } from "./session-codes.js";
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(SESSION_GONE, "Resource not found");
  return { stopReason: "end_turn" };
});`;

typedTester().run("session-not-found-data (typed)", rule, {
  valid: [
    {
      name: "typed: SESSION_GONE with { sessionId }",
      filename: typedFile,
      code: `${SDK}import { SESSION_GONE } from "./session-codes.js";
app.onRequest(methods.agent.session.prompt, ({ params: { sessionId } }) => {
  if (!sessions.has(sessionId)) throw new RequestError(SESSION_GONE, "Resource not found", { sessionId });
  return { stopReason: "end_turn" };
});`,
    },
    {
      name: "typed: a client's unknown terminal",
      filename: typedFile,
      code: SESSION_CLEAN_SHAPES.find((v) => v.name === "client terminal and file lookups")!.code,
    },
  ],
  invalid: [
    invalid("typed: SESSION_GONE from ./session-codes.js on a miss", typedGone, (c) => [missing(c, 'new RequestError(SESSION_GONE, "Resource not found")')], {
      filename: typedFile,
    }),
    { ...sdkInvalid[0]!, name: "typed: resourceNotFound(params.sessionId)", filename: typedFile },
  ],
});

// ---------------------------------------------------------------------------------------------------------------
// Hand-rolled dispatch: a -32002 given to a helper that builds or sends the response, or to a sender of another
// file, on the miss branch of a session lookup, reported at the call.
// ---------------------------------------------------------------------------------------------------------------

/** A dispatcher over `sessions`, with `refuse` and the request's session id read before the method branches. */
const dispatchWith = (miss: string) => `${REFUSE}type Request = { id: Id; method: string; params?: { sessionId?: string } };
const Errors = { invalidParams: -32602, notFound: -32002 };
const sessions = new Map<string, { mode: string }>();
export function handle(req: Request) {
  const sessionId = req.params?.sessionId ?? "";
  if (req.method === "session/set_mode") {
    const session = sessions.get(sessionId);
    if (!session) return ${miss};
    return answer(req.id, {});
  }
  return refuse(req.id, -32601, "Method not found");
}`;

const helperMiss = dispatchWith(`refuse(req.id, Errors.notFound, "Resource not found")`);
const serverMiss = `${SERVER}  handle(req: { id: Id; method: string; params: { sessionId: string } }) {
    if (req.method === "session/prompt") {
      const session = sessions.get(req.params.sessionId);
      if (!session) {
        this.sendError(req.id, -32002, "Resource not found");
        return;
      }
      this.write({ jsonrpc: "2.0", id: req.id, result: { stopReason: "end_turn" } });
    }
  }
}
const sessions = new Map<string, { cwd: string }>();`;
const transportMiss = `${TRANSPORT}const sessions = new Map<string, { cwd: string }>();
export function route(msg: { id: number; method: string; params: { sessionId: string } }) {
  switch (msg.method) {
    case "session/prompt":
      if (!sessions.has(msg.params.sessionId)) {
        transport.error(msg.id, -32002, "Resource not found", { uri: msg.params.sessionId });
        return;
      }
      return transport.result(msg.id, { stopReason: "end_turn" });
  }
}`;

untypedTester().run("session-not-found-data (hand-rolled dispatch)", rule, {
  valid: [
    { name: "a helper given data with the sessionId", code: dispatchWith(`refuse(req.id, Errors.notFound, "Resource not found", { sessionId })`) },
    // What another file's sender does with a missing data argument cannot be seen.
    { name: "a transport given no data", code: transportMiss.replace(', { uri: msg.params.sessionId }', "") },
  ],
  invalid: [
    invalid("refuse(req.id, Errors.notFound, ...) on a miss", helperMiss, (c) => [missing(c, `refuse(req.id, Errors.notFound, "Resource not found")`)]),
    invalid("this.sendError(id, -32002, ...) on a miss, then a bare return", serverMiss, (c) => [missing(c, `this.sendError(req.id, -32002, "Resource not found")`)]),
    invalid("a transport's error() with data that has no sessionId", transportMiss, (c) => [
      missing(c, `transport.error(msg.id, -32002, "Resource not found", { uri: msg.params.sessionId })`),
    ]),
  ],
});

// A name that shadows the import is not the SDK's RequestError: what a parameter, a catch binding or a local holding
// a call's result constructs is unknown, so no -32002 is built there.
untypedTester().run("session-not-found-data (a name that shadows the import)", rule, {
  valid: [
    {
      name: "a parameter named RequestError",
      code: `${SDK}export function mount(RequestError: new (code: number, message: string) => Error) {
  app.onRequest(methods.agent.session.prompt, ({ params }) => {
    if (!sessions.has(params.sessionId)) throw new RequestError(-32002, "Session not found");
    return { stopReason: "end_turn" };
  });
}`,
    },
    {
      name: "a parameter named RequestError, through a factory",
      code: `${SDK}export function mount(RequestError: { resourceNotFound(): Error }) {
  app.onRequest(methods.agent.session.prompt, ({ params }) => {
    if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound();
    return { stopReason: "end_turn" };
  });
}`,
    },
    {
      name: "a local const holding what a call returns",
      code: `${SDK}declare function makeClass(): new (code: number, message: string) => Error;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const RequestError = makeClass();
  if (!sessions.has(params.sessionId)) throw new RequestError(-32002, "Session not found");
  return { stopReason: "end_turn" };
});`,
    },
  ],
  invalid: [],
});
