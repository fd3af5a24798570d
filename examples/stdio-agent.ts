// echo-agent: an ACP agent without the SDK. It reads line-delimited JSON-RPC from stdin, keeps its
// sessions behind a small store class, and builds every answer with two helpers.
import { randomUUID } from "node:crypto";
import { createInterface } from "node:readline";

type Id = string | number | null;
interface Message {
  id: Id;
  method: string;
  params?: { sessionId?: string; modeId?: string; cwd?: string; protocolVersion?: number };
}
interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

const ErrorCode = {
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  NotFound: -32002,
  // Borrowed from LSP, where -32002 means "server not initialized".
  ServerNotInitialized: -32002,
} as const;

const MODES = ["ask", "code"];

interface Conversation {
  cwd: string;
  mode: string;
}

class ConversationStore {
  private readonly byId = new Map<string, Conversation>();

  open(cwd: string): string {
    const id = randomUUID();
    this.byId.set(id, { cwd, mode: "ask" });
    return id;
  }

  find(id: string): Conversation | undefined {
    return this.byId.get(id);
  }
}

const conversations = new ConversationStore();

function reply(id: Id, result: unknown) {
  return { jsonrpc: "2.0" as const, id, result };
}

function fail(id: Id, code: number, message: string, data?: unknown) {
  const error: RpcError = { code, message, data };
  return { jsonrpc: "2.0" as const, id, error };
}

let initialized = false;

function handle(msg: Message) {
  const sessionId = msg.params?.sessionId ?? "";
  if (!initialized && msg.method !== "initialize") {
    return fail(msg.id, ErrorCode.ServerNotInitialized, "Server not initialized"); // acp/require-initialize-gate: a request before initialize gets -32600; -32002 is LSP's number, in ACP it means Resource not found
  }
  switch (msg.method) {
    case "initialize":
      if (msg.params?.protocolVersion !== 1) {
        return fail(msg.id, ErrorCode.InvalidRequest, "Unsupported protocol version"); // acp/negotiate-protocol-version: answer with the latest version supported (1), the client decides
      }
      initialized = true;
      return reply(msg.id, { protocolVersion: 1, agentCapabilities: {} });
    case "session/new":
      return reply(msg.id, { sessionId: conversations.open(msg.params?.cwd ?? process.cwd()) });
    case "session/set_mode": {
      const conversation = conversations.find(sessionId);
      if (!conversation) return fail(msg.id, ErrorCode.InvalidParams, `Unknown session ${sessionId}`); // acp/require-session-check: a session missing from the store class is answered with -32602 instead of -32002
      const modeId = msg.params?.modeId ?? conversation.mode;
      if (!MODES.includes(modeId)) return fail(msg.id, ErrorCode.InternalError, `No mode ${modeId}`); // acp/invalid-params-error: an unknown mode is answered with -32602 Invalid params
      conversation.mode = modeId;
      return reply(msg.id, {});
    }
    case "session/prompt": {
      if (!conversations.find(sessionId)) return fail(msg.id, ErrorCode.NotFound, "Resource not found"); // acp/session-not-found-data: the -32002 that fail() builds has no data.sessionId
      return reply(msg.id, { stopReason: "end_turn" });
    }
    default:
      return fail(msg.id, ErrorCode.MethodNotFound, "Method not found", { method: msg.method });
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim()) process.stdout.write(`${JSON.stringify(handle(JSON.parse(line) as Message))}\n`);
}
