import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/method-not-found-error.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { catchAllDispatch } from "./dispatch-responses.js";
import { HANDLER_STYLES } from "./handler-styles.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;

const SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
`;
const LEGACY = `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  async initialize() {
    return { protocolVersion: 1 };
  }
`;
const V2 = { acp: { protocolVersion: 2 } };

const valid: Valid[] = [
  {
    name: "a dispatcher's default that answers through a method sending a result or an error: which one is not told here",
    code: `export class Client {
  private stdin = { write(_line: string) {} };
  onAgentRequest(msg: { id: number; method: string }): void {
    switch (msg.method) {
      case "session/request_permission":
        this.respond(msg.id, { outcome: { outcome: "cancelled" } });
        break;
      default:
        this.respond(msg.id, undefined, { code: -32601, message: "Method not found" });
        break;
    }
  }
  private respond(id: number, result: unknown, error?: { code: number; message: string }): void {
    if (error) this.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, error }));
    else this.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, result }));
  }
}`,
  },
  {
    name: "an error class of the project's own carrying -32601 out of an SDK handler: the code is lost (no-lost-error-code's finding, not this one's)",
    code: `${SDK}class AgentError extends Error {\n  constructor(readonly code: number, message: string) {\n    super(message);\n  }\n}\napp.onRequest(methods.agent.session.load, () => {\n  throw new AgentError(-32601, "session/load is not supported");\n});`,
  },
  {
    name: "hand-rolled dispatch: a plain Error that says so, with no catch-all to tell its code",
    code: `export function handle(msg: { id: number; method: string }) {\n  switch (msg.method) {\n    case "session/new":\n      return { sessionId: "s" };\n    case "session/load":\n      throw new Error("session/load is not supported");\n    default:\n      return undefined;\n  }\n}`,
  },
  {
    name: "a handler serving one value first, then refusing the others as 'not implemented' (an unsupported value: -32602)",
    code: `import type { Agent, AuthenticateRequest, InitializeResponse } from "@agentclientprotocol/sdk";
