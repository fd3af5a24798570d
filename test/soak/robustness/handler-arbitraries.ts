/**
 * fast-check arbitraries of whole ACP programs: one handler in every style the analysis recognises (SDK 2.x
 * `agent()` / `client()` apps by `methods.*` and by wire name, legacy `Agent` / `Client` classes and factories,
 * hand-rolled dispatch, vscode-jsonrpc, delegates; from test/rules/*-styles.ts, plus dispatchers with a fallback and
 * SDK initialize handlers), whose body is random statements: session and resource lookups with their miss
 * branches, errors of every shape with random codes (ACP codes, invented reserved codes, application codes,
 * non-integers, members of a generated constant table and enum, named constants), same-file helpers, nesting in
 * blocks, if/else and try/catch, code switches and stop reasons.
 */
import fc from "fast-check";
import { CLIENT_HANDLER_STYLES } from "../../rules/client-handler-styles.js";
import { HANDLER_STYLES } from "../../rules/handler-styles.js";
import { NOTIFICATION_STYLES } from "../../rules/notification-styles.js";
import { indentByBraces } from "./reformat.js";

const ACP_CODES = [-32700, -32600, -32601, -32602, -32603, -32800, -32000, -32002, -32022];
const RESERVED_INVENTED = [-32001, -32010, -32050, -32099, -32500, -32768, -32850];
const APP_CODES = [1, 429, 42001, 51000, -1, -40000];
const NON_INTEGERS = ["1.5", '"-32602"', '"oops"', "NaN", "null", "-32602.5"];
const TABLE_SIZE = 3;

/** A numeric code written as a literal: the values a table, an enum or a constant holds. */
const numericCode = fc.oneof(fc.constantFrom(...ACP_CODES), fc.constantFrom(...RESERVED_INVENTED), fc.constantFrom(...APP_CODES), fc.integer({ min: -33000, max: 60000 }));

/** A code as an error site writes it. */
const code = fc.oneof(
  { weight: 3, arbitrary: numericCode.map(String) },
  { weight: 1, arbitrary: fc.constantFrom(...NON_INTEGERS) },
  { weight: 2, arbitrary: fc.nat(TABLE_SIZE - 1).map((i) => `Codes.K${i}`) },
  { weight: 1, arbitrary: fc.nat(TABLE_SIZE - 1).map((i) => `AppError.E${i}`) },
  { weight: 1, arbitrary: fc.nat(TABLE_SIZE - 1).map((i) => `C${i}`) },
);

const message = fc.constantFrom('"Session not found"', '"Resource not found"', '"Invalid params"', '"Method not found"', '"Internal error"', '"boom"', '""');
const factory = fc.constantFrom(
  "RequestError.resourceNotFound(params.sessionId)",
  "RequestError.sessionNotFound(params.sessionId)",
  "RequestError.invalidParams()",
  'RequestError.invalidParams({ sessionId: params.sessionId }, "bad")',
  "RequestError.internalError()",
  "RequestError.invalidRequest()",
  'RequestError.methodNotFound("x")',
  "RequestError.authRequired()",
);

/** An error value. */
const error = fc.oneof(
  fc.tuple(code, message).map(([c, m]) => `new RequestError(${c}, ${m})`),
  fc.tuple(code, message).map(([c, m]) => `new RequestError(${c}, ${m}, { sessionId: params.sessionId })`),
  factory,
  fc.tuple(code, message).map(([c, m]) => `{ code: ${c}, message: ${m} }`),
  fc.tuple(code, message).map(([c, m]) => `Object.assign(new Error(${m}), { code: ${c} })`),
  fc.tuple(code, message).map(([c, m]) => `makeError(${c}, ${m})`),
  message.map((m) => `new Error(${m})`),
);

/** A statement that fails the request. */
const failure = fc.oneof(
  { weight: 4, arbitrary: error.map((e) => `throw ${e};`) },
  { weight: 1, arbitrary: fc.tuple(code, message).map(([c, m]) => `fail(${c}, ${m});`) },
  { weight: 1, arbitrary: fc.tuple(code, message).map(([c, m]) => `return fail(${c}, ${m});`) },
  { weight: 1, arbitrary: fc.tuple(code, message).map(([c, m]) => `return { jsonrpc: "2.0", id: 1, error: { code: ${c}, message: ${m} } };`) },
  { weight: 1, arbitrary: error.map((e) => `return Promise.reject(${e});`) },
);

