// prompt-cancel-stop-reason: what a session/prompt is answered with when session/cancel aborts the turn
// (SDK 2.4.0 apps and legacy 1.9.0 Agent classes): the rule's incorrect examples and the fix.
import { agent, type AgentApp, methods, RequestError } from "@agentclientprotocol/sdk";
import { type PromptRequest, type PromptResponse, RequestError as LegacyRequestError } from "acp-sdk-legacy";
import { describe, expect, it } from "vitest";
import { connect, type Exchange, rejectionOf, settle } from "./harness.js";
import { connectLegacy, MinimalAgent } from "./legacy-harness.js";
import { lastRequestId } from "./ndjson-tap.js";

const SESSION = "s-1";

/** Work that runs until its signal aborts, then rejects with the signal's AbortError, as fetch and model SDKs do. */
function longWork(signal: AbortSignal, started: () => void): Promise<void> {
  return new Promise((_, reject) => {
    started();
    signal.addEventListener("abort", () => reject(signal.reason as Error), { once: true });
  });
}

/** What a prompt turn's catch does once the work failed: the variants under test. */
type OnAbort = (controller: AbortController, error: unknown) => PromptResponse;

const onAbort = {
  endTurn: (c) => {
    if (c.signal.aborted) return { stopReason: "end_turn" };
    throw new Error("model failed");
  },
  rethrow: (c, error) => {
    if (c.signal.aborted) throw error;
    return { stopReason: "end_turn" };
  },
  plainError: (c) => {
    if (c.signal.aborted) throw new Error("turn aborted");
    return { stopReason: "end_turn" };
  },
  requestCancelled: (c) => {
    if (c.signal.aborted) throw RequestError.requestCancelled();
    return { stopReason: "end_turn" };
  },
  // A legacy agent must throw its own SDK's RequestError: another copy's goes out as -32603.
  legacyRequestCancelled: (c) => {
    if (c.signal.aborted) throw LegacyRequestError.requestCancelled();
    return { stopReason: "end_turn" };
  },
  fix: (c, error) => {
    if (c.signal.aborted) return { stopReason: "cancelled" };
    throw error;
  },
} satisfies Record<string, OnAbort>;

/** An SDK 2.4.0 agent whose session/cancel aborts the turn's own controller, and whose prompt handles the abort with `handle`. */
function sdkAgent(handle: OnAbort, started: () => void): AgentApp {
  const turns = new Map<string, AbortController>();
  return agent({ name: "turn-agent" })
    .onRequest(methods.agent.session.prompt, async ({ params }) => {
      const controller = new AbortController();
      turns.set(params.sessionId, controller);
      try {
        await longWork(controller.signal, started);
        return { stopReason: "end_turn" };
      } catch (error) {
        return handle(controller, error);
      }
    })
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      turns.get(params.sessionId)?.abort();
    });
}

/** Sends session/prompt, then session/cancel once the turn runs; returns what the prompt was answered with. */
async function cancelTurn(handle: OnAbort): Promise<Exchange> {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const wire = connect(sdkAgent(handle, () => started()));
  try {
    const pending = settle(wire.agent.request(methods.agent.session.prompt, { sessionId: SESSION, prompt: [] }));
    await running;
    await wire.agent.notify(methods.agent.session.cancel, { sessionId: SESSION });
    const outcome = await pending;
    return { answer: wire.answerOf(lastRequestId(wire.clientLines, "session/prompt")), outcome };
  } finally {
    await wire.close();
  }
}

/** The same with a legacy 1.9.0 Agent class: ClientSideConnection.prompt, then cancel. */
async function cancelLegacyTurn(handle: OnAbort): Promise<Exchange> {
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  class TurnAgent extends MinimalAgent {
    private readonly turns = new Map<string, AbortController>();
    override async prompt(params: PromptRequest): Promise<PromptResponse> {
      const controller = new AbortController();
      this.turns.set(params.sessionId, controller);
      try {
        await longWork(controller.signal, started);
        return { stopReason: "end_turn" };
      } catch (error) {
        return handle(controller, error);
      }
    }
    override cancel(params?: { sessionId: string }): void {
      if (!params) return;
      this.turns.get(params.sessionId)?.abort();
    }
  }
  const wire = connectLegacy(new TurnAgent());
  try {
    const pending = wire.ask("session/prompt", (a) => a.prompt({ sessionId: SESSION, prompt: [] }));
    await running;
    await wire.agent.cancel({ sessionId: SESSION });
    return await pending;
  } finally {
    await wire.close();
  }
}

const ABORT_DETAILS = { details: "This operation was aborted" };

describe.each([
  ["SDK 2.4.0 agent app", cancelTurn, onAbort.requestCancelled],
  ["legacy 1.9.0 Agent class", cancelLegacyTurn, onAbort.legacyRequestCancelled],
] as const)("a prompt turn cancelled with session/cancel: %s", (_, cancel, requestCancelled) => {
  it('a result with another stop reason after the abort goes out as a success with that stop reason ("end_turn")', async () => {
    const { answer, outcome } = await cancel(onAbort.endTurn);
    expect(answer.result).toStrictEqual({ stopReason: "end_turn" });
    expect(outcome).toStrictEqual({ value: { stopReason: "end_turn" } });
  });

  it("a rethrown abort error goes out as -32603 Internal error", async () => {
    const { answer, outcome } = await cancel(onAbort.rethrow);
    expect(answer.error).toStrictEqual({ code: -32603, message: "Internal error", data: ABORT_DETAILS });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32603, message: "Internal error", data: ABORT_DETAILS });
  });

  it("a new Error thrown after the abort goes out as -32603 Internal error too", async () => {
    const { answer } = await cancel(onAbort.plainError);
    expect(answer.error).toStrictEqual({ code: -32603, message: "Internal error", data: { details: "turn aborted" } });
  });

  it("RequestError.requestCancelled() goes out as -32800, an error, not the cancelled stop reason", async () => {
    const { answer, outcome } = await cancel(requestCancelled);
    expect(answer.error).toMatchObject({ code: -32800, message: "Request cancelled" });
    expect(rejectionOf(outcome)).toMatchObject({ code: -32800 });
  });

  it('the fix, { stopReason: "cancelled" }, goes out as the successful result the client confirms the cancellation by', async () => {
    const { answer, outcome } = await cancel(onAbort.fix);
    expect(answer.result).toStrictEqual({ stopReason: "cancelled" });
    expect(outcome).toStrictEqual({ value: { stopReason: "cancelled" } });
  });
});

describe("SDK 2.4.0: the handler context's signal", () => {
  it("is not aborted by session/cancel: a turn that only checks it answers its usual result", async () => {
    let started!: () => void;
    let cancelled!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const cancelSeen = new Promise<void>((resolve) => (cancelled = resolve));
    const app = agent({ name: "ctx-signal-agent" })
      .onRequest(methods.agent.session.prompt, async ({ signal }) => {
        started();
        await cancelSeen;
        return { stopReason: signal.aborted ? ("cancelled" as const) : ("end_turn" as const) };
      })
      .onNotification(methods.agent.session.cancel, () => cancelled());
    const wire = connect(app);
    try {
      const pending = settle(wire.agent.request(methods.agent.session.prompt, { sessionId: SESSION, prompt: [] }));
      await running;
      await wire.agent.notify(methods.agent.session.cancel, { sessionId: SESSION });
      expect(await pending).toStrictEqual({ value: { stopReason: "end_turn" } });
    } finally {
      await wire.close();
    }
  });
});