export class GatewayAgent implements Agent {
  private gatewayMeta: unknown;
  async initialize(): Promise<InitializeResponse> {
    return { protocolVersion: 1, agentCapabilities: {}, authMethods: [{ id: "gateway", name: "Gateway" }] };
  }
  async authenticate(params: AuthenticateRequest): Promise<void> {
    if (params.methodId === "gateway") {
      this.gatewayMeta = params._meta;
      return;
    }
    throw new Error("Method not implemented.");
  }
}`,
  },
  { name: "* fallback throwing methodNotFound(method)", code: `${SDK}app.onRequest("*", ({ method }) => {\n  throw RequestError.methodNotFound(method);\n});` },
  { name: "* fallback: new RequestError(-32601, ...)", code: `${SDK}app.onRequest("*", (ctx) => {\n  throw new RequestError(-32601, "Method not found", { method: ctx.method });\n});` },
  {
    name: "* fallback: a named constant resolving to -32601",
    code: `${SDK}const METHOD_NOT_FOUND = -32601;\napp.onRequest("*", ({ method }) => {\n  throw new RequestError(METHOD_NOT_FOUND, "Method not found", { method });\n});`,
  },
  { name: "* fallback whose code cannot be resolved", code: `${SDK}declare const code: number;\napp.onRequest("*", () => {\n  throw new RequestError(code, "nope");\n});` },
  {
    name: "* fallback that rethrows what it caught",
    code: `${SDK}declare function other(m: string): unknown;\napp.onRequest("*", ({ method }) => {\n  try {\n    return other(method);\n  } catch (err) {\n    throw err;\n  }\n});`,
  },
  {
    name: "* fallback serving _ methods first, then methodNotFound",
    code: `${SDK}app.onRequest("*", ({ method }) => {\n  if (method === "_acme/ping") return { ok: false };\n  throw RequestError.methodNotFound(method);\n});`,
  },
  {
    name: "* fallback serving a registry of extensions, then methodNotFound",
    code: `${SDK}declare const ext: Map<string, (p: unknown) => unknown>;\napp.onRequest("*", ({ method, params }) => {\n  const h = ext.get(method);\n  if (h) return h(params);\n  throw RequestError.methodNotFound(method);\n});`,
  },
  {
    name: "* fallback delegating to another dispatcher",
    code: `${SDK}declare function next(m: unknown): unknown;\napp.onRequest("*", (ctx) => next(ctx));`,
  },
  {
    name: "legacy extMethod serving known _ methods, then methodNotFound",
    code: `${LEGACY}  async extMethod(method: string) {\n    if (method === "_acme/ping") return { pong: true };\n    throw acp.RequestError.methodNotFound(method);\n  }\n}`,
  },
  {
    name: "legacy extMethod with a switch of _ methods and a methodNotFound default",
    code: `${LEGACY}  async extMethod(method: string) {\n    switch (method) {\n      case "_acme/ping":\n        return { pong: true };\n      default:\n        throw acp.RequestError.methodNotFound(method);\n    }\n  }\n}`,
  },
  {
    name: "dispatch: a hand-rolled -32601 default",
    code: `export function route(msg: { id: number; method: string }) {\n  switch (msg.method) {\n    case "session/new":\n      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };\n    default:\n      return { jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } };\n  }\n}`,
  },
  {
    name: "dispatch: a default that delegates to another dispatcher",
    code: `class Router {\n  constructor(private readonly inner: { handle(m: unknown): unknown }) {}\n  handle(msg: { id: number; method: string }) {\n    switch (msg.method) {\n      case "session/new":\n        return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };\n      default:\n        return this.inner.handle(msg);\n    }\n  }\n}\nexport { Router };`,
  },
  {
    name: "dispatch: return next(msg) in the default",
    code: `declare function next(m: unknown): unknown;\nexport function route(msg: { id: number; method: string }) {\n  switch (msg.method) {\n    case "session/prompt":\n      return { jsonrpc: "2.0", id: msg.id, result: { stopReason: "end_turn" } };\n    default:\n      return next(msg);\n  }\n}`,
  },
  {
    name: "a switch on notifications only is no request dispatcher",
    code: `export function onNotice(msg: { method: string }) {\n  switch (msg.method) {\n    case "session/cancel":\n      return;\n    default:\n      throw new Error("unexpected " + msg.method);\n  }\n}`,
  },
  {
    name: "a switch that only logs",
    code: `export function log(msg: { method: string }) {\n  switch (msg.method) {\n    case "session/update":\n      console.log("update");\n      break;\n    default:\n      console.log("other");\n  }\n}`,
  },
  {
    name: "a parameter value not supported is -32602's business",
    code: `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {\n  if (params.modeId !== "ask") throw new RequestError(-32602, "unsupported mode");\n  return {};\n});`,
  },
  {
    name: "model not supported with another code: a parameter, not the method",
    code: `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {\n  if (params.prompt.length > 9) throw new Error("image content not supported");\n  throw new RequestError(-32603, "model not supported");\n});`,
  },
  {
    name: "a not-supported handler answering -32601",
    code: `${SDK}app.onRequest(methods.agent.session.load, () => {\n  throw new RequestError(-32601, "session/load is not supported");\n});`,
  },
  {
    name: "handler map: a miss answered with methodNotFound",
    code: `import { RequestError } from "@agentclientprotocol/sdk";\nconst handlers: Record<string, (p: unknown) => unknown> = {\n  "session/new": () => ({ sessionId: "s" }),\n};\nexport function route(method: string, params: unknown) {\n  const h = handlers[method];\n  if (!h) throw RequestError.methodNotFound(method);\n  return h(params);\n}`,
  },
  {
    name: "handler map: a miss that delegates",
    code: `declare function next(m: string, p: unknown): unknown;\nconst handlers: Record<string, (p: unknown) => unknown> = {\n  "session/new": () => ({ sessionId: "s" }),\n};\nexport function route(method: string, params: unknown) {\n  const h = handlers[method];\n  if (!h) return next(method, params);\n  return h(params);\n}`,
  },
  {
    name: "vscode-jsonrpc star handler answering -32601",
    code: `import { createMessageConnection, ResponseError } from "vscode-jsonrpc/node";\nconst connection = createMessageConnection(process.stdin as never, process.stdout as never);\nconnection.onRequest("session/new", () => ({ sessionId: "s" }));\nconnection.onRequest((method: string) => {\n  throw new ResponseError(-32601, \`Method not found: \${method}\`);\n});`,
  },
  {
    name: "a one-argument onRequest in a file without a JSON-RPC connection's handlers",
    code: `declare const bus: { onRequest(fn: (m: string) => unknown): void };\nbus.onRequest(() => ({ ok: false }));`,
  },
  {
    name: "helper-built -32601 answer in a default",
    code: `function fail(id: number, code: number, message: string) {\n  return { jsonrpc: "2.0", id, error: { code, message } };\n}\nexport function route(msg: { id: number; method: string }) {\n  switch (msg.method) {\n    case "session/new":\n      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };\n    default:\n      return fail(msg.id, -32601, "Method not found");\n  }\n}`,
  },
  {
    name: "dispatch: the final else of an if chain throws methodNotFound",
    code: `import { RequestError } from "@agentclientprotocol/sdk";\nexport function route(msg: { method: string }) {\n  if (msg.method === "session/new") {\n    return { sessionId: "s" };\n  } else {\n    throw RequestError.methodNotFound(msg.method);\n  }\n}`,
  },
  { name: "no ACP at all", code: `export function f(method: string) {\n  switch (method) {\n    default:\n      throw new Error("x");\n  }\n}` },
];

// Allow-list guards: an unknown method is refused by the guard, so what follows it is served, not a fallback.
valid.push(
  {
    name: "a 'no handler installed' branch whose helper sends -32601",
    code: `export class Socket {
  private handler: ((method: string, params: unknown) => Promise<unknown>) | null = null;
  constructor(private readonly ws: { send(data: string): void }) {}
  private refuse(id: number, method: string) {
    this.ws.send(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found", data: { method } } }));
  }
  cancel(sessionId: string) {
    this.ws.send(JSON.stringify({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId } }));
  }
  onMessage(msg: { id: number; method: string; params?: unknown }) {
    if (!this.handler) return this.refuse(msg.id, msg.method);
    return this.handler(msg.method, msg.params);
  }
}`,
  },
  {
    name: "a handler tested for absence but never given the method is no fallback",
    code: `export class Socket {
  private onClose: (() => void) | null = null;
  constructor(private readonly ws: { send(data: string): void }) {}
  cancel(sessionId: string) {
    this.ws.send(JSON.stringify({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId } }));
  }
  close(id: number) {
    if (!this.onClose) {
      this.ws.send(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32603, message: "no close handler" } }));
      return;
    }
    this.onClose();
  }
}`,
  },
  {
    name: "allow-list guard: extMethod refuses every method not in a !== chain, then serves the rest with successes",
    code: `${LEGACY}  async extMethod(method: string) {\n    if (method !== "_a/status" && method !== "_a/diff") {\n      throw acp.RequestError.methodNotFound(method);\n    }\n    if (method === "_a/status") return { clean: true };\n    return {};\n  }\n}`,
  },
  {
    name: "allow-list guard: a * handler refusing what a Set does not hold (!ALLOWED.has(method))",
    code: `${SDK}const ALLOWED = new Set(["_a/sync"]);\napp.onRequest("*", ({ method }) => {\n  if (!ALLOWED.has(method)) throw RequestError.methodNotFound(method);\n  return { synced: true };\n});`,
  },
  {
    name: "allow-list guard: a registry lookup read into a const (const op = OPS[ctx.method]; if (!op) throw)",
    code: `${SDK}declare const OPS: Record<string, () => unknown>;\napp.onRequest("*", async (ctx) => {\n  const op = OPS[ctx.method];\n  if (!op) throw RequestError.methodNotFound(ctx.method);\n  return { result: await op() };\n});`,
  },
);

const invalid: Invalid[] = [];
const add = (name: string, code: string, errors: Invalid["errors"], extra: Partial<Invalid> = {}) => invalid.push({ name, code, errors, ...extra });

{
  const code = `${SDK}const ALLOWED = new Set(["_a/sync"]);\napp.onRequest("*", ({ method }) => {\n  if (!ALLOWED.has(method)) throw new Error(\`no \${method}\`);\n  return { synced: true };\n});`;
  const node = "new Error(`no ${method}`)";
  add("allow-list guard whose refusal is a plain Error: the guard's answer is judged, not what it serves", code, [
    { messageId: "wrongCode", data: { code: "-32603" }, ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "RequestError.methodNotFound(method)" }, output: code.replace(node, "RequestError.methodNotFound(method)") }] },
  ]);
}
{
  const code = `${SDK}app.onRequest("*", ({ method }) => {\n  return { ok: false, error: \`unsupported method \${method}\` };\n});`;
  add("* fallback answering a result that says it failed ({ ok: false, error: string }): a success on the wire", code, [{ messageId: "success", ...at(code, "{ ok: false, error: `unsupported method ${method}` }") }]);
}
{
  // A client without the SDK answers every request through a handler the page installs later: until then, the
  // "no handler" branch is the fallback of every method, and its helper sends -32603.
  const code = `export class Socket {
  private handler: ((method: string, params: unknown) => Promise<unknown>) | null = null;
  constructor(private readonly ws: { send(data: string): void }) {}
  private respondError(id: number, message: string) {
    this.ws.send(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32603, message } }));
  }
  cancel(sessionId: string) {
    this.ws.send(JSON.stringify({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId } }));
  }
  onMessage(msg: { id: number; method: string; params?: unknown }) {
    if (!this.handler) {
      this.respondError(msg.id, \`no handler for \${msg.method}\`);
      return;
    }
    void this.handler(msg.method, msg.params).then((result) => this.ws.send(JSON.stringify({ jsonrpc: "2.0", id: msg.id, result })));
  }
}`;
  add("a client's 'no handler installed' branch answering through a helper that sends -32603", code, [
    { messageId: "wrongCode", data: { code: "-32603" }, ...at(code, "this.respondError(msg.id, `no handler for ${msg.method}`)"), suggestions: [] },
  ]);
}
{
  // A hand-rolled client that answers every agent request it does not know with a null result.
  const code = `declare function send(m: object): void;
export function onAgentMessage(msg: { id: number; method: string }) {
  switch (msg.method) {
    case "session/request_permission":
      return send({ jsonrpc: "2.0", id: msg.id, result: { outcome: { outcome: "cancelled" } } });
    default:
      send({ jsonrpc: "2.0", id: msg.id, result: null });
  }
}`;
  add("a dispatcher's default that sends a success envelope ({ jsonrpc, id, result: null })", code, [{ messageId: "success", ...at(code, '{ jsonrpc: "2.0", id: msg.id, result: null }') }]);
}
{
  // A hand-rolled client whose default answers through a method of its own that sends only a result envelope
  // (kiro-acp-ai-provider, agent-team): a success, at the call.
  const code = `export class Client {
  private stdin = { write(_line: string) {} };
  onAgentRequest(msg: { id: number; method: string }): void {
    switch (msg.method) {
      case "session/request_permission":
        this.sendResponse(msg.id, { outcome: { outcome: "cancelled" } });
        break;
      default:
        this.sendResponse(msg.id, null);
        break;
    }
  }
  private sendResponse(id: number, result: unknown): void {
    const response = { jsonrpc: "2.0", id, result };
    this.stdin.write(JSON.stringify(response) + "\\n");
  }
}`;
  add("a dispatcher's default that answers through a method of the file sending only result envelopes", code, [{ messageId: "success", ...at(code, "this.sendResponse(msg.id, null)") }]);
}
{
  // A check of the params is no allow-list: the method still reaches the success after it.
  const code = `${SDK}app.onRequest("*", ({ method, params }) => {\n  if (!params) throw RequestError.invalidParams();\n  return { ok: false, method };\n});`;
  const refusal = "RequestError.invalidParams()";
  add("a guard on the params (not the method) is no allow-list: the success after it is still the fallback's", code, [
    { messageId: "wrongCode", data: { code: "-32602" }, ...at(code, refusal), suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "RequestError.methodNotFound(method)" }, output: code.replace(refusal, "RequestError.methodNotFound(method)") }] },
    { messageId: "success", ...at(code, "{ ok: false, method }") },
  ]);
}
{
  const code = `${SDK}app.onRequest("*", ({ method }) => {\n  throw RequestError.internalError({ reason: \`\${method} is not supported\` });\n});`;
  const node = "RequestError.internalError({ reason: `${method} is not supported` })";
  add("* fallback throwing internalError (the lifecycle case)", code, [
    {
      messageId: "wrongCode",
      data: { code: "-32603" },
      ...at(code, node),
      suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "RequestError.methodNotFound(method)" }, output: code.replace(node, "RequestError.methodNotFound(method)") }],
    },
  ]);
  add("protocol version 2 says MUST", code, [
    {
      messageId: "wrongCodeMust",
      data: { code: "-32603" },
      ...at(code, node),
      suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "RequestError.methodNotFound(method)" }, output: code.replace(node, "RequestError.methodNotFound(method)") }],
    },
  ], { settings: V2 });
}
{
  const code = `${SDK}app.onRequest("*", (ctx) => {\n  throw new Error(\`no \${ctx.method}\`);\n});`;
  const node = "new Error(`no ${ctx.method}`)";
  add("* fallback throwing a plain Error (sent as -32603), ctx param", code, [
    { messageId: "wrongCode", data: { code: "-32603" }, ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "RequestError.methodNotFound(ctx.method)" }, output: code.replace(node, "RequestError.methodNotFound(ctx.method)") }] },
  ]);
}
{
  const code = `${SDK}app.onRequest("*", () => ({ ok: false }));`;
  add("* fallback answering a success (expression body)", code, [{ messageId: "success", ...at(code, "{ ok: false }") }]);
  add("* fallback answering a success, protocol version 2", code, [{ messageId: "successMust", ...at(code, "{ ok: false }") }], { settings: V2 });
}
{
  const code = `${SDK}app.onRequest("*", ({ method }) => {\n  if (method === "_acme/ping") return { pong: true };\n  return { ok: false };\n});`;
  add("* fallback: only what follows the served _ methods counts", code, [{ messageId: "success", ...at(code, "{ ok: false }") }]);
}
{
  const code = `${LEGACY}  async extMethod(method: string) {\n    throw new acp.RequestError(-32009, \`no \${method}\`);\n  }\n}`;
  const node = "new acp.RequestError(-32009, `no ${method}`)";
  add("legacy extMethod with another code, namespace import", code, [
    { messageId: "wrongCode", data: { code: "-32009" }, ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "acp.RequestError.methodNotFound(method)" }, output: code.replace(node, "acp.RequestError.methodNotFound(method)") }] },
  ]);
}
{
  const code = `${LEGACY}  async extMethod(method: string) {\n    switch (method) {\n      case "_acme/ping":\n        return { pong: true };\n      default:\n        return { ok: false };\n    }\n  }\n}`;
  add("legacy extMethod: a switch default answering a success", code, [{ messageId: "success", ...at(code, "{ ok: false }") }]);
}
// A legacy client's extMethod receives every method outside the protocol's (wire test legacy-client-defaults): a success
// there answers an unknown method.
const LEGACY_CLIENT = `import * as acp from "@agentclientprotocol/sdk";
export class C implements acp.Client {
  async requestPermission(): Promise<acp.RequestPermissionResponse> {
    return { outcome: { outcome: "cancelled" } };
  }
  async sessionUpdate(): Promise<void> {}
`;
{
  const code = `${LEGACY_CLIENT}  async extMethod(method: string): Promise<Record<string, unknown>> {\n    if (method === "_acme/open") return { opened: true };\n    return {};\n  }\n}`;
  add("legacy client extMethod answering every other method with {}", code, [{ messageId: "success", ...at(code, "{}", 1) }]);
}
valid.push({
  name: "legacy client extMethod refusing what it does not serve with methodNotFound",
  code: `${LEGACY_CLIENT}  async extMethod(method: string): Promise<Record<string, unknown>> {\n    if (method === "_acme/open") return { opened: true };\n    throw acp.RequestError.methodNotFound(method);\n  }\n}`,
});
{
  const code = `export function route(msg: { id: number; method: string }) {\n  switch (msg.method) {\n    case "session/new":\n      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };\n    default:\n      return { jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: "Internal error" } };\n  }\n}`;
  const node = `{ code: -32603, message: "Internal error" }`;
  add("dispatch: a hand-rolled default with another code", code, [
    { messageId: "wrongCode", data: { code: "-32603" }, ...at(code, node), suggestions: [{ messageId: "useCode", data: { replacement: "-32601" }, output: code.replace(`code: -32603, message: "Internal error"`, `code: -32601, message: "Method not found"`) }] },
  ]);
}
{
  // A bare -32601 would be prefer-error-factory's next finding where the file wrote no bare ACP code.
  const route = `export function route(msg: { id: number; method: string }) {\n  switch (msg.method) {\n    case "session/new":\n      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };\n    default:\n      return { jsonrpc: "2.0", id: msg.id, error: { code: 42, message: "Nope" } };\n  }\n}`;
  const node = `{ code: 42, message: "Nope" }`;
  const withSdk = `import { RequestError } from "@agentclientprotocol/sdk";\n${route}`;
  const replacement = "RequestError.methodNotFound(msg.method).toErrorResponse()";
  add("dispatch in a file with the SDK: an app code becomes the factory's error object", withSdk, [
    { messageId: "wrongCode", data: { code: "42" }, ...at(withSdk, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement }, output: withSdk.replace(node, replacement) }] },
  ]);
  add("dispatch without the SDK: an app code gets no rewrite to a bare -32601", route, [{ messageId: "wrongCode", data: { code: "42" }, ...at(route, node), suggestions: [] }]);
}
{
  const code = `const Codes = { MethodNotFound: -32601, InternalError: -32603 } as const;\nexport function route(msg: { id: number; method: string }) {\n  switch (msg.method) {\n    case "session/new":\n      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };\n    default:\n      return { jsonrpc: "2.0", id: msg.id, error: { code: Codes.InternalError, message: "Internal error" } };\n  }\n}`;
  add("dispatch: the suggestion names the file's constant for -32601", code, [
    {
      messageId: "wrongCode",
      data: { code: "-32603" },
      ...at(code, `{ code: Codes.InternalError, message: "Internal error" }`),
      suggestions: [{ messageId: "useCode", data: { replacement: "Codes.MethodNotFound" }, output: code.replace(`code: Codes.InternalError, message: "Internal error"`, `code: Codes.MethodNotFound, message: "Method not found"`) }],
    },
  ]);
}
{
  // `<const>{...}` is `{...} as const` in the older syntax: the table keeps its name.
  const code = `const Codes = <const>{ MethodNotFound: -32601, InternalError: -32603 };\nexport function route(msg: { id: number; method: string }) {\n  switch (msg.method) {\n    case "session/new":\n      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };\n    default:\n      return { jsonrpc: "2.0", id: msg.id, error: { code: Codes.InternalError, message: "Internal error" } };\n  }\n}`;
  add("dispatch: the suggestion names the constant of a table written with a <const> assertion", code, [
    {
      messageId: "wrongCode",
      data: { code: "-32603" },
      ...at(code, `{ code: Codes.InternalError, message: "Internal error" }`),
      suggestions: [{ messageId: "useCode", data: { replacement: "Codes.MethodNotFound" }, output: code.replace(`code: Codes.InternalError, message: "Internal error"`, `code: Codes.MethodNotFound, message: "Method not found"`) }],
    },
  ]);
}
{
  const code = `import { RequestError } from "@agentclientprotocol/sdk";\ntype Handler = (p: unknown) => unknown;\nconst handlers = <Record<string, Handler>>{\n  "session/new": () => ({ sessionId: "s" }),\n};\nexport function route(method: string, params: unknown) {\n  const h = handlers[method];\n  if (!h) throw RequestError.invalidRequest({ method });\n  return h(params);\n}`;
  const node = "RequestError.invalidRequest({ method })";
  add("handler map written with a <T> type assertion: the miss answered with -32600", code, [
    { messageId: "wrongCode", data: { code: "-32600" }, ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "RequestError.methodNotFound(method)" }, output: code.replace(node, "RequestError.methodNotFound(method)") }] },
  ]);
}
{
  const code = `export function route(msg: { id: number; method: string }) {\n  switch (msg.method) {\n    case "session/new":\n      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };\n    default:\n      return { jsonrpc: "2.0", id: msg.id, result: null };\n  }\n}`;
  add("dispatch: a default answering a success envelope", code, [{ messageId: "success", ...at(code, `{ jsonrpc: "2.0", id: msg.id, result: null }`) }]);
}

