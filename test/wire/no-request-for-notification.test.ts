// What goes on the wire when a notification is sent as a request and a request as a notification (SDK 2.4.0, 1.9.0).
import { agent, type AgentApp, ndJsonStream } from "@agentclientprotocol/sdk";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import type { CancelNotification, PromptRequest } from "acp-sdk-legacy";
import { describe, expect, it } from "vitest";
import { connect, settle } from "./harness.js";
import { connectLegacy, MinimalAgent } from "./legacy-harness.js";
import { type Json, parseLines, tappedPipe } from "./ndjson-tap.js";

/** Resolves "still waiting" after `ms`: the bound on a wait for an answer that may never come. */
const still = (ms: number) => new Promise<"still waiting">((resolve) => setTimeout(() => resolve("still waiting"), ms));

/** An agent that records what its cancel and prompt handlers receive. */
function recordingAgent(): { app: AgentApp; cancels: unknown[]; prompts: unknown[] } {
  const cancels: unknown[] = [];
  const prompts: unknown[] = [];
  const app = agent({ name: "recording-agent" })
    .onRequest("session/prompt", ({ params }) => {
      prompts.push(params);
      return { stopReason: "end_turn" as const };
    })
    .onNotification("session/cancel", ({ params }) => {
      cancels.push(params);
    });
  return { app, cancels, prompts };
}

const METHOD_NOT_FOUND = { code: -32601, message: '"Method not found": session/cancel', data: { method: "session/cancel" } };

describe("SDK 2.4.0", () => {
  it("ctx.request('session/cancel'): the agent answers -32601 and its cancel handler never runs", async () => {
    const { app, cancels } = recordingAgent();
    const wire = connect(app);
    try {
      const outcome = await Promise.race([settle(wire.agent.request("session/cancel", { sessionId: "s" })), still(1000)]);
      expect(parseLines(wire.clientLines)).toEqual([{ jsonrpc: "2.0", id: 0, method: "session/cancel", params: { sessionId: "s" } }]);
      expect(parseLines(wire.agentLines)).toEqual([{ jsonrpc: "2.0", id: 0, error: METHOD_NOT_FOUND }]);
      expect(outcome).not.toBe("still waiting");
      expect(outcome).toMatchObject({ error: { code: -32601, data: { method: "session/cancel" } } });
      expect(cancels).toEqual([]);
    } finally {
      await wire.close();
    }
  });

  it("the fix, ctx.notify('session/cancel'): the cancel handler runs and nothing is sent back", async () => {
    const { app, cancels } = recordingAgent();
    const wire = connect(app);
    try {
      await wire.agent.notify("session/cancel", { sessionId: "s" });
      await still(100);
      expect(parseLines(wire.clientLines)).toEqual([{ jsonrpc: "2.0", method: "session/cancel", params: { sessionId: "s" } }]);
      expect(cancels).toEqual([{ sessionId: "s" }]);
      expect(wire.agentLines).toEqual([]);
    } finally {
      await wire.close();
    }
  });

  it("ctx.notify('session/prompt'): the agent drops it, the prompt handler never runs and no answer comes", async () => {
    const { app, prompts } = recordingAgent();
    const wire = connect(app);
    try {
      const sent = await wire.agent.notify("session/prompt", { sessionId: "s", prompt: [] });
      expect(sent).toBeUndefined();
      await still(300);
      expect(parseLines(wire.clientLines)).toEqual([{ jsonrpc: "2.0", method: "session/prompt", params: { sessionId: "s", prompt: [] } }]);
      expect(prompts).toEqual([]);
      expect(wire.agentLines).toEqual([]);
    } finally {
      await wire.close();
    }
  });

  it("the fix, ctx.request('session/prompt'): the handler runs and its answer comes back", async () => {
    const { app, prompts } = recordingAgent();
    const wire = connect(app);
    try {
      const outcome = await wire.ask("session/prompt", { sessionId: "s", prompt: [] });
      expect(outcome.outcome).toEqual({ value: { stopReason: "end_turn" } });
      expect(prompts).toEqual([{ sessionId: "s", prompt: [] }]);
    } finally {
      await wire.close();
    }
  });

  /** Writes hand-built lines to a 2.4.0 agent and returns what it wrote back within the bound. */
  async function rawLines(app: AgentApp, lines: readonly Json[]): Promise<Json[]> {
    const toAgent = tappedPipe();
    const toClient = tappedPipe();
    const connection = app.connect(ndJsonStream(toClient.writable, toAgent.readable));
    const writer = toAgent.writable.getWriter();
    // Nobody else reads the agent's output: drain it, or the pipe holds the agent's lines back.
    const drained = toClient.readable.pipeTo(new WritableStream()).catch(() => {});
    const encoder = new TextEncoder();
    for (const line of lines) await writer.write(encoder.encode(`${JSON.stringify(line)}\n`));
    await still(300);
    connection.close();
    await writer.close().catch(() => {});
    await connection.closed;
    await toClient.end();
    await drained;
    return parseLines(toClient.lines) as Json[];
  }

  it("envelopes: a cancel with an id gets -32601 (handler not run); a prompt without an id gets nothing (handler not run)", async () => {
    const { app, cancels, prompts } = recordingAgent();
    const answers = await rawLines(app, [
      { jsonrpc: "2.0", id: 7, method: "session/cancel", params: { sessionId: "s" } },
      { jsonrpc: "2.0", method: "session/prompt", params: { sessionId: "s", prompt: [] } },
    ]);
    expect(answers).toEqual([{ jsonrpc: "2.0", id: 7, error: METHOD_NOT_FOUND }]);
    expect(cancels).toEqual([]);
    expect(prompts).toEqual([]);
  });

  it("the envelopes' fixes: the cancel without id runs the handler, the prompt with an id is answered", async () => {
    const { app, cancels, prompts } = recordingAgent();
    const answers = await rawLines(app, [
      { jsonrpc: "2.0", method: "session/cancel", params: { sessionId: "s" } },
      { jsonrpc: "2.0", id: 8, method: "session/prompt", params: { sessionId: "s", prompt: [] } },
    ]);
    expect(answers).toEqual([{ jsonrpc: "2.0", id: 8, result: { stopReason: "end_turn" } }]);
    expect(cancels).toEqual([{ sessionId: "s" }]);
    expect(prompts).toEqual([{ sessionId: "s", prompt: [] }]);
  });
});

