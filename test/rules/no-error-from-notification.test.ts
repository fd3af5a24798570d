import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/no-error-from-notification.js";
import { at } from "../locate.js";
import { untypedTester } from "../rule-tester.js";
import { ANY_METHOD_STYLES } from "./notification-any-method.js";
import { NOTIFICATION_STYLES } from "./notification-styles.js";

type Options = [{ plainErrors?: boolean }];
type Valid = ValidTestCase<Options>;
type Invalid = InvalidTestCase<MessageIds, Options>;
type Report = TestCaseError<MessageIds>;

const THROWN = "RequestError.sessionNotFound(params.sessionId)";
const reported = (code: string, text: string, method: string, nth = 0): Report => ({
  messageId: "errorFromNotification",
  data: { method },
  ...at(code, text, nth),
});

const FAILING = `const session = sessions.get(params.sessionId);
if (!session) throw ${THROWN};
session.abort();`;

const methodOf = (name: string) => (name.includes("sessionUpdate") ? "session/update" : "session/cancel");

const invalid: Invalid[] = NOTIFICATION_STYLES.map((style) => {
  const code = style.program(FAILING);
  return { name: `${style.name}: throws a RequestError`, code, errors: [reported(code, THROWN, methodOf(style.name))] };
});

const RETURNED = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
app.onNotification(methods.agent.session.cancel, ({ params }) => RequestError.sessionNotFound(params.sessionId));`;
invalid.push({
  name: "sdk: an arrow notification handler whose result is a RequestError",
  code: RETURNED,
  errors: [reported(RETURNED, THROWN, "session/cancel")],
});

const CLEAN_BODIES: Record<string, string> = {
  "logs and returns": `const session = sessions.get(params.sessionId);
if (!session) {
  console.warn("cancel for unknown session", params.sessionId);
  return;
}
session.abort();`,
  "?. no-op on a missing session": "sessions.get(params.sessionId)?.abort();",
  "catches and logs around a failing call": `try {
  const session = sessions.get(params.sessionId);
  if (!session) throw ${THROWN};
  session.abort();
} catch (error) {
  console.error(error);
}`,
  "an error thrown in a setTimeout callback is not the handler's": `setTimeout(() => {
  throw ${THROWN};
}, 0);`,
  "an AbortController aborted": "new AbortController().abort();",
};

const valid: Valid[] = NOTIFICATION_STYLES.flatMap((style) =>
  Object.entries(CLEAN_BODIES).map(([what, body]) => ({ name: `${style.name}: ${what}`, code: style.program(body) })),
);

valid.push(
  {
    name: "a request handler that throws (not a notification)",
    code: `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, object>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
  return { stopReason: "end_turn" as const };
});`,
  },
  {
    name: "the same method name as a request of a non-ACP object",
    code: `class Downloads {
  cancel(id: string) {
    if (!id) throw new Error("no id");
  }
}
export const d = new Downloads();`,
  },
);

const PLAIN = `const session = sessions.get(params.sessionId);
if (!session) throw new Error("unknown session");
session.abort();`;
const plain = (code: string, text: string, method: string): Report => ({ messageId: "plainErrorFromNotification", data: { method }, ...at(code, text) });
for (const style of NOTIFICATION_STYLES) {
  const code = style.program(PLAIN);
  valid.push({ name: `${style.name}: a plain Error is not reported by default`, code });
  invalid.push({ name: `${style.name}: plainErrors reports a plain Error`, code, options: [{ plainErrors: true }], errors: [plain(code, 'new Error("unknown session")', methodOf(style.name))] });
  for (const [what, body] of Object.entries(CLEAN_BODIES)) valid.push({ name: `${style.name}: plainErrors, ${what}`, code: style.program(body), options: [{ plainErrors: true }] });
}
const REJECTED = `import { agent, methods } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
app.onNotification(methods.agent.session.cancel, () => {
  return Promise.reject(new Error("no"));
});`;
invalid.push({
  name: "plainErrors: a returned Promise.reject",
  code: REJECTED,
  options: [{ plainErrors: true }],
  errors: [plain(REJECTED, 'Promise.reject(new Error("no"))', "session/cancel")],
});
invalid.push({
  name: "plainErrors: a RequestError keeps its own message, reported once",
  code: invalid[0]!.code,
  options: [{ plainErrors: true }],
  errors: [reported(invalid[0]!.code, THROWN, "session/cancel")],
});

const ANY_THROWN = 'RequestError.invalidParams({ id: params })';
for (const style of ANY_METHOD_STYLES) {
  const code = style.program(`if (!params) throw ${ANY_THROWN};`);
  invalid.push({ name: `${style.name}: throws a RequestError`, code, errors: [reported(code, ANY_THROWN, style.method)] });
  const returned = style.program(`return ${ANY_THROWN};`);
  invalid.push({ name: `${style.name}: returns a RequestError`, code: returned, errors: [reported(returned, ANY_THROWN, style.method)] });
  valid.push({ name: `${style.name}: logs and returns`, code: style.program(`if (!params) {\n    console.warn("bad _x");\n    return;\n  }`) });
  const plainCode = style.program('if (!params) throw new Error("bad");');
  valid.push({ name: `${style.name}: a plain Error by default`, code: plainCode });
  invalid.push({ name: `${style.name}: plainErrors`, code: plainCode, options: [{ plainErrors: true }], errors: [plain(plainCode, 'new Error("bad")', style.method)] });
}
valid.push(
  {
    name: "onNotification of an object that is neither an SDK app nor a vscode-jsonrpc connection",
    code: `import { RequestError } from "@agentclientprotocol/sdk";
