import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/idempotent-session-delete.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { HANDLER_STYLES, handlerStyle } from "./handler-styles.js";
import { SESSION_CLEAN_SHAPES } from "./session-clean-shapes.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

/** An SDK 2.x agent app with a map and a record of sessions. */
const SDK = `import { agent, methods, AGENT_METHODS, RequestError } from "@agentclientprotocol/sdk";
type Chat = { dispose(): void; abort(): void };
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

/** A shared helper that is right for session/prompt: it fails on an unknown session. */
const REQUIRE_CHAT = `function requireChat(sessionId: string) {
  const chat = sessions.get(sessionId);
  if (!chat) throw RequestError.sessionNotFound(sessionId);
  return chat;
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  requireChat(params.sessionId);
  return { stopReason: "end_turn" };
});
`;

/** `failsOnMissing` on exactly `text`: the error the delete handler's miss branch answers with. */
const fails = (code: string, text: string, nth = 0): Report => ({ messageId: "failsOnMissing", ...at(code, text, nth) });

/** `helperFailsOnMissing` on the call `text`, naming the helper as the rule does. */
const helperFails = (code: string, text: string, name: string, nth = 0): Report => ({
  messageId: "helperFailsOnMissing",
  data: { name },
  ...at(code, text, nth),
});

function invalid(name: string, code: string, errors: (code: string) => Report[], extra: Partial<Invalid> = {}): Invalid {
  return { name, code, errors: errors(code), ...extra };
}

// ---------------------------------------------------------------------------------------------------------------
// Valid: deletes that succeed on a miss, and failing misses in handlers other than session/delete.
// ---------------------------------------------------------------------------------------------------------------

const valid: Valid[] = [
  {
    name: "SDK: returns {} quietly on a miss (the docs' correct example)",
    code: `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) return {};
  chat.dispose();
  sessions.delete(params.sessionId);
  return {};
});`,
  },
  {
    name: "SDK: no guard at all",
    code: `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  sessions.delete(params.sessionId);
  delete chats[params.sessionId];
  return {};
});`,
  },
  {
    name: "SDK: optional chaining on the lookup",
    code: `${SDK}app.onRequest(methods.agent.session.delete, ({ params: { sessionId } }) => {
  sessions.get(sessionId)?.dispose();
  sessions.delete(sessionId);
  return {};
});`,
  },
  {
    name: "SDK: work only on the branch where the session exists",
    code: `${SDK}app.onRequest(AGENT_METHODS.session_delete, (ctx) => {
  if (sessions.has(ctx.params.sessionId)) {
    sessions.get(ctx.params.sessionId)?.dispose();
    sessions.delete(ctx.params.sessionId);
  }
  return {};
});`,
  },
  {
    name: "SDK: delete() as the test, answering {} either way",
    code: `${SDK}declare function log(message: string): void;
app.onRequest("session/delete", ({ params }) => {
  if (!sessions.delete(params.sessionId)) {
    log("already deleted");
    return {};
  }
  return {};
});`,
  },
  {
    name: "SDK: a miss branch that only logs",
    code: `${SDK}declare function log(message: string): void;
app.onRequest(methods.agent.session.delete, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) log("nothing to delete");
  else chat.dispose();
  return {};
});`,
  },
  {
    name: "SDK: an error on the branch where the session exists (busy) is not about a missing session",
    code: `${SDK}declare function busy(chat: Chat): boolean;
app.onRequest(methods.agent.session.delete, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat) {
    if (busy(chat)) throw new RequestError(-32603, "Internal error", { reason: "busy" });
    chat.dispose();
  }
  return {};
});`,
  },
  {
    name: "SDK: invalid params are not a missing session",
    code: `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (typeof params.sessionId !== "string") throw RequestError.invalidParams({ sessionId: "must be a string" });
  sessions.delete(params.sessionId);
  return {};
});`,
  },
  {
    name: "SDK: a lookup of something other than the session",
    code: `${SDK}const worktrees = new Map<string, object>();
