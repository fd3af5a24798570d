// What the SDK sends on its own, whatever the handlers do: unknown methods, invalid params, failing notifications.
import { agent, methods } from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { askOnce, connect, errorOf, rejectionOf } from "./harness.js";
import { connectLegacy, MinimalAgent } from "./legacy-harness.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SDK 2.4.0", () => {
  it("an unregistered request gets -32601 with data { method }", async () => {
    const { answer, outcome } = await askOnce(agent({ name: "empty-agent" }), "session/load", { sessionId: "s-1", cwd: "/work", mcpServers: [] });
    const sent = { code: -32601, message: '"Method not found": session/load', data: { method: "session/load" } };
    expect(errorOf(answer)).toStrictEqual(sent);
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", ...sent });
  });

  it("params the SDK's schema rejects get -32602 before the handler runs", async () => {
    let ran = false;
    const app = agent({ name: "strict-agent" }).onRequest(methods.agent.session.prompt, () => {
      ran = true;
      return { stopReason: "end_turn" };
    });
    const { answer } = await askOnce(app, "session/prompt", { prompt: [] });
    expect(errorOf(answer)).toStrictEqual({
      code: -32602,
      message: "Invalid params",
      data: { _errors: [], sessionId: { _errors: ["Invalid input: expected string, received undefined"] } },
    });
    expect(ran).toBe(false);
  });

  it("a zod error thrown by a handler becomes -32602, its format() as data", async () => {
    const mode = z.object({ modeId: z.enum(["ask", "code"]) });
    const app = agent({ name: "zod-agent" }).onRequest(methods.agent.session.setMode, ({ params }) => {
      mode.parse(params);
      return {};
    });
    const { answer } = await askOnce(app, "session/set_mode", { sessionId: "s-1", modeId: "yolo" });
    expect(errorOf(answer)).toStrictEqual({
      code: -32602,
      message: "Invalid params",
      data: { _errors: [], modeId: { _errors: ['Invalid option: expected one of "ask"|"code"'] } },
    });
  });

  it("an error thrown in a notification handler sends nothing; the SDK only logs it", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const app = agent({ name: "cancel-agent" })
      .onNotification(methods.agent.session.cancel, () => {
        throw new Error("Session not found");
      })
      .onRequest(methods.agent.session.prompt, () => ({ stopReason: "end_turn" }));
    const wire = connect(app);
    await wire.agent.notify("session/cancel", { sessionId: "s-missing" });
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    const { answer } = await wire.ask("session/prompt", { sessionId: "s-1", prompt: [] });
    await wire.close();
    expect(logged.mock.calls).toStrictEqual([["Error handling notification", { method: "session/cancel", code: -32603, message: "Internal error" }]]);
    // The only line the agent wrote answers the prompt.
    expect(wire.agentSent()).toStrictEqual([answer]);
    expect(answer.result).toStrictEqual({ stopReason: "end_turn" });
  });
});

describe("SDK 1.9.0 legacy classes", () => {
  it("a request for an Agent method the class lacks gets -32601 with data { method }", async () => {
    const wire = connectLegacy(new MinimalAgent());
    const { answer } = await wire.ask("session/load", (a) => a.loadSession({ sessionId: "s-1", cwd: "/work", mcpServers: [] }));
    await wire.close();
    expect(errorOf(answer)).toStrictEqual({ code: -32601, message: '"Method not found": session/load', data: { method: "session/load" } });
  });

  it("an error thrown in cancel() sends nothing", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    class FailingCancel extends MinimalAgent {
      override cancel(): never {
        throw new Error("Session not found");
      }
    }
    const wire = connectLegacy(new FailingCancel());
    await wire.agent.cancel({ sessionId: "s-missing" });
    await vi.waitFor(() => expect(logged).toHaveBeenCalled());
    const { answer } = await wire.ask("session/prompt", (a) => a.prompt({ sessionId: "s-1", prompt: [] }));
    await wire.close();
    // 1.9.0 logs the whole notification and the error it would have sent.
    expect(logged.mock.calls).toStrictEqual([
      [
        "Error handling notification",
        { jsonrpc: "2.0", method: "session/cancel", params: { sessionId: "s-missing" } },
        { code: -32603, message: "Internal error", data: { details: "Session not found" } },
      ],
    ]);
    expect(wire.agentSent()).toStrictEqual([answer]);
  });
});
