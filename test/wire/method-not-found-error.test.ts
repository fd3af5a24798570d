// method-not-found-error: what a fallback's answer to an unknown method becomes on the wire.
import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import { AgentSideConnection, ndJsonStream, RequestError as LegacyRequestError } from "acp-sdk-legacy";
import { describe, expect, it } from "vitest";
import { connect, errorOf, type Exchange } from "./harness.js";
import { MinimalAgent } from "./legacy-harness.js";
import { type Json, parseLines, tappedPipe } from "./ndjson-tap.js";

const INIT = { protocolVersion: 1, clientCapabilities: {} };

async function askApp(app: Parameters<typeof connect>[0], method: string): Promise<Exchange> {
  const wire = connect(app);
  try {
    await wire.ask("initialize", INIT);
    return await wire.ask(method, {});
  } finally {
    await wire.close();
  }
}

const base = () => agent({ name: "a" }).onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: {} }));

describe("SDK 2.4.0 onRequest(\"*\")", () => {
  it("without a * handler the SDK answers -32601 with data { method }", async () => {
    const { answer } = await askApp(base(), "_acme/ping");
    expect(errorOf(answer)).toMatchObject({ code: -32601, data: { method: "_acme/ping" } });
  });

  it("a * handler throwing internalError sends -32603 (the incorrect example)", async () => {
    const app = base().onRequest("*", ({ method }) => {
      throw RequestError.internalError({ reason: `${method} is not supported` });
    });
    const { answer } = await askApp(app, "_acme/ping");
    expect(errorOf(answer)).toMatchObject({ code: -32603 });
  });

  it("a * handler throwing a plain Error sends -32603", async () => {
    const app = base().onRequest("*", () => {
      throw new Error("unsupported");
    });
    const { answer } = await askApp(app, "_acme/ping");
    expect(errorOf(answer)).toMatchObject({ code: -32603 });
  });

  it("a * handler throwing methodNotFound(method) sends -32601 (the fix)", async () => {
    const app = base().onRequest("*", ({ method }) => {
      throw RequestError.methodNotFound(method);
    });
    const { answer } = await askApp(app, "_acme/ping");
    expect(errorOf(answer)).toMatchObject({ code: -32601, data: { method: "_acme/ping" } });
  });

  it("a * handler returning { ok: false } is sent as a success result", async () => {
    const app = base().onRequest("*", () => ({ ok: false }));
    const { answer } = await askApp(app, "_acme/ping");
    expect(answer.error).toBeUndefined();
    expect(answer.result).toStrictEqual({ ok: false });
  });
});

/** Sends one raw request to a legacy 1.9.0 agent and returns its response. */
async function askLegacy(implementation: MinimalAgent, method: string, params: Json = {}): Promise<{ error?: Json; result?: Json }> {
  const toAgent = tappedPipe();
  const toClient = tappedPipe();
  const connection = new AgentSideConnection(() => implementation, ndJsonStream(toClient.writable, toAgent.readable));
  const writer = toAgent.writable.getWriter();
  await writer.write(new TextEncoder().encode(`${JSON.stringify({ jsonrpc: "2.0", id: 7, method, params })}\n`));
  const reader = toClient.readable.getReader();
  while (toClient.lines.length === 0) {
    const { done } = await reader.read();
    if (done) break;
  }
  reader.releaseLock();
  await writer.close();
  await connection.closed.catch(() => {});
  const [answer] = parseLines(toClient.lines);
  return answer as { error?: Json; result?: Json };
}

