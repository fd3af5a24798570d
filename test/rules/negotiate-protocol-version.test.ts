import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/negotiate-protocol-version.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;

const SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";\nconst LATEST = 1;\n`;
const V2 = { acp: { protocolVersion: 2, sdkVersion: "2.4.0" } };
const THROW = "RequestError.invalidRequest({ supported: LATEST })";

/** An initialize handler in each agent style, around the same body that sees `params`. */
const STYLES: { name: string; program: (body: string) => string }[] = [
  { name: "sdk", program: (body) => `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, ({ params }) => {
  ${body}
});` },
  { name: "legacy", program: (body) => `import type { Agent, InitializeRequest } from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
const LATEST = 1;
export class A implements Agent {
  async initialize(params: InitializeRequest) {
    ${body}
  }
  async newSession() { return { sessionId: "s" }; }
}` },
  { name: "dispatch", program: (body) => `import { RequestError } from "@agentclientprotocol/sdk";
const LATEST = 1;
export function route(method: string, params: { protocolVersion: number }) {
  switch (method) {
    case "initialize": {
      ${body}
    }
    case "session/new": return { sessionId: "s" };
  }
  return undefined;
}` },
];

const BAD = `if (params.protocolVersion !== LATEST) throw ${THROW};\n  return { protocolVersion: LATEST, agentCapabilities: {} };`;
const GOOD = "return { protocolVersion: Math.min(params.protocolVersion, LATEST), agentCapabilities: {} };";
const AUTH = `if (!process.env.TOKEN) throw RequestError.authRequired();\n  if (!params.clientCapabilities) throw RequestError.invalidParams();\n  return { protocolVersion: LATEST };`;

const valid: Valid[] = [
  ...STYLES.flatMap((s) => [
    { name: `${s.name}: Math.min negotiation`, code: s.program(GOOD) },
    { name: `${s.name}: errors for other reasons`, code: s.program(AUTH) },
  ]),
  { name: "v2: unsupportedProtocolVersion", settings: V2, code: STYLES[0]!.program(`if (params.protocolVersion > LATEST) throw RequestError.unsupportedProtocolVersion(params.protocolVersion, [LATEST]);\n  return { protocolVersion: LATEST };`) },
  { name: "v2: -32022 with data", settings: V2, code: STYLES[0]!.program(`if (params.protocolVersion > LATEST) throw new RequestError(-32022, "Unsupported protocol version", { requested: params.protocolVersion, supported: [LATEST] });\n  return { protocolVersion: LATEST };`) },
  { name: "a version check in another method", code: `${SDK}export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: LATEST }));
app.onRequest(methods.agent.session.new, ({ params }) => { if ((params as { protocolVersion?: number }).protocolVersion) throw RequestError.invalidRequest(); return { sessionId: "s" }; });` },
  { name: "a client that checks the answered version against those it supports", code: `import { client, methods } from "@agentclientprotocol/sdk";
const SUPPORTED = [1];
export const editor = client({ name: "e" });
export async function start(ctx: { request(m: unknown, p: unknown): Promise<{ protocolVersion: number }> }) {
  const res = await ctx.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: {} });
  if (!SUPPORTED.includes(res.protocolVersion)) throw new Error("unsupported protocol version");
  if (res.protocolVersion < 1) throw new Error("too old");
}` },
  { name: "a client comparing with a version it did not request", code: `import { methods } from "@agentclientprotocol/sdk";
export async function start(ctx: { request(m: unknown, p: unknown): Promise<{ protocolVersion: number }> }) {
  const { protocolVersion } = await ctx.request(methods.agent.initialize, { protocolVersion: 2, clientCapabilities: {} });
  if (protocolVersion !== 1) throw new Error("only 1 is supported");
}` },
];

