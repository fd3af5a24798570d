// Connects a real SDK 2.4.0 agent app and client app in one process over ndjson, recording every line each writes.
import { agent, type AgentApp, client, type ClientContext, ndJsonStream } from "@agentclientprotocol/sdk";
import { type Json, lastRequestId, parseLines, responseTo, tappedPipe, type WireMessage } from "./ndjson-tap.js";

/** How a client's request settled: its resolved value or the error it rejected with. */
export type Outcome = { value: unknown } | { error: unknown };

export interface Exchange {
  /** The response line the agent sent, parsed. */
  readonly answer: WireMessage;
  /** What the client's `ctx.request` gave back for it. */
  readonly outcome: Outcome;
}

export interface Wire {
  /** The client's side: `request` and `notify` go to the agent. */
  readonly agent: ClientContext;
  /** Lines the agent wrote and lines the client wrote, in order. */
  readonly agentLines: string[];
  readonly clientLines: string[];
  agentSent(): WireMessage[];
  /** The response the agent sent to request `id`. */
  answerOf(id: Json): WireMessage;
  /** Sends one request from the client and returns what the agent answered and what the client made of it. */
  ask(method: string, params?: unknown): Promise<Exchange>;
  close(): Promise<void>;
}

export function settle(promise: Promise<unknown>): Promise<Outcome> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

export function connect(app: AgentApp): Wire {
  const toAgent = tappedPipe();
  const toClient = tappedPipe();
  const agentConnection = app.connect(ndJsonStream(toClient.writable, toAgent.readable));
  const clientConnection = client({ name: "wire-client" }).connect(ndJsonStream(toAgent.writable, toClient.readable));
  const wire: Wire = {
    agent: clientConnection.agent,
    agentLines: toClient.lines,
    clientLines: toAgent.lines,
    agentSent: () => parseLines(toClient.lines),
    answerOf: (id) => responseTo(toClient.lines, id),
    async ask(method, params) {
      const outcome = await settle(clientConnection.agent.request(method, params));
      // The response has reached the client, so the request and its answer are both recorded by now.
      return { answer: wire.answerOf(lastRequestId(toAgent.lines, method)), outcome };
    },
    async close() {
      clientConnection.close();
      agentConnection.close();
      await Promise.all([clientConnection.closed, agentConnection.closed, toAgent.end(), toClient.end()]);
    },
  };
  return wire;
}

/** The `error` member of a response, failing when the response carries none. */
export function errorOf(message: WireMessage): Json {
  if (!("error" in message)) throw new Error(`not an error response: ${JSON.stringify(message)}`);
  return message.error!;
}

/** Connects `app`, sends one request, closes both sides, and returns the exchange. */
export async function askOnce(app: AgentApp, method: string, params?: unknown): Promise<Exchange> {
  const wire = connect(app);
  try {
    return await wire.ask(method, params);
  } finally {
    await wire.close();
  }
}

/** What goes to and fro when a `session/prompt` handler throws `thrown()` (or whatever `thrown` itself throws). */
export function throwingPrompt(thrown: () => unknown): Promise<Exchange> {
  const app = agent({ name: "throwing-agent" }).onRequest("session/prompt", () => {
    throw thrown();
  });
  return askOnce(app, "session/prompt", { sessionId: "s-1", prompt: [] });
}

/** The `error` the agent sends when a `session/prompt` handler throws `thrown()`. */
export async function sentErrorFor(thrown: () => unknown): Promise<Json> {
  return errorOf((await throwingPrompt(thrown)).answer);
}

/** A rejected request's error as plain fields, failing when the request resolved. */
export function rejectionOf(outcome: Outcome): { name: unknown; code: unknown; message: unknown; data: unknown } {
  if (!("error" in outcome)) throw new Error(`the request resolved with ${JSON.stringify(outcome.value)}`);
  const error = outcome.error as { name?: unknown; code?: unknown; message?: unknown; data?: unknown };
  return { name: error.name, code: error.code, message: error.message, data: error.data };
}
