import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/invalid-params-error.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { HANDLER_STYLES } from "./handler-styles.js";
import { PARAMS_CLEAN_SHAPES } from "./invalid-params-shapes.js";
import { catchAllDispatch, PLAIN_ERROR_HANDLERS } from "./dispatch-responses.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

const FIX = "RequestError.invalidParams(data, message)";
/** What hand-rolled dispatch sends as -32602, named where nothing in the file is rewritten to it. */
const DISPATCH_FIX = '{ code: -32602, message: "Invalid params", data }';
const INTERNAL = "-32603 Internal error (a thrown value that is not a RequestError goes out as that)";
const V2 = { acp: { protocolVersion: 2 } };

const WHAT = {
  mode: "an unknown mode in session/set_mode",
  configId: "an unknown configId in session/set_config_option",
  value: "a value the config option does not offer in session/set_config_option",
  cursor: "an invalid session/list cursor",
  methodId: "an unsupported value (here an authenticate methodId that no advertised auth method has)",
} as const;

interface Expect {
  /** The reported text (the error site). */
  readonly text: string;
  readonly code: string;
  /** The suggestion's replacement of `replaced` (the reported text unless said). */
  readonly suggestion?: string;
  readonly replaced?: string;
  readonly fix?: string;
  readonly nth?: number;
}

function withSuggestion(code: string, e: Expect): Pick<Report, "suggestions"> {
  if (e.suggestion === undefined) return { suggestions: [] };
  const replaced = e.replaced ?? e.text;
  const start = code.indexOf(replaced, code.indexOf(e.text));
  const output = code.slice(0, start) + e.suggestion + code.slice(start + replaced.length);
  return { suggestions: [{ messageId: "useInvalidParams", data: { text: e.suggestion }, output }] };
}

function unsupported(code: string, what: keyof typeof WHAT, e: Expect): Report {
  return { messageId: "unsupportedValue", data: { what: WHAT[what], code: e.code, fix: e.fix ?? FIX }, ...at(code, e.text, e.nth), ...withSuggestion(code, e) };
}

function malformed(code: string, what: string, e: Expect): Report {
  return { messageId: "malformedParams", data: { what, code: e.code, fix: e.fix ?? FIX }, ...at(code, e.text, e.nth), ...withSuggestion(code, e) };
}

function invalid(code: string, errors: (code: string) => Report[], extra: Partial<Invalid> = {}): Invalid {
  return { code, errors: errors(code), ...extra };
}

const SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const MODES = ["ask", "code"];
const sessions = new Map<string, { mode: string }>();
export const app = agent({ name: "a" });
`;

const LEGACY = `import * as acp from "@agentclientprotocol/sdk";
const MODES = ["ask", "code"];
`;

/** The body every handler style wraps: the session check is right, the mode check answers -32603. */
const MODE_BODY = `const MODES = ["ask", "code"];
const session = sessions.get(params.sessionId);
if (!session) throw RequestError.sessionNotFound(params.sessionId);
if (!MODES.includes(params.modeId)) {
  throw RequestError.internalError({ modeId: params.modeId });
}
return {};`;

const PLAIN_BODY = `const MODES = ["ask", "code"];
if (!MODES.includes(params.modeId)) throw new Error("unknown mode");
return {};`;

/** Styles whose thrown plain Error the SDK (or the SDK that calls a delegate) sends as -32603. */
const sendsInternal = (style: string) => style.startsWith("sdk") || style.startsWith("legacy") || style.startsWith("delegate");

const styleCases: Invalid[] = HANDLER_STYLES.map((style) => {
  const code = style.program("session/set_mode", MODE_BODY);
  return {
    name: `set_mode, internalError: ${style.name}`,
    code,
    errors: [
      unsupported(code, "mode", {
        text: "RequestError.internalError({ modeId: params.modeId })",
        code: "internalError() (-32603 Internal error)",
        suggestion: "RequestError.invalidParams({ modeId: params.modeId })",
      }),
    ],
  };
});

/** The other watched methods in every style: the failing test, the reported error and its suggestion. */
const OTHER_METHODS = [
  {
    wire: "session/set_config_option",
    what: "configId" as const,
    body: `const OPTIONS = [{ id: "model" }];
if (!OPTIONS.some((o) => o.id === params.configId)) throw RequestError.internalError({ configId: params.configId });
return { configOptions: [] };`,
    text: "RequestError.internalError({ configId: params.configId })",
    suggestion: "RequestError.invalidParams({ configId: params.configId })",
  },
  {
    wire: "session/list",
    what: "cursor" as const,
    body: `try {
  JSON.parse(params.cursor ?? "{}");
} catch {
  throw RequestError.internalError({ cursor: params.cursor });
}
return { sessions: [] };`,
    text: "RequestError.internalError({ cursor: params.cursor })",
    suggestion: "RequestError.invalidParams({ cursor: params.cursor })",
  },
  {
    wire: "authenticate",
    what: "methodId" as const,
    body: `if (params.methodId !== "api-key") throw RequestError.internalError({ methodId: params.methodId });
