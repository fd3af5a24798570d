// Rules on code whose session manager, codes, method names, response writer or SDK live in other modules, linted
// untyped: the resolution layer reads the modules a file imports by relative paths (test/fixtures/resolution), and a
// helper of another module is judged, and reported, at the linted file's call that reaches it.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import invalidParams from "../../rules/invalid-params-error.js";
import noReserved from "../../rules/no-reserved-error-code.js";
import resourceNotFound from "../../rules/resource-not-found-error.js";
import sessionCheck from "../../rules/require-session-check.js";
import sessionData from "../../rules/session-not-found-data.js";
import validErrorObject from "../../rules/valid-error-object.js";
import { at, reaching, reportAt } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

const dir = fileURLToPath(new URL("../fixtures/resolution", import.meta.url));
const fixture = (name: string) => ({ filename: `${dir}/${name}`, code: readFileSync(`${dir}/${name}`, "utf8") });

const agent = fixture("agent.ts");
const router = fixture("router.ts");
const sessions = fixture("sessions.ts");
const planner = fixture("reexport/planner.ts");
const cjs = fixture("cjs/agent.cjs");
const copyAgent = fixture("vendored/agent.ts");
const client = fixture("client.ts");
const modeAgent = fixture("mode-agent.ts");
const terminals = fixture("terminals.ts");
const notesAgent = fixture("notes-agent.ts");
const notesStore = fixture("notes-store.ts");
const chatEntries = fixture("chat-entries.ts");
const chatUsers = fixture("chat-users.ts");
const chatClient = fixture("chat-client.ts");
const zodAgent = fixture("zod-agent.ts");
const codedAgent = fixture("coded-agent.ts");
const backAgent = fixture("back-agent.ts");
const importBack = fixture("import-back-agent.ts");
const importBackClient = fixture("import-back-client.ts");
const aliasedClient = fixture("aliased/src/client.ts");
/** A hand-rolled client dispatcher beside the aliased client, importing the manager by its alias. */
const dispatcher = (body: string) => ({
  filename: `${dir}/aliased/src/dispatch.ts`,
  code: `import { terminals } from "@/terminals";
export class Dispatcher {
  write(message: unknown): void {
    process.stdout.write(JSON.stringify(message) + "\\n");
  }
  handle(message: { id: number; method: string; params: unknown }): void {
    const { id, method, params } = message;
    switch (method) {
      case "terminal/output": {
${body}
        break;
      }
      default:
        this.write({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
    }
  }
}`,
});

const FIX = "RequestError.sessionNotFound(sessionId)";
/** A legacy agent whose prompt and cancel both get their review from the manager (patriceckhart/zot-acp's shape). */
const cancellingAgent = {
  filename: `${dir}/cancelling-agent.ts`,
  code: `import * as acp from "@agentclientprotocol/sdk";
import { ReviewSessions } from "./sessions.js";
export class CancellingAgent implements acp.Agent {
  private readonly reviews = new ReviewSessions();
  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: acp.PROTOCOL_VERSION };
  }
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    this.reviews.get(params.sessionId).mode = "busy";
    return { stopReason: "end_turn" };
  }
  async cancel(params: acp.CancelNotification): Promise<void> {
    this.reviews.get(params.sessionId).mode = "idle";
  }
}`,
};
/**
 * An SDK app whose handler reaches the manager's miss twice (get, then setMode, which calls get again after an await):
 * one mistake, reported at the first call.
 */
const twiceAgent = {
  filename: `${dir}/twice-agent.ts`,
  code: `import { agent, methods } from "@agentclientprotocol/sdk";
import { ReviewSessions } from "./sessions.js";
declare function settle(): Promise<void>;
const reviews = new ReviewSessions();
export const app = agent({ name: "twice" }).onRequest(methods.agent.session.setMode, async ({ params }) => {
  const review = reviews.get(params.sessionId);
  await settle();
  reviews.setMode(params.sessionId, review.mode);
  return {};
});`,
};
/** An SDK app beside sessions.ts whose handler reads its params through a helper that picks them by shape. */
const recordApp = {
  filename: `${dir}/record-app.ts`,
  code: `import { agent, methods } from "@agentclientprotocol/sdk";
import { ReviewSessions } from "./sessions.js";
const reviews = new ReviewSessions();
function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
}
export const app = agent({ name: "record" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }))
  .onRequest(methods.agent.session.setMode, ({ params }) => {
    const p = asRecord(params);
    reviews.get(String(p.sessionId ?? ""));
    return {};
  });`,
};
const report = reportAt;

