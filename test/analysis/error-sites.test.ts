import { describe, expect, it } from "vitest";
import { type ModelOptions, modelOf, type SiteSummary, sitesOf, summaries, summary } from "./model-of.js";

/** A summary with the usual defaults: not rpc, not the SDK's, not in an error class, no data. */
function site(kind: SiteSummary["kind"], node: string, parts: Partial<SiteSummary> = {}): SiteSummary {
  return {
    kind,
    node,
    code: undefined,
    message: undefined,
    data: undefined,
    rpc: false,
    sdk: false,
    inErrorClass: false,
    ...parts,
  };
}

function sitesIn(code: string, options: ModelOptions = {}): SiteSummary[] {
  return summaries(modelOf(code, options));
}

describe("construct sites", () => {
  it("gives code, message and data of new RequestError from the SDK", () => {
    const probed = modelOf(`
import { RequestError, type PromptRequest } from "@agentclientprotocol/sdk";

export async function prompt(params: PromptRequest) {
  throw new RequestError(-32001, "Session not found", { sessionId: params.sessionId });
}
`);
    expect(summaries(probed)).toEqual([
      site("construct", `new RequestError(-32001, "Session not found", { sessionId: params.sessionId })`, {
        code: "-32001",
        message: `"Session not found"`,
        data: "{ sessionId: params.sessionId }",
        rpc: true,
        sdk: true,
      }),
    ]);
    expect(probed.model.errorSites[0]!.errorClass?.name).toBe("RequestError");
  });

  it("gives message null when the message argument is absent, undefined when a spread hides it", () => {
    expect(sitesIn(`
import { RequestError } from "@agentclientprotocol/sdk";
export function gone() { return new RequestError(-32001); }
export function forward(args: [number, string]) { return new RequestError(...args); }
export function partly(rest: [string]) { return new RequestError(-32001, ...rest); }
`)).toEqual([
      site("construct", "new RequestError(-32001)", { code: "-32001", message: null, rpc: true, sdk: true }),
      site("construct", "new RequestError(...args)", { rpc: true, sdk: true }),
      site("construct", "new RequestError(-32001, ...rest)", { code: "-32001", rpc: true, sdk: true }),
    ]);
  });

  it("recognises ResponseError and a local RequestError by name, not as the SDK's", () => {
    expect(sitesIn(`
export class RequestError extends Error {
  constructor(public code: number, message: string, public data?: unknown) {
    super(message);
  }
}
export function fail() {
  throw new ResponseError(-32603, "Internal error");
}
export function gone() {
  throw new RequestError(-32002, "Resource not found");
}
`)).toEqual([
      site("construct", `new ResponseError(-32603, "Internal error")`, { code: "-32603", message: `"Internal error"`, rpc: true }),
      site("construct", `new RequestError(-32002, "Resource not found")`, {
        code: "-32002",
        message: `"Resource not found"`,
        rpc: true,
      }),
    ]);
  });

  it("marks the SDK's RequestError through a namespace import, subpaths and the legacy package", () => {
    const sdkOf = (code: string, options: ModelOptions = {}) => sitesIn(code, options).map((s) => s.sdk);
    expect(sdkOf(`import * as acp from "@agentclientprotocol/sdk"; throw new acp.RequestError(-32001, "x");`)).toEqual([true]);
    expect(sdkOf(`import { RequestError } from "@agentclientprotocol/sdk/unstable"; throw new RequestError(-32001, "x");`)).toEqual([
      true,
    ]);
    expect(
      sdkOf(`import { RequestError } from "@zed-industries/agent-client-protocol"; throw new RequestError(-32001, "x");`),
    ).toEqual([true]);
    // Another package's RequestError (say @octokit/request-error) is no JSON-RPC error unless configured.
    expect(sdkOf(`import { RequestError } from "@agentclientprotocol/sdk-extra"; throw new RequestError(-32001, "x");`)).toEqual([]);
    expect(sdkOf(`import { RequestError } from "@octokit/request-error"; throw new RequestError("Not Found", 404, {});`)).toEqual([]);
    expect(sdkOf(`import { ResponseError } from "vscode-jsonrpc/node"; throw new ResponseError(-32001, "x");`)).toEqual([false]);
    expect(
      sdkOf(`import { RequestError } from "@octokit/request-error"; throw new RequestError(-32001, "x");`, {
        settings: { acp: { errorClasses: ["RequestError"] } },
      }),
    ).toEqual([false]);
    expect(sdkOf(`import { RequestError } from "./errors.js"; throw new RequestError(-32001, "x");`)).toEqual([false]);
    expect(sdkOf(`import * as other from "./errors.js"; throw new other.RequestError(-32001, "x");`)).toEqual([false]);
  });

  it("marks the SDK's RequestError from settings.acp.sdkModules (and their subpaths) only when configured", () => {
    const code = `import { RequestError } from "@acme/acp"; import * as sub from "@acme/acp/errors";
throw new RequestError(-32001, "x");
throw new sub.RequestError(-32002, "y");`;
    expect(sitesIn(code).map((s) => s.sdk)).toEqual([]);
    expect(sitesIn(code, { settings: { acp: { sdkModules: ["@acme/acp"] } } }).map((s) => s.sdk)).toEqual([true, true]);
  });

  it("recognises classes named in settings.acp.errorClasses as (code, message, data)", () => {
    const code = `
import { JsonRpcError } from "./rpc.js";
export function busy() {
  throw new JsonRpcError(-32042, "Busy", { retryAfter: 5 });
}
`;
    expect(sitesIn(code)).toEqual([]);
    expect(sitesIn(code, { settings: { acp: { errorClasses: ["JsonRpcError"] } } })).toEqual([
      site("construct", `new JsonRpcError(-32042, "Busy", { retryAfter: 5 })`, {
        code: "-32042",
        message: `"Busy"`,
        data: "{ retryAfter: 5 }",
        rpc: true,
      }),
    ]);
  });

  it("tells whether a construction is inside an error class", () => {
    expect(sitesIn(`
import { RequestError } from "@agentclientprotocol/sdk";
export class Agent {
  run() { throw new RequestError(-32603, "Internal error"); }
}
export class AgentError extends Error {
  toRpc() { return new RequestError(-32603, this.message); }
}
export class AcpError extends RequestError {
  static busy() { return new AcpError(-32042, "Busy"); }
}
`).map((s) => [s.node, s.inErrorClass])).toEqual([
      [`new RequestError(-32603, "Internal error")`, false],
      ["new RequestError(-32603, this.message)", true],
      [`new AcpError(-32042, "Busy")`, true],
    ]);
  });

  it("ignores constructions of other classes", () => {
    expect(sitesIn(`
export class Session { constructor(public code: number, message: string) {} }
new Session(-32001, "x");
new Map([[-32001, "x"]]);
throw new TypeError("bad");
`)).toEqual([]);
  });
});

