import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/no-lost-error-code.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { HANDLER_STYLES } from "./handler-styles.js";
import { DISPATCH_INVALID, DISPATCH_VALID } from "./lost-code-dispatchers.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

/** Appended to every program: classes and declarations the bodies use (a class may be declared after its use). */
const LOCALS = `
declare const signedIn: boolean;
class CodeError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}`;

const useRequestError = (code: string, thrown: string, output: string, codeText: string, name = "RequestError") => ({
  messageId: "useRequestError" as const,
  data: { name, code: codeText },
  output: code.replace(thrown, output),
});

const lost = (code: string, text: string, what: string, codes: string, suggestions: Report["suggestions"] = [], nth = 0): Report => ({
  messageId: "lostCode",
  data: { what, code: codes },
  ...at(code, text, nth),
  suggestions,
});

const lostClass = (code: string, text: string, name: string, codes: string, suggestions: Report["suggestions"] = [], nth = 0): Report => ({
  messageId: "lostClassCode",
  data: { name, code: codes },
  ...at(code, text, nth),
  suggestions,
});

/** The styles the SDK answers: 2.x apps, legacy classes and factories, and a class an SDK app delegates to. */
const SDK_STYLES = HANDLER_STYLES.filter((s) => /^(sdk|legacy):|SDK app delegating/.test(s.name));
/** The styles whose throws someone else answers: hand-rolled dispatch, vscode-jsonrpc, delegates called from elsewhere. */
const OTHER_STYLES = HANDLER_STYLES.filter((s) => !SDK_STYLES.includes(s));

const THROWN = 'new CodeError("sign in first", -32000)';
const BODY = `if (!signedIn) throw ${THROWN};
return { stopReason: "end_turn" };`;

const valid: (string | Valid)[] = [];
// -32603 without data: the SDK sends -32603 for it anyway (the message in data.details): nothing is lost.
const NOTHING_LOST = `import { agent, methods } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, () => {
  throw Object.assign(new Error("bridges must be registered first"), { code: -32603 });
});`;

const invalid: Invalid[] = [];

for (const style of SDK_STYLES) {
  const code = `${style.program("session/prompt", BODY)}${LOCALS}`;
  invalid.push({
    name: `${style.name}: a local Error subclass with a code`,
    code,
    errors: [lostClass(code, THROWN, "CodeError", "-32000", [useRequestError(code, THROWN, 'new RequestError(-32000, "sign in first")', "-32000")])],
  });
}
for (const style of OTHER_STYLES) {
  valid.push({ name: `${style.name}: not answered by the SDK`, code: `${style.program("session/prompt", BODY)}${LOCALS}` });
}