untypedTester().run("require-session-check (a session manager and writers of other modules)", sessionCheck, {
  valid: [
    // Linted alone, the manager has no handler: nothing tells it that `id` is a requested session id.
    { name: "the manager's own file", ...sessions },
    {
      name: "a call of the manager inside a try whose catch decides the answer is not judged at the call",
      filename: `${dir}/caught-agent.ts`,
      code: `import * as acp from "@agentclientprotocol/sdk";
import { ReviewSessions } from "./sessions.js";
export class CaughtAgent implements acp.Agent {
  private readonly reviews = new ReviewSessions();
  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: acp.PROTOCOL_VERSION };
  }
  async loadSession(params: acp.LoadSessionRequest): Promise<acp.LoadSessionResponse> {
    try {
      this.reviews.resume(params.sessionId);
    } catch {
      throw acp.RequestError.resourceNotFound(params.sessionId);
    }
    return {};
  }
}`,
    },
  ],
  invalid: [
    {
      name: "the manager's miss branches, reported at the agent's calls that reach them unchecked",
      ...agent,
      errors: [
        // resume() answers -32011; get() throws a plain Error, which the SDK sends as -32603. The call in
        // setSessionMode comes after a has() check: it is not reported.
        report("wrongCode", agent.code, "this.reviews.resume(params.sessionId)", { code: -32011, name: "an implementation-specific code", fix: FIX, where: reaching("ReviewSessions.resume", "sessions.ts") }),
        report("internalError", agent.code, "this.reviews.get(params.sessionId)", { fix: FIX, where: reaching("ReviewSessions.get", "sessions.ts") }),
      ],
    },
    {
      // A notification is answered by nothing: what its call of the shared helper throws is no answer.
      name: "a helper that prompt and cancel share, reported at prompt's call only",
      ...cancellingAgent,
      errors: [report("internalError", cancellingAgent.code, "this.reviews.get(params.sessionId)", { fix: FIX, where: reaching("ReviewSessions.get", "sessions.ts") })],
    },
    {
      name: "a manager's miss one handler reaches twice is reported once, at the first call",
      ...twiceAgent,
      errors: [report("internalError", twiceAgent.code, "reviews.get(params.sessionId)", { fix: FIX, where: reaching("ReviewSessions.get", "sessions.ts") })],
    },
    {
      // tariqwest/commandcode-acp: the params read through a helper that only picks them by their shape, the id
      // made a string; handing the request to that helper before the call checks nothing.
      name: "an app that reads its params through a shape helper (`asRecord`) and hands the id on as String(p.sessionId ?? \"\")",
      ...recordApp,
      errors: [report("internalError", recordApp.code, 'reviews.get(String(p.sessionId ?? ""))', { fix: FIX, where: reaching("ReviewSessions.get", "sessions.ts") })],
    },
    {
      name: "a gate that imports back from the linted agent a table (its code, at the call) and helpers that throw (where they throw)",
      ...importBack,
      errors: [
        report("internalError", importBack.code, 'new Error("no such session")', { fix: FIX }),
        report("wrongCode", importBack.code, "new RequestError(-32001, `no session ${id}`)", { code: -32001, name: "an implementation-specific code", fix: FIX }),
        report("wrongCode", importBack.code, "gate.require(sessions, params.sessionId)", { code: -32602, name: "Invalid params", fix: FIX, where: reaching("SessionGate.require", "import-back-gate.ts") }),
      ],
    },
    {
      name: "a dispatcher answering through another module's writer, with another module's code",
      ...router,
      errors: [report("wrongCode", router.code, "sendError(msg.id, ErrorCode.SessionExpired, \"draft expired\")", { code: -32011, name: "an implementation-specific code", fix: FIX })],
    },
    {
      name: "an Agent class that implements the interface of the project's own copy of the SDK",
      ...copyAgent,
      errors: [report("internalError", copyAgent.code, "new Error(`Session not found: ${params.sessionId}`)", { fix: FIX })],
    },
    {
      name: "an SDK app that reaches the SDK through a module re-exporting it",
      ...planner,
      errors: [report("wrongCode", planner.code, "new acp.RequestError(-32602, `no plan for session ${params.sessionId}`)", { code: -32602, name: "Invalid params", fix: FIX })],
    },
  ],
});