declare const cwd: string;
app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (!worktrees.has(cwd)) throw RequestError.resourceNotFound(cwd);
  sessions.delete(params.sessionId);
  return {};
});`,
  },
  {
    name: "SDK: the shared helper is right for prompt; delete does not call it",
    code: `${SDK}${REQUIRE_CHAT}app.onRequest(methods.agent.session.delete, ({ params }) => {
  sessions.get(params.sessionId)?.dispose();
  sessions.delete(params.sessionId);
  return {};
});`,
  },
  {
    name: "SDK: session/prompt and session/load fail on a miss, as they should",
    code: `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.load, ({ params }) => {
  if (!(params.sessionId in chats)) throw RequestError.sessionNotFound(params.sessionId);
  return {};
});`,
  },
  {
    name: "legacy: deleteSession returns {} on a miss; cancel throws",
    code: `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private sessions = new Map<string, { dispose(): void; abort(): void }>();
  async deleteSession(params: { sessionId: string }) {
    const session = this.sessions.get(params.sessionId);
    if (session === undefined) return {};
    session.dispose();
    this.sessions.delete(params.sessionId);
    return {};
  }
  async cancel(params: acp.CancelNotification) {
    const session = this.sessions.get(params.sessionId);
    if (!session) throw new Error("unknown session");
    session.abort();
  }
}`,
  },
  {
    name: "legacy: unstable_deleteSession without a guard, in an object from the factory",
    code: `import { AgentSideConnection } from "@zed-industries/agent-client-protocol";
const sessions = new Map<string, object>();
export const start = (stream: never) =>
  new AgentSideConnection(() => ({
    async unstable_deleteSession(p: { sessionId: string }) {
      sessions.delete(p.sessionId);
      return {};
    },
  }), stream);`,
  },
  {
    name: "a class that is no ACP agent may fail in its deleteSession",
    code: `export class Store {
  private sessions = new Map<string, { dispose(): void }>();
  deleteSession(params: { sessionId: string }) {
    if (!this.sessions.has(params.sessionId)) throw new Error("Session not found");
    this.sessions.delete(params.sessionId);
  }
}`,
  },
  {
    name: "dispatch: the delete case answers with a result; the cancel case throws",
    code: `const sessions = new Map<string, { abort(): void }>();
export function route(msg: { id: number; method: string; params: { sessionId: string } }) {
  switch (msg.method) {
    case "session/cancel":
      if (!sessions.has(msg.params.sessionId)) throw new Error("unknown session");
      return undefined;
    case "session/delete":
      if (!sessions.delete(msg.params.sessionId)) return { jsonrpc: "2.0", id: msg.id, result: {} };
      return { jsonrpc: "2.0", id: msg.id, result: {} };
  }
  return undefined;
}`,
  },
  {
    name: "dispatch: an if chain whose delete branch returns a result on a miss",
    code: `const sessions = new Map<string, object>();
export function route(req: { method: string; params: { sessionId: string } }) {
  if (req.method === "session/prompt") {
    if (!sessions.has(req.params.sessionId)) return { error: { code: -32002, message: "Resource not found", data: { sessionId: req.params.sessionId } } };
    return { result: { stopReason: "end_turn" } };
  } else if (req.method === "session/delete") {
    if (!sessions.delete(req.params.sessionId)) return { result: {} };
    return { result: {} };
  }
  return null;
}`,
  },
  {
    name: "dispatch: a handler map whose delete entry succeeds on a miss",
    code: `const sessions = new Map<string, object>();
export const handlers = {
  "session/delete": (params: { sessionId: string }) => {
    if (!sessions.has(params.sessionId)) return {};
    sessions.delete(params.sessionId);
    return {};
  },
};`,
  },
  {
    name: "jsonrpc: a vscode-jsonrpc delete handler that succeeds on a miss",
    code: `import { createMessageConnection } from "vscode-jsonrpc/node";
const sessions = new Map<string, object>();
const connection = createMessageConnection(process.stdin as never, process.stdout as never);
connection.onRequest("session/delete", (params: { sessionId: string }) => {
  sessions.delete(params.sessionId);
  return {};
});`,
  },
  {
    name: "a connection method that is not ACP's (\"delete\") is no session/delete handler",
    code: `const sessions = new Map<string, object>();
declare const connection: { onRequest(method: string, handler: (p: { sessionId: string }) => unknown): void };
connection.onRequest("delete", (params) => {
  if (!sessions.has(params.sessionId)) throw new Error("not found");
  return {};
});`,
  },
  {
    name: "an SDK module that is not configured is not the SDK",
    code: `import { agent, methods, RequestError } from "@acme/acp-sdk";
