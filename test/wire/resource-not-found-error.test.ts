// resource-not-found-error: what a client sends an agent that reads a missing file or names an unknown terminal.
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ClientApp, client, methods, ndJsonStream, RequestError } from "@agentclientprotocol/sdk";
import {
  type Client,
  ClientSideConnection,
  ndJsonStream as legacyNdJsonStream,
  type ReadTextFileRequest,
  type ReadTextFileResponse,
  RequestError as LegacyRequestError,
  type TerminalOutputRequest,
  type TerminalOutputResponse,
} from "acp-sdk-legacy";
import { PassThrough } from "node:stream";
import { createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
import { describe, expect, it } from "vitest";
import { type Json, tappedPipe, type WireMessage } from "./ndjson-tap.js";

const MISSING = join(tmpdir(), "acp-wire-no-such-file.txt");
const read = (path = MISSING) => ({ sessionId: "s-1", path });
const output = { sessionId: "s-1", terminalId: "term-missing" };

/** A hand-driven agent facing a client: it writes requests to the client and reads the client's answers. */
interface RawAgentPeer {
  /** Sends one request to the client and returns the client's response to it. */
  ask(method: string, params: unknown): Promise<WireMessage>;
  close(): Promise<void>;
}

/** Connects the client's side through `connect` (the SDK 2.4.0 app or the legacy 1.9.0 class) to a raw agent. */
function rawAgentPeer(connect: (output: WritableStream<Uint8Array>, input: ReadableStream<Uint8Array>) => () => Promise<void>): RawAgentPeer {
  const toAgent = tappedPipe();
  const toClient = tappedPipe();
  const closeClient = connect(toAgent.writable, toClient.readable);
  const reader = toAgent.readable.getReader();
  const writer = toClient.writable.getWriter();
  const encoder = new TextEncoder();
  let read = 0;
  let nextId = 0;
  return {
    async ask(method, params) {
      const id: Json = nextId++;
      await writer.write(encoder.encode(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`));
      for (;;) {
        while (toAgent.lines.length <= read) {
          const { done } = await reader.read();
          if (done) throw new Error("the client closed its output");
        }
        const message = JSON.parse(toAgent.lines[read++]!) as WireMessage;
        if (message.id === id && message.method === undefined) return message;
      }
    },
    async close() {
      await writer.close().catch(() => {});
      await closeClient();
      await reader.cancel().catch(() => {});
    },
  };
}

/** The SDK 2.4.0 client app, answering a raw agent. */
function sdkPeer(app: ClientApp): RawAgentPeer {
  return rawAgentPeer((out, input) => {
    const connection = app.connect(ndJsonStream(out, input));
    return async () => {
      connection.close();
      await connection.closed;
    };
  });
}

/** The legacy 1.9.0 `ClientSideConnection` around `implementation`, answering a raw agent. */
function legacyPeer(implementation: Client): RawAgentPeer {
  return rawAgentPeer((out, input) => {
    const connection = new ClientSideConnection(() => implementation, legacyNdJsonStream(out, input));
    return () => connection.closed;
  });
}

/** Sends one request through a fresh peer and returns the client's response. */
async function askOnce(peer: RawAgentPeer, method: string, params: unknown): Promise<WireMessage> {
  try {
    return await peer.ask(method, params);
  } finally {
    await peer.close();
  }
}

const terminals = new Map<string, { output: string }>();

describe("the docs' incorrect client (SDK 2.4.0 client())", () => {
  const app = client({ name: "files" })
    .onRequest(methods.client.fs.readTextFile, async ({ params }) => {
      try {
        return { content: await readFile(params.path, "utf8") };
      } catch {
        return { content: "" };
      }
    })
    .onRequest(methods.client.terminal.output, ({ params }) => {
      const terminal = terminals.get(params.terminalId);
      if (!terminal) throw new Error(`no terminal ${params.terminalId}`);
      return { output: terminal.output, truncated: false };
    });

  it("a catch that swallows the read's ENOENT sends a success with empty content", async () => {
    expect(await askOnce(sdkPeer(app), "fs/read_text_file", read())).toStrictEqual({ jsonrpc: "2.0", id: 0, result: { content: "" } });
  });

  it("a plain Error for an unknown terminal is sent as -32603, its message in data.details", async () => {
    expect(await askOnce(sdkPeer(app), "terminal/output", output)).toStrictEqual({
      jsonrpc: "2.0",
      id: 0,
      error: { code: -32603, message: "Internal error", data: { details: "no terminal term-missing" } },
    });
  });
});

describe("the other wrong answers the rule's messages name (SDK 2.4.0 client())", () => {
  const answer = (handler: (path: string) => Promise<ReadTextFileResponse>) =>
    askOnce(sdkPeer(client({ name: "files" }).onRequest(methods.client.fs.readTextFile, ({ params }) => handler(params.path))), "fs/read_text_file", read());

  it("a plain Error on the existence check is sent as -32603", async () => {
    const sent = await answer(async () => {
      throw new Error("no such file");
    });
    expect(sent.error).toStrictEqual({ code: -32603, message: "Internal error", data: { details: "no such file" } });
  });

  it("the read's own ENOENT, uncaught, is sent as -32603 too: its code is lost", async () => {
    const sent = await answer(async (path) => ({ content: await readFile(path, "utf8") }));
    expect(sent.error).toMatchObject({ code: -32603, message: "Internal error" });
    expect(JSON.stringify(sent.error)).toContain("ENOENT");
  });

  it("a catch that converts every error to internalError sends -32603", async () => {
    const sent = await answer(async (path) => {
      try {
        return { content: await readFile(path, "utf8") };
      } catch (err) {
        throw RequestError.internalError({ details: String(err) });
      }
    });
    expect(sent.error).toMatchObject({ code: -32603, message: "Internal error" });
  });

  it("an unknown terminal answered with invalidParams sends -32602", async () => {
    const app = client({ name: "t" }).onRequest(methods.client.terminal.output, ({ params }) => {
      throw RequestError.invalidParams({ terminalId: params.terminalId });
    });
    expect((await askOnce(sdkPeer(app), "terminal/output", output)).error).toStrictEqual({ code: -32602, message: "Invalid params", data: { terminalId: "term-missing" } });
  });

  it("releasing an unknown terminal with a quiet return sends a success", async () => {
    const app = client({ name: "t" }).onRequest(methods.client.terminal.release, ({ params }) => {
      if (!terminals.has(params.terminalId)) return {};
      return {};
    });
    expect(await askOnce(sdkPeer(app), "terminal/release", output)).toStrictEqual({ jsonrpc: "2.0", id: 0, result: {} });
  });
});

describe("the fixes (SDK 2.4.0 client())", () => {
  const app = client({ name: "files" })
    .onRequest(methods.client.fs.readTextFile, async ({ params }) => {
      try {
        return { content: await readFile(params.path, "utf8") };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") throw RequestError.resourceNotFound(params.path);
        throw err;
      }
    })
    .onRequest(methods.client.terminal.output, ({ params }) => {
      const terminal = terminals.get(params.terminalId);
      if (!terminal) throw RequestError.resourceNotFound(params.terminalId);
      return { output: terminal.output, truncated: false };
    });

  it("a missing file gets -32002 with the requested path in data.uri", async () => {
    expect((await askOnce(sdkPeer(app), "fs/read_text_file", read())).error).toStrictEqual({ code: -32002, message: `Resource not found: ${MISSING}`, data: { uri: MISSING } });
  });

  it("an existing file is still read", async () => {
    const self = new URL(import.meta.url).pathname;
    const sent = await askOnce(sdkPeer(app), "fs/read_text_file", read(self));
    expect((sent.result as { content: string }).content).toContain("resource-not-found-error");
  });

  it("an unknown terminal gets -32002 with the terminal id in data.uri", async () => {
    expect((await askOnce(sdkPeer(app), "terminal/output", output)).error).toStrictEqual({ code: -32002, message: "Resource not found: term-missing", data: { uri: "term-missing" } });
  });

  it("v2's answer for an unknown terminal, invalidParams, sends -32602 with the terminal id", async () => {
    const v2 = client({ name: "t" }).onRequest(methods.client.terminal.output, ({ params }) => {
      throw RequestError.invalidParams({ terminalId: params.terminalId });
    });
    expect((await askOnce(sdkPeer(v2), "terminal/output", output)).error).toMatchObject({ code: -32602, data: { terminalId: "term-missing" } });
  });
});

/** The members every legacy `Client` must have; a test overrides the handler it is about. */
class MinimalClient implements Client {
  requestPermission(): never {
    throw LegacyRequestError.methodNotFound("session/request_permission");
  }
  sessionUpdate(): void {}
}

describe("legacy ClientSideConnection (SDK 1.9.0)", () => {
  class SwallowingClient extends MinimalClient {
    async readTextFile(params: ReadTextFileRequest): Promise<ReadTextFileResponse> {
      try {
        return { content: await readFile(params.path, "utf8") };
      } catch {
        return { content: "" };
      }
    }
    terminalOutput(params: TerminalOutputRequest): TerminalOutputResponse {
      const terminal = terminals.get(params.terminalId);
      if (!terminal) throw new Error(`no terminal ${params.terminalId}`);
      return { output: terminal.output, truncated: false };
    }
  }

  class FixedClient extends MinimalClient {
    async readTextFile(params: ReadTextFileRequest): Promise<ReadTextFileResponse> {
      try {
        return { content: await readFile(params.path, "utf8") };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") throw LegacyRequestError.resourceNotFound(params.path);
        throw err;
      }
    }
    terminalOutput(params: TerminalOutputRequest): TerminalOutputResponse {
      const terminal = terminals.get(params.terminalId);
      if (!terminal) throw LegacyRequestError.resourceNotFound(params.terminalId);
      return { output: terminal.output, truncated: false };
    }
  }

  it("the swallowing readTextFile sends a success with empty content", async () => {
    expect(await askOnce(legacyPeer(new SwallowingClient()), "fs/read_text_file", read())).toStrictEqual({ jsonrpc: "2.0", id: 0, result: { content: "" } });
  });

  it("a plain Error for an unknown terminal is sent as -32603", async () => {
    const sent = await askOnce(legacyPeer(new SwallowingClient()), "terminal/output", output);
    expect(sent.error).toMatchObject({ code: -32603, message: "Internal error" });
    expect(JSON.stringify(sent.error)).toContain("no terminal term-missing");
  });

  it("the fix: a missing file gets -32002 with data.uri", async () => {
    expect((await askOnce(legacyPeer(new FixedClient()), "fs/read_text_file", read())).error).toStrictEqual({ code: -32002, message: `Resource not found: ${MISSING}`, data: { uri: MISSING } });
  });

  it("the fix: an unknown terminal gets -32002 with data.uri", async () => {
    expect((await askOnce(legacyPeer(new FixedClient()), "terminal/output", output)).error).toStrictEqual({ code: -32002, message: "Resource not found: term-missing", data: { uri: "term-missing" } });
  });
});

describe("a vscode-jsonrpc connection (the jsonrpc handler style)", () => {
  /** What the peer's sendRequest rejects with when the client's `fs/read_text_file` handler throws `thrown()`. */
  async function rejectionFor(thrown: () => unknown): Promise<{ code: unknown; message: unknown; data: unknown }> {
    const [up, down] = [new PassThrough(), new PassThrough()];
    const clientSide = createMessageConnection(new StreamMessageReader(up), new StreamMessageWriter(down));
    const agentSide = createMessageConnection(new StreamMessageReader(down), new StreamMessageWriter(up));
    clientSide.onRequest("fs/read_text_file", () => {
      throw thrown();
    });
    clientSide.listen();
    agentSide.listen();
    try {
      await agentSide.sendRequest("fs/read_text_file", read());
      throw new Error("the request succeeded");
    } catch (err) {
      const { code, message, data } = err as ResponseError<unknown>;
      return { code, message, data };
    } finally {
      clientSide.dispose();
      agentSide.dispose();
    }
  }

  it("a plain Error is sent as -32603", async () => {
    expect(await rejectionFor(() => new Error("no such file"))).toMatchObject({ code: -32603, message: "Request fs/read_text_file failed with message: no such file" });
  });

  it("its own ResponseError with -32002 is sent as is", async () => {
    expect(await rejectionFor(() => new ResponseError(-32002, "Resource not found", { uri: MISSING }))).toStrictEqual({ code: -32002, message: "Resource not found", data: { uri: MISSING } });
  });

  it("an ACP RequestError is no ResponseError: it is sent as -32603 too", async () => {
    expect(await rejectionFor(() => RequestError.resourceNotFound(MISSING))).toMatchObject({ code: -32603 });
  });
});
