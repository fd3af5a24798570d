// A real SDK 2.4.0 client facing a hand-driven agent: the test reads the client's requests and writes any line back.
import { client, type ClientContext, ndJsonStream } from "@agentclientprotocol/sdk";
import { tappedPipe, type WireMessage } from "./ndjson-tap.js";

export interface RawAgent {
  /** The client's side: its requests arrive at the test. */
  readonly agent: ClientContext;
  /** The next message the client writes. */
  nextFromClient(): Promise<WireMessage>;
  /** Writes one line to the client as it is, however malformed. */
  sendLine(line: string): Promise<void>;
  close(): Promise<void>;
}

export function connectRawAgent(): RawAgent {
  const toAgent = tappedPipe();
  const toClient = tappedPipe();
  const connection = client({ name: "wire-client" }).connect(ndJsonStream(toAgent.writable, toClient.readable));
  const reader = toAgent.readable.getReader();
  const writer = toClient.writable.getWriter();
  const encoder = new TextEncoder();
  let read = 0;
  return {
    agent: connection.agent,
    async nextFromClient() {
      while (toAgent.lines.length <= read) {
        const { done } = await reader.read();
        if (done) throw new Error("the client closed its output");
      }
      return JSON.parse(toAgent.lines[read++]!) as WireMessage;
    },
    sendLine: (line) => writer.write(encoder.encode(`${line}\n`)),
    async close() {
      connection.close();
      await connection.closed;
      await writer.close().catch(() => {});
      await reader.cancel().catch(() => {});
    },
  };
}