describe("factory sites", () => {
  it("gives the factory, its data and no code or message", () => {
    const probed = modelOf(`
import { RequestError } from "@agentclientprotocol/sdk";
export function check(params: { path?: string }) {
  if (!params.path) throw RequestError.invalidParams({ field: "path" }, "path is required");
  throw RequestError.methodNotFound("session/fork");
}
`);
    const [invalid, notFound] = sitesOf(probed, "factory");
    expect(summary(probed, invalid!)).toEqual(
      site("factory", `RequestError.invalidParams({ field: "path" }, "path is required")`, {
        data: `{ field: "path" }`,
        rpc: true,
        sdk: true,
      }),
    );
    expect(invalid!.factory).toEqual({ name: "invalidParams", code: -32602, args: "data-message", since: "0.1.0" });
    expect(invalid!.message).toBeUndefined();
    expect(summary(probed, notFound!)).toEqual(site("factory", `RequestError.methodNotFound("session/fork")`, { rpc: true, sdk: true }));
    expect(notFound!.factory?.name).toBe("methodNotFound");
    expect(notFound!.factory?.code).toBe(-32601);
  });

  it("recognises factories through a namespace import, and of a RequestError that is not the SDK's", () => {
    const probed = modelOf(`
import * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "./errors.js";
throw acp.RequestError.internalError({ cause: "db" });
throw RequestError.authRequired();
throw acp.RequestError.sessionNotFound("s1");
`);
    expect(probed.model.errorSites.map((s) => [s.kind, s.factory?.name, s.factory?.code, s.sdk])).toEqual([
      ["factory", "internalError", -32603, true],
      ["factory", "authRequired", -32000, false],
      ["factory", "sessionNotFound", -32002, true],
    ]);
  });

  it("ignores unknown static methods and factories of other classes", () => {
    expect(sitesIn(`
import { RequestError } from "@agentclientprotocol/sdk";
RequestError.fromJson({ code: 1 });
Validator.invalidParams({ field: "x" });
RequestError.toString();
`)).toEqual([]);
  });

  it("does not take the arguments of a construction or factory for error objects of their own", () => {
    expect(sitesIn(`
import { RequestError } from "@agentclientprotocol/sdk";
export function wrap(e: { code: string; message: string }) {
  if (e.code === "ENOENT") throw RequestError.internalError({ code: e.code, message: e.message });
  throw new RequestError(-32603, "Internal error", { code: e.code, message: e.message });
}
`).map((s) => s.kind)).toEqual(["construct", "factory"]);
  });
});