// Every shape, in an SDK 2.x app.
const APP = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
declare const signedIn: boolean;
export const app = agent({ name: "a" });
`;
const prompt = (body: string, extra = "") => `${APP}${extra}app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  ${body}
  return { stopReason: "end_turn" };
});`;

function shape(name: string, code: string, errors: (code: string) => Report[]): void {
  invalid.push({ name, code, errors: errors(code) });
}

{
  const object = '{ code: -32000, message: "sign in first" }';
  shape("a thrown { code, message } object", prompt(`if (!signedIn) throw ${object};`), (code) => [
    lost(code, object, "object", "-32000", [useRequestError(code, object, 'new RequestError(-32000, "sign in first")', "-32000")]),
  ]);
  const withData = '{ code: -32000, message: "sign in first", data: { methods: ["token"] } }';
  shape("a thrown object with data keeps its data in the suggestion", prompt(`if (!signedIn) throw ${withData};`), (code) => [
    lost(code, withData, "object", "-32000", [useRequestError(code, withData, 'new RequestError(-32000, "sign in first", { methods: ["token"] })', "-32000")]),
  ]);
  const shorthand = "{ code, message }";
  shape(
    "a thrown object built from shorthand properties",
    prompt(`const code = -32000;\n  const message = "sign in first";\n  if (!signedIn) throw ${shorthand};`),
    (code) => [lost(code, shorthand, "object", "-32000", [useRequestError(code, shorthand, "new RequestError(code, message)", "code")])],
  );
  const extra = '{ code: -32000, message: "sign in first", retry: true }';
  shape("an object with other properties: no suggestion, they would be dropped", prompt(`if (!signedIn) throw ${extra};`), (code) => [
    lost(code, extra, "object", "-32000"),
  ]);
  const noMessage = "{ code: -32000 }";
  shape("an object without a message: no suggestion", prompt(`if (!signedIn) throw ${noMessage};`), (code) => [lost(code, noMessage, "object", "-32000")]);
  const conditional = '{ code: signedIn ? -32602 : -32000, message: "no" }';
  shape("a conditional code names both codes", prompt(`throw ${conditional};`), (code) => [
    lost(code, conditional, "object", "-32602 or -32000", [useRequestError(code, conditional, 'new RequestError(signedIn ? -32602 : -32000, "no")', "signedIn ? -32602 : -32000")]),
  ]);
  const rejected = '{ code: -32000, message: "sign in first" }';
  shape("a returned Promise.reject(...)", prompt(`if (!signedIn) return Promise.reject(${rejected});`), (code) => [
    lost(code, rejected, "object", "-32000", [useRequestError(code, rejected, 'new RequestError(-32000, "sign in first")', "-32000")]),
  ]);
  shape("a returned Promise.reject(...) under a <T> assertion", prompt(`if (!signedIn) return <Promise<never>>Promise.reject(${rejected});`), (code) => [
    lost(code, rejected, "object", "-32000", [useRequestError(code, rejected, 'new RequestError(-32000, "sign in first")', "-32000")]),
  ]);
  valid.push(prompt(`void Promise.reject(${rejected}).catch(() => undefined);`), prompt(`Promise.reject(${rejected}).catch(() => undefined);`));
  shape("an object held in a const", prompt('const failure = { code: -32000, message: "sign in first" };\n  if (!signedIn) throw failure;'), (code) => [
    lost(code, "failure", "object", "-32000", [], 1),
  ]);

  const assign = 'Object.assign(new Error("sign in first"), { code: -32000 })';
  shape("Object.assign(new Error(m), { code })", prompt(`if (!signedIn) throw ${assign};`), (code) => [
    lost(code, assign, "Error given a code by Object.assign", "-32000", [useRequestError(code, assign, 'new RequestError(-32000, "sign in first")', "-32000")]),
  ]);
  const assignData = 'Object.assign(new TypeError("sign in first"), { code: -32000, data: { retry: true } })';
  shape("Object.assign on a TypeError, with data", prompt(`if (!signedIn) throw ${assignData};`), (code) => [
    lost(code, assignData, "Error given a code by Object.assign", "-32000", [
      useRequestError(code, assignData, 'new RequestError(-32000, "sign in first", { retry: true })', "-32000"),
    ]),
  ]);
  // The code a mapper of the file gives back, one per failure (its every return an object literal with a code).
  const MAPPER = `function toRpc(err: unknown) {
  if (String(err).includes("not found")) return { code: -32002, message: "Resource not found" };
  return { code: -32000, message: "Authentication required" };
}
`;
  const mapped = "Object.assign(new Error(rpc.message), { code: rpc.code })";
  shape(
    "Object.assign with the code a mapper gives back",
    prompt(`try {\n    await params.prompt;\n  } catch (err) {\n    const rpc = toRpc(err);\n    throw ${mapped};\n  }`, MAPPER),
    (code) => [lost(code, mapped, "Error given a code by Object.assign", "-32002 or -32000", [useRequestError(code, mapped, "new RequestError(rpc.code, rpc.message)", "rpc.code")])],
  );
  valid.push(prompt(`try {\n    await params.prompt;\n  } catch (err) {\n    const rpc = toRpc(err);\n    throw ${mapped};\n  }`, MAPPER.replace('return { code: -32000, message: "Authentication required" };', "return fallback;").replace("function toRpc", 'declare const fallback: { code: number; message: string };\nfunction toRpc')));
  const assignCause = 'Object.assign(new Error("sign in first", { cause: params }), { code: -32000 })';
  shape("Object.assign on an Error with a cause: no suggestion, the cause would be dropped", prompt(`if (!signedIn) throw ${assignCause};`), (code) => [
    lost(code, assignCause, "Error given a code by Object.assign", "-32000"),
  ]);

  /** The thrown `err` of `throw err;`. */
  const thrownErr = (code: string): Report => {
    const report = lost(code, "err;", "Error given a code by `.code =`", "-32000");
    return { ...report, endColumn: (report.endColumn ?? 0) - 1 };
  };
  const heldAssign = "Object.assign(err, { code: -32000 })";
  shape("Object.assign on an Error held in a const: no suggestion", prompt(`const err = new Error("sign in first");\n  if (!signedIn) throw ${heldAssign};`), (code) => [
    lost(code, heldAssign, "Error given a code by Object.assign", "-32000"),
  ]);
  shape("e.code = n on a plain Error", prompt('const err = new Error("sign in first");\n  (err as any).code = -32000;\n  throw err;'), (code) => [thrownErr(code)]);
  shape("e.code = n through satisfies and as", prompt('const err = new Error("sign in first");\n  (err satisfies Error as { code?: number }).code = -32000;\n  throw err;'), (code) => [thrownErr(code)]);
  shape("e.code = n, typed any", prompt('const err: any = new Error("sign in first");\n  err.code = -32000;\n  if (!signedIn) throw err;'), (code) => [thrownErr(code)]);
}
{
  // Local classes in their forms.
  const classes = `class AuthError extends Error {
  code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}
