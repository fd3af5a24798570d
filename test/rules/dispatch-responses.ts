// Hand-rolled dispatchers that answer through helpers and transports, shared by the error-code rules' tests.

/** The types such a dispatcher declares for itself. */
export const RESPONSE_TYPES = `type Id = string | number | null;
type Failure = { code: number; message: string; data?: unknown };
`;

/** `refuse(id, code, message, data)` builds the response from its parameters, the error held in a variable; `answer` a success. */
export const REFUSE = `${RESPONSE_TYPES}function refuse(id: Id, code: number, message: string, data?: unknown) {
  const error: Failure = { code, message, data };
  return { jsonrpc: "2.0" as const, id, error };
}
function answer(id: Id, result: unknown) {
  return { jsonrpc: "2.0" as const, id, result };
}
`;

/** A class whose `sendError` writes the response to stdout, one JSON line each. */
export const SERVER = `${RESPONSE_TYPES}export class Server {
  private write(message: unknown) {
    process.stdout.write(JSON.stringify(message) + "\\n");
  }
  sendError(id: Id, code: number, message: string) {
    this.write({ jsonrpc: "2.0", id, error: { code, message } });
  }
`;

/** A transport of another file, untyped: only its method's name and the arguments say it sends an error. */
export const TRANSPORT = `import { transport } from "./transport.js";
`;

/**
 * Calls that look like error senders but are not: loggers, an HTTP response, promises and emitters, a bare
 * `error(...)`. Every error-code rule must stay silent on each.
 */
export const NOT_SENDERS: readonly { readonly name: string; readonly code: string }[] = [
  { name: "console.error", code: `console.error(-32001, "Session gone");` },
  { name: "logger.error", code: `declare const logger: { error(...args: unknown[]): void };\nlogger.error(-32001, "Session gone");` },
  { name: "this.log.error", code: `export class A { log: any; run() { this.log.error(-32001, "Method not found"); } }` },
  { name: "auditLog.sendError", code: `declare const auditLog: any;\nauditLog.sendError(-32001, "Session gone");` },
  { name: "res.status(500).error", code: `declare const res: any;\nres.status(500).error(-32001, "Session gone");` },
  { name: "promise.reject", code: `declare const promise: any;\npromise.reject(-32001, "Session gone");` },
  { name: "emitter.emit", code: `declare const emitter: any;\nemitter.emit("error", -32001, "Session gone");` },
  { name: "a bare error(...)", code: `declare function error(...args: unknown[]): void;\nerror(-32001, "Session gone");` },
  { name: "a logger given an id, a code and a message", code: `declare const log: any;\ndeclare const msg: { id: number };\nlog.warn(msg.id, -32001, "Session gone");` },
  { name: "a call given the code before the id", code: `declare const stats: any;\ndeclare const id: number;\nstats.record(-32001, id, "Session gone");` },
  { name: "a call whose first argument is no id", code: `declare const stats: any;\ndeclare const name: string;\nstats.record(name, -32001, "Session gone");` },
];

/** A sender of another file that is not named as one: it is given an id, a code and a message, in that order. */
export const OUT = `import { out } from "./out.js";
declare const msg: { id: number };
`;

/**
 * A dispatcher whose handlers come from a factory and throw plain `Error`s, and whose catch answers every thrown
 * error with one code (`catchCode`): what each of those throws goes out as. `body` holds the handlers' statements,
 * `catchBody` replaces the catch's answer.
 */
export function catchAllDispatch(handlers: string, catchBody = `post({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: String((e as Error).message) } });`): string {
  return `type Params = { sessionId?: string; modeId?: string };
declare function post(message: object): void;
export function createHandlers(sessions: Map<string, { mode: string }>) {
${handlers}
  return { loadSession, setMode };
}
const handlers = createHandlers(new Map());
const table: Record<string, (p: Params) => Promise<unknown>> = {
  "session/load": handlers.loadSession,
  "session/set_mode": handlers.setMode,
};
export async function onMessage(msg: { id: number; method: string; params?: Params }) {
  const handler = table[msg.method];
  if (!handler) return post({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } });
  try {
    post({ jsonrpc: "2.0", id: msg.id, result: await handler(msg.params ?? {}) });
  } catch (e) {
    ${catchBody}
  }
}`;
}

/** Handlers for catchAllDispatch: an unknown session and an unknown mode, each answered with a plain Error. */
export const PLAIN_ERROR_HANDLERS = `  const loadSession = async (p: Params) => {
    if (!sessions.has(p.sessionId ?? "")) throw new Error("session not found");
    return {};
  };
  const setMode = async (p: Params) => {
    const s = sessions.get(p.sessionId ?? "");
    if (!s) throw new Error("Session not found");
    if (p.modeId !== "read" && p.modeId !== "write") throw new Error("unknown mode");
    s.mode = p.modeId;
    return {};
  };`;
