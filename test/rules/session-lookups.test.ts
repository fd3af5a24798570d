/**
 * Sessions looked up through any call given the requested id (a manager, a store class, a helper), told from
 * other things keyed by the session id, and judged by the three session rules exactly as a `Map` miss is.
 */
import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import deleteRule from "../../rules/idempotent-session-delete.js";
import checkRule, { type MessageIds as CheckIds } from "../../rules/require-session-check.js";
import dataRule from "../../rules/session-not-found-data.js";
import { at, reportAt } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { HANDLER_STYLES } from "./handler-styles.js";

type Valid = ValidTestCase<[]>;

const report = reportAt;
/** `unguardedSession` at the variable that starts `text` (`"chat.turns"`: at `chat`). */
function unguarded(code: string, text: string): TestCaseError<CheckIds> {
  const span = at(code, text);
  const name = /^[\w$]+/.exec(text)![0];
  return { messageId: "unguardedSession", line: span.line, column: span.column, endLine: span.line, endColumn: span.column + name.length };
}

function invalid<M extends string>(name: string, code: string, errors: (code: string) => TestCaseError<M>[]): InvalidTestCase<M, []> {
  return { name, code, errors: errors(code) };
}

/** A body looking the session up through a service of another module, in each style. */
const managerLookup = (answer: string) => `const session = sessionManager.getSession(params.sessionId);
if (!session) throw ${answer};
return { stopReason: "end_turn" };`;

// require-session-check: a service lookup answered with another code, in every handler style.
untypedTester().run("require-session-check: service lookups", checkRule, {
  valid: [
    ...HANDLER_STYLES.map((style) => ({
      name: `${style.name}: a service lookup answered with -32002 and sessionId`,
      code: style.program("session/prompt", managerLookup(`new RequestError(-32002, "Resource not found", { sessionId: params.sessionId })`)),
    })),
    ...HANDLER_STYLES.map((style) => ({
      name: `${style.name}: approvals keyed by the session id are no session store`,
      code: style.program("session/prompt", `const queued = approvals.get(params.sessionId);
if (!queued) throw new RequestError(-32602, "nothing to approve");
return { stopReason: "end_turn" };`),
    })),
    ...HANDLER_STYLES.map((style) => ({
      name: `${style.name}: a service lookup used unchecked: what it gives on a miss is unknown`,
      code: style.program("session/prompt", `const session = sessionManager.getSession(params.sessionId);
session.turns += 1;
return { stopReason: "end_turn" };`),
    })),
  ],
  invalid: [
    ...HANDLER_STYLES.map((style) =>
      invalid(
        `${style.name}: a manager lookup answered with invalidParams`,
        style.program("session/prompt", managerLookup("RequestError.invalidParams({ sessionId: params.sessionId })")),
        (c) => [report("wrongCode", c, "RequestError.invalidParams({ sessionId: params.sessionId })")],
      ),
    ),
    ...HANDLER_STYLES.map((style) =>
      invalid(
        `${style.name}: a helper whose name says it finds a session, answered with an invented code`,
        style.program("session/prompt", `const stored = findStoredSession(params.sessionId);
if (stored === undefined) throw new RequestError(-32001, "gone");
return { stopReason: "end_turn" };`),
        (c) => [report("wrongCode", c, 'new RequestError(-32001, "gone")')],
      ),
    ),
  ],
});

// session-not-found-data: a -32002 on the miss of a service lookup needs data.sessionId, in every style.
untypedTester().run("session-not-found-data: service lookups", dataRule, {
  valid: HANDLER_STYLES.map((style) => ({
    name: `${style.name}: the -32002 carries sessionId`,
    code: style.program("session/prompt", managerLookup(`new RequestError(-32002, "Resource not found", { sessionId: params.sessionId })`)),
  })),
  invalid: HANDLER_STYLES.map((style) =>
    invalid(
      `${style.name}: a -32002 without data on a manager miss`,
      style.program("session/prompt", managerLookup(`new RequestError(-32002, "Resource not found")`)),
      (c) => [report("missingSessionId", c, 'new RequestError(-32002, "Resource not found")')],
    ),
  ),
});