return {};`,
    text: "RequestError.internalError({ methodId: params.methodId })",
    suggestion: "RequestError.invalidParams({ methodId: params.methodId })",
  },
];

/** A lone `"authenticate"` case or connection handler is no sign of ACP (any JSON-RPC server may have one): the model skips it. */
const stylesFor = (wire: string) =>
  HANDLER_STYLES.filter((s) => wire !== "authenticate" || !(s.name.startsWith("dispatch: switch") || s.name.startsWith("dispatch: if") || s.name.startsWith("jsonrpc")));

const otherMethodCases: Invalid[] = OTHER_METHODS.flatMap((m) =>
  stylesFor(m.wire).map((style) => {
    const code = style.program(m.wire, m.body);
    return {
      name: `${m.wire}, internalError: ${style.name}`,
      code,
      errors: [unsupported(code, m.what, { text: m.text, code: "internalError() (-32603 Internal error)", suggestion: m.suggestion })],
    };
  }),
);

const otherMethodsFixed: Valid[] = OTHER_METHODS.flatMap((m) =>
  HANDLER_STYLES.map((style) => ({ name: `${m.wire}, invalidParams: ${style.name}`, code: style.program(m.wire, m.body.replace("internalError", "invalidParams")) })),
);

const plainStyleCases: Invalid[] = HANDLER_STYLES.filter((s) => sendsInternal(s.name)).map((style) => {
  const code = style.program("session/set_mode", PLAIN_BODY);
  return {
    name: `set_mode, plain Error: ${style.name}`,
    code,
    errors: [unsupported(code, "mode", { text: 'new Error("unknown mode")', code: INTERNAL, suggestion: 'RequestError.invalidParams(undefined, "unknown mode")' })],
  };
});

const plainStyleSilent: Valid[] = HANDLER_STYLES.filter((s) => !sendsInternal(s.name)).map((style) => ({
  name: `set_mode, plain Error, what the dispatcher sends is unknown: ${style.name}`,
  code: style.program("session/set_mode", PLAIN_BODY),
}));

const validStyleCases: Valid[] = HANDLER_STYLES.map((style) => ({
  name: `set_mode answered with invalidParams: ${style.name}`,
  code: style.program("session/set_mode", MODE_BODY.replace("internalError", "invalidParams")),
}));

/** The shape of the annotated case of issue 10: a legacy class answering an unknown mode with internalError. */
const TURN_AGENT = `import * as acp from "@agentclientprotocol/sdk";
type Turn = { abort: AbortController; mode: string };
const MODES = ["ask", "code"];
export class TurnAgent implements acp.Agent {
  private turns = new Map<string, Turn>();
  async setSessionMode(params: acp.SetSessionModeRequest): Promise<acp.SetSessionModeResponse> {
    const turn = this.turns.get(params.sessionId);
    if (!turn) throw acp.RequestError.sessionNotFound(params.sessionId);
    if (!MODES.includes(params.modeId)) {
      throw acp.RequestError.internalError({ modeId: params.modeId });
    }
    turn.mode = params.modeId;
    return {};
  }
}`;

const invalidCases: Invalid[] = [
  ...styleCases,
  ...otherMethodCases,
  ...plainStyleCases,
  // The shared case: a legacy class answering an unknown mode with internalError.
  invalid(TURN_AGENT, (c) => [
    unsupported(c, "mode", {
      text: "acp.RequestError.internalError({ modeId: params.modeId })",
      code: "internalError() (-32603 Internal error)",
      suggestion: "acp.RequestError.invalidParams({ modeId: params.modeId })",
    }),
  ]),
  // A mode looked up with find, answered with -32603 written out.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const mode = [{ id: "ask" }].find((m) => m.id === params.modeId);
  if (!mode) throw new RequestError(-32603, "Unknown mode", { modeId: params.modeId });
  return {};
});`,
    (c) => [
      unsupported(c, "mode", {
        text: 'new RequestError(-32603, "Unknown mode", { modeId: params.modeId })',
        code: "-32603 Internal error",
        suggestion: 'RequestError.invalidParams({ modeId: params.modeId }, "Unknown mode")',
      }),
    ],
  ),
  // The params parsed into a new object by a helper (the summaries layer), and the mode through an identity helper.
  invalid(
    `${SDK}function parse(raw: { sessionId: string; modeId: string }) { return { sessionId: raw.sessionId, modeId: raw.modeId }; }
function idOf<T>(x: T): T { return x; }
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const p = parse(params);
  const mode = [{ id: "ask" }].find((m) => m.id === p.modeId);
  if (!mode) throw new RequestError(-32603, "Unknown mode", { modeId: p.modeId });
  return {};
});
app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  if (!MODES.includes(idOf(params.configId))) throw new RequestError(-32603, "Unknown option");
  return { configOptions: [] };
});`,
    (c) => [
      unsupported(c, "mode", {
        text: 'new RequestError(-32603, "Unknown mode", { modeId: p.modeId })',
        code: "-32603 Internal error",
        suggestion: 'RequestError.invalidParams({ modeId: p.modeId }, "Unknown mode")',
      }),
      unsupported(c, "configId", {
        text: 'new RequestError(-32603, "Unknown option")',
        code: "-32603 Internal error",
        suggestion: 'RequestError.invalidParams(undefined, "Unknown option")',
      }),
    ],
    { name: "the params parsed into a new object by a helper, and a field through an identity helper" },
  ),
  // `in` on a destructured field; resourceNotFound keeps its data key.
  invalid(
    `${SDK}const TABLE = { ask: 1, code: 2 };
app.onRequest("session/set_mode", ({ params: { sessionId, modeId } }) => {
  if (!sessions.has(sessionId)) throw RequestError.sessionNotFound(sessionId);
  if (!(modeId in TABLE)) throw RequestError.resourceNotFound(modeId);
  return {};
});`,
    (c) => [
      unsupported(c, "mode", {
        text: "RequestError.resourceNotFound(modeId)",
        code: "resourceNotFound() (-32002 Resource not found)",
        suggestion: "RequestError.invalidParams({ uri: modeId })",
      }),
    ],
  ),
  // A switch on the mode whose default throws.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, (ctx) => {
  const { modeId } = ctx.params;
  switch (modeId) {
    case "ask":
    case "code":
      return {};
    default:
      throw new Error(\`unknown mode \${modeId}\`);
  }
});`,
    (c) => [unsupported(c, "mode", { text: "new Error(`unknown mode ${modeId}`)", code: INTERNAL, suggestion: "RequestError.invalidParams(undefined, `unknown mode ${modeId}`)" })],
  ),
  // An if-chain of the supported modes whose final else throws; an invented code.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (params.modeId === "ask") {
    return {};
  } else if (params.modeId === "code") {
    return {};
  } else {
    throw new RequestError(-32001, "Unknown mode");
  }
});`,
    (c) => [
      unsupported(c, "mode", {
        text: 'new RequestError(-32001, "Unknown mode")',
        code: "-32001 (an implementation-specific code)",
        suggestion: 'RequestError.invalidParams(undefined, "Unknown mode")',
      }),
    ],
  ),
  // The supported branch returns; what follows runs for an unknown mode. indexOf, and a rejected promise.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, async ({ params }) => {
  if (MODES.includes(params.modeId)) {
    sessions.set(params.sessionId, { mode: params.modeId });
    return {};
  }
  throw RequestError.internalError();
});
app.onRequest(methods.agent.session.setMode, async ({ params }) => {
  if (MODES.indexOf(params.modeId) === -1) return Promise.reject(new Error("no such mode"));
  return {};
});`,
    (c) => [
      unsupported(c, "mode", { text: "RequestError.internalError()", code: "internalError() (-32603 Internal error)", suggestion: "RequestError.invalidParams()" }),
      unsupported(c, "mode", { text: 'new Error("no such mode")', code: INTERNAL, suggestion: 'RequestError.invalidParams(undefined, "no such mode")' }),
    ],
  ),
  // Comparisons with the supported values; a thrown { code, message } object.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const id = params.modeId.trim();
  if (id !== "ask" && id !== "code") throw { code: -32603, message: "Unknown mode" };
  return {};
});`,
    (c) => [
      unsupported(c, "mode", {
        text: '{ code: -32603, message: "Unknown mode" }',
        code: INTERNAL,
        suggestion: 'RequestError.invalidParams(undefined, "Unknown mode")',
      }),
    ],
  ),
  // A code carried by a value that is not a RequestError is lost: the SDK sends -32603.
  invalid(
    `${SDK}class ModeError extends Error {
  code = -32001;
}
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!MODES.includes(params.modeId)) throw Object.assign(new Error("Unknown mode"), { code: -32001 });
  return {};
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!MODES.includes(params.modeId)) throw new ModeError("Unknown mode");
  return {};
});`,
    (c) => [
      unsupported(c, "mode", {
        text: 'Object.assign(new Error("Unknown mode"), { code: -32001 })',
        code: INTERNAL,
        suggestion: 'RequestError.invalidParams(undefined, "Unknown mode")',
      }),
      unsupported(c, "mode", { text: 'new ModeError("Unknown mode")', code: INTERNAL }),
    ],
  ),
  // A validation helper of the same file, handed the mode, also through an identity helper (`idOf(params.modeId)`:
  // the field as the summaries give it back).
  invalid(
    `${SDK}function assertMode(id: string): void {
  if (!MODES.includes(id)) throw RequestError.internalError({ modeId: id });
}
function assertOption(id: string): void {
  if (!MODES.includes(id)) throw RequestError.internalError({ configId: id });
}
function idOf<T>(x: T): T { return x; }
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  assertMode(params.modeId);
  return {};
});
app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  assertOption(idOf(params.configId));
  return { configOptions: [] };
});`,
    (c) => [
      unsupported(c, "mode", {
        text: "RequestError.internalError({ modeId: id })",
        code: "internalError() (-32603 Internal error)",
        suggestion: "RequestError.invalidParams({ modeId: id })",
      }),
      unsupported(c, "configId", {
        text: "RequestError.internalError({ configId: id })",
        code: "internalError() (-32603 Internal error)",
        suggestion: "RequestError.invalidParams({ configId: id })",
      }),
    ],
  ),
  // A validation helper handed the whole context, reading its params.
  invalid(
    `${SDK}function assertMode(ctx: { params: { modeId: string } }): void {
  const params = ctx.params;
  if (!MODES.includes(params.modeId)) throw RequestError.internalError({ modeId: params.modeId });
}
app.onRequest(methods.agent.session.setMode, (ctx) => {
  assertMode(ctx);
  return {};
});`,
    (c) => [
      unsupported(c, "mode", {
        text: "RequestError.internalError({ modeId: params.modeId })",
        code: "internalError() (-32603 Internal error)",
        suggestion: "RequestError.invalidParams({ modeId: params.modeId })",
      }),
    ],
  ),
  // The test a helper makes and gives back, read in the helper.
  invalid(
    `${SDK}const known = (p: { modeId: string }) => MODES.includes(p.modeId);
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!known(params)) throw new Error("unknown mode");
  return {};
});`,
    (c) => [unsupported(c, "mode", { text: 'new Error("unknown mode")', code: INTERNAL, suggestion: 'RequestError.invalidParams(undefined, "unknown mode")' })],
  ),
  // An aliased import names the suggestion.
  invalid(
    `import { agent, RequestError as RpcError } from "@agentclientprotocol/sdk";
