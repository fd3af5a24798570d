// valid-error-object: the 2.4.0 sender sends whatever code and message it is given; the 2.4.0 client rejects a malformed error itself.
import { RequestError } from "@agentclientprotocol/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rejectionOf, sentErrorFor, settle, throwingPrompt } from "./harness.js";
import { connectRawAgent, type RawAgent } from "./raw-peer.js";

const sessionId = "s-1";
const path = "notes.md";

// The docs say the SDK's constructor type rejects a string code and a missing message: tsc fails if a @ts-expect-error below goes unused.
const stringCode = () =>
  // @ts-expect-error: a string code
  new RequestError("-32602", "path must be absolute", { path });
const noMessage = () =>
  // @ts-expect-error: no message
  new RequestError(-32002, undefined, { sessionId });

describe("the sender validates nothing (SDK 2.4.0 agent)", () => {
  it("a fractional code goes out as it is, and the 2.4.0 client turns the response into -32600 Invalid request", async () => {
    const { answer, outcome } = await throwingPrompt(() => new RequestError(1.5, "Half a code"));
    expect(answer).toStrictEqual({ jsonrpc: "2.0", id: 0, error: { code: 1.5, message: "Half a code" } });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32600, message: "Invalid request", data: answer });
  });

  it("a number-like string code goes out as a string, rejected by the client as -32600", async () => {
    const { answer, outcome } = await throwingPrompt(stringCode);
    expect(answer.error).toStrictEqual({ code: "-32602", message: "path must be absolute", data: { path } });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32600, message: "Invalid request", data: answer });
  });

  it("a NaN code goes out as null, rejected by the client as -32600", async () => {
    const { answer, outcome } = await throwingPrompt(() => new RequestError(NaN, "Not a number"));
    expect(answer.error).toStrictEqual({ code: null, message: "Not a number" });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32600, message: "Invalid request", data: answer });
  });

  it("a RequestError built without a message sends the empty string, which the client accepts", async () => {
    const { answer, outcome } = await throwingPrompt(noMessage);
    expect(answer.error).toStrictEqual({ code: -32002, message: "", data: { sessionId } });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32002, message: "", data: { sessionId } });
  });

  it("a standard message with another code goes out unchanged", async () => {
    expect(await sentErrorFor(() => new RequestError(-32603, `Invalid params: ${path} is not Markdown`))).toStrictEqual({
      code: -32603,
      message: "Invalid params: notes.md is not Markdown",
    });
  });

  it("a thrown { code, message, data } object is no RequestError: -32603, its code, message and data replaced", async () => {
    expect(await sentErrorFor(() => ({ code: -32603, message: "Resource not found", data: { uri: path } }))).toStrictEqual({
      code: -32603,
      message: "Internal error",
      data: { details: "Resource not found" },
    });
  });
});

describe("the docs' correct errors (SDK 2.4.0 agent)", () => {
  it("sessionNotFound, invalidParams with a message, and an EBUSY Error", async () => {
    expect([
      await sentErrorFor(() => RequestError.sessionNotFound(sessionId)),
      await sentErrorFor(() => RequestError.invalidParams({ path }, "path must be absolute")),
      await sentErrorFor(() => Object.assign(new Error("File is locked"), { code: "EBUSY" })),
    ]).toStrictEqual([
      { code: -32002, message: "Resource not found", data: { sessionId } },
      { code: -32602, message: "Invalid params: path must be absolute", data: { path } },
      { code: -32603, message: "Internal error", data: { details: "File is locked" } },
    ]);
  });
});

describe("the 2.4.0 client facing a hand-written error response", () => {
  let peer: RawAgent;
  beforeAll(() => {
    peer = connectRawAgent();
  });
  afterAll(() => peer.close());

  /** Sends a prompt, answers it with `error`, and returns how the client's request settled. */
  async function answerWith(error: unknown) {
    const pending = settle(peer.agent.request("session/prompt", { sessionId, prompt: [] }));
    const request = await peer.nextFromClient();
    const response = { jsonrpc: "2.0", id: request.id, error };
    await peer.sendLine(JSON.stringify(response));
    return { response, outcome: await pending };
  }

  it.each([
    ["no message", { code: -32602 }],
    ["a number as message", { code: -32602, message: 42 }],
    ["a string code", { code: "SESSION_BUSY", message: "A prompt is running" }],
    ["a fractional code", { code: 1.5, message: "Half a code" }],
  ])("rejects an error with %s as -32600 Invalid request, the response as data", async (_, error) => {
    const { response, outcome } = await answerWith(error);
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32600, message: "Invalid request", data: response });
  });

  it("passes a well-formed error through with its code, message and data", async () => {
    const { outcome } = await answerWith({ code: 1001, message: "A prompt is running", data: { sessionId } });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: 1001, message: "A prompt is running", data: { sessionId } });
  });
});