class SignInRequired extends Error {
  code = -32000;
}
class Busy extends Error {
  constructor(message: string) {
    super(message);
    this.code = -32000;
  }
  code: number;
}
class BadInput extends TypeError {
  constructor(message: string, readonly code = -32602) {
    super(message);
  }
}
class NotSignedIn extends AuthError {
  constructor() {
    super(-32000, "sign in first");
  }
}
class AppError extends Error {}
class Denied extends AppError {
  code = -32000;
}
class Refused extends AppError {
  constructor(message: string, readonly code: number) {
    super(message);
  }
}
class NamedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "NamedError";
  }
}
class Rejected extends NamedError {
  constructor(message: string, readonly code: number) {
    super(message);
  }
}
class Prefixed extends Error {
  constructor(detail: string) {
    super("failed: " + detail);
  }
}
class Wrapped extends Prefixed {
  constructor(readonly code: number, detail: string) {
    super(detail);
  }
}
class Later extends LaterBase {}
class LaterBase extends Error {
  readonly code = -32000;
}
class QueryError extends Error {
  constructor(message: string, readonly code = -32000) {
    super(message);
  }
}
class SessionGone extends Error {
  readonly code = "SESSION_GONE";
}
`;
  const thisCode = 'new AuthError(-32000, "sign in first")';
  shape("this.code = code in the constructor", prompt(`if (!signedIn) throw ${thisCode};`, classes), (code) => [
    lostClass(code, thisCode, "AuthError", "-32000", [useRequestError(code, thisCode, 'new RequestError(-32000, "sign in first")', "-32000")]),
  ]);
  shape("a class field holding the code: no suggestion", prompt('if (!signedIn) throw new SignInRequired("sign in first");', classes), (code) => [
    lostClass(code, 'new SignInRequired("sign in first")', "SignInRequired", "-32000"),
  ]);
  shape("this.code = n of a literal", prompt('if (!signedIn) throw new Busy("busy");', classes), (code) => [lostClass(code, 'new Busy("busy")', "Busy", "-32000")]);
  shape("a class holding a string code: no JSON-RPC code at all, lost as well", prompt('if (!signedIn) throw new SessionGone("gone");', classes), (code) => [
    { messageId: "lostStringCode", data: { name: "SessionGone", code: '"SESSION_GONE"' }, ...at(code, 'new SessionGone("gone")'), suggestions: [] },
  ]);
  shape("a code parameter with a default, no code passed: the default is carried, no suggestion", prompt('if (!signedIn) throw new QueryError("sign in first");', classes), (code) => [
    lostClass(code, 'new QueryError("sign in first")', "QueryError", "-32000"),
  ]);
  // An implementation code (outside the reserved range), so the suggestion adds no prefer-error-factory report.
  shape("a TypeError subclass, its code passed", prompt('if (!signedIn) throw new BadInput("bad", 42001);', classes), (code) => [
    lostClass(code, 'new BadInput("bad", 42001)', "BadInput", "42001", [useRequestError(code, 'new BadInput("bad", 42001)', 'new RequestError(42001, "bad")', "42001")]),
  ]);
  shape("a subclass of a local coded class", prompt("if (!signedIn) throw new NotSignedIn();", classes), (code) => [
    lostClass(code, "new NotSignedIn()", "NotSignedIn", "-32000"),
  ]);
  shape("a code-less Error subclass between Error and the coded class", prompt('if (!signedIn) throw new Denied("no");', classes), (code) => [
    lostClass(code, 'new Denied("no")', "Denied", "-32000"),
  ]);
  shape("a coded subclass of a code-less Error subclass, its code passed", prompt('if (!signedIn) throw new Refused("no", 42001);', classes), (code) => [
    lostClass(code, 'new Refused("no", 42001)', "Refused", "42001", [useRequestError(code, 'new Refused("no", 42001)', 'new RequestError(42001, "no")', "42001")]),
  ]);
  shape("a parent whose constructor hands its message to Error", prompt('if (!signedIn) throw new Rejected("no", 42001);', classes), (code) => [
    lostClass(code, 'new Rejected("no", 42001)', "Rejected", "42001", [useRequestError(code, 'new Rejected("no", 42001)', 'new RequestError(42001, "no")', "42001")]),
  ]);
  shape("a parent whose constructor builds the message: no suggestion", prompt('if (!signedIn) throw new Wrapped(42001, "no");', classes), (code) => [
    lostClass(code, 'new Wrapped(42001, "no")', "Wrapped", "42001"),
  ]);
  shape("a subclass declared before its parent", prompt("if (!signedIn) throw new Later();", classes), (code) => [lostClass(code, "new Later()", "Later", "-32000")]);
}
{
  // Helpers: builders of the error, and functions that throw it.
  const builders = `function authFailure(message: string) {
  return Object.assign(new Error(message), { code: -32000 });
}
function rpcFailure(code: number, message: string) {
  return { code, message };
}
`;
  shape("a same-file builder", prompt('if (!signedIn) throw authFailure("sign in first");', builders), (code) => [
    lost(code, 'authFailure("sign in first")', "error built by a helper", "-32000"),
  ]);
  shape("a builder whose code is its parameter", prompt('if (!signedIn) throw rpcFailure(-32000, "sign in first");', builders), (code) => [
    lost(code, 'rpcFailure(-32000, "sign in first")', "error built by a helper", "-32000"),
  ]);
  const raise = `function requireSignIn(code: number) {
  if (!signedIn) throw new CodeError("sign in first", code);
}
async function check() {
  throw { code: -32000, message: "sign in first" };
}
class CodeError extends Error {
  constructor(message: string, readonly code: number) {
    super(message);
  }
}
`;
  shape("a throw in a helper the handler calls, its code from the call", prompt("requireSignIn(-32000);\n  await check();", raise), (code) => [
    lostClass(code, 'new CodeError("sign in first", code)', "CodeError", "-32000", [
      useRequestError(code, 'new CodeError("sign in first", code)', 'new RequestError(code, "sign in first")', "code"),
    ]),
    lost(code, '{ code: -32000, message: "sign in first" }', "object", "-32000", [
      useRequestError(code, '{ code: -32000, message: "sign in first" }', 'new RequestError(-32000, "sign in first")', "-32000"),
    ]),
  ]);
  valid.push(
    { name: "an async helper whose promise the handler drops", code: prompt("void check();", raise) },
    { name: "a helper called inside the handler's try", code: prompt("try {\n    requireSignIn(-32000);\n  } catch {\n    return { stopReason: \"refusal\" };\n  }", raise) },
    { name: "a helper called in a callback", code: prompt("setTimeout(() => requireSignIn(-32000), 0);", raise) },
  );
}
{
  // Namespace imports, no RequestError import, legacy classes, the fallback.
  const ns = `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    if (params.prompt.length === 0) throw { code: -32602, message: "empty prompt" };
    return { stopReason: "end_turn" };
  }
}`;
  shape("a namespace import: acp.RequestError", ns, (code) => [
    lost(code, '{ code: -32602, message: "empty prompt" }', "object", "-32602", [
      useRequestError(code, '{ code: -32602, message: "empty prompt" }', 'new acp.RequestError(-32602, "empty prompt")', "-32602", "acp.RequestError"),
    ]),
  ]);
  const typeOnly = `import type { Agent, PromptRequest } from "@agentclientprotocol/sdk";
