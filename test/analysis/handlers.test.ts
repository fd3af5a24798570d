// Handler recognition: which functions answer which ACP method, on which side, in which style.
import { describe, expect, it } from "vitest";
import { walk } from "../../src/analysis/syntax/ast.js";
import { modelOf } from "./model-of.js";

/** The handlers of `code` as "wire side kind style @line", the line being where the answering function or `case` starts. */
function handlersOf(code: string, settings?: Record<string, unknown>): string[] {
  const probed = modelOf(code, settings ? { settings } : {});
  return probed.model.handlers.handlers.map(
    (h) => `${h.method.wire} ${h.method.side} ${h.method.kind} ${h.style} @${h.body.loc.start.line}`,
  );
}

const fallbacksOf = (code: string) => modelOf(code).model.handlers.fallbacks.map((f) => `${f.side} ${f.style} @${f.node.loc.start.line}`);

describe("SDK 2.x apps", () => {
  it("finds onRequest and onNotification on an app held in a variable, by methods.* constant", () => {
    const code = `import { agent, methods } from "@agentclientprotocol/sdk";
const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, async (ctx) => ({ stopReason: "end_turn" }));
app.onNotification(methods.agent.session.cancel, () => {});`;
    expect(handlersOf(code)).toEqual(["session/prompt agent request sdk @3", "session/cancel agent notification sdk @4"]);
  });

  it("follows chained registrations, namespace imports, wire strings and AGENT_METHODS keys", () => {
    const code = `import * as acp from "@agentclientprotocol/sdk";
export const app = acp
  .agent({ name: "a" })
  .onRequest("session/set_mode", () => ({}))
  .onRequest(acp.AGENT_METHODS.session_load, () => ({}))
  .onRequest(acp.methods.agent.initialize, () => ({ protocolVersion: 1 }));`;
    expect(handlersOf(code)).toEqual([
      "session/set_mode agent request sdk @4",
      "session/load agent request sdk @5",
      "initialize agent request sdk @6",
    ]);
  });

  it("takes the handler after a params parser, and a handler held in a const or a function declaration", () => {
    const code = `import { client, methods } from "@agentclientprotocol/sdk";
declare const parser: unknown;
const c = client({ name: "c" });
const onUpdate = () => {};
function readFile() { return { content: "" }; }
c.onRequest(methods.client.fs.readTextFile, parser, readFile);
c.onNotification(methods.client.session.update, onUpdate);`;
    expect(handlersOf(code)).toEqual(["fs/read_text_file client request sdk @5", "session/update client notification sdk @4"]);
  });

  it("follows a bound method of the class that registers it", () => {
    const code = `import { agent, methods } from "@agentclientprotocol/sdk";
class Server {
  app = agent({ name: "a" });
  constructor() {
    this.app.onRequest(methods.agent.session.prompt, this.onPrompt.bind(this));
  }
  onPrompt() { return { stopReason: "end_turn" }; }
}`;
    expect(handlersOf(code)).toEqual(["session/prompt agent request sdk @7"]);
  });

  it("gives a wire name both sides handle the side of its app", () => {
    const code = `import { agent, client } from "@agentclientprotocol/sdk";
agent({ name: "a" }).onNotification("mcp/message", () => {});
client({ name: "c" }).onRequest("mcp/message", () => ({}));`;
    expect(handlersOf(code)).toEqual(["mcp/message agent notification sdk @2", "mcp/message client request sdk @3"]);
  });

  it("records onRequest('*') as the app's fallback, not as a handler", () => {
    const code = `import { agent } from "@agentclientprotocol/sdk";
agent({ name: "a" }).onRequest("*", () => { throw new Error("no"); });`;
    expect(handlersOf(code)).toEqual([]);
    expect(fallbacksOf(code)).toEqual(["agent sdk @2"]);
  });

  it("knows the SDK by settings.acp.sdkModules too, and nothing by a look-alike from another package", () => {
    const code = `import { agent, methods } from "my-acp-fork";
agent({ name: "a" }).onRequest(methods.agent.session.prompt, () => ({}));`;
    expect(handlersOf(code)).toEqual([]);
    expect(handlersOf(code, { acp: { sdkModules: ["my-acp-fork"] } })).toEqual(["session/prompt agent request sdk @2"]);
  });

  it("ignores registrations whose method or handler cannot be resolved", () => {
    const code = `import { agent } from "@agentclientprotocol/sdk";
declare const name: string;
declare const handler: () => void;
const app = agent({ name: "a" });
app.onRequest(name, () => ({}));
app.onRequest("session/prompt", handler);
app.onRequest("no/such_method", () => ({}));`;
    expect(handlersOf(code)).toEqual([]);
  });
});

