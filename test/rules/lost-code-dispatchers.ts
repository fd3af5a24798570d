/**
 * no-lost-error-code in hand-rolled dispatchers: catch-alls that answer every error with one code around handlers
 * that throw errors carrying codes of their own, and the catches that keep those codes.
 */
import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import type { MessageIds } from "../../rules/no-lost-error-code.js";
import { at } from "../locate.js";

type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

const HEAD = `declare function send(message: unknown): void;
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
const sessions = new Set<string>();
type Msg = { id: number; method: string; params: { sessionId: string } };
`;

/** A handler map whose prompt handler throws `thrown`, and a loop that runs it inside `try` and answers from `catch`. */
const mapDispatcher = (thrown: string, catchClause: string) => `${HEAD}const handlers: Record<string, (params: Msg["params"]) => unknown> = {
  "session/new": () => ({ sessionId: "s" }),
  "session/prompt": async (params) => {
    if (!sessions.has(params.sessionId)) throw ${thrown};
    return { stopReason: "end_turn" };
  },
};
export async function onMessage(msg: Msg) {
  try {
    const result = await handlers[msg.method]!(msg.params);
    send({ jsonrpc: "2.0", id: msg.id, result });
  } ${catchClause}
}`;

const CATCH_ALL = `catch (e: any) {
    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: e.message } });
  }`;
const NOT_FOUND = 'new RpcError(-32002, "Resource not found")';

function lostIn(code: string, text: string, thrown: string, lostCode: number, method = "session/prompt", fixed = "-32603", suggestion?: string): Report {
  const line = at(code, thrown).line;
  return {
    messageId: "lostInCatchAll",
    data: { fixed, code: String(lostCode), method, line: String(line) },
    ...at(code, text),
    suggestions: suggestion === undefined ? [] : [{ messageId: "useErrorCode", data: { fixed }, output: code.replace(text, suggestion) }],
  };
}

const E_CODE = 'typeof e?.code === "number" ? e.code : -32603';
/** What the suggestion writes for a catch parameter TypeScript types `unknown` (not annotated, under `strict`): its shape is tested first. */
const UNKNOWN_ERR_CODE = 'typeof err === "object" && err !== null && "code" in err && typeof err.code === "number" ? err.code : -32603';

