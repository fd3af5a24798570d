// A parameter every call fills with the same thing from around the caller (a store, a table of codes, `this`) names
// what that argument names (Resolution.boundArgument): another module's check is judged with the agent's own store
// and codes, at the agent's call (test/fixtures/resolution/bound.ts). What differs from call to call, or comes from
// a value the caller computes, is not bound, and a function that may be called from elsewhere binds nothing.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sessionCheck from "../../rules/require-session-check.js";
import idempotentDelete from "../../rules/idempotent-session-delete.js";
import sessionData from "../../rules/session-not-found-data.js";
import { reportAt } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

const dir = fileURLToPath(new URL("../fixtures/resolution", import.meta.url));
const BOUND_ALONE = { name: "the checks' own module, linted alone: nothing calls them there", filename: `${dir}/bound.ts`, code: readFileSync(`${dir}/bound.ts`, "utf8") };

/** A legacy agent beside bound.ts; `before` goes at the top of the module, each handler body in `handlers`. */
const agentWith = (handlers: string, before = "") => ({
  filename: `${dir}/bound-agent.ts`,
  code: `import * as acp from "@agentclientprotocol/sdk";
import { Checks } from "./bound.js";
const Codes = { SessionNotFound: -32001 } as const;
const Other = { SessionNotFound: -32002 } as const;
const sessions = new Map<string, { turns: number }>();
${before}export class BoundAgent implements acp.Agent {
  private readonly checks = new Checks();
  private readonly chats = new Map<string, { turns: number }>();
  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: acp.PROTOCOL_VERSION };
  }
  async newSession(): Promise<acp.NewSessionResponse> {
    this.chats.set("s", { turns: 0 });
    return { sessionId: "s" };
  }
${handlers}
}`,
});

const prompt = (body: string) => `  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    ${body}
    return { stopReason: "end_turn" };
  }`;
const setMode = (body: string) => `  async setSessionMode(params: acp.SetSessionModeRequest): Promise<acp.SetSessionModeResponse> {
    ${body}
    return {};
  }`;

const codes = agentWith(prompt("this.checks.requireSession(sessions, Codes, params);"));
/** The same check reached through another module that hands on what the agent hands it (bound-middle.ts). */
const relayed = agentWith(prompt("new Relay().relay(sessions, Codes, params, this);"), 'import { Relay } from "./bound-middle.js";\n');
const store = agentWith(setMode("this.checks.touch(this.chats, params);"));
const owner = agentWith(setMode("this.checks.touchOwn(this, params);"));
const twice = agentWith(`${prompt("this.checks.requireSession(sessions, Codes, params);")}\n${setMode("this.checks.requireSession(sessions, Codes, params);")}`);
/** A helper that uses what it looks up unchecked: judged only when what `store` is is known. */
const TOUCH_IN = "function touchIn(store: any, params: { sessionId: string }) {\n  store.get(params.sessionId).turns += 1;\n}\n";
const touching = agentWith(prompt("touchIn(sessions, params);"), TOUCH_IN);
/** The store handed on through two helpers, each parameter bound to the one before it. */
const chained = agentWith(
  prompt("touchVia(sessions, params);"),
  "function lookupIn(store: any, params: { sessionId: string }) {\n  return store.get(params.sessionId);\n}\nfunction touchVia(store: any, params: { sessionId: string }) {\n  lookupIn(store, params).turns += 1;\n}\n",
);
const sameFile = agentWith(prompt("requireIn(sessions, params);"), 'function requireIn(store: Map<string, unknown>, params: { sessionId: string }) {\n  if (!store.has(params.sessionId)) throw new Error("no session");\n}\n');

