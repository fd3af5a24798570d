import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/no-request-for-notification.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

const CLIENT = `import { client, agent, methods, AGENT_METHODS } from "@agentclientprotocol/sdk";
export const editor = client({ name: "editor" });
export const app = agent({ name: "dev-agent" });
`;

/** A client workflow in `connectWith`, its body given. */
const drive = (body: string) => `${CLIENT}export async function drive(stream: Parameters<typeof editor.connectWith>[0]) {
  await editor.connectWith(stream, async (ctx) => {
${body}
  });
}`;

const report = (messageId: MessageIds, code: string, text: string, data: Record<string, string>, suggestion?: string): Report => ({
  messageId,
  data,
  ...at(code, text),
  suggestions: suggestion === undefined ? [] : [{ messageId: messageId.startsWith("envelope") ? "removeId" : "useCounterpart", data: messageId.startsWith("envelope") ? undefined : data, output: suggestion }],
});

const asRequest = (method: string) => ({ method, call: "request()", counterpart: "notify()" });
const asNotify = (method: string) => ({ method, call: "notify()", counterpart: "request()" });

function sdkCase(name: string, body: string, text: string, messageId: MessageIds, data: Record<string, string>, fixed?: string, extra: Partial<Invalid> = {}): Invalid {
  const code = drive(body);
  return { name, code, errors: [report(messageId, code, text, data, fixed === undefined ? undefined : drive(fixed))], ...extra };
}

const sdkInvalid: Invalid[] = [
  sdkCase(
    "SDK client: ctx.request of the wire string session/cancel (lifecycle.ts)",
    `    await ctx.request("session/cancel", { sessionId: "s" });`,
    `ctx.request("session/cancel", { sessionId: "s" })`,
    "requestForNotification",
    asRequest("session/cancel"),
    `    await ctx.notify("session/cancel", { sessionId: "s" });`,
  ),
  sdkCase(
    "SDK client: ctx.request of methods.agent.session.cancel",
    `    await ctx.request(methods.agent.session.cancel, { sessionId: "s" });`,
    `ctx.request(methods.agent.session.cancel, { sessionId: "s" })`,
    "requestForNotification",
    asRequest("session/cancel"),
    `    await ctx.notify(methods.agent.session.cancel, { sessionId: "s" });`,
  ),
  sdkCase(
    "SDK client: ctx.request of AGENT_METHODS.session_cancel, not awaited",
    `    void ctx.request(AGENT_METHODS.session_cancel, { sessionId: "s" });`,
    `ctx.request(AGENT_METHODS.session_cancel, { sessionId: "s" })`,
    "requestForNotification",
    asRequest("session/cancel"),
    `    void ctx.notify(AGENT_METHODS.session_cancel, { sessionId: "s" });`,
  ),
  sdkCase(
    "SDK client: a constant holding the wire name",
    `    const CANCEL = "session/cancel";
    await ctx.request(CANCEL, { sessionId: "s" });`,
    `ctx.request(CANCEL, { sessionId: "s" })`,
    "requestForNotification",
    asRequest("session/cancel"),
    `    const CANCEL = "session/cancel";
    await ctx.notify(CANCEL, { sessionId: "s" });`,
  ),
  sdkCase(
    "SDK client: ctx.notify of session/prompt",
    `    await ctx.notify(methods.agent.session.prompt, { sessionId: "s", prompt: [] });`,
    `ctx.notify(methods.agent.session.prompt, { sessionId: "s", prompt: [] })`,
    "notificationForRequest",
    asNotify("session/prompt"),
    `    await ctx.request(methods.agent.session.prompt, { sessionId: "s", prompt: [] });`,
  ),
  sdkCase(
    "SDK client: the result of the request is used: no suggestion",
    `    const done = await ctx.request("session/cancel", { sessionId: "s" });
    console.log(done);`,
    `ctx.request("session/cancel", { sessionId: "s" })`,
    "requestForNotification",
    asRequest("session/cancel"),
  ),
  sdkCase(
    "SDK client: request options have no place in notify: no suggestion",
    `    await ctx.request("session/cancel", { sessionId: "s" }, { signal: AbortSignal.timeout(5) });`,
    `ctx.request("session/cancel", { sessionId: "s" }, { signal: AbortSignal.timeout(5) })`,
    "requestForNotification",
    asRequest("session/cancel"),
  ),
  sdkCase(
    "SDK client: $/cancel_request sent as a request",
    `    await ctx.request("$/cancel_request", { requestId: 1 });`,
    `ctx.request("$/cancel_request", { requestId: 1 })`,
    "requestForNotification",
    asRequest("$/cancel_request"),
    `    await ctx.notify("$/cancel_request", { requestId: 1 });`,
  ),
];