const sessions = new Map<string, object>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return {};
});`,
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Invalid: the miss branch of a session/delete handler answers with an error, in every handler style.
// ---------------------------------------------------------------------------------------------------------------

const sdkInvalid: Invalid[] = [
  invalid(
    "SDK: delete() as the test, a plain Error",
    `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (!sessions.delete(params.sessionId)) throw new Error("no such session");
  return {};
});`,
    (c) => [fails(c, 'new Error("no such session")')],
  ),
  invalid(
    "SDK: (ctx) handler, get() then a thrown string",
    `${SDK}app.onRequest(methods.agent.session.delete, (ctx) => {
  const chat = sessions.get(ctx.params.sessionId);
  if (!chat) throw "gone";
  chat.dispose();
  return {};
});`,
    (c) => [fails(c, '"gone"')],
  ),
  invalid(
    "SDK: wire string, destructured id, `in` test, a thrown variable",
    `${SDK}declare const failure: Error;
app.onRequest("session/delete", ({ params: { sessionId } }) => {
  if (!(sessionId in chats)) throw failure;
  delete chats[sessionId];
  return {};
});`,
    (c) => [fails(c, "failure", 1)],
  ),
  invalid(
    "SDK: AGENT_METHODS constant, `=== undefined` test, resourceNotFound",
    `${SDK}app.onRequest(AGENT_METHODS.session_delete, ({ params }) => {
  const id = params.sessionId;
  if (sessions.get(id) === undefined) throw RequestError.resourceNotFound(id);
  sessions.delete(id);
  return {};
});`,
    (c) => [fails(c, "RequestError.resourceNotFound(id)")],
  ),
  invalid(
    "SDK: namespace import",
    `import * as acp from "@agentclientprotocol/sdk";
const sessions = new Map<string, object>();
export const app = acp.agent({ name: "a" });
app.onRequest(acp.methods.agent.session.delete, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw acp.RequestError.sessionNotFound(params.sessionId);
  return {};
});`,
    (c) => [fails(c, "acp.RequestError.sessionNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: chained registrations",
    `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, object>();
export const app = agent({ name: "a" })
  .onRequest(methods.agent.session.new, () => ({ sessionId: "s" }))
  .onRequest(methods.agent.session.delete, ({ params }) => {
    if (!sessions.delete(params.sessionId)) throw new RequestError(-32002, "Resource not found", { sessionId: params.sessionId });
    return {};
  });`,
    (c) => [fails(c, 'new RequestError(-32002, "Resource not found", { sessionId: params.sessionId })')],
  ),
  invalid(
    "SDK: typeof === 'undefined' on a record entry",
    `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  const chat = chats[params.sessionId];
  if (typeof chat === "undefined") throw new Error("unknown session");
  chat.dispose();
  return {};
});`,
    (c) => [fails(c, 'new Error("unknown session")')],
  ),
  invalid(
    "SDK: `== null` test, the throw after a log in a block",
    `${SDK}declare function log(message: string): void;
app.onRequest(methods.agent.session.delete, async ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat == null) {
    log("delete of an unknown session");
    throw RequestError.sessionNotFound(params.sessionId);
  }
  chat.dispose();
  return {};
});`,
    (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: has() === false",
    `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (sessions.has(params.sessionId) === false) throw RequestError.sessionNotFound(params.sessionId);
  return {};
});`,
    (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: the miss is the else branch",
    `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat) {
    chat.dispose();
    sessions.delete(params.sessionId);
  } else {
    throw RequestError.sessionNotFound(params.sessionId);
  }
  return {};
});`,
    (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: the guard nested in another if",
    `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (params.sessionId) {
    if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  }
  return {};
});`,
    (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: a store of unknown kind, checked the same way",
    `${SDK}declare const manager: { get(id: string): Chat | undefined };