untypedTester().run("require-session-check (checks handed the agent's store, codes and itself)", sessionCheck, {
  valid: [
    BOUND_ALONE,
    {
      name: "two calls handing different tables of codes: the code is not known",
      ...agentWith(`${prompt("this.checks.requireSession(sessions, Codes, params);")}\n${setMode("this.checks.requireSession(sessions, Other, params);")}`),
    },
    { name: "a store the handler computes is not bound: a guard of the caller's would not be seen", ...agentWith(setMode("const chats = params.sessionId ? this.chats : new Map();\n    this.checks.touch(chats, params);")) },
    { name: "a store handed after a check of its own", ...agentWith(setMode("if (!this.chats.has(params.sessionId)) throw acp.RequestError.resourceNotFound(params.sessionId);\n    this.checks.touch(this.chats, params);")) },
    { name: "an exported helper may be called elsewhere with another store: nothing is bound", ...agentWith(prompt("touchIn(sessions, params);"), `export ${TOUCH_IN}`) },
    { name: "a helper handed on as a value may be called with anything", ...agentWith(prompt("touchIn(sessions, params);\n    [params].forEach((p) => use(touchIn));"), `${TOUCH_IN}declare function use(f: unknown): void;\n`) },
  ],
  invalid: [
    {
      name: "a table of codes handed in: the code it gives, at the call",
      ...codes,
      errors: [reportAt("wrongCode", codes.code, "this.checks.requireSession(sessions, Codes, params)")],
    },
    {
      name: "a table of codes handed on by a module between: bound through that module's call, at the agent's call",
      ...relayed,
      errors: [reportAt("wrongCode", relayed.code, "new Relay().relay(sessions, Codes, params, this)")],
    },
    {
      name: "the same table from two handlers: each call",
      ...twice,
      errors: [
        reportAt("wrongCode", twice.code, "this.checks.requireSession(sessions, Codes, params)"),
        reportAt("wrongCode", twice.code, "this.checks.requireSession(sessions, Codes, params)", undefined, 1),
      ],
    },
    {
      name: "the agent's map handed in, looked up and used unchecked",
      ...store,
      errors: [reportAt("unguardedSession", store.code, "this.checks.touch(this.chats, params)")],
    },
    {
      name: "the agent itself handed in as owner: owner.chats is its map",
      ...owner,
      errors: [reportAt("unguardedSession", owner.code, "this.checks.touchOwn(this, params)")],
    },
    {
      name: "a same-file helper only ever called, with the module's map: its unchecked use, where it is",
      ...touching,
      errors: [reportAt("unguardedSession", touching.code, "store.get(params.sessionId)")],
    },
    {
      name: "the module's map handed on through two helpers: the unchecked use of what the inner one looks up",
      ...chained,
      errors: [reportAt("unguardedSession", chained.code, "lookupIn(store, params)")],
    },
    {
      name: "a same-file helper the module's store is handed to: reported where it throws",
      ...sameFile,
      errors: [reportAt("internalError", sameFile.code, 'new Error("no session")')],
    },
  ],
});

/** An SDK app beside bound.ts whose `requireChat` is shared by prompt and delete; delete runs `body`. */
const deleting = (body: string) => ({
  filename: `${dir}/bound-app.ts`,
  code: `import { agent, methods } from "@agentclientprotocol/sdk";
import { Checks } from "./bound.js";
const checks = new Checks();
const chats = new Map<string, { turns: number; abort(): void }>();
export const app = agent({ name: "bound" });
app.onRequest(methods.agent.session.new, () => {
  chats.set("s", { turns: 0, abort() {} });
  return { sessionId: "s" };
});
function requireChat(sessionId: string) {
  return checks.requireChat(chats, sessionId);
}
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  requireChat(params.sessionId).turns += 1;
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.delete, ({ params }) => {
  ${body}
  return {};
});`,
});
const uncaughtDelete = deleting("requireChat(params.sessionId).abort();");

untypedTester().run("idempotent-session-delete (another module's failure through a helper shared with prompt)", idempotentDelete, {
  valid: [{ name: "the delete handler's call caught", ...deleting("try {\n    requireChat(params.sessionId).abort();\n  } catch {\n    // Already gone.\n  }") }],
  invalid: [
    {
      name: "uncaught: at the delete handler's call of the shared helper, not inside it",
      ...uncaughtDelete,
      errors: [reportAt("helperFailsOnMissing", uncaughtDelete.code, "requireChat(params.sessionId)", undefined, 1)],
    },
  ],
});

const coded = agentWith(prompt("this.checks.requireNoted(sessions, -32002, params);"));

untypedTester().run("session-not-found-data (another module's -32002 whose code the call hands in)", sessionData, {
  valid: [BOUND_ALONE],
  invalid: [
    {
      name: "at the call, naming the helper whose branch answers, not the call's own file",
      ...coded,
      errors: [
        reportAt("missingSessionIdThrough", coded.code, "this.checks.requireNoted(sessions, -32002, params)", {
          helper: "`Checks.requireNoted`",
          file: "bound.ts",
          fix: "RequestError.sessionNotFound(sessionId)",
        }),
      ],
    },
  ],
});
