// handle-unknown-error-codes: a peer's unknown code reaches client code intact, so the client's own switch decides what happens.
import { RequestError } from "@agentclientprotocol/sdk";
import { RequestError as LegacyRequestError } from "acp-sdk-legacy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Outcome, settle, throwingPrompt } from "./harness.js";
import { legacySentErrorFor } from "./legacy-harness.js";
import { connectRawAgent, type RawAgent } from "./raw-peer.js";

const quota = { code: 4242, message: "Quota exceeded", data: { retryAfter: 30 } };

/** The rejection of `outcome`, which must be an SDK 2.4.0 RequestError. */
function requestErrorOf(outcome: Outcome): RequestError {
  if (!("error" in outcome) || !(outcome.error instanceof RequestError)) throw new Error(`not a RequestError: ${JSON.stringify(outcome)}`);
  return outcome.error;
}

describe("an unknown code from a 2.4.0 agent", () => {
  it("is sent as thrown, and the 2.4.0 client's ctx.request rejects with a RequestError keeping code, message and data", async () => {
    const { answer, outcome } = await throwingPrompt(() => new RequestError(quota.code, quota.message, quota.data));
    expect(answer.error).toStrictEqual(quota);
    const error = requestErrorOf(outcome);
    expect({ code: error.code, message: error.message, data: error.data }).toStrictEqual(quota);
  });
});

describe("unknown codes from a hand-written agent, at a 2.4.0 client", () => {
  let peer: RawAgent;
  beforeAll(() => {
    peer = connectRawAgent();
  });
  afterAll(() => peer.close());

  async function rejectionFor(error: object): Promise<RequestError> {
    const pending = settle(peer.agent.request("session/prompt", { sessionId: "s-1", prompt: [] }));
    const request = await peer.nextFromClient();
    await peer.sendLine(JSON.stringify({ jsonrpc: "2.0", id: request.id, error }));
    return requestErrorOf(await pending);
  }

  it.each([
    ["an application code", { code: 4242, message: "Quota exceeded" }],
    ["a reserved code ACP does not define", { code: -32099, message: "Server busy", data: ["retry"] }],
    ["a code a later protocol version might add", { code: -32023, message: "Something new" }],
  ])("%s arrives as it was sent", async (_, sent) => {
    const error = await rejectionFor(sent);
    expect({ code: error.code, message: error.message, data: error.data }).toStrictEqual({ data: undefined, ...sent });
  });
});

describe("the docs' client code, given the real rejection", () => {
  type AgentFailure = { code: number; message: string };
  let failure: RequestError;
  beforeAll(async () => {
    failure = requestErrorOf((await throwingPrompt(() => new RequestError(quota.code, quota.message))).outcome);
  });

  it("the switch without a default falls off its end: undefined", () => {
    function nextStep(failure: AgentFailure) {
      switch (failure.code) {
        case -32000:
          return "login";
        case -32002:
          return "recreate";
        case -32601:
          return "skip";
      }
    }
    expect(nextStep(failure)).toBeUndefined();
  });

  it("the switch with a generic default gives the generic failure", () => {
    function nextStep(failure: AgentFailure) {
      switch (failure.code) {
        case -32000:
          return "login";
        case -32002:
          return "recreate";
        default:
          return "show-error";
      }
    }
    expect(nextStep(failure)).toBe("show-error");
  });

  it("the unguarded table lookup throws a TypeError; the fallback gives the message", () => {
    const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade the agent" };
    expect(() => HINTS[failure.code]!.trim()).toThrow(new TypeError("Cannot read properties of undefined (reading 'trim')"));
    expect(HINTS[failure.code] ?? failure.message).toBe("Quota exceeded");
  });
});

describe("an unknown code at a legacy client (SDK 1.9.0)", () => {
  it("ClientSideConnection.prompt rejects with a RequestError keeping code, message and data", async () => {
    const { error, outcome } = await legacySentErrorFor(() => new LegacyRequestError(quota.code, quota.message, quota.data));
    expect(error).toStrictEqual(quota);
    if (!("error" in outcome) || !(outcome.error instanceof LegacyRequestError)) throw new Error("not a 1.9.0 RequestError");
    expect({ code: outcome.error.code, message: outcome.error.message, data: outcome.error.data }).toStrictEqual(quota);
  });
});