const MODES = new Set(["ask"]);
export const app = agent({ name: "a" }).onRequest("session/set_mode", ({ params }) => {
  if (!MODES.has(params.modeId)) throw new Error("unknown mode");
  return {};
});`,
    (c) => [
      unsupported(c, "mode", { text: 'new Error("unknown mode")', code: INTERNAL, suggestion: 'RpcError.invalidParams(undefined, "unknown mode")' }),
    ],
  ),
  // No RequestError in the file: no suggestion for a plain Error (nothing to call it with); the message names the
  // full code to write, as the other rules' do: the factory, or for an SDK older than every factory the construction
  // every version accepts.
  ...[
    { fix: FIX, settings: {} },
    { fix: 'new RequestError(-32602, "Invalid params", data)', settings: { acp: { sdkVersion: "0.0.9" } } },
  ].map(({ fix, settings }) =>
    invalid(
      `import { agent } from "@agentclientprotocol/sdk";
const MODES = ["ask"];
export const app = agent({ name: "a" }).onRequest("session/set_mode", ({ params }) => {
  if (!MODES.includes(params.modeId)) throw new Error("unknown mode");
  return {};
});`,
      (c) => [unsupported(c, "mode", { text: 'new Error("unknown mode")', code: INTERNAL, fix })],
      { settings },
    ),
  ),
  // vscode-jsonrpc sends only its own ResponseError as it is: an invented code gets that error with -32602 named.
  invalid(
    `import { createMessageConnection, ResponseError } from "vscode-jsonrpc/node";
