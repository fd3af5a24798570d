// A connection class of the project's own (`conn.onRequest("session/prompt", fn)` on `new Connection(…)` the project
// declares) sends a handler's thrown error as its own catch says, not as the SDKs and JSON-RPC libraries do (-32603):
// the session and resource rules quote the code that class sends (`error.code ?? -32001`: -32001, a fixed -32000),
// keep the code a thrown error carries where the catch sends it, and quote no code where the catch cannot be read.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import { describe, expect, it } from "vitest";
import paramsRule, { type MessageIds as ParamsIds } from "../../rules/invalid-params-error.js";
import resourceRule, { type MessageIds as ResourceIds } from "../../rules/resource-not-found-error.js";
import sessionRule, { type MessageIds as SessionIds } from "../../rules/require-session-check.js";
import { at, reportAt } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

const dir = fileURLToPath(new URL("../fixtures/resolution", import.meta.url));
const AGENT = readFileSync(`${dir}/connection-agent.ts`, "utf8");
const KEEPS = "a thrown error whose `code` is -32002";

/**
 * A connection class of the project's own named `name`: `onRequest` registers a handler, `run` answers a message with
 * what it returns, and its catch writes `catchBody` (the caught error is `e`); `extra` adds members.
 */
const connectionClass = (name: string, catchBody: string, extra = "") => `declare function write(message: object): void;
class ${name} {
  private readonly handlers = new Map<string, (params: never) => unknown>();
  onRequest(method: string, handler: (params: never) => unknown): void {
    this.handlers.set(method, handler);
  }
${extra}  async run(message: { id: number; method: string; params: never }): Promise<void> {
    try {
      write({ jsonrpc: "2.0", id: message.id, result: await this.handlers.get(message.method)!(message.params) });
    } catch (e) {
      ${catchBody}
    }
  }
}
`;

/** An agent serving on `Rpc`, whose catch writes `catchBody`; `prompt` answers the unknown session. */
const connectionAgent = (catchBody: string, prompt = 'if (!session) throw new Error("Session not found");') => `${connectionClass(
  "Rpc",
  catchBody,
  `  private fail(id: number, e: unknown): void {
    write({ jsonrpc: "2.0", id, error: { code: (e as { status?: number }).status, message: String(e) } });
  }
`,
)}const sessions = new Map<string, { turns: number }>();
const rpc = new Rpc();
rpc.onRequest("session/new", () => {
  sessions.set("s", { turns: 0 });
  return { sessionId: "s" };
});
rpc.onRequest("session/prompt", (params: { sessionId: string }) => {
  const session = sessions.get(params.sessionId);
  ${prompt}
  session.turns += 1;
  return { stopReason: "end_turn" };
});
`;

const ALWAYS_32000 = connectionAgent('write({ jsonrpc: "2.0", id: message.id, error: { code: -32000, message: String(e) } });');
const TYPEOF_CODE = connectionAgent('write({ jsonrpc: "2.0", id: message.id, error: { code: typeof (e as { code?: unknown }).code === "number" ? (e as { code: number }).code : -32099, message: String(e) } });');
const THROUGH_HELPER = connectionAgent("this.fail(message.id, e);");
const KEEPS_CODE = connectionAgent(
  'write({ jsonrpc: "2.0", id: message.id, error: { code: (e as { code?: number }).code ?? -32001, message: String(e) } });',
  'if (!session) throw Object.assign(new Error("Resource not found"), { code: -32002, data: { sessionId: params.sessionId } });',
);
const KEEPS_OTHER_CODE = connectionAgent(
  'write({ jsonrpc: "2.0", id: message.id, error: { code: (e as { code?: number }).code ?? -32001, message: String(e) } });',
  'if (!session) throw Object.assign(new Error("gone"), { code: -32602 });',
);
const FIXED_DROPS_CODE = connectionAgent(
  'write({ jsonrpc: "2.0", id: message.id, error: { code: -32001, message: String(e) } });',
  'if (!session) throw Object.assign(new Error("Resource not found"), { code: -32002, data: { sessionId: params.sessionId } });',
);
// The catch hands its error object to a method of the class that writes it as the response's error, reading the code
// from a `const` holding the caught value; the prompt throws a plain Error, or one a helper gives a code by `.code =`.
const SEND_METHOD = `  private send(id: number, error: { code: number; message: string }): void {
    write({ jsonrpc: "2.0", id, error });
  }
`;
const SENDS_THROUGH_METHOD = (prompt: string) =>
  `${connectionClass("Rpc", "const error = e as { code?: number; message?: string };\n      this.send(message.id, { code: error.code ?? -32001, message: String(error.message) });", SEND_METHOD)}function coded(code: number, message: string): Error & { code: number } {
  const err = new Error(message) as Error & { code: number };
  err.code = code;
  return err;
}
const sessions = new Map<string, { turns: number }>();
const rpc = new Rpc();
rpc.onRequest("session/prompt", (params: { sessionId: string }) => {
  const session = sessions.get(params.sessionId);
  ${prompt}
  session.turns += 1;
  return { stopReason: "end_turn" };
});
`;
const PLAIN_THROUGH_METHOD = SENDS_THROUGH_METHOD('if (!session) throw new Error("Session not found");');
const CODED_THROUGH_METHOD = SENDS_THROUGH_METHOD('if (!session) throw coded(-32004, "Session not found");');