function agentCase(name: string, code: string, text: string, messageId: MessageIds, data: Record<string, string>, fixed?: string): Invalid {
  return { name, code, errors: [report(messageId, code, text, data, fixed)] };
}

const handlerInvalid: Invalid[] = [
  agentCase(
    "SDK agent handler: ctx.client.request of session/update",
    `${CLIENT}app.onRequest(methods.agent.session.prompt, async (ctx) => {
  await ctx.client.request("session/update", { sessionId: ctx.params.sessionId, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } } });
  return { stopReason: "end_turn" };
});`,
    `ctx.client.request("session/update", { sessionId: ctx.params.sessionId, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } } })`,
    "requestForNotification",
    asRequest("session/update"),
    `${CLIENT}app.onRequest(methods.agent.session.prompt, async (ctx) => {
  await ctx.client.notify("session/update", { sessionId: ctx.params.sessionId, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } } });
  return { stopReason: "end_turn" };
});`,
  ),
  agentCase(
    "SDK agent handler: a destructured client notifies fs/read_text_file",
    `${CLIENT}app.onRequest(methods.agent.session.prompt, async ({ client, params }) => {
  await client.notify(methods.client.fs.readTextFile, { sessionId: params.sessionId, path: "/a" });
  return { stopReason: "end_turn" };
});`,
    `client.notify(methods.client.fs.readTextFile, { sessionId: params.sessionId, path: "/a" })`,
    "notificationForRequest",
    asNotify("fs/read_text_file"),
    `${CLIENT}app.onRequest(methods.agent.session.prompt, async ({ client, params }) => {
  await client.request(methods.client.fs.readTextFile, { sessionId: params.sessionId, path: "/a" });
  return { stopReason: "end_turn" };
});`,
  ),
  agentCase(
    "SDK client handler: ctx.agent.request of session/cancel",
    `${CLIENT}editor.onRequest(methods.client.session.requestPermission, async (ctx) => {
  await ctx.agent.request(methods.agent.session.cancel, { sessionId: ctx.params.sessionId });
  return { outcome: { outcome: "cancelled" } };
});`,
    `ctx.agent.request(methods.agent.session.cancel, { sessionId: ctx.params.sessionId })`,
    "requestForNotification",
    asRequest("session/cancel"),
    `${CLIENT}editor.onRequest(methods.client.session.requestPermission, async (ctx) => {
  await ctx.agent.notify(methods.agent.session.cancel, { sessionId: ctx.params.sessionId });
  return { outcome: { outcome: "cancelled" } };
});`,
  ),
  agentCase(
    "SDK agent fallback: onRequest('*') context's client",
    `${CLIENT}app.onRequest("*", async ({ client }) => {
  await client.request("session/update", { sessionId: "s" });
  throw new Error("unknown");
});`,
    `client.request("session/update", { sessionId: "s" })`,
    "requestForNotification",
    asRequest("session/update"),
    `${CLIENT}app.onRequest("*", async ({ client }) => {
  await client.notify("session/update", { sessionId: "s" });
  throw new Error("unknown");
});`,
  ),
  agentCase(
    "SDK: the agent of app.connect(stream)",
    `${CLIENT}export function open(stream: Parameters<typeof editor.connect>[0]) {
  const conn = editor.connect(stream);
  conn.agent.request("session/cancel", { sessionId: "s" });
}`,
    `conn.agent.request("session/cancel", { sessionId: "s" })`,
    "requestForNotification",
    asRequest("session/cancel"),
    `${CLIENT}export function open(stream: Parameters<typeof editor.connect>[0]) {
  const conn = editor.connect(stream);
  conn.agent.notify("session/cancel", { sessionId: "s" });
}`,
  ),
];

