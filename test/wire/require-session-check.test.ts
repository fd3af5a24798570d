// require-session-check: what goes on the wire for an unknown session, in the docs' examples and the rule's messages.
import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { RequestError as LegacyRequestError, type SetSessionModeRequest } from "acp-sdk-legacy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askOnce, connect, errorOf, rejectionOf, sentErrorFor, type Wire } from "./harness.js";
import { connectLegacy, legacySentErrorFor, MinimalAgent } from "./legacy-harness.js";
import { parseLines } from "./ndjson-tap.js";

type Chat = { turns: number; mode: string };
const missing = "s-missing";
const prompt = (sessionId: string) => ({ sessionId, prompt: [] });

describe("the docs' incorrect agent (SDK 2.4.0)", () => {
  let wire: Wire;
  beforeAll(() => {
    const chats: Record<string, Chat> = {};
    const app = agent({ name: "dev-agent" });
    app.onRequest(methods.agent.session.prompt, async (ctx) => {
      // `as Chat` stands for the docs' plain index: noUncheckedIndexedAccess would flag it here.
      const chat = chats[ctx.params.sessionId] as Chat;
      chat.turns += 1;
      return { stopReason: "end_turn" };
    });
    app.onRequest(methods.agent.session.setMode, ({ params }) => {
      const chat = chats[params.sessionId];
      if (!chat) throw new Error(`unknown session ${params.sessionId}`);
      chat.mode = params.modeId;
      return {};
    });
    app.onRequest(methods.agent.session.load, ({ params }) => {
      if (!(params.sessionId in chats)) throw RequestError.invalidParams({ sessionId: params.sessionId });
      return {};
    });
    wire = connect(app);
  });
  afterAll(() => wire.close());

  it("an unchecked lookup fails with a TypeError, sent as -32603 Internal error", async () => {
    const { answer } = await wire.ask("session/prompt", prompt(missing));
    expect(answer).toStrictEqual({
      jsonrpc: "2.0",
      id: 0,
      error: { code: -32603, message: "Internal error", data: { details: "Cannot read properties of undefined (reading 'turns')" } },
    });
  });

  it("a plain Error for the missing session is sent as -32603, its message in data.details", async () => {
    const { answer } = await wire.ask("session/set_mode", { sessionId: missing, modeId: "code" });
    expect(errorOf(answer)).toStrictEqual({ code: -32603, message: "Internal error", data: { details: "unknown session s-missing" } });
  });

  it("RequestError.invalidParams is sent as -32602, with no sessionId in a -32002", async () => {
    const { answer } = await wire.ask("session/load", { sessionId: missing, cwd: "/work", mcpServers: [] });
    expect(errorOf(answer)).toStrictEqual({ code: -32602, message: "Invalid params", data: { sessionId: missing } });
  });
});

describe("the wrong answers the rule's messages name (SDK 2.4.0)", () => {
  it('throw new Error("Session not found") is sent as -32603 with data.details', async () => {
    expect(await sentErrorFor(() => new Error("Session not found"))).toStrictEqual({
      code: -32603,
      message: "Internal error",
      data: { details: "Session not found" },
    });
  });

  it("a `!` on the lookup fails as the unchecked one does, as -32603", async () => {
    const chats = new Map<string, Chat>();
    const app = agent({ name: "asserting-agent" }).onRequest("session/prompt", ({ params }) => {
      chats.get(params.sessionId)!.turns += 1;
      return { stopReason: "end_turn" };
    });
    const { answer } = await askOnce(app, "session/prompt", prompt(missing));
    expect(errorOf(answer)).toStrictEqual({
      code: -32603,
      message: "Internal error",
      data: { details: "Cannot read properties of undefined (reading 'turns')" },
    });
  });

  it("a thrown string or { code, message } object is not a RequestError: -32603, its code lost", async () => {
    expect(await sentErrorFor(() => "Session not found")).toStrictEqual({ code: -32603, message: "Internal error", data: {} });
    expect(await sentErrorFor(() => ({ code: -32002, message: "Session not found", data: { sessionId: missing } }))).toStrictEqual({
      code: -32603,
      message: "Internal error",
      data: { details: "Session not found" },
    });
  });

  it("even a plain Error whose message is JSON naming the session is -32603 (the SDK parses the message into data)", async () => {
    expect(await sentErrorFor(() => new Error(JSON.stringify({ sessionId: missing })))).toStrictEqual({
      code: -32603,
      message: "Internal error",
      data: { sessionId: missing },
    });
  });

  it("invented codes go out as thrown: -32004 and -32001", async () => {
    expect(await sentErrorFor(() => new RequestError(-32004, "Session not found"))).toStrictEqual({ code: -32004, message: "Session not found" });
    expect(await sentErrorFor(() => new RequestError(-32001, "Session not found", { sessionId: missing }))).toStrictEqual({
      code: -32001,
      message: "Session not found",
      data: { sessionId: missing },
    });
  });
});