untypedTester().run("no-reserved-error-code (codes of other modules)", noReserved, {
  valid: [],
  invalid: [
    {
      name: "a code table's member, read by the module that declares it",
      ...sessions,
      errors: [{ messageId: "reservedCode", data: { code: -32011, from: -32768, to: -32000 }, ...at(sessions.code, "ErrorCode.SessionExpired") }],
    },
    {
      name: "a code an imported writer is given",
      ...router,
      errors: [{ messageId: "reservedCode", data: { code: -32011, from: -32768, to: -32000 }, ...at(router.code, "ErrorCode.SessionExpired") }],
    },
    {
      name: "CommonJS: module.exports = { … }, module.exports.x = …, exports.x = … read through require()",
      ...cjs,
      errors: [
        { messageId: "reservedCode", data: { code: -32042, from: -32768, to: -32000 }, ...at(cjs.code, "codes.BUSY") },
        { messageId: "reservedCode", data: { code: -32043, from: -32768, to: -32000 }, ...at(cjs.code, "GONE", 1) },
      ],
    },
  ],
});

const UNKNOWN_MODE = 'new acp.RequestError(ErrorCode.InternalError, "unknown mode")';
const INVALID_PARAMS = 'acp.RequestError.invalidParams(undefined, "unknown mode")';

untypedTester().run("invalid-params-error (a list of modes of another module)", invalidParams, {
  valid: [],
  invalid: [
    {
      name: "an unknown mode, tested against an imported list, answered with an imported -32603",
      ...agent,
      errors: [
        {
          messageId: "unsupportedValue",
          ...at(agent.code, UNKNOWN_MODE),
          suggestions: [{ messageId: "useInvalidParams", data: { text: INVALID_PARAMS }, output: agent.code.replace(UNKNOWN_MODE, INVALID_PARAMS) }],
        },
      ],
    },
    {
      // The session object's class is found through the lookup's declared return type (`ModeSession | undefined`).
      name: "an unknown mode refused with a plain Error by the session object of another module, at the handler's call",
      ...modeAgent,
      errors: [
        {
          messageId: "unsupportedValue",
          data: {
            what: "an unknown mode in session/set_mode",
            code: "-32603 Internal error (a thrown value that is not a RequestError goes out as that)",
            fix: "RequestError.invalidParams(data, message)",
            where: reaching("ModeSession.setMode", "mode-session.ts"),
          },
          ...at(modeAgent.code, "session.setMode(params.modeId)"),
          suggestions: [],
        },
      ],
    },
  ],
});

/** A legacy client beside the aliased one whose releaseTerminal is `body`. */
const releasing = (body: string) => ({
  filename: `${dir}/aliased/src/releasing.ts`,
  code: `import * as acp from "@agentclientprotocol/sdk";
import { terminals } from "@/terminals";
export class ReleasingClient implements acp.Client {
  async requestPermission(): Promise<acp.RequestPermissionResponse> {
    return { outcome: { outcome: "cancelled" } };
  }
  async sessionUpdate(): Promise<void> {}
  async releaseTerminal(params: acp.ReleaseTerminalRequest): Promise<acp.ReleaseTerminalResponse> {
${body}
  }
}`,
});
const releasedAtEnd = releasing("    terminals.release(params.terminalId);");
const releasedAfterTests = releasing(`    const present = (p: { terminalId: string }) => {
      if (!p.terminalId) throw acp.RequestError.invalidParams();
    };
    console.info(params);
    present(params);
    terminals.release(params.terminalId);`);
const outputKept = dispatcher(`        const terminalId = (params as { terminalId?: string })?.terminalId;
        const output = terminalId ? terminals.getOutput(terminalId) : { output: "", truncated: false };
        this.write({ jsonrpc: "2.0", id, result: output });`);