const MODES = ["ask"];
const connection = createMessageConnection(process.stdin as never, process.stdout as never);
connection.onRequest("session/set_mode", (params: { sessionId: string; modeId: string }) => {
  if (!MODES.includes(params.modeId)) throw new ResponseError(-32001, "Unknown mode");
  return {};
});`,
    (c) => [unsupported(c, "mode", { text: 'new ResponseError(-32001, "Unknown mode")', code: "-32001 (an implementation-specific code)", fix: 'new ResponseError(-32602, "Invalid params", data)' })],
  ),
  // A value of the wrong type or empty (`.length === 0`), one test: the branch answers a mistyped value.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  if (typeof params.value !== "string" || params.value.length === 0) throw new Error("value must be a non-empty string");
  return { configOptions: [] };
});`,
    (c) => [
      malformed(c, "a `value` of the wrong type", { text: 'new Error("value must be a non-empty string")', code: INTERNAL, suggestion: 'RequestError.invalidParams(undefined, "value must be a non-empty string")' }),
    ],
  ),
  // A value looked up again under an alias before its test (claude-agent-acp's model aliases): the variable still holds
  // what the value's lookup found, or nothing.
  invalid(
    `${SDK}declare function aliasOf(value: string): string | undefined;
const VALUES = [{ value: "fast" }, { value: "smart" }];
app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  if (typeof params.value !== "string") throw RequestError.invalidParams();
  let valid = VALUES.find((o) => o.value === params.value);
  if (!valid && params.configId === "model") {
    const alias = aliasOf(params.value);
    if (alias) valid = VALUES.find((o) => o.value === alias);
  }
  if (!valid) throw new Error(\`Invalid value: \${params.value}\`);
  return { configOptions: [] };
});`,
    (c) => [unsupported(c, "value", { text: "new Error(`Invalid value: ${params.value}`)", code: INTERNAL, suggestion: "RequestError.invalidParams(undefined, `Invalid value: ${params.value}`)" })],
  ),
  // set_config_option: an unknown configId, a value the option does not offer, a value of the wrong type.
  invalid(
    `${SDK}const OPTIONS = [{ id: "model", options: [{ value: "fast" }, { value: "smart" }] }];
app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  const option = OPTIONS.find((o) => o.id === params.configId);
  if (!option) throw RequestError.internalError({ configId: params.configId });
  if (typeof params.value !== "string") throw new Error("value must be a string");
  if (!option.options.some((o) => o.value === params.value)) throw new RequestError(-32000, "Unsupported value");
  return { configOptions: [] };
});`,
    (c) => [
      unsupported(c, "configId", {
        text: "RequestError.internalError({ configId: params.configId })",
        code: "internalError() (-32603 Internal error)",
        suggestion: "RequestError.invalidParams({ configId: params.configId })",
      }),
      malformed(c, "a `value` of the wrong type", { text: 'new Error("value must be a string")', code: INTERNAL, suggestion: 'RequestError.invalidParams(undefined, "value must be a string")' }),
      unsupported(c, "value", {
        text: 'new RequestError(-32000, "Unsupported value")',
        code: "-32000 Authentication required",
        suggestion: 'RequestError.invalidParams(undefined, "Unsupported value")',
      }),
    ],
  ),
  // A cursor tested only when present; a decoded cursor out of range.
  invalid(
    `${LEGACY}declare function isValidCursor(cursor: string): boolean;
export class A implements acp.Agent {
  async listSessions(params: acp.ListSessionsRequest) {
    if (params.cursor && !isValidCursor(params.cursor)) throw new acp.RequestError(-32603, "Invalid cursor");
    const start = params.cursor ? parseInt(params.cursor, 10) : 0;
    if (isNaN(start) || start < 0) throw new Error("Invalid cursor");
    return { sessions: [] };
  }
}`,
    (c) => [
      unsupported(c, "cursor", {
        text: 'new acp.RequestError(-32603, "Invalid cursor")',
        code: "-32603 Internal error",
        suggestion: 'acp.RequestError.invalidParams(undefined, "Invalid cursor")',
      }),
      unsupported(c, "cursor", { text: 'new Error("Invalid cursor")', code: INTERNAL, suggestion: 'acp.RequestError.invalidParams(undefined, "Invalid cursor")' }),
    ],
  ),
  // A value check narrowed by the option found for the configId.
  invalid(
    `${SDK}const OPTIONS = [{ id: "model", type: "select", options: [{ value: "fast" }] }];
app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  const option = OPTIONS.find((o) => o.id === params.configId);
  if (!option) throw RequestError.invalidParams({ configId: params.configId });
  if (option.type === "select" && !option.options.some((o) => o.value === params.value)) throw RequestError.internalError();
  return { configOptions: [] };
});`,
    (c) => [unsupported(c, "value", { text: "RequestError.internalError()", code: "internalError() (-32603 Internal error)", suggestion: "RequestError.invalidParams()" })],
  ),
  // The wrong type in protocol version 2.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  if (typeof params.value !== "boolean") throw RequestError.internalError();
  return { configOptions: [] };
});`,
    (c) => [
      {
        messageId: "valueTypeV2",
        data: { code: "internalError() (-32603 Internal error)", fix: FIX },
        ...at(c, "RequestError.internalError()"),
        ...withSuggestion(c, { text: "RequestError.internalError()", code: "", suggestion: "RequestError.invalidParams()" }),
      },
    ],
    { settings: V2 },
  ),
  // session/list: a catch around the cursor's decode; an if on the decode result; legacy names.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.list, ({ params }) => {
  let offset = 0;
  if (params.cursor) {
    try {
      offset = JSON.parse(Buffer.from(params.cursor, "base64").toString("utf8")).offset;
    } catch {
      throw RequestError.internalError({ cursor: params.cursor });
    }
  }
  return { sessions: [], offset };
});
app.onRequest(methods.agent.session.list, ({ params }) => {
  const offset = Number.parseInt(params.cursor ?? "0", 10);
  if (Number.isNaN(offset)) throw new Error("bad cursor");
  return { sessions: [] };
});`,
    (c) => [
      unsupported(c, "cursor", {
        text: "RequestError.internalError({ cursor: params.cursor })",
        code: "internalError() (-32603 Internal error)",
        suggestion: "RequestError.invalidParams({ cursor: params.cursor })",
      }),
      unsupported(c, "cursor", { text: 'new Error("bad cursor")', code: INTERNAL, suggestion: 'RequestError.invalidParams(undefined, "bad cursor")' }),
    ],
  ),
  invalid(
    `${LEGACY}declare function decodeCursor(cursor: string): { offset: number } | undefined;
export class A implements acp.Agent {
  async listSessions(params: acp.ListSessionsRequest) {
    const decoded = params.cursor ? decodeCursor(params.cursor) : { offset: 0 };
    if (!decoded) throw new acp.RequestError(-32603, "Invalid cursor");
    return { sessions: [] };
  }
  async unstable_listSessions(params: acp.ListSessionsRequest) {
    try {
      atob(params.cursor ?? "");
    } catch (err) {
      throw new Error(\`bad cursor: \${String(err)}\`);
    }
    return { sessions: [] };
  }
}`,
    (c) => [
      unsupported(c, "cursor", {
        text: 'new acp.RequestError(-32603, "Invalid cursor")',
        code: "-32603 Internal error",
        suggestion: 'acp.RequestError.invalidParams(undefined, "Invalid cursor")',
      }),
      unsupported(c, "cursor", {
        text: "new Error(`bad cursor: ${String(err)}`)",
        code: INTERNAL,
        suggestion: "acp.RequestError.invalidParams(undefined, `bad cursor: ${String(err)}`)",
      }),
    ],
  ),
  // authenticate with a methodId that no advertised method has.
  invalid(
    `${LEGACY}const AUTH_METHODS = [{ id: "api-key", name: "API key" }];
export class A implements acp.Agent {
  async authenticate(params: acp.AuthenticateRequest) {
    if (!AUTH_METHODS.some((m) => m.id === params.methodId)) {
      throw new Error(\`unknown auth method \${params.methodId}\`);
    }
    return {};
  }
}`,
    (c) => [
      unsupported(c, "methodId", {
        text: "new Error(`unknown auth method ${params.methodId}`)",
        code: INTERNAL,
        suggestion: "acp.RequestError.invalidParams(undefined, `unknown auth method ${params.methodId}`)",
      }),
    ],
  ),
  // authenticate with a methodId a helper finds no provider for: it tests its parameter and gives back nothing.
  invalid(
    `${LEGACY}const PREFIX = "terminal:";
function providerOf(methodId: string): string | undefined {
  if (!methodId.startsWith(PREFIX)) {
    return undefined;
  }
  return methodId.slice(PREFIX.length);
}
export class A implements acp.Agent {
  async authenticate(params: acp.AuthenticateRequest) {
    const providerId = providerOf(params.methodId);
    if (!providerId) throw new Error(\`Unknown auth method: \${params.methodId}\`);
    return {};
  }
}`,
    (c) => [
      unsupported(c, "methodId", {
        text: "new Error(`Unknown auth method: ${params.methodId}`)",
        code: INTERNAL,
        suggestion: "acp.RequestError.invalidParams(undefined, `Unknown auth method: ${params.methodId}`)",
      }),
    ],
  ),
  invalid(
    `${SDK}app.onRequest(methods.agent.authenticate, ({ params }) => {
  switch (params.methodId) {
    case "api-key":
      return {};
    default:
      throw RequestError.authRequired({ methodId: params.methodId });
  }
});`,
    (c) => [
      unsupported(c, "methodId", {
        text: "RequestError.authRequired({ methodId: params.methodId })",
        code: "authRequired() (-32000 Authentication required)",
        suggestion: "RequestError.invalidParams({ methodId: params.methodId })",
      }),
    ],
  ),
  // Caught validation errors anywhere: a zod parse in a try, a ZodError test, safeParse, a validator.
  invalid(
    `${SDK}import { z, ZodError } from "zod";
const Prompt = z.object({ sessionId: z.string() });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  try {
    Prompt.parse(params);
  } catch (e) {
    throw new Error(\`invalid prompt: \${String(e)}\`);
  }
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.new, async ({ params }) => {
  try {
    const input = Prompt.parse(params);
    return await Promise.resolve({ sessionId: input.sessionId });
  } catch (e) {
    if (e instanceof ZodError) throw RequestError.internalError(e.issues);
    throw e;
  }
});
app.onRequest(methods.agent.session.load, ({ params }) => {
  const result = Prompt.safeParse(params);
  if (!result.success) throw new RequestError(-32603, result.error.message);
  return {};
});`,
    (c) => [
      malformed(c, "a failed validation of the params", {
        text: "new Error(`invalid prompt: ${String(e)}`)",
        code: INTERNAL,
        suggestion: "RequestError.invalidParams(undefined, `invalid prompt: ${String(e)}`)",
      }),
      malformed(c, "a failed validation of the params", {
        text: "RequestError.internalError(e.issues)",
        code: "internalError() (-32603 Internal error)",
        suggestion: "RequestError.invalidParams(e.issues)",
      }),
      malformed(c, "a failed validation of the params", {
        text: "new RequestError(-32603, result.error.message)",
        code: "-32603 Internal error",
        suggestion: "RequestError.invalidParams(undefined, result.error.message)",
      }),
    ],
  ),
  invalid(
    `${LEGACY}declare function validatePrompt(input: unknown): boolean;
export class A implements acp.Agent {
  async prompt(params: acp.PromptRequest) {
    if (!validatePrompt(params)) throw acp.RequestError.internalError(undefined, "malformed prompt");
    return { stopReason: "end_turn" as const };
  }
}`,
    (c) => [
      malformed(c, "a failed validation of the params", {
        text: 'acp.RequestError.internalError(undefined, "malformed prompt")',
        code: "internalError() (-32603 Internal error)",
        suggestion: 'acp.RequestError.invalidParams(undefined, "malformed prompt")',
      }),
    ],
  ),
  // Missing or mistyped fields the handler checks itself.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.new, ({ params }) => {
  if (!params.cwd) throw new Error("cwd is required");
  if (!Array.isArray(params.mcpServers)) throw RequestError.internalError({ field: "mcpServers" });
  return { sessionId: "s" };
});`,
    (c) => [
      malformed(c, "a missing or mistyped `cwd`", { text: 'new Error("cwd is required")', code: INTERNAL, suggestion: 'RequestError.invalidParams(undefined, "cwd is required")' }),
      malformed(c, "a missing or mistyped `mcpServers`", {
        text: 'RequestError.internalError({ field: "mcpServers" })',
        code: "internalError() (-32603 Internal error)",
        suggestion: 'RequestError.invalidParams({ field: "mcpServers" })',
      }),
    ],
  ),
  // A client handler.
  invalid(
    `import * as acp from "@agentclientprotocol/sdk";