describe("the fix (SDK 2.4.0)", () => {
  let wire: Wire;
  beforeAll(() => {
    const chats = new Map<string, Chat>([["s-1", { turns: 0, mode: "ask" }]]);
    function requireChat(sessionId: string): Chat {
      const chat = chats.get(sessionId);
      if (!chat) throw RequestError.sessionNotFound(sessionId);
      return chat;
    }
    const app = agent({ name: "dev-agent" });
    app.onRequest(methods.agent.session.prompt, async (ctx) => {
      const chat = requireChat(ctx.params.sessionId);
      chat.turns += 1;
      return { stopReason: "end_turn" };
    });
    app.onRequest(methods.agent.session.setMode, ({ params }) => {
      const chat = requireChat(params.sessionId);
      chat.mode = params.modeId;
      return {};
    });
    app.onNotification(methods.agent.session.cancel, ({ params }) => {
      void chats.get(params.sessionId)?.turns;
    });
    wire = connect(app);
  });
  afterAll(() => wire.close());

  it("RequestError.sessionNotFound(id) is sent as -32002 Resource not found with data.sessionId", async () => {
    const { answer, outcome } = await wire.ask("session/prompt", prompt(missing));
    expect(errorOf(answer)).toStrictEqual({ code: -32002, message: "Resource not found", data: { sessionId: missing } });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32002, message: "Resource not found", data: { sessionId: missing } });
  });

  it("set_mode of an unknown session gets the same -32002", async () => {
    const { answer } = await wire.ask("session/set_mode", { sessionId: missing, modeId: "code" });
    expect(errorOf(answer)).toStrictEqual({ code: -32002, message: "Resource not found", data: { sessionId: missing } });
  });

  it("a known session still succeeds, and the cancel notification is never answered", async () => {
    await wire.agent.notify("session/cancel", { sessionId: missing });
    const { answer } = await wire.ask("session/prompt", prompt("s-1"));
    expect(answer.result).toStrictEqual({ stopReason: "end_turn" });
    // Every line the agent wrote answers one of the client's requests: none answers the notification.
    const requestIds = parseLines(wire.clientLines).flatMap((m) => (m.id === undefined ? [] : [m.id]));
    expect(wire.agentSent().map((m) => m.id)).toStrictEqual(requestIds);
  });

  it('new RequestError(-32002, "Resource not found", { sessionId }) sends exactly what sessionNotFound does', async () => {
    const byHand = await sentErrorFor(() => new RequestError(-32002, "Resource not found", { sessionId: missing }));
    expect(byHand).toStrictEqual(await sentErrorFor(() => RequestError.sessionNotFound(missing)));
    expect(byHand).toStrictEqual({ code: -32002, message: "Resource not found", data: { sessionId: missing } });
  });
});

describe("a legacy Agent class (SDK 1.9.0)", () => {
  it("a plain Error thrown in prompt is sent as -32603, and ClientSideConnection.prompt rejects with it", async () => {
    const { error, outcome } = await legacySentErrorFor(() => new Error("Session not found"));
    expect(error).toStrictEqual({ code: -32603, message: "Internal error", data: { details: "Session not found" } });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32603, message: "Internal error", data: { details: "Session not found" } });
  });

  it("an unchecked lookup in setSessionMode is sent as -32603", async () => {
    const chats = new Map<string, Chat>();
    class LookupAgent extends MinimalAgent {
      setSessionMode(params: SetSessionModeRequest) {
        chats.get(params.sessionId)!.mode = params.modeId;
        return {};
      }
    }
    const wire = connectLegacy(new LookupAgent());
    const { answer } = await wire.ask("session/set_mode", (a) => a.setSessionMode({ sessionId: missing, modeId: "code" }));
    await wire.close();
    expect(errorOf(answer)).toStrictEqual({
      code: -32603,
      message: "Internal error",
      data: { details: "Cannot set properties of undefined (setting 'mode')" },
    });
  });

  it('1.9.0 has no sessionNotFound; new RequestError(-32002, "Resource not found", { sessionId }) is sent with data.sessionId', async () => {
    expect("sessionNotFound" in LegacyRequestError).toBe(false);
    const { error, outcome } = await legacySentErrorFor((sessionId) => new LegacyRequestError(-32002, "Resource not found", { sessionId }));
    expect(error).toStrictEqual({ code: -32002, message: "Resource not found", data: { sessionId: missing } });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32002, message: "Resource not found", data: { sessionId: missing } });
  });
});