{
  const code = `import { RequestError } from "@agentclientprotocol/sdk";\nconst handlers: Record<string, (p: unknown) => unknown> = {\n  "session/new": () => ({ sessionId: "s" }),\n};\nexport function route(method: string, params: unknown) {\n  const h = handlers[method];\n  if (!h) throw RequestError.invalidRequest({ method });\n  return h(params);\n}`;
  const node = "RequestError.invalidRequest({ method })";
  add("handler map: the miss answered with -32600", code, [
    { messageId: "wrongCode", data: { code: "-32600" }, ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "RequestError.methodNotFound(method)" }, output: code.replace(node, "RequestError.methodNotFound(method)") }] },
  ]);
}
{
  const code = `import { RequestError } from "@agentclientprotocol/sdk";\nclass Router {\n  handlers = {\n    "session/prompt": () => ({ stopReason: "end_turn" }),\n  };\n  route(msg: { method: string }) {\n    if (!(msg.method in this.handlers)) throw new Error("unknown method");\n    return undefined;\n  }\n}\nexport { Router };`;
  const node = `new Error("unknown method")`;
  // No catch-all answers it here: what goes out (if anything) is not known, and is not -32601. No code is quoted.
  add("handler map on this: an 'in' miss throwing a plain Error", code, [
    { messageId: "plainError", ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "RequestError.methodNotFound(msg.method)" }, output: code.replace(node, "RequestError.methodNotFound(msg.method)") }] },
  ]);
  add("v2: the same plain Error MUST be -32601", code, [
    { messageId: "plainErrorMust", ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "RequestError.methodNotFound(msg.method)" }, output: code.replace(node, "RequestError.methodNotFound(msg.method)") }] },
  ], { settings: V2 });
}
{
  const code = `import { createMessageConnection } from "vscode-jsonrpc/node";\nconst connection = createMessageConnection(process.stdin as never, process.stdout as never);\nconnection.onRequest("session/new", () => ({ sessionId: "s" }));\nconnection.onRequest((method: string) => {\n  if (method === "_acme/ping") return { pong: true };\n  return { ok: false };\n});`;
  add("vscode-jsonrpc star handler answering a success", code, [{ messageId: "success", ...at(code, "{ ok: false }") }]);
}
{
  const code = `function fail(id: number, code: number, message: string) {\n  return { jsonrpc: "2.0", id, error: { code, message } };\n}\nexport function route(msg: { id: number; method: string }) {\n  switch (msg.method) {\n    case "session/new":\n      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };\n    default:\n      return fail(msg.id, -32000, "unknown");\n  }\n}`;
  add("a default answering through a helper with another code", code, [{ messageId: "wrongCode", data: { code: "-32000" }, ...at(code, `fail(msg.id, -32000, "unknown")`) }]);
}

