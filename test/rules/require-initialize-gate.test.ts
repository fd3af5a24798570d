import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/require-initialize-gate.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";

type Options = [{ legacyAgents?: boolean }];
type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;

const SDK = `import { agent, AGENT_METHODS, methods, RequestError } from "@agentclientprotocol/sdk";\n`;
const NEW = `app.onRequest(methods.agent.session.new, () => ({ sessionId: "s" }));\n`;
const V2 = { acp: { protocolVersion: 2 } };

const LEGACY_FLAG = (body: string, members = "") => `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private ready = false;
  async initialize(): Promise<acp.InitializeResponse> {
    this.ready = true;
    return { protocolVersion: acp.PROTOCOL_VERSION };
  }
  async newSession(): Promise<acp.NewSessionResponse> {
    ${body}
    return { sessionId: "s" };
  }
${members}}`;
/** A front door whose dispatcher names only initialize and passes every other request on. */
const FRONT_DOOR = (answer: string) => `import { PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
declare function reply(message: object): void;
declare function forward(message: object): void;
let initialized = false;
export function onMessage(msg: { id?: number; method?: string; params?: { protocolVersion?: number } }) {
  if (msg.method === "initialize" && msg.id !== undefined) {
    initialized = true;
    reply({ jsonrpc: "2.0", id: msg.id, result: { protocolVersion: PROTOCOL_VERSION } });
    return;
  }
  if (!initialized && msg.id !== undefined) {
    reply({ jsonrpc: "2.0", id: msg.id, error: ${answer} });
    return;
  }
  forward(msg);
}`;

/** A legacy agent whose session handlers call a private check that throws a plain Error before initialize. */
const HELPER_GATE = LEGACY_FLAG(
  "this.assertReady();",
  `  async loadSession(): Promise<acp.LoadSessionResponse> {
    this.assertReady();
    return {};
  }
  private assertReady(): void {
    if (!this.ready) throw new Error("ACP initialize() must complete before creating sessions.");
  }
`,
);
const HELPER_GATE_THROW = 'new Error("ACP initialize() must complete before creating sessions.")';

/**
 * A legacy agent whose session/new opens a connection of its own to a subprocess agent (cursor-acp's native client):
 * the client's check throws "connection is not initialized" of that connection, whose `if` tests a field the
 * agent's initialize never writes (`guard`); with `this.ready`, it is the agent's own initialization.
 */
const SUBPROCESS_CONNECTION = (guard: string) =>
  LEGACY_FLAG(
    "await this.native.createSession();",
    `  private native = new NativeClient();
}
class NativeClient {
  private connection: acp.ClientSideConnection | null = null;
  ready = false;
  async createSession(): Promise<void> {
    const connection = this.requireConnection();
    await connection.newSession({ cwd: "/", mcpServers: [] });
  }
  private requireConnection(): acp.ClientSideConnection {
    if (${guard}) throw new Error("Native ACP connection is not initialized");
    return this.connection!;
  }
`,
  );
const SUBPROCESS_THROW = 'new Error("Native ACP connection is not initialized")';

/**
 * A client's wrapper (Joknem/acp-agent-bridge's shape): public `newSession` and `prompt` drive a ClientSideConnection,
 * its `initialize` is private, and its own guard throws "connection is not initialized" before anything is sent.
 */
const CLIENT_WRAPPER = `import * as acp from "@agentclientprotocol/sdk";
declare const stream: acp.Stream;
export class AgentClient {
  private connection?: acp.ClientSideConnection;
  async newSession(cwd: string) {
    await this.initialize();
    return this.requireConnection().newSession({ cwd, mcpServers: [] });
  }
  async prompt(sessionId: string, text: string) {
    return this.requireConnection().prompt({ sessionId, prompt: [{ type: "text", text }] });
  }
  private async initialize() {
    this.connection = new acp.ClientSideConnection(() => this.handler(), stream);
    await this.connection.initialize({ protocolVersion: acp.PROTOCOL_VERSION });
  }
  private handler(): acp.Client {
    return { requestPermission: async () => ({ outcome: { outcome: "cancelled" } }), sessionUpdate: async () => {} };
  }
  private requireConnection() {
    if (!this.connection) throw new Error("ACP agent connection is not initialized");
    return this.connection;
  }
}`;

