import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/require-session-check.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { HANDLER_STYLES } from "./handler-styles.js";
import { SESSION_CLEAN_SHAPES } from "./session-clean-shapes.js";
import { catchAllDispatch, PLAIN_ERROR_HANDLERS } from "./dispatch-responses.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

const SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
type Chat = { turns: number; busy: boolean; mode: string; stop(): void };
const chats: Record<string, Chat> = {};
const sessions = new Map<string, Chat>();
export const app = agent({ name: "a" });
// session/new opens sessions in chats, so a lookup there reads the sessions.
app.onRequest(methods.agent.session.new, () => {
  const id = crypto.randomUUID();
  chats[id] = {} as Chat;
  return { sessionId: id };
});
`;

const LEGACY = `import * as acp from "@agentclientprotocol/sdk";
type Chat = { turns: number; stop(): void };
`;

/**
 * A legacy agent whose setSessionMode sets the mode only when the session is found, then runs `then` and answers
 * `{}`: the miss falls through to `then`; `members` adds to the class.
 */
const modeFallingThrough = (then: string, members: string) => `${LEGACY}export class A implements acp.Agent {
  private sessions = new Map<string, Chat & { mode: string }>();
  async newSession(): Promise<acp.NewSessionResponse> {
    const sessionId = crypto.randomUUID();
    this.sessions.set(sessionId, { turns: 0, mode: "ask", stop() {} });
    return { sessionId };
  }
  async setSessionMode(params: acp.SetSessionModeRequest): Promise<acp.SetSessionModeResponse> {
    const chat = this.sessions.get(params.sessionId);
    if (chat) {
      chat.mode = params.modeId;
    }
    ${then}
    return {};
  }${members}
}`;

/** `unguardedSession` at the variable that starts `text` (`"chat.turns"`: at `chat`). */
function unguarded(code: string, text: string): Report {
  const span = at(code, text);
  const name = /^[\w$]+/.exec(text)![0];
  return { messageId: "unguardedSession", line: span.line, column: span.column, endLine: span.line, endColumn: span.column + name.length };
}
/** `unguardedSession` at a lookup dereferenced in place. */
const unguardedLookup = (code: string, text: string): Report => ({ messageId: "unguardedSession", ...at(code, text) });
/** The fix the messages name where the SDK has sessionNotFound (this repository's 2.4.0). */
const FIX = "RequestError.sessionNotFound(sessionId)";
const wrongCode = (code: string, text: string, value: number, name: string, nth = 0): Report => ({
  messageId: "wrongCode",
  data: { code: value, name, fix: FIX },
  ...at(code, text, nth),
});
const internal = (code: string, text: string, nth = 0): Report => ({ messageId: "internalError", ...at(code, text, nth) });
/** The `!` that follows `text`. */
function asserted(code: string, text: string): Report {
  const span = at(code, `${text}!`);
  return { messageId: "assertedSession", line: span.endLine, column: span.endColumn - 1, endLine: span.endLine, endColumn: span.endColumn };
}

function invalid(code: string, errors: (code: string) => Report[], name?: string): Invalid {
  return { code, errors: errors(code), ...(name ? { name } : {}) };
}

/**
 * session/load of a session kept in memory or on disk (zot-acp): a field of the stored entry read through `?.`,
 * falling back on another lookup of the id (`fallback`), tested for nothing.
 */
const FILE_OF_SESSION = (fallback: string) => `${SDK}declare function findSessionFile(id: string): string | undefined;
const sessionFiles = new Map<string, { file: string }>();
app.onRequest(methods.agent.session.load, ({ params }) => {
  const file = sessionFiles.get(params.sessionId)?.file ?? ${fallback};
  if (!file) throw RequestError.invalidParams(\`Unknown sessionId: \${params.sessionId}\`);
  return {};
});`;
const FILE_THROUGH_CHAIN = `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat?.mode) throw new Error("Unknown session");
  return { stopReason: "end_turn" };
});`;

/** Two stores asked for the id (a connection's own, a daemon's), the session missing from both answered by `answer`. */
const TWO_STORES = (test: string, answer: string) => `${SDK}const registry = new Map<string, Chat>();
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const local = sessions.get(params.sessionId);
  const shared = registry.get(params.sessionId);
  if (${test}) {
    throw ${answer};
  }
  return { stopReason: "end_turn" as const };
});
`;
const TWO_STORES_MISS = "RequestError.invalidParams(`Unknown sessionId: ${params.sessionId}`)";

/** A lookup keyed by the id a normalising helper gives back, "" (`fallback`) when it is no string. */
const NORMALISED = (fallback: string) => `${SDK}function normaliseId(value: unknown): string {
  return typeof value === "string" ? value.trim() : ${fallback};
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(normaliseId(params.sessionId));
  if (!chat) throw ${TWO_STORES_MISS};
  return { stopReason: "end_turn" as const };
});
`;

const valid: (string | Valid)[] = [
  { name: "a lookup keyed by a normalised id whose fallback is another id (a default session)", code: NORMALISED('"main"') },
  { name: "a session missing from both of two stores answered -32002", code: TWO_STORES("!local && !shared", "RequestError.resourceNotFound(params.sessionId)") },
  { name: "a session missing from one of two stores (`!a && b`): no test of the session alone", code: TWO_STORES("!local && shared", TWO_STORES_MISS) },
  // A default that is no lookup gives a missing session a file: the test is of something else.
  { name: "a field read through ?. with a default that is no lookup", code: FILE_OF_SESSION('"/tmp/new.jsonl"') },
  // A project's own `sessionUpdate` may check the session: the miss is not followed past it.
  {
    name: "a miss that falls through to a project method named sessionUpdate, then a success",
    code: modeFallingThrough(
      "await this.sessionUpdate(params.sessionId);",
      `
  private async sessionUpdate(sessionId: string): Promise<void> {
    if (!this.sessions.has(sessionId)) throw acp.RequestError.sessionNotFound(sessionId);
  }`,
    ),
  },
  // An object that also carries data changes from call to call: what the helper's parameter holds is not followed.
  {
    name: "a helper handed an object of closures and data: the parameter is not followed",
    code: `${SDK}interface Deps { requireSession(id: string): Chat; id: string }
function requireChat(id: string): Chat {
  const chat = chats[id];
  if (!chat) throw new Error("Unknown session");
  return chat;
}
async function setMode(params: { sessionId: string; modeId: string }, deps: Deps) {
  deps.requireSession(deps.id).mode = params.modeId;
  return {};
}
app.onRequest(methods.agent.session.setMode, ({ params }) => setMode(params, { requireSession: (id) => requireChat(id), id: params.sessionId }));`,
  },
  // The same store tested again where nothing could have deleted the session since the first check (no await between):
  // a miss no request reaches (claude-agent-acp's unstable_closeSession calling its cancel(), which looks up again).
  {
    name: "the same store tested again with no await since the first check, in the handler and in a helper it calls",
    code: `${SDK}function cancel(params: { sessionId: string }) {
  const chat = chats[params.sessionId];
  if (!chat) throw new Error("Session not found");
  chat.stop();
}
app.onRequest(methods.agent.session.close, async ({ params }) => {
  const chat = chats[params.sessionId];
  if (!chat) throw RequestError.sessionNotFound(params.sessionId);
  await cancel({ sessionId: params.sessionId });
  delete chats[params.sessionId];
  return {};
});
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  if (!sessions.has(params.sessionId)) throw new Error("gone");
  return { stopReason: "end_turn" };
});`,
  },
  // The id compared with one the agent holds (not a literal) is a check of the session: what follows is not judged.
  {
    name: "a helper's use after the handler compared the id with the one session it serves",
    code: `${SDK}let current = "";
class Manager {
  send(id: string) {
    const chat = sessions.get(id);
    chat!.turns += 1;
  }
}
const manager = new Manager();
app.onRequest(methods.agent.session.new, () => {
  current = crypto.randomUUID();
  sessions.set(current, {} as Chat);
  return { sessionId: current };
});
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  if (!params.sessionId || params.sessionId !== current) throw RequestError.resourceNotFound(params.sessionId);
  manager.send(params.sessionId);
  return { stopReason: "end_turn" };
});`,
  },
  // After the session's own check has answered its miss, a miss of something else kept for the session (its
  // runtime settings; dirac-run/dirac) is an inconsistency of the agent's own, not an unknown session: -32603 fits it.
  `${SDK}const overrides = new Map<string, { mode: string }>();
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) throw RequestError.sessionNotFound(params.sessionId);
  const settings = overrides.get(params.sessionId);
  if (!settings) throw new Error(\`Session runtime configuration not found: \${params.sessionId}\`);
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, async ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return run(async () => {
    const settings = overrides.get(params.sessionId);
    if (!settings) throw new Error("no runtime settings");
    settings.mode = params.modeId;
    return {};
  });
});
declare function run<T>(work: () => Promise<T>): Promise<T>;`,
  {
    name: "a position tested for truth is no presence test (0 is a found entry)",
    code: `${SDK}const runs: { sessionId: string }[] = [];
app.onRequest(methods.agent.session.load, ({ params }) => {
  const i = runs.findIndex((r) => r.sessionId === params.sessionId);
  if (!i) throw new RequestError(-32602, "the first run cannot be loaded");
  return {};
});`,
  },

  {
    name: "a helper that returns early for a missing session answers nothing: the handler goes on (seen in a public agent)",
    code: `${LEGACY}export class A implements acp.Agent {
  private sessions: Record<string, Chat> = {};
  async initialize() {
    return { protocolVersion: 1 };
  }
  async setSessionMode(params: acp.SetSessionModeRequest) {
    if (!this.sessions[params.sessionId]) throw acp.RequestError.resourceNotFound(params.sessionId);
    await this.announce(params.sessionId);
    return {};
  }
  private async announce(sessionId: string): Promise<void> {
    const session = this.sessions[sessionId];
    if (!session) return;
    session.turns += 1;
  }
}`,
  },

  {
    name: "version 2: closing an unknown session with a success is what the spec asks",
    settings: { acp: { protocolVersion: 2 } },
    code: `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) return {};
  chat.stop();
  sessions.delete(params.sessionId);
  return {};
});`,
  },
  {
    name: "hand-rolled dispatch: what a miss branch returns (a built response, nothing) may be the error response the dispatcher sends",
    code: `const sessions = new Map<string, object>();
export function route(msg: { id: number; method: string; params: { sessionId: string } }, fail: (id: number) => object) {
  switch (msg.method) {
    case "session/prompt": {
      if (!sessions.has(msg.params.sessionId)) return fail(msg.id);
      return { jsonrpc: "2.0", id: msg.id, result: { stopReason: "end_turn" } };
    }
    case "session/set_mode": {
      if (!sessions.has(msg.params.sessionId)) return null;
      return { jsonrpc: "2.0", id: msg.id, result: {} };
    }
  }
  return undefined;
}`,
  },

  {
    name: "a test that is true only for some missing sessions (!has(id) && …) is no session check",
    code: `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!sessions.has(params.sessionId) && params.modeId === "ask") throw new RequestError(-32602, "ask needs a session");
  return {};
});`,
  },
  {
    name: "a find() whose predicate compares something else than the id is no lookup of the session",
    code: `${SDK}const modes = [{ id: "ask" }];
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const mode = modes.find((m) => m.id === params.modeId);
  if (!mode) throw RequestError.invalidParams({ modeId: params.modeId });
  return {};
});`,
  },

  {
    name: "a let written in a loop around its guard: the guard may test the written value",
    code: `import type { PromptRequest, PromptResponse } from "@agentclientprotocol/sdk";
interface Search { next?: Search; ok: boolean }
export async function runPrompt(rt: { sessions: Map<string, Search> }, request: PromptRequest): Promise<PromptResponse> {
  let session = rt.sessions.get(request.sessionId);
  while (true) {
    if (!session) throw new Error("end of chain");
    if (session.ok) break;
    session = session.next;
  }
  return { stopReason: "end_turn" };
}`,
  },
  {
    name: "a proxy that passes the request to its upstream connection handles nothing",
    code: `import type { PromptRequest, PromptResponse } from "@agentclientprotocol/sdk";
export class Remote {
  constructor(private readonly upstream: { prompt(p: PromptRequest): Promise<PromptResponse> }) {}
  async prompt(params: PromptRequest): Promise<PromptResponse> {
    if (!params.sessionId) throw new Error("no upstream session");
    return this.upstream.prompt(params);
  }
}`,
  },

  {
    name: "a plain Error in a dispatcher whose catch looks at the error: what goes out cannot be told",
    code: catchAllDispatch(PLAIN_ERROR_HANDLERS, `if (e instanceof RangeError) post({ jsonrpc: "2.0", id: msg.id, error: { code: -32002, message: "gone" } });
    else post({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: "failed" } });`),
  },
  {
    name: "a plain Error in a dispatcher whose catch rethrows: its caller decides",
    code: catchAllDispatch(PLAIN_ERROR_HANDLERS, "throw e;"),
  },

  // SDK 2.x: checked before use, with the right answer.
  `${SDK}app.onRequest(methods.agent.session.prompt, (ctx) => {
  const chat = chats[ctx.params.sessionId];
  if (!chat) throw RequestError.sessionNotFound(ctx.params.sessionId);
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
  `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat === undefined) {
    throw new RequestError(-32002, "Resource not found", { sessionId: params.sessionId });
  }
  return chat.turns;
});`,
  `${SDK}app.onRequest(methods.agent.session.setMode, ({ params: { sessionId, modeId } }) => {
  if (!sessions.has(sessionId)) throw RequestError.sessionNotFound(sessionId);
  sessions.get(sessionId)!.mode = modeId;
  return {};
});`,
  // Optional chaining and ?? are checks.
  `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  sessions.get(params.sessionId)?.stop();
  return {};
});`,
  `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  const chat = sessions.get(params.sessionId) ?? { turns: 0 };
  return { turns: chat.turns };
});`,
  // A truthy check with the use inside it, the miss answered in its else.
  `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = chats[params.sessionId];
  if (chat) chat.turns += 1;
  else throw RequestError.sessionNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});`,
  // A truthy check that answers the hit and lets the miss reach a throw after it.
  `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = chats[params.sessionId];
  if (chat) {
    chat.turns += 1;
    return { stopReason: "end_turn" };
  }
  throw RequestError.sessionNotFound(params.sessionId);
});`,
  // Closing an unknown session may succeed, and a notification answers nothing: a check that falls through is fine.
  `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat) chat.stop();
  return {};
});
app.onNotification(methods.agent.session.cancel, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat) chat.stop();
  return;
});`,
  // A key a call makes of the id, falling back to something else, is no id.
  `${SDK}declare function keyOf(id: string): string | undefined;