const CLIENT = `import { methods } from "@agentclientprotocol/sdk";
const REQUESTED = 2;
export async function start(ctx: { request(m: unknown, p: unknown): Promise<{ protocolVersion: number }> }) {
  const res = await ctx.request(methods.agent.initialize, { protocolVersion: REQUESTED, clientCapabilities: {} });
  if (res.protocolVersion !== REQUESTED) throw new Error("version mismatch");
  return res;
}`;
const LEGACY_CLIENT = `export async function start(connection: { initialize(p: unknown): Promise<{ protocolVersion: number }> }) {
  const { protocolVersion } = await connection.initialize({ protocolVersion: 1, clientCapabilities: { fs: {} } });
  if (1 != protocolVersion) {
    throw new Error("agent answered another version");
  }
}`;
const LIST_CLIENT = `import { methods } from "@agentclientprotocol/sdk";
const SUPPORTED_VERSIONS = [1, 2];
export async function start(ctx: { request(m: unknown, p: unknown): Promise<{ protocolVersion: number }> }) {
  const res = await ctx.request(methods.agent.initialize, { protocolVersion: 2, clientCapabilities: {} });
  if (res.protocolVersion !== 2) throw new Error("version mismatch");
  return SUPPORTED_VERSIONS;
}`;
const MIN_CLIENT = `const MIN_PROTOCOL_VERSION = 1;
const LATEST_PROTOCOL_VERSION = 2;
export async function start(connection: { initialize(p: unknown): Promise<{ protocolVersion: number }> }) {
  const { protocolVersion } = await connection.initialize({ protocolVersion: LATEST_PROTOCOL_VERSION, clientCapabilities: { fs: {} } });
  if (LATEST_PROTOCOL_VERSION != protocolVersion) {
    console.error("agent answered", protocolVersion);
    throw new Error("agent answered another version");
  }
  return MIN_PROTOCOL_VERSION;
}`;
const RANGE_CLIENT = `import { methods } from "@agentclientprotocol/sdk";
const SUPPORTED_VERSION_RANGE = { min: 1, max: 3 };
export async function start(ctx: { request(m: unknown, p: unknown): Promise<{ protocolVersion: number }> }) {
  const res = await ctx.request(methods.agent.initialize, { protocolVersion: 3, clientCapabilities: {} });
  if (res.protocolVersion !== 3) throw new Error("version mismatch");
  return SUPPORTED_VERSION_RANGE;
}`;

const invalid: Invalid[] = [
  (() => {
    // A front door whose dispatcher names only initialize; the requested version read into a const first.
    const code = `import { PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
declare function reply(message: object): void;
export function onMessage(msg: { id?: number; method?: string; params?: { protocolVersion?: number } }) {
  if (msg.method === "initialize" && msg.id !== undefined) {
    const requested = msg.params?.protocolVersion ?? 0;
    if (requested > PROTOCOL_VERSION) {
      reply({ jsonrpc: "2.0", id: msg.id, error: { code: 1, message: "unsupported protocol" } });
      return;
    }
    reply({ jsonrpc: "2.0", id: msg.id, result: { protocolVersion: requested } });
  }
}`;
    return { name: "an initialize-only dispatcher, the requested version held in a const", code, errors: [{ messageId: "errorForVersion" as const, ...at(code, '{ code: 1, message: "unsupported protocol" }') }] };
  })(),
  { name: "a client supporting [1, 2] that refuses anything but 2", code: LIST_CLIENT, errors: [{ messageId: "clientRejectsOlder", data: { requested: "2", supported: "SUPPORTED_VERSIONS" }, ...at(LIST_CLIENT, 'throw new Error("version mismatch");') }] },
  { name: "a legacy client with a minimum version it ignores, destructured", code: MIN_CLIENT, errors: [{ messageId: "clientRejectsOlder", data: { requested: "2", supported: "MIN_PROTOCOL_VERSION" }, ...at(MIN_CLIENT, 'throw new Error("agent answered another version");') }] },
  { name: "a client with a supported range { min, max }", code: RANGE_CLIENT, errors: [{ messageId: "clientRejectsOlder", data: { requested: "3", supported: "SUPPORTED_VERSION_RANGE" }, ...at(RANGE_CLIENT, 'throw new Error("version mismatch");') }] },
  ...STYLES.map((s): Invalid => {
    const code = s.program(BAD);
    return { name: `${s.name}: error for the requested version`, code, errors: [{ messageId: "errorForVersion", ...at(code, THROW) }] };
  }),
  (() => {
    const code = STYLES[0]!.program(`return params.protocolVersion === LATEST ? { protocolVersion: LATEST } : Promise.reject(new RequestError(-32600, "unsupported"));`);
    return { name: "a conditional expression rejecting", code, errors: [{ messageId: "errorForVersion" as const, ...at(code, 'new RequestError(-32600, "unsupported")') }] };
  })(),
  (() => {
    const code = STYLES[0]!.program(BAD);
    const text = "RequestError.unsupportedProtocolVersion(params.protocolVersion, [LATEST])";
    return { name: "v2: another code", code, settings: V2, errors: [{ messageId: "notUnsupportedVersion" as const, data: { fix: "RequestError.unsupportedProtocolVersion(requested, supported)" }, ...at(code, THROW),
      suggestions: [{ messageId: "useUnsupportedProtocolVersion" as const, data: { text }, output: code.replace(THROW, text) }] }] };
  })(),
  (() => {
    const code = STYLES[0]!.program(`if (params.protocolVersion > LATEST) throw new RequestError(-32022, "Unsupported protocol version");\n  return { protocolVersion: LATEST };`);
    return { name: "v2: -32022 without data", code, settings: V2, errors: [{ messageId: "notUnsupportedVersion" as const, ...at(code, 'new RequestError(-32022, "Unsupported protocol version")'),
      suggestions: [{ messageId: "useUnsupportedProtocolVersion" as const, output: code.replace('new RequestError(-32022, "Unsupported protocol version")', "RequestError.unsupportedProtocolVersion(params.protocolVersion, [LATEST])") }] }] };
  })(),
  (() => {
    const code = STYLES[0]!.program(BAD);
    return { name: "v2: an SDK without the factory", code, settings: { acp: { protocolVersion: 2, sdkVersion: "1.8.0" } }, errors: [{ messageId: "notUnsupportedVersion" as const, data: { fix: "code -32022 with data { requested, supported }" }, ...at(code, THROW) }] };
  })(),
];

