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

  it("follows the id into same-file helpers, of helpers too, and not into other functions", () => {
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
    expect(idsOf(code).sort()).toEqual(["11:p.sessionId", "2:x", "3:sessionId", "6:params.sessionId"].sort());
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