const tools = new Map<string, { run(): void }>();
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const key = keyOf(params.sessionId) ?? "default";
  const tool = tools.get(key);
  if (!tool) throw new Error("no tool");
  return {};
});`,
  // A helper that goes on after its check, or whose check fails on a hit (a deleted session): no miss handed back.
  `${SDK}const deleted = new Set<string>();
function touch(params: { sessionId: string }) {
  const chat = sessions.get(params.sessionId);
  if (chat) chat.turns += 1;
  console.log("touched");
}
function refuseDeleted(params: { sessionId: string }) {
  if (deleted.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  touch(params);
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  refuseDeleted(params);
  return {};
});`,
  // A check whose hit is the failure (a deleted session) is no session lookup: the return after it is no miss.
  `${SDK}const deleted = new Set<string>();
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (deleted.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return {};
});`,
  // Created before it is read.
  `${SDK}app.onRequest(methods.agent.session.load, ({ params }) => {
  chats[params.sessionId] ??= { turns: 0, busy: false, mode: "a", stop() {} };
  const chat = chats[params.sessionId];
  chat.turns = 0;
  return {};
});`,
  `${SDK}app.onRequest(methods.agent.session.load, ({ params }) => {
  sessions.set(params.sessionId, { turns: 0, busy: false, mode: "a", stop() {} });
  const chat = sessions.get(params.sessionId);
  chat.turns = 0;
  return {};
});`,
  // A helper that may throw sees the id first.
  `${SDK}declare function ensureLoaded(id: string): void;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  ensureLoaded(params.sessionId);
  const chat = chats[params.sessionId];
  chat.turns += 1;
  return {};
});`,
  // The same within a template: the helper's placeholder comes before the use's (ESLint visits a template's text parts first).
  `${SDK}declare function touch(id: string): string;