const valid: Valid[] = [
  { name: "a client's wrapper shaped like an agent but for its private initialize: its own guard answers no request", code: CLIENT_WRAPPER },
  { name: "a plain Error about something else that is not initialized (a session)", code: LEGACY_FLAG('if (!this.ready) throw new Error("session store is not initialized");') },
  {
    name: "a plain Error of a connection the agent opens itself, guarded by state its initialize does not write",
    code: SUBPROCESS_CONNECTION("!this.connection"),
  },
  {
    name: "a plain Error in hand-rolled dispatch: what goes out is the dispatcher's",
    code: FRONT_DOOR('{ code: -32600, message: "Invalid request" }').replace("if (!initialized && msg.id !== undefined) {", 'if (!initialized && msg.id !== undefined) {\n    if (msg.method === "session/new") throw new Error("initialize must be called first");'),
  },
  { name: "a front door answering -32600 with the reason in data.details", code: FRONT_DOOR('{ code: -32600, message: "Invalid request", data: { details: "connection is not initialized yet" } }') },
  { name: "two-argument initialize with methods.agent.initialize", code: `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
${NEW}` },
  { name: "initialize registered on the app under as", code: `${SDK}export const app = agent({ name: "a" });
(app as typeof app).onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
${NEW}` },
  { name: "two-argument initialize with the wire string", code: `${SDK}export const app = agent({ name: "a" });
app.onRequest("initialize", () => ({ protocolVersion: 1 }));
${NEW}` },
  { name: "two-argument initialize with AGENT_METHODS.initialize, chained", code: `${SDK}export const app = agent({ name: "a" })
  .onRequest(AGENT_METHODS.initialize, () => ({ protocolVersion: 1 }))
  .onRequest(methods.agent.session.new, () => ({ sessionId: "s" }));` },
  { name: "initialize registered by a function in another file", code: `${SDK}import { registerInitialize } from "./init.js";
export const app = agent({ name: "a" });
registerInitialize(app);
${NEW}` },
  { name: "app assigned to something other than a const", code: `${SDK}let app = agent({ name: "a" });
${NEW}export function reset() { app = agent({ name: "b" }); }` },
  { name: "app built by a factory", code: `${SDK}import { makeApp } from "./factory.js";
export const app = makeApp();
${NEW}` },
  { name: "an app with notifications only", code: `${SDK}export const app = agent({ name: "a" });
app.onNotification(methods.agent.session.cancel, () => {});` },
  { name: "not initialized about a session", code: `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.prompt, () => { throw new RequestError(-32002, "Session not initialized"); });` },
  { name: "not initialized about a model, a terminal, a database", code: `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.prompt, () => { throw new RequestError(-32603, "Model not initialized"); });
app.onRequest(methods.agent.session.new, () => { throw new RequestError(-32603, "Database connection is not initialized"); });
app.onRequest(methods.agent.session.load, () => { throw new RequestError(-32603, "Terminal not initialized"); });` },
  { name: "not initialized answered with -32600", code: `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => { throw new RequestError(-32600, "Connection not initialized"); });` },
  { name: "not initialized as invalidRequest", code: `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => { throw RequestError.invalidRequest(undefined, "Agent not initialized"); });` },
  { name: "a factory whose message does not resolve", code: `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
export function fail(why: string) { return RequestError.internalError(undefined, why); }
app.onRequest(methods.agent.session.new, () => { throw fail("x"); });` },
  { name: "a legacy class with an init flag (legacyAgents on)", options: [{ legacyAgents: true }], code: `import type { Agent } from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
export class A implements Agent {
  private initialized = false;
  async initialize() { this.initialized = true; return { protocolVersion: 1 }; }
  async newSession() { if (!this.initialized) throw RequestError.invalidRequest(); return { sessionId: "s" }; }
}` },
  { name: "a client-side decorator whose initialize forwards to another agent (legacyAgents on)", options: [{ legacyAgents: true }], code: `import type { Agent, InitializeRequest, InitializeResponse, NewSessionRequest, NewSessionResponse,
  PromptRequest, PromptResponse, CancelNotification, AuthenticateRequest } from "@agentclientprotocol/sdk";
export class ListeningAgent implements Agent {
  constructor(private readonly agent: Agent, private readonly onCall: (m: string) => void) {}
  async initialize(p: InitializeRequest): Promise<InitializeResponse> { this.onCall("initialize"); return this.agent.initialize(p); }
  async newSession(p: NewSessionRequest): Promise<NewSessionResponse> { return this.agent.newSession(p); }
  async authenticate(p: AuthenticateRequest) { return this.agent.authenticate(p); }
  async prompt(p: PromptRequest): Promise<PromptResponse> { return this.agent.prompt(p); }
  async cancel(p: CancelNotification): Promise<void> { return this.agent.cancel(p); }
}` },
  { name: "a decorator that awaits the forwarded initialize (legacyAgents on)", options: [{ legacyAgents: true }], code: `import type { Agent, InitializeRequest } from "@agentclientprotocol/sdk";
export class Logged implements Agent {
  constructor(private readonly inner: Agent) {}
  async initialize(p: InitializeRequest) { console.log(p); return await this.inner.initialize(p); }
  async newSession() { return { sessionId: "s" }; }
}` },
  { name: "a decorator whose initialize forwards through a queue that runs it (legacyAgents on)", options: [{ legacyAgents: true }], code: `import type { Agent, InitializeRequest } from "@agentclientprotocol/sdk";
function enqueue<T>(task: () => T): T {
  return task();
}
export class Queued implements Agent {
  constructor(private readonly inner: Agent) {}
  async initialize(p: InitializeRequest) { return enqueue(async () => { console.log(p); return await this.inner.initialize(p); }); }
  async newSession() { return { sessionId: "s" }; }
}` },
  { name: "a private check whose call the handler catches", code: HELPER_GATE.replace("    this.assertReady();\n    return { sessionId: \"s\" };", "    try {\n      this.assertReady();\n    } catch {\n      throw acp.RequestError.invalidRequest();\n    }\n    return { sessionId: \"s\" };").replace("  async loadSession(): Promise<acp.LoadSessionResponse> {\n    this.assertReady();\n    return {};\n  }\n", "") },
  { name: "a legacy class without a flag, option off", code: `import type { Agent } from "@agentclientprotocol/sdk";
export class A implements Agent {
  async initialize() { return { protocolVersion: 1 }; }
  async newSession() { return { sessionId: "s" }; }
}` },
];