{
  const code = `import { RequestError } from "@agentclientprotocol/sdk";\nexport function route(msg: { method: string }) {\n  if (msg.method === "session/new") {\n    return { sessionId: "s" };\n  } else if (msg.method === "session/prompt") {\n    return { stopReason: "end_turn" };\n  } else {\n    throw RequestError.internalError();\n  }\n}`;
  const node = "RequestError.internalError()";
  add("dispatch: the final else of an if chain", code, [
    { messageId: "wrongCode", data: { code: "-32603" }, ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement: "RequestError.methodNotFound(msg.method)" }, output: code.replace(node, "RequestError.methodNotFound(msg.method)") }] },
  ]);
}

// A registered handler, in every style, whose error says its method is not implemented.
for (const style of HANDLER_STYLES) {
  const code = style.program("session/load", `throw new RequestError(-32603, "Method not implemented");`);
  const node = `new RequestError(-32603, "Method not implemented")`;
  const replacement = `RequestError.methodNotFound("session/load")`;
  add(`not implemented, ${style.name}`, code, [
    { messageId: "unsupported", data: { code: "-32603" }, ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement }, output: code.replace(node, replacement) }] },
  ]);
}
{
  const code = `export async function handle(msg: { id: number; method: string }, post: (m: object) => void) {
  try {
    post({ jsonrpc: "2.0", id: msg.id, result: await dispatch(msg.method) });
  } catch (e) {
    post({ jsonrpc: "2.0", id: msg.id, error: { code: -32000, message: String(e) } });
  }
}
async function dispatch(method: string): Promise<unknown> {
  switch (method) {
    case "session/new":
      return { sessionId: "s" };
    default:
      throw new Error(\`Unsupported ACP method: \${method}\`);
  }
}`;
  const node = "new Error(`Unsupported ACP method: ${method}`)";
  add("a dispatcher's default throwing a plain Error that its caller's catch-all answers with -32000", code, [
    { messageId: "wrongCode", data: { code: "-32000" }, ...at(code, node) },
  ]);
}