app.onRequest(methods.agent.session.prompt, (ctx) => {
  const chat = sessions.get(ctx.params.sessionId);
  console.log(\`\${touch(ctx.params.sessionId)}: \${chat.turns}\`);
  return {};
});`,
  // A store of unknown kind may throw or create on a miss itself.
  `${SDK}declare const manager: { get(id: string): Chat };
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = manager.get(params.sessionId);
  chat.turns += 1;
  return {};
});`,
  `${LEGACY}export class A implements acp.Agent {
  constructor(private readonly store: { get(id: string): Chat }) {}
  async prompt(params: acp.PromptRequest) {
    const chat = this.store.get(params.sessionId);
    chat.turns += 1;
    return { stopReason: "end_turn" as const };
  }
}`,
  // The use is in a callback that may run later.
  `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  setTimeout(() => chat.stop(), 10);
  return {};
});`,
  // Passed on, not dereferenced here.
  `${SDK}declare function run(c: Chat | undefined): void;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  run(chat);
  return {};
});`,
  // Looked up by another id.
  `${SDK}declare const other: string;
app.onRequest(methods.agent.session.prompt, () => {
  const chat = sessions.get(other);
  chat.turns += 1;
  return {};
});`,
  // Notifications get no response: nothing to check (more shapes in session-clean-shapes.ts).
  `${SDK}app.onNotification(methods.agent.session.cancel, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  chat.stop();
});`,
  // session/delete is idempotent-session-delete's.
  `${SDK}app.onRequest(methods.agent.session.delete, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new Error("gone");
  return {};
});`,
  // Not session-scoped.
  `${SDK}app.onRequest(methods.agent.session.new, ({ params }) => {
  const chat = sessions.get(params.cwd);
  chat.turns += 1;
  return { sessionId: "x" };
});`,
  // A miss branch whose code cannot be resolved, or that rethrows.
  `${SDK}declare const CODE: number;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(CODE, "no session");
  return {};
});`,
  `${SDK}declare function notFound(id: string): Error;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw notFound(params.sessionId);
  return {};
});`,
  `${SDK}declare const err: unknown;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!(params.sessionId in chats)) throw err;
  return {};
});`,
  // A local error class whose code is -32002.
  `${SDK}class SessionGone extends RequestError {
  constructor(sessionId: string) {
    super(-32002, "Resource not found", { sessionId });
  }
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new SessionGone(params.sessionId);
  return {};
});`,
  // A same-file function that builds the right error.
  `${SDK}const gone = (sessionId: string) => RequestError.sessionNotFound(sessionId);
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw gone(params.sessionId);
  return {};
});`,
  // Legacy agent doing it right.
  `${LEGACY}export class A implements acp.Agent {
  private sessions = new Map<string, Chat>();
  async prompt(params: acp.PromptRequest) {
    const chat = this.sessions.get(params.sessionId);
    if (!chat) throw acp.RequestError.sessionNotFound(params.sessionId);
    chat.turns += 1;
    return { stopReason: "end_turn" as const };
  }
  async cancel(params: acp.CancelNotification) {
    this.sessions.get(params.sessionId)!.stop();
  }
}`,
  // Hand-rolled dispatch: a thrown plain Error's answer depends on the dispatcher.
  `const open = new Set<string>();
export function route(msg: { method: string; params: { sessionId: string } }) {
  switch (msg.method) {
    case "session/prompt":
      if (!open.has(msg.params.sessionId)) throw new Error("no such session");
      return {};
  }
  return null;
}`,
  `const open = new Set<string>();
export function route(msg: { id: number; method: string; params: { sessionId: string } }) {
  if (msg.method === "session/prompt") {
    if (!open.has(msg.params.sessionId)) {
      return { jsonrpc: "2.0", id: msg.id, error: { code: -32002, message: "Resource not found", data: { sessionId: msg.params.sessionId } } };
    }
    return { jsonrpc: "2.0", id: msg.id, result: {} };
  }
  return null;
}`,
  // Thrown inside a try that answers for it.
  `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  try {
    if (!sessions.has(params.sessionId)) throw new Error("no session");
    return {};
  } catch {
    throw RequestError.sessionNotFound(params.sessionId);
  }
});`,
  // A user's own Error class shadows the built-in.
  `import { agent, methods } from "@agentclientprotocol/sdk";
import { Error } from "./errors";
const sessions = new Map<string, unknown>();
agent({ name: "a" }).onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new Error("gone");
  return {};
});`,
  // A look-alike `agent()` of another package is no ACP app.
  `import { agent, methods } from "./my-framework";
const sessions = new Map<string, { x: number }>();
agent({}).onRequest(methods.agent.session.prompt, ({ params }) => sessions.get(params.sessionId)!.x);`,
];

const caughtAs = (code: string, text: string, nth = 0): Report => ({ messageId: "caughtAs", data: { code: -32603, name: "Internal error", fix: FIX }, ...at(code, text, nth) });
const catchAll = catchAllDispatch(PLAIN_ERROR_HANDLERS);

const invalidCases: Invalid[] = [
  invalid(NORMALISED('""'), (c) => [wrongCode(c, TWO_STORES_MISS, -32602, "Invalid params")], "a lookup keyed by an id a helper trims, or gives \"\" for when it is no string (mistermorph's getSession)"),
  invalid(TWO_STORES("local === undefined && shared === undefined", TWO_STORES_MISS), (c) => [wrongCode(c, TWO_STORES_MISS, -32602, "Invalid params")], "a session missing from both of two stores (`!a && !b`) answered -32602"),
  invalid(TWO_STORES("!(local || shared)", TWO_STORES_MISS), (c) => [wrongCode(c, TWO_STORES_MISS, -32602, "Invalid params")], "a session missing from both of two stores (`!(a || b)`) answered -32602"),
  invalid(FILE_OF_SESSION("findSessionFile(params.sessionId)"), (c) => [wrongCode(c, "RequestError.invalidParams(`Unknown sessionId: ${params.sessionId}`)", -32602, "Invalid params")], "a field of the stored session read through ?., then another lookup of the id, tested for nothing"),
  invalid(FILE_THROUGH_CHAIN, (c) => [internal(c, 'new Error("Unknown session")')], "a field of the looked-up session read through ?. in the test"),
  // A miss answered with a success: the SDK sends it as the result.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) return {};
  chat.turns += 1;
  return {};
});
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) return { stopReason: "end_turn" };
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.load, ({ params }) => {
  if (!sessions.has(params.sessionId)) return;
  return {};
});`,
    (c) => [
      { messageId: "successForMiss", data: { fix: FIX }, ...at(c, "return {};") },
      { messageId: "successForMiss", data: { fix: FIX }, ...at(c, 'return { stopReason: "end_turn" };') },
      { messageId: "successForMiss", data: { fix: FIX }, ...at(c, "return;") },
    ],
    "an unknown session answered with a success result ({}, a stop reason, nothing)",
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (params.modeId === "ask" && chat) {
    chat.mode = params.modeId;
  }
  return {};
});
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (params.prompt.length === 0 || !chat) throw new Error("unknown session or empty prompt");
  return { stopReason: "end_turn" };
});`,
    (c) => [{ messageId: "successForMiss", data: { fix: FIX }, ...at(c, "return {};") }, internal(c, 'new Error("unknown session or empty prompt")')],
    "the session's test after another condition: x && s falls through on a miss, x || !s takes the miss",
  ),
  // The guard is the last statement of an enclosing `if`'s branch: its miss falls out of both to the `return {}`
  // (SteveYung-tech/cli-acp-bridge, labelled before any run).
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, async ({ params }) => {
  if (params.sessionId && params.modeId) {
    const chat = sessions.get(params.sessionId);
    if (chat) chat.mode = params.modeId;
  }
  return {};
});`,
    (c) => [{ messageId: "successForMiss", data: { fix: FIX }, ...at(c, "return {};") }],
    "an unknown session's miss falling out of the enclosing if to a success",
  ),
  // A thunk the handler gives back the result of answers for it; a closure a call runs and returns from hands its miss
  // on to what the handler does after that call.
  invalid(
    `${SDK}function enqueue<T>(task: () => T): T {
  return task();
}
function runWith(opts: { run: () => void }) {
  return opts.run();
}
app.onRequest(methods.agent.session.setMode, async ({ params }) => {
  return enqueue(async () => {
    const chat = sessions.get(params.sessionId);
    if (chat) chat.mode = params.modeId;
    return {};
  });
});
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  runWith({ run: () => {
    const chat = sessions.get(params.sessionId);
    if (chat) chat.turns += 1;
  } });
  return { stopReason: "end_turn" };
});
function touch(p: { sessionId: string }) {
  const chat = sessions.get(p.sessionId);
  if (chat) chat.busy = true;
}
app.onRequest(methods.agent.session.load, async ({ params }) => {
  runWith({ run: () => {
    touch(params);
  } });
  return {};
});`,
    (c) => [
      { messageId: "successForMiss", data: { fix: FIX }, ...at(c, "return {};") },
      { messageId: "successForMiss", data: { fix: FIX }, ...at(c, 'return { stopReason: "end_turn" };') },
      { messageId: "successForMiss", data: { fix: FIX }, ...at(c, "return {};", 1) },
    ],
    "an unknown session's miss in a thunk the handler gives back, and in a closure a call runs (or a helper it calls) before the handler's success",
  ),
  // After the session's own check has answered its miss, a test of the same store again (after an `await` the
  // session may have gone) and a miss whose message says the session is missing (a manager behind a store of
  // attachments, smagnuso/hydra-acp) are still an unknown session's.
  invalid(
    `${SDK}const attached = new Map<string, Chat>();
declare function settle(): Promise<void>;
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  await settle();
  if (!sessions.has(params.sessionId)) throw new Error("gone");
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!attached.get(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  const chat = sessions.get(params.sessionId);
  if (!chat) throw new Error(\`session \${params.sessionId} not found\`);
  return {};
});`,
    (c) => [internal(c, 'new Error("gone")'), internal(c, "new Error(`session ${params.sessionId} not found`)")],
    "after the session's check: the same store tested again, and a miss that says the session is missing",
  ),
  // A handler hands a helper an object of closures (agy-acp's deps): the helper's `deps.requireSession(id)` runs the
  // closure, whose miss is the unknown session's.
  invalid(
    `${SDK}interface Deps { requireSession(id: string): Chat }
function requireChat(id: string): Chat {
  const chat = chats[id];
  if (!chat) throw new Error("Unknown session");
  return chat;
}
async function setMode(params: { sessionId: string; modeId: string }, deps: Deps) {
  deps.requireSession(params.sessionId).mode = params.modeId;
  return {};
}
app.onRequest(methods.agent.session.setMode, ({ params }) => setMode(params, { requireSession: (id) => requireChat(id) }));`,
    (c) => [internal(c, 'new Error("Unknown session")')],
    "a helper handed an object of closures runs the one it calls: its miss is the unknown session's",
  ),
  // A miss that falls through past a notice to the client reaches the success after it (SkrOYC's example backend).
  invalid(
    modeFallingThrough(
      "await this.connection.sessionUpdate({ sessionId: params.sessionId, update: { sessionUpdate: \"current_mode_update\", currentModeId: params.modeId } });",
      "\n  constructor(private readonly connection: acp.AgentSideConnection) {}",
    ),
    (c) => [{ messageId: "successForMiss", data: { fix: FIX }, ...at(c, "return {};") }],
    "a miss that falls through past a session/update notice to the client reaches the success after it",
  ),
  // A helper's test of the same store after its caller awaited something since its own check: the session may have gone.
  invalid(
    `${SDK}declare function settle(): Promise<void>;
function cancel(params: { sessionId: string }) {
  const chat = chats[params.sessionId];
  if (!chat) throw new Error("Session not found");
  chat.stop();
}
app.onRequest(methods.agent.session.close, async ({ params }) => {
  if (!chats[params.sessionId]) throw RequestError.sessionNotFound(params.sessionId);
  await settle();
  await cancel({ sessionId: params.sessionId });
  return {};
});`,
    (c) => [internal(c, 'new Error("Session not found")')],
    "a helper's test of the same store after its caller awaited since its check",
  ),
  // A helper that returns nothing on its own miss has answered nothing: the caller's test of what it gives is the
  // unknown session's (tariqwest/commandcode-acp's restoreSession).
  invalid(
    `${SDK}const savedSessions = new Map<string, Chat>();
function restore(id: string): Chat | null {
  const live = sessions.get(id);
  if (live) return live;
  const saved = savedSessions.get(id);
  if (!saved) return null;
  sessions.set(id, saved);
  return saved;
}
app.onRequest(methods.agent.session.load, ({ params }) => {
  const chat = restore(params.sessionId);
  if (!chat) throw new Error(\`unknown sessionId: \${params.sessionId}\`);
  return {};
});`,
    (c) => [internal(c, "new Error(`unknown sessionId: ${params.sessionId}`)")],
    "a helper whose miss returns null, tested by the caller",
  ),
  // A truthy check whose branch falls through to the return: a miss skips the work and gets the same success.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = chats[params.sessionId];
  if (chat) chat.turns += 1;
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat) {
    chat.mode = params.modeId;
  }
  return {};
});`,
    (c) => [
      { messageId: "successForMiss", data: { fix: FIX }, ...at(c, 'return { stopReason: "end_turn" };') },
      { messageId: "successForMiss", data: { fix: FIX }, ...at(c, "return {};") },
    ],
    "a truthy check that falls through to a success",
  ),
  // The id a call makes canonical, falling back to the id itself, and an id kept only when it is a string: both are
  // the requested id, and a lookup by them misses for an unknown session.
  invalid(
    `${SDK}declare function canonical(id: string): Promise<string | undefined>;
