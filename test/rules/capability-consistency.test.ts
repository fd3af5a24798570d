import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/capability-consistency.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { folderWithSdks } from "../sdk-install.js";
import { CAPABILITY_STYLES } from "./capability-styles.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

const V2 = { acp: { protocolVersion: 2 } };

const unadvertised = (span: ReturnType<typeof at>, method: string, capability: string, extra: Record<string, string> = {}): Report => ({
  messageId: "unadvertisedHandler",
  data: { method, capability, must: "SHOULD", what: "gated method", code: "-32601 (Method not found)", ...extra },
  ...span,
});

const missing = (code: string, text: string, capability: string, methods: string, outcome = "-32601 (Method not found)"): Report => ({
  messageId: "missingHandler",
  data: { capability, methods, outcome },
  ...at(code, text),
});

// ---------------------------------------------------------------------------------------------------------------
// Every handler style: unadvertised handlers, advertised capabilities without handlers, matching literals.
// ---------------------------------------------------------------------------------------------------------------

const styleValid: Valid[] = CAPABILITY_STYLES.flatMap((style) => [
  {
    name: `${style.name}: capabilities that match their handlers`,
    code: style.program("{ loadSession: true, sessionCapabilities: { list: {}, resume: {} } }", ["session/load", "session/list", "session/resume"]),
  },
  {
    name: `${style.name}: a value computed at run time is silent for its key`,
    code: `declare const config: { canLoad: boolean };\n${style.program("{ loadSession: config.canLoad }", ["session/load"])}`,
  },
  {
    name: `${style.name}: a value computed at run time advertises maybe: no handler is asked for`,
    code: `declare const config: { canLoad: boolean };\n${style.program("{ loadSession: config.canLoad }", [])}`,
  },
  {
    name: `${style.name}: a spread in the capabilities is silent`,
    code: `declare const base: object;\n${style.program("{ ...base, loadSession: true }", [])}`,
  },
  {
    name: `${style.name}: a spread in the capabilities may advertise what the handler needs`,
    code: `declare const base: object;\n${style.program("{ ...base }", ["session/delete"])}`,
  },
  {
    name: `${style.name}: capabilities built by a function call`,
    code: `declare function buildCapabilities(): object;\n${style.program("buildCapabilities()", ["session/load"])}`,
  },
  {
    name: `${style.name}: ungated methods need no capability`,
    code: style.program("{}", ["session/new", "session/prompt", "session/set_mode"]),
  },
  {
    name: `${style.name}: extension keys are not judged`,
    code: style.program("{ _meta: { x: 1 }, _zed: true }", []),
  },
]);

const styleInvalid: Invalid[] = CAPABILITY_STYLES.flatMap((style) => {
  const load = style.program("{}", ["session/load"]);
  const sessions = style.program("{ sessionCapabilities: { list: null, delete: false } }", ["session/list", "session/delete"]);
  const advertised = style.program("{ loadSession: true, sessionCapabilities: { close: {} } }", []);
  const cases: Invalid[] = [
    {
      name: `${style.name}: a session/load handler without loadSession`,
      code: load,
      errors: [unadvertised(style.registration(load, "session/load"), "session/load", "`agentCapabilities.loadSession`")],
    },
    {
      name: `${style.name}: null and false advertise nothing`,
      code: sessions,
      errors: [
        unadvertised(style.registration(sessions, "session/list"), "session/list", "`agentCapabilities.sessionCapabilities.list`"),
        unadvertised(style.registration(sessions, "session/delete"), "session/delete", "`agentCapabilities.sessionCapabilities.delete`"),
      ],
    },
  ];
  if (style.judgesMissing) {
    cases.push({
      name: `${style.name}: advertised capabilities without handlers`,
      code: advertised,
      errors: [
        missing(advertised, "loadSession: true", "`agentCapabilities.loadSession`", "`session/load`"),
        missing(advertised, "close: {}", "`agentCapabilities.sessionCapabilities.close`", "`session/close`"),
      ],
    });
  }
  return cases;
});