describe("legacy SDK 1.9.0 extMethod", () => {
  it("receives an unknown method that does not start with _", async () => {
    const seen: string[] = [];
    class Ext extends MinimalAgent {
      extMethod(method: string): Promise<Record<string, unknown>> {
        seen.push(method);
        return Promise.resolve({});
      }
    }
    await askLegacy(new Ext(), "acme/ping");
    expect(seen).toStrictEqual(["acme/ping"]);
  });

  it("throwing new RequestError(-32009, ...) sends -32009 (the incorrect example)", async () => {
    class Ext extends MinimalAgent {
      extMethod(method: string): Promise<Record<string, unknown>> {
        throw new LegacyRequestError(-32009, `no ${method}`);
      }
    }
    const answer = await askLegacy(new Ext(), "acme/ping");
    expect(answer.error).toMatchObject({ code: -32009 });
  });

  it("throwing an Error given the code -32601 (`.code =`, Object.assign) sends -32603: no-lost-error-code's finding", async () => {
    class Assigned extends MinimalAgent {
      extMethod(method: string): Promise<Record<string, unknown>> {
        const error = new Error(`Unknown method ${method}`);
        (error as { code?: number }).code = -32601;
        throw error;
      }
    }
    class Merged extends MinimalAgent {
      extMethod(method: string): Promise<Record<string, unknown>> {
        throw Object.assign(new Error(`Unknown method ${method}`), { code: -32601 });
      }
    }
    const answers = [await askLegacy(new Assigned(), "_acme/ping"), await askLegacy(new Merged(), "_acme/ping")];
    expect(answers.map((a) => (a.error as { code: number }).code)).toEqual([-32603, -32603]);
  });

  it("throwing an Error subclass of the project's own that carries a code sends -32603, as a member that says it is not supported does", async () => {
    class BridgeError extends Error {
      constructor(
        readonly code: string,
        message: string,
        readonly status = 500,
      ) {
        super(message);
      }
    }
    class Stubs extends MinimalAgent {
      extMethod(): Promise<Record<string, unknown>> {
        throw new BridgeError("UNSUPPORTED", "extension methods are not supported", 400);
      }
      loadSession(): Promise<never> {
        throw new BridgeError("UNSUPPORTED", "session/load is not supported in v1", 400);
      }
    }
    const answers = [await askLegacy(new Stubs(), "acme/ping"), await askLegacy(new Stubs(), "session/load", { sessionId: "s", cwd: "/", mcpServers: [] })];
    expect(answers.map((a) => (a.error as { code: number }).code)).toEqual([-32603, -32603]);
  });

  it("throwing methodNotFound(method) sends -32601 (the fix)", async () => {
    class Ext extends MinimalAgent {
      extMethod(method: string): Promise<Record<string, unknown>> {
        throw LegacyRequestError.methodNotFound(method);
      }
    }
    const answer = await askLegacy(new Ext(), "acme/ping");
    expect(answer.error).toMatchObject({ code: -32601 });
  });
});

// Protocol version 2: a targeted cancel the agent cannot carry out is answered with -32602, by the SDK itself too.
describe("SDK 2.4.0, protocol version 2 (experimental/v2): tool_call/cancel and terminal/cancel", () => {
  const v2Base = () =>
    v2.agent({ name: "a" }).onRequest(v2.methods.agent.initialize, () => ({ protocolVersion: 2, capabilities: { session: {} }, authMethods: [], info: { name: "a", version: "1" } }));

  /** Initializes a v2 client against `app`, sends one request, and returns the agent's response line. */
  async function askV2(app: ReturnType<typeof v2Base>, method: string, params: unknown): Promise<{ error?: Json; result?: Json }> {
    const toAgent = tappedPipe();
    const toClient = tappedPipe();
    app.connect(v2.ndJsonStream(toClient.writable, toAgent.readable));
    await v2.client({ name: "c" }).connectWith(v2.ndJsonStream(toAgent.writable, toClient.readable), async (ctx) => {
      await ctx.request(v2.methods.agent.initialize, { protocolVersion: 2, capabilities: {}, info: { name: "c", version: "1" } });
      await ctx.request(method as never, params as never).catch(() => undefined);
    });
    const answers = parseLines(toClient.lines).filter((m) => m.id !== undefined && m.method === undefined);
    return answers[answers.length - 1] as { error?: Json; result?: Json };
  }

  it("without a handler the app answers tool_call/cancel and terminal/cancel with -32602", async () => {
    expect((await askV2(v2Base(), "tool_call/cancel", { sessionId: "s", toolCallId: "t" })).error).toMatchObject({ code: -32602 });
    expect((await askV2(v2Base(), "terminal/cancel", { sessionId: "s", terminalId: "t" })).error).toMatchObject({ code: -32602 });
  });

  it("a handler throwing a plain 'not supported' Error sends -32603 (the incorrect example)", async () => {
    const app = v2Base().onRequest(v2.methods.agent.toolCall.cancel, () => {
      throw new Error("tool_call/cancel is not supported");
    });
    expect((await askV2(app, "tool_call/cancel", { sessionId: "s", toolCallId: "t" })).error).toMatchObject({ code: -32603 });
  });

  it("a handler throwing invalidParams sends -32602 (the fix)", async () => {
    const app = v2Base().onRequest(v2.methods.agent.terminal.cancel, () => {
      throw v2.RequestError.invalidParams(undefined, "this terminal cannot be cancelled");
    });
    expect((await askV2(app, "terminal/cancel", { sessionId: "s", terminalId: "t" })).error).toMatchObject({ code: -32602 });
  });
});
