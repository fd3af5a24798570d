// What another module's function throws leaves the handler that calls it (Summaries' throws): a version check of
// another module answering an unsupported protocol version with an error, and a prompt check of another module
// throwing a coded value that is not a RequestError, are reported at the handler's call that reaches them, naming
// the function and its file; a lookup another module's function makes in a store of the agent handed to it is judged
// as the agent's own (test/fixtures/resolution/checks.ts).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import negotiate from "../../rules/negotiate-protocol-version.js";
import noLostCode from "../../rules/no-lost-error-code.js";
import initializeGate from "../../rules/require-initialize-gate.js";
import invalidParams from "../../rules/invalid-params-error.js";
import sessionCheck from "../../rules/require-session-check.js";
import idempotentDelete from "../../rules/idempotent-session-delete.js";
import { at, reportAt } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

const dir = fileURLToPath(new URL("../fixtures/resolution", import.meta.url));
/** checks.ts linted alone: its throws leave no handler of its own file, so nothing there is judged. */
const CHECKS_ALONE = { name: "the checks' own module, linted alone", filename: `${dir}/checks.ts`, code: readFileSync(`${dir}/checks.ts`, "utf8") };
const V2 = { acp: { protocolVersion: 2, sdkVersion: "2.4.0" } };
const HANDSHAKE = { helper: "`Handshake.accept`", file: "checks.ts" };
const CHECK = { helper: "`checkPrompt`", file: "checks.ts", what: "an object", code: "-32602" };

/** A legacy agent beside checks.ts whose initialize runs `body`. */
const initializing = (body: string) => ({
  filename: `${dir}/handshake-agent.ts`,
  code: `import * as acp from "@agentclientprotocol/sdk";
import { Handshake, LATEST } from "./checks.js";
export class HandshakeAgent implements acp.Agent {
  private readonly handshake = new Handshake();
  async initialize(params: acp.InitializeRequest): Promise<acp.InitializeResponse> {
    ${body}
    return { protocolVersion: LATEST, agentCapabilities: {} };
  }
  async newSession(): Promise<acp.NewSessionResponse> {
    return { sessionId: "s" };
  }
}`,
});

/** An SDK app beside checks.ts whose prompt handler runs `body`. */
const prompting = (body: string, imports = "checkPrompt") => ({
  filename: `${dir}/prompt-app.ts`,
  code: `import { agent, methods } from "@agentclientprotocol/sdk";
import { ${imports} } from "./checks.js";
export const app = agent({ name: "checks" });
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  ${body}
  return { stopReason: "end_turn" };
});
app.onNotification(methods.agent.session.cancel, ({ params }) => {
  checkPrompt({ prompt: [params.sessionId] });
});`,
});

const report = reportAt;

const accepting = initializing("this.handshake.accept(params);");
const acceptingV2 = { ...accepting, settings: V2 };

untypedTester().run("negotiate-protocol-version (a version check of another module)", negotiate, {
  valid: [
    { name: "a check of something else than the requested version", ...initializing("this.handshake.requireClient(params);") },
    { name: "a check whose throw its own function catches", ...initializing("this.handshake.negotiate(params);") },
    { name: "the handler's call inside a try that decides the answer", ...initializing("try {\n      this.handshake.accept(params);\n    } catch {\n      return { protocolVersion: LATEST, agentCapabilities: {} };\n    }") },
    CHECKS_ALONE,
  ],
  invalid: [
    {
      name: "an error for the requested version, at the handler's call",
      ...accepting,
      errors: [report("errorForVersionThrough", accepting.code, "this.handshake.accept(params)", HANDSHAKE)],
    },
    {
      name: "v2: another code than -32022, at the handler's call",
      ...acceptingV2,
      errors: [report("notUnsupportedVersionThrough", acceptingV2.code, "this.handshake.accept(params)", { ...HANDSHAKE, fix: "RequestError.unsupportedProtocolVersion(requested, supported)" })],
    },
  ],
});

const awaited = prompting("await checkPromptLater(params);", "checkPrompt, checkPromptLater");
const direct = prompting("checkPrompt(params);");
const handed = prompting('failWith(CodeError, -32001);', "checkPrompt, failWith");
const handedCode = handed.code.replace('import { agent, methods }', 'class CodeError extends Error {\n  constructor(readonly code: number, message: string) {\n    super(message);\n  }\n}\nimport { agent, methods }');