app.onRequest(methods.agent.session.load, async ({ params }) => {
  const sessionId = (await canonical(params.sessionId)) ?? params.sessionId;
  const chat = sessions.get(sessionId);
  if (!chat) throw new Error("no such chat");
  return {};
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const raw = params as Record<string, unknown>;
  const id = typeof raw.sessionId === "string" ? raw.sessionId : undefined;
  if (!id) throw RequestError.invalidParams();
  const chat = sessions.get(id);
  if (!chat) throw new Error("no such chat");
  return {};
});`,
    (c) => [internal(c, 'new Error("no such chat")'), internal(c, 'new Error("no such chat")', 1)],
    "an id made canonical, or kept when it is a string",
  ),
  // A helper whose truthy check is its last statement returns nothing on a miss: the request goes back to the
  // prompt, which answers it with its success; closing an unknown session may succeed and a notification answers
  // nothing, so their calls of the same helper are not reported.
  invalid(
    `${SDK}function touch(params: { sessionId: string }) {
  const chat = sessions.get(params.sessionId);
  if (chat) chat.turns += 1;
}
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  touch(params);
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.close, ({ params }) => {
  touch(params);
  return {};
});
app.onNotification(methods.agent.session.cancel, ({ params }) => {
  touch(params);
});`,
    (c) => [{ messageId: "successForMiss", data: { fix: FIX }, ...at(c, 'return { stopReason: "end_turn" };') }],
    "a helper that hands a miss back to the handler's success",
  ),
  // Through a helper whose last statement is the call of one that hands the miss back: on to the handler.
  invalid(
    `${SDK}function settle(params: { sessionId: string }) {
  const chat = sessions.get(params.sessionId);
  if (chat) chat.turns += 1;
}
function touch(params: { sessionId: string }) {
  console.log("touching");
  settle(params);
}
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  touch(params);
  return { stopReason: "end_turn" };
});`,
    (c) => [{ messageId: "successForMiss", data: { fix: FIX }, ...at(c, 'return { stopReason: "end_turn" };') }],
    "a miss handed back through two helpers to the handler's success",
  ),
  // Sessions kept in a list, found with a predicate.
  invalid(
    `${SDK}type Run = { sessionId: string; ready: boolean };
const runs: Run[] = [];
app.onRequest(methods.agent.session.load, ({ params }) => {
  const run = runs.find((r) => r.sessionId === params.sessionId);
  if (!run) throw RequestError.invalidParams({ sessionId: params.sessionId }, "unknown session");
  return {};
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!runs.some((r) => r.sessionId === params.sessionId)) throw new RequestError(-32602, "unknown session");
  return {};
});`,
    (c) => [
      wrongCode(c, 'RequestError.invalidParams({ sessionId: params.sessionId }, "unknown session")', -32602, "Invalid params"),
      wrongCode(c, 'new RequestError(-32602, "unknown session")', -32602, "Invalid params"),
    ],
    "a list searched with find() and some() by the requested id",
  ),
  invalid(
    `${SDK}const runs: { sessionId: string; mode: string }[] = [];
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const i = runs.findIndex((r) => r.sessionId === params.sessionId);
  if (i === -1) throw RequestError.invalidParams({ sessionId: params.sessionId });
  runs[i]!.mode = params.modeId;
  return {};
});
app.onRequest(methods.agent.session.load, ({ params }) => {
  const i = runs.findIndex((r) => r.sessionId === params.sessionId);
  if (i < 0) throw new RequestError(-32602, "unknown session");
  return {};
});
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const i = runs.findIndex((r) => r.sessionId === params.sessionId);
  if (i > -1) return { stopReason: "end_turn" };
  else throw new RequestError(-32602, "no such session");
});
app.onRequest(methods.agent.session.resume, ({ params }) => {
  const i = runs.findIndex((r) => r.sessionId === params.sessionId);
  if (i >= 0) return {};
  else throw new RequestError(-32602, "session not found");
});`,
    (c) => [
      wrongCode(c, "RequestError.invalidParams({ sessionId: params.sessionId })", -32602, "Invalid params"),
      wrongCode(c, 'new RequestError(-32602, "unknown session")', -32602, "Invalid params"),
      wrongCode(c, 'new RequestError(-32602, "no such session")', -32602, "Invalid params"),
      wrongCode(c, 'new RequestError(-32602, "session not found")', -32602, "Invalid params"),
    ],
    "findIndex(...) tested missing (=== -1, < 0) and present (> -1, >= 0)",
  ),
  invalid(
    `${LEGACY}interface Manager {
  close(id: string): boolean; // false when no session has that id
}
export class A implements acp.Agent {
  constructor(private readonly manager: Manager) {}
  async initialize() {
    return { protocolVersion: 1 };
  }
  async setSessionMode(params: acp.SetSessionModeRequest) {
    if (!this.manager.close(params.sessionId)) throw new acp.RequestError(-32602, "unknown session");
    return {};
  }
}`,
    (c) => [wrongCode(c, 'new acp.RequestError(-32602, "unknown session")', -32602, "Invalid params")],
    "an operation a field's interface declares to return a boolean, tested for false",
  ),
  // Guards and lookups of other shapes, in delegates that take the request after a runtime.
  invalid(
    `import { RequestError, type PromptRequest, type PromptResponse, type LoadSessionRequest, type LoadSessionResponse } from "@agentclientprotocol/sdk";