export class C implements acp.Client {
  async readTextFile(params: acp.ReadTextFileRequest) {
    if (typeof params.path !== "string" || params.path === "") throw new Error("path is required");
    return { content: "" };
  }
}`,
    (c) => [malformed(c, "a missing or mistyped `path`", { text: 'new Error("path is required")', code: INTERNAL, suggestion: 'acp.RequestError.invalidParams(undefined, "path is required")' })],
  ),
  // Mistyped or empty (`.length === 0` on the field a typeof test names), in a private helper the handler hands
  // the field to (xingsy97/acp-kit's resolveWithinRoot): reported where the helper throws.
  invalid(
    `import * as acp from "@agentclientprotocol/sdk";
export class C implements acp.Client {
  private within(requested: string): string {
    if (typeof requested !== "string" || requested.length === 0) throw new Error("Path must be a non-empty string");
    return requested;
  }
  async readTextFile(params: acp.ReadTextFileRequest) {
    return { content: this.within(params.path) };
  }
}`,
    (c) => [
      malformed(c, "a missing or mistyped `path`", {
        text: 'new Error("Path must be a non-empty string")',
        code: INTERNAL,
        suggestion: 'acp.RequestError.invalidParams(undefined, "Path must be a non-empty string")',
      }),
    ],
  ),
  // Hand-rolled dispatch: a returned response, a sent one, codes of the file's own table.
  invalid(
    `const ErrorCodes = { InvalidParams: -32602, InternalError: -32603 } as const;