// An error class of the project's own (not a RequestError) carries a code the SDK drops: it sends -32603.
const BRIDGE_ERROR = `class BridgeError extends Error {
  constructor(readonly code: string, message: string, readonly status = 500) {
    super(message);
  }
}
`;
// Run by the SDK (vscode-jsonrpc is not one the wire tests run: its styles are left out).
for (const style of HANDLER_STYLES.filter((s) => s.name.startsWith("sdk") || s.name.startsWith("legacy"))) {
  const code = `${BRIDGE_ERROR}${style.program("session/load", `throw new BridgeError("UNSUPPORTED", "session/load is not supported in v1", 400);`)}`;
  const node = `new BridgeError("UNSUPPORTED", "session/load is not supported in v1", 400)`;
  const replacement = `RequestError.methodNotFound("session/load")`;
  add(`an error class of the project's own, with a string code, sent by the SDK as -32603, ${style.name}`, code, [
    { messageId: "unsupported", data: { code: "-32603" }, ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement }, output: code.replace(node, replacement) }] },
  ]);
}
{
  const code = `${BRIDGE_ERROR}${LEGACY}  async extMethod(): Promise<Record<string, unknown>> {\n    throw new BridgeError("UNSUPPORTED", "extension methods are not supported", 400);\n  }\n}`;
  const node = `new BridgeError("UNSUPPORTED", "extension methods are not supported", 400)`;
  add("extMethod throwing an error class of the project's own: the SDK sends -32603", code, [{ messageId: "wrongCode", data: { code: "-32603" }, ...at(code, node) }]);
}
{
  const handlers = `  const loadSession = async (_p: Params) => {
    throw new Error("session/load is not supported");
  };
  const setMode = async (p: Params) => {
    sessions.get(p.sessionId ?? "")!.mode = p.modeId ?? "";
    return {};
  };`;
  const code = catchAllDispatch(handlers, `post({ jsonrpc: "2.0", id: msg.id, error: { code: -32000, message: String(e) } });`);
  const node = `new Error("session/load is not supported")`;
  add("hand-rolled dispatch: a plain Error that says so, answered by the catch-all with -32000", code, [{ messageId: "unsupported", data: { code: "-32000" }, ...at(code, node) }]);
}
{
  const code = `${SDK}app.onRequest(methods.agent.session.load, () => {\n  throw new Error("session/load is not supported");\n});`;
  const node = `new Error("session/load is not supported")`;
  const replacement = `RequestError.methodNotFound("session/load")`;
  add("a plain Error naming the method, protocol version 2", code, [
    { messageId: "unsupportedMust", data: { code: "-32603" }, ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement }, output: code.replace(node, replacement) }] },
  ], { settings: V2 });
}
{
  const code = `${SDK}app.onRequest(methods.agent.session.setMode, () => {\n  throw new RequestError(-32603, "not supported");\n});`;
  const node = `new RequestError(-32603, "not supported")`;
  const replacement = `RequestError.methodNotFound("session/set_mode")`;
  add("a handler whose whole body is the not-supported throw", code, [
    { messageId: "unsupported", data: { code: "-32603" }, ...at(code, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement }, output: code.replace(node, replacement) }] },
  ]);
}