interface Search { warm: boolean; prompt(r: PromptRequest): Promise<PromptResponse> }
export interface Runtime { sessions: Map<string, Search>; rewarm(s: Search): Promise<Search> }
export async function runPrompt(rt: Runtime, request: PromptRequest): Promise<PromptResponse> {
  let session = rt.sessions.get(request.sessionId);
  if (!session) throw new Error("not found");
  if (!session.warm) session = await rt.rewarm(session);
  return session.prompt(request);
}
export async function load(rt: Runtime, params: LoadSessionRequest): Promise<LoadSessionResponse> {
  const session = rt.sessions.get(params.sessionId);
  if (!session || !session.warm) throw new RequestError(-31950, "index offline");
  return {};
}`,
    (c) => [internal(c, 'new Error("not found")'), wrongCode(c, 'new RequestError(-31950, "index offline")', -31950, "an implementation-specific code")],
    "the request in a delegate's second parameter, a let written again after its guard, !s || !s.warm, and the request handed to the session found",
  ),
  // Out of an SDK handler a coded value that is not a RequestError goes out as -32603, its -32002 lost.
  invalid(
    `${LEGACY}class QueryError extends Error {
  constructor(message: string, readonly code = -32002) {
    super(message);
  }
}
export class A implements acp.Agent {
  private sessions = new Map<string, { mode: string }>();
  async initialize() {
    return { protocolVersion: 1 };
  }
  async setSessionMode(params: acp.SetSessionModeRequest) {
    const s = this.sessions.get(params.sessionId);
    if (!s) throw Object.assign(new Error("gone"), { code: -32002, data: { sessionId: params.sessionId } });
    return {};
  }
  async loadSession(params: acp.LoadSessionRequest) {
    const s = this.sessions.get(params.sessionId);
    if (!s) throw new QueryError("gone");
    return {};
  }
}`,
    (c) => [internal(c, 'Object.assign(new Error("gone"), { code: -32002, data: { sessionId: params.sessionId } })'), internal(c, 'new QueryError("gone")')],
    "a coded value that is not a RequestError, thrown from an SDK handler (its code lost)",
  ),
  // Plain Errors in hand-rolled dispatch go out as what the dispatcher's catch-all answers every error with.
  // A test of the id's own value (is there one, is it a non-empty string) asks no store whether the session exists:
  // the helper called after it still answers an unknown session (LiboShen/openclaw-acp, labelled before any run).
  invalid(
    `${SDK}class Manager {
  send(id: string) {
    const chat = sessions.get(id);
    chat!.turns += 1;
  }
}
const manager = new Manager();
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  if (!params.sessionId || typeof params.sessionId !== "string" || params.sessionId.trim().length === 0) throw RequestError.invalidParams();
  manager.send(params.sessionId);
  return { stopReason: "end_turn" };
});`,
    (c) => [asserted(c, "chat")],
    "a helper's miss after the handler tested only that there is an id",
  ),
  invalid(catchAll, (c) => [caughtAs(c, 'new Error("session not found")'), caughtAs(c, 'new Error("Session not found")')], "a plain Error in a dispatcher whose catch answers -32603"),
  // The id read by a helper handed the key (`readString(p, "sessionId")`), which passes it to another: the same id.
  invalid(
    catchAllDispatch(`  const readOwn = (value: Record<string, unknown>, field: string) => {
    const result = value[field];
    if (typeof result !== "string") return undefined;
    return result;
  };
  const readString = (value: unknown, field: string): string => {
    const result = readOwn(value as Record<string, unknown>, field);
    if (!result) throw new Error(\`Missing \${field}\`);
    return result;
  };
  const loadSession = async (p: Params) => {
    if (!sessions.has(readString(p, "sessionId"))) throw new Error("session not found");
    return {};
  };
  const setMode = async (p: Params) => {
    const s = sessions.get(readString(p, "sessionId"));
    if (!s) throw new Error("Session not found");
    s.mode = readString(p, "modeId");
    return {};
  };`),
    (c) => [caughtAs(c, 'new Error("session not found")'), caughtAs(c, 'new Error("Session not found")')],
    "the id read by a helper handed the key, in a dispatcher whose catch answers -32603",
  ),
  // (a) unguarded uses, SDK 2.x
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, async (ctx) => {
  const chat = chats[ctx.params.sessionId];
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
    (c) => [unguarded(c, "chat.turns += 1")],
    "record lookup used at once",
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  chat.mode = params.modeId;
  return {};
});`,
    (c) => [unguarded(c, "chat.mode = params.modeId")],
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setConfigOption, ({ params: { sessionId } }) => {
  const chat = sessions.get(sessionId);
  chat.stop();
  return { configOptions: [] };
});`,
    (c) => [unguarded(c, "chat.stop()")],
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const id = params.sessionId;
  const chat = chats[id];
  chat.turns += 1;
  return {};
});`,
    (c) => [unguarded(c, "chat.turns += 1")],
    "through a const holding the id",
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  sessions.get(params.sessionId).stop();
  return {};
});`,
    (c) => [unguardedLookup(c, "sessions.get(params.sessionId)")],
    "dereferenced in place",
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  chats[params.sessionId].turns++;
  return {};
});`,
    (c) => [unguardedLookup(c, "chats[params.sessionId]")],
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  const chat = sessions.get(params.sessionId)!;
  chat.stop();
  return {};
});`,
    (c) => [asserted(c, "sessions.get(params.sessionId)")],
    "non-null assertion",
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, (ctx) => {
  const chat = chats[ctx.params.sessionId];
  chat.turns += 1;
  if (chat.busy) throw new RequestError(-32002, "x", { sessionId: ctx.params.sessionId });
  return {};
});`,
    (c) => [unguarded(c, "chat.turns += 1")],
    "only the first use",
  ),
  invalid(
    `import * as acp from "@agentclientprotocol/sdk";
const sessions = new Map<string, { stop(): void }>();
acp.agent({ name: "a" })
  .onRequest(acp.methods.agent.session.resume, ({ params }) => {
    sessions.get(params.sessionId)!.stop();
    return {};
  })
  .onRequest("session/fork", ({ params }) => {
    const s = sessions.get(params.sessionId);
    s.stop();
    return { sessionId: "n" };
  });`,
    (c) => [asserted(c, "sessions.get(params.sessionId)"), unguarded(c, "s.stop()")],
    "chained app, namespace import, unstable method",
  ),
  invalid(
    `import { agent, AGENT_METHODS } from "@agentclientprotocol/sdk";