export const DISPATCH_INVALID: Invalid[] = [];
{
  const code = mapDispatcher(NOT_FOUND, CATCH_ALL);
  DISPATCH_INVALID.push({
    name: "dispatch: a handler map's loop answers every error with -32603",
    code,
    errors: [{ ...lostIn(code, "-32603", NOT_FOUND, -32002, "session/prompt", "-32603", E_CODE) }],
  });
}
{
  // The catch's name means another variable where the code is written: a suggestion would read that one.
  const code = mapDispatcher(NOT_FOUND, "catch (e: any) {\n    {\n      const e = 1;\n      send({ jsonrpc: \"2.0\", id: msg.id, error: { code: -32603, message: String(e) } });\n    }\n  }");
  DISPATCH_INVALID.push({
    name: "dispatch: the catch parameter shadowed by a local where the code is written (no suggestion)",
    code,
    errors: [lostIn(code, "-32603", NOT_FOUND, -32002)],
  });
}
{
  const object = '{ code: -32002, message: "Resource not found", data: { sessionId: params.sessionId } }';
  const code = mapDispatcher(object, "catch {\n    send({ jsonrpc: \"2.0\", id: msg.id, error: { code: -32000, message: \"failed\" } });\n  }");
  DISPATCH_INVALID.push({
    name: "dispatch: a catch without a parameter answering -32000, around a thrown object (no suggestion)",
    code,
    errors: [lostIn(code, "-32000", object, -32002, "session/prompt", "-32000")],
  });
}
{
  const code = mapDispatcher(NOT_FOUND, 'catch (e: any) {\n    replyError(msg.id, { code: -32603, message: e.message });\n  }').replace(
    "declare function send",
    "declare function replyError(id: number, error: { code: number; message: string }): void;\ndeclare function send",
  );
  DISPATCH_INVALID.push({
    name: "dispatch: the error object handed to a reply function of another file",
    code,
    errors: [lostIn(code, "-32603", NOT_FOUND, -32002, "session/prompt", "-32603", E_CODE)],
  });
}
{
  const code = mapDispatcher(NOT_FOUND, 'catch (err: unknown) {\n    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: String(err) } });\n  }');
  DISPATCH_INVALID.push({
    name: "dispatch: a catch parameter annotated unknown: the suggestion tests its shape before it reads the code",
    code,
    errors: [lostIn(code, "-32603", NOT_FOUND, -32002, "session/prompt", "-32603", UNKNOWN_ERR_CODE)],
  });
}
{
  // JavaScript has no types to satisfy: the suggestion reads the code as it is.
  const code = `const sessions = new Set();
class RpcError extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}
const handlers = {
  "session/new": () => ({ sessionId: "s" }),
  "session/prompt": async (params) => {
    if (!sessions.has(params.sessionId)) throw ${NOT_FOUND};
    return { stopReason: "end_turn" };
  },
};
export async function onMessage(msg, send) {
  try {
    send({ jsonrpc: "2.0", id: msg.id, result: await handlers[msg.method](msg.params) });
  } catch (err) {
    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: String(err) } });
  }
}`;
  DISPATCH_INVALID.push({
    name: "dispatch: in a JavaScript file, the suggestion reads the caught value's code as it is",
    filename: "dispatcher.js",
    code,
    errors: [lostIn(code, "-32603", NOT_FOUND, -32002, "session/prompt", "-32603", 'typeof err?.code === "number" ? err.code : -32603')],
  });
}
{
  // A function holding the switch, called from a stream callback; `instanceof Error` only picks the message.
  const code = `${HEAD}async function handle(msg: Msg) {
  switch (msg.method) {
    case "session/new":
      return { sessionId: "s" };
    case "session/prompt":
      if (!sessions.has(msg.params.sessionId)) throw new RpcError(-32002, "Resource not found");
      return { stopReason: "end_turn" };
  }
  return null;
}
declare const input: { on(event: "data", listener: (chunk: string) => void): void };
input.on("data", async (chunk) => {
  const msg = JSON.parse(chunk) as Msg;
  try {
    send({ jsonrpc: "2.0", id: msg.id, result: await handle(msg) });
  } catch (err) {
    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: err instanceof Error ? err.message : String(err) } });
  }
});`;
  DISPATCH_INVALID.push({
    name: "dispatch: a switch function awaited in a stream callback; the catch tests only `instanceof Error`",
    code,
    errors: [lostIn(code, "-32603", NOT_FOUND, -32002, "session/prompt", "-32603", UNKNOWN_ERR_CODE)],
  });
}
{
  // An inline switch inside the try; the catch returns the response.
  const code = `import { RequestError } from "@agentclientprotocol/sdk";
${HEAD}export function handle(msg: Msg) {
  try {
    switch (msg.method) {
      case "session/new":
        return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };
      case "session/prompt":
        if (!sessions.has(msg.params.sessionId)) throw RequestError.sessionNotFound(msg.params.sessionId);
        return { jsonrpc: "2.0", id: msg.id, result: { stopReason: "end_turn" } };
    }
    return { jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } };
  } catch (err) {
    return { jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: String(err) } };
  }
}`;
  DISPATCH_INVALID.push({
    name: "dispatch: an inline switch, the catch returns the response",
    code,
    errors: [lostIn(code, "-32603", "RequestError.sessionNotFound(msg.params.sessionId)", -32002, "session/prompt", "-32603", UNKNOWN_ERR_CODE)],
  });
}
{
  // A class whose loop calls the method holding the dispatch, and answers through a helper.
  const code = `${HEAD}export class Server {
  private route(msg: Msg) {
    if (msg.method === "session/new") return { sessionId: "s" };
    if (msg.method === "session/prompt") {
      this.requireSession(msg.params.sessionId);
      return { stopReason: "end_turn" };
    }
    throw new RpcError(-32601, "Method not found");
  }
  private requireSession(id: string) {
    if (!sessions.has(id)) throw new RpcError(-32002, "Resource not found");
  }
  private sendError(id: number, code: number, message: string) {
    send({ jsonrpc: "2.0", id, error: { code, message } });
  }
  onMessage(msg: Msg) {
    try {
      send({ jsonrpc: "2.0", id: msg.id, result: this.route(msg) });
    } catch (error) {
      this.sendError(msg.id, -32603, "Internal error");
    }
  }
}`;
  DISPATCH_INVALID.push({
    name: "dispatch: a method called from the loop, a helper of the handler throws, the catch answers through sendError",
    code,
    errors: [
      lostIn(code, "-32603", NOT_FOUND, -32002, "session/prompt", "-32603", 'typeof error === "object" && error !== null && "code" in error && typeof error.code === "number" ? error.code : -32603'),
    ],
  });
}
{
  const code = mapDispatcher(NOT_FOUND, "catch (e: any) {\n    const code = -32603;\n    send({ jsonrpc: \"2.0\", id: msg.id, error: { code, message: e.message } });\n  }");
  DISPATCH_INVALID.push({
    name: "dispatch: a shorthand code in the catch's answer",
    code,
    errors: [
      {
        ...lostIn(code, "code, message: e.message", NOT_FOUND, -32002),
        endColumn: at(code, "code, message: e.message").column + "code".length,
        suggestions: [{ messageId: "useErrorCode", data: { fixed: "-32603" }, output: code.replace("{ code, message: e.message }", '{ code: typeof e?.code === "number" ? e.code : code, message: e.message }') }],
      },
    ],
  });
}