const VSCODE_JSONRPC = `import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from "vscode-jsonrpc/node";
const connection = createMessageConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
const sessions = new Map<string, { turns: number }>();
connection.onRequest("session/new", () => {
  sessions.set("s", { turns: 0 });
  return { sessionId: "s" };
});
connection.onRequest("session/prompt", (params: { sessionId: string }) => {
  const session = sessions.get(params.sessionId);
  if (!session) throw new Error("Session not found");
  session.turns += 1;
  return { stopReason: "end_turn" };
});
connection.listen();
`;

const sends = (code: string, value: number, name: string, connection = "`Rpc`", fix = KEEPS) => ({
  ...reportAt<SessionIds>("connectionSends", code, 'new Error("Session not found")', { code: value, name, connection, fix }),
});

const sessionValid: ValidTestCase<[]>[] = [
  { name: "a thrown error carrying -32002, sent as it is by a catch that sends a thrown error's own code", code: KEEPS_CODE },
  {
    name: "the same, with the class in another module (connection.ts): session/set_mode's -32002 is kept",
    filename: `${dir}/connection-agent.ts`,
    code: AGENT.replace(/conn\.onRequest\("session\/prompt"[\s\S]*?\n {2}\}\);\n/u, ""),
  },
];

const sessionInvalid: InvalidTestCase<SessionIds, []>[] = [
  {
    name: "the class in another module sends a plain Error as -32001 (`error.code ?? -32001`), not -32603",
    filename: `${dir}/connection-agent.ts`,
    code: AGENT,
    errors: [{ ...reportAt<SessionIds>("connectionSends", AGENT, "new Error(`Session ${params.sessionId} not found`)", { code: -32001, name: "an implementation-specific code", connection: "`Connection`", fix: KEEPS }) }],
  },
  { name: "a catch that always sends -32000", code: ALWAYS_32000, errors: [sends(ALWAYS_32000, -32000, "Authentication required", "`Rpc`", "-32002 sent by `Rpc`'s catch for it")] },
  { name: "a catch that sends a numeric code, else -32099", code: TYPEOF_CODE, errors: [sends(TYPEOF_CODE, -32099, "an implementation-specific code")] },
  { name: "a thrown error carrying -32602, which the catch sends as it is", code: KEEPS_OTHER_CODE, errors: [{ ...reportAt<SessionIds>("connectionSends", KEEPS_OTHER_CODE, 'Object.assign(new Error("gone"), { code: -32602 })', { code: -32602, name: "Invalid params", connection: "`Rpc`", fix: KEEPS }) }] },
  {
    name: "a thrown error carrying -32002, which a catch with one fixed code drops",
    code: FIXED_DROPS_CODE,
    errors: [{ ...reportAt<SessionIds>("connectionSends", FIXED_DROPS_CODE, 'Object.assign(new Error("Resource not found"), { code: -32002, data: { sessionId: params.sessionId } })', { code: -32001, name: "an implementation-specific code", connection: "`Rpc`", fix: "-32002 sent by `Rpc`'s catch for it" }) }],
  },
  {
    name: "a catch that hands its error object to a method writing it: a plain Error goes out as -32001",
    code: PLAIN_THROUGH_METHOD,
    errors: [sends(PLAIN_THROUGH_METHOD, -32001, "an implementation-specific code")],
  },
  {
    name: "the same catch keeps the code a helper gives the thrown error by `.code =`",
    code: CODED_THROUGH_METHOD,
    errors: [{ ...reportAt<SessionIds>("connectionSends", CODED_THROUGH_METHOD, 'coded(-32004, "Session not found")', { code: -32004, name: "an implementation-specific code", connection: "`Rpc`", fix: KEEPS }) }],
  },
  {
    name: "a catch that answers through a helper: no code is quoted",
    code: THROUGH_HELPER,
    errors: [{ ...reportAt<SessionIds>("connectionUnknown", THROUGH_HELPER, 'new Error("Session not found")', { connection: "`Rpc`", fix: "-32002 sent by `Rpc`'s catch for it" }) }],
  },
  {
    name: "vscode-jsonrpc's connection sends a plain Error as -32603, as before",
    code: VSCODE_JSONRPC,
    errors: [{ messageId: "internalError", ...at(VSCODE_JSONRPC, 'new Error("Session not found")') }],
  },
];