/** A hand-rolled dispatcher beside checks.ts whose catch answers every error with -32603. */
const dispatching = {
  filename: `${dir}/dispatch-loop.ts`,
  code: `import { checkPrompt } from "./checks.js";
declare function send(message: unknown): void;
const handlers: Record<string, (params: { prompt: unknown[] }) => unknown> = {
  "session/prompt": (params) => {
    checkPrompt(params);
    return { stopReason: "end_turn" };
  },
};
export function onMessage(msg: { id: number; method: string; params: { prompt: unknown[] } }) {
  try {
    send({ jsonrpc: "2.0", id: msg.id, result: handlers[msg.method]!(msg.params) });
  } catch (e: any) {
    send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: e.message } });
  }
}`,
};

untypedTester().run("no-lost-error-code (a check of another module)", noLostCode, {
  valid: [
    CHECKS_ALONE,
    { name: "a check that throws a RequestError", ...prompting("checkPromptWell(params);", "checkPrompt, checkPromptWell") },
    { name: "an async check whose promise is not awaited: its rejection answers nothing", ...prompting("void checkPromptLater(params);", "checkPrompt, checkPromptLater") },
    { name: "the call inside a try that decides the answer", ...prompting("try {\n    checkPrompt(params);\n  } catch {\n    return { stopReason: \"refusal\" };\n  }") },
  ],
  invalid: [
    {
      name: "a catch-all that answers another module's coded throw with -32603 names the handler's call's line",
      ...dispatching,
      errors: [
        {
          ...report("lostInCatchAll", dispatching.code, "-32603", { fixed: "-32603", code: "-32602", method: "session/prompt", line: "5" }),
          suggestions: [{ messageId: "useErrorCode", data: { fixed: "-32603" }, output: dispatching.code.replace("code: -32603", 'code: typeof e?.code === "number" ? e.code : -32603') }],
        },
      ],
    },
    {
      name: "a coded object thrown by another module's function, at the handler's call (not in the notification handler)",
      ...direct,
      errors: [report("lostCodeThrough", direct.code, "checkPrompt(params)", CHECK)],
    },
    {
      name: "an async check awaited",
      ...awaited,
      errors: [report("lostCodeThrough", awaited.code, "checkPromptLater(params)", { ...CHECK, helper: "`checkPromptLater`" })],
    },
    {
      name: "the class and the code handed to another module's builder",
      filename: handed.filename,
      code: handedCode,
      errors: [report("lostCodeThrough", handedCode, "failWith(CodeError, -32001)", { helper: "`failWith`", file: "checks.ts", what: "a CodeError", code: "-32001" })],
    },
  ],
});

/** A legacy agent beside checks.ts whose prompt uses the session `sessionOf(this, …)` gives back. */
const looking = (use: string) => ({
  filename: `${dir}/lookup-agent.ts`,
  code: `import * as acp from "@agentclientprotocol/sdk";
import { sessionOf } from "./checks.js";
export class LookupAgent implements acp.Agent {
  readonly sessions = new Map<string, { turns: number }>();
  async newSession(): Promise<acp.NewSessionResponse> {
    this.sessions.set("s", { turns: 0 });
    return { sessionId: "s" };
  }
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    const session = sessionOf(this, params.sessionId);
    ${use}
    return { stopReason: "end_turn" };
  }
}`,
});
const unchecked = looking("session.turns += 1;");

untypedTester().run("require-session-check (a lookup of another module in the agent's own store)", sessionCheck, {
  valid: [{ name: "the session checked before its use", ...looking("if (!session) throw acp.RequestError.sessionNotFound(params.sessionId);\n    session.turns += 1;") }],
  invalid: [
    {
      name: "the session used unchecked",
      ...unchecked,
      // The use: the session read, where `.turns` dereferences it.
      errors: [{ messageId: "unguardedSession", ...at(unchecked.code, "session.turns"), endColumn: at(unchecked.code, "session.turns").column + "session".length }],
    },
  ],
});

/** A legacy agent beside checks.ts whose newSession runs `body` first. */
const gated = (body: string) => ({
  filename: `${dir}/gated-agent.ts`,
  code: `import * as acp from "@agentclientprotocol/sdk";
import { assertInitialized } from "./checks.js";
export class GatedAgent implements acp.Agent {
  private initialized = false;
  async initialize(): Promise<acp.InitializeResponse> {
    this.initialized = true;
    return { protocolVersion: acp.PROTOCOL_VERSION };
  }
  async newSession(): Promise<acp.NewSessionResponse> {
    ${body}
    return { sessionId: "s" };
  }
}`,
});
const gatedByHelper = gated("assertInitialized(this);");

