// no-reserved-error-code: codes go on the wire exactly as thrown, reserved or not, and the client keeps them.
import { RequestError } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { rejectionOf, sentErrorFor, throwingPrompt } from "./harness.js";

const Errors = { InvalidParams: -32602, InternalError: -32603, Busy: -32010 } as const;
const sessionId = "s-1";

describe("the docs' incorrect codes (SDK 2.4.0)", () => {
  it("-32001 for an unknown session goes out as -32001, and the client rejects with -32001", async () => {
    const { answer, outcome } = await throwingPrompt(() => new RequestError(-32001, "Session not found", { sessionId }));
    expect(answer.error).toStrictEqual({ code: -32001, message: "Session not found", data: { sessionId } });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32001, message: "Session not found", data: { sessionId } });
  });

  it("a code-table member, a conditional's branch and a helper's argument go out as written", async () => {
    const providerFailed = (retryable: boolean) => new RequestError(retryable ? -32029 : Errors.InternalError, "Model provider unavailable");
    function fail(code: number, message: string): never {
      throw new RequestError(code, message);
    }
    expect([
      await sentErrorFor(() => new RequestError(Errors.Busy, "A prompt is already running")),
      await sentErrorFor(() => providerFailed(true)),
      await sentErrorFor(() => fail(-32004, "Not logged in")),
    ]).toStrictEqual([
      { code: -32010, message: "A prompt is already running" },
      { code: -32029, message: "Model provider unavailable" },
      { code: -32004, message: "Not logged in" },
    ]);
  });

  it("RequestError.sessionNotFound(sessionId) sends -32002, an ACP code", async () => {
    expect(await sentErrorFor(() => RequestError.sessionNotFound(sessionId))).toStrictEqual({ code: -32002, message: "Resource not found", data: { sessionId } });
  });
});

describe("the docs' correct codes (SDK 2.4.0)", () => {
  it("codes outside the reserved range go out as written: 1001 and 429", async () => {
    expect([
      await sentErrorFor(() => new RequestError(1001, "A prompt is already running", { sessionId })),
      await sentErrorFor(() => new RequestError(429, "Too many prompts, try again in a minute")),
    ]).toStrictEqual([
      { code: 1001, message: "A prompt is already running", data: { sessionId } },
      { code: 429, message: "Too many prompts, try again in a minute" },
    ]);
  });
});

describe("error forms the rule checks that an SDK handler does not send with their code", () => {
  // These forms matter in hand-rolled dispatch; thrown from an SDK handler they are not RequestErrors, so -32603 goes out.
  it("a thrown { code, message }, Object.assign(new Error(m), { code }) and err.code = n all go out as -32603", async () => {
    const withCode = Object.assign(new Error("A prompt is already running"), { code: -32010 });
    const assigned = new Error("Not logged in") as Error & { code?: number };
    assigned.code = -32004;
    expect([
      await sentErrorFor(() => ({ code: -32001, message: "Session not found" })),
      await sentErrorFor(() => withCode),
      await sentErrorFor(() => assigned),
    ]).toStrictEqual([
      { code: -32603, message: "Internal error", data: { details: "Session not found" } },
      { code: -32603, message: "Internal error", data: { details: "A prompt is already running" } },
      { code: -32603, message: "Internal error", data: { details: "Not logged in" } },
    ]);
  });
});