const ungated = (code: string): Invalid["errors"][number] => ({ messageId: "ungatedApp", ...at(code, 'agent({ name: "a" })') });

function invalid(name: string, code: string, errors: (code: string) => Invalid["errors"], extra: Partial<Invalid> = {}): Invalid {
  return { name, code, errors: errors(code), ...extra };
}

const notInit = `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => { throw new RequestError(-32002, "Server not initialized"); });`;

const NOT_INIT_NEW = 'new RequestError(-32002, "Server not initialized")';
const NOT_INIT_FIX = 'RequestError.invalidRequest(undefined, "Server not initialized")';


const invalidCases: Invalid[] = [
  invalid("the same check guarded by a flag the agent's initialize writes", SUBPROCESS_CONNECTION("!this.ready"), (c) => [
    {
      messageId: "plainError",
      ...at(c, SUBPROCESS_THROW),
      suggestions: [{ messageId: "useInvalidRequest", output: c.replace(SUBPROCESS_THROW, 'acp.RequestError.invalidRequest(undefined, "Native ACP connection is not initialized")') }],
    },
  ]),
  invalid("a private check both session handlers call, reported once where it throws", HELPER_GATE, (c) => [
    {
      messageId: "plainError",
      ...at(c, HELPER_GATE_THROW),
      suggestions: [{ messageId: "useInvalidRequest", output: c.replace(HELPER_GATE_THROW, 'acp.RequestError.invalidRequest(undefined, "ACP initialize() must complete before creating sessions.")') }],
    },
  ]),
  ((c) => ({
    name: "a plain Error with a passive wording, thrown from a legacy handler: sent as -32603",
    code: c,
    errors: [
      {
        messageId: "plainError" as const,
        ...at(c, 'new Error("initialize must be called before any other request")'),
        suggestions: [{ messageId: "useInvalidRequest" as const, output: c.replace('new Error("initialize must be called before any other request")', 'acp.RequestError.invalidRequest(undefined, "initialize must be called before any other request")') }],
      },
    ],
  }))(LEGACY_FLAG('if (!this.ready) throw new Error("initialize must be called before any other request");')),
  ((c) => ({
    name: "the reason in data.details of a front door that names only initialize",
    code: c,
    errors: [{ messageId: "wrongCode" as const, data: { code: "-32603" }, ...at(c, "-32603"), suggestions: [{ messageId: "useInvalidRequest" as const, output: c.replace("-32603", "-32600") }] }],
  }))(FRONT_DOOR('{ code: -32603, message: "Request rejected", data: { details: "connection is not initialized yet" } }')),
  invalid("no initialize handler", `${SDK}export const app = agent({ name: "a" });
${NEW}`, (c) => [ungated(c)]),
  invalid("only the three-argument initialize form", `${SDK}import { z } from "zod";
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, z.object({}), () => ({ protocolVersion: 1 }));
${NEW}`, (c) => [ungated(c)]),
  invalid("only a * fallback", `${SDK}export const app = agent({ name: "a" });
app.onRequest("*", () => ({}));
${NEW}`, (c) => [ungated(c)]),
  invalid("no initialize handler, the app held under a <T> assertion", `${SDK}type App = ReturnType<typeof agent>;
export const app = <App>agent({ name: "a" });
${NEW}`, (c) => [ungated(c)]),
  invalid("no initialize handler, registrations made on the app under as", `${SDK}export const app = agent({ name: "a" });
(app as typeof app).onRequest(methods.agent.session.new, () => ({ sessionId: "s" }));`, (c) => [ungated(c)]),
  invalid("a chained app without initialize, the app under as", `${SDK}export const app = (agent({ name: "a" }) as ReturnType<typeof agent>).onRequest(methods.agent.session.new, () => ({ sessionId: "s" }));`, (c) => [ungated(c)]),
  invalid("a chained app without initialize", `${SDK}export const app = agent({ name: "a" }).onRequest(methods.agent.session.new, () => ({ sessionId: "s" }));`, (c) => [ungated(c)]),
  invalid("protocol version 2", `${SDK}export const app = agent({ name: "a" });
${NEW}`, (c) => [{ ...ungated(c), messageId: "ungatedAppV2" }], { settings: V2 }),
  invalid("LSP's -32002 Server not initialized", notInit, (c) => [{
    messageId: "wrongCode", ...at(c, "-32002"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace(NOT_INIT_NEW, NOT_INIT_FIX) }],
  }]),
  invalid("a factory of another code with a not-initialized message", `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => { throw RequestError.internalError(undefined, "Connection not initialized"); });`, (c) => [{
    messageId: "wrongCode", data: { code: "internalError() (-32603)" }, ...at(c, 'RequestError.internalError(undefined, "Connection not initialized")'),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace("RequestError.internalError(", "RequestError.invalidRequest(") }],
  }]),
  invalid("a factory with data and a resolved message constant", `${SDK}const NOT_READY = "Agent not initialized";
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => { throw RequestError.authRequired({ retry: true }, NOT_READY); });`, (c) => [{
    messageId: "wrongCode", ...at(c, "RequestError.authRequired({ retry: true }, NOT_READY)"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace("RequestError.authRequired(", "RequestError.invalidRequest(") }],
  }]),
  invalid("an aliased import, with data", `import { agent, methods, RequestError as RpcError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => { throw new RpcError(-32002, "Server not initialized", { method: "session/new" }); });`, (c) => [{
    messageId: "wrongCode", ...at(c, "-32002"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace('new RpcError(-32002, "Server not initialized", { method: "session/new" })', 'RpcError.invalidRequest({ method: "session/new" }, "Server not initialized")') }],
  }]),
  invalid("a namespace import", `import * as acp from "@agentclientprotocol/sdk";
export const app = acp.agent({ name: "a" });
app.onRequest(acp.methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(acp.methods.agent.session.new, () => { throw new acp.RequestError(-32002, "Server not initialized"); });`, (c) => [{
    messageId: "wrongCode", ...at(c, "-32002"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace('new acp.RequestError(-32002, "Server not initialized")', 'acp.RequestError.invalidRequest(undefined, "Server not initialized")') }],
  }]),
  invalid("must initialize first, as an object literal", `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => { throw { code: -32603, message: "Client must call initialize first" }; });`, (c) => [{
    messageId: "wrongCode", ...at(c, "-32603"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace("-32603", "-32600") }],
  }]),
  invalid("a RequestError of another code, has not been initialized yet", `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => { throw new RequestError(-32603, "Agent has not been initialized yet"); });`, (c) => [{
    messageId: "wrongCode", ...at(c, "-32603"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace('new RequestError(-32603, "Agent has not been initialized yet")', 'RequestError.invalidRequest(undefined, "Agent has not been initialized yet")') }],
  }]),
  invalid("v2 says MUST", notInit, (c) => [{
    messageId: "wrongCodeV2", ...at(c, "-32002"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace(NOT_INIT_NEW, NOT_INIT_FIX) }],
  }], { settings: V2 }),
  invalid("a hand-rolled dispatcher's gate", `export class Server {
  private initialized = false;
  handle(msg: { id: number; method: string }) {
    if (!this.initialized && msg.method !== "initialize") return { jsonrpc: "2.0", id: msg.id, error: { code: -32002, message: "Server not initialized" } };
    switch (msg.method) {
      case "initialize": this.initialized = true; return { jsonrpc: "2.0", id: msg.id, result: { protocolVersion: 1 } };
      case "session/new": return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };
    }
    return undefined;
  }
}`, (c) => [{ messageId: "wrongCode", ...at(c, "-32002"), suggestions: [{ messageId: "useInvalidRequest", output: c.replace("-32002", "-32600") }] }]),
  invalid("a legacy class without an init flag, legacyAgents", `import type { Agent } from "@agentclientprotocol/sdk";
export class A implements Agent {
  async initialize() { return { protocolVersion: 1 }; }
  async newSession() { return { sessionId: "s" }; }
}`, (c) => [{ messageId: "ungatedLegacy", ...at(c, "A", 1) }], { options: [{ legacyAgents: true }] }),
  invalid("a legacy class whose initialize initializes a store and answers itself, legacyAgents", `import type { Agent } from "@agentclientprotocol/sdk";
export class A implements Agent {
  constructor(private readonly store: { initialize(): Promise<void> }) {}
  async initialize() { await this.store.initialize(); return { protocolVersion: 1 }; }
  async newSession() { return { sessionId: "s" }; }
}`, (c) => [{ messageId: "ungatedLegacy", ...at(c, "A", 1) }], { options: [{ legacyAgents: true }] }),
  invalid("a legacy class whose queued initialize initializes a store and answers itself, legacyAgents", `import type { Agent } from "@agentclientprotocol/sdk";
function enqueue<T>(task: () => T): T {
  return task();
}
export class A implements Agent {
  constructor(private readonly store: { initialize(): Promise<void> }) {}
  async initialize() { return enqueue(async () => { await this.store.initialize(); return { protocolVersion: 1 }; }); }
  async newSession() { return { sessionId: "s" }; }
}`, (c) => [{ messageId: "ungatedLegacy", ...at(c, "A", 1) }], { options: [{ legacyAgents: true }] }),
];