describe("legacy Agent and Client classes", () => {
  it("maps the methods of a class implementing Agent, unstable_* names included", () => {
    const code = `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  async initialize() { return {}; }
  async prompt(params: acp.PromptRequest) { return { stopReason: "end_turn" }; }
  async unstable_resumeSession() { return {}; }
  private helper() {}
  static create() {}
  cancel = async () => {};
}`;
    expect(handlersOf(code)).toEqual([
      "initialize agent request legacy @3",
      "session/prompt agent request legacy @4",
      "session/resume agent request legacy @5",
      "session/cancel agent notification legacy @8",
    ]);
  });

  it("maps a Client class of the old package name", () => {
    const code = `import { type Client } from "@zed-industries/agent-client-protocol";
class C implements Client {
  async readTextFile() { return { content: "" }; }
  async sessionUpdate() {}
}`;
    expect(handlersOf(code)).toEqual(["fs/read_text_file client request legacy @3", "session/update client notification legacy @4"]);
  });

  it("follows the factory of AgentSideConnection and ClientSideConnection to a class or an object", () => {
    const code = `import { AgentSideConnection, ClientSideConnection } from "@agentclientprotocol/sdk";
declare const stream: never;
class MyAgent { async prompt() { return {}; } }
new AgentSideConnection((conn) => new MyAgent(), stream);
new ClientSideConnection(() => ({ async requestPermission() { return {}; } }), stream);
new ClientSideConnection(function () { const client = { async writeTextFile() { return {}; } }; return client; }, stream);`;
    expect(handlersOf(code)).toEqual([
      "session/prompt agent request legacy @3",
      "session/request_permission client request legacy @5",
      "fs/write_text_file client request legacy @6",
    ]);
  });

  it("reads classes implementing Partial<Agent> or Pick<acp.Client, ...>", () => {
    const code = `import * as acp from "@agentclientprotocol/sdk";
import type { Agent } from "@agentclientprotocol/sdk";
class A implements Partial<Agent> { async prompt() { return {}; } }
class C implements Pick<acp.Client, "readTextFile"> { async readTextFile() { return { content: "" }; } }
class D implements Partial<Other> { async prompt() { return {}; } }
interface Other { prompt(): unknown }`;
    expect(handlersOf(code)).toEqual(["session/prompt agent request legacy @3", "fs/read_text_file client request legacy @4"]);
  });

  it("does not read a class that implements a look-alike interface of another package", () => {
    const code = `import type { Agent } from "./my-types";
class A implements Agent { async prompt() { return {}; } }`;
    expect(handlersOf(code)).toEqual([]);
  });
});

describe("hand-rolled dispatch", () => {
  it("reads switch (msg.method) cases; empty cases share the body that follows", () => {
    const code = `export function route(msg: { method: string; params: unknown }) {
  switch (msg.method) {
    case "initialize":
      return {};
    case "session/load":
    case "session/resume":
      return resume(msg.params);
    case "something/else":
      return null;
  }
}
declare function resume(p: unknown): unknown;`;
    expect(handlersOf(code)).toEqual([
      "initialize agent request dispatch @3",
      "session/load agent request dispatch @6",
      "session/resume agent request dispatch @6",
    ]);
  });

  it("reads if chains on a method variable", () => {
    const code = `export function route(method: string, params: { sessionId: string }) {
  if (method === "session/prompt") {
    return 1;
  } else if ("session/cancel" === method) {
    return 2;
  }
  return 0;
}`;
    expect(handlersOf(code)).toEqual(["session/prompt agent request dispatch @2", "session/cancel agent notification dispatch @4"]);
  });

  it("reads handler maps keyed by wire names, computed SDK constants included", () => {
    const code = `import { CLIENT_METHODS } from "@agentclientprotocol/sdk";
export const handlers = {
  "session/request_permission": async () => ({}),
  [CLIENT_METHODS.terminal_output]: async () => ({}),
  helper: () => 1,
};`;
    expect(handlersOf(code)).toEqual([
      "session/request_permission client request dispatch @3",
      "terminal/output client request dispatch @4",
    ]);
  });

  it("takes a map's distinctive key that names no method as marking the map ACP's, its other names as nothing", () => {
    const code = `const init = () => ({});
const custom = () => ({});
export const handlers = {
  "initialize": init,
  "_zed/custom": custom,
  helper: init,
};`;
    expect(handlersOf(code)).toEqual(["initialize agent request dispatch @1"]);
  });

  it("reads vscode-jsonrpc style connection.onRequest with a wire name", () => {
    const code = `import { createMessageConnection } from "vscode-jsonrpc/node";
const connection = createMessageConnection(process.stdin as never, process.stdout as never);
connection.onRequest("session/prompt", (params: { sessionId: string }) => ({}));
connection.onNotification("session/cancel", () => {});
connection.onRequest("initialize", () => ({}));`;
    expect(handlersOf(code)).toEqual(["session/prompt agent request jsonrpc @3", "session/cancel agent notification jsonrpc @4"]);
  });

  it("needs an unmistakably ACP name: LSP-like dispatch on 'initialize' or 'shutdown' alone is not ACP", () => {
    const code = `export function lsp(msg: { method: string }) {
  switch (msg.method) {
    case "initialize": return {};
    case "shutdown": return null;
  }
}
export const map = { initialize: () => ({}), authenticate: () => ({}) };`;
    expect(handlersOf(code)).toEqual([]);
  });

  it("does not take a switch over another field or an object of non-functions", () => {
    const code = `export function f(msg: { kind: string }) {
  switch (msg.kind) { case "session/prompt": return 1; }
}
export const labels = { "session/prompt": "Prompt", "session/cancel": "Cancel" };`;
    expect(handlersOf(code)).toEqual([]);
  });
});