untypedTester().run("require-initialize-gate (a check of another module)", initializeGate, {
  valid: [{ name: "the check's call inside a try that decides the answer", ...gated("try {\n      assertInitialized(this);\n    } catch {\n      throw acp.RequestError.invalidRequest();\n    }") }],
  invalid: [
    {
      name: "a plain Error before initialize, at the handler's call",
      ...gatedByHelper,
      errors: [report("plainErrorThrough", gatedByHelper.code, "assertInitialized(this)", { helper: "`assertInitialized`", file: "checks.ts" })],
    },
    {
      name: "protocol version 2",
      ...gatedByHelper,
      settings: V2,
      errors: [report("plainErrorThroughV2", gatedByHelper.code, "assertInitialized(this)", { helper: "`assertInitialized`", file: "checks.ts" })],
    },
  ],
});

/** An SDK app whose set_mode handler tests the mode with another module's function (mode-checks.ts). */
const moding = (test: string) => ({
  filename: `${dir}/mode-app.ts`,
  code: `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { isKnownMode } from "./mode-checks.js";
export const app = agent({ name: "modes" });
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (${test}) throw new Error("unknown mode");
  return {};
});`,
});
const unknownMode = moding("!isKnownMode(params)");
const INVALID_PARAMS = 'RequestError.invalidParams(undefined, "unknown mode")';

untypedTester().run("invalid-params-error (a test of another module's function)", invalidParams, {
  valid: [{ name: "the unknown mode answered with -32602", ...unknownMode, code: unknownMode.code.replace('new Error("unknown mode")', INVALID_PARAMS) }],
  invalid: [
    {
      name: "an unknown mode, told by another module's function, answered with a plain Error",
      ...unknownMode,
      errors: [
        {
          messageId: "unsupportedValue",
          ...at(unknownMode.code, 'new Error("unknown mode")'),
          suggestions: [{ messageId: "useInvalidParams", output: unknownMode.code.replace('new Error("unknown mode")', INVALID_PARAMS) }],
        },
      ],
    },
  ],
});

const touching = {
  filename: `${dir}/touch-agent.ts`,
  code: `import * as acp from "@agentclientprotocol/sdk";
import { TouchStore } from "./touch-store.js";
export class TouchAgent implements acp.Agent {
  private readonly store = new TouchStore();
  async newSession(): Promise<acp.NewSessionResponse> {
    this.store.open("s");
    return { sessionId: "s" };
  }
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    this.store.touch(params.sessionId);
    return { stopReason: "end_turn" };
  }
}`,
};

untypedTester().run("require-session-check (a store of another module with no model)", sessionCheck, {
  valid: [],
  invalid: [{ name: "the store's unchecked use, at the agent's call", ...touching, errors: [{ messageId: "unguardedSession", ...at(touching.code, "this.store.touch(params.sessionId)") }] }],
});

/** An app that delegates to the agent of chain/, whose manager (no model) hands the id to its store. */
const chained = {
  filename: `${dir}/chain-app.ts`,
  code: `import { agent, methods } from "@agentclientprotocol/sdk";
import { ChainAgent } from "./chain/agent.js";
const impl = new ChainAgent();
export const app = agent({ name: "chain" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }))
  .onRequest(methods.agent.session.new, () => impl.newSession())
  .onRequest(methods.agent.session.load, (ctx) => impl.loadSession(ctx.params as { sessionId?: string }));`,
};

untypedTester().run("require-session-check (a chain of modules, the middle one without a model)", sessionCheck, {
  valid: [{ name: "the manager's code read with the app's resolver", ...chained }],
  invalid: [],
});
untypedTester().run("idempotent-session-delete (a chain of modules, the middle one without a model)", idempotentDelete, {
  valid: [{ name: "the manager's code read with the app's resolver", ...chained }],
  invalid: [],
});

/** A legacy agent beside checks.ts whose prompt looks its session up with `requireIn`, handing it a code. */
const coded = (code: string) => ({
  filename: `${dir}/coded-agent.ts`,
  code: `import * as acp from "@agentclientprotocol/sdk";
import { requireIn } from "./checks.js";
export class CodedAgent implements acp.Agent {
  readonly sessions = new Map<string, { turns: number }>();
  async newSession(): Promise<acp.NewSessionResponse> {
    this.sessions.set("s", { turns: 0 });
    return { sessionId: "s" };
  }
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    requireIn(this.sessions, ${code}, params.sessionId).turns += 1;
    return { stopReason: "end_turn" };
  }
}`,
});
const codedWrong = coded("-32001");

untypedTester().run("require-session-check (another module's miss whose code the call hands in)", sessionCheck, {
  valid: [{ name: "-32002 handed in", ...coded("-32002") }],
  invalid: [
    {
      name: "-32001 handed in, at the call",
      ...codedWrong,
      errors: [{ messageId: "wrongCode", ...at(codedWrong.code, "requireIn(this.sessions, -32001, params.sessionId)") }],
    },
  ],
});
