// idempotent-session-delete: what a session/delete of an unknown session sends, and what each SDK's client makes of it.
import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { type DeleteSessionRequest, RequestError as LegacyRequestError } from "acp-sdk-legacy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askOnce, connect, errorOf, rejectionOf, type Wire } from "./harness.js";
import { connectLegacy, MinimalAgent } from "./legacy-harness.js";

type Chat = { dispose(): void };
const missing = "s-missing";
const notFound = { code: -32002, message: "Resource not found", data: { sessionId: missing } };

describe("the docs' incorrect agent (SDK 2.4.0)", () => {
  let wire: Wire;
  beforeAll(() => {
    const chats = new Map<string, Chat>();
    function requireChat(sessionId: string) {
      const chat = chats.get(sessionId);
      if (!chat) throw RequestError.sessionNotFound(sessionId);
      return chat;
    }
    const app = agent({ name: "dev-agent" });
    app.onRequest(methods.agent.session.prompt, ({ params }) => {
      requireChat(params.sessionId);
      return { stopReason: "end_turn" };
    });
    app.onRequest(methods.agent.session.delete, ({ params }) => {
      if (!chats.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
      chats.delete(params.sessionId);
      return {};
    });
    wire = connect(app);
  });
  afterAll(() => wire.close());

  it("deleting an unknown session sends a -32002 error", async () => {
    const { answer } = await wire.ask("session/delete", { sessionId: missing });
    expect(errorOf(answer)).toStrictEqual(notFound);
  });

  it("the 2.4.0 client hides that -32002 from session/delete: ctx.request resolves with {}", async () => {
    const { outcome } = await wire.ask("session/delete", { sessionId: missing });
    expect(outcome).toStrictEqual({ value: {} });
  });

  it("the same -32002 still rejects a session/prompt", async () => {
    const { outcome } = await wire.ask("session/prompt", { sessionId: missing, prompt: [] });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", ...notFound });
  });
});

describe("what the 2.4.0 client treats as a successful delete or close", () => {
  const failing = (error: () => unknown) =>
    agent({ name: "failing-agent" })
      .onRequest(methods.agent.session.delete, () => {
        throw error();
      })
      .onRequest(methods.agent.session.close, () => {
        throw error();
      });

  it("-32002 answering session/close resolves with {} too", async () => {
    const { answer, outcome } = await askOnce(failing(() => RequestError.sessionNotFound(missing)), "session/close", { sessionId: missing });
    expect(errorOf(answer)).toStrictEqual(notFound);
    expect(outcome).toStrictEqual({ value: {} });
  });

  it("any other error on session/delete rejects: a plain Error's -32603", async () => {
    const { answer, outcome } = await askOnce(failing(() => new Error("no such session")), "session/delete", { sessionId: missing });
    expect(errorOf(answer)).toStrictEqual({ code: -32603, message: "Internal error", data: { details: "no such session" } });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32603, message: "Internal error", data: { details: "no such session" } });
  });
});

describe("the fix (SDK 2.4.0)", () => {
  let wire: Wire;
  const disposed: string[] = [];
  beforeAll(() => {
    const chats = new Map<string, Chat>([["s-1", { dispose: () => disposed.push("s-1") }]]);
    const app = agent({ name: "dev-agent" });
    app.onRequest(methods.agent.session.delete, ({ params }) => {
      const chat = chats.get(params.sessionId);
      if (!chat) return {};
      chat.dispose();
      chats.delete(params.sessionId);
      return {};
    });
    wire = connect(app);
  });
  afterAll(() => wire.close());

  it("deleting an unknown session sends result {}", async () => {
    const { answer, outcome } = await wire.ask("session/delete", { sessionId: missing });
    expect(answer).toStrictEqual({ jsonrpc: "2.0", id: 0, result: {} });
    expect(outcome).toStrictEqual({ value: {} });
  });

  it("deleting a session twice sends result {} both times, disposing it once", async () => {
    const first = await wire.ask("session/delete", { sessionId: "s-1" });
    const second = await wire.ask("session/delete", { sessionId: "s-1" });
    expect([first.answer.result, second.answer.result, disposed]).toStrictEqual([{}, {}, ["s-1"]]);
  });

  it("a delete handler that returns nothing also sends result {}", async () => {
    const app = agent({ name: "quiet-agent" }).onRequest(methods.agent.session.delete, () => {});
    const { answer } = await askOnce(app, "session/delete", { sessionId: missing });
    expect(answer.result).toStrictEqual({});
  });
});

describe("a legacy Agent class (SDK 1.9.0)", () => {
  const chats = new Map<string, Chat>();
  function requireChat(sessionId: string) {
    const chat = chats.get(sessionId);
    if (!chat) throw new LegacyRequestError(-32002, "Resource not found", { sessionId });
    return chat;
  }

  it("deleteSession through a failing helper sends -32002, and 1.9.0's ClientSideConnection.deleteSession rejects with it", async () => {
    class LegacyAgent extends MinimalAgent {
      async deleteSession(params: DeleteSessionRequest) {
        requireChat(params.sessionId).dispose();
        return {};
      }
    }
    const wire = connectLegacy(new LegacyAgent());
    const { answer, outcome } = await wire.ask("session/delete", (a) => a.deleteSession({ sessionId: missing }));
    await wire.close();
    expect(errorOf(answer)).toStrictEqual(notFound);
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", ...notFound });
  });

  it("a fixed deleteSession that returns nothing sends result {}", async () => {
    class FixedAgent extends MinimalAgent {
      async deleteSession(params: DeleteSessionRequest) {
        chats.get(params.sessionId)?.dispose();
        chats.delete(params.sessionId);
      }
    }
    const wire = connectLegacy(new FixedAgent());
    const { answer, outcome } = await wire.ask("session/delete", (a) => a.deleteSession({ sessionId: missing }));
    await wire.close();
    expect(answer.result).toStrictEqual({});
    expect(outcome).toStrictEqual({ value: {} });
  });
});