describe("session scopes", () => {
  /** Every expression each session scope takes for the requested id, as "line of the scope:text". */
  function idsOf(code: string): string[] {
    const probed = modelOf(code);
    const facts = probed.model.sessions;
    const out = new Set<string>();
    for (const scope of facts.scopes) {
      walk(scope.root, probed.sourceCode.visitorKeys, (node) => {
        if (facts.isSessionId(node, scope)) out.add(`${scope.root.loc.start.line}:${probed.sourceCode.getText(node)}`);
      });
    }
    return [...out];
  }

  it("knows ctx.params.sessionId, destructured params and ids, and consts bound to them", () => {
    const code = `import { agent, methods } from "@agentclientprotocol/sdk";
const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, (ctx) => {
  const { params } = ctx;
  const id = params.sessionId;
  return [ctx.params.sessionId, params.sessionId, id];
});
app.onRequest(methods.agent.session.setMode, ({ params: { sessionId } }) => sessionId);`;
    expect(idsOf(code).sort()).toEqual(["3:ctx.params.sessionId", "3:id", "3:params.sessionId", "8:sessionId"].sort());
  });

  it("follows the id into same-file helpers, of helpers too, and not into other functions; a call whose callee gives back the id is the id", () => {
    const code = `import * as acp from "@agentclientprotocol/sdk";
function inner(x: string) { return x; }
function outer(sessionId: string) { return inner(sessionId); }
function unrelated(y: string) { return y; }
class A implements acp.Agent {
  async prompt(params: acp.PromptRequest) {
    outer(params.sessionId);
    unrelated("fixed");
    return this.find(params);
  }
  private find(p: acp.PromptRequest) { return p.sessionId; }
}`;
    // `inner(sessionId)` and `outer(…)` return their parameter, `this.find(params)` its `.sessionId`: the summaries'.
    expect(idsOf(code).sort()).toEqual(["11:p.sessionId", "2:x", "3:inner(sessionId)", "3:sessionId", "6:outer(params.sessionId)", "6:params.sessionId", "6:this.find(params)"].sort());
  });

  it("does not treat a reassigned variable as the id", () => {
    const code = `import * as acp from "@agentclientprotocol/sdk";
class A implements acp.Agent {
  async prompt(params: acp.PromptRequest) {
    let id = params.sessionId;
    id = "other";
    return id;
  }
}`;
    expect(idsOf(code)).toEqual(["3:params.sessionId"]);
  });
});

/** The handlers of `code` as "wire side style @line: text", the text being where the method is named. */
function namedOf(code: string, settings?: Record<string, unknown>): string[] {
  const probed = modelOf(code, settings ? { settings } : {});
  return probed.model.handlers.handlers.map(
    (h) => `${h.method.wire} ${h.method.side} ${h.style} @${h.body.loc.start.line}: ${probed.sourceCode.getText(h.methodNode)}`,
  );
}