describe("object sites", () => {
  it("takes thrown objects, with or without a message", () => {
    expect(sitesIn(`
export function fail(rest: object) {
  if (Math.random()) throw { code: -32001, message: "Session gone", data: { retry: false } };
  if (Math.random()) throw { code: -32001 };
  if (Math.random()) throw { code: -32001, ...rest };
  throw { code: -32002, message: "Resource not found" } as const;
}
`)).toEqual([
      site("object", `{ code: -32001, message: "Session gone", data: { retry: false } }`, {
        code: "-32001",
        message: `"Session gone"`,
        data: "{ retry: false }",
      }),
      site("object", "{ code: -32001 }", { code: "-32001", message: null }),
      site("object", "{ code: -32001, ...rest }", { code: "-32001" }),
      site("object", `{ code: -32002, message: "Resource not found" }`, { code: "-32002", message: `"Resource not found"` }),
    ]);
  });

  it("takes objects under error:, rpc only inside a JSON-RPC response", () => {
    expect(sitesIn(`
declare function send(message: unknown): void;
send({ jsonrpc: "2.0", id: 7, error: { code: -32601, message: "Method not found" } });
send({ id: 7, error: { code: -32601 } });
const outcome = { ok: false, error: { code: -32603 } };
`)).toEqual([
      site("object", `{ code: -32601, message: "Method not found" }`, { code: "-32601", message: `"Method not found"`, rpc: true }),
      site("object", "{ code: -32601 }", { code: "-32601", message: null, rpc: true }),
      site("object", "{ code: -32603 }", { code: "-32603", message: null }),
    ]);
  });

  it("takes returned and passed objects only when they have a message", () => {
    expect(sitesIn(`
declare function reply(value: unknown): void;
export function a() { return { code: 1 }; }
export function b() { return { code: -32001, message: "gone" }; }
export const c = () => ({ code: -32002, message: "missing" });
export const d = () => ({ code: 2 });
reply({ code: 3 });
reply({ code: -32003, message: "m" });
export const e = new Map([["x", { code: 4, message: "not an argument of the call" }]]);
`).map((s) => s.node)).toEqual([
      `{ code: -32001, message: "gone" }`,
      `{ code: -32002, message: "missing" }`,
      `{ code: -32003, message: "m" }`,
    ]);
  });

  it("ignores objects stored in variables, shorthand-less lookalikes and objects without a code", () => {
    expect(sitesIn(`
export const lookup = { code: -32001, message: "x" };
export function f() {
  throw { message: "no code" };
}
export const { code = -32001 } = lookup;
`)).toEqual([]);
  });
});

describe("assign sites", () => {
  it("takes Object.assign(new Error(message), { code, data })", () => {
    expect(sitesIn(`
export function readFailed(path: string) {
  throw Object.assign(new Error(\`cannot read \${path}\`), { code: -32002, data: { path } });
}
`)).toEqual([
      site("assign", "Object.assign(new Error(`cannot read ${path}`), { code: -32002, data: { path } })", {
        code: "-32002",
        message: "`cannot read ${path}`",
        data: "{ path }",
      }),
    ]);
  });

  it("gives message null for new Error() without arguments, the last code of several sources", () => {
    expect(sitesIn(`
Object.assign(new Error(), { code: -32001 });
Object.assign(new SessionError("gone"), { code: 1 }, { code: -32002 });
`)).toEqual([
      site("assign", "Object.assign(new Error(), { code: -32001 })", { code: "-32001", message: null }),
      site("assign", `Object.assign(new SessionError("gone"), { code: 1 }, { code: -32002 })`, { code: "-32002", message: `"gone"` }),
    ]);
  });

  it("ignores Object.assign onto non-errors and without a code", () => {
    expect(sitesIn(`
export const a = Object.assign({}, { code: -32001 });
export const b = Object.assign(new Error("m"), { data: 1 });
export const c = Object.assign(new Session(), { code: -32001 });
`)).toEqual([]);
  });

  it("leaves an argument of Object.assign onto a non-error to the object rule (it has a message)", () => {
    expect(sitesIn(`export const a = Object.assign({}, { code: -32001, message: "x" });`)).toEqual([
      site("object", `{ code: -32001, message: "x" }`, { code: "-32001", message: `"x"` }),
    ]);
  });
});

describe("code-assignment sites", () => {
  it("takes err.code = n on error-named objects", () => {
    expect(sitesIn(`
export function fail(cause: unknown) {
  const err = new Error("boom") as NodeJS.ErrnoException;
  err.code = "EMFILE";
  const rpcError: any = {};
  rpcError.code = -32603;
  (err as any).code = -32001;
  const sessionError: any = new Error("gone");
  sessionError.code = -32002;
  throw err;
}
`)).toEqual([
      // The message is that of the Error the variable holds; an object literal has none.
      site("code-assignment", `err.code = "EMFILE"`, { code: `"EMFILE"`, message: `"boom"` }),
      site("code-assignment", "rpcError.code = -32603", { code: "-32603" }),
      site("code-assignment", "(err as any).code = -32001", { code: "-32001", message: `"boom"` }),
      site("code-assignment", "sessionError.code = -32002", { code: "-32002", message: `"gone"` }),
    ]);
  });

  it("ignores other objects, compound assignments and the class's own this.code = code", () => {
    expect(sitesIn(`
declare const result: { code: number };
declare const err: { code: number };
result.code = -32001;
err.code += 1;
err.data = -32001;
export class AppError extends Error {
  code: number;
  constructor(message: string, code: number) {
    super(message);
    this.code = code;
  }
}
`)).toEqual([]);
  });
});