// idempotent-session-delete: a delete that fails on a service miss, in every style.
untypedTester().run("idempotent-session-delete: service lookups", deleteRule, {
  valid: HANDLER_STYLES.map((style) => ({
    name: `${style.name}: a missing session is deleted quietly`,
    code: style.program("session/delete", `const session = sessionManager.getSession(params.sessionId);
if (!session) return {};
session.dispose();
return {};`),
  })),
  invalid: HANDLER_STYLES.map((style) =>
    invalid(
      `${style.name}: a delete that throws when the manager has no such session`,
      style.program("session/delete", `const session = sessionManager.getSession(params.sessionId);
if (session == null) throw RequestError.invalidParams({ sessionId: params.sessionId });
session.dispose();
return {};`),
      (c) => [report("failsOnMissing", c, "RequestError.invalidParams({ sessionId: params.sessionId })")],
    ),
  ),
});

const LEGACY = `import * as acp from "@agentclientprotocol/sdk";
type Conversation = { cwd: string; turns: number };
declare class ConversationStore {
  create(id: string, cwd: string): Conversation;
  find(id: string): Conversation | undefined;
  restore(id: string): Promise<Conversation | null>;
}
`;

const SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
declare const manager: { lookup(query: { sessionId: string }): { turns: number } | undefined };
declare const convos: Map<string, { turns: number }>;
declare const approvals: Map<string, string[]>;
declare const terminals: Map<string, { kill(): void }>;
declare const permissions: { pending(sessionId: string): boolean };
export const app = agent({ name: "a" });
`;

const shapes: { valid: Valid[]; invalid: InvalidTestCase<CheckIds, []>[] } = {
  valid: [
    {
      name: "a store that session/new does not open and whose names say nothing of sessions",
      code: `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const convo = convos.get(params.sessionId);
  if (!convo) throw new Error("gone");
  return { stopReason: "end_turn" };
});`,
    },
    {
      name: "approvals, terminals and permission requests keyed by the session id",
      code: `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const queued = approvals.get(params.sessionId);
  if (!queued) throw new Error("nothing to approve");
  if (!terminals.has(params.sessionId)) throw new RequestError(-32602, "no terminal");
  if (!permissions.pending(params.sessionId)) throw new RequestError(-32001, "no pending permission request");
  return { stopReason: "end_turn" };
});`,
    },
    {
      name: "session/close and session/cancel misses that succeed",
      code: `${SDK}app.onRequest(methods.agent.session.close, ({ params }) => {
  const session = manager.lookup({ sessionId: params.sessionId });
  if (!session) return {};
  return {};
});
app.onNotification(methods.agent.session.cancel, ({ params }) => {
  const session = manager.lookup({ sessionId: params.sessionId });
  if (!session) return;
  session.turns = 0;
});`,
    },
    {
      name: "calls that write or announce are no lookups",
      code: `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const sent = notifySession(params.sessionId);
  if (!sent) throw new Error("session update not sent");
  return { stopReason: "end_turn" };
});`,
    },
  ],
  invalid: [
    invalid(
      "legacy: an awaited store-class restore, the store opened by newSession",
      `${LEGACY}export class ManagedAgent implements acp.Agent {
  private readonly store = new ConversationStore();
  async newSession(params: acp.NewSessionRequest) {
    const sessionId = "s";
    this.store.create(sessionId, params.cwd);
    return { sessionId };
  }
  async loadSession(params: acp.LoadSessionRequest) {
    const conversation = await this.store.restore(params.sessionId);
    if (!conversation) {
      throw acp.RequestError.invalidParams("Unknown conversation");
    }
    return {};
  }
  async prompt(params: acp.PromptRequest) {
    const conversation = this.store.find(params.sessionId);
    if (conversation === undefined) throw new acp.RequestError(-32004, "not found");
    return { stopReason: "end_turn" as const };
  }
}`,
      (c) => [report("wrongCode", c, 'acp.RequestError.invalidParams("Unknown conversation")'), report("wrongCode", c, 'new acp.RequestError(-32004, "not found")')],
    ),
    invalid(
      "the id inside an object; a store that session/new opens",
      `${SDK}app.onRequest(methods.agent.session.new, () => {
  convos.set("s", { turns: 0 });
  return { sessionId: "s" };
});
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const convo = convos.get(params.sessionId);
  if (!convo) throw new Error("gone");
  const entry = manager.lookup({ sessionId: params.sessionId });
  if (!entry) throw new Error("Session not found");
  return { stopReason: "end_turn" };
});`,
      (c) => [report("internalError", c, 'new Error("gone")'), report("internalError", c, 'new Error("Session not found")')],
    ),
    invalid(
      "?? fail(): a helper that throws a fixed error, and one whose code is a parameter",
      `${SDK}function sessionGone(id: string): never {
  throw new Error(\`Session \${id} not found\`);
}
function raise(code: number, message: string): never {
  throw new RequestError(code, message);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const session = manager.lookup({ sessionId: params.sessionId }) ?? sessionGone(params.sessionId);
  return { stopReason: "end_turn", turns: session.turns };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const session = manager.lookup({ sessionId: params.sessionId }) ?? raise(-32602, "Unknown session");
  session.turns = 0;
  return {};
});`,
      (c) => [report("internalError", c, "new Error(`Session ${id} not found`)"), report("wrongCode", c, 'raise(-32602, "Unknown session")')],
    ),
    invalid(
      "the lookup under satisfies: kept in a const and tested, or given a ?? fallback",
      `${SDK}function sessionGone(id: string): never {
  throw new Error(\`Session \${id} not found\`);
}
app.onRequest(methods.agent.session.new, () => {
  convos.set("s", { turns: 0 });
  return { sessionId: "s" };
});
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const convo = convos.get(params.sessionId) satisfies { turns: number } | undefined;
  if (!convo) throw new Error("gone");
  return { stopReason: "end_turn", turns: convo.turns };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const session = (manager.lookup({ sessionId: params.sessionId }) satisfies { turns: number } | undefined) ?? sessionGone(params.sessionId);
  session.turns = 0;
  return {};
});`,
      (c) => [report("internalError", c, "new Error(`Session ${id} not found`)"), report("internalError", c, 'new Error("gone")')],
    ),
    invalid(
      "early exits: a block that logs first, and a throwing helper called as a statement",
      `${SDK}function sessionGone(id: string): never {
  throw new RequestError(-32001, \`no session \${id}\`);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const session = manager.lookup({ sessionId: params.sessionId });
  if (!session) {
    console.warn("unknown session", params.sessionId);
    throw RequestError.invalidParams({ sessionId: params.sessionId });
  }
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const session = manager.lookup({ sessionId: params.sessionId });
  if (!session) sessionGone(params.sessionId);
  return {};
});`,
      (c) => [report("wrongCode", c, "new RequestError(-32001, `no session ${id}`)"), report("wrongCode", c, "RequestError.invalidParams({ sessionId: params.sessionId })")],
    ),
    invalid(
      "a guard inside a same-file helper the handler hands the id",
      `${SDK}function requireSession(id: string) {
  const session = manager.lookup({ sessionId: id });
  if (!session) throw new RequestError(-32602, "Invalid session");
  return session;
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  requireSession(params.sessionId).turns += 1;
  return { stopReason: "end_turn" };
});`,
      (c) => [report("wrongCode", c, 'new RequestError(-32602, "Invalid session")')],
    ),
    invalid(
      "dispatch: the id read once before the branches, answers returned and sent by helpers",
      `type Request = { id: number; method: string; params?: { sessionId?: string } };
const sessions = new Map<string, { mode: string }>();
function sendError(id: number, code: number, message: string) {
  process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }));
}
export function handle(req: Request) {
  const sessionId = req.params?.sessionId ?? "";
  if (req.method === "session/prompt") {
    if (!sessions.has(sessionId)) return { jsonrpc: "2.0", id: req.id, error: { code: -32602, message: "no such session" } };
    return { jsonrpc: "2.0", id: req.id, result: { stopReason: "end_turn" } };
  }
  if (req.method === "session/set_mode") {
    const session = sessions.get(sessionId);
    if (!session) {
      sendError(req.id, -32001, "Session not found");
      return;
    }
    session.mode = "ask";
  }
  return undefined;
}`,
      (c) => [report("wrongCode", c, '{ code: -32602, message: "no such session" }'), report("wrongCode", c, 'sendError(req.id, -32001, "Session not found")')],
    ),
  ],
};