describe("delegates typed with the SDK's types", () => {
  it("takes a class an app's handlers delegate to as the app's delegate, not as a legacy Agent shaped by its members", () => {
    const code = `import { agent as acpAgent, methods } from "@agentclientprotocol/sdk";
export class Hooman {
  initialize(params: unknown) { return { protocolVersion: 1 }; }
  newSession(params: unknown) { return { sessionId: "s" }; }
  forkSession(params: unknown) { return { sessionId: "t" }; }
  prompt(params: unknown) { return { stopReason: "end_turn" }; }
}
export const create = (agent: Hooman) =>
  acpAgent({ name: "x" })
    .onRequest(methods.agent.initialize, (ctx) => agent.initialize(ctx.params))
    .onRequest(methods.agent.session.fork, (ctx) => agent.forkSession(ctx.params));`;
    const found = namedOf(code);
    expect(found.filter((h) => h.includes("legacy"))).toEqual([]);
    expect(found.filter((h) => h.includes("delegate"))).toEqual(["initialize agent delegate @3: initialize", "session/fork agent delegate @5: forkSession"]);
  });

  it("finds a class method typed with the request and response types, in a class nothing connects", () => {
    const code = `import type { SetSessionModeRequest, SetSessionModeResponse } from "@agentclientprotocol/sdk";
export class Modes {
  async setSessionMode(params: SetSessionModeRequest): Promise<SetSessionModeResponse> {
    return {};
  }
  describe(params: SetSessionModeRequest): string { return params.modeId; }
}`;
    expect(namedOf(code)).toEqual(["session/set_mode agent delegate @3: SetSessionModeRequest"]);
  });

  it("finds every function shape: class field arrow, object method and property, function declaration, const arrow", () => {
    const code = `import type * as acp from "@agentclientprotocol/sdk";
export class Prompts {
  run = async (params: acp.PromptRequest): Promise<acp.PromptResponse> => ({ stopReason: "end_turn" });
}
export const handlers = {
  async load(params: acp.LoadSessionRequest): Promise<acp.LoadSessionResponse> { return {}; },
  close: (params: acp.CloseSessionRequest): acp.CloseSessionResponse => ({}),
};
export function newSession(params: acp.NewSessionRequest) { return { sessionId: "s" }; }
export const setConfig = async (params: acp.SetSessionConfigOptionRequest): Promise<acp.SetSessionConfigOptionResponse> => ({ configOptions: [] });`;
    expect(namedOf(code)).toEqual([
      "session/prompt agent delegate @3: acp.PromptRequest",
      "session/load agent delegate @6: acp.LoadSessionRequest",
      "session/close agent delegate @7: acp.CloseSessionRequest",
      "session/new agent delegate @9: acp.NewSessionRequest",
      "session/set_config_option agent delegate @10: acp.SetSessionConfigOptionRequest",
    ]);
  });

  it("takes the legacy name without a return type, and a result in MaybePromise or with | void", () => {
    const code = `import { type PromptRequest, type CancelNotification, type DeleteSessionRequest, type DeleteSessionResponse } from "@agentclientprotocol/sdk";
type MaybePromise<T> = T | Promise<T>;
export class Impl {
  async prompt(params: PromptRequest) { return { stopReason: "end_turn" as const }; }
  async cancel(params: CancelNotification) {}
  remove(params: DeleteSessionRequest): MaybePromise<DeleteSessionResponse | void> { return; }
}`;
    expect(namedOf(code)).toEqual([
      "session/prompt agent delegate @4: PromptRequest",
      "session/cancel agent delegate @5: CancelNotification",
      "session/delete agent delegate @6: DeleteSessionRequest",
    ]);
  });

  it("takes a notification returning void or Promise<void>, and not one without the legacy name or a void result", () => {
    const code = `import type { CancelNotification, SessionNotification } from "@agentclientprotocol/sdk";
export class Events {
  async onCancel(n: CancelNotification): Promise<void> {}
  onUpdate(n: SessionNotification): void {}
  describe(n: CancelNotification) { return n.sessionId; }
  count(n: SessionNotification): number { return 1; }
}`;
    expect(namedOf(code)).toEqual(["session/cancel agent delegate @3: CancelNotification", "session/update client delegate @4: SessionNotification"]);
  });

  it("finds them in a file that imports methods and registers other handlers, and in one that imports only types", () => {
    const withMethods = `import { agent, methods, type PromptRequest, type PromptResponse } from "@agentclientprotocol/sdk";
agent({ name: "a" }).onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
class Turns {
  async prompt(params: PromptRequest): Promise<PromptResponse> { return { stopReason: "end_turn" }; }
}`;
    expect(namedOf(withMethods)).toEqual(["initialize agent sdk @2: methods.agent.initialize", "session/prompt agent delegate @4: PromptRequest"]);
    const typesOnly = `import type { PromptRequest, PromptResponse } from "@agentclientprotocol/sdk";
class Turns {
  async prompt(params: PromptRequest): Promise<PromptResponse> { return { stopReason: "end_turn" }; }
}`;
    expect(namedOf(typesOnly)).toEqual(["session/prompt agent delegate @3: PromptRequest"]);
  });

  it("reads aliased imports, the /unstable and v2 entry points, the old package and settings.acp.sdkModules", () => {
    const code = `import { type PromptRequest as Req, type PromptResponse as Res } from "@agentclientprotocol/sdk";
import type { ForkSessionRequest, ForkSessionResponse } from "@agentclientprotocol/sdk/unstable";
import type { CancelSessionNotification } from "@agentclientprotocol/sdk/experimental/v2";
import type { ReadTextFileRequest, ReadTextFileResponse } from "@zed-industries/agent-client-protocol";
import type { ListSessionsRequest } from "@acme/acp";
export class Impl {
  async ask(params: Req): Promise<Res> { return { stopReason: "end_turn" }; }
  async fork(params: ForkSessionRequest): Promise<ForkSessionResponse> { return { sessionId: "s" }; }
  async cancel(params: CancelSessionNotification) {}
  async read(params: ReadTextFileRequest): Promise<ReadTextFileResponse> { return { content: "" }; }
  async listSessions(params: ListSessionsRequest) { return { sessions: [] }; }
}`;
    const expected = [
      "session/prompt agent delegate @7: Req",
      "session/fork agent delegate @8: ForkSessionRequest",
      "session/cancel agent delegate @9: CancelSessionNotification",
      "fs/read_text_file client delegate @10: ReadTextFileRequest",
    ];
    expect(namedOf(code)).toEqual(expected);
    expect(namedOf(code, { acp: { sdkModules: ["@acme/acp"] } })).toEqual([...expected, "session/list agent delegate @11: ListSessionsRequest"]);
  });

  it("finds client-side delegates", () => {
    const code = `import type * as acp from "@agentclientprotocol/sdk";
export class Terminals {
  async terminalOutput(params: acp.TerminalOutputRequest) { return { output: "", truncated: false }; }
  async kill(params: acp.KillTerminalRequest): Promise<acp.KillTerminalResponse> { return {}; }
  async requestPermission(params: acp.RequestPermissionRequest): Promise<acp.RequestPermissionResponse> {
    return { outcome: { outcome: "cancelled" } };
  }
}`;
    expect(namedOf(code)).toEqual([
      "terminal/output client delegate @3: acp.TerminalOutputRequest",
      "terminal/kill client delegate @4: acp.KillTerminalRequest",
      "session/request_permission client delegate @5: acp.RequestPermissionRequest",
    ]);
  });

  it("takes a destructured or defaulted request", () => {
    const code = `import type { SetSessionModeRequest, SetSessionModeResponse, PromptRequest } from "@agentclientprotocol/sdk";
export function setSessionMode({ sessionId, modeId }: SetSessionModeRequest): SetSessionModeResponse { return {}; }
export async function prompt(params: PromptRequest = { sessionId: "s", prompt: [] }) { return { stopReason: "end_turn" }; }`;
    expect(namedOf(code)).toEqual([
      "session/set_mode agent delegate @2: SetSessionModeRequest",
      "session/prompt agent delegate @3: PromptRequest",
    ]);
  });

  it("records a handler that another style already recognises once", () => {
    const code = `import { type Agent, type PromptRequest, type PromptResponse, AgentSideConnection } from "@agentclientprotocol/sdk";
import { createMessageConnection } from "vscode-jsonrpc/node";
export class A implements Agent {
  async prompt(params: PromptRequest): Promise<PromptResponse> { return { stopReason: "end_turn" }; }
}
class B { async prompt(params: PromptRequest): Promise<PromptResponse> { return { stopReason: "end_turn" }; } }
new AgentSideConnection(() => new B(), null as never);
const connection = createMessageConnection(process.stdin as never, process.stdout as never);
connection.onRequest("session/prompt", async (params: PromptRequest): Promise<PromptResponse> => ({ stopReason: "end_turn" }));
export const map = { "session/prompt": async (params: PromptRequest): Promise<PromptResponse> => ({ stopReason: "end_turn" }) };`;
    expect(namedOf(code)).toEqual([
      "session/prompt agent legacy @4: prompt",
      "session/prompt agent legacy @6: prompt",
      'session/prompt agent jsonrpc @9: "session/prompt"',
      'session/prompt agent dispatch @10: "session/prompt"',
    ]);
  });
});