const LEGACY = `import { AgentSideConnection, ClientSideConnection } from "@agentclientprotocol/sdk";
declare const stream: ConstructorParameters<typeof AgentSideConnection>[1];
`;

const legacyInvalid: Invalid[] = [
  agentCase(
    "legacy: extMethod of session/update on an AgentSideConnection",
    `${LEGACY}const conn = new AgentSideConnection(() => ({}) as never, stream);
export async function tell() {
  await conn.extMethod("session/update", { sessionId: "s" });
}`,
    `conn.extMethod("session/update", { sessionId: "s" })`,
    "requestForNotification",
    { method: "session/update", call: "extMethod()", counterpart: "extNotification()" },
    `${LEGACY}const conn = new AgentSideConnection(() => ({}) as never, stream);
export async function tell() {
  await conn.extNotification("session/update", { sessionId: "s" });
}`,
  ),
  agentCase(
    "legacy: extNotification of session/prompt on a ClientSideConnection",
    `${LEGACY}const conn = new ClientSideConnection(() => ({}) as never, stream);
export async function ask() {
  await conn.extNotification("session/prompt", { sessionId: "s", prompt: [] });
}`,
    `conn.extNotification("session/prompt", { sessionId: "s", prompt: [] })`,
    "notificationForRequest",
    { method: "session/prompt", call: "extNotification()", counterpart: "extMethod()" },
    `${LEGACY}const conn = new ClientSideConnection(() => ({}) as never, stream);
export async function ask() {
  await conn.extMethod("session/prompt", { sessionId: "s", prompt: [] });
}`,
  ),
  agentCase(
    "legacy: request of session/cancel on a ClientSideConnection",
    `${LEGACY}const conn = new ClientSideConnection(() => ({}) as never, stream);
export async function stop() {
  await conn.request("session/cancel", { sessionId: "s" });
}`,
    `conn.request("session/cancel", { sessionId: "s" })`,
    "requestForNotification",
    asRequest("session/cancel"),
    `${LEGACY}const conn = new ClientSideConnection(() => ({}) as never, stream);
export async function stop() {
  await conn.notify("session/cancel", { sessionId: "s" });
}`,
  ),
];

/** A connection no construction in the file shows: only its declared type says what it is. */
const DECLARED = `import type { AgentSideConnection } from "@agentclientprotocol/sdk";
`;

/** A class holding the connection in a field typed so, set from its constructor; `send` is its call. */
const fieldBridge = (send: string) => `${DECLARED}export class Bridge {
  private readonly connection: AgentSideConnection;
  constructor(connection: AgentSideConnection) {
    this.connection = connection;
  }
  async ask() {
    await this.connection.${send}("session/request_permission", { sessionId: "s" });
  }
}`;
/** A class holding the connection as a parameter property. */
const propertyBridge = (send: string) => `${DECLARED}export class Bridge {
  constructor(private readonly connection: AgentSideConnection) {}
  async tell() {
    await this.connection.${send}("session/update", { sessionId: "s" });
  }
}`;
/** A middleware destructuring the connection from its config, whose interface types the member. */
const middleware = (send: string) => `${DECLARED}interface PermissionConfig {
  /** The connection to the client. */
  transport: AgentSideConnection;
  timeoutMs?: number;
}
export function permissionMiddleware(config: PermissionConfig) {
  const { transport } = config;
  return async (sessionId: string) => {
    await transport.${send}("session/request_permission", { sessionId });
  };
}`;
/** A member of an object type read as `config.transport`, beside a parameter destructured in place. */
const optionsMember = (send: string) => `${DECLARED}type Options = { transport: AgentSideConnection | undefined };
export async function tell(config: Options, { transport: other }: Options) {
  await config.transport!.${send}("session/update", { sessionId: "s" });
  await other.notify("session/update", { sessionId: "s" });
}`;