const failBranch = fc.oneof(failure, failure.map((f) => `{\n${f}\n}`));
const name = (prefix: string) => fc.nat(99).map((n) => `${prefix}${n}`);
const stopReason = fc.constantFrom('"end_turn"', '"cancelled"', '"done"', '"max_tokens"', '"refusal"', '"max_turn_requests"', "REASON");

export type Side = "agent" | "client";

/** Statements of a handler body on `side`, nested at most `depth` deep. */
function statements(side: Side, depth: number): fc.Arbitrary<string> {
  const guard =
    side === "agent"
      ? fc.oneof(
          fc.tuple(name("s"), failBranch).map(([s, f]) => `const ${s} = sessions.get(params.sessionId);\nif (!${s}) ${f}`),
          failBranch.map((f) => `if (!sessions.has(params.sessionId)) ${f}`),
          fc.tuple(name("s"), failBranch).map(([s, f]) => `const ${s} = sessions.get(params.sessionId);\nif (${s} === undefined) ${f}\n${s}.turns += 1;`),
          failBranch.map((f) => `if (sessions.get(params.sessionId) == null) ${f}`),
        )
      : fc.oneof(
          failBranch.map((f) => `if (!existsSync(params.path)) ${f}`),
          fc.tuple(name("t"), failBranch).map(([t, f]) => `const ${t} = terminals.get(params.terminalId);\nif (!${t}) ${f}`),
          fc.tuple(name("text"), failure).map(([t, f]) => `try {\nconst ${t} = await readFile(params.path, "utf8");\nreturn { content: ${t} };\n} catch (e) {\n${f}\n}`),
          failBranch.map((f) => `if (!terminals.has(params.terminalId)) ${f}`),
        );
  const agentOnly =
    side === "agent"
      ? [
          { weight: 1, arbitrary: failBranch.map((f) => `if (!MODES.includes(params.modeId)) ${f}`) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.oneof(stopReason.map((r) => `return { stopReason: ${r} };`), failure), fc.constantFrom("throw err;", 'return { stopReason: "end_turn" };'))
              .map(([onAbort, after]) => `const controller = new AbortController();\nturns.set(params.sessionId, controller);\ntry {\nrun(controller.signal);\n} catch (err) {\nif (controller.signal.aborted) ${onAbort}\n${after}\n}`),
          },
        ]
      : [];
  const simple = fc.oneof(
    ...agentOnly,
    { weight: 3, arbitrary: guard },
    { weight: 2, arbitrary: failure },
    { weight: 2, arbitrary: stopReason.map((r) => `return { stopReason: ${r} };`) },
    { weight: 1, arbitrary: fc.constant("return {};") },
    { weight: 1, arbitrary: fc.constant(side === "agent" ? "sessions.delete(params.sessionId);" : "terminals.delete(params.terminalId);") },
    { weight: 1, arbitrary: fc.tuple(code, message).map(([c, m]) => `const detail = { code: ${c}, message: ${m} };\nvoid detail;`) },
  );
  if (depth === 0) return fc.array(simple, { minLength: 1, maxLength: 3 }).map((s) => s.join("\n"));
  const inner = statements(side, depth - 1);
  const nested = fc.oneof(
    inner.map((s) => `{\n${s}\n}`),
    fc.tuple(inner, inner).map(([a, b]) => `if (params.sessionId === "x") {\n${a}\n} else {\n${b}\n}`),
    fc.tuple(inner, inner).map(([a, b]) => `try {\n${a}\n} catch (err) {\n${b}\n}`),
    fc.tuple(inner, code, failure).map(([a, c, f]) => `try {\n${a}\n} catch (err: any) {\nswitch (err.code) {\ncase ${c}:\n${f}\ncase -32002:\nreturn {};\n}\n}`),
    fc.tuple(inner, inner).map(([a, b]) => `try {\n${a}\n} finally {\n${b}\n}`),
  );
  return fc.array(fc.oneof({ weight: 3, arbitrary: simple }, { weight: 2, arbitrary: nested }), { minLength: 1, maxLength: 4 }).map((s) => s.join("\n"));
}