describe("the caller's side of a method", () => {
  it("is no handler: a function that only builds or relays a request", () => {
    const code = `import type { PromptRequest, PromptResponse, CancelNotification } from "@agentclientprotocol/sdk";
export class Relay {
  async relay(request: PromptRequest): Promise<void> {}
  build(request: PromptRequest): PromptRequest { return request; }
  async cancelAll(n: CancelNotification): Promise<number> { return 0; }
}`;
    expect(namedOf(code)).toEqual([]);
  });

  it("is no handler: a client wrapper that forwards the request to the connection's method of the same name", () => {
    const code = `import type { ClientSideConnection, PromptRequest, PromptResponse, CancelNotification, SetSessionModeRequest, SetSessionModeResponse } from "@agentclientprotocol/sdk";
export class Session {
  constructor(private readonly connection: ClientSideConnection) {}
  async prompt(params: PromptRequest): Promise<PromptResponse> {
    return this.connection.prompt(params);
  }
  async cancel(params: CancelNotification) { await this.connection.cancel({ ...params }); }
  async setMode(params: SetSessionModeRequest): Promise<SetSessionModeResponse> {
    const response = await this.connection.setSessionMode({ sessionId: params.sessionId, modeId: params.modeId });
    return response;
  }
}`;
    expect(namedOf(code)).toEqual([]);
  });

  it("is no handler: a function that sends the request with request, sendRequest, notify or sendNotification", () => {
    const code = `import { methods, type PromptRequest, type PromptResponse, type CancelNotification, type SessionNotification, type LoadSessionRequest, type LoadSessionResponse } from "@agentclientprotocol/sdk";
declare const ctx: { request(m: string, p: unknown): Promise<never> };
declare const rpc: { sendRequest(m: string, p: unknown): Promise<never>; sendNotification(m: string, p: unknown): void };
declare function notify(m: string, p: unknown): void;
export const prompt = async (params: PromptRequest): Promise<PromptResponse> => ctx.request(methods.agent.session.prompt, params);
export async function load(params: LoadSessionRequest): Promise<LoadSessionResponse> { return rpc.sendRequest("session/load", params); }
export function cancel(params: CancelNotification) { notify("session/cancel", params); }
export function sessionUpdate(params: SessionNotification): void { rpc.sendNotification("session/update", params); }
export async function ask(params: PromptRequest): Promise<PromptResponse> { return ctx.request("session/prompt", { sessionId: "s", prompt: [] }); }`;
    expect(namedOf(code)).toEqual([]);
  });

  it("is still a handler when it sends other requests or hands a part of the request to a method of that name", () => {
    const code = `import { methods, type PromptRequest, type PromptResponse } from "@agentclientprotocol/sdk";
declare const ctx: { request(m: string, p: unknown): Promise<{ outcome: unknown }> };
const chats = new Map<string, { prompt(blocks: unknown[]): Promise<PromptResponse> }>();
export class Turns {
  async prompt(params: PromptRequest): Promise<PromptResponse> {
    await ctx.request(methods.client.session.requestPermission, { sessionId: params.sessionId, options: [] });
    const chat = chats.get(params.sessionId);
    if (!chat) throw new Error("no chat");
    return chat.prompt(params.prompt);
  }
}`;
    expect(namedOf(code)).toEqual(["session/prompt agent delegate @5: PromptRequest"]);
  });
});

