// Connects SDK 1.9.0's legacy classes, AgentSideConnection and ClientSideConnection, over ndjson, recording the agent's lines.
import {
  type Agent,
  AgentSideConnection,
  type AuthenticateResponse,
  type Client,
  ClientSideConnection,
  type InitializeResponse,
  type NewSessionResponse,
  ndJsonStream,
  type PromptRequest,
  type PromptResponse,
  RequestError,
} from "acp-sdk-legacy";
import type { Exchange } from "./harness.js";
import { settle } from "./harness.js";
import { type Json, lastRequestId, parseLines, responseTo, tappedPipe, type WireMessage } from "./ndjson-tap.js";

/** The members every legacy `Agent` must have; a test overrides the handler it is about. */
export class MinimalAgent implements Agent {
  initialize(): InitializeResponse {
    return { protocolVersion: 1 };
  }
  newSession(): NewSessionResponse {
    return { sessionId: "s-new" };
  }
  authenticate(): AuthenticateResponse {
    return {};
  }
  prompt(params: PromptRequest): PromptResponse | Promise<PromptResponse> {
    void params;
    return { stopReason: "end_turn" };
  }
  cancel(): void {}
}

const quietClient: Client = {
  requestPermission: () => {
    throw RequestError.methodNotFound("session/request_permission");
  },
  sessionUpdate: () => {},
};

export interface LegacyWire {
  /** The legacy client, whose methods (`prompt`, `deleteSession` …) send requests to the agent. */
  readonly agent: ClientSideConnection;
  readonly agentLines: string[];
  agentSent(): WireMessage[];
  answerOf(id: Json): WireMessage;
  /** Runs one client call that sends a `method` request; returns the agent's response and the call's outcome. */
  ask(method: string, call: (agent: ClientSideConnection) => Promise<unknown>): Promise<Exchange>;
  close(): Promise<void>;
}

export function connectLegacy(implementation: Agent): LegacyWire {
  const toAgent = tappedPipe();
  const toClient = tappedPipe();
  const agentSide = new AgentSideConnection(() => implementation, ndJsonStream(toClient.writable, toAgent.readable));
  const clientSide = new ClientSideConnection(() => quietClient, ndJsonStream(toAgent.writable, toClient.readable));
  const wire: LegacyWire = {
    agent: clientSide,
    agentLines: toClient.lines,
    agentSent: () => parseLines(toClient.lines),
    answerOf: (id) => responseTo(toClient.lines, id),
    async ask(method, call) {
      const outcome = await settle(call(clientSide));
      return { answer: wire.answerOf(lastRequestId(toAgent.lines, method)), outcome };
    },
    async close() {
      // The legacy classes have no close(): ending both pipes ends both connections.
      await Promise.all([toAgent.end(), toClient.end()]);
      await Promise.all([agentSide.closed, clientSide.closed]);
    },
  };
  return wire;
}

/** The `error` a legacy agent whose `prompt` throws `thrown(sessionId)` sends, and how ClientSideConnection.prompt settles. */
export async function legacySentErrorFor(thrown: (sessionId: string) => unknown): Promise<Exchange & { error: Json }> {
  class ThrowingAgent extends MinimalAgent {
    override prompt(params: PromptRequest): never {
      throw thrown(params.sessionId);
    }
  }
  const wire = connectLegacy(new ThrowingAgent());
  try {
    const exchange = await wire.ask("session/prompt", (a) => a.prompt({ sessionId: "s-missing", prompt: [] }));
    const { error } = exchange.answer;
    if (error === undefined) throw new Error(`not an error response: ${JSON.stringify(exchange.answer)}`);
    return { ...exchange, error };
  } finally {
    await wire.close();
  }
}