const released = dispatcher(`        const terminalId = (params as { terminalId?: string })?.terminalId;
        if (terminalId) {
          terminals.release(terminalId);
        }
        console.log("released", terminalId);
        this.write({ jsonrpc: "2.0", id, result: {} });`);

untypedTester().run("resource-not-found-error (a terminal manager of another module)", resourceNotFound, {
  valid: [
    { name: "the manager's own file, which has no handler", ...terminals },
    {
      name: "dispatch that sends another value than the manager's as the result",
      ...dispatcher(`        const terminalId = (params as { terminalId: string }).terminalId;
        console.log(terminals.getOutput(terminalId));
        this.write({ jsonrpc: "2.0", id, result: { output: "", truncated: false } });`),
    },
    {
      name: "dispatch that hands the id to a manager returning nothing on a miss, inside a try: where the path goes next is not told",
      ...dispatcher(`        const terminalId = (params as { terminalId: string }).terminalId;
        try {
          terminals.release(terminalId);
        } catch {}
        this.write({ jsonrpc: "2.0", id, result: {} });`),
    },
    {
      name: "dispatch that releases a terminal it looked up first, then answers with a result",
      ...dispatcher(`        const terminalId = (params as { terminalId: string }).terminalId;
        if (!terminals.has(terminalId)) {
          this.write({ jsonrpc: "2.0", id, error: { code: -32002, message: "Resource not found" } });
          break;
        }
        terminals.release(terminalId);
        this.write({ jsonrpc: "2.0", id, result: {} });`),
    },
    {
      name: "a handler that looks the terminal up before the manager returns silently, then ends",
      ...releasing(`    if (!terminals.has(params.terminalId)) throw acp.RequestError.resourceNotFound(params.terminalId);
    terminals.release(params.terminalId);`),
    },
    {
      name: "a handler that hands the request to a helper looking the terminal up, before the manager returns silently",
      ...releasing(`    const known = (p: { terminalId: string }) => {
      if (!terminals.has(p.terminalId)) throw acp.RequestError.resourceNotFound(p.terminalId);
    };
    known(params);
    terminals.release(params.terminalId);`),
    },
    {
      // runWith gives back what the thunk gives: the thunk's code is the handler's, but its end is not the handler's.
      name: "a manager returning silently inside a thunk a call runs: where the path goes after the thunk is not followed",
      ...releasing(`    const runWith = <T,>(o: { run(): T }): T => o.run();
    runWith({
      run: () => {
        terminals.release(params.terminalId);
      },
    });`),
    },
    {
      name: "dispatch that looks the terminal up before it hands the id to the manager",
      ...dispatcher(`        const terminalId = (params as { terminalId: string }).terminalId;
        if (!terminals.has(terminalId)) {
          this.write({ jsonrpc: "2.0", id, error: { code: -32002, message: "Resource not found" } });
          break;
        }
        const output = terminals.getOutput(terminalId);
        this.write({ jsonrpc: "2.0", id, result: output });`),
    },
  ],
  invalid: [
    {
      name: "a manager that throws through a helper it imports back from the linted client: reported at that helper's throw",
      ...importBackClient,
      errors: [{ messageId: "terminalInternalError", ...at(importBackClient.code, "new Error(`no terminal ${id}`)") }],
    },
    {
      name: "through tsconfig aliases: a success the manager returns on a miss, which the handler gives back, and a plain Error",
      ...aliasedClient,
      errors: [
        {
          messageId: "terminalSuccess",
          ...at(aliasedClient.code, "getTerminalManager().getOutput(params.terminalId)"),
        },
        {
          messageId: "terminalInternalError",
          ...at(aliasedClient.code, "terminals.kill(params.terminalId)"),
        },
      ],
    },
    {
      name: "dispatch that sends the manager's value as the result, kept in a const behind a test of the id's presence",
      ...outputKept,
      errors: [{ messageId: "terminalSuccess", ...at(outputKept.code, "terminals.getOutput(terminalId)") }],
    },
    {
      name: "dispatch that goes on to answer with a result after a manager that returns nothing on a miss",
      ...released,
      errors: [{ messageId: "terminalSuccess", ...at(released.code, "terminals.release(terminalId)") }],
    },
    {
      name: "the request handed to a function it does not resolve, or to a helper testing only the id's presence, is no lookup",
      ...releasedAfterTests,
      errors: [{ messageId: "terminalSuccess", ...at(releasedAfterTests.code, "terminals.release(params.terminalId)") }],
    },
    {
      name: "a handler that ends without a return after a manager that returns nothing on a miss (the SDK answers null)",
      ...releasedAtEnd,
      errors: [{ messageId: "terminalSuccess", ...at(releasedAtEnd.code, "terminals.release(params.terminalId)") }],
    },
    {
      name: "the manager's plain Error for an unknown terminal, at the handler's call; not at the call after a check",
      ...client,
      errors: [
        {
          messageId: "terminalInternalError",
          data: { fix: "acp.RequestError.resourceNotFound(terminalId)", method: "terminal/kill", expected: "-32002 Resource not found", where: reaching("TerminalManager.kill", "terminals.ts") },
          ...at(client.code, "this.manager.kill(params.terminalId)"),
          suggestions: [],
        },
      ],
    },
  ],
});