/** A hand-rolled dispatcher whose gate (before the switch) is `guard`, answering `answer`. */
const dispatcher = (guard: string, answer: string, prefix = "") => `${prefix}export class Server {
  private initialized = false;
  private ready = false;
  private authenticated = false;
  handle(msg: { id: number; method: string }) {
    if (${guard}) return { jsonrpc: "2.0", id: msg.id, error: ${answer} };
    switch (msg.method) {
      case "initialize": this.initialized = true; this.ready = true; return { jsonrpc: "2.0", id: msg.id, result: { protocolVersion: 1 } };
      case "session/new": return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };
    }
    return undefined;
  }
}`;
const WAIT = '{ code: -32000, message: "Please wait" }';

/** An SDK app whose initialize handler guards a second initialize with its own flag. */
const repeated = (thrown: string) => `${SDK}let initialized = false;
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => {
  if (initialized) throw ${thrown};
  initialized = true;
  return { protocolVersion: 1 };
});
${NEW}`;
const ALREADY = 'new RequestError(-32603, "Already initialized")';

valid.push(
  { name: "a guard-found gate answering -32600", code: dispatcher('!this.initialized && msg.method !== "initialize"', '{ code: -32600, message: "Please wait" }') },
  { name: "a flag about something else (authentication) before initialize", code: dispatcher('!this.authenticated && msg.method !== "initialize"', WAIT) },
  { name: "an initialization flag paired with another method", code: dispatcher('!this.initialized && msg.method !== "authenticate"', WAIT) },
  { name: "a negated flag without a test against initialize", code: dispatcher("!this.ready", WAIT) },
  { name: "v1: a repeated initialize answered with another code", code: repeated(ALREADY) },
  { name: "v1: a dispatcher answering a repeated initialize with -32002", code: dispatcher('this.initialized && msg.method === "initialize"', '{ code: -32002, message: "Already initialized" }') },
  { name: "v2: a repeated initialize answered with -32600", settings: V2, code: repeated('RequestError.invalidRequest(undefined, "Already initialized")') },
  { name: "v2: an initialize handler's error guarded by another flag", settings: V2, code: repeated(ALREADY).replace("if (initialized)", "if (process.env.BUSY)") },
);