describe("legacy SDK 1.9.0", () => {
  class RecordingAgent extends MinimalAgent {
    readonly cancels: unknown[] = [];
    readonly prompts: unknown[] = [];
    // MinimalAgent's cancel() takes no params: the params arrive as the first argument all the same.
    override cancel(...args: [CancelNotification?]): void {
      this.cancels.push(args[0]);
    }
    override prompt(params: PromptRequest) {
      this.prompts.push(params);
      return { stopReason: "end_turn" as const };
    }
  }

  it("extMethod('session/cancel'): -32601, cancel() never runs; extNotification('session/cancel') runs it", async () => {
    const implementation = new RecordingAgent();
    const wire = connectLegacy(implementation);
    try {
      const outcome = await Promise.race([settle(wire.agent.extMethod("session/cancel", { sessionId: "s" })), still(1000)]);
      expect(outcome).toMatchObject({ error: { code: -32601, data: { method: "session/cancel" } } });
      expect(wire.agentSent()).toEqual([{ jsonrpc: "2.0", id: 0, error: METHOD_NOT_FOUND }]);
      expect(implementation.cancels).toEqual([]);
      await wire.agent.extNotification("session/cancel", { sessionId: "s" });
      await still(100);
      expect(implementation.cancels).toEqual([{ sessionId: "s" }]);
      expect(wire.agentSent()).toHaveLength(1);
    } finally {
      await wire.close();
    }
  });

  it("extNotification('session/prompt'): dropped, prompt() never runs, nothing comes back; extMethod gets the answer", async () => {
    const implementation = new RecordingAgent();
    const wire = connectLegacy(implementation);
    try {
      await wire.agent.extNotification("session/prompt", { sessionId: "s", prompt: [] });
      await still(300);
      expect(implementation.prompts).toEqual([]);
      expect(wire.agentSent()).toEqual([]);
      const answer = await Promise.race([wire.agent.extMethod("session/prompt", { sessionId: "s", prompt: [] }), still(1000)]);
      expect(answer).toEqual({ stopReason: "end_turn" });
      expect(implementation.prompts).toHaveLength(1);
    } finally {
      await wire.close();
    }
  });
});

// Protocol version 2 (experimental/v2): the same on the wire, for v2's own methods too.
describe("SDK 2.4.0, protocol version 2 (experimental/v2), raw messages to an agent app", () => {
  it("session/cancel with an id is answered -32601 without running the handler; tool_call/cancel without an id is dropped", async () => {
    const ran: string[] = [];
    const app = v2
      .agent({ name: "a" })
      .onRequest(v2.methods.agent.initialize, () => ({ protocolVersion: 2, capabilities: { session: {} }, authMethods: [], info: { name: "a", version: "1" } }))
      .onNotification(v2.methods.agent.session.cancel, () => {
        ran.push("session/cancel");
      })
      .onRequest(v2.methods.agent.toolCall.cancel, () => {
        ran.push("tool_call/cancel");
        return {};
      });
    const toAgent = tappedPipe();
    const toClient = tappedPipe();
    app.connect(v2.ndJsonStream(toClient.writable, toAgent.readable));
    const writer = toAgent.writable.getWriter();
    const reader = toClient.readable.getReader();
    const send = (message: Json) => writer.write(new TextEncoder().encode(`${JSON.stringify(message)}\n`));
    await send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 2, capabilities: {}, info: { name: "c", version: "1" } } });
    await reader.read();
    await send({ jsonrpc: "2.0", id: 2, method: "session/cancel", params: { sessionId: "s" } });
    await reader.read();
    await send({ jsonrpc: "2.0", method: "tool_call/cancel", params: { sessionId: "s", toolCallId: "t" } });
    // A request after it: its answer shows the notification was read (and dropped) before it.
    await send({ jsonrpc: "2.0", id: 3, method: "_acme/ping", params: {} });
    await reader.read();
    reader.releaseLock();
    await writer.close();
    const answers = parseLines(toClient.lines);
    expect(answers.find((m) => m.id === 2)).toMatchObject({ error: { code: -32601, data: { method: "session/cancel" } } });
    expect(answers.some((m) => m.id === undefined)).toBe(false);
    expect(ran).toEqual([]);
  });
});