// ---------------------------------------------------------------------------------------------------------------
// Keys the schema does not define, clients, fallbacks, handlers registered elsewhere, protocol version 2.
// ---------------------------------------------------------------------------------------------------------------

const SDK_AGENT = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
`;

const CLIENT = (capabilities: string, handlers: string) => `import { client, methods } from "@agentclientprotocol/sdk";
export const editor = client({ name: "editor" })${handlers};
export async function drive(stream: Parameters<typeof editor.connectWith>[0]) {
  await editor.connectWith(stream, async (ctx) => {
    await ctx.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: ${capabilities} });
  });
}`;

// The read handler reads the path: one that answers every path with "" is resource-not-found-error's stub.
const FS_HANDLERS = `
  .onRequest(methods.client.fs.readTextFile, ({ params }) => ({ content: String(params.path.length) }))
  .onRequest(methods.client.fs.writeTextFile, () => ({}))`;
const TERMINAL_HANDLERS = ["create", "output", "release", "waitForExit", "kill"].map((k) => `\n  .onRequest(methods.client.terminal.${k}, () => ({}) as never)`).join("");

const LEGACY_TERMINAL = `import * as acp from "@agentclientprotocol/sdk";
export class StrictAgent implements acp.Agent {
  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: 1, agentCapabilities: { terminal: true } as acp.AgentCapabilities };
  }
  async newSession(): Promise<acp.NewSessionResponse> {
    return { sessionId: "s" };
  }
}`;

const MISSPELT = `${SDK_AGENT}app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { loadSessions: true } }));
app.onRequest(methods.agent.session.load, () => ({}));`;

const FILE_SYSTEM = CLIENT("{ fileSystem: { read: true, write: true } }", FS_HANDLERS);
const FILE_SYSTEM_FIXED = CLIENT("{ fs: { readTextFile: true, writeTextFile: true } }", FS_HANDLERS);

const FALLBACK = `${SDK_AGENT}app.onRequest(methods.agent.initialize, () => ({
  protocolVersion: 1,
  agentCapabilities: { loadSession: true, sessionCapabilities: { list: {} } },
}));
app.onRequest(methods.agent.session.list, () => ({ sessions: [] }));
app.onRequest("*", ({ method }) => {
  throw RequestError.methodNotFound(method);
});`;

const TERMINAL_PARTLY = CLIENT("{ terminal: true }", "\n  .onRequest(methods.client.terminal.create, () => ({ terminalId: \"t\" }))");
const WRITE_ONLY_ADVERTISED = CLIENT("{ fs: { readTextFile: true } }", FS_HANDLERS);

const LEGACY_CLIENT = (capabilities: string) => `import * as acp from "@agentclientprotocol/sdk";
export class FileClient implements acp.Client {
  async requestPermission(): Promise<acp.RequestPermissionResponse> {
    return { outcome: { outcome: "cancelled" } };
  }
  async sessionUpdate(): Promise<void> {}
  async readTextFile(): Promise<acp.ReadTextFileResponse> {
    return { content: "" };
  }
  async writeTextFile(): Promise<acp.WriteTextFileResponse> {
    return {};
  }
}
export async function start(stream: acp.Stream) {
  const connection = new acp.ClientSideConnection(() => new FileClient(), stream);
  await connection.initialize({ protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: ${capabilities} });
}`;
const LEGACY_READ_ONLY = LEGACY_CLIENT("{ fs: { readTextFile: true } }");
const LEGACY_CLIENT_TERMINAL = LEGACY_CLIENT("{ fs: { readTextFile: true, writeTextFile: true }, terminal: true }");
const TERMINAL_WIRES = "`terminal/create` or `terminal/output` or `terminal/release` or `terminal/wait_for_exit` or `terminal/kill`";

const V2_AGENT = `import { agent, methods } from "@agentclientprotocol/sdk/experimental/v2";
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 2, capabilities: { session: {} } }));
app.onRequest(methods.agent.session.new, () => ({ sessionId: "s" }) as never);
app.onRequest(methods.agent.session.prompt, () => ({ stopReason: "end_turn" }) as never);
app.onRequest(methods.agent.session.delete, () => ({}));`;

const V2_AGENT_ASSERTED = V2_AGENT.replace('export const app = agent({ name: "a" });', 'type App = ReturnType<typeof agent>;\nexport const app = <App>agent({ name: "a" });');
if (!V2_AGENT_ASSERTED.includes("<App>agent(")) throw new Error("V2_AGENT no longer declares the app as the <T> case expects");

const V2_ELICITATION = `import { client, methods } from "@agentclientprotocol/sdk/experimental/v2";
export const editor = client({ name: "editor" }).onRequest(methods.client.elicitation.create, () => ({ action: { action: "cancel" } }) as never);
export async function drive(stream: Parameters<typeof editor.connectWith>[0]) {
  await editor.connectWith(stream, (ctx) => ctx.request(methods.agent.initialize, { protocolVersion: 2, capabilities: { elicitation: { form: null } } }));
}`;

// A client app connected with connect(): its initialize request goes through the connection that returns
// (slack-acp-bridge), here kept in a field, fs declared false while its handlers are registered.
const CONNECTED_CLIENT = `import { client, methods, PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
export class Host {
  private conn: ReturnType<ReturnType<typeof client>["connect"]> | undefined;
  async start(stream: Parameters<ReturnType<typeof client>["connect"]>[0]) {
    const conn = client({ name: "bridge" })
      .onRequest(methods.client.fs.readTextFile, () => {
        throw new Error("fs/read_text_file not supported by this client");
      })
      .connect(stream);
    this.conn = conn;
    await conn.agent.request(methods.agent.initialize, {
      protocolVersion: PROTOCOL_VERSION,
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    });
  }
}`;
// A legacy client whose connection lives in a field reset on close, built from an instance another field holds, and
// whose initialize call leaves clientCapabilities out (wechat-acp-bridge): nothing is advertised.
const FIELD_CONNECTION = `import * as acp from "@agentclientprotocol/sdk";
class FileClient implements acp.Client {
  async requestPermission(): Promise<acp.RequestPermissionResponse> {
    return { outcome: { outcome: "cancelled" } };
  }
  async sessionUpdate(): Promise<void> {}
  async readTextFile(params: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse> {
    return { content: params.path };
  }
}
export class Bridge {
  private connection: acp.ClientSideConnection | null = null;
  private files: FileClient;
  constructor() {
    this.files = new FileClient();
  }
  async start(stream: acp.Stream) {
    this.connection = new acp.ClientSideConnection(() => this.files, stream);
    await this.connection.initialize({ protocolVersion: acp.PROTOCOL_VERSION, clientInfo: { name: "b", version: "1" } });
  }
  stop() {
    this.connection = null;
  }
}`;
const specificInvalid: Invalid[] = [
  {
    name: "client app: the initialize request sent on the connection connect() returns declares fs false beside its read handler",
    code: CONNECTED_CLIENT,
    errors: [unadvertised(at(CONNECTED_CLIENT, "methods.client.fs.readTextFile"), "fs/read_text_file", "`clientCapabilities.fs.readTextFile`")],
  },
  {
    name: "legacy client: the connection's initialize call, through fields, leaves clientCapabilities out",
    code: FIELD_CONNECTION,
    errors: [unadvertised(at(FIELD_CONNECTION, "readTextFile", 0), "fs/read_text_file", "`clientCapabilities.fs.readTextFile`")],
  },
  {
    name: "a client capability inside agentCapabilities, with `as acp.AgentCapabilities` (the case file initialize.ts)",
    code: LEGACY_TERMINAL,
    errors: [{ messageId: "undefinedKey", data: { name: "terminal", place: "agentCapabilities", otherSide: " (it is a client capability)", hint: "" }, ...at(LEGACY_TERMINAL, "terminal") }],
  },
  {
    name: "a misspelt key: renamed by a suggestion, and its handler is not reported again",
    code: MISSPELT,
    errors: [
      {
        messageId: "undefinedKey",
        data: { name: "loadSessions", place: "agentCapabilities", otherSide: "", hint: " (`loadSession`)" },
        ...at(MISSPELT, "loadSessions"),
        suggestions: [{ messageId: "renameKey", data: { name: "loadSessions", suggestion: "loadSession" }, output: MISSPELT.replace("loadSessions", "loadSession") }],
      },
    ],
  },
  {
    name: "client: fileSystem { read, write } for fs { readTextFile, writeTextFile }, renamed at once",
    code: FILE_SYSTEM,
    errors: [
      {
        messageId: "undefinedKey",
        data: { name: "fileSystem", place: "clientCapabilities", otherSide: "", hint: " (`fs`)" },
        ...at(FILE_SYSTEM, "fileSystem"),
        suggestions: [{ messageId: "renameKey", data: { name: "fileSystem", suggestion: "fs" }, output: FILE_SYSTEM_FIXED }],
      },
    ],
  },
  {
    name: "client: a write handler the client does not advertise",
    code: WRITE_ONLY_ADVERTISED,
    errors: [unadvertised(at(WRITE_ONLY_ADVERTISED, "methods.client.fs.writeTextFile"), "fs/write_text_file", "`clientCapabilities.fs.writeTextFile`")],
  },
  {
    name: "client: terminal advertised with only terminal/create handled",
    code: TERMINAL_PARTLY,
    errors: [
      missing(TERMINAL_PARTLY, "terminal: true", "`clientCapabilities.terminal`", "`terminal/output` or `terminal/release` or `terminal/wait_for_exit` or `terminal/kill`"),
    ],
  },
  {
    // SDK 0.28-1.9's ClientSideConnection answers a request the class has no member for with null or {} (the wire test
    // legacy-client-defaults): the message says so.
    name: "legacy client on SDK 1.9.0: an advertised terminal without members is answered with a made-up success",
    code: LEGACY_CLIENT_TERMINAL,
    settings: { acp: { sdkVersion: "1.9.0" } },
    errors: [{ messageId: "missingLegacyClientHandler", data: { capability: "`clientCapabilities.terminal`", methods: TERMINAL_WIRES }, ...at(LEGACY_CLIENT_TERMINAL, "terminal: true") }],
  },
  {
    name: "legacy client, SDK 0.20.0 (no test has seen what it answers) or 2.x (no ClientSideConnection): no outcome quoted",
    code: LEGACY_CLIENT_TERMINAL,
    settings: { acp: { sdkVersion: "0.20.0" } },
    errors: [{ messageId: "missingHandlerUnknownOutcome", data: { capability: "`clientCapabilities.terminal`", methods: TERMINAL_WIRES }, ...at(LEGACY_CLIENT_TERMINAL, "terminal: true") }],
  },
  {
    name: "legacy client, this repository's SDK 2.4.0: no outcome quoted",
    code: LEGACY_CLIENT_TERMINAL,
    errors: [{ messageId: "missingHandlerUnknownOutcome", data: { capability: "`clientCapabilities.terminal`", methods: TERMINAL_WIRES }, ...at(LEGACY_CLIENT_TERMINAL, "terminal: true") }],
  },
  {
    name: "legacy client: a writeTextFile member its connection.initialize does not advertise",
    code: LEGACY_READ_ONLY,
    errors: [unadvertised(at(LEGACY_READ_ONLY, "writeTextFile", 0), "fs/write_text_file", "`clientCapabilities.fs.writeTextFile`")],
  },
  {
    name: "a `*` fallback that always throws serves nothing: its error answers the advertised method",
    code: FALLBACK,
    errors: [missing(FALLBACK, "loadSession: true", "`agentCapabilities.loadSession`", "`session/load`", "the error its fallback throws")],
  },
  ...[
    ["protocol version 2: session/delete needs capabilities.session.delete, session {} needs the baseline handlers", V2_AGENT],
    ["protocol version 2: the same app held under a <T> assertion", V2_AGENT_ASSERTED],
  ].map(([name = "", code = ""]) => ({
    name,
    code,
    settings: V2,
    errors: [
      missing(code, "session: {}", "`capabilities.session`", "`session/list` or `session/resume` or `session/close`"),
      unadvertised(at(code, "methods.agent.session.delete"), "session/delete", "`capabilities.session.delete`", { must: "MUST" }),
    ],
  })),
  {
    name: "protocol version 2: an elicitation handler without a mode is answered -32602, not -32601",
    code: V2_ELICITATION,
    settings: V2,
    errors: [
      unadvertised(at(V2_ELICITATION, "methods.client.elicitation.create"), "elicitation/create", "`capabilities.elicitation.form` or `capabilities.elicitation.url`", {
        must: "MUST",
        what: "elicitation mode",
        code: "-32602 (Invalid params)",
      }),
    ],
  },
];

const specificValid: Valid[] = [
  { name: "client app: the connection connect() returns advertises what its handler serves", code: CONNECTED_CLIENT.replace("readTextFile: false", "readTextFile: true") },
  {
    name: "legacy client: the connection's initialize call through fields advertises the read",
    code: FIELD_CONNECTION.replace('clientInfo: { name: "b", version: "1" } }', 'clientCapabilities: { fs: { readTextFile: true } } }'),
  },
  // A class shaped like a legacy Agent (initialize, newSession, prompt) whose methods an app's handlers call is the
  // app's delegate: the app registers session/fork, whatever the legacy SDK would call its member (hooman's HoomanAcpAgent).
  {
    name: "an app's delegate class shaped like a legacy Agent: the app's registrations count",
    code: `import { agent as acpAgent, methods, type ForkSessionRequest, type InitializeRequest, type InitializeResponse, type NewSessionRequest, type PromptRequest } from "@agentclientprotocol/sdk";
export class HoomanAgent {
  initialize(_params: InitializeRequest): InitializeResponse {
    return { protocolVersion: 1, agentCapabilities: { sessionCapabilities: { fork: {} } } };
  }
  async newSession(_params: NewSessionRequest) {
    return { sessionId: "s" };
  }
  async forkSession(_params: ForkSessionRequest) {
    return { sessionId: "t" };
  }
  async prompt(_params: PromptRequest) {
    return { stopReason: "end_turn" as const };
  }
}
export function createApp(agent: HoomanAgent) {
  return acpAgent({ name: "x" })
    .onRequest(methods.agent.initialize, (ctx) => agent.initialize(ctx.params))
    .onRequest(methods.agent.session.new, (ctx) => agent.newSession(ctx.params))
    .onRequest(methods.agent.session.fork, (ctx) => agent.forkSession(ctx.params))
    .onRequest(methods.agent.session.prompt, (ctx) => agent.prompt(ctx.params));
}`,
  },
  { name: "client: capabilities that match its handlers", code: CLIENT("{ fs: { readTextFile: true, writeTextFile: true }, terminal: true }", FS_HANDLERS + TERMINAL_HANDLERS) },
  { name: "legacy client: capabilities that match its members", code: LEGACY_CLIENT("{ fs: { readTextFile: true, writeTextFile: true } }") },
  { name: "client: no initialize request in this file", code: `import { client, methods } from "@agentclientprotocol/sdk";\nexport const editor = client({ name: "e" }).onRequest(methods.client.fs.readTextFile, () => ({ content: "" }));` },
  {
    name: "handlers registered in another file: the app is passed to a function",
    code: `${SDK_AGENT}import { registerSessionHandlers } from "./sessions.js";
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { loadSession: true } }));
registerSessionHandlers(app);`,
  },
  {
    name: "a `*` fallback that may serve the advertised method",
    code: `${SDK_AGENT}app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { loadSession: true } }));