describe("class-code sites", () => {
  it("takes a code field, this.code = n in the constructor and super(code, m) of a RequestError subclass", () => {
    const probed = modelOf(`
import { RequestError } from "@agentclientprotocol/sdk";
export class BusyError extends Error {
  code = -32042;
}
export class GoneError extends Error {
  code: number;
  constructor(message: string) {
    super(message);
    this.code = -32001;
  }
}
export class SessionError extends RequestError {
  constructor(sessionId: string) {
    super(-32001, \`Session \${sessionId} not found\`, { sessionId });
  }
}
`);
    expect(summaries(probed).map((s) => [s.kind, s.code, s.rpc, s.inErrorClass, s.message])).toEqual([
      ["class-code", "-32042", false, true, undefined],
      ["class-code", "-32001", false, true, undefined],
      ["class-code", "-32001", true, true, undefined],
    ]);
    expect(probed.model.errorSites.map((s) => s.errorClass?.name)).toEqual(["BusyError", "GoneError", "SessionError"]);
    expect(probed.sourceCode.getText(probed.model.errorSites[0]!.node)).toBe("class BusyError extends Error {\n  code = -32042;\n}");
  });

  it("takes a class expression bound to a const, and gives a subclass its own held code", () => {
    expect(sitesIn(`
export const QuotaError = class extends Error { code = -32029 };
export class BaseError extends Error { code = -32050; }
export class Inherits extends BaseError {}
export class Overrides extends BaseError { code = -32051; }
`).map((s) => [s.kind, s.node, s.code])).toEqual([
      ["class-code", "class extends Error { code = -32029 }", "-32029"],
      ["class-code", "class BaseError extends Error { code = -32050; }", "-32050"],
      ["class-code", "class Overrides extends BaseError { code = -32051; }", "-32051"],
    ]);
  });

  it("ignores static code fields and classes that are not errors", () => {
    expect(sitesIn(`
export class Codes extends Error { static code = -32001; }
export class Settings { code = -32001; }
`)).toEqual([]);
  });
});

describe("local error classes", () => {
  it("takes the code parameter by name, the message from super(p) and data from this.data = p", () => {
    const probed = modelOf(`
export class AppError extends Error {
  code: number;
  data: unknown;
  constructor(message: string, code: number, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}
throw new AppError("Quota exceeded", -32029, { limit: 10 });
`);
    expect(probed.model.errorClasses.get("AppError")).toEqual({
      name: "AppError",
      rpc: false,
      codeIndex: 1,
      messageIndex: 0,
      dataIndex: 2,
    });
    expect(summaries(probed)).toEqual([
      site("construct", `new AppError("Quota exceeded", -32029, { limit: 10 })`, {
        code: "-32029",
        message: `"Quota exceeded"`,
        data: "{ limit: 10 }",
      }),
    ]);
  });

  it("takes the code parameter through this.code = p and a parameter property", () => {
    expect(sitesIn(`
export class RetryError extends Error {
  constructor(msg: string, private readonly c: number) {
    super(msg);
    this.code = c;
  }
  code: number;
}
export class FsError extends Error {
  constructor(public code: string, message: string) {
    super(message);
  }
}
throw new RetryError("try later", -32042);
throw new FsError("ENOENT", "no such file");
`)).toEqual([
      site("construct", `new RetryError("try later", -32042)`, { code: "-32042", message: `"try later"` }),
      site("construct", `new FsError("ENOENT", "no such file")`, { code: `"ENOENT"`, message: `"no such file"` }),
    ]);
  });

  it("lets a subclass without constructor inherit the parameter positions, even when declared first", () => {
    const probed = modelOf(`
export class QuotaError extends AppError {}
export class AppError extends Error {
  constructor(message: string, public code: number) {
    super(message);
  }
}
throw new QuotaError("Quota exceeded", -32029);
`);
    expect(probed.model.errorClasses.get("QuotaError")).toMatchObject({ name: "QuotaError", codeIndex: 1, messageIndex: 0 });
    expect(summaries(probed)).toEqual([
      site("construct", `new QuotaError("Quota exceeded", -32029)`, { code: "-32029", message: `"Quota exceeded"` }),
    ]);
  });

  it("keeps the JSON-RPC positions for a RequestError subclass without constructor", () => {
    expect(sitesIn(`
import { RequestError } from "@agentclientprotocol/sdk";
export class AgentError extends RequestError {}
throw new AgentError(-32042, "Busy", { retryAfter: 1 });
`)).toEqual([
      site("construct", `new AgentError(-32042, "Busy", { retryAfter: 1 })`, {
        code: "-32042",
        message: `"Busy"`,
        data: "{ retryAfter: 1 }",
        rpc: true,
      }),
    ]);
  });

  it("takes a class expression's code parameter", () => {
    expect(sitesIn(`
export const HttpError = class extends Error {
  constructor(public code: number, message: string) {
    super(message);
  }
};
throw new HttpError(-32099, "Upstream failed");
`)).toEqual([site("construct", `new HttpError(-32099, "Upstream failed")`, { code: "-32099", message: `"Upstream failed"` })]);
  });

  it("does not describe classes that do not extend an error, or hold no code", () => {
    const probed = modelOf(`
export class Session { constructor(public code: number, message: string) {} }
export class Plain extends Error { constructor(message: string) { super(message); } }
export class Unknown extends SomeBase { constructor(public code: number) { super(); } }
`);
    expect([...probed.model.errorClasses.byName.keys()]).toEqual(["RequestError", "ResponseError"]);
  });

  it("adds settings.acp.errorClasses to the known classes", () => {
    const probed = modelOf(`export {};`, { settings: { acp: { errorClasses: ["JsonRpcError", "LspError"] } } });
    expect(probed.model.errorClasses.get("LspError")).toEqual({ name: "LspError", codeIndex: 0, messageIndex: 1, dataIndex: 2, rpc: true });
    expect([...probed.model.errorClasses.byName.keys()]).toEqual(["RequestError", "ResponseError", "JsonRpcError", "LspError"]);
  });
});