invalidCases.push(
  // -32000 for "Please wait" is no bare ACP code prefer-error-factory reports: a bare -32600 in its place would be its next finding.
  invalid("a hand-rolled gate found by its guard, this.initialized", dispatcher('!this.initialized && msg.method !== "initialize"', WAIT), (c) => [{
    messageId: "wrongCode", data: { code: "-32000" }, ...at(c, "-32000"),
    suggestions: [],
  }]),
  invalid("a gate with !this.ready and the method on the left: a bare ACP code becomes the bare -32600", dispatcher('"initialize" !== msg.method && !this.ready', '{ code: -32603, message: "Please wait" }'), (c) => [{
    messageId: "wrongCode", ...at(c, "-32603"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace("-32603", "-32600") }],
  }]),
  invalid("a hand-rolled gate naming its codes in a table: the suggestion names -32600 from it", `const Codes = { InvalidRequest: -32600, Busy: -32603 } as const;\n${dispatcher("!this.initialized && msg.method !== \"initialize\"", '{ code: Codes.Busy, message: "Please wait" }')}`, (c) => [{
    messageId: "wrongCode", ...at(c, "Codes.Busy"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace("code: Codes.Busy", "code: Codes.InvalidRequest") }],
  }]),
  (() => {
    const code = `${SDK}let initialized = false;
const state = { ready: false };
export function route(method: string) {
  if (!state.ready && method !== methods.agent.initialize) throw new RequestError(-32603, "Please wait");
  if (!initialized && method !== "initialize") throw new RequestError(-32002, "Not yet");
  switch (method) {
    case "initialize": initialized = true; state.ready = true; return { protocolVersion: 1 };
    case "session/new": return { sessionId: "s" };
  }
  return undefined;
}`;
    return invalid("a function dispatcher with a module flag and state.ready, SDK errors", code, (c) => [
      { messageId: "wrongCodeV2", ...at(c, "-32603"), suggestions: [{ messageId: "useInvalidRequest", output: c.replace('new RequestError(-32603, "Please wait")', 'RequestError.invalidRequest(undefined, "Please wait")') }] },
      { messageId: "wrongCodeV2", ...at(c, "-32002"), suggestions: [{ messageId: "useInvalidRequest", output: c.replace('new RequestError(-32002, "Not yet")', 'RequestError.invalidRequest(undefined, "Not yet")') }] },
    ], { settings: V2 });
  })(),
  invalid("v2: a repeated initialize answered with another code", repeated(ALREADY), (c) => [{
    messageId: "repeatedInitialize", data: { code: "-32603" }, ...at(c, "-32603"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace(ALREADY, 'RequestError.invalidRequest(undefined, "Already initialized")') }],
  }], { settings: V2 }),
  invalid("v2: a dispatcher answering a repeated initialize with -32002", dispatcher('this.initialized && msg.method === "initialize"', '{ code: -32002, message: "Already initialized" }'), (c) => [{
    messageId: "repeatedInitialize", ...at(c, "-32002"),
    suggestions: [{ messageId: "useInvalidRequest", output: c.replace("-32002", "-32600") }],
  }], { settings: V2 }),
);

untypedTester().run("require-initialize-gate", rule, { valid, invalid: invalidCases });

typedTester().run("require-initialize-gate (typed)", rule, {
  valid: valid.slice(0, 3).map((v) => ({ ...v, name: `typed: ${v.name}`, filename: typedFile })),
  invalid: invalidCases.slice(0, 2).map((c) => ({ ...c, name: `typed: ${c.name}`, filename: typedFile })),
});

// A name that shadows the import is not the SDK's RequestError: what a parameter constructs is unknown, so its code
// is no fact.
untypedTester().run("require-initialize-gate (a name that shadows the import)", rule, {
  valid: [
    {
      name: "a parameter named RequestError",
      code: `${SDK}export function mount(RequestError: new (code: number, message: string) => Error) {
  const app = agent({ name: "a" });
  app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }), () => ({}));
  app.onRequest(methods.agent.session.new, () => { throw new RequestError(-32002, "Server not initialized"); });
  return app;
}`,
    },
  ],
  invalid: [],
});