describe("what is no delegate", () => {
  it("a parameter typed with a look-alike type of another module, or a local one", () => {
    const code = `import type { PromptRequest, PromptResponse } from "./types";
interface SetSessionModeRequest { sessionId: string }
export class A {
  async prompt(params: PromptRequest): Promise<PromptResponse> { return {} as PromptResponse; }
  async setSessionMode(params: SetSessionModeRequest) { return {}; }
}`;
    expect(namedOf(code)).toEqual([]);
  });

  it("a method with the legacy name but an untyped, any or generic parameter", () => {
    const code = `import type { PromptRequest } from "@agentclientprotocol/sdk";
export class A {
  async prompt(params: any) { return {}; }
  async loadSession(params) { return {}; }
  async newSession(params: Partial<PromptRequest>) { return {}; }
  async cancel(...params: PromptRequest[]) {}
}`;
    expect(namedOf(code)).toEqual([]);
  });

  it("abstract, declared, overloaded, computed, getter and anonymous members without a crash", () => {
    const code = `import type { PromptRequest, PromptResponse } from "@agentclientprotocol/sdk";
declare const key: string;
export abstract class A {
  abstract prompt(params: PromptRequest): Promise<PromptResponse>;
  declare ask: (params: PromptRequest) => Promise<PromptResponse>;
  run(params: PromptRequest): Promise<PromptResponse>;
  run(params: unknown): unknown { return params; }
  [key](params: PromptRequest): Promise<PromptResponse> { return null as never; }
  set value(params: PromptRequest) {}
}
declare function prompt(params: PromptRequest): Promise<PromptResponse>;
[1].map((params: PromptRequest): PromptResponse => ({ stopReason: "end_turn" }));`;
    expect(namedOf(code)).toEqual([]);
  });
});