app.onRequest("*", ({ method, params }) => {
  if (method === "session/load") return {};
  throw RequestError.methodNotFound(method);
});`,
  },
  {
    name: "capabilities held in a variable of another file",
    code: `${SDK_AGENT}import { CAPABILITIES } from "./capabilities.js";
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: CAPABILITIES }));
app.onRequest(methods.agent.session.load, () => ({}));`,
  },
  {
    name: "a spread handler map",
    code: `import { loadHandlers } from "./load.js";
export const handlers = {
  ...loadHandlers,
  initialize: () => ({ protocolVersion: 1, agentCapabilities: { loadSession: true } }),
  "session/new": () => ({ sessionId: "s" }),
};`,
  },
  {
    name: "a legacy class that extends another class",
    code: `import * as acp from "@agentclientprotocol/sdk";
import { BaseAgent } from "./base.js";
export class A extends BaseAgent implements acp.Agent {
  async initialize() {
    return { protocolVersion: 1, agentCapabilities: { loadSession: true } };
  }
}`,
  },
  {
    name: "a legacy class another class of the file extends",
    code: `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  async initialize() {
    return { protocolVersion: 1, agentCapabilities: { loadSession: true } };
  }
}
export class B extends A {
  async loadSession() {
    return {};
  }
}`,
  },
  {
    name: "two initialize answers: which one is sent is decided at run time",
    code: `${SDK_AGENT}declare const persistent: boolean;
