// JSON-RPC 2.0 over a child process's stdio with LSP's Content-Length framing: the client half of a language
// server connection, as an editor holds it.
import type { ChildProcessWithoutNullStreams } from "node:child_process";

interface Message {
  jsonrpc: "2.0";
  id?: number | string | null;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** Answers one kind of request the server sends to the editor. */
export type RequestHandler = (params: unknown) => unknown;

export interface Notification {
  method: string;
  params: unknown;
}

const headerSeparator = Buffer.from("\r\n\r\n", "ascii");

export class LspConnection {
  readonly notifications: Notification[] = [];
  /** Methods of server requests no handler was registered for (answered with null). */
  readonly unhandledRequests: string[] = [];
  private readonly handlers = new Map<string, RequestHandler>();
  private readonly pending = new Map<number, Pending>();
  private received = Buffer.alloc(0);
  private nextId = 1;
  private closedReason: string | undefined;

  /** `describe` says what the server printed, for error messages when it does not answer. */
  constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    private readonly describe: () => string,
  ) {
    child.stdout.on("data", (chunk: Buffer) => this.receive(chunk));
    child.on("exit", (code, signal) => this.close(`the server exited (code ${code}, signal ${signal})`));
    child.on("error", (error) => this.close(`the server process failed: ${error.message}`));
    // A server that dies mid-write must not crash the test run with EPIPE: the pending requests report it.
    child.stdin.on("error", (error) => this.close(`writing to the server failed: ${error.message}`));
  }

  onRequest(method: string, handler: RequestHandler): void {
    this.handlers.set(method, handler);
  }

  request<T>(method: string, params: unknown, timeoutMs: number): Promise<T> {
    if (this.closedReason) return Promise.reject(new Error(`${method}: ${this.closedReason}\n${this.describe()}`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`${method}: no answer within ${timeoutMs} ms\n${this.describe()}`));
      }, timeoutMs);
      this.pending.set(id, { method, resolve: resolve as (result: unknown) => void, reject, timer });
      this.send({ jsonrpc: "2.0", id, method, params });
    });
  }

  notify(method: string, params: unknown): void {
    if (!this.closedReason) this.send({ jsonrpc: "2.0", method, params });
  }

  private send(message: Message): void {
    const body = Buffer.from(JSON.stringify(message), "utf8");
    this.child.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]));
  }

  private receive(chunk: Buffer): void {
    this.received = Buffer.concat([this.received, chunk]);
    for (;;) {
      const headerEnd = this.received.indexOf(headerSeparator);
      if (headerEnd < 0) return;
      const header = this.received.subarray(0, headerEnd).toString("ascii");
      const length = /^Content-Length: *(\d+)$/im.exec(header)?.[1];
      if (length === undefined) {
        this.close(`the server sent a header without Content-Length: ${JSON.stringify(header)}`);
        return;
      }
      const bodyStart = headerEnd + headerSeparator.length;
      const bodyEnd = bodyStart + Number(length);
      if (this.received.length < bodyEnd) return;
      const body = this.received.subarray(bodyStart, bodyEnd).toString("utf8");
      this.received = this.received.subarray(bodyEnd);
      let message: Message;
      try {
        message = JSON.parse(body) as Message;
      } catch {
        this.close(`the server sent a body that is not JSON: ${JSON.stringify(body)}`);
        return;
      }
      this.dispatch(message);
    }
  }

  private dispatch(message: Message): void {
    if (message.method === undefined) {
      this.settle(message);
    } else if (message.id === undefined || message.id === null) {
      this.notifications.push({ method: message.method, params: message.params });
    } else {
      void this.answer(message.id, message.method, message.params);
    }
  }

  private settle(response: Message): void {
    const pending = typeof response.id === "number" ? this.pending.get(response.id) : undefined;
    if (!pending || typeof response.id !== "number") return;
    this.pending.delete(response.id);
    clearTimeout(pending.timer);
    if (response.error) {
      pending.reject(new Error(`${pending.method} failed: ${response.error.code} ${response.error.message}`));
    } else {
      pending.resolve(response.result ?? null);
    }
  }

  private async answer(id: number | string, method: string, params: unknown): Promise<void> {
    const handler = this.handlers.get(method);
    if (!handler) this.unhandledRequests.push(method);
    try {
      const result = handler ? await handler(params) : null;
      this.sendResponse({ jsonrpc: "2.0", id, result: result ?? null });
    } catch (error) {
      this.sendResponse({ jsonrpc: "2.0", id, error: { code: -32603, message: String(error) } });
    }
  }

  private sendResponse(response: Message): void {
    if (!this.closedReason) this.send(response);
  }

  private close(reason: string): void {
    this.closedReason ??= reason;
    for (const [id, pending] of this.pending) {
      this.pending.delete(id);
      clearTimeout(pending.timer);
      pending.reject(new Error(`${pending.method}: ${reason}\n${this.describe()}`));
    }
  }
}