/** The declarations every program ends with: a code table, an enum, named constants, helpers, a stop reason. */
const declarations = fc
  .tuple(fc.array(numericCode, { minLength: TABLE_SIZE, maxLength: TABLE_SIZE }), fc.array(numericCode, { minLength: TABLE_SIZE, maxLength: TABLE_SIZE }), fc.array(numericCode, { minLength: TABLE_SIZE, maxLength: TABLE_SIZE }), fc.boolean(), stopReason.filter((r) => r !== "REASON"))
  .map(([table, members, constants, throwing, reason]) =>
    [
      `const Codes = { ${table.map((c, i) => `K${i}: ${c}`).join(", ")} } as const;`,
      `enum AppError { ${members.map((c, i) => `E${i} = ${c}`).join(", ")} }`,
      ...constants.map((c, i) => `const C${i} = ${c};`),
      `const REASON = ${reason};`,
      throwing
        ? "function fail(code: number, message: string): never {\n  throw new RequestError(code, message);\n}"
        : "function fail(code: number, message: string) {\n  return Promise.reject(new RequestError(code, message));\n}",
      "function makeError(code: number, message: string) {\n  return new RequestError(code, message, { at: Date.now() });\n}",
    ].join("\n"),
  );

const SEND_WIRES = ['"session/cancel"', '"session/prompt"', "methods.agent.session.cancel", "methods.agent.session.prompt", "AGENT_METHODS.session_cancel", '"session/update"'];

/** Code after the handler: a client handling received codes (a switch, a table lookup), sends, a cancel handler. */
const extras = fc
  .tuple(fc.array(code, { minLength: 2, maxLength: 3 }), fc.boolean(), fc.tuple(numericCode, numericCode), fc.constantFrom("request", "notify"), fc.constantFrom(...SEND_WIRES))
  .map(([cases, fallback, [a, b], send, wire]) =>
    [
      'import { agent as cancelApp, client as driveClient, methods, AGENT_METHODS } from "@agentclientprotocol/sdk";',
      'const MODES = ["ask", "code"];',
      "const turns = new Map<string, AbortController>();",
      "declare function run(signal: AbortSignal): void;",
      'export const canceller = cancelApp({ name: "c" }).onNotification("session/cancel", ({ params }) => {\n  turns.get(params.sessionId)?.abort();\n});',
      `export function onAgentError(error: { code: number }, ui: { retry(): void }) {\n  switch (error.code) {\n${cases.map((c, i) => `    case ${c}:\n      ui.retry();\n      ${i % 2 ? "break;" : 'return "handled";'}`).join("\n")}${fallback ? '\n    default:\n      return "failed";' : ""}\n  }\n}`,
      `const Labels = { [${a}]: "first", [${b}]: "second" };`,
      "export const label = (error: { code: number }) => Labels[error.code];",
      `const editor = driveClient({ name: "editor" });\nexport async function drive(stream: Parameters<typeof editor.connectWith>[0]) {\n  await editor.connectWith(stream, async (ctx) => {\n    await ctx.${send}(${wire}, { sessionId: "s" });\n  });\n}`,
    ].join("\n"),
  );

/** Agent methods every agent style has all names and types for; client methods likewise. */
function wiresFor(candidates: readonly string[], build: (wire: string) => void): string[] {
  return candidates.filter((wire) => {
    try {
      build(wire);
      return true;
    } catch {
      return false;
    }
  });
}
const AGENT_WIRES = wiresFor(["session/prompt", "session/load", "session/set_mode", "session/set_config_option", "session/resume", "session/close", "session/delete", "initialize", "session/new"], (w) => HANDLER_STYLES.forEach((s) => s.program(w, "")));
const CLIENT_WIRES = wiresFor(["fs/read_text_file", "fs/write_text_file", "terminal/output", "terminal/kill", "terminal/release", "terminal/wait_for_exit", "session/request_permission"], (w) => CLIENT_HANDLER_STYLES.forEach((s) => s.program(w, "")));