untypedTester().run("valid-error-object (a code written in one module, its value in another)", validErrorObject, {
  valid: [
    {
      name: "a builder given an app's string code",
      filename: `${dir}/vendor-errors/caller.ts`,
      code: `import { fail } from "./fail.js";\nexport const refuse = () => { throw fail("ENOENT", "gone"); };`,
    },
    {
      // A REST client's codes: neither the file nor what it imports shows ACP or JSON-RPC.
      name: "a builder given a string of digits in a module with no ACP or JSON-RPC sign",
      filename: `${dir}/vendor-errors/caller.ts`,
      code: `import { fail } from "./fail.js";\nexport const refuse = () => { throw fail("1113", "no permission"); };`,
    },
    {
      name: "a string code imported into a module with no ACP or JSON-RPC sign",
      filename: `${dir}/vendor-errors/thrower.ts`,
      code: `import { QUOTA_EXCEEDED } from "./quota.js";\nexport function refuse() {\n  throw { code: QUOTA_EXCEEDED, message: "quota" };\n}`,
    },
  ],
  invalid: [
    {
      name: "a builder of another module given a string of digits",
      filename: `${dir}/vendor-errors/caller.ts`,
      code: `import type { PromptRequest } from "@agentclientprotocol/sdk";\nimport { fail } from "./fail.js";\nexport const refuse = () => { throw fail("1113", "no permission"); };`,
      errors: [
        {
          messageId: "nonIntegerCode",
          data: { value: '"1113"' },
          line: 3,
          column: 42,
          endLine: 3,
          endColumn: 48,
          suggestions: [{ messageId: "useNumber", data: { number: 1113 }, output: `import type { PromptRequest } from "@agentclientprotocol/sdk";\nimport { fail } from "./fail.js";\nexport const refuse = () => { throw fail(1113, "no permission"); };` }],
        },
      ],
    },
    {
      name: "a builder passed on by a module that writes no code itself (an export list, an exported alias)",
      filename: `${dir}/vendor-errors/caller.ts`,
      code: `import type { PromptRequest } from "@agentclientprotocol/sdk";\nimport { fail, raise } from "./barrel.js";\nexport const refuse = (slow: boolean) => { throw slow ? raise(0.5, "slow") : fail("1113", "no"); };`,
      errors: [
        { messageId: "nonIntegerCode", data: { value: "0.5" }, line: 3, column: 63, endLine: 3, endColumn: 66 },
        {
          messageId: "nonIntegerCode",
          data: { value: '"1113"' },
          line: 3,
          column: 83,
          endLine: 3,
          endColumn: 89,
          suggestions: [
            {
              messageId: "useNumber",
              data: { number: 1113 },
              output: `import type { PromptRequest } from "@agentclientprotocol/sdk";\nimport { fail, raise } from "./barrel.js";\nexport const refuse = (slow: boolean) => { throw slow ? raise(0.5, "slow") : fail(1113, "no"); };`,
            },
          ],
        },
      ],
    },
    {
      name: "a string code imported from a module that names no code",
      filename: `${dir}/vendor-errors/thrower.ts`,
      code: `import type { PromptRequest } from "@agentclientprotocol/sdk";\nimport { QUOTA_EXCEEDED, RATE_LIMITED } from "./quota.js";\nexport function refuse(slow: boolean) {\n  throw slow ? { code: RATE_LIMITED, message: "slow down" } : { code: QUOTA_EXCEEDED, message: "quota" };\n}`,
      errors: [
        { messageId: "nonIntegerCode", data: { value: "42002.5" }, line: 4, column: 24, endLine: 4, endColumn: 36 },
        { messageId: "nonIntegerCode", data: { value: '"42001"' }, line: 4, column: 71, endLine: 4, endColumn: 85 },
      ],
    },
  ],
});

