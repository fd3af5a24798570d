// editor-bridge: runs an ACP agent as a subprocess (`node client.js node agent.js`) for an
// editor that speaks line-delimited JSON-RPC on our stdin/stdout:
//   → {"jsonrpc":"2.0","id":1,"method":"prompt","params":{"text":"summarize @README.md"}}
//   ← {"jsonrpc":"2.0","method":"output","params":{"text":"..."}}
import { spawn } from "node:child_process";
import { once } from "node:events";
import { readFile } from "node:fs/promises";
import * as path from "node:path";
import { createInterface } from "node:readline";
import { Readable, Writable } from "node:stream";
import { pathToFileURL } from "node:url";
import { client, methods, ndJsonStream, PROTOCOL_VERSION, RequestError } from "@agentclientprotocol/sdk";
import type { ContentBlock } from "@agentclientprotocol/sdk";

interface EditorRequest {
  id: number | string;
  method: string;
  params?: { text?: unknown };
}

const HINTS: Record<number, string> = {
  [-32002]: "The session is gone: start a new one",
  [-32601]: "The agent does not support this: update it",
};

function send(message: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
}

const [command = "node", ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
const stream = ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>);

const app = client({ name: "editor-bridge" })
  .onRequest(methods.client.session.requestPermission, ({ params }) => {
    // There is nobody to ask, so reads are allowed and everything else is refused.
    const wanted = params.toolCall.kind === "read" ? "allow_once" : "reject_once";
    const option = params.options.find((o) => o.kind === wanted);
    return { outcome: option ? { outcome: "selected", optionId: option.optionId } : { outcome: "cancelled" } };
  })
  .onNotification(methods.client.session.update, ({ params: { update } }) => {
    if (update.sessionUpdate === "agent_message_chunk" && update.content.type === "text") {
      send({ method: "output", params: { text: update.content.text } });
    } else if (update.sessionUpdate === "tool_call") {
      send({ method: "status", params: { text: update.title } });
    }
  })
  .onRequest(methods.client.fs.readTextFile, async ({ params }) => {
    let text: string;
    try {
      text = await readFile(params.path, "utf8");
    } catch (err) {
      // A file the editor has open but never saved reads as empty.
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return { content: "" }; // acp/resource-not-found-error: a missing file is answered with -32002 (RequestError.resourceNotFound(path))
      throw err;
    }
    const start = Math.max((params.line ?? 1) - 1, 0);
    const lines = text.split("\n").slice(start, params.limit == null ? undefined : start + params.limit);
    return { content: lines.join("\n") };
  })
  .onRequest(methods.client.fs.writeTextFile, () => { // acp/capability-consistency: the client sends writeTextFile: false, yet the SDK runs this handler when an agent calls it
    // We advertise writeTextFile: false, so a well-behaved agent never calls this.
    throw new RequestError(-32603, "Method not found"); // acp/valid-error-object: "Method not found" is the standard message of -32601, not -32603; acp/prefer-error-factory: -32603 has RequestError.internalError()
  });

await app.connectWith(stream, async (agentCx) => {
  const init = await agentCx.request(methods.agent.initialize, {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: true, writeTextFile: false } },
    clientInfo: { name: "editor-bridge", version: "0.1.0" },
  });
  const { sessionId } = await agentCx.request(methods.agent.session.new, { cwd: process.cwd(), mcpServers: [] });
  send({ method: "ready", params: { agent: init.agentInfo?.name ?? command, sessionId } });

  const handle = async (request: EditorRequest) => {
    if (request.method === "cancel") return agentCx.request(methods.agent.session.cancel, { sessionId }); // acp/no-request-for-notification: session/cancel is a notification; sent as a request it gets -32601 and cancels nothing
    if (request.method !== "prompt") return send({ id: request.id, error: RequestError.methodNotFound(request.method).toErrorResponse() });
    const text = request.params?.text;
    if (typeof text !== "string") {
      return send({ id: request.id, error: { code: "-32602", message: "Invalid params" } }); // acp/valid-error-object acp/prefer-error-factory: a JSON-RPC error code must be a number, not the string "-32602"; the SDK's RequestError.invalidParams() writes it
    }
    try {
      const prompt: ContentBlock[] = [{ type: "text", text }];
      for (const [, mention = ""] of text.matchAll(/@(\S+)/g)) {
        const file = path.resolve(mention);
        prompt.push({ type: "resource_link", name: path.basename(file), uri: pathToFileURL(file).href });
      }
      const { stopReason } = await agentCx.request(methods.agent.session.prompt, { sessionId, prompt });
      send({ id: request.id, result: { stopReason } });
    } catch (err) {
      const error = err instanceof RequestError ? err : RequestError.internalError({ reason: String(err) });
      if (error.code === -32000) send({ method: "status", params: { text: "The agent wants you to log in first" } });
      else send({ method: "status", params: { text: (HINTS[error.code] as string).trim() } }); // acp/handle-unknown-error-codes: an agent may send any code; HINTS has no entry for most
      send({ id: request.id, error: error.toErrorResponse() });
    }
  };

  const lines = createInterface({ input: process.stdin });
  lines.on("line", (line) => {
    if (!line.trim()) return;
    let request: EditorRequest;
    try {
      request = JSON.parse(line) as EditorRequest;
    } catch {
      return send({ id: null, error: RequestError.parseError().toErrorResponse() });
    }
    void handle(request);
  });
  await once(lines, "close");
});
child.kill();