/** A generated program and how it was built, for fast-check's counterexample. */
export interface GeneratedProgram {
  readonly style: string;
  readonly code: string;
}

const agentProgram = fc
  .tuple(fc.nat(HANDLER_STYLES.length - 1), fc.constantFrom(...AGENT_WIRES), statements("agent", 2))
  .map(([s, wire, body]) => ({ style: `${HANDLER_STYLES[s]!.name} (${wire})`, code: HANDLER_STYLES[s]!.program(wire, body) }));

const clientProgram = fc
  .tuple(fc.nat(CLIENT_HANDLER_STYLES.length - 1), fc.constantFrom(...CLIENT_WIRES), statements("client", 2))
  .map(([s, wire, body]) => ({ style: `${CLIENT_HANDLER_STYLES[s]!.name} (${wire})`, code: CLIENT_HANDLER_STYLES[s]!.program(wire, body) }));

const notificationProgram = fc
  .tuple(fc.nat(NOTIFICATION_STYLES.length - 1), statements("agent", 1))
  .map(([s, body]) => ({ style: NOTIFICATION_STYLES[s]!.name, code: NOTIFICATION_STYLES[s]!.program(body) }));

const STORE = "const sessions = new Map<string, { dispose(): void; turns: number }>();";

/** A hand-rolled dispatcher whose fallback answers an unknown method with a random error. */
const fallbackDispatcher = fc
  .tuple(fc.constantFrom(...AGENT_WIRES), statements("agent", 1), code, message, fc.boolean())
  .map(([wire, body, c, m, thrown]) => ({
    style: `dispatch with a fallback (${wire})`,
    code: `import { RequestError } from "@agentclientprotocol/sdk";
${STORE}
export function route(msg: { id: number; method: string; params: { sessionId: string } }) {
  const params = msg.params;
  switch (msg.method) {
    case "${wire}": {
${body}
    }
    default:
      ${thrown ? `throw new RequestError(${c}, ${m});` : `return { jsonrpc: "2.0", id: msg.id, error: { code: ${c}, message: ${m} } };`}
  }
}`,
  }));

/** An SDK app whose initialize answers the requested protocol version, and a second handler. */
const initializeApp = fc
  .tuple(failure, fc.boolean(), fc.constantFrom(...AGENT_WIRES.filter((w) => w.startsWith("session/"))), statements("agent", 1))
  .map(([f, load, wire, body]) => ({
    style: `sdk initialize with a version check, then ${wire}`,
    code: `import { agent, methods, PROTOCOL_VERSION, RequestError } from "@agentclientprotocol/sdk";
${STORE}
export const app = agent({ name: "a" })
  .onRequest(methods.agent.initialize, ({ params }) => {
    if (params.protocolVersion !== PROTOCOL_VERSION) ${f.replace("params.sessionId", '"none"')}
    return { protocolVersion: PROTOCOL_VERSION, agentCapabilities: { loadSession: ${load} } };
  })
  .onRequest("${wire}", async ({ params }) => {
${body}
  });`,
  }));

/** A whole ACP program in any style, with the generated declarations after it. */
export const acpProgram: fc.Arbitrary<GeneratedProgram> = fc
  .tuple(
    fc.oneof({ weight: 4, arbitrary: agentProgram }, { weight: 2, arbitrary: clientProgram }, { weight: 1, arbitrary: notificationProgram }, { weight: 1, arbitrary: fallbackDispatcher }, { weight: 1, arbitrary: initializeApp }),
    declarations,
    fc.option(extras, { freq: 2 }),
  )
  .map(([program, decls, more]) => ({ style: program.style, code: indentByBraces(`${program.code}\n${decls}\n${more ?? ""}\n`) }));

/** The settings and rule options a program is linted with. */
export const lintSetup = fc.record({ protocolVersion: fc.constantFrom(1, 2), strict: fc.boolean() });