// A store of another module answers the app's unknown sessions with -32002 but no data.sessionId. The store has no
// handler of its own, so its file cannot tell whose request a miss branch answers (an agent's, a client's, the
// session/cancel notification's): it reports none of them, and the app reports each at its call that reaches one,
// naming the store's method and file. The branch that uses sessionNotFound is reported nowhere.
untypedTester().run("session-not-found-data (a store of another module)", sessionData, {
  valid: [{ name: "the store's own file: no handler of its own, so no branch is judged there", ...notesStore }],
  invalid: [
    {
      // tag()'s two misses are reported once at its call; drop() is reached only from session/delete (the business
      // of idempotent-session-delete) and from the session/cancel notification, whose calls answer nothing.
      name: "the app: the store's -32002 without data.sessionId, at the calls that reach it, each call once",
      ...notesAgent,
      errors: [
        report("resourceNotFoundThrough", notesAgent.code, 'notes.append(params.sessionId, "prompted")', { helper: "`NotesStore.append`", file: "notes-store.ts", fix: FIX }),
        report("missingSessionIdThrough", notesAgent.code, "notes.clear(params.sessionId)", { helper: "`NotesStore.clear`", file: "notes-store.ts", fix: FIX }),
        report("resourceNotFoundThrough", notesAgent.code, 'notes.tag(params.sessionId, "resumed")', { helper: "`NotesStore.tag`", file: "notes-store.ts", fix: FIX }),
      ],
    },
    {
      name: "the app, in protocol version 2: the MUST",
      ...notesAgent,
      settings: { acp: { protocolVersion: 2 } },
      errors: [
        report("resourceNotFoundThroughV2", notesAgent.code, 'notes.append(params.sessionId, "prompted")', { helper: "`NotesStore.append`", file: "notes-store.ts", fix: FIX }),
        report("missingSessionIdThroughV2", notesAgent.code, "notes.clear(params.sessionId)", { helper: "`NotesStore.clear`", file: "notes-store.ts", fix: FIX }),
        report("resourceNotFoundThroughV2", notesAgent.code, 'notes.tag(params.sessionId, "resumed")', { helper: "`NotesStore.tag`", file: "notes-store.ts", fix: FIX }),
      ],
    },
  ],
});

// A session lookup of another module answers a miss with a helper of the linted file that the module imports back
// (`throw coded(-32004, "…")`, `coded` giving a new Error its code by `.code =`): on the agent's own connection class,
// whose catch sends a thrown error's code, that is -32004, reported at the agent's call of the lookup.
untypedTester().run("require-session-check (another module's miss answered with a helper of the linted file)", sessionCheck, {
  valid: [],
  invalid: [
    {
      name: "the code the helper gives, sent by the class's catch",
      ...codedAgent,
      errors: [
        report("connectionSends", codedAgent.code, "entries.resolve(sessions, params)", {
          code: -32004,
          name: "an implementation-specific code",
          connection: "`Rpc`",
          fix: "a thrown error whose `code` is -32002",
          where: reaching("EntryResolver.resolve", "coded-entries.ts"),
        }),
      ],
    },
  ],
});

