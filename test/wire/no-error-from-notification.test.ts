// What goes on the wire when a notification handler throws RequestError.sessionNotFound (SDK 2.4.0, legacy 1.9.0):
// nothing is sent in answer, the connection keeps working; the fix (log and return) sends nothing either.
import { agent, client, methods, ndJsonStream, RequestError } from "@agentclientprotocol/sdk";
import * as legacy from "acp-sdk-legacy";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MinimalAgent } from "./legacy-harness.js";
import { type Json, parseLines, tappedPipe, type WireMessage } from "./ndjson-tap.js";

const still = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Stream = ReturnType<typeof ndJsonStream>;

/** Writes hand-built lines to an endpoint built on `stream` and returns every line it wrote back. */
async function rawExchange(open: (stream: Stream) => object, lines: readonly Json[]): Promise<WireMessage[]> {
  const toPeer = tappedPipe();
  const fromPeer = tappedPipe();
  const endpoint = open(ndJsonStream(fromPeer.writable, toPeer.readable));
  const drained = fromPeer.readable.pipeTo(new WritableStream()).catch(() => {});
  const writer = toPeer.writable.getWriter();
  const encoder = new TextEncoder();
  for (const line of lines) await writer.write(encoder.encode(`${JSON.stringify(line)}\n`));
  await still(300);
  // SDK 2.x connections close; the legacy classes end with their input.
  if ("close" in endpoint && typeof endpoint.close === "function") (endpoint.close as () => void).call(endpoint);
  await writer.close().catch(() => {});
  await fromPeer.end();
  await drained;
  return parseLines(fromPeer.lines);
}

const CANCEL = { jsonrpc: "2.0", method: "session/cancel", params: { sessionId: "s-missing" } };
const PROMPT = { jsonrpc: "2.0", id: 1, method: "session/prompt", params: { sessionId: "s-1", prompt: [] } };
const PROMPT_ANSWER = { jsonrpc: "2.0", id: 1, result: { stopReason: "end_turn" } };
const UPDATE = {
  jsonrpc: "2.0",
  method: "session/update",
  params: { sessionId: "s-missing", update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } } },
};
const READ = { jsonrpc: "2.0", id: 2, method: "fs/read_text_file", params: { sessionId: "s-1", path: "/a.txt" } };
const READ_ANSWER = { jsonrpc: "2.0", id: 2, result: { content: "a" } };

const sessions = new Map<string, AbortController>();
let logged: ReturnType<typeof vi.spyOn>;
const quiet = () => (logged = vi.spyOn(console, "error").mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

describe("SDK 2.4.0", () => {
  it("a session/cancel handler throwing sessionNotFound: nothing sent for it, the following prompt is answered", async () => {
    quiet();
    const app = agent({ name: "a" })
      .onNotification(methods.agent.session.cancel, ({ params }) => {
        const session = sessions.get(params.sessionId);
        if (!session) throw RequestError.sessionNotFound(params.sessionId);
        session.abort();
      })
      .onRequest(methods.agent.session.prompt, () => ({ stopReason: "end_turn" as const }));
    const sent = await rawExchange((s) => app.connect(s), [CANCEL, PROMPT]);
    expect(sent).toStrictEqual([PROMPT_ANSWER]);
    expect(logged.mock.calls.map((c: unknown[]) => c[0])).toStrictEqual(["Error handling notification"]);
  });

  it("the fix (log and return): nothing sent either, the prompt is answered", async () => {
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const app = agent({ name: "a" })
      .onNotification(methods.agent.session.cancel, ({ params }) => {
        const session = sessions.get(params.sessionId);
        if (!session) {
          console.warn("cancel for an unknown session", params.sessionId);
          return;
        }
        session.abort();
      })
      .onRequest(methods.agent.session.prompt, () => ({ stopReason: "end_turn" as const }));
    const sent = await rawExchange((s) => app.connect(s), [CANCEL, PROMPT]);
    expect(sent).toStrictEqual([PROMPT_ANSWER]);
    expect(warned).toHaveBeenCalledTimes(1);
  });

  it("a client's session/update handler throwing sessionNotFound: nothing sent, the following fs request is answered", async () => {
    quiet();
    const app = client({ name: "c" })
      .onNotification(methods.client.session.update, ({ params }) => {
        if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
      })
      .onRequest(methods.client.fs.readTextFile, () => ({ content: "a" }));
    const sent = await rawExchange((s) => app.connect(s), [UPDATE, READ]);
    expect(sent).toStrictEqual([READ_ANSWER]);
    expect(logged.mock.calls.map((c: unknown[]) => c[0])).toStrictEqual(["Error handling notification"]);
  });

  it("the client's fix: nothing sent, the fs request is answered", async () => {
    const app = client({ name: "c" })
      .onNotification(methods.client.session.update, () => {})
      .onRequest(methods.client.fs.readTextFile, () => ({ content: "a" }));
    const sent = await rawExchange((s) => app.connect(s), [UPDATE, READ]);
    expect(sent).toStrictEqual([READ_ANSWER]);
  });
});

describe("legacy SDK 1.9.0", () => {
  class FailingCancel extends MinimalAgent {
    override cancel(...args: [legacy.CancelNotification?]): void {
      throw legacy.RequestError.resourceNotFound(args[0]?.sessionId);
    }
  }
  class LoggingCancel extends MinimalAgent {
    override cancel(): void {}
  }
  const legacyAgent = (implementation: legacy.Agent) => (s: Stream) =>
    new legacy.AgentSideConnection(() => implementation, s as unknown as legacy.Stream);
  const legacyClient = (sessionUpdate: legacy.Client["sessionUpdate"]) => (s: Stream) =>
    new legacy.ClientSideConnection(
      () => ({
        requestPermission: () => Promise.resolve({ outcome: { outcome: "cancelled" } }),
        sessionUpdate,
        readTextFile: () => Promise.resolve({ content: "a" }),
      }),
      s as unknown as legacy.Stream,
    );

  it("cancel() throwing a RequestError: nothing sent for it, the following prompt is answered", async () => {
    quiet();
    const sent = await rawExchange(legacyAgent(new FailingCancel()), [CANCEL, PROMPT]);
    expect(sent).toStrictEqual([PROMPT_ANSWER]);
    expect(logged.mock.calls.map((c: unknown[]) => c[0])).toStrictEqual(["Error handling notification"]);
  });

  it("the fix: nothing sent, the prompt is answered", async () => {
    const sent = await rawExchange(legacyAgent(new LoggingCancel()), [CANCEL, PROMPT]);
    expect(sent).toStrictEqual([PROMPT_ANSWER]);
  });

  it("a Client's sessionUpdate() throwing a RequestError: nothing sent, readTextFile is answered", async () => {
    quiet();
    const sent = await rawExchange(
      legacyClient(() => {
        throw legacy.RequestError.resourceNotFound("s-missing");
      }),
      [UPDATE, READ],
    );
    expect(sent).toStrictEqual([READ_ANSWER]);
    expect(logged.mock.calls.map((c: unknown[]) => c[0])).toStrictEqual(["Error handling notification"]);
  });

  it("the client's fix: nothing sent, readTextFile is answered", async () => {
    const sent = await rawExchange(legacyClient(() => Promise.resolve()), [UPDATE, READ]);
    expect(sent).toStrictEqual([READ_ANSWER]);
  });
});