untypedTester().run("require-session-check: lookup shapes", checkRule, shapes);

// An unchecked use is judged where a miss certainly gives nothing: with type information, a call declared to
// return `undefined` or `null`, here a method of a class of another file.
const TYPED = `import { agent, methods } from "@agentclientprotocol/sdk";
import { SessionRegistry } from "./session-registry.js";
const registry = new SessionRegistry();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  const session = await registry.load(params.sessionId);
  session.turns += 1;
  const known = registry.peek(params.sessionId);
  known.turns += 1;
  return { stopReason: "end_turn" };
});`;

typedTester().run("require-session-check: typed service lookups", checkRule, {
  valid: [],
  invalid: [{ code: TYPED, filename: typedFile, errors: [unguarded(TYPED, "session.turns")] }],
});
untypedTester().run("require-session-check: the same service untyped", checkRule, { valid: [TYPED], invalid: [] });

// A helper that every caller calls only after checking the session is not judged for its own unchecked use;
// a helper that some caller reaches unchecked still is.
const HELPER_AFTER_CHECK = `import * as acp from "@agentclientprotocol/sdk";
type Session = { mode: string };
export class A implements acp.Agent {
  private sessions: Record<string, Session> = {};
  async setSessionMode(params: acp.SetSessionModeRequest) {
    if (!this.sessions[params.sessionId]) throw acp.RequestError.sessionNotFound(params.sessionId);
    this.applyMode(params.sessionId, params.modeId);
    return {};
  }
  private applyMode(sessionId: string, modeId: string) {
    this.sessions[sessionId].mode = modeId;
  }
}`;
const HELPER_UNCHECKED = HELPER_AFTER_CHECK.replace(
  "    if (!this.sessions[params.sessionId]) throw acp.RequestError.sessionNotFound(params.sessionId);\n",
  "",
);
// The request handed to a function of the project before the call (`requireSession(params)`): that function may
// check the session. Handed to a function that is not resolved (`console.log(params)`), it checks nothing.
const HELPER_AFTER_HANDED = HELPER_AFTER_CHECK.replace(
  "    if (!this.sessions[params.sessionId]) throw acp.RequestError.sessionNotFound(params.sessionId);\n",
  "    requireSession(params, this.sessions);\n",
).replace(
  "export class A",
  "function requireSession(params: { sessionId: string }, sessions: Record<string, Session>): void {\n  if (!sessions[params.sessionId]) throw acp.RequestError.sessionNotFound(params.sessionId);\n}\nexport class A",
);
const HELPER_AFTER_LOGGED = HELPER_UNCHECKED.replace("    this.applyMode(", "    console.log(params);\n    this.applyMode(");
untypedTester().run("require-session-check: helpers called after a check", checkRule, {
  valid: [HELPER_AFTER_CHECK, { name: "the request handed to a checking function first", code: HELPER_AFTER_HANDED }, `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessionIdPattern = /^[a-z0-9-]+$/;
agent({ name: "a" }).onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessionIdPattern.test(params.sessionId)) throw RequestError.invalidParams({ sessionId: params.sessionId }, "invalid session id");
  return { stopReason: "end_turn" };
});`],
  invalid: [
    { code: HELPER_UNCHECKED, errors: [report("unguardedSession", HELPER_UNCHECKED, "this.sessions[sessionId]")] },
    { name: "the request only logged first", code: HELPER_AFTER_LOGGED, errors: [report("unguardedSession", HELPER_AFTER_LOGGED, "this.sessions[sessionId]")] },
  ],
});

// An id trimmed into a local is still the requested id.
const TRIMMED = `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private sessions = new Map<string, { turns: number }>();
  async prompt(params: acp.PromptRequest) {
    const id = params.sessionId.trim();
    const session = this.sessions.get(id);
    if (!session) throw new Error(\`Session \${id} not found\`);
    return { stopReason: "end_turn" as const };
  }
}`;
untypedTester().run("require-session-check: a trimmed id", checkRule, {
  valid: [],
  invalid: [{ code: TRIMMED, errors: [report("internalError", TRIMMED, "new Error(`Session ${id} not found`)")] }],
});
