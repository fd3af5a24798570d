// A one-way in-memory byte pipe that records every ndjson line written into it, exactly as it was sent.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON-RPC message as parsed from one ndjson line. */
export type WireMessage = {
  jsonrpc?: Json;
  id?: Json;
  method?: Json;
  params?: Json;
  result?: Json;
  error?: Json;
};

export interface TappedPipe {
  /** The end a sender writes bytes into. */
  readonly writable: WritableStream<Uint8Array>;
  /** The end the receiver reads the same bytes from. */
  readonly readable: ReadableStream<Uint8Array>;
  /** Every complete line written so far, without its newline. */
  readonly lines: string[];
  /** Ends the pipe, so the receiving connection sees end of input. */
  end(): Promise<void>;
}

export function tappedPipe(): TappedPipe {
  const lines: string[] = [];
  const decoder = new TextDecoder();
  let partial = "";
  const pipe = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      // A line may span chunks: record only complete ones.
      const parts = (partial + decoder.decode(chunk, { stream: true })).split("\n");
      partial = parts.pop() ?? "";
      lines.push(...parts.filter((line) => line.trim() !== ""));
      controller.enqueue(chunk);
    },
  });
  return {
    writable: pipe.writable,
    readable: pipe.readable,
    lines,
    async end() {
      if (!pipe.writable.locked) await pipe.writable.close().catch(() => {});
    },
  };
}

export function parseLines(lines: readonly string[]): WireMessage[] {
  return lines.map((line) => JSON.parse(line) as WireMessage);
}

/** The response a side sent to request `id`; fails when it sent none or more than one. */
export function responseTo(lines: readonly string[], id: Json): WireMessage {
  const answers = parseLines(lines).filter((m) => m.id === id && m.method === undefined);
  if (answers.length !== 1) throw new Error(`expected one response to request ${JSON.stringify(id)}, found ${answers.length}: ${lines.join("\n")}`);
  return answers[0]!;
}

/** The id of the last request for `method` in these lines. */
export function lastRequestId(lines: readonly string[], method: string): Json {
  const request = parseLines(lines).findLast((m) => m.method === method && m.id !== undefined);
  if (!request) throw new Error(`no ${method} request in: ${lines.join("\n")}`);
  return request.id!;
}