const declaredInvalid: Invalid[] = [
  agentCase(
    "declared: a field typed AgentSideConnection, set from the constructor's parameter (this.connection)",
    fieldBridge("extNotification"),
    `this.connection.extNotification("session/request_permission", { sessionId: "s" })`,
    "notificationForRequest",
    { method: "session/request_permission", call: "extNotification()", counterpart: "extMethod()" },
    fieldBridge("extMethod"),
  ),
  agentCase(
    "declared: a parameter property typed AgentSideConnection",
    propertyBridge("extMethod"),
    `this.connection.extMethod("session/update", { sessionId: "s" })`,
    "requestForNotification",
    { method: "session/update", call: "extMethod()", counterpart: "extNotification()" },
    propertyBridge("extNotification"),
  ),
  agentCase(
    "declared: destructured from a parameter whose interface types the member (a middleware's config.transport)",
    middleware("extNotification"),
    `transport.extNotification("session/request_permission", { sessionId })`,
    "notificationForRequest",
    { method: "session/request_permission", call: "extNotification()", counterpart: "extMethod()" },
    middleware("extMethod"),
  ),
  agentCase(
    "declared: a member of an object type read as config.transport, and a parameter destructured in place",
    optionsMember("extMethod"),
    `config.transport!.extMethod("session/update", { sessionId: "s" })`,
    "requestForNotification",
    { method: "session/update", call: "extMethod()", counterpart: "extNotification()" },
    optionsMember("extNotification"),
  ),
];

const declaredValid: Valid[] = [
  {
    name: "declared: a project class of the SDK's name (no import of it) is no connection",
    code: `class AgentSideConnection { async extNotification(method: string, params: unknown) { return [method, params]; } }
export class Bridge {
  constructor(private readonly connection: AgentSideConnection) {}
  async ask() {
    await this.connection.extNotification("session/request_permission", { sessionId: "s" });
  }
}`,
  },
  {
    name: "declared: a member typed as something else (the project's own transport)",
    code: `${DECLARED}interface Transport { extNotification(method: string, params: unknown): Promise<void> }
interface PermissionConfig { transport: Transport; connection?: AgentSideConnection }
export function permissionMiddleware(config: PermissionConfig) {
  const { transport } = config;
  return async (sessionId: string) => {
    await transport.extNotification("session/request_permission", { sessionId });
  };
}`,
  },
  {
    name: "declared: an untyped parameter says nothing",
    code: `${DECLARED}export async function ask(connection) {
  await connection.extNotification("session/request_permission", { sessionId: "s" });
}`,
  },
];

const JSONRPC = `import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
const connection = createMessageConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
`;

const jsonrpcInvalid: Invalid[] = [
  agentCase(
    "vscode-jsonrpc: sendRequest of session/cancel",
    `${JSONRPC}export async function stop() {
  await connection.sendRequest("session/cancel", { sessionId: "s" });
}`,
    `connection.sendRequest("session/cancel", { sessionId: "s" })`,
    "requestForNotification",
    { method: "session/cancel", call: "sendRequest()", counterpart: "sendNotification()" },
    `${JSONRPC}export async function stop() {
  await connection.sendNotification("session/cancel", { sessionId: "s" });
}`,
  ),
  agentCase(
    "vscode-jsonrpc: sendNotification of session/prompt",
    `${JSONRPC}export function ask() {
  void connection.sendNotification("session/prompt", { sessionId: "s", prompt: [] });
}`,
    `connection.sendNotification("session/prompt", { sessionId: "s", prompt: [] })`,
    "notificationForRequest",
    { method: "session/prompt", call: "sendNotification()", counterpart: "sendRequest()" },
    `${JSONRPC}export function ask() {
  void connection.sendRequest("session/prompt", { sessionId: "s", prompt: [] });
}`,
  ),
];