declare function send(message: unknown): void;
export function route(msg: { id: number; method: string; params: { cwd?: string; modeId: string } }) {
  switch (msg.method) {
    case "session/new":
      if (msg.params.cwd === undefined) {
        return { jsonrpc: "2.0", id: msg.id, error: { code: ErrorCodes.InternalError, message: "cwd is required" } };
      }
      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };
    case "session/set_mode":
      if (!["ask", "code"].includes(msg.params.modeId)) {
        send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: "Unknown mode" } });
        return undefined;
      }
      return { jsonrpc: "2.0", id: msg.id, result: {} };
    default:
      return undefined;
  }
}`,
    (c) => [
      malformed(c, "a missing or mistyped `cwd`", {
        text: '{ code: ErrorCodes.InternalError, message: "cwd is required" }',
        code: "-32603 Internal error",
        fix: "ErrorCodes.InvalidParams",
        replaced: "ErrorCodes.InternalError",
        suggestion: "ErrorCodes.InvalidParams",
      }),
      unsupported(c, "mode", { text: '{ code: -32603, message: "Unknown mode" }', code: "-32603 Internal error", fix: "-32602", replaced: "-32603", suggestion: "-32602" }),
    ],
  ),
  // A plain Error in hand-rolled dispatch goes out as what the dispatcher's catch answers every error with; no
  // edit at the throw changes that, so no suggestion.
  invalid(catchAllDispatch(PLAIN_ERROR_HANDLERS), (c) => [
    unsupported(c, "mode", { text: 'new Error("unknown mode")', code: "-32603 Internal error (what the dispatcher's catch answers every thrown error with)", fix: DISPATCH_FIX }),
  ]),
  // A catch that returns an error response through a helper whose parameter becomes the response's error.
  invalid(
    `type RpcError = { code: number; message: string };
declare const Schema: { parse(input: unknown): { cwd: string } };
const reject = (id: number, error: RpcError) => ({ jsonrpc: "2.0" as const, id, error });
export function route(msg: { id: number; method: string; params?: unknown }) {
  switch (msg.method) {
    case "session/new": {
      let cwd: string;
      try {
        ({ cwd } = Schema.parse(msg.params));
      } catch {
        return reject(msg.id, { code: -32603, message: "bad params" });
      }
      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: cwd } };
    }
    default:
      return undefined;
  }
}`,
    (c) => [malformed(c, "a failed validation of the params", { text: '{ code: -32603, message: "bad params" }', code: "-32603 Internal error", fix: "-32602", replaced: "-32603", suggestion: "-32602" })],
  ),
  // Two tables with the same key: the code's own table (named by the code) has no -32602, so the file's other one.
  invalid(
    `const ErrorCodes = { InvalidParams: -32602, InternalError: -32603 } as const;
const Legacy = { InternalError: -32603, MethodNotFound: -32601 } as const;
export function route(msg: { id: number; method: string; params: { cwd?: string } }) {
  switch (msg.method) {
    case "session/new":
      if (msg.params.cwd === undefined) {
        return { jsonrpc: "2.0", id: msg.id, error: { code: Legacy.InternalError, message: "cwd is required" } };
      }
      return { jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } };
    default:
      return undefined;
  }
}`,
    (c) => [
      malformed(c, "a missing or mistyped `cwd`", {
        text: '{ code: Legacy.InternalError, message: "cwd is required" }',
        code: "-32603 Internal error",
        fix: "ErrorCodes.InvalidParams",
        replaced: "Legacy.InternalError",
        suggestion: "ErrorCodes.InvalidParams",
      }),
    ],
  ),
  // A dispatcher that decodes each line itself: the decoded message holds the params.
  invalid(
    `declare function send(message: unknown): void;
export function onLine(line: string) {
  const msg = JSON.parse(line) as { id: number; method: string; params: { modeId: string; cwd?: string } };
  switch (msg.method) {
    case "session/set_mode":
      if (!["ask"].includes(msg.params.modeId)) {
        send({ jsonrpc: "2.0", id: msg.id, error: { code: -32001, message: "Unknown mode" } });
        return;
      }
      send({ jsonrpc: "2.0", id: msg.id, result: {} });
      return;
    case "session/new":
      if (!msg.params.cwd) return send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: "cwd is required" } });
      send({ jsonrpc: "2.0", id: msg.id, result: { sessionId: "s" } });
      return;
  }
}`,
    (c) => [
      // An invented code gets no bare -32602 in its place: the message names the whole error object.
      unsupported(c, "mode", { text: '{ code: -32001, message: "Unknown mode" }', code: "-32001 (an implementation-specific code)", fix: DISPATCH_FIX }),
      malformed(c, "a missing or mistyped `cwd`", { text: '{ code: -32603, message: "cwd is required" }', code: "-32603 Internal error", fix: "-32602", replaced: "-32603", suggestion: "-32602" }),
    ],
  ),
  // claude-code-acp's shape: a switch over the supported modes in a legacy class, a try around the SDK call.
  invalid(
    `${LEGACY}declare const query: { setPermissionMode(mode: string): Promise<void> };
