// notes-agent: a tiny ACP agent that reads the files you mention and, in "code"
// mode, offers to write their first lines to NOTES.md. Speaks ACP over stdio.
import { randomUUID } from "node:crypto";
import * as path from "node:path";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { agent, methods, ndJsonStream, PROTOCOL_VERSION, RequestError } from "@agentclientprotocol/sdk";
import type { FileSystemCapabilities, SessionMode, SessionModeId, StopReason } from "@agentclientprotocol/sdk";

const Errors = {
  InvalidParams: -32602,
  InternalError: -32603,
  Busy: -32010, // acp/no-reserved-error-code: -32010 is inside the reserved -32768..-32000 range but ACP does not define it
} as const;

// Our own code for "slow down", borrowed from HTTP; it is outside the reserved range.
const TOO_MANY_PROMPTS = 429;
const PROMPTS_PER_MINUTE = 20;

const MODES: SessionMode[] = [
  { id: "ask", name: "Ask", description: "Read files and answer, never write" },
  { id: "code", name: "Code", description: "May write NOTES.md after asking" },
];

interface Session {
  cwd: string;
  mode: SessionModeId;
  turn: AbortController | null;
  recentPrompts: number[];
}

const sessions = new Map<string, Session>();
let clientFs: FileSystemCapabilities = {};

const app = agent({ name: "notes-agent" })
  .onRequest(methods.agent.initialize, ({ params }) => {
    clientFs = params.clientCapabilities?.fs ?? {};
    return {
      protocolVersion: PROTOCOL_VERSION,
      agentCapabilities: { loadSession: false, sessionCapabilities: { close: {}, delete: {}, resume: {} } },
      agentInfo: { name: "notes-agent", version: "0.3.1" },
    };
  })
  .onRequest(methods.agent.session.new, ({ params: { cwd } }) => {
    if (!path.isAbsolute(cwd)) throw Object.assign(new Error("cwd must be an absolute path"), { code: -32602 }); // acp/no-lost-error-code acp/prefer-error-factory: only a RequestError keeps its code (the SDK sends this as -32603); RequestError.invalidParams() does
    const sessionId = randomUUID();
    sessions.set(sessionId, { cwd, mode: "ask", turn: null, recentPrompts: [] });
    return { sessionId, modes: { currentModeId: "ask", availableModes: MODES } };
  })
  .onRequest(methods.agent.session.setMode, ({ params: { sessionId, modeId } }) => {
    const session = sessions.get(sessionId);
    if (!session) throw RequestError.sessionNotFound(sessionId);
    if (!MODES.some((mode) => mode.id === modeId)) {
      throw new RequestError(-32602, "Unknown mode", { modeId }); // acp/prefer-error-factory: -32602 has RequestError.invalidParams()
    }
    session.mode = modeId;
    return {};
  })
  .onRequest(methods.agent.session.prompt, async ({ params: { sessionId, prompt }, client, signal }) => {
    const session = sessions.get(sessionId);
    if (!session) throw new RequestError(-32001, "Session not found"); // acp/no-reserved-error-code acp/require-session-check: -32001 is an invented code in the reserved range; an unknown session gets -32002 (RequestError.sessionNotFound())
    if (session.turn) throw new RequestError(Errors.Busy, "A prompt is already running in this session"); // acp/no-reserved-error-code: Errors.Busy is the invented -32010 from the table above

    const now = Date.now();
    session.recentPrompts = [...session.recentPrompts.filter((t) => now - t < 60_000), now];
    if (session.recentPrompts.length > PROMPTS_PER_MINUTE) {
      throw new RequestError(TOO_MANY_PROMPTS, "Too many prompts, try again in a minute", { limit: PROMPTS_PER_MINUTE });
    }

    if (prompt.length > 100) return { stopReason: "too_long" as StopReason }; // acp/valid-stop-reason: the cast hides it from tsc, but ACP's stop reasons are only end_turn, max_tokens, max_turn_requests, refusal and cancelled

    const turn = new AbortController();
    session.turn = turn;
    const cancelled = AbortSignal.any([turn.signal, signal]);
    const say = (text: string) =>
      client.notify(methods.client.session.update, {
        sessionId,
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } },
      });

    try {
      const read: string[] = [];
      for (const block of prompt) {
        if (block.type === "text") await say(block.text);
        if (block.type !== "resource_link" || !block.uri.startsWith("file:") || !clientFs.readTextFile) continue;
        const file = fileURLToPath(block.uri);
        const { content } = await client
          .request(methods.client.fs.readTextFile, { sessionId, path: file, limit: 1 }, { cancellationSignal: cancelled })
          .catch((err: unknown) => {
            if (err instanceof RequestError && err.code === -32002) return { content: "(not found)" };
            throw err;
          });
        read.push(`${path.relative(session.cwd, file)}: ${content}`);
      }
      if (read.length > 0) await say(`\nFirst lines:\n${read.join("\n")}\n`);

      if (session.mode === "code" && read.length > 0 && clientFs.writeTextFile) {
        const { outcome } = await client.request(
          methods.client.session.requestPermission,
          {
            sessionId,
            toolCall: { toolCallId: randomUUID(), title: "Write NOTES.md", kind: "edit" },
            options: [
              { optionId: "allow", name: "Write it", kind: "allow_once" },
              { optionId: "reject", name: "Skip", kind: "reject_once" },
            ],
          },
          { cancellationSignal: cancelled },
        );
        if (outcome.outcome === "selected" && outcome.optionId === "allow") {
          const notes = { sessionId, path: path.join(session.cwd, "NOTES.md"), content: `${read.join("\n")}\n` };
          await client.request(methods.client.fs.writeTextFile, notes, { cancellationSignal: cancelled });
        }
      }
      return { stopReason: cancelled.aborted ? "cancelled" : "end_turn" };
    } catch (err) {
      if (turn.signal.aborted) throw RequestError.requestCancelled(); // acp/prompt-cancel-stop-reason: after session/cancel the prompt ends with stopReason "cancelled", never an error (-32800 answers $/cancel_request)
      throw err;
    } finally {
      session.turn = null;
    }
  })
  .onRequest(methods.agent.session.resume, ({ params: { sessionId } }) => {
    sessions.get(sessionId)!.recentPrompts = []; // acp/require-session-check: `!` assumes the session exists; an unknown id must get -32002
    return {};
  })
  .onRequest(methods.agent.session.close, ({ params: { sessionId } }) => {
    if (!sessions.has(sessionId)) throw RequestError.resourceNotFound(sessionId); // acp/session-not-found-data: resourceNotFound() puts the id in data.uri, not data.sessionId
    sessions.get(sessionId)?.turn?.abort();
    sessions.delete(sessionId);
    return {};
  })
  .onRequest(methods.agent.session.delete, ({ params: { sessionId } }) => {
    if (!sessions.delete(sessionId)) throw RequestError.sessionNotFound(sessionId); // acp/idempotent-session-delete: deleting an unknown session must succeed
    return {};
  })
  .onNotification(methods.agent.session.cancel, ({ params }) => {
    const session = sessions.get(params.sessionId);
    if (!session) throw RequestError.sessionNotFound(params.sessionId); // acp/no-error-from-notification: session/cancel is a notification, nobody receives this error
    session.turn?.abort();
  })
  .onRequest("*", ({ method }) => {
    if (method === "_notes/count") return { sessions: sessions.size };
    return { ok: false }; // acp/method-not-found-error: an unknown method is answered as a success instead of -32601
  });

const input = Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>;
const connection = app.connect(ndJsonStream(Writable.toWeb(process.stdout), input));
await connection.closed;