const ENVELOPE = `declare const socket: { send(data: string): void };
declare const stdout: { write(data: string): void };
`;

const envelopeInvalid: Invalid[] = [
  agentCase(
    "envelope: a notification with an id",
    `${ENVELOPE}socket.send(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "session/cancel", params: { sessionId: "s" } }));`,
    `id: 7`,
    "envelopeWithId",
    { method: "session/cancel" },
    `${ENVELOPE}socket.send(JSON.stringify({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId: "s" } }));`,
  ),
  agentCase(
    "envelope: a notification held in a variable, the id last",
    `${ENVELOPE}const message = { jsonrpc: "2.0", method: "session/update", params: { sessionId: "s" }, id: 3 };
stdout.write(JSON.stringify(message) + "\\n");`,
    `id: 3`,
    "envelopeWithId",
    { method: "session/update" },
    `${ENVELOPE}const message = { jsonrpc: "2.0", method: "session/update", params: { sessionId: "s" } };
stdout.write(JSON.stringify(message) + "\\n");`,
  ),
  {
    name: "envelope: a request without an id under a <T> assertion, stringified as it is",
    code: `${ENVELOPE}type Out = { jsonrpc: "2.0"; method: string; params: unknown };\nstdout.write(JSON.stringify(<Out>{ jsonrpc: "2.0", method: "session/prompt", params: { sessionId: "s", prompt: [] } }) + "\\n");`,
    errors: [
      {
        messageId: "envelopeWithoutId",
        data: { method: "session/prompt" },
        ...at(
          `${ENVELOPE}type Out = { jsonrpc: "2.0"; method: string; params: unknown };\nstdout.write(JSON.stringify(<Out>{ jsonrpc: "2.0", method: "session/prompt", params: { sessionId: "s", prompt: [] } }) + "\\n");`,
          `{ jsonrpc: "2.0", method: "session/prompt", params: { sessionId: "s", prompt: [] } }`,
        ),
      },
    ],
  },
  {
    name: "envelope: a request without an id stringified as it is",
    code: `${ENVELOPE}stdout.write(JSON.stringify({ jsonrpc: "2.0", method: "session/prompt", params: { sessionId: "s", prompt: [] } }) + "\\n");`,
    errors: [{ messageId: "envelopeWithoutId", data: { method: "session/prompt" }, ...at(`${ENVELOPE}stdout.write(JSON.stringify({ jsonrpc: "2.0", method: "session/prompt", params: { sessionId: "s", prompt: [] } }) + "\\n");`, `{ jsonrpc: "2.0", method: "session/prompt", params: { sessionId: "s", prompt: [] } }`) }],
  },
];