export class ClaudeAgent implements acp.Agent {
  private sessions: Record<string, { permissionMode: string }> = {};
  async setSessionMode(params: acp.SetSessionModeRequest): Promise<acp.SetSessionModeResponse> {
    if (!this.sessions[params.sessionId]) throw new Error("Session not found");
    switch (params.modeId) {
      case "default":
      case "plan":
        this.sessions[params.sessionId]!.permissionMode = params.modeId;
        try {
          await query.setPermissionMode(params.modeId);
        } catch (error) {
          throw new Error(String(error), { cause: error });
        }
        return {};
      default:
        throw new Error("Invalid Mode");
    }
  }
}`,
    (c) => [unsupported(c, "mode", { text: 'new Error("Invalid Mode")', code: INTERNAL, suggestion: 'acp.RequestError.invalidParams(undefined, "Invalid Mode")' })],
  ),
  // A validation helper of the class, reached through this, that hands the mode on to one of its own.
  invalid(
    `${LEGACY}export class A implements acp.Agent {
  private modes = [{ id: "ask" }];
  async setSessionMode(params: acp.SetSessionModeRequest) {
    this.checkMode(params.modeId);
    return {};
  }
  private checkMode(modeId: string): void {
    this.assertKnown(modeId);
  }
  private assertKnown(id: string): void {
    const mode = this.modes.find((m) => m.id === id);
    if (mode === undefined) throw new acp.RequestError(-32603, "Unknown mode", { id });
  }
}`,
    (c) => [
      unsupported(c, "mode", {
        text: 'new acp.RequestError(-32603, "Unknown mode", { id })',
        code: "-32603 Internal error",
        suggestion: 'acp.RequestError.invalidParams({ id }, "Unknown mode")',
      }),
    ],
  ),
  // A dispatcher whose answers a same-file helper builds, with codes from its own table.
  invalid(
    `type Id = string | number | null;
const ErrorCode = { InvalidParams: -32602, InternalError: -32603, MethodNotFound: -32601 } as const;
const MODES = ["ask", "code"];
function fail(id: Id, code: number, message: string) {
  const error = { code, message };
  return { jsonrpc: "2.0" as const, id, error };
}
export function handle(msg: { id: Id; method: string; params?: { modeId?: string } }) {
  switch (msg.method) {
    case "session/set_mode": {
      const modeId = msg.params?.modeId ?? "ask";
      if (!MODES.includes(modeId)) return fail(msg.id, ErrorCode.InternalError, \`No mode \${modeId}\`);
      return { jsonrpc: "2.0" as const, id: msg.id, result: {} };
    }
    default:
      return fail(msg.id, ErrorCode.MethodNotFound, "Method not found");
  }
}`,
    (c) => [
      unsupported(c, "mode", {
        text: "fail(msg.id, ErrorCode.InternalError, `No mode ${modeId}`)",
        code: "-32603 Internal error",
        fix: "ErrorCode.InvalidParams",
        replaced: "ErrorCode.InternalError",
        suggestion: "ErrorCode.InvalidParams",
      }),
    ],
  ),
  // An SDK older than every factory: the messages and the suggestion name the code only.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!MODES.includes(params.modeId)) throw new RequestError(-32603, "Unknown mode");
  return {};
});`,
    (c) => [unsupported(c, "mode", { text: 'new RequestError(-32603, "Unknown mode")', code: "-32603 Internal error", fix: "-32602", replaced: "-32603", suggestion: "-32602" })],
    { settings: { acp: { sdkVersion: "0.0.9" } } },
  ),
  // Version 2 words an unknown mode as version 1 does.
  invalid(
    `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!MODES.includes(params.modeId)) throw RequestError.internalError();
  return {};
});`,
    (c) => [unsupported(c, "mode", { text: "RequestError.internalError()", code: "internalError() (-32603 Internal error)", suggestion: "RequestError.invalidParams()" })],
    { settings: V2 },
  ),
];

const valid: (string | Valid)[] = [
  // A value's lookup written again by something that is no lookup in the same collection: what its test means is not known.
  {
    name: "a lookup's variable written again by another kind of value before its test",
    code: `${SDK}declare function fallback(): { value: string } | undefined;
const VALUES = [{ value: "fast" }, { value: "smart" }];
app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  let valid = VALUES.find((o) => o.value === params.value);
  if (!valid) valid = fallback();
  if (!valid) throw new Error("no value");
  return { configOptions: [] };
});`,
  },
  // A helper that gives back nothing untested by its parameter, or never: its result's absence says nothing of the field.
  {
    name: "a helper whose nothing is not tested on its parameter (a cache) is no lookup of the field",
    code: `${LEGACY}const cache = new Map<string, string>();
function cachedProvider(methodId: string): string | undefined {
  if (cache.size === 0) return undefined;
  return cache.get("default") + methodId;
}
export class A implements acp.Agent {
  async authenticate(params: acp.AuthenticateRequest) {
    const providerId = cachedProvider(params.methodId);
    if (!providerId) throw new Error("auth providers not loaded yet");
    return {};
  }
}`,
  },
  {
    name: "a later check keyed by what a helper found is no check of the field (auth not configured for a known provider)",
    code: `${LEGACY}declare const storage: { hasAuth(provider: string): boolean };
function providerOf(methodId: string): string | undefined {
  if (!methodId.startsWith("terminal:")) return undefined;
  return methodId.slice(9);
}
export class A implements acp.Agent {
  async authenticate(params: acp.AuthenticateRequest) {
    const providerId = providerOf(params.methodId);
    if (!providerId) throw acp.RequestError.invalidParams({ methodId: params.methodId });
    if (!storage.hasAuth(providerId)) throw new Error("Authentication is not configured for " + providerId);
    return {};
  }
}`,
  },
  {
    name: "a helper that always gives back something is no lookup of the field",
    code: `${LEGACY}function providerOf(methodId: string): string {
  if (!methodId.startsWith("terminal:")) return "default";
  return methodId.slice(9);
}
export class A implements acp.Agent {
  async authenticate(params: acp.AuthenticateRequest) {
    const providerId = providerOf(params.methodId);
    if (!providerId) throw new Error("no provider");
    return {};
  }
}`,
  },
  ...validStyleCases,
  ...otherMethodsFixed,
  ...plainStyleSilent,
  ...PARAMS_CLEAN_SHAPES,
  {
    name: "an empty prompt or cwd refused: a value the schema allows, not malformed params",
    code: `import { agent, methods } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" })
  .onRequest(methods.agent.session.prompt, ({ params }) => {
    if (params.prompt.length === 0) throw new Error("empty prompt");
    return { stopReason: "end_turn" };
  })
  .onRequest(methods.agent.session.new, ({ params }) => {
    if (params.cwd.length === 0) throw new Error("cwd is required");
    return { sessionId: "s" };
  });`,
  },
  {
    name: "a helper's test that reads no field of the params it is handed",
    code: `import { agent, methods } from "@agentclientprotocol/sdk";
const state = { ready: false };
const ready = (p: { modeId: string }) => state.ready && p !== undefined;
export const app = agent({ name: "a" }).onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!ready(params)) throw new Error("not ready");
  return {};
});`,
  },
  {
    name: "an empty prompt is no missing or mistyped field: a length test alone names none",
    code: `import { agent, methods } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, ({ params }) => {
  if (params.prompt.length === 0) throw new Error("empty prompt");
  return { stopReason: "end_turn" as const };
});`,
  },
  {
    name: "a helper handed the path that refuses a relative one: a test of its value, not of its presence or type",
    code: `import * as acp from "@agentclientprotocol/sdk";