declare const bus: { onNotification(m: string, fn: (p: unknown) => unknown): void };
bus.onNotification("_x", (p) => {
  if (!p) throw RequestError.invalidParams({});
});`,
  },
  {
    name: "the one-argument form on an SDK app is not vscode-jsonrpc's star handler",
    code: `import { agent, RequestError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" }) as unknown as { onNotification(fn: (m: string) => unknown): void };
app.onNotification((m) => {
  if (!m) throw RequestError.invalidParams({});
});`,
  },
  {
    name: "a custom request registered with onRequest may throw",
    code: `import { agent, RequestError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
app.onRequest("_x/get", ({ params }: { params: { id?: string } }) => {
  if (!params.id) throw RequestError.invalidParams({});
  return {};
});`,
  },
);

const dispatcher = (test: string, branch: string, rest = "return { jsonrpc: \"2.0\", id: msg.id, result: {} };") => `import { RequestError } from "@agentclientprotocol/sdk";
type Msg = { jsonrpc: "2.0"; id?: number; method: string; params?: unknown };
export function handle(msg: Msg) {
  if (${test}) {
    ${branch}
  }
  if (msg.method === "_x") return undefined;
  ${rest}
}`;
const RESPONSE_ERROR = '{ code: -32601, message: "Method not found" }';
const RESPONSE = `return { jsonrpc: "2.0", id: null, error: ${RESPONSE_ERROR} };`;
const NO_ID_TESTS = ["msg.id === undefined", "undefined == msg.id", "msg.id == null", 'typeof msg.id === "undefined"', '!("id" in msg)', "msg.id === void 0"];
for (const test of NO_ID_TESTS) {
  const code = dispatcher(test, RESPONSE);
  invalid.push({ name: `no-id branch ${test}: returns an error response`, code, errors: [reported(code, RESPONSE_ERROR, "A message without id")] });
  const thrown = dispatcher(test, 'throw new RequestError(-32601, "Method not found");');
  invalid.push({ name: `no-id branch ${test}: throws a RequestError`, code: thrown, errors: [reported(thrown, 'new RequestError(-32601, "Method not found")', "A message without id")] });
  valid.push({ name: `no-id branch ${test}: logs and returns`, code: dispatcher(test, 'console.warn("notification", msg.method);\n    return undefined;') });
}
const ELSE = `type Msg = { jsonrpc: "2.0"; id?: number; method: string };
export function handle(msg: Msg) {
  if (msg.id !== undefined) {
    if (msg.method === "_x") return { jsonrpc: "2.0", id: msg.id, result: {} };
    return { jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } };
  } else {
    return { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Invalid request" } };
  }
}`;
invalid.push({ name: "the else of a request branch (msg.id !== undefined)", code: ELSE, errors: [reported(ELSE, '{ code: -32600, message: "Invalid request" }', "A message without id")] });
const IN_ELSE = ELSE.replace("msg.id !== undefined", '"id" in msg');
invalid.push({ name: 'the else of a request branch ("id" in msg)', code: IN_ELSE, errors: [reported(IN_ELSE, '{ code: -32600, message: "Invalid request" }', "A message without id")] });
valid.push(
  { name: "a request branch (msg.id !== undefined) without else answers its errors", code: ELSE.replace(/ else \{[\s\S]*?\n {2}\}/, "") },
  { name: "!msg.id is not a notification test: id 0 is a valid id", code: dispatcher("!msg.id", RESPONSE) },
  { name: "msg.id === null is not a notification test", code: dispatcher("msg.id === null", RESPONSE) },
  {
    name: "an id test in a function that does not route by method",
    code: `type Row = { id?: number };
export function load(row: Row) {
  if (row.id === undefined) return { jsonrpc: "2.0", id: null, error: ${RESPONSE_ERROR} };
  return row;
}`,
  },
  {
    name: "a no-id branch whose error is caught and logged",
    code: dispatcher("msg.id === undefined", 'try {\n      throw new RequestError(-32601, "x");\n    } catch (e) {\n      console.error(e);\n    }\n    return undefined;'),
  },
  {
    name: "an error thrown in a callback of the no-id branch",
    code: dispatcher("msg.id === undefined", 'setTimeout(() => {\n      throw new RequestError(-32601, "x");\n    });\n    return undefined;'),
  },
);
const PLAIN_BRANCH = dispatcher("msg.id === undefined", 'throw new Error("unknown notification");');
valid.push({ name: "no-id branch: a plain Error by default", code: PLAIN_BRANCH });
valid.push(
  {
    // Only a cancel sent with an id reaches a request handler, and its error is answered.
    name: "session/cancel registered with vscode-jsonrpc's onRequest",
    code: `import { createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
const connection = createMessageConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
const sessions = new Map<string, AbortController>();
connection.onRequest("session/cancel", (params: { sessionId: string }) => {
  const c = sessions.get(params.sessionId);
  if (!c) throw new ResponseError(-32602, \`unknown session \${params.sessionId}\`);
  c.abort();
  return null;
});
connection.listen();`,
  },
  {
    name: "a session/cancel case of a dispatcher inside a request handler's callback",
    code: `declare const connection: { setRequestHandler(h: (method: string, params: { sessionId: string }) => unknown): void };
const sessions = new Map<string, AbortController>();
connection.setRequestHandler((method, params) => {
  switch (method) {
    case "session/cancel": {
      const c = sessions.get(params.sessionId);
      if (!c) throw new Error("unknown session");
      c.abort();
      return null;
    }
  }
  return null;
});`,
    options: [{ plainErrors: true }],
  },
);
invalid.push({ name: "no-id branch: plainErrors", code: PLAIN_BRANCH, options: [{ plainErrors: true }], errors: [plain(PLAIN_BRANCH, 'new Error("unknown notification")', "A message without id")] });

const V2 = { acp: { protocolVersion: 2 } };
const V2_DISPATCH = (guard: string, fallback = 'return { jsonrpc: "2.0", id: msg.id ?? null, error: { code: -32601, message: "Method not found" } };') => `type Msg = { jsonrpc: "2.0"; id?: number; method: string; params: { sessionId: string } };
export function route(msg: Msg) {
  ${guard}
  switch (msg.method) {
    case "session/cancel":
      return undefined;
    case "session/prompt":
      return { jsonrpc: "2.0", id: msg.id, result: { stopReason: "end_turn" } };
    default:
      ${fallback}
  }
}`;
const FALLBACK_ERROR = '{ code: -32601, message: "Method not found" }';
const unknown = (code: string, text: string): Report => ({ messageId: "errorFromUnknownNotification", ...at(code, text) });
{
  const code = V2_DISPATCH("");
  invalid.push({ name: "v2: a dispatcher's default reached by notifications answers an error", code, settings: V2, errors: [unknown(code, FALLBACK_ERROR)] });
  valid.push({ name: "v1: the same default is not reported (method-not-found-error's business)", code });
  valid.push({ name: "v2: notifications turned away before the switch", code: V2_DISPATCH("if (msg.id === undefined) return undefined;"), settings: V2 });
  valid.push({ name: "v2: a default that logs and returns", code: V2_DISPATCH("", 'console.warn("unknown", msg.method);\n      return undefined;'), settings: V2 });
  const thrown = V2_DISPATCH("", 'throw new RequestError(-32601, "Method not found");').replace("type Msg", 'import { RequestError } from "@agentclientprotocol/sdk";\ntype Msg');
  invalid.push({ name: "v2: a default that throws a RequestError", code: thrown, settings: V2, errors: [unknown(thrown, 'new RequestError(-32601, "Method not found")')] });
  const IF_CHAIN = `type Msg = { jsonrpc: "2.0"; id?: number; method: string };
export function route(msg: Msg) {
  if (msg.method === "session/cancel") {
    return undefined;
  } else if (msg.method === "session/prompt") {
    return { jsonrpc: "2.0", id: msg.id, result: { stopReason: "end_turn" } };
  } else {
    return { jsonrpc: "2.0", id: msg.id ?? null, error: ${FALLBACK_ERROR} };
  }
}`;
  invalid.push({ name: "v2: the final else of a method if-chain that routes notifications", code: IF_CHAIN, settings: V2, errors: [unknown(IF_CHAIN, FALLBACK_ERROR)] });
  const REQUESTS_ONLY = V2_DISPATCH("").replace('case "session/cancel":\n      return undefined;\n    ', "");
  valid.push({ name: "v2: a dispatcher without notification cases may answer -32601", code: REQUESTS_ONLY, settings: V2 });
  valid.push({
    name: "v2: a fallback inside a request branch (msg.id !== undefined)",
    code: V2_DISPATCH("").replace("  switch", "  if (msg.id !== undefined) switch"),
    settings: V2,
  });
  const main = invalid[0]!;
  invalid.push({ ...main, name: `v2: ${main.name}`, settings: V2 });
}

untypedTester().run("no-error-from-notification", rule, { valid, invalid });

// A name that shadows the import is not the SDK's RequestError: what a parameter constructs may be any value, so
// throwing it is no fact about error responses.
untypedTester().run("no-error-from-notification (a name that shadows the import)", rule, {
  valid: [
    {
      name: "a parameter named RequestError",
      code: `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
export function mount(RequestError: new (code: number, message: string) => Error) {
  app.onNotification(methods.agent.session.cancel, () => {
    throw new RequestError(-32603, "Cannot cancel");
  });
}`,
    },
  ],
  invalid: [],
});