app.onRequest(methods.agent.session.delete, ({ params }) => {
  const chat = manager.get(params.sessionId);
  if (!chat) throw RequestError.sessionNotFound(params.sessionId);
  chat.dispose();
  return {};
});`,
    (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: a lookup helper that only returns the map entry",
    `${SDK}function getChat(id: string) {
  return sessions.get(id);
}
app.onRequest(methods.agent.session.delete, ({ params }) => {
  const chat = getChat(params.sessionId);
  if (!chat) throw RequestError.sessionNotFound(params.sessionId);
  chat.dispose();
  return {};
});`,
    (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: a handler held in a const",
    `${SDK}const remove = ({ params }: { params: { sessionId: string } }) => {
  if (!sessions.delete(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return {};
};
app.onRequest(methods.agent.session.delete, remove);`,
    (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: the error held in a const, then thrown",
    `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (!sessions.has(params.sessionId)) {
    const error = RequestError.sessionNotFound(params.sessionId);
    throw error;
  }
  return {};
});`,
    (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")],
  ),
  invalid(
    "SDK: a throw inside try/finally still leaves the handler",
    `${SDK}app.onRequest(methods.agent.session.delete, async ({ params }) => {
  try {
    if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
    sessions.delete(params.sessionId);
  } finally {
    chats[params.sessionId]?.dispose();
  }
  return {};
});`,
    (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")],
  ),
];

const helperInvalid: Invalid[] = [
  invalid(
    "helper shared with session/prompt: the delete handler's call is reported (the docs' example)",
    `${SDK}${REQUIRE_CHAT}app.onRequest(methods.agent.session.delete, ({ params }) => {
  requireChat(params.sessionId).dispose();
  sessions.delete(params.sessionId);
  return {};
});`,
    (c) => [helperFails(c, "requireChat(params.sessionId)", "requireChat", 1)],
  ),
  invalid(
    "helper shared with session/prompt, called with a destructured id",
    `${SDK}${REQUIRE_CHAT}app.onRequest(methods.agent.session.delete, ({ params: { sessionId } }) => {
  const chat = requireChat(sessionId);
  chat.dispose();
  return {};
});`,
    (c) => [helperFails(c, "requireChat(sessionId)", "requireChat")],
  ),
  invalid(
    "helper used by session/delete alone: the helper's own error is reported",
    `${SDK}function drop(sessionId: string) {
  const chat = sessions.get(sessionId);
  if (!chat) throw RequestError.sessionNotFound(sessionId);
  chat.dispose();
}
app.onRequest(methods.agent.session.delete, ({ params }) => {
  drop(params.sessionId);
  return {};
});`,
    (c) => [fails(c, "RequestError.sessionNotFound(sessionId)")],
  ),
  invalid(
    "helper of a delete-only helper: the call in the delete-only code is reported",
    `${SDK}${REQUIRE_CHAT}function drop(id: string) {
  requireChat(id).dispose();
}
app.onRequest(methods.agent.session.delete, ({ params }) => {
  drop(params.sessionId);
  return {};
});`,
    (c) => [helperFails(c, "requireChat(id)", "requireChat")],
  ),
  invalid(
    "helper given the whole params, shared with session/set_mode",
    `${SDK}function chatOf(request: { sessionId: string }) {
  const chat = sessions.get(request.sessionId);
  if (chat === undefined) throw RequestError.sessionNotFound(request.sessionId);
  return chat;
}
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  chatOf(params).abort();
  return {};
});
app.onRequest(methods.agent.session.delete, ({ params }) => {
  chatOf(params).dispose();
  return {};
});`,
    (c) => [helperFails(c, "chatOf(params)", "chatOf", 1)],
  ),
  invalid(
    "legacy: this.requireSession(id), shared with prompt",
    `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private sessions = new Map<string, { dispose(): void }>();
  private requireSession(id: string) {
    const session = this.sessions.get(id);
    if (!session) throw acp.RequestError.sessionNotFound(id);
    return session;
  }
  async prompt(params: acp.PromptRequest) {
    this.requireSession(params.sessionId);
    return { stopReason: "end_turn" as const };
  }
  async deleteSession(params: { sessionId: string }) {
    this.requireSession(params.sessionId).dispose();
    return {};
  }
}`,
    (c) => [helperFails(c, "this.requireSession(params.sessionId)", "requireSession", 1)],
  ),
];

const legacyInvalid: Invalid[] = [
  invalid(
    "legacy: deleteSession and unstable_deleteSession of a class implementing acp.Agent",
    `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private sessions = new Map<string, object>();
  async deleteSession(params: { sessionId: string }) {
    if (!this.sessions.delete(params.sessionId)) throw acp.RequestError.sessionNotFound(params.sessionId);
    return {};
  }
  async unstable_deleteSession(params: { sessionId: string }) {
    if (!this.sessions.has(params.sessionId)) throw new Error("Session not found");
    return {};
  }
}`,
    (c) => [fails(c, "acp.RequestError.sessionNotFound(params.sessionId)"), fails(c, 'new Error("Session not found")')],
  ),
  invalid(
    "legacy: a named Agent import",
    `import { type Agent, RequestError } from "@agentclientprotocol/sdk";