valid.push(
  { name: "a client that supports only the version it requested closes on any other", code: CLIENT },
  { name: "a legacy single-version client, destructured", code: LEGACY_CLIENT },
  { name: "a client whose minimum is the requested version", code: CLIENT.replace("const REQUESTED = 2;", "const REQUESTED = 2;\nconst MIN_PROTOCOL_VERSION = 2;").replace("return res;", "return [res, MIN_PROTOCOL_VERSION];") },
  { name: "a client consulting its supported list before the strict check", code: LIST_CLIENT.replace('  if (res.protocolVersion !== 2)', '  if (SUPPORTED_VERSIONS.includes(res.protocolVersion)) return res;\n  if (res.protocolVersion !== 2)') },
  { name: "a client falling back inside the branch", code: LIST_CLIENT.replace('if (res.protocolVersion !== 2) throw new Error("version mismatch");', 'if (res.protocolVersion !== 2) { if (res.protocolVersion === 1) return res; throw new Error("version mismatch"); }') },
  { name: "a list of something else than versions", code: CLIENT.replace("const REQUESTED = 2;", "const REQUESTED = 2;\nconst SUPPORTED_MODES = [1, 2];").replace("return res;", "return [res, SUPPORTED_MODES];") },
);

untypedTester().run("negotiate-protocol-version", rule, { valid, invalid });

typedTester().run("negotiate-protocol-version (typed)", rule, {
  valid: valid.slice(0, 2).map((v) => ({ ...v, name: `typed: ${v.name}`, filename: typedFile })),
  invalid: invalid.slice(0, 2).map((c) => ({ ...c, name: `typed: ${c.name}`, filename: typedFile })),
});

// A same-file function the initialize handler calls, uncaught, that tests the requested version: its error answers
// initialize too. One the handler calls inside a try answers nothing by itself.
{
  const helper = (call: string) => `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const LATEST = 1;
function checkVersion(params: { protocolVersion: number }) {
  if (params.protocolVersion !== LATEST) throw RequestError.invalidRequest({ supported: LATEST });
}
export const app = agent({ name: "a" }).onRequest(methods.agent.initialize, ({ params }) => {
  ${call}
  return { protocolVersion: LATEST, agentCapabilities: {} };
});`;
  const called = helper("checkVersion(params);");
  untypedTester().run("negotiate-protocol-version (a helper the handler calls)", rule, {
    valid: [{ name: "called inside a try", code: helper("try {\n    checkVersion(params);\n  } catch {\n    // keep going: answer the latest\n  }") }],
    invalid: [{ name: "called uncaught", code: called, errors: [{ messageId: "errorForVersion", ...at(called, "RequestError.invalidRequest({ supported: LATEST })") }] }],
  });
}