const valid: Valid[] = [
  { name: "SDK: notify for session/cancel", code: drive(`    await ctx.notify(methods.agent.session.cancel, { sessionId: "s" });`) },
  { name: "SDK: request for session/prompt", code: drive(`    await ctx.request(methods.agent.session.prompt, { sessionId: "s", prompt: [] });`) },
  { name: "SDK: the wire strings, each with its kind", code: drive(`    await ctx.request("session/new", { cwd: "/", mcpServers: [] });
    await ctx.notify("session/cancel", { sessionId: "s" });`) },
  { name: "SDK: a custom _ method as a request or a notification", code: drive(`    await ctx.request("_acme/cancel", {});
    await ctx.notify("_acme/prompt", {});`) },
  {
    name: "SDK: methods every object has (toString, valueOf, constructor) are no send calls, whatever they are given",
    code: drive(`    ctx.toString("session/cancel");
    ctx.valueOf("session/prompt");
    ctx.constructor("session/cancel");`),
  },
  { name: "SDK: a method that does not resolve", code: drive(`    const method = process.env.METHOD ?? "x";
    await ctx.request(method, {});`) },
  { name: "SDK: a client method sent to the agent is another rule's business (no agent method of that name)", code: drive(`    await ctx.request("session/update", {});`) },
  { name: "SDK: a client method constant sent to the agent goes the wrong way, not with the wrong call", code: drive(`    await ctx.request(methods.client.session.update, {});`) },
  {
    name: "SDK client handler: its agent notifies session/cancel",
    code: `${CLIENT}editor.onRequest(methods.client.session.requestPermission, async ({ agent, params }) => {
  await agent.notify(methods.agent.session.cancel, { sessionId: params.sessionId });
  return { outcome: { outcome: "cancelled" } };
});`,
  },
  {
    name: "HTTP client: .request('session/cancel') on a non-ACP object",
    code: `import got from "got";
const http = got.extend({ prefixUrl: "https://x" });
export async function stop() {
  await http.request("session/cancel", { method: "POST" });
}`,
  },
  {
    name: "custom RPC library: .request / .notify not tied to the SDK",
    code: `import { createRpc } from "./rpc.js";
const rpc = createRpc();
export async function go(ctx: { request(m: string, p: unknown): Promise<unknown> }) {
  await rpc.request("session/cancel", {});
  await rpc.notify("session/prompt", {});
  await ctx.request("session/cancel", {});
}`,
  },
  {
    name: "a parameter named ctx outside connectWith",
    code: `${CLIENT}export async function go(ctx: { request(m: string, p: unknown): Promise<unknown> }) {
  await ctx.request("session/cancel", {});
}`,
  },
  {
    name: "an agent handler's ctx.agent is no sender (agents have ctx.client)",
    code: `${CLIENT}app.onRequest(methods.agent.session.prompt, async (ctx) => {
  await (ctx as unknown as { agent: { request(m: string, p: unknown): Promise<unknown> } }).agent.request("session/cancel", {});
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "envelope: a notification without an id, a request with one",
    code: `${ENVELOPE}socket.send(JSON.stringify({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId: "s" } }));
socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "session/prompt", params: { sessionId: "s", prompt: [] } }));`,
  },
  {
    name: "envelope: completed with an id later (spread, Object.assign, a send helper)",
    code: `${ENVELOPE}let nextId = 0;
function request(message: { jsonrpc: "2.0"; method: string; params: unknown }) {
  socket.send(JSON.stringify({ ...message, id: nextId++ }));
}
request({ jsonrpc: "2.0", method: "session/prompt", params: { sessionId: "s", prompt: [] } });
const msg = { jsonrpc: "2.0", method: "session/new", params: {} };
socket.send(JSON.stringify(Object.assign(msg, { id: 2 })));
const pending = { jsonrpc: "2.0", method: "session/load", params: {} };
socket.send(JSON.stringify({ ...pending, id: 3 }));`,
  },
  {
    name: "envelope: id: undefined is dropped by JSON.stringify",
    code: `${ENVELOPE}socket.send(JSON.stringify({ jsonrpc: "2.0", id: undefined, method: "session/cancel", params: {} }));`,
  },
  {
    name: "envelope: a custom _ method, an unknown method, a response",
    code: `${ENVELOPE}socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "_acme/ping" }));