export const DISPATCH_VALID: (string | ValidTestCase<[]>)[] = [
  // The catch keeps the error's code, or tells errors apart by class.
  mapDispatcher(NOT_FOUND, `catch (e: any) {\n    send({ jsonrpc: "2.0", id: msg.id, error: { code: ${E_CODE}, message: e.message } });\n  }`),
  mapDispatcher(
    NOT_FOUND,
    'catch (e) {\n    if (e instanceof RpcError) send({ jsonrpc: "2.0", id: msg.id, error: { code: e.code, message: e.message } });\n    else send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: "Internal error" } });\n  }',
  ),
  mapDispatcher(
    NOT_FOUND,
    'catch (e) {\n    const code = e instanceof RpcError ? e.code : -32603;\n    send({ jsonrpc: "2.0", id: msg.id, error: { code, message: String(e) } });\n  }',
  ),
  mapDispatcher(
    NOT_FOUND,
    'catch (e) {\n    console.error((e satisfies unknown as { code?: number }).code);\n    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: "Internal error" } });\n  }',
  ),
  mapDispatcher(NOT_FOUND, 'catch (e: any) {\n    const { code = -32603, message } = e;\n    send({ jsonrpc: "2.0", id: msg.id, error: { code, message } });\n  }'),
  // A log line is no answer.
  mapDispatcher(NOT_FOUND, 'catch (e: any) {\n    console.error({ code: -32603, message: e.message });\n  }'),
  // Rethrown to something else that answers.
  mapDispatcher(NOT_FOUND, 'catch (e) {\n    if (msg.id === undefined) throw e;\n    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: "Internal error" } });\n  }'),
  // The handlers throw nothing with a code of its own, or only the catch's code.
  mapDispatcher('new Error("Resource not found")', CATCH_ALL),
  mapDispatcher('new RpcError(-32603, "Internal error")', CATCH_ALL),
  // The catch guards only parsing, not the handlers.
  `${HEAD}export function onLine(line: string) {
  let msg: Msg;
  try {
    msg = JSON.parse(line) as Msg;
  } catch {
    send({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
    return;
  }
  if (msg.method === "session/prompt") {
    if (!sessions.has(msg.params.sessionId)) throw new RpcError(-32002, "Resource not found");
  }
}`,
  // The handlers return their error responses rather than throw them.
  `${HEAD}const handlers: Record<string, (params: Msg["params"]) => unknown> = {
  "session/new": () => ({ sessionId: "s" }),
  "session/prompt": (params) => (sessions.has(params.sessionId) ? { result: { stopReason: "end_turn" } } : { error: { code: -32002, message: "Resource not found" } }),
};
export function onMessage(msg: Msg) {
  try {
    send({ jsonrpc: "2.0", id: msg.id, ...(handlers[msg.method]!(msg.params) as object) });
  } catch (e: any) {
    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: e.message } });
  }
}`,
  // An async handler whose promise the loop does not await: its rejection does not reach this catch.
  `${HEAD}const handlers: Record<string, (params: Msg["params"]) => unknown> = {
  "session/new": () => ({ sessionId: "s" }),
  "session/prompt": async (params) => {
    if (!sessions.has(params.sessionId)) throw new RpcError(-32002, "Resource not found");
    return {};
  },
};
export function onMessage(msg: Msg) {
  try {
    const pending = handlers[msg.method]!(msg.params);
    send({ jsonrpc: "2.0", id: msg.id, result: pending });
  } catch (e: any) {
    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: e.message } });
  }
}`,
  // An SDK app's handler with a try/catch of its own is no dispatcher.
  `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
declare function run(): Promise<void>;
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, async () => {
  try {
    await run();
  } catch (e) {
    throw RequestError.internalError({ details: String(e) });
  }
  return { stopReason: "end_turn" };
});`,
];