// Protocol version 2: a tool call or terminal that cannot be cancelled is answered with -32602, not -32601.
{
  const V2_SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk/experimental/v2";
export const app = agent({ name: "a" });
`;
  const refused = `${V2_SDK}app.onRequest(methods.agent.toolCall.cancel, () => {\n  throw new RequestError(-32602, "Cancelling this tool call is not supported");\n});`;
  valid.push({ name: "v2: tool_call/cancel refused with -32602 (the item does not advertise cancel)", code: refused, settings: V2 });
  const node = `new RequestError(-32602, "Cancelling this tool call is not supported")`;
  add("v1: the same handler's refusal is judged like any method's", refused, [
    { messageId: "unsupported", data: { code: "-32602" }, ...at(refused, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement: `RequestError.methodNotFound("tool_call/cancel")` }, output: refused.replace(node, `RequestError.methodNotFound("tool_call/cancel")`) }] },
  ]);
  const terminal = `${V2_SDK}app.onRequest("terminal/cancel", ({ params }) => {\n  throw new RequestError(-32602, \`terminal/cancel is not supported for \${params.terminalId}\`);\n});`;
  valid.push({ name: "v2: terminal/cancel refused with -32602, the wire string", code: terminal, settings: V2 });
  const plain = `${V2_SDK}app.onRequest(methods.agent.toolCall.cancel, () => {\n  throw new Error("tool_call/cancel is not supported");\n});`;
  add("v2: tool_call/cancel refused with a plain Error (-32603) asks for -32602", plain, [
    { messageId: "cancelNotSupported", data: { method: "tool_call/cancel", code: "-32603" }, ...at(plain, `new Error("tool_call/cancel is not supported")`) },
  ], { settings: V2 });
  const dispatch = `type Msg = { id: number; method: string; params: { sessionId: string; terminalId: string } };
export function route(msg: Msg) {
  switch (msg.method) {
    case "session/new":
      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };
    case "terminal/cancel":
      return { jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: "Method not implemented" } };
    default:
      return { jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } };
  }
}`;
  add("v2: a dispatcher's terminal/cancel case answering -32603 asks for -32602", dispatch, [
    { messageId: "cancelNotSupported", data: { method: "terminal/cancel", code: "-32603" }, ...at(dispatch, `{ code: -32603, message: "Method not implemented" }`) },
  ], { settings: V2 });
  const notFound = `${V2_SDK}app.onRequest(methods.agent.toolCall.cancel, () => {\n  throw RequestError.methodNotFound("tool_call/cancel");\n});`;
  valid.push({ name: "v2: an agent that does not implement tool_call/cancel may answer -32601", code: notFound, settings: V2 });
}

// A value of the wrong type for session/set_config_option is answered with -32602 (a MUST in protocol version 2):
// a "not supported" error about a value is no unsupported method.
{
  const values = `${SDK}app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  if (typeof params.value !== "string") throw new RequestError(-32602, "session/set_config_option: boolean values are not supported");
  if (params.configId === "model") throw new RequestError(-32602, "This request's value type is not supported");
  return { configOptions: [] };
});`;
  valid.push({ name: "v2: set_config_option refusing a value type with -32602", code: values, settings: V2 });
  valid.push({ name: "v1: the same refusals", code: values });
  const mode = `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (params.modeId !== "ask") throw new Error(\`Mode \${params.modeId} is not supported by this method\`);
  return {};
});`;
  valid.push({ name: "v2: set_mode refusing a mode (an invalid-params matter, not a missing method)", code: mode, settings: V2 });
  const whole = `${SDK}app.onRequest(methods.agent.session.setConfigOption, () => {\n  throw new RequestError(-32602, "Config options are not supported");\n});`;
  const node = `new RequestError(-32602, "Config options are not supported")`;
  const replacement = `RequestError.methodNotFound("session/set_config_option")`;
  add("v2: a set_config_option handler whose whole body refuses is an unsupported method", whole, [
    { messageId: "unsupportedMust", data: { code: "-32602" }, ...at(whole, node), suggestions: [{ messageId: "useMethodNotFound", data: { replacement }, output: whole.replace(node, replacement) }] },
  ], { settings: V2 });
}

untypedTester().run("method-not-found-error", rule, { valid, invalid });

// With type information a code imported from another file is resolved: the fallback answers -32602.
const IMPORTED = `import { agent, RequestError } from "@agentclientprotocol/sdk";
import { INVALID_PARAMS } from "./codes.js";
export const app = agent({ name: "a" });
app.onRequest("*", ({ method }) => {
  throw new RequestError(INVALID_PARAMS, "unknown", { method });
});`;
const IMPORTED_NODE = `new RequestError(INVALID_PARAMS, "unknown", { method })`;

// Without types the import is followed by reading ./codes.ts beside the file: the same report.
const importedReport = {
  messageId: "wrongCode" as const,
  data: { code: "-32602" },
  ...at(IMPORTED, IMPORTED_NODE),
  suggestions: [{ messageId: "useMethodNotFound" as const, data: { replacement: "RequestError.methodNotFound(method)" }, output: IMPORTED.replace(IMPORTED_NODE, "RequestError.methodNotFound(method)") }],
};

untypedTester().run("method-not-found-error (an imported code, followed without types)", rule, {
  valid: [],
  invalid: [{ name: "untyped: the imported code resolves to -32602", code: IMPORTED, filename: typedFile, errors: [importedReport] }],
});

typedTester().run("method-not-found-error (typed)", rule, {
  valid: valid.map((v) => ({ ...v, name: `typed: ${v.name}`, filename: typedFile })),
  invalid: [
    {
      name: "typed: the imported code resolves to -32602",
      code: IMPORTED,
      filename: typedFile,
      errors: [importedReport],
    },
  ],
});

// A name that shadows the import is not the SDK's RequestError: what a parameter constructs is unknown, so the code
// a dispatch fallback answers with is too.
untypedTester().run("method-not-found-error (a name that shadows the import)", rule, {
  valid: [
    {
      name: "a parameter named RequestError",
      code: `import { RequestError } from "@agentclientprotocol/sdk";
export function mount(RequestError: new (code: number, message: string) => Error) {
  return function handle(msg: { method: string }) {
    switch (msg.method) {
      case "session/new":
        return {};
      default:
        throw new RequestError(-32603, "Unknown method");
    }
  };
}`,
    },
  ],
  invalid: [],
});