describe("helper-call sites", () => {
  it("takes calls of a function declaration whose parameter becomes the code of an error object", () => {
    const probed = modelOf(`
function fail(id: number, code: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code, message } };
}
export function handle(id: number) {
  return fail(id, -32001, "Session gone");
}
`);
    const [inner, call] = probed.model.errorSites;
    expect(summaries(probed)).toEqual([
      site("object", "{ code, message }", { code: "code", message: "message", rpc: true }),
      site("helper-call", `fail(id, -32001, "Session gone")`, { code: "-32001", message: `"Session gone"`, rpc: true }),
    ]);
    expect(call!.inner).toBe(inner);
  });

  it("takes calls of const arrow and function-expression helpers", () => {
    expect(sitesIn(`
import { RequestError } from "@agentclientprotocol/sdk";
const reject = (code: number, message: string, data?: unknown) => new RequestError(code, message, data);
const rejectFixed = function (code: number) { return new RequestError(code, "Rejected"); };
reject(-32002, "Resource not found", { uri: "file:///a" });
rejectFixed(-32003);
`).filter((s) => s.kind === "helper-call")).toEqual([
      site("helper-call", `reject(-32002, "Resource not found", { uri: "file:///a" })`, {
        code: "-32002",
        message: `"Resource not found"`,
        data: `{ uri: "file:///a" }`,
        rpc: true,
      }),
      site("helper-call", "rejectFixed(-32003)", { code: "-32003", rpc: true }),
    ]);
  });

  it("takes this.method(...) calls in the same class (in arrows, not in plain functions) and calls on an instance", () => {
    const probed = modelOf(`
import { RequestError } from "@agentclientprotocol/sdk";
export class EchoAgent {
  private fail(code: number, message: string): never {
    throw new RequestError(code, message);
  }
  async prompt(sessionId: string) {
    if (!sessionId) this.fail(-32602, "Invalid params");
    const later = () => this.fail(-32001, "Session gone");
    const detached = function (this: EchoAgent) { this.fail(-32003, "not the class's this"); };
    return [later, detached];
  }
}
new EchoAgent().fail(-32004, "outside");
`);
    expect(sitesOf(probed, "helper-call").map((s) => summary(probed, s).node)).toEqual([
      `this.fail(-32602, "Invalid params")`,
      `this.fail(-32001, "Session gone")`,
      `new EchoAgent().fail(-32004, "outside")`,
    ]);
  });

  it("follows helpers of helpers, each call with the site it reaches", () => {
    const probed = modelOf(`
import { RequestError } from "@agentclientprotocol/sdk";
function reject(code: number, message: string) {
  return new RequestError(code, message);
}
function rejectBusy(code: number) {
  return reject(code, "Busy");
}
throw rejectBusy(-32042);
`);
    const [construct, middle, outer] = probed.model.errorSites;
    expect(summaries(probed)).toEqual([
      site("construct", "new RequestError(code, message)", { code: "code", message: "message", rpc: true, sdk: true }),
      site("helper-call", `reject(code, "Busy")`, { code: "code", message: `"Busy"`, rpc: true }),
      site("helper-call", "rejectBusy(-32042)", { code: "-32042", rpc: true }),
    ]);
    expect(middle!.inner).toBe(construct);
    expect(outer!.inner).toBe(middle);
    expect(outer!.errorClass?.name).toBe("RequestError");
  });

  it("takes helpers around Object.assign and err.code =, not rpc", () => {
    expect(sitesIn(`
function fsError(code: string, message: string) {
  return Object.assign(new Error(message), { code });
}
function withCode(message: string, code: string) {
  const err: any = new Error(message);
  err.code = code;
  return err;
}
throw fsError("ENOENT", "missing");
throw withCode("denied", "EACCES");
`).filter((s) => s.kind === "helper-call")).toEqual([
      site("helper-call", `fsError("ENOENT", "missing")`, { code: `"ENOENT"`, message: `"missing"` }),
      site("helper-call", `withCode("denied", "EACCES")`, { code: `"EACCES"`, message: `"denied"` }),
    ]);
  });

  it("takes a helper around a local error class", () => {
    expect(sitesIn(`
export class AppError extends Error {
  constructor(public code: number, message: string) { super(message); }
}
const fail = (code: number, why: string) => { throw new AppError(code, why); };
fail(-32001, "gone");
`).filter((s) => s.kind === "helper-call")).toEqual([site("helper-call", `fail(-32001, "gone")`, { code: "-32001", message: `"gone"` })]);
  });

  it("gives no call site when the helper reassigns its code parameter", () => {
    expect(sitesIn(`
import { RequestError } from "@agentclientprotocol/sdk";
function fail(code: number, message: string) {
  code = code || -32603;
  throw new RequestError(code, message);
}
fail(-32001, "x");
`).map((s) => s.kind)).toEqual(["construct"]);
  });

  it("gives no call site when a spread hides the code argument, and unknown message when it hides the message", () => {
    expect(sitesIn(`
import { RequestError } from "@agentclientprotocol/sdk";
function fail(id: number, code: number, message: string) {
  throw new RequestError(code, message);
}
declare const args: [number, number, string];
declare const rest: [number, string];
declare const tail: [string];
fail(...args);
fail(1, ...rest);
fail(1, -32001, ...tail);
`).filter((s) => s.kind === "helper-call")).toEqual([site("helper-call", "fail(1, -32001, ...tail)", { code: "-32001", rpc: true })]);
  });

  it("gives an unknown message, not an absent one, when the message argument is left out", () => {
    const probed = modelOf(`
import { RequestError } from "@agentclientprotocol/sdk";
function fail(code: number, message?: string) {
  throw new RequestError(code, message ?? "Internal error");
}
fail(-32603);
`);
    const [call] = sitesOf(probed, "helper-call");
    expect(probed.sourceCode.getText(call!.code!)).toBe("-32603");
    expect(call!.message).toBeUndefined();
  });

  it("ignores helpers that are reassigned, calls of other functions and helpers without a code parameter", () => {
    expect(sitesIn(`
import { RequestError } from "@agentclientprotocol/sdk";
declare const other: (code: number) => RequestError;
let fail = (code: number) => new RequestError(code, "m");
fail = other;
fail(-32001);
function fixed(message: string) { return new RequestError(-32603, message); }
fixed("boom");
function factoryOnly(code: number) { return RequestError.internalError({ code }); }
factoryOnly(-32001);
`).filter((s) => s.kind === "helper-call")).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Hand-rolled dispatchers: error responses built in envelopes, variables and helpers, and sent through transports.
// ---------------------------------------------------------------------------------------------------------------

/** The types a hand-rolled dispatcher declares for itself. */
const DISPATCH_TYPES = `type Id = string | number | null;
type Failure = { code: number; message: string; data?: unknown };
declare function send(message: unknown): void;
`;

describe("error objects of responses", () => {
  it("takes an error written inline in a response that is returned, sent, or sent serialised", () => {
    expect(sitesIn(`${DISPATCH_TYPES}declare const ws: { send(text: string): void };
export function a(id: Id) { return { jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } }; }
export function b(id: Id) { send({ jsonrpc: "2.0", id, error: { code: -32602, message: "Invalid params" } }); }
export function c(id: Id) { ws.send(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32603, message: "Internal error" } }) + "\\n"); }
`)).toEqual([
      site("object", `{ code: -32601, message: "Method not found" }`, { code: "-32601", message: `"Method not found"`, rpc: true }),
      site("object", `{ code: -32602, message: "Invalid params" }`, { code: "-32602", message: `"Invalid params"`, rpc: true }),
      site("object", `{ code: -32603, message: "Internal error" }`, { code: "-32603", message: `"Internal error"`, rpc: true }),
    ]);
  });

  it("takes an error held in a variable and put in a response, by shorthand or as error: error", () => {
    expect(sitesIn(`${DISPATCH_TYPES}export function a(id: Id) {
  const error: Failure = { code: -32001, message: "Session gone", data: { id } };
  return { jsonrpc: "2.0" as const, id, error };
}
export function b(id: Id) {
  const failure = { code: -32002, message: "Resource not found" } satisfies Failure;
  send({ jsonrpc: "2.0", id, error: failure });
}
`)).toEqual([
      site("object", `{ code: -32001, message: "Session gone", data: { id } }`, {
        code: "-32001",
        message: `"Session gone"`,
        data: "{ id }",
        rpc: true,
      }),
      site("object", `{ code: -32002, message: "Resource not found" }`, { code: "-32002", message: `"Resource not found"`, rpc: true }),
    ]);
  });

  it("takes an error held in a variable that is thrown (with or without a message) or returned (with one)", () => {
    expect(sitesIn(`export function a() { const err = { code: -32003 }; throw err; }
export function b() { const err = { code: -32004, message: "m" }; return err; }
export function c() { const outcome = { ok: false, error: { code: -32005 } }; return outcome; }
export function d() { const error = { code: -32006, message: "m" }; return { ok: false, error }; }
`)).toEqual([
      site("object", "{ code: -32003 }", { code: "-32003", message: null }),
      site("object", `{ code: -32004, message: "m" }`, { code: "-32004", message: `"m"` }),
      site("object", "{ code: -32005 }", { code: "-32005", message: null }),
      site("object", `{ code: -32006, message: "m" }`, { code: "-32006", message: `"m"` }),
    ]);
  });

  it("ignores variables only passed to calls or returned without a message, reassigned ones and unused ones", () => {
    expect(sitesIn(`${DISPATCH_TYPES}export function a() { const options = { code: -32001, message: "x" }; send(options); }
export function b() { const status = { code: -32001 }; return status; }
export function c(id: Id) {
  let error = { code: -32001, message: "x" };
  error = { code: -32002, message: "y" };
  return { jsonrpc: "2.0", id, error };
}
export const unused = { code: -32001, message: "x" };
`)).toEqual([]);
  });
});

describe("helpers that build responses", () => {
  const REFUSE = `${DISPATCH_TYPES}const Errors = { invalidParams: -32602, notFound: -32002, busy: -32020 } as const;
function refuse(id: Id, code: number, message: string, data?: unknown) {
  const error: Failure = { code, message, data };
  return { jsonrpc: "2.0" as const, id, error };
}
`;

  it("takes the calls of a helper that builds the response from its parameters, shorthand properties included", () => {
    const probed = modelOf(`${REFUSE}export function handle(req: { id: Id }) {
  if (Math.random()) return refuse(req.id, -32001, "Session gone", { retry: false });
  return refuse(req.id, Errors.notFound, "Resource not found");
}
`);
    const [inner, ...calls] = probed.model.errorSites;
    expect(summaries(probed)).toEqual([
      site("object", "{ code, message, data }", { code: "code", message: "message", data: "data", rpc: true }),
      site("helper-call", `refuse(req.id, -32001, "Session gone", { retry: false })`, {
        code: "-32001",
        message: `"Session gone"`,
        data: "{ retry: false }",
        rpc: true,
      }),
      site("helper-call", `refuse(req.id, Errors.notFound, "Resource not found")`, {
        code: "Errors.notFound",
        message: `"Resource not found"`,
        rpc: true,
      }),
    ]);
    expect(calls.map((c) => c.inner)).toEqual([inner, inner]);
    expect([...probed.model.delegated]).toEqual([inner]);
    expect(probed.model.values.numbers(calls[1]!.code!)).toEqual([-32002]);
  });

  it("follows a helper of the helper, and codes of enums and as-const tables", () => {
    const probed = modelOf(`${REFUSE}enum Codes { Busy = -32020, Gone }
function busy(id: Id, code: number) { return refuse(id, code, "Busy"); }
busy(1, Codes.Gone);
refuse(2, Errors.busy, "Busy");
`);
    const calls = sitesOf(probed, "helper-call");
    expect(calls.map((c) => [summary(probed, c).node, probed.model.values.numbers(c.code!)])).toEqual([
      [`refuse(id, code, "Busy")`, undefined],
      [`refuse(2, Errors.busy, "Busy")`, [-32020]],
      ["busy(1, Codes.Gone)", [-32019]],
    ]);
    expect(calls[2]!.inner).toBe(calls[0]);
  });

  it("takes this.sendError(...) of a class whose sendError writes the response, and the helper it calls", () => {
    const probed = modelOf(`${DISPATCH_TYPES}export class Server {
  constructor(private readonly out: { write(text: string): void }) {}
  private write(message: unknown) { this.out.write(JSON.stringify(message)); }
  sendError(id: Id, code: number, message: string) {
    this.write({ jsonrpc: "2.0", id, error: { code, message } });
  }
  private unknownSession(id: Id, sessionId: string) {
    this.sendError(id, -32002, \`No session \${sessionId}\`);
  }
  handle(id: Id, method: string) {
    if (method !== "session/prompt") this.sendError(id, -32601, "Method not found");
    else this.unknownSession(id, "s");
  }
}
`);
    expect(summaries(probed).map((s) => [s.kind, s.node, s.code, s.rpc])).toEqual([
      ["object", "{ code, message }", "code", true],
      ["helper-call", "this.sendError(id, -32002, `No session ${sessionId}`)", "-32002", true],
      ["helper-call", `this.sendError(id, -32601, "Method not found")`, "-32601", true],
    ]);
  });

  it("makes a helper's bare error object a JSON-RPC one when its call is the error of a response", () => {
    expect(sitesIn(`${DISPATCH_TYPES}function toError(code: number, message: string) { return { code, message }; }
send({ jsonrpc: "2.0", id: 1, error: toError(-32001, "x") });
send({ ok: false, error: toError(-32002, "y") });
`)).toEqual([
      site("object", "{ code, message }", { code: "code", message: "message" }),
      site("helper-call", `toError(-32001, "x")`, { code: "-32001", message: `"x"`, rpc: true }),
      site("helper-call", `toError(-32002, "y")`, { code: "-32002", message: `"y"` }),
    ]);
  });

  it("takes no call site from a helper that builds a success response", () => {
    expect(sitesIn(`${DISPATCH_TYPES}function answer(id: Id, result: unknown) { return { jsonrpc: "2.0" as const, id, result }; }
export function handle(id: Id, code: number) { return answer(id, { code, stopReason: "end_turn" }); }
`)).toEqual([]);
  });
});

describe("send-call sites", () => {
  it("takes calls of error senders of other files, given a JSON-RPC code and a message", () => {
    expect(sitesIn(`import { transport, sendError } from "./transport.js";
const Errors = { notFound: -32002, busy: -32020 };
export class Agent {
  rpc: any;
  handle(msg: { id: number }) {
    transport.error(msg.id, -32602, "Unknown sessionId");
    this.rpc.sendError(msg.id, Errors.busy, \`busy with \${msg.id}\`);
    sendError(msg.id, -32800, "Request cancelled", { requestId: msg.id });
    transport.replyError(msg.id, -32002, "Resource not found", "s1");
  }
}
`)).toEqual([
      site("send-call", `transport.error(msg.id, -32602, "Unknown sessionId")`, { code: "-32602", message: `"Unknown sessionId"` }),
      site("send-call", "this.rpc.sendError(msg.id, Errors.busy, `busy with ${msg.id}`)", {
        code: "Errors.busy",
        message: "`busy with ${msg.id}`",
      }),
      site("send-call", `sendError(msg.id, -32800, "Request cancelled", { requestId: msg.id })`, {
        code: "-32800",
        message: `"Request cancelled"`,
        data: "{ requestId: msg.id }",
      }),
      // Only an object after the message is its data.
      site("send-call", `transport.replyError(msg.id, -32002, "Resource not found", "s1")`, { code: "-32002", message: `"Resource not found"` }),
    ]);
  });

  it("ignores loggers, other receivers and other methods", () => {
    expect(sitesIn(`declare const logger: any, log: any, auditLog: any, res: any, promise: any, emitter: any, self: any;
console.error(-32000, "x");
logger.error(-32000, "x");
log.error(-32001, "x");
auditLog.sendError(-32001, "x");
self.logger.error(-32001, "x");
res.status(500).error(-32000, "x");
promise.reject(-32000, "x");
emitter.emit("error", -32000, "x");
error(-32000, "x");
`)).toEqual([]);
  });

  it("ignores senders given no JSON-RPC code, no message after it, or a spread before it", () => {
    expect(sitesIn(`declare const transport: any, args: unknown[], code: number;
transport.error(1, 4001, "busy");
transport.error(1, -32001);
transport.error(1, "x", -32001);
transport.error(1, -32001.5, "x");
transport.error(...args, -32001, "x");
transport.error(1, code, "x");
`)).toEqual([]);
  });

  it("leaves same-file functions to the helper analysis", () => {
    expect(sitesIn(`function sendError(id: number, code: number, message: string) { console.log(id, code, message); }
sendError(1, -32001, "x");
`)).toEqual([]);
  });

  it("with type information, takes calls whose signature has code and message parameters, whatever the name", () => {
    const probed = modelOf(`import { Transport, rejectWith, auditLog } from "./transport.js";
declare const transport: Transport;
declare const untyped: any;
transport.error(1, -32602, "Invalid params", { field: "cwd" });
rejectWith(2, -32001, "Session gone");
transport.refuse(3, -32001, "x");
auditLog.error("-32001", -32001, "x");
auditLog.report(-32001, "x");
untyped.sendError(4, -32003, "fallback without a signature");
`, { typed: true });
    expect(summaries(probed)).toEqual([
      site("send-call", `transport.error(1, -32602, "Invalid params", { field: "cwd" })`, {
        code: "-32602",
        message: `"Invalid params"`,
        data: `{ field: "cwd" }`,
      }),
      site("send-call", `rejectWith(2, -32001, "Session gone")`, { code: "-32001", message: `"Session gone"` }),
      site("send-call", `untyped.sendError(4, -32003, "fallback without a signature")`, {
        code: "-32003",
        message: `"fallback without a signature"`,
      }),
    ]);
  });

  it("with type information, asks no signature of a callee read off a call's result nor of a call given a function", () => {
    // Their types need the whole chain inferred; as without types, a sender is a reference given an error's parts.
    const probed = modelOf(`import { Transport } from "./transport.js";
declare function connect(): Transport;
declare function register(method: string, code: number, message: string, handler: () => void): void;
declare const transport: Transport;
connect().error(1, -32001, "x");
register("session/prompt", -32001, "x", () => {});
transport.error(2, -32602, "the same sender as a reference");
`, { typed: true });
    expect(summaries(probed).map((s) => [s.kind, s.node])).toEqual([["send-call", `transport.error(2, -32602, "the same sender as a reference")`]]);
  });

  it("with type information, follows a same-file helper whose parameter is a sender's code", () => {
    const probed = modelOf(`import { Transport } from "./transport.js";
declare const transport: Transport;
function fail(id: number, code: number, message: string) { transport.error(id, code, message); }
fail(1, -32001, "gone");
`, { typed: true });
    const [inner, call] = probed.model.errorSites;
    expect(summaries(probed).map((s) => [s.kind, s.node, s.code])).toEqual([
      ["send-call", "transport.error(id, code, message)", "code"],
      ["helper-call", `fail(1, -32001, "gone")`, "-32001"],
    ]);
    expect(call!.inner).toBe(inner);
    expect(probed.model.delegated.has(inner!)).toBe(true);
  });
});

describe("send-call sites and error classes", () => {
  it("with type information, leaves super(code, message) of an error class to the class", () => {
    const probed = modelOf(`import { RequestError } from "@agentclientprotocol/sdk";
export class SessionGone extends RequestError {
  constructor() {
    super(-32001, "Session gone");
  }
}
`, { typed: true });
    expect(summaries(probed).map((s) => [s.kind, s.code, s.inErrorClass])).toEqual([["class-code", "-32001", true]]);
  });
});