const sessions: { [id: string]: { stop(): void } } = {};
const app = agent({ name: "a" });
function onPrompt(ctx: { params: { sessionId: string } }) {
  sessions[ctx.params.sessionId].stop();
  return {};
}
app.onRequest(AGENT_METHODS.session_prompt, onPrompt);`,
    (c) => [unguardedLookup(c, "sessions[ctx.params.sessionId]")],
    "index signature store, handler declared apart",
  ),
  invalid(
    `${SDK}function getChat(id: string) {
  return sessions.get(id);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = getChat(params.sessionId);
  chat.turns += 1;
  return {};
});`,
    (c) => [unguarded(c, "chat.turns += 1")],
    "lookup helper",
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  chat!.turns += 1;
  return {};
});`,
    (c) => [asserted(c, "chat")],
    "non-null assertion on the variable holding the lookup",
  ),
  // (a) legacy
  invalid(
    `${LEGACY}export class A implements acp.Agent {
  private sessions = new Map<string, Chat>();
  async prompt(params: acp.PromptRequest) {
    const chat = this.sessions.get(params.sessionId);
    chat.turns += 1;
    return { stopReason: "end_turn" as const };
  }
}`,
    (c) => [unguarded(c, "chat.turns += 1")],
  ),
  invalid(
    `${LEGACY}export class A implements acp.Agent {
  private readonly sessions: Map<string, Chat>;
  constructor() { this.sessions = new Map(); }
  async setSessionMode({ sessionId }: acp.SetSessionModeRequest) {
    this.sessions.get(sessionId)!.stop();
    return {};
  }
}`,
    (c) => [asserted(c, "this.sessions.get(sessionId)")],
  ),
  invalid(
    `${LEGACY}class A {
  constructor(private readonly chats: Map<string, Chat>) {}
  async newSession() {
    this.chats.set("s", { turns: 0, stop() {} });
    return { sessionId: "s" };
  }
  async unstable_setSessionModel(params: { sessionId: string }) {
    this.chats.get(params.sessionId)!.stop();
    return {};
  }
}
declare const stream: never;
new acp.AgentSideConnection(() => new A(new Map()), stream);`,
    (c) => [asserted(c, "this.chats.get(params.sessionId)")],
    "factory of AgentSideConnection",
  ),
  invalid(
    `import { type Agent } from "@agentclientprotocol/sdk";
export class A implements Partial<Agent> {
  private sessions = new Map<string, { cancelled: boolean }>();
  async prompt(params: { sessionId: string }) {
    const s = this.sessions.get(params.sessionId);
    if (!s) throw new Error("Session not found");
    return { stopReason: "end_turn" as const };
  }
}`,
    (c) => [internal(c, 'new Error("Session not found")')],
    "a class implementing Partial<Agent>",
  ),
  // (a) hand-rolled dispatch
  invalid(
    `const sessions = new Map<string, { stop(): void }>();
export function route(msg: { method: string; params: { sessionId: string } }) {
  switch (msg.method) {
    case "session/close":
      sessions.get(msg.params.sessionId)!.stop();
      return {};
  }
  return null;
}`,
    (c) => [asserted(c, "sessions.get(msg.params.sessionId)")],
  ),
  invalid(
    `const sessions = new Map<string, { stop(): void }>();
export const handlers = {
  "session/prompt": (params: { sessionId: string }) => {
    const s = sessions.get(params.sessionId);
    s.stop();
    return {};
  },
};`,
    (c) => [unguarded(c, "s.stop()")],
  ),
  // (b) wrong answers on the miss branch, SDK 2.x
  invalid(
    `${SDK}app.onRequest(methods.agent.session.load, (ctx) => {
  const chat = chats[ctx.params.sessionId];
  if (chat === undefined) {
    throw RequestError.invalidParams({ sessionId: ctx.params.sessionId });
  }
  return {};
});`,
    (c) => [wrongCode(c, "RequestError.invalidParams({ sessionId: ctx.params.sessionId })", -32602, "Invalid params")],
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new Error("Session not found");
  return {};
});`,
    (c) => [internal(c, 'new Error("Session not found")')],
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!(params.sessionId in chats)) throw new RequestError(-32001, "Session not found");
  return {};
});`,
    (c) => [wrongCode(c, 'new RequestError(-32001, "Session not found")', -32001, "an implementation-specific code")],
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat == null) throw \`no session \${params.sessionId}\`;
  return {};
});`,
    (c) => [internal(c, "`no session ${params.sessionId}`")],
    "a thrown string",
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (typeof chat === "undefined") throw new TypeError("missing");
  if (chat) return {};
  return {};
});`,
    (c) => [internal(c, 'new TypeError("missing")')],
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (sessions.has(params.sessionId)) {
    return {};
  } else {
    throw RequestError.internalError({ sessionId: params.sessionId });
  }
});`,
    (c) => [wrongCode(c, "RequestError.internalError({ sessionId: params.sessionId })", -32603, "Internal error")],
    "the else branch of a presence test",
  ),
  invalid(
    `${SDK}const Codes = { SessionNotFound: -32001 } as const;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (sessions.has(params.sessionId) === false) throw new RequestError(Codes.SessionNotFound, "x");
  return {};
});`,
    (c) => [wrongCode(c, 'new RequestError(Codes.SessionNotFound, "x")', -32001, "an implementation-specific code")],
  ),
  invalid(
    `${SDK}declare const strict: boolean;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(strict ? -32002 : -32602, "x");
  return {};
});`,
    (c) => [wrongCode(c, 'new RequestError(strict ? -32002 : -32602, "x")', -32602, "Invalid params")],
    "one of a conditional's codes is wrong",
  ),
  invalid(
    `${SDK}class SessionGone extends RequestError {
  constructor() { super(-32001, "gone"); }
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new SessionGone();
  return {};
});`,
    (c) => [wrongCode(c, "new SessionGone()", -32001, "an implementation-specific code")],
    "a local class holding its code",
  ),
  invalid(
    `${SDK}class SessionGone extends RequestError {
  constructor() { super(-32001, "gone"); }
}
function check(Failure: typeof SessionGone, id: string) {
  if (!sessions.has(id)) throw new Failure();
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  check(SessionGone, params.sessionId);
  return {};
});`,
    (c) => [wrongCode(c, "new Failure()", -32001, "an implementation-specific code")],
    "a helper every call hands the same error class constructs that class",
  ),
  invalid(
    `${SDK}const invalid = (id: string) => RequestError.invalidParams({ sessionId: id });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw invalid(params.sessionId);
  return {};
});`,
    (c) => [wrongCode(c, "invalid(params.sessionId)", -32602, "Invalid params")],
    "an error built by a same-file function is reported at the branch's call of it (the function may build other branches' errors)",
  ),
  invalid(
    `${SDK}function invalid(detail: string): RequestError {
  return new RequestError(-32602, \`Invalid params: \${detail}\`);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.get(params.sessionId)) throw invalid("unknown session");
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw invalid("no such session");
  if (params.modeId !== "ask") throw invalid("mode");
  return {};
});`,
    (c) => [wrongCode(c, 'invalid("unknown session")', -32602, "Invalid params"), wrongCode(c, 'invalid("no such session")', -32602, "Invalid params")],
    "a helper several branches share to build their errors: each session miss is reported at its call, the mode's is no such mistake",
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const err = RequestError.authRequired();
  if (!sessions.has(params.sessionId)) throw err;
  return {};
});`,
    (c) => [wrongCode(c, "RequestError.authRequired()", -32000, "Authentication required")],
  ),
  // (b) through a helper, reported once where it is
  invalid(
    `${LEGACY}export class DevAgent implements acp.Agent {
  private conversations = new Map<string, Chat>();
  private conversation(sessionId: string): Chat {
    const found = this.conversations.get(sessionId);
    if (!found) throw new Error(\`unknown session \${sessionId}\`);
    return found;
  }
  async prompt(params: acp.PromptRequest) {
    this.conversation(params.sessionId).turns += 1;
    return { stopReason: "end_turn" as const };
  }
  async setSessionMode(params: acp.SetSessionModeRequest) {
    this.conversation(params.sessionId);
    return {};
  }
}`,
    (c) => [internal(c, "new Error(`unknown session ${sessionId}`)")],
    "shared helper reported once",
  ),
  invalid(
    `${SDK}function check(id: string) {
  if (!sessions.has(id)) throw RequestError.invalidParams({ id });
}
function requireChat(sessionId: string) {
  check(sessionId);
  return sessions.get(sessionId)!;
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  requireChat(params.sessionId).turns += 1;
  return {};
});`,
    (c) => [wrongCode(c, "RequestError.invalidParams({ id })", -32602, "Invalid params")],
    "helper of a helper; its asserted lookup after the check is not reported",
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, (ctx) => helper(ctx));
function helper(ctx: { params: { sessionId: string } }) {
  if (!sessions.has(ctx.params.sessionId)) throw new Error("no session");
  return {};
}`,
    (c) => [internal(c, 'new Error("no session")')],
    "a helper handed the whole context",
  ),
  // (b) vscode-jsonrpc and hand-rolled dispatch
  invalid(
    `import { createMessageConnection, ResponseError } from "vscode-jsonrpc/node";
const connection = createMessageConnection(process.stdin as never, process.stdout as never);
const sessions = new Map<string, unknown>();
connection.onRequest("session/prompt", (params: { sessionId: string }) => {
  if (!sessions.has(params.sessionId)) throw new Error("Session not found");
  return {};
});
connection.onRequest("session/set_mode", (params: { sessionId: string }) => {
  if (!sessions.has(params.sessionId)) throw new ResponseError(-32602, "Session not found");
  return {};
});`,
    (c) => [internal(c, 'new Error("Session not found")'), wrongCode(c, 'new ResponseError(-32602, "Session not found")', -32602, "Invalid params")],
  ),
  invalid(
    `class RpcFailure extends Error {
  constructor(readonly code: number, message: string) { super(message); }
}
const open = new Set<string>();
export const handlers: Record<string, (p: { sessionId: string }) => unknown> = {
  "session/prompt": (params) => {
    if (!open.has(params.sessionId)) throw new RpcFailure(-32603, "unknown session");
    return {};
  },
};`,
    (c) => [wrongCode(c, 'new RpcFailure(-32603, "unknown session")', -32603, "Internal error")],
  ),
  invalid(
    `const open = new Set<string>();
export function route(msg: { id: number; method: string; params: { sessionId: string } }) {
  switch (msg.method) {
    case "session/new":
      open.add("s");
      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };
    case "session/set_config_option":
    case "session/set_mode":
      if (!open.has(msg.params.sessionId)) {
        return { jsonrpc: "2.0", id: msg.id, error: { code: -32602, message: "Invalid params" } };
      }
      return { jsonrpc: "2.0", id: msg.id, result: {} };
  }
  return null;
}`,
    (c) => [wrongCode(c, '{ code: -32602, message: "Invalid params" }', -32602, "Invalid params")],
    "a returned error response, reported once for cases sharing a body",
  ),
  invalid(
    `export function route(method: string, params: { sessionId: string }, sessions: Map<string, unknown>) {
  if (method === "session/prompt") {
    const s = sessions.get(params.sessionId);
    if (!s) throw { code: -32001, message: "no session" };
    return {};
  }
  return null;
}`,
    (c) => [wrongCode(c, '{ code: -32001, message: "no session" }', -32001, "an implementation-specific code")],
    "if chain, map held in a parameter",
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  if (!sessions.has(params.sessionId)) return Promise.reject(new Error("no session"));
  return {};
});`,
    (c) => [internal(c, 'new Error("no session")')],
    "a rejected promise",
  ),
  // Both kinds in one handler.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const a = sessions.get(params.sessionId);
  if (!a) throw new Error("missing");
  return {};
});
app.onRequest(methods.agent.session.close, ({ params }) => {
  sessions.get(params.sessionId)!.stop();
  return {};
});`,
    (c) => [internal(c, 'new Error("missing")'), asserted(c, "sessions.get(params.sessionId)")],
  ),
];

// The same handler in every style the analysis recognises: a wrong code on the miss branch, an unchecked use.
const styleInvalid: Invalid[] = HANDLER_STYLES.flatMap((style) => [
  invalid(
    style.program("session/prompt", `if (!sessions.has(params.sessionId)) throw new RequestError(-32001, "Session not found");
return { stopReason: "end_turn" };`),
    (c) => [wrongCode(c, 'new RequestError(-32001, "Session not found")', -32001, "an implementation-specific code")],
    `${style.name}: an invented code for an unknown session`,
  ),
  invalid(
    style.program("session/prompt", `const session = sessions.get(params.sessionId);
session.turns += 1;
return { stopReason: "end_turn" };`),
    (c) => [unguarded(c, "session.turns")],
    `${style.name}: a session used unchecked`,
  ),
]);
const styleValid: Valid[] = HANDLER_STYLES.map((style) => ({
  name: `${style.name}: checked, answered with sessionNotFound`,
  code: style.program("session/prompt", `const session = sessions.get(params.sessionId);
if (!session) throw RequestError.sessionNotFound(params.sessionId);
session.turns += 1;
return { stopReason: "end_turn" };`),
}));

// Protocol version 2: answering an unknown session with -32002 is a MUST; closing one SHOULD succeed; a tool call or
// terminal of an unknown session may be answered with -32602 like any unknown item.
const V2 = { acp: { protocolVersion: 2 } };
const v2 = (report: Report, messageId: MessageIds): Report => ({ ...report, messageId });
const v2Invalid: Invalid[] = HANDLER_STYLES.flatMap((style) => [
  {
    ...invalid(
      style.program("session/prompt", `if (!sessions.has(params.sessionId)) throw new RequestError(-32001, "Session not found");
return { stopReason: "end_turn" };`),
      (c) => [v2(wrongCode(c, 'new RequestError(-32001, "Session not found")', -32001, "an implementation-specific code"), "wrongCodeV2")],
      `v2, ${style.name}: an invented code for an unknown session says MUST`,
    ),
    settings: V2,
  },
  {
    ...invalid(
      style.program("session/prompt", `const session = sessions.get(params.sessionId);