socket.send(JSON.stringify({ jsonrpc: "2.0", method: "textDocument/hover" }));
socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "session/cancel", result: {} }));`,
  },
  {
    name: "envelope: LSP's initialize without the SDK is not ACP's",
    code: `${ENVELOPE}socket.send(JSON.stringify({ jsonrpc: "2.0", method: "initialize", params: {} }));`,
  },
  {
    name: "vscode-jsonrpc: each method with its kind",
    code: `${JSONRPC}export async function go() {
  await connection.sendRequest("session/prompt", { sessionId: "s", prompt: [] });
  await connection.sendNotification("session/cancel", { sessionId: "s" });
}`,
  },
];

const v2: Invalid[] = [
  { ...sdkInvalid[0]!, name: "protocol v2: session/cancel is still a notification", settings: { acp: { protocolVersion: 2 } } },
  sdkCase(
    "protocol v2: tool_call/cancel, a v2-only request, sent as a notification",
    `    await ctx.notify("tool_call/cancel", { sessionId: "s", toolCallId: "t" });`,
    `ctx.notify("tool_call/cancel", { sessionId: "s", toolCallId: "t" })`,
    "notificationForRequest",
    asNotify("tool_call/cancel"),
    `    await ctx.request("tool_call/cancel", { sessionId: "s", toolCallId: "t" });`,
    { settings: { acp: { protocolVersion: 2 } } },
  ),
  sdkCase(
    "protocol v2: terminal/cancel sent as a notification",
    `    await ctx.notify("terminal/cancel", { sessionId: "s", terminalId: "t" });`,
    `ctx.notify("terminal/cancel", { sessionId: "s", terminalId: "t" })`,
    "notificationForRequest",
    asNotify("terminal/cancel"),
    `    await ctx.request("terminal/cancel", { sessionId: "s", terminalId: "t" });`,
    { settings: { acp: { protocolVersion: 2 } } },
  ),
];

const v2Valid: Valid[] = [
  {
    name: "protocol v2: a v1-only method (session/set_mode) is not judged",
    code: drive(`    await ctx.notify("session/set_mode", { sessionId: "s", modeId: "m" });`),
    settings: { acp: { protocolVersion: 2 } },
  },
  {
    name: "protocol v1: tool_call/cancel (v2 only) is not judged",
    code: drive(`    await ctx.notify("tool_call/cancel", { sessionId: "s", toolCallId: "t" });`),
  },
];

untypedTester().run("no-request-for-notification", rule, {
  valid: [...valid, ...v2Valid, ...declaredValid],
  invalid: [...sdkInvalid, ...handlerInvalid, ...legacyInvalid, ...declaredInvalid, ...jsonrpcInvalid, ...envelopeInvalid, ...v2],
});

typedTester().run("no-request-for-notification (typed)", rule, {
  valid: [
    ...valid.slice(0, 3).map((v) => ({ ...v, name: `typed: ${v.name}`, filename: typedFile })),
    {
      name: "typed: a look-alike type with request()",
      filename: typedFile,
      code: `interface Rpc { request(m: string, p: unknown): Promise<unknown> }
export async function go(ctx: Rpc) { await ctx.request("session/cancel", {}); }`,
    },
  ],
  invalid: [
    ...sdkInvalid.slice(0, 2).map((c) => ({ ...c, name: `typed: ${c.name}`, filename: typedFile })),
    (() => {
      const code = `import type { ClientContext } from "@agentclientprotocol/sdk";
export async function stop(agentCtx: ClientContext) {
  await agentCtx.request("session/cancel", { sessionId: "s" });
}`;
      return {
        name: "typed: a ClientContext parameter of a helper in another function",
        filename: typedFile,
        code,
        errors: [report("requestForNotification", code, `agentCtx.request("session/cancel", { sessionId: "s" })`, asRequest("session/cancel"), code.replace("agentCtx.request(", "agentCtx.notify("))],
      };
    })(),
    (() => {
      const code = `import type { MessageConnection } from "vscode-jsonrpc";
export async function stop(connection: MessageConnection) {
  await connection.sendRequest("session/cancel", { sessionId: "s" });
}`;
      return {
        name: "typed: a MessageConnection parameter",
        filename: typedFile,
        code,
        errors: [report("requestForNotification", code, `connection.sendRequest("session/cancel", { sessionId: "s" })`, { method: "session/cancel", call: "sendRequest()", counterpart: "sendNotification()" }, code.replace("sendRequest(", "sendNotification("))],
      };
    })(),
  ],
});
