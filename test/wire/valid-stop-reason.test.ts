// valid-stop-reason: what goes on the wire when a session/prompt handler answers a stop reason ACP does not define,
// and what the SDKs' clients make of it (SDK 2.4.0 app, legacy 1.9.0 Agent class); the fix for comparison.
import { agent, methods, type StopReason } from "@agentclientprotocol/sdk";
import type { PromptResponse } from "acp-sdk-legacy";
import { describe, expect, it } from "vitest";
import { askOnce } from "./harness.js";
import { connectLegacy, MinimalAgent } from "./legacy-harness.js";

const PROMPT = { sessionId: "s-1", prompt: [] };

const sdkAnswer = (stopReason: string) =>
  askOnce(
    agent({ name: "stop-agent" }).onRequest(methods.agent.session.prompt, () => ({ stopReason: stopReason as StopReason })),
    "session/prompt",
    PROMPT,
  );

async function legacyAnswer(stopReason: string) {
  class StopAgent extends MinimalAgent {
    override prompt(): PromptResponse {
      return { stopReason: stopReason as PromptResponse["stopReason"] };
    }
  }
  const wire = connectLegacy(new StopAgent());
  try {
    return await wire.ask("session/prompt", (a) => a.prompt(PROMPT));
  } finally {
    await wire.close();
  }
}

describe.each([
  ["SDK 2.4.0", sdkAnswer],
  ["legacy 1.9.0", legacyAnswer],
] as const)("%s", (_, answerWith) => {
  it('sends an undefined stop reason ("done") as it is: the agent side checks nothing', async () => {
    const { answer } = await answerWith("done");
    expect(answer.result).toStrictEqual({ stopReason: "done" });
  });

  it('the fix: a defined stop reason ("end_turn") goes out and reaches the client', async () => {
    const { answer, outcome } = await answerWith("end_turn");
    expect(answer.result).toStrictEqual({ stopReason: "end_turn" });
    expect(outcome).toStrictEqual({ value: { stopReason: "end_turn" } });
  });

  it("what the client makes of the undefined one", async () => {
    const { outcome } = await answerWith("done");
    expect(outcome).toStrictEqual({ value: { stopReason: "done" } });
  });
});