export class A implements Agent {
  private chats: Record<string, object> = {};
  async deleteSession({ sessionId }: { sessionId: string }) {
    if (!(sessionId in this.chats)) throw RequestError.sessionNotFound(sessionId);
    delete this.chats[sessionId];
    return {};
  }
}`,
    (c) => [fails(c, "RequestError.sessionNotFound(sessionId)")],
  ),
  invalid(
    "legacy: a class built by AgentSideConnection's factory, implementing nothing",
    `import * as acp from "@agentclientprotocol/sdk";
class A {
  private sessions = new Map<string, { dispose(): void }>();
  constructor(private conn: acp.AgentSideConnection) {}
  async deleteSession(params: { sessionId: string }) {
    const session = this.sessions.get(params.sessionId);
    if (!session) throw new acp.RequestError(-32002, "Resource not found");
    session.dispose();
    return {};
  }
}
export function start(stream: acp.Stream) {
  return new acp.AgentSideConnection((conn) => new A(conn), stream);
}`,
    (c) => [fails(c, 'new acp.RequestError(-32002, "Resource not found")')],
  ),
];

const dispatchInvalid: Invalid[] = [
  invalid(
    "dispatch: switch (msg.method), a returned error response",
    handlerStyle("dispatch: switch").program("session/delete", `if (!sessions.has(params.sessionId)) return { jsonrpc: "2.0", id: msg.id, error: { code: -32002, message: "Resource not found" } };
sessions.delete(params.sessionId);
return { jsonrpc: "2.0", id: msg.id, result: {} };`),
    (c) => [fails(c, '{ code: -32002, message: "Resource not found" }')],
  ),
  invalid(
    "dispatch: if (method === ...), a returned error with data.sessionId",
    handlerStyle("dispatch: if").program("session/delete", `if (!sessions.delete(params.sessionId)) {
  return { error: { code: -32002, message: "Resource not found", data: { sessionId: params.sessionId } } };
}
return { result: {} };`),
    (c) => [fails(c, '{ code: -32002, message: "Resource not found", data: { sessionId: params.sessionId } }')],
  ),
  invalid(
    "dispatch: a returned Error instance",
    handlerStyle("dispatch: if").program("session/delete", `if (!sessions.delete(params.sessionId)) return new Error("gone");
return {};`),
    (c) => [fails(c, 'new Error("gone")')],
  ),
  invalid(
    "dispatch: an error response built by a helper given the error object (reject(id, { code, message, data }))",
    `const reject = (id: number, error: { code: number; message: string; data?: unknown }) => ({ jsonrpc: "2.0" as const, id, error });
${handlerStyle("dispatch: switch").program("session/delete", `if (!sessions.delete(params.sessionId)) {
  return reject(msg.id, { code: -32002, message: "Resource not found", data: { sessionId: params.sessionId } });
}
return { jsonrpc: "2.0", id: msg.id, result: {} };`)}`,
    (c) => [fails(c, '{ code: -32002, message: "Resource not found", data: { sessionId: params.sessionId } }')],
  ),
];

const settingsInvalid: Invalid[] = [
  invalid(
    "settings.acp.sdkModules: an SDK re-exported under another name",
    valid.find((v) => v.name === "an SDK module that is not configured is not the SDK")!.code,
    (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")],
    { settings: { acp: { sdkModules: ["@acme/acp-sdk"] } } },
  ),
  invalid(
    "settings.acp.errorClasses: a configured error class",
    `import { agent, methods } from "@agentclientprotocol/sdk";