app.onRequest(methods.agent.initialize, () => {
  if (persistent) return { protocolVersion: 1, agentCapabilities: { loadSession: true } };
  return { protocolVersion: 1, agentCapabilities: {} };
});
app.onRequest(methods.agent.session.load, () => ({}));`,
  },
  {
    name: "an app without initialize handler and one with it are paired separately",
    code: `${SDK_AGENT}app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { loadSession: true } }));
app.onRequest(methods.agent.session.load, () => ({}));
export const helper = agent({ name: "h" }).onRequest(methods.agent.session.delete, () => ({}));`,
  },
  {
    name: "protocol version 1 ignores v2's session gate",
    code: `${SDK_AGENT}app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: {} }));
app.onRequest(methods.agent.session.new, () => ({ sessionId: "s" }));`,
  },
  {
    name: "protocol version 2: capabilities that match",
    settings: V2,
    code: `import { agent, methods } from "@agentclientprotocol/sdk/experimental/v2";
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 2, capabilities: { session: { delete: {} } } }));
${["new", "list", "resume", "close", "prompt", "delete"].map((k) => `app.onRequest(methods.agent.session.${k}, () => ({}) as never);`).join("\n")}`,
  },
  {
    name: "a capability from a same-file constant",
    code: `${SDK_AGENT}const canLoad = true;
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { loadSession: canLoad } }));
app.onRequest(methods.agent.session.load, () => ({}));`,
  },
];

// Legacy member names by SDK release: 1.9.0 calls listSessions, never unstable_listSessions (which 0.15 called).
const OLD_NAME = `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: 1, agentCapabilities: { sessionCapabilities: { list: {} } } };
  }
  async newSession(): Promise<acp.NewSessionResponse> {
    return { sessionId: "s" };
  }
  async unstable_listSessions(): Promise<acp.ListSessionsResponse> {
    return { sessions: [] };
  }
}
export const start = (stream: acp.Stream) => new acp.AgentSideConnection(() => new A(), stream);
`;
/** The same agent under the name releases from 0.16.0 call. */
const NEW_NAME = OLD_NAME.replace("unstable_listSessions", "listSessions");
/** A file of a fresh project with no SDK installed whose package.json declares the SDK `range` (a fresh clone). */
function declaringRange(range: string): string {
  const dir = folderWithSdks({}, "acp-declared-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ dependencies: { "@agentclientprotocol/sdk": range } }));
  return join(dir, "agent.ts");
}
const versionValid: Valid[] = [
  { name: "none installed, ^0.15.0 declared: 0.15 calls unstable_listSessions", code: OLD_NAME, filename: declaringRange("^0.15.0") },
  { name: "none installed, >=0.15.0 declared: some version it allows calls unstable_listSessions", code: OLD_NAME, filename: declaringRange(">=0.15.0") },
  { name: "none installed, >=0.15.0 declared: some version it allows calls listSessions", code: NEW_NAME, filename: declaringRange(">=0.15.0") },
  { name: "SDK 0.16.0 calls listSessions: the advertised list has its handler", code: NEW_NAME, settings: { acp: { sdkVersion: "0.16.0" } } },
  { name: "SDK 0.15.0 calls unstable_listSessions: the advertised list has its handler", code: OLD_NAME, settings: { acp: { sdkVersion: "0.15.0" } } },
  { name: "SDK 2.x (installed here) has no legacy connection: either name counts", code: OLD_NAME },
];
const versionInvalid: Invalid[] = [
  {
    name: "none installed, ^0.26.0 declared: no version it allows calls unstable_listSessions",
    code: OLD_NAME,
    filename: declaringRange("^0.26.0"),
    errors: [missing(OLD_NAME, "list: {}", "`agentCapabilities.sessionCapabilities.list`", "`session/list`")],
  },
  {
    name: "SDK 1.9.0 never calls unstable_listSessions: the advertised list has no handler",
    code: OLD_NAME,
    settings: { acp: { sdkVersion: "1.9.0" } },
    errors: [missing(OLD_NAME, "list: {}", "`agentCapabilities.sessionCapabilities.list`", "`session/list`")],
  },
  {
    name: "SDK 0.15.0 does not call listSessions yet (0.16.0 first does): the advertised list has no handler",
    code: NEW_NAME,
    settings: { acp: { sdkVersion: "0.15.0" } },
    errors: [missing(NEW_NAME, "list: {}", "`agentCapabilities.sessionCapabilities.list`", "`session/list`")],
  },
];

/** A hand-rolled client class: it sends `initialize` with `params` and serves the agent's fs request in a switch. */
const HAND_CLIENT = (params: string, extra = "") => `declare function write(message: object): void;
export class HandClient {
  private nextId = 1;
  private sendRequest(method: string, params: object): void {
    write({ jsonrpc: "2.0", id: this.nextId++, method, params });
  }
  initialize(): void {
    this.sendRequest("initialize", ${params});
  }
  handleAgentRequest(msg: { id: number; method: string; params: { path: string } }): void {
    switch (msg.method) {
      case "fs/read_text_file":
        write({ jsonrpc: "2.0", id: msg.id, result: { content: "" } });
        break;
      default:
        write({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } });
    }
  }
}
${extra}`;
const SENT_NOTHING = HAND_CLIENT('{ protocolVersion: 1, clientInfo: { name: "c", version: "1" } }');
const SENT_FS = HAND_CLIENT("{ protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true } } }");
const handClientValid: Valid[] = [
  { name: "a hand-rolled client whose initialize request advertises the file it reads", code: SENT_FS },
  { name: "a hand-rolled client whose initialize params spread more", code: HAND_CLIENT("{ protocolVersion: 1, ...defaults }", "declare const defaults: object;") },
  {
    name: "a hand-rolled client that writes two initialize requests: which one its dispatcher serves is not known",
    code: HAND_CLIENT("{ protocolVersion: 1 }", 'export function reconnect(send: (m: string, p: object) => void) {\n  send("initialize", { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true } } });\n}'),
  },
  {
    name: "the initialize request written by another class than the dispatcher",
    code: `${HAND_CLIENT("{ protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true } } }")}export class Handshake {\n  start(send: (m: string, p: object) => void) {\n    send("initialize", { protocolVersion: 1 });\n  }\n}`.replace('this.sendRequest("initialize", { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: true } } });', "this.sendRequest(\"session/new\", { cwd: \"/\" });"),
  },
];
/** A legacy agent advertising `loadSession` as given, whose loadSession only answers -32601. */
const REFUSING_LOAD = (load: string) => `import * as acp from "@agentclientprotocol/sdk";
export class Refusing implements acp.Agent {
  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: { loadSession: ${load} } };
  }
  async newSession(): Promise<acp.NewSessionResponse> {
    return { sessionId: "s" };
  }
  async authenticate(): Promise<void> {}
  async prompt(): Promise<acp.PromptResponse> {
    return { stopReason: "end_turn" };
  }
  async cancel(): Promise<void> {}
  async loadSession(): Promise<acp.LoadSessionResponse> {
    throw acp.RequestError.methodNotFound("session/load");
  }
}`;
const REFUSING_ADVERTISED = REFUSING_LOAD("true");
handClientValid.push({ name: "a handler that only answers -32601 for a method not advertised: what the spec asks", code: REFUSING_LOAD("false") });
const handClientInvalid: Invalid[] = [
  {
    name: "an advertised capability whose handler only answers -32601 has none",
    code: REFUSING_ADVERTISED,
    errors: [missing(REFUSING_ADVERTISED, "loadSession: true", "`agentCapabilities.loadSession`", "`session/load`")],
  },
  {
    name: "a hand-rolled client whose initialize request sends no clientCapabilities, serving fs/read_text_file",
    code: SENT_NOTHING,
    errors: [unadvertised(at(SENT_NOTHING, '"fs/read_text_file"'), "fs/read_text_file", "`clientCapabilities.fs.readTextFile`")],
  },
];

/**
 * An object literal declared as the SDK's Agent (harukitosa/claude-code-acp's shape): its connection is made in a
 * module of its own, from `(conn) => createAgent(conn)`. `declaration` wraps the literal (`LITERAL`).
 */
const DECLARED_AGENT = (declaration: string) => `import type { Agent, AgentSideConnection } from "@agentclientprotocol/sdk";
import { PROTOCOL_VERSION } from "@agentclientprotocol/sdk";
${declaration.replace(
  "LITERAL",
  `{
  async initialize() {
    return { protocolVersion: PROTOCOL_VERSION, agentCapabilities: { loadSession: false } };
  },
  async newSession() {
    return { sessionId: "s" };
  },
  async loadSession() {
    return {};
  },
  async prompt() {
    return { stopReason: "end_turn" as const };
  },
  async cancel() {},
  async authenticate() {
    return {};
  },
}`,
)}`;

const DECLARED_FORMS = [
  ["returned by a function declared to give an Agent", "export function createAgent(conn: AgentSideConnection): Agent {\n  return LITERAL;\n}"],
  ["returned by an arrow declared to give a Promise<Partial<Agent>>", "export const createAgent = async (conn: AgentSideConnection): Promise<Partial<Agent>> => (LITERAL);"],
  ["held in a const annotated Agent", "export const agent: Agent = LITERAL;"],
  ["checked with satisfies", "export const agent = LITERAL satisfies Agent;"],
] as const;

const declaredInvalid: Invalid[] = DECLARED_FORMS.map(([name, declaration]) => {
  const code = DECLARED_AGENT(declaration);
  return { name: `an object literal ${name} serves session/load unadvertised`, code, errors: [unadvertised(at(code, "loadSession", 1), "session/load", "`agentCapabilities.loadSession`")] };
});

const declaredValid: Valid[] = [
  { name: "the same object literal declared as nothing: no handler", code: DECLARED_AGENT("export const agent = LITERAL;") },
  { name: "the same object literal declared as another type", code: DECLARED_AGENT("interface Backend { initialize(): Promise<unknown> }\nexport const agent: Backend = LITERAL;") },
];

untypedTester().run("capability-consistency", rule, {
  valid: [...styleValid, ...specificValid, ...versionValid, ...handClientValid, ...declaredValid],
  invalid: [...styleInvalid, ...specificInvalid, ...versionInvalid, ...handClientInvalid, ...declaredInvalid],
});

typedTester().run("capability-consistency (typed)", rule, {
  valid: [{ name: "typed: a value whose literal type is only known to the checker stays unknown when not constant", filename: typedFile, code: `${SDK_AGENT}export function make(flag: boolean) {
  app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { loadSession: flag } }));
}` }],
  invalid: [{ name: "typed: the case file's legacy agent", filename: typedFile, code: LEGACY_TERMINAL, errors: [{ messageId: "undefinedKey", ...at(LEGACY_TERMINAL, "terminal") }] }],
});