session.turns += 1;
return { stopReason: "end_turn" };`),
      (c) => [v2(unguarded(c, "session.turns"), "unguardedSessionV2")],
      `v2, ${style.name}: a session used unchecked says MUST`,
    ),
    settings: V2,
  },
]);
{
  const assertedCode = `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  sessions.get(params.sessionId)!.turns += 1;
  return { stopReason: "end_turn" };
});`;
  v2Invalid.push({ ...invalid(assertedCode, (c) => [v2(asserted(c, "sessions.get(params.sessionId)"), "assertedSessionV2")], "v2: a `!` on the session says MUST"), settings: V2 });
  const plain = `${SDK}app.onRequest(methods.agent.session.resume, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) throw new Error("Session not found");
  return {};
});`;
  v2Invalid.push({ ...invalid(plain, (c) => [{ ...internal(c, 'new Error("Session not found")'), messageId: "internalErrorV2", data: { fix: FIX } }], "v2: a plain Error for an unknown session to resume says MUST"), settings: V2 });
  const close = `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) throw RequestError.invalidParams({ sessionId: params.sessionId });
  chat.stop();
  return {};
});`;
  v2Invalid.push({
    ...invalid(close, (c) => [{ messageId: "closeFails", data: { code: -32602, name: "Invalid params" }, ...at(c, "RequestError.invalidParams({ sessionId: params.sessionId })") }], "v2: closing an unknown session with -32602 asks for success"),
    settings: V2,
  });
  invalidCases.push(invalid(close, (c) => [wrongCode(c, "RequestError.invalidParams({ sessionId: params.sessionId })", -32602, "Invalid params")], "v1: the same close asks for -32002"));
  const closePlain = `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new Error("no such session");
  return {};
});`;
  v2Invalid.push({
    ...invalid(closePlain, (c) => [{ messageId: "closeFails", data: { code: -32603, name: "Internal error" }, ...at(c, 'new Error("no such session")') }], "v2: closing an unknown session with a plain Error asks for success"),
    settings: V2,
  });
  const closeUnchecked = `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  chat.stop();
  return {};
});`;
  v2Invalid.push({
    ...invalid(closeUnchecked, (c) => [{ ...unguarded(c, "chat.stop"), messageId: "closeUnguarded" }], "v2: a close that uses the session unchecked asks for success"),
    settings: V2,
  });
}
const V2_SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk/experimental/v2";
type Chat = { toolCalls: Map<string, { cancellable: boolean }> };
const sessions = new Map<string, Chat>();
export const app = agent({ name: "a" });
`;
const V2_CANCEL_UNKNOWN_SESSION = `${V2_SDK}app.onRequest(methods.agent.toolCall.cancel, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) throw RequestError.invalidParams({ toolCallId: params.toolCallId }, "Unknown tool call");
  const call = chat.toolCalls.get(params.toolCallId);
  if (!call || !call.cancellable) throw RequestError.invalidParams({ toolCallId: params.toolCallId }, "Tool call cannot be cancelled");
  return {};
});`;
invalidCases.push(
  invalid(
    V2_CANCEL_UNKNOWN_SESSION,
    (c) => [wrongCode(c, 'RequestError.invalidParams({ toolCallId: params.toolCallId }, "Unknown tool call")', -32602, "Invalid params")],
    "v1: a tool_call/cancel of an unknown session answered -32602 is judged like any session-scoped request",
  ),
);
const v2Valid: Valid[] = [
  {
    name: "v2: closing an unknown session succeeds",
    settings: V2,
    code: `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) return {};
  chat.stop();
  return {};
});`,
  },
  {
    name: "v2: closing an unknown session with -32002 (clients take it for success)",
    settings: V2,
    code: `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return {};
});`,
  },
  { name: "v2: tool_call/cancel of an unknown session answered with -32602 (an unknown tool call)", settings: V2, code: V2_CANCEL_UNKNOWN_SESSION },
  {
    name: "v2: terminal/cancel of an unknown session answered with -32002",
    settings: V2,
    code: `${V2_SDK}app.onRequest(methods.agent.terminal.cancel, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return {};
});`,
  },
];
{
  const cancel = `${V2_SDK}app.onRequest(methods.agent.toolCall.cancel, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(-32603, "no session");
  return {};
});`;
  v2Invalid.push({
    ...invalid(cancel, (c) => [{ ...wrongCode(c, 'new RequestError(-32603, "no session")', -32603, "Internal error"), messageId: "wrongCodeV2" }], "v2: tool_call/cancel of an unknown session with -32603 is still wrong"),
    settings: V2,
  });
}

// -32022 exists only in protocol version 2: named there, an implementation-specific code in version 1.
{
  const code = `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(-32022, "no session");
  return { stopReason: "end_turn" };
});`;
  const node = 'new RequestError(-32022, "no session")';
  v2Invalid.push({ ...invalid(code, (c) => [{ ...wrongCode(c, node, -32022, "Unsupported protocol version"), messageId: "wrongCodeV2" }], "v2: -32022 is named as v2's Unsupported protocol version"), settings: V2 });
  invalidCases.push(invalid(code, (c) => [wrongCode(c, node, -32022, "an implementation-specific code")], "v1: -32022 is an implementation-specific code"));
}

// Protocol version 2: resuming a deleted session is answered with -32002, like any session that does not exist.
const DELETED = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
type Stored = { cwd: string; deleted: boolean; status: "active" | "deleted" };
const store = new Map<string, Stored>();
const deletedSessions = new Set<string>();
export const app = agent({ name: "a" });
`;
const deletedReport = (code: string, text: string, value: number, name: string): Report => ({ messageId: "deletedSession", data: { code: value, name, fix: FIX }, ...at(code, text) });
{
  const byStore = `${DELETED}app.onRequest(methods.agent.session.resume, ({ params }) => {
  if (deletedSessions.has(params.sessionId)) throw RequestError.invalidParams({ sessionId: params.sessionId }, "Session was deleted");
  const stored = store.get(params.sessionId);
  if (!stored) throw RequestError.sessionNotFound(params.sessionId);
  return {};
});`;
  v2Invalid.push({ ...invalid(byStore, (c) => [deletedReport(c, 'RequestError.invalidParams({ sessionId: params.sessionId }, "Session was deleted")', -32602, "Invalid params")], "v2: a resumed session found in a store of deleted ones, answered -32602"), settings: V2 });
  v2Valid.push({ name: "v1: the deleted-session answer is not judged", code: byStore });
  const byFlag = `${DELETED}app.onRequest(methods.agent.session.resume, ({ params: { sessionId } }) => {
  const stored = store.get(sessionId);
  if (!stored) throw RequestError.sessionNotFound(sessionId);
  if (stored.deleted) throw new Error("Session deleted");
  if (stored.status === "deleted") throw new RequestError(-32603, "Session deleted");
  return {};
});`;
  v2Invalid.push({
    ...invalid(byFlag, (c) => [
      deletedReport(c, 'new Error("Session deleted")', -32603, "Internal error"),
      deletedReport(c, 'new RequestError(-32603, "Session deleted")', -32603, "Internal error"),
    ], "v2: a resumed session flagged deleted or with status deleted, answered -32603"),
    settings: V2,
  });
  const legacy = `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private tombstones = new Set<string>();
  async initialize() { return { protocolVersion: 1 }; }
  async newSession() { return { sessionId: "s" }; }
  async resumeSession(params: acp.ResumeSessionRequest) {
    if (params.sessionId in this.tombstones) throw new acp.RequestError(-32001, "Session deleted");
    return {};
  }
}`;
  v2Invalid.push({ ...invalid(legacy, (c) => [deletedReport(c, 'new acp.RequestError(-32001, "Session deleted")', -32001, "an implementation-specific code")], "v2, legacy: `id in this.tombstones` answered with an invented code"), settings: V2 });
  v2Valid.push(
    {
      name: "v2: a deleted session answered with sessionNotFound",
      settings: V2,
      code: `${DELETED}app.onRequest(methods.agent.session.resume, ({ params }) => {
  if (deletedSessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return {};
});`,
    },
    {
      name: "v2: a deleted check in another handler than resume, or on another id",
      settings: V2,
      code: `${DELETED}declare const other: string;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (deletedSessions.has(params.sessionId)) throw RequestError.invalidParams(undefined, "deleted");
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.resume, ({ params }) => {
  if (deletedSessions.has(other)) throw RequestError.invalidParams(undefined, "deleted");
  return { sessionId: params.sessionId } as never;
});`,
    },
    {
      name: "v2: a deleted answer caught in the handler",
      settings: V2,
      code: `${DELETED}app.onRequest(methods.agent.session.resume, ({ params }) => {
  try {
    if (deletedSessions.has(params.sessionId)) throw new Error("deleted");
  } catch {
    return {};
  }
  return {};
});`,
    },
    {
      name: "v2: a deleted answer of a helper whose only call the handler catches",
      settings: V2,
      code: `${DELETED}function refuseDeleted(params: { sessionId: string }) {
  if (deletedSessions.has(params.sessionId)) throw new Error("deleted");
}
app.onRequest(methods.agent.session.resume, ({ params }) => {
  try {
    refuseDeleted(params);
  } catch {
    return {};
  }
  return {};
});`,
    },
    {
      name: "v2: a deleted answer of a helper that a closure run inside the handler's try calls",
      settings: V2,
      code: `${DELETED}function runWith<T>(o: { run(): T }): T {
  return o.run();
}
function refuseDeleted(params: { sessionId: string }) {
  if (deletedSessions.has(params.sessionId)) throw new Error("deleted");
}
app.onRequest(methods.agent.session.resume, ({ params }) => {
  try {
    runWith({ run: () => refuseDeleted(params) });
  } catch {
    return {};
  }
  return {};
});`,
    },
    {
      name: "v2: a deleted answer of a closure that a call inside the handler's try runs",
      settings: V2,
      code: `${DELETED}function runWith<T>(o: { run(): T }): T {
  return o.run();
}
app.onRequest(methods.agent.session.resume, ({ params }) => {
  try {
    runWith({ run: () => {
      if (deletedSessions.has(params.sessionId)) throw new Error("deleted");
    } });
  } catch {
    return {};
  }
  return {};
});`,
    },
  );
}

untypedTester().run("require-session-check", rule, { valid: [...styleValid, ...SESSION_CLEAN_SHAPES, ...valid, ...v2Valid], invalid: [...styleInvalid, ...invalidCases, ...v2Invalid] });

// With type information, codes imported from another file resolve.
const TYPED = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { Codes, INVALID_PARAMS } from "./codes";
const sessions = new Map<string, unknown>();
const app = agent({ name: "a" });
`;
const typedInvalid = `${TYPED}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(INVALID_PARAMS, "no session");
  if (sessions.size > 9) return {};
  return {};
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(Codes.SessionMissing, "no session");
  return {};
});`;