export class C implements acp.Client {
  private within(requested: string): string {
    if (!requested.startsWith("/")) throw new Error("relative path");
    return requested;
  }
  async readTextFile(params: acp.ReadTextFileRequest) {
    return { content: this.within(params.path) };
  }
}`,
  },
  {
    name: "a path refused by an access check (validatePath(p).allowed) is no malformed params",
    code: `import { client, methods } from "@agentclientprotocol/sdk";
declare const guard: { validatePath(path: string, mode: string): { allowed: boolean; reason?: string } };
export const app = client({ name: "c" }).onRequest(methods.client.fs.readTextFile, ({ params }) => {
  const check = guard.validatePath(params.path, "read");
  if (!check.allowed) throw new Error(\`[Access denied] \${check.reason}\`);
  return { content: "" };
});`,
  },
];

untypedTester().run("invalid-params-error", rule, { valid, invalid: invalidCases });

// With type information, a code imported from another file resolves.
const TYPED = `import { agent, RequestError } from "@agentclientprotocol/sdk";
import { INVALID_PARAMS, TOO_BUSY } from "./codes.js";
const MODES = ["ask"];
export const app = agent({ name: "a" });
`;

typedTester().run("invalid-params-error (typed)", rule, {
  valid: [
    // Type information resolves more values; the clean shapes stay clean with it.
    ...PARAMS_CLEAN_SHAPES.map((code) => ({ code, filename: typedFile })),
    {
      filename: typedFile,
      code: `${TYPED}app.onRequest("session/set_mode", ({ params }) => {
  if (!MODES.includes(params.modeId)) throw new RequestError(INVALID_PARAMS, "Unknown mode");
  return {};
});`,
    },
  ],
  invalid: [
    {
      filename: typedFile,
      ...invalid(TURN_AGENT, (c) => [
        unsupported(c, "mode", {
          text: "acp.RequestError.internalError({ modeId: params.modeId })",
          code: "internalError() (-32603 Internal error)",
          suggestion: "acp.RequestError.invalidParams({ modeId: params.modeId })",
        }),
      ]),
    },
    {
      filename: typedFile,
      ...invalid(
        `${TYPED}app.onRequest("session/set_mode", ({ params }) => {
  if (!MODES.includes(params.modeId)) throw new RequestError(TOO_BUSY, "Unknown mode");
  return {};
});`,
        (c) => [
          unsupported(c, "mode", {
            text: 'new RequestError(TOO_BUSY, "Unknown mode")',
            code: "-32042 (an implementation-specific code)",
            suggestion: 'RequestError.invalidParams(undefined, "Unknown mode")',
          }),
        ],
      ),
    },
  ],
});

// Without type information the imported code is unknown: silent.
untypedTester().run("invalid-params-error (imported codes, untyped)", rule, {
  valid: [
    `${TYPED}app.onRequest("session/set_mode", ({ params }) => {
  if (!MODES.includes(params.modeId)) throw new RequestError(TOO_BUSY, "Unknown mode");
  return {};
});`,
  ],
  invalid: [],
});

// A name that shadows the import is not the SDK's RequestError: what a parameter constructs is unknown, so the code
// a validation failure answers with is too.
untypedTester().run("invalid-params-error (a name that shadows the import)", rule, {
  valid: [
    {
      name: "a parameter named RequestError",
      code: `${SDK}export function mount(RequestError: new (code: number, message: string) => Error) {
  app.onRequest(methods.agent.session.setMode, ({ params }) => {
    if (!MODES.includes(params.modeId)) throw new RequestError(-32603, "Unknown mode");
    return {};
  });
}`,
    },
  ],
  invalid: [],
});

// A thunk or closure that a call runs and gives back the result of (the summaries layer: `runWith({ run })`
// returning `o.run()`): what it throws answers as the code around the call; a catch around the call takes it.
{
  const RUNNER = "function runWith<T>(o: { run(): T }): T { return o.run(); }\n";
  const inThunk = (around: (call: string) => string) => `${SDK}${RUNNER}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  ${around(`runWith({ run: () => {
    if (!MODES.includes(params.modeId)) throw new RequestError(-32603, "Unknown mode");
  } })`)}
  return {};
});`;
  const thrown = inThunk((call) => `${call};`);
  untypedTester().run("invalid-params-error (a closure a call runs)", rule, {
    valid: [
      { name: "caught around the call that runs it", code: inThunk((call) => `try {\n    ${call};\n  } catch {\n    return {};\n  }`) },
      {
        name: "a helper the closure calls, caught around the call that runs the closure",
        code: `${SDK}${RUNNER}function checkMode(p: { modeId: string }) {
  if (!MODES.includes(p.modeId)) throw new RequestError(-32603, "Unknown mode");
}
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  try {
    runWith({ run: () => checkMode(params) });
  } catch {
    return {};
  }
  return {};
});`,
      },
    ],
    invalid: [
      invalid(thrown, (c) => [
        unsupported(c, "mode", {
          text: 'new RequestError(-32603, "Unknown mode")',
          code: "-32603 Internal error",
          suggestion: 'RequestError.invalidParams(undefined, "Unknown mode")',
        }),
      ], { name: "thrown in a closure that runWith runs and gives back the result of" }),
    ],
  });
}

// A same-file helper handed the params validates them for any method, whatever field it watches.
{
  const code = `${SDK}import { z } from "zod";
const Load = z.object({ sessionId: z.string(), cwd: z.string() });
function validate(raw: unknown) {
  const result = Load.safeParse(raw);
  if (!result.success) throw new RequestError(-32603, result.error.message);
}
app.onRequest(methods.agent.session.load, ({ params }) => {
  validate(params);
  return {};
});`;
  untypedTester().run("invalid-params-error (a helper that validates the params)", rule, {
    valid: [],
    invalid: [
      invalid(
        code,
        (c) => [malformed(c, "a failed validation of the params", { text: "new RequestError(-32603, result.error.message)", code: "-32603 Internal error", suggestion: "RequestError.invalidParams(undefined, result.error.message)" })],
        { name: "a helper handed the params of session/load, which watches no field, validates them with safeParse" },
      ),
    ],
  });
}
