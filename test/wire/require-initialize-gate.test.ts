// require-initialize-gate: what SDK 2.4.0 and the legacy 1.9.0 classes answer to session/new sent before initialize.
import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { askOnce, errorOf } from "./harness.js";
import { connectLegacy, MinimalAgent } from "./legacy-harness.js";

const NEW_SESSION = { cwd: "/work", mcpServers: [] };

describe("SDK 2.4.0: session/new before initialize", () => {
  it("without an initialize handler (the incorrect example) the SDK runs the handler: a success", async () => {
    const app = agent({ name: "ungated" }).onRequest(methods.agent.session.new, () => ({ sessionId: "s-1" }));
    const { answer } = await askOnce(app, "session/new", NEW_SESSION);
    expect(answer).toMatchObject({ result: { sessionId: "s-1" } });
  });

  it("with the three-argument initialize form the SDK still runs it", async () => {
    const app = agent({ name: "parsed" })
      .onRequest("initialize", (p: unknown) => p as { protocolVersion: number }, () => ({ protocolVersion: 1 }))
      .onRequest(methods.agent.session.new, () => ({ sessionId: "s-1" }));
    const { answer } = await askOnce(app, "session/new", NEW_SESSION);
    expect(answer).toMatchObject({ result: { sessionId: "s-1" } });
  });

  it("with a two-argument initialize handler (the fix) it is answered -32600", async () => {
    let ran = false;
    const app = agent({ name: "gated" })
      .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: {} }))
      .onRequest(methods.agent.session.new, () => {
        ran = true;
        return { sessionId: "s-1" };
      });
    const { answer } = await askOnce(app, "session/new", NEW_SESSION);
    expect(errorOf(answer)).toMatchObject({ code: -32600 });
    expect(ran).toBe(false);
  });
});

describe("SDK 2.4.0: a hand-written not-initialized error and the suggested factory", () => {
  it("new RequestError(-32002, ...) goes out as -32002 (Resource not found in ACP)", async () => {
    const app = agent({ name: "lsp-style" }).onRequest(methods.agent.session.new, () => {
      throw new RequestError(-32002, "Server not initialized");
    });
    const { answer } = await askOnce(app, "session/new", NEW_SESSION);
    expect(errorOf(answer)).toMatchObject({ code: -32002, message: "Server not initialized" });
  });

  it("RequestError.invalidRequest(undefined, message) goes out as -32600 keeping the message", async () => {
    const app = agent({ name: "fixed" }).onRequest(methods.agent.session.new, () => {
      throw RequestError.invalidRequest(undefined, "Server not initialized");
    });
    const { answer } = await askOnce(app, "session/new", NEW_SESSION);
    expect(errorOf(answer)).toMatchObject({ code: -32600, message: "Invalid request: Server not initialized" });
  });
});

describe("legacy 1.9.0 AgentSideConnection: never gated", () => {
  it("newSession runs before initialize", async () => {
    const wire = connectLegacy(new MinimalAgent());
    try {
      const { answer } = await wire.ask("session/new", (a) => a.newSession(NEW_SESSION));
      expect(answer).toMatchObject({ result: { sessionId: "s-new" } });
    } finally {
      await wire.close();
    }
  });
});