untypedTester().run("require-session-check: project connection classes", sessionRule, { valid: sessionValid, invalid: sessionInvalid });

// A client's terminal requests on its own connection class: an unknown terminal's plain Error goes out as its catch says.
const CLIENT = (catchBody: string) => `${connectionClass("Peer", catchBody)}const terminals = new Map<string, { output: string }>();
const peer = new Peer();
peer.onRequest("terminal/output", (params: { terminalId: string }) => {
  const terminal = terminals.get(params.terminalId);
  if (!terminal) throw new Error("Unknown terminal");
  return { output: terminal.output, truncated: false };
});
`;
const CLIENT_FIXED = CLIENT('write({ jsonrpc: "2.0", id: message.id, error: { code: -32603, message: String(e) } });');
const CLIENT_NOT_FOUND = CLIENT('write({ jsonrpc: "2.0", id: message.id, error: { code: -32002, message: String(e) } });');
const CLIENT_HELPER = CLIENT("report(message.id, e);\n      function report(id: number, error: unknown) { write({ id, error }); }");

untypedTester().run("resource-not-found-error: project connection classes", resourceRule, {
  valid: [
    { name: "a catch that sends -32002 for every error: an unknown terminal is answered with -32002", code: CLIENT_NOT_FOUND },
    { name: "a catch that cannot be read: no code quoted, nothing reported", code: CLIENT_HELPER },
  ],
  invalid: [
    {
      name: "a catch that sends -32603: the terminal's plain Error is answered with it, by the class",
      code: CLIENT_FIXED,
      errors: [
        reportAt<ResourceIds>("terminalWrongCode", CLIENT_FIXED, 'new Error("Unknown terminal")', {
          code: -32603,
          name: "Internal error",
          method: "terminal/output",
          expected: "-32002 Resource not found",
          fix: "-32002 sent by `Peer`'s catch for it",
        }),
      ],
    },
  ],
});

// What the messages above quote, run: the fixture's agent on its own connection class answers an unknown session's
// plain Error with -32001 and keeps the -32002 a thrown error carries.
describe("the fixture's connection class, run", () => {
  it("sends a thrown plain Error as -32001 and a thrown error's own code as it is", async () => {
    const { serve } = await import("../fixtures/resolution/connection-agent.js");
    const sent: { id: number; error?: { code: number } }[] = [];
    const conn = serve((message) => sent.push(message as (typeof sent)[number]));
    await conn.dispatch({ id: 1, method: "session/prompt", params: { sessionId: "nope" } as never });
    await conn.dispatch({ id: 2, method: "session/set_mode", params: { sessionId: "nope" } as never });
    expect(sent.map((m) => [m.id, m.error?.code])).toEqual([
      [1, -32001],
      [2, -32002],
    ]);
  });
});

// A mode the agent does not have, on its own connection class: the plain Error goes out as the class's catch sends it.
const MODE = (catchBody: string) => `${connectionClass("Wire", catchBody)}const MODES = ["ask", "code"];
const wire = new Wire();
wire.onRequest("session/set_mode", (params: { sessionId: string; modeId: string }) => {
  if (!MODES.includes(params.modeId)) throw new Error(\`Unknown mode \${params.modeId}\`);
  return {};
});
`;
const MODE_FIXED = MODE('write({ jsonrpc: "2.0", id: message.id, error: { code: -32000, message: String(e) } });');
const MODE_HELPER = MODE("this.constructor.name && write({ id: message.id, e });");

untypedTester().run("invalid-params-error: project connection classes", paramsRule, {
  valid: [{ name: "a catch that cannot be read: no code quoted, nothing reported", code: MODE_HELPER }],
  invalid: [
    {
      name: "a catch that sends -32000 for every error: the unknown mode is answered with it, by the class",
      code: MODE_FIXED,
      errors: [
        reportAt<ParamsIds>("unsupportedValue", MODE_FIXED, "new Error(`Unknown mode ${params.modeId}`)", {
          what: "an unknown mode in session/set_mode",
          code: "-32000 Authentication required (what `Wire`'s catch sends for it)",
          fix: "-32602 sent by `Wire`'s catch for it",
        }),
      ],
    },
  ],
});