// Another module's session checks with no handler of their own (back-entries.ts): one answers a miss through the
// linted file's own `fail` (imported back), one with the data its caller builds before the call (`{ uri }`, which
// only names the id): each is reported at the agent's call, naming the other module's method.
untypedTester().run("session-not-found-data (another module's branch through this file's helper, or with this file's data)", sessionData, {
  valid: [],
  invalid: [
    {
      name: "at the prompt's and set_mode's calls",
      ...backAgent,
      errors: [
        report("missingSessionIdThrough", backAgent.code, "entries.require(sessions, params)", { helper: "`Entries.require`", file: "back-entries.ts", fix: FIX }),
        report("missingSessionIdThrough", backAgent.code, "entries.requireWith(sessions, params, data)", { helper: "`Entries.requireWith`", file: "back-entries.ts", fix: FIX }),
      ],
    },
  ],
});

// Params validated by a zod schema of another module (prompt-schemas.ts: the schema's value and its type share a
// name): `PromptParams.parse(params)` gives back the request, so `p.sessionId` is the requested id. A `parse` of
// anything else (`Fixed.parse`, which makes up its own id) is no request.
untypedTester().run("require-session-check (params parsed by a zod schema of another module)", sessionCheck, {
  valid: [],
  invalid: [
    {
      name: "the prompt's lookup of the parsed id, not set_mode's made-up one",
      ...zodAgent,
      errors: [report("internalError", zodAgent.code, 'new Error("Session not found")', { fix: FIX })],
    },
  ],
});

// A module of lookups with no handler of its own (chat-entries.ts) answers a miss with resourceNotFound(id): its file
// cannot tell whose request that is. The agent's prompt reaches one (a Record store: the answer names the requested
// id, so the lookup is of the sessions); session/cancel, a notification, and session/delete reach the other, and a
// client reaches the first: none of those is an agent's answer to an unknown session.
untypedTester().run("session-not-found-data (lookups of another module with no handler)", sessionData, {
  valid: [
    { name: "the lookups' own file: whose request a miss answers is its callers' to tell", ...chatEntries },
    { name: "a client reaching the same miss", ...chatClient },
  ],
  invalid: [
    {
      name: "the agent: the prompt's call, not the notification's nor session/delete's",
      ...chatUsers,
      errors: [report("resourceNotFoundThrough", chatUsers.code, "chatOf(params.sessionId)", { helper: "`chatOf`", file: "chat-entries.ts", fix: FIX })],
    },
  ],
});

// Each mistake once (issue 37): a delegate of its own module typed with the SDK's request is judged by that module's
// own lint; the app's call of it is not reported again. A helper of that module that is no delegate is.
const delegateChecks = fixture("delegate-checks.ts");
const checksApp = {
  filename: `${dir}/checks-app.ts`,
  code: `import { agent, client, methods } from "@agentclientprotocol/sdk";
import { Checks } from "./delegate-checks.js";
const checks = new Checks();
export const app = agent({ name: "a" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }))
  .onRequest(methods.agent.session.setMode, ({ params }) => checks.setSessionMode(params));
export const other = agent({ name: "b" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }))
  .onRequest(methods.agent.session.setMode, ({ params }) => {
    checks.checkMode(params.modeId);
    return {};
  });
export const files = client({ name: "c" }).onRequest(methods.client.fs.readTextFile, ({ params }) => checks.readTextFile(params));`,
};

untypedTester().run("invalid-params-error (delegates of another module, judged at home)", invalidParams, {
  valid: [],
  invalid: [
    {
      name: "the delegates' own file reports the unknown mode where it is answered",
      ...delegateChecks,
      errors: [{ messageId: "unsupportedValue", ...at(delegateChecks.code, "new Error(`unknown mode ${params.modeId}`)") }],
    },
    {
      name: "the app: nothing again at the delegate's call; the call of a helper that is no delegate",
      ...checksApp,
      errors: [{ messageId: "unsupportedValue", ...at(checksApp.code, "checks.checkMode(params.modeId)") }],
    },
  ],
});

untypedTester().run("resource-not-found-error (delegates of another module, judged at home)", resourceNotFound, {
  valid: [{ name: "the app: nothing again at the delegate's call", ...checksApp }],
  invalid: [
    {
      name: "the delegates' own file reports the missing file where it is answered",
      ...delegateChecks,
      errors: [{ messageId: "fileInternalError", ...at(delegateChecks.code, "new Error(`no such file ${params.path}`)") }],
    },
  ],
});