export class A implements Agent {
  async prompt(params: PromptRequest) {
    if (params.prompt.length === 0) throw { code: -32602, message: "empty prompt" };
    return { stopReason: "end_turn" as const };
  }
}`;
  shape("no RequestError import: no suggestion", typeOnly, (code) => [lost(code, '{ code: -32602, message: "empty prompt" }', "object", "-32602")]);
  const helperMethod = `import { type Agent, RequestError } from "@agentclientprotocol/sdk";
export class A implements Agent {
  private signedIn = false;
  async newSession() {
    this.requireSignIn();
    return { sessionId: "s" };
  }
  private requireSignIn() {
    if (!this.signedIn) throw Object.assign(new Error("sign in first"), { code: -32000 });
  }
}`;
  const assign = 'Object.assign(new Error("sign in first"), { code: -32000 })';
  shape("legacy: a private method the handler calls", helperMethod, (code) => [
    lost(code, assign, "Error given a code by Object.assign", "-32000", [useRequestError(code, assign, 'new RequestError(-32000, "sign in first")', "-32000")]),
  ]);
  const fallback = `${APP}app.onRequest("*", ({ method }) => {
  throw { code: -32601, message: \`unknown \${method}\` };
});`;
  shape("the app's fallback", fallback, (code) => [
    lost(code, "{ code: -32601, message: `unknown ${method}` }", "object", "-32601", [
      useRequestError(code, "{ code: -32601, message: `unknown ${method}` }", "new RequestError(-32601, `unknown ${method}`)", "-32601"),
    ]),
  ]);
  const legacyClient = `import * as acp from "@agentclientprotocol/sdk";
export class FileClient implements acp.Client {
  async readTextFile(params: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse> {
    throw { code: -32002, message: "Resource not found", data: { uri: params.path } };
  }
}`;
  const legacyThrown = '{ code: -32002, message: "Resource not found", data: { uri: params.path } }';
  shape("a legacy Client class", legacyClient, (code) => [
    lost(code, legacyThrown, "object", "-32002", [
      useRequestError(code, legacyThrown, 'new acp.RequestError(-32002, "Resource not found", { uri: params.path })', "-32002", "acp.RequestError"),
    ]),
  ]);
  const client = `import { client, methods, RequestError } from "@agentclientprotocol/sdk";
export const app = client({ name: "c" }).onRequest(methods.client.fs.readTextFile, ({ params }) => {
  throw Object.assign(new Error(\`no file \${params.path}\`), { code: -32002, data: { uri: params.path } });
});`;
  const clientThrown = "Object.assign(new Error(`no file ${params.path}`), { code: -32002, data: { uri: params.path } })";
  shape("a client app", client, (code) => [
    lost(code, clientThrown, "Error given a code by Object.assign", "-32002", [
      useRequestError(code, clientThrown, "new RequestError(-32002, `no file ${params.path}`, { uri: params.path })", "-32002"),
    ]),
  ]);
}
{
  // settings.acp.errorClasses: a configured name the file defines is judged by its definition.
  const code = prompt('if (!signedIn) throw new AppError("sign in first", 42001);', "class AppError extends Error {\n  constructor(message: string, readonly code: number) {\n    super(message);\n  }\n}\n");
  invalid.push({
    name: "a configured error class defined in the file as an Error subclass",
    code,
    settings: { acp: { errorClasses: ["AppError"] } },
    errors: [lostClass(code, 'new AppError("sign in first", 42001)', "AppError", "42001", [useRequestError(code, 'new AppError("sign in first", 42001)', 'new RequestError(42001, "sign in first")', "42001")])],
  });
  valid.push({
    name: "a configured error class from another file",
    code: prompt('if (!signedIn) throw new AppError(-32000, "sign in first");', 'import { AppError } from "./errors.js";\n'),
    settings: { acp: { errorClasses: ["AppError"] } },
  });
}

valid.push(
  // The SDK sends a RequestError, its subclasses and factories as they are.
  prompt('if (!signedIn) throw new RequestError(-32000, "sign in first");'),
  prompt("if (!signedIn) throw RequestError.authRequired();"),
  prompt("if (!signedIn) throw RequestError.invalidParams();"),
  prompt('if (!signedIn) throw new Gone("gone");', "class Gone extends RequestError {\n  constructor(message: string) {\n    super(-32002, message);\n  }\n}\n"),
  prompt('if (!signedIn) throw new Quota();', "class Base extends RequestError {}\nclass Quota extends Base {\n  constructor() {\n    super(-32000, \"quota\");\n  }\n}\n"),
  `import * as acp from "@agentclientprotocol/sdk";
class Gone extends acp.RequestError {
  constructor(sessionId: string) {
    super(-32002, "Resource not found", { sessionId });
  }
}
export class A implements acp.Agent {
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    throw new Gone(params.sessionId);
  }
}`,
  prompt('if (!signedIn) throw Object.assign(new RequestError(-32000, "sign in first"), { data: { retry: true } });'),
  prompt('if (!signedIn) throw Object.assign(new RequestError(-32000, "sign in first"), { code: -32000 });'),
  // A plain Error carries no code (other rules judge it); a code that is no number is not a JSON-RPC code.
  prompt('if (!signedIn) throw new Error("sign in first");'),
  prompt('if (!signedIn) throw Object.assign(new Error("no file"), { code: "ENOENT" });'),
  prompt('const err: any = new Error("no file");\n  err.code = "ENOENT";\n  throw err;'),
  prompt("if (!signedIn) throw { code: params.sessionId, message: \"x\" };"),
  // Classes from another file or package: their base is unknown.
  prompt('if (!signedIn) throw new AuthError(-32000, "sign in first");', 'import { AuthError } from "./errors.js";\n'),
  prompt('if (!signedIn) throw new HttpError(401, "sign in first");', 'import { HttpError } from "http-errors-lib";\n'),
  prompt('if (!signedIn) throw new errors.AuthError(-32000, "x");', 'import * as errors from "./errors.js";\n'),
  prompt('if (!signedIn) throw new Denied("x");', 'import { BaseError } from "./errors.js";\nclass Denied extends BaseError {\n  code = -32000;\n}\n'),
  // A local `Error` that is not the global one.
  prompt('if (!signedIn) throw new Denied("x");', 'import { Error } from "./errors.js";\nclass Denied extends Error {\n  code = -32000;\n}\n'),
  // RequestError.internalError carrying an errno code in its data (a real shape).
  prompt("try {\n    await Promise.resolve();\n  } catch (e: any) {\n    throw RequestError.internalError({ code: e.code, path: e.path });\n  }"),
  // Caught in the handler, thrown in a callback, or thrown from a notification handler (nobody receives it).
  prompt("try {\n    throw { code: -32000, message: \"x\" };\n  } catch {\n    return { stopReason: \"refusal\" };\n  }"),
  prompt("setTimeout(() => {\n    throw { code: -32000, message: \"x\" };\n  }, 0);"),
  `${APP}app.onNotification(methods.agent.session.cancel, () => {
  throw { code: -32000, message: "x" };
});`,
  // Not an SDK handler: a function of its own.
  `declare const signedIn: boolean;
export function check() {
  if (!signedIn) throw { code: -32000, message: "sign in first" };
}`,
);

// Type information resolves a code imported from another file.
const TYPED = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { INVALID_PARAMS } from "./codes.js";
class CodeError extends Error {
  constructor(message: string, readonly code: number) {
    super(message);
  }
}
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, ({ params }) => {
  if (params.prompt.length === 0) throw new CodeError("empty prompt", INVALID_PARAMS);
  return { stopReason: "end_turn" };
});`;
const TYPED_THROWN = 'new CodeError("empty prompt", INVALID_PARAMS)';
valid.push({ name: "untyped: a code imported from another file is unknown", code: TYPED });

// Protocol version 2 changes nothing about what the SDK sends.
const V2 = { acp: { protocolVersion: 2 } };
{
  const main = invalid.find((c) => c.name === "a thrown { code, message } object")!;
  invalid.push({ ...main, name: `v2: ${main.name}`, settings: V2 });
}

// A handler whose body runs a thunk through a function that gives back its result (handlers/thunks.ts): the thunk's
// throws leave the handler. A runner that catches them, or gives back something else, answers for itself.
{
  const thunk = (runner: string) => `${APP}${runner}
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  return enqueue(async () => {
    if (!signedIn) throw ${THROWN};
    return { stopReason: "end_turn" as const };
  });
});${LOCALS}`;
  const runs = thunk("function enqueue<T>(task: () => T): T { return task(); }");
  shape("a thunk the handler runs through a function that gives back its result", runs, (code) => [
    lostClass(code, THROWN, "CodeError", "-32000", [useRequestError(code, THROWN, 'new RequestError(-32000, "sign in first")', "-32000")]),
  ]);
  valid.push(
    { name: "a thunk whose runner catches what it throws", code: thunk("async function enqueue<T>(task: () => Promise<T>) { try { return await task(); } catch { process.exit(1); } }") },
    {
      name: "a thunk whose runner keeps it for later",
      code: thunk('const queue: (() => unknown)[] = [];\nfunction enqueue(task: () => unknown) { queue.push(task); return Promise.resolve({ stopReason: "end_turn" as const }); }'),
    },
  );
}

// A legacy agent's or client's extMethod is run by the SDK too (the connections call it for the methods without a
// member): an Error given -32601 there goes out as -32603 (test/wire/method-not-found-error.test.ts).
const EXT_AGENT = (body: string) => `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  async initialize() {
    return { protocolVersion: 1 };
  }
  async extMethod(method: string): Promise<Record<string, unknown>> {
    ${body}
  }
}`;
{
  const code = EXT_AGENT("const error = new Error(`Unknown method ${method}`);\n    (error as { code?: number }).code = -32601;\n    throw error;");
  invalid.push({ name: "legacy extMethod: an Error given -32601 by `.code =`", code, errors: [lost(code, "error", "Error given a code by `.code =`", "-32601", [], 2)] });
}
{
  const assigned = "Object.assign(new Error(`Unknown method ${method}`), { code: -32601 })";
  const code = EXT_AGENT(`throw ${assigned};`);
  invalid.push({
    name: "legacy extMethod: an Error given -32601 by Object.assign",
    code,
    errors: [lost(code, assigned, "Error given a code by Object.assign", "-32601", [useRequestError(code, assigned, "new acp.RequestError(-32601, `Unknown method ${method}`)", "-32601", "acp.RequestError")])],
  });
}
valid.push({ name: "legacy extMethod throwing methodNotFound", code: EXT_AGENT("throw acp.RequestError.methodNotFound(method);") });

untypedTester().run("no-lost-error-code", rule, { valid: [...valid, { name: "-32603 without data: nothing the SDK drops", code: NOTHING_LOST }], invalid: [...invalid, ...DISPATCH_INVALID] });
untypedTester().run("no-lost-error-code (dispatchers)", rule, { valid: DISPATCH_VALID, invalid: [] });

typedTester().run("no-lost-error-code (typed)", rule, {
  valid: [{ name: "typed: a RequestError subclass", filename: typedFile, code: prompt('throw new Gone("x");', "class Gone extends RequestError {\n  constructor(message: string) {\n    super(-32002, message);\n  }\n}\n") }],
  invalid: [
    {
      name: "typed: a code imported from another file",
      filename: typedFile,
      code: TYPED,
      errors: [lostClass(TYPED, TYPED_THROWN, "CodeError", "-32602", [useRequestError(TYPED, TYPED_THROWN, 'new RequestError(INVALID_PARAMS, "empty prompt")', "INVALID_PARAMS")])],
    },
  ],
});