describe("same-file delegation", () => {
  it("follows an SDK app's handler to a method of a same-file class built by new", () => {
    const code = `import { agent, methods } from "@agentclientprotocol/sdk";
class MyAgent {
  async setSessionMode(params: { sessionId: string }) { return {}; }
  async prompt(params: { sessionId: string }) { return { stopReason: "end_turn" }; }
}
const impl = new MyAgent();
agent({ name: "a" })
  .onRequest(methods.agent.session.setMode, (ctx) => impl.setSessionMode(ctx.params))
  .onRequest(methods.agent.session.prompt, async ({ params }) => { return await impl.prompt(params); });`;
    expect(namedOf(code)).toEqual([
      "session/set_mode agent delegate @3: setSessionMode",
      "session/prompt agent delegate @4: prompt",
      "session/set_mode agent sdk @8: methods.agent.session.setMode",
      "session/prompt agent sdk @9: methods.agent.session.prompt",
    ]);
  });

  it("resolves this.x through a field, a parameter property, a constructor assignment and an annotation", () => {
    const code = `import { agent, methods } from "@agentclientprotocol/sdk";
class Sessions {
  load(p: { sessionId: string }) { return {}; }
  resume(p: { sessionId: string }) { return {}; }
  close(p: { sessionId: string }) { return {}; }
  remove(p: { sessionId: string }) { return {}; }
}
export class Server {
  app = agent({ name: "a" });
  built = new Sessions();
  typed: Sessions;
  assigned;
  constructor(private readonly injected: Sessions) {
    this.typed = injected;
    this.assigned = new Sessions();
    this.app
      .onRequest(methods.agent.session.load, (ctx) => this.built.load(ctx.params))
      .onRequest(methods.agent.session.resume, (ctx) => this.injected.resume(ctx.params))
      .onRequest(methods.agent.session.close, (ctx) => this.assigned.close(ctx.params))
      .onRequest(methods.agent.session.delete, (ctx) => this.typed.remove(ctx.params));
  }
}`;
    expect(namedOf(code).filter((h) => h.includes("delegate"))).toEqual([
      "session/load agent delegate @3: load",
      "session/resume agent delegate @4: resume",
      "session/close agent delegate @5: close",
      "session/delete agent delegate @6: remove",
    ]);
  });

  it("follows a same-file function, this.method, and a parameter annotated with the class", () => {
    const code = `import { agent, methods, type AgentApp } from "@agentclientprotocol/sdk";
function handlePrompt(params: { sessionId: string }) { return { stopReason: "end_turn" }; }
class Impl { setSessionMode(params: { sessionId: string }) { return {}; } }
export function register(app: ReturnType<typeof agent>, impl: Impl) {
  app.onRequest(methods.agent.session.prompt, (ctx) => handlePrompt(ctx.params));
  app.onRequest(methods.agent.session.setMode, (ctx) => impl.setSessionMode(ctx.params));
}
export class Server {
  app = agent({ name: "a" }).onRequest(methods.agent.session.close, (ctx) => this.close(ctx.params));
  close(params: { sessionId: string }) { return {}; }
}`;
    expect(namedOf(code).filter((h) => h.includes("delegate"))).toEqual([
      "session/prompt agent delegate @2: handlePrompt",
      "session/set_mode agent delegate @3: setSessionMode",
      "session/close agent delegate @10: close",
    ]);
  });

  it("follows legacy members, a client object's members, dispatch maps and JSON-RPC handlers", () => {
    const code = `import { type Agent, ClientSideConnection } from "@agentclientprotocol/sdk";
import { createMessageConnection } from "vscode-jsonrpc/node";
class Turns { prompt(params: { sessionId: string }) { return { stopReason: "end_turn" }; } }
class Terminals { terminalOutput(params: { sessionId: string }) { return { output: "", truncated: false }; } }
export class A implements Agent {
  turns = new Turns();
  async prompt(params: { sessionId: string }) { return this.turns.prompt(params); }
}
export class App {
  terminals = new Terminals();
  start(stream: never) {
    return new ClientSideConnection(() => ({ terminalOutput: (p: { sessionId: string }) => this.terminals.terminalOutput(p) }), stream);
  }
}
function setMode(params: { sessionId: string }) { return {}; }
function load(params: { sessionId: string }) { return {}; }
export const map = { "session/set_mode": (params: { sessionId: string }) => setMode(params) };
createMessageConnection(process.stdin as never, process.stdout as never).onRequest("session/load", (params: { sessionId: string }) => load(params));`;
    expect(namedOf(code).filter((h) => h.includes("delegate"))).toEqual([
      "session/prompt agent delegate @3: prompt",
      "terminal/output client delegate @4: terminalOutput",
      "session/set_mode agent delegate @15: setMode",
      "session/load agent delegate @16: load",
    ]);
  });

  it("follows a chain of delegates, typed ones included", () => {
    const code = `import { agent, methods, type PromptRequest, type PromptResponse } from "@agentclientprotocol/sdk";
class Engine { run(params: PromptRequest) { return { stopReason: "end_turn" as const }; } }
class Turns {
  engine = new Engine();
  async prompt(params: PromptRequest): Promise<PromptResponse> { return this.engine.run(params); }
}
const turns = new Turns();
agent({ name: "a" }).onRequest(methods.agent.session.prompt, (ctx) => turns.prompt(ctx.params));`;
    expect(namedOf(code)).toEqual([
      "session/prompt agent delegate @2: run",
      "session/prompt agent delegate @5: PromptRequest",
      "session/prompt agent sdk @8: methods.agent.session.prompt",
    ]);
  });

  it("does not follow what it cannot resolve, nor bodies that do more than hand the params on", () => {
    const code = `import { agent, methods } from "@agentclientprotocol/sdk";
import { Imported } from "./imported";
class Impl {
  prompt(params: unknown) { return {}; }
  load(params: unknown) { return {}; }
  close(params: unknown) { return {}; }
  resume() { return {}; }
}
interface Shape { setSessionMode(params: unknown): unknown }
declare const shaped: Shape;
declare function anyImpl(): any;
let later = new Impl();
later = anyImpl();
const impl = new Impl();
const fromOtherFile = new Imported();
agent({ name: "a" })
  .onRequest(methods.agent.session.prompt, (ctx) => impl.prompt(ctx.params.prompt))
  .onRequest(methods.agent.session.load, (ctx) => { console.log(ctx); return impl.load(ctx.params); })
  .onRequest(methods.agent.session.close, (ctx) => later.close(ctx.params))
  .onRequest(methods.agent.session.resume, (ctx) => impl.resume(ctx.params))
  .onRequest(methods.agent.session.setMode, (ctx) => shaped.setSessionMode(ctx.params))
  .onRequest(methods.agent.session.delete, (ctx) => fromOtherFile.remove(ctx.params))
  .onRequest(methods.agent.session.list, (ctx) => impl.prompt(ctx));`;
    expect(namedOf(code).filter((h) => h.includes("delegate"))).toEqual([]);
  });

  it("gives the delegate its first parameter as the request", () => {
    const code = `import { agent, methods } from "@agentclientprotocol/sdk";
class Impl {
  prompt(p: { sessionId: string }) { return p.sessionId; }
}
const impl = new Impl();
agent({ name: "a" }).onRequest(methods.agent.session.prompt, (ctx) => impl.prompt(ctx.params));`;
    const probed = modelOf(code);
    const facts = probed.model.sessions;
    const ids: string[] = [];
    for (const scope of facts.scopes) {
      walk(scope.root, probed.sourceCode.visitorKeys, (node) => {
        if (facts.isSessionId(node, scope)) ids.push(`${scope.root.loc.start.line}:${probed.sourceCode.getText(node)}`);
      });
    }
    // The handler's call gives back what the delegate returns, the id.
    expect(ids).toEqual(["3:p.sessionId", "6:impl.prompt(ctx.params)"]);
  });
});