import { AgentError } from "./errors.js";
const sessions = new Map<string, object>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new AgentError(-32002, "Resource not found");
  return {};
});`,
    (c) => [fails(c, 'new AgentError(-32002, "Resource not found")')],
    { settings: { acp: { errorClasses: ["AgentError"] } } },
  ),
];

// The same delete, in every handler style the analysis recognises.
const failingDelete = `if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
sessions.delete(params.sessionId);
return {};`;
const quietDelete = `const session = sessions.get(params.sessionId);
if (!session) return {};
session.dispose();
sessions.delete(params.sessionId);
return {};`;
const styleInvalid = HANDLER_STYLES.map((style) =>
  invalid(`${style.name}: a delete that throws for a missing session`, style.program("session/delete", failingDelete), (c) => [
    fails(c, "RequestError.sessionNotFound(params.sessionId)"),
  ]),
);
const styleValid: Valid[] = HANDLER_STYLES.map((style) => ({
  name: `${style.name}: a delete that succeeds for a missing session`,
  code: style.program("session/delete", quietDelete),
}));

const allInvalid = [...styleInvalid, ...sdkInvalid, ...helperInvalid, ...legacyInvalid, ...dispatchInvalid, ...settingsInvalid];

// A failure caught in the handler becomes success; a rejected promise and a body shared with close are failures.
const answerValid: Valid[] = [
  { code: `${SDK}${REQUIRE_CHAT}app.onRequest(methods.agent.session.delete, ({ params }) => {
  try {
    requireChat(params.sessionId).abort();
  } catch {
    // Already gone: deleting twice succeeds.
  }
  sessions.delete(params.sessionId);
  return {};
});`, name: "a shared helper's failure caught by try" },
  { code: `${SDK}${REQUIRE_CHAT.replace("function requireChat", "async function requireChat")}app.onRequest(methods.agent.session.delete, async ({ params }) => {
  const chat = await requireChat(params.sessionId).catch(() => undefined);
  chat?.abort();
  return {};
});`, name: "a shared helper's rejection caught by .catch()" },
  { code: `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  try {
    if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
    sessions.get(params.sessionId)!.abort();
  } catch {
    return {};
  }
  return {};
});`, name: "an inline failure caught by try" },
];

const answerInvalid: Invalid[] = [
  invalid("a rejected promise", `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (!sessions.has(params.sessionId)) return Promise.reject(RequestError.sessionNotFound(params.sessionId));
  sessions.delete(params.sessionId);
  return {};
});`, (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")]),
  invalid("a switch case shared by close and delete", `const sessions = new Map<string, object>();
export function route(msg: { method: string; params: { sessionId: string } }) {
  switch (msg.method) {
    case "session/close":
    case "session/delete":
      if (!sessions.delete(msg.params.sessionId)) throw { code: -32002, message: "Resource not found", data: { sessionId: msg.params.sessionId } };
      return {};
  }
  return undefined;
}`, (c) => [fails(c, '{ code: -32002, message: "Resource not found", data: { sessionId: msg.params.sessionId } }')]),
  invalid("one function registered for close and delete", `${SDK}function end({ params }: { params: { sessionId: string } }) {
  if (!sessions.delete(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return {};
}
app.onRequest(methods.agent.session.close, end);
app.onRequest(methods.agent.session.delete, end);`, (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")]),
];

untypedTester().run("idempotent-session-delete (answers)", rule, { valid: answerValid, invalid: answerInvalid });

// Protocol version 2 keeps the rule: deleting a session that does not exist still succeeds (it is gated by
// capabilities.session.delete there; resuming the deleted session is require-session-check's business).
const V2 = { acp: { protocolVersion: 2 } };
const V2_SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk/experimental/v2";
const sessions = new Map<string, { dispose(): void }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 2, capabilities: { session: { delete: {} } } }) as never);
`;
const v2Invalid: Invalid[] = [
  invalid("v2: a v2 app whose delete fails for a missing session", `${V2_SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  const session = sessions.get(params.sessionId);
  if (!session) throw RequestError.sessionNotFound(params.sessionId);
  session.dispose();
  sessions.delete(params.sessionId);
  return {};
});`, (c) => [fails(c, "RequestError.sessionNotFound(params.sessionId)")], { settings: V2 }),
  ...HANDLER_STYLES.slice(0, 2).map((style) =>
    invalid(`v2, ${style.name}: an unknown session to delete answered with -32602`, style.program("session/delete", `if (!sessions.has(params.sessionId)) throw RequestError.invalidParams({ sessionId: params.sessionId });
sessions.delete(params.sessionId);
return {};`), (c) => [fails(c, "RequestError.invalidParams({ sessionId: params.sessionId })")], { settings: V2 }),
  ),
];
const v2Valid: Valid[] = [
  {
    name: "v2: deleting a missing session returns the empty result",
    settings: V2,
    code: `${V2_SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  sessions.get(params.sessionId)?.dispose();
  sessions.delete(params.sessionId);
  return {};
});`,
  },
];

untypedTester().run("idempotent-session-delete", rule, { valid: [...styleValid, ...SESSION_CLEAN_SHAPES, ...valid, ...v2Valid], invalid: [...allInvalid, ...v2Invalid] });

// With type information the verdicts are the same: nothing in this rule depends on resolved codes.
typedTester().run("idempotent-session-delete (typed)", rule, {
  valid: valid.slice(0, 3).map((v) => ({ ...v, name: `typed: ${v.name}`, filename: typedFile })),
  invalid: [...sdkInvalid.slice(0, 2), helperInvalid[0]!].map((c) => ({ ...c, name: `typed: ${c.name}`, filename: typedFile })),
});