typedTester().run("require-session-check (typed)", rule, {
  valid: [{ code: `${TYPED}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return {};
});`, filename: typedFile }],
  invalid: [
    {
      code: typedInvalid,
      filename: typedFile,
      errors: [
        wrongCode(typedInvalid, 'new RequestError(INVALID_PARAMS, "no session")', -32602, "Invalid params"),
        wrongCode(typedInvalid, 'new RequestError(Codes.SessionMissing, "no session")', -32001, "an implementation-specific code"),
      ],
    },
  ],
});

// Untyped, the imported codes are unknown: nothing is reported.
untypedTester().run("require-session-check (untyped imports)", rule, { valid: [typedInvalid], invalid: [] });

// A name that shadows the import is not the SDK's RequestError: what a parameter constructs is unknown, so the code
// a miss branch answers with is too.
untypedTester().run("require-session-check (a name that shadows the import)", rule, {
  valid: [
    {
      name: "a parameter named RequestError",
      code: `${SDK}export function mount(RequestError: new (code: number, message: string) => Error) {
  app.onRequest(methods.agent.session.prompt, ({ params }) => {
    if (!sessions.has(params.sessionId)) throw new RequestError(-32602, "Unknown session");
    return { stopReason: "end_turn" };
  });
}`,
    },
    {
      name: "a parameter named RequestError, through a factory",
      code: `${SDK}export function mount(RequestError: { invalidParams(): Error }) {
  app.onRequest(methods.agent.session.prompt, ({ params }) => {
    if (!sessions.has(params.sessionId)) throw RequestError.invalidParams();
    return { stopReason: "end_turn" };
  });
}`,
    },
  ],
  invalid: [],
});

// What the summaries layer follows (src/analysis/summaries): the id through a helper that gives it back, params
// parsed into a new object, a presence test kept in a const, a lookup a helper or a thunk returns unchecked, a
// private method; and what stays silent: a helper that completes, asserts or tests its lookup.
untypedTester().run("require-session-check (values through functions)", rule, {
  valid: [
    {
      name: "a helper that completes its lookup with ?? gives no miss",
      code: `${SDK}function chatOf(p: { sessionId: string }) { return sessions.get(p.sessionId) ?? { turns: 0, busy: false, mode: "ask", stop() {} }; }
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = chatOf(params);
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
    },
    {
      name: "a lookup given back through two helpers, the middle one testing it",
      code: `${SDK}function lookIn(store: Map<string, Chat>, key: string) {
  return store.get(key);
}
function getChat(id: string) {
  const chat = lookIn(sessions, id);
  if (!chat) throw RequestError.sessionNotFound(id);
  return chat;
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = getChat(params.sessionId);
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
    },
    {
      name: "a value given back through two helpers from what the middle one computes is no session lookup",
      code: `${SDK}function lookIn(store: Map<string, Chat>, key: string) {
  return store.get(key);
}
function getChat(id: string) {
  return lookIn(new Map<string, Chat>([[id, { turns: 0, busy: false, mode: "ask", stop() {} }]]), id);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = getChat(params.sessionId);
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
    },
    {
      name: "a helper that tests its lookup and throws sessionNotFound gives no miss to its caller",
      code: `${SDK}function chatOf(p: { sessionId: string }) {
  const chat = sessions.get(p.sessionId);
  if (!chat) throw RequestError.sessionNotFound(p.sessionId);
  return chat;
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = chatOf(params);
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
    },
    {
      name: "an id kept from an identity helper, checked before it is used",
      code: `${SDK}const idOf = (id: string) => id as string;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const id = idOf(params.sessionId);
  if (!sessions.has(id)) throw RequestError.sessionNotFound(id);
  const chat = sessions.get(id);
  chat!.turns += 1;
  return { stopReason: "end_turn" };
});`,
    },
    {
      // What a helper tests is not summarised: one that validates only the id's form silences the handler as well.
      name: "an id given back by a helper that tests it may have been checked there",
      code: `${SDK}function checked(id: string) { if (!id.startsWith("s-")) throw RequestError.invalidParams({ sessionId: id }); return id; }
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const id = checked(params.sessionId);
  const chat = chats[id];
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
    },
    {
      name: "an id given back by a helper that checks the session, then a helper's lookup asserted",
      code: `${SDK}function checkedId(p: { sessionId: string }) {
  if (!sessions.has(p.sessionId)) throw RequestError.sessionNotFound(p.sessionId);
  return p.sessionId;
}
function chatOf(id: string) { return sessions.get(id); }
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const id = checkedId(params);
  chatOf(id)!.turns += 1;
  return { stopReason: "end_turn" };
});`,
    },
    {
      // chatOf is a helper of the session/load handler, which hands it the request and checks what it gives back.
      name: "a helper given something else than the request gives back no lookup of the session",
      code: `${SDK}function chatOf(p: { sessionId: string }) { return sessions.get(p.sessionId); }
app.onRequest(methods.agent.session.load, ({ params }) => {
  if (!chatOf(params)) throw RequestError.sessionNotFound(params.sessionId);
  return {};
});
app.onRequest(methods.agent.session.prompt, () => {
  const chat = chatOf({ sessionId: "default" });
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
    },
  ],
  invalid: [
    invalid(
      `${SDK}class Chats {
  bump(id: string) {
    chats[id].turns += 1;
  }
}
class Turns {
  readonly controllers = new Map<string, AbortController>();
  readonly store = new Chats();
  run(params: { sessionId: string }) {
    this.controllers.set(params.sessionId, new AbortController());
    this.store.bump(params.sessionId);
    return { stopReason: "end_turn" as const };
  }
}
const turns = new Turns();
app.onRequest(methods.agent.session.prompt, ({ params }) => turns.run(params));`,
      (c) => [{ messageId: "unguardedSession", ...at(c, "chats[id]", 1) }],
      "a key written into a map of the caller's own, which the helper it calls cannot see, checks nothing for it",
    ),
    invalid(
      `${SDK}function idOf<T>(x: T): T { return x; }
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(idOf(params.sessionId));
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
      (c) => [unguarded(c, "chat.turns += 1")],
      "the id through an identity helper",
    ),
    invalid(
      `${SDK}const idOf = (id: string) => id as string;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const id = idOf(params.sessionId);
  const chat = chats[id];
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
      (c) => [unguarded(c, "chat.turns += 1")],
      "an id kept from an identity helper names the id: it checks nothing",
    ),
    invalid(
      `${SDK}function parse(raw: { sessionId: string; modeId: string }) { return { sessionId: raw.sessionId, mode: raw.modeId }; }
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const p = parse(params);
  if (!sessions.has(p.sessionId)) throw new Error("Session not found");
  return {};
});`,
      (c) => [internal(c, 'new Error("Session not found")')],
      "params parsed into a new object by a helper",
    ),
    invalid(
      `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const exists = sessions.has(params.sessionId);
  if (!exists) throw new Error("Session not found");
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  const missing = !chat;
  if (missing) throw new Error("Session not found: " + params.sessionId);
  return {};
});`,
      (c) => [internal(c, 'new Error("Session not found")'), internal(c, 'new Error("Session not found: " + params.sessionId)')],
      "a presence test kept in a const and tested later",
    ),
    invalid(
      `${SDK}function chatOf(p: { sessionId: string }) { return sessions.get(p.sessionId); }
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = chatOf(params);
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
      (c) => [unguarded(c, "chat.turns += 1")],
      "a lookup a helper returns unchecked, used unchecked by the caller",
    ),
    invalid(
      `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (chat) {
    chat.turns += 1;
    return { stopReason: "end_turn" };
  }
  throw new Error("Session not found");
});`,
      (c) => [internal(c, 'new Error("Session not found")')],
      "the statement after a found branch that returns, with no else, answers the miss",
    ),
    invalid(
      `${SDK}function known(p: { sessionId: string }) { return sessions.has(p.sessionId); }
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!known(params)) throw new Error("Session not found");
  return { stopReason: "end_turn" };
});`,
      (c) => [internal(c, 'new Error("Session not found")')],
      "a presence test a helper gives back",
    ),
    invalid(
      `${SDK}function enqueue<T>(task: () => T): T { return task(); }
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = enqueue(() => sessions.get(params.sessionId));
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
      (c) => [unguarded(c, "chat.turns += 1")],
      "a lookup a thunk gives back through the function that runs it",
    ),
    invalid(
      `${SDK}function lookIn(store: Map<string, Chat>, key: string) {
  return store.get(key);
}
function getChat(id: string) {
  return lookIn(sessions, id);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = getChat(params.sessionId);
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
      (c) => [unguarded(c, "chat.turns += 1")],
      "a lookup given back through two helpers, the store handed to the inner one",
    ),
    invalid(
      `${SDK}function lookIn(store: any, key: string) {
  return store.get(key);
}
function lookupIn(store: any, params: { sessionId: string }) {
  return lookIn(store, params.sessionId);
}
function touchVia(store: any, params: { sessionId: string }) {
  lookupIn(store, params).turns += 1;
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  touchVia(sessions, params);
  return { stopReason: "end_turn" };
});`,
      (c) => [unguardedLookup(c, "lookupIn(store, params)")],
      "a map handed down three helpers, the innermost looking it up: the unchecked use in the outermost",
    ),
    invalid(
      `${SDK}class Turns {
  #chatOf(id: string) {
    const chat = sessions.get(id);
    if (!chat) throw new Error("no such session");
    return chat;
  }
  run(params: { sessionId: string }) {
    this.#chatOf(params.sessionId).turns += 1;
    return { stopReason: "end_turn" as const };
  }
}
const turns = new Turns();
app.onRequest(methods.agent.session.prompt, ({ params }) => turns.run(params));`,
      (c) => [internal(c, 'new Error("no such session")')],
      "a private method's miss branch",
    ),
  ],
});
