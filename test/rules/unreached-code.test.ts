// Code a constant switches off never runs: createRule drops a finding there (values/unreached.ts), for every rule.
// pi-acp's shape: `if (!Agent.DELETE_ENABLED) throw methodNotFound(...)` with `static readonly DELETE_ENABLED = false`
// leaves session/delete's own answers in place, answering nothing.
import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import deleteRule, { type MessageIds as DeleteIds } from "../../rules/idempotent-session-delete.js";
import sessionRule, { type MessageIds as SessionIds } from "../../rules/require-session-check.js";
import { at } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

const MISS = "RequestError.invalidParams({ sessionId: params.sessionId })";

/**
 * A legacy agent whose session/delete is behind a switch: `declaration` declares it, `test` is true when it is off,
 * `body` is what the handler does after it, `members` more of the class.
 */
const AGENT = (declaration: string, test: string, body: string, members = "") => `import * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
declare function runWith<T>(ops: { run(): T }): T;
export class PiAgent implements acp.Agent {
  ${declaration}
  private readonly sessions = new Map<string, { dispose(): void }>();
  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: acp.PROTOCOL_VERSION };
  }
  async newSession(): Promise<acp.NewSessionResponse> {
    return { sessionId: "s" };
  }
  async prompt(): Promise<acp.PromptResponse> {
    return { stopReason: "end_turn" };
  }
  async cancel(): Promise<void> {}
  async authenticate(): Promise<void> {}
  async unstable_deleteSession(params: acp.DeleteSessionRequest): Promise<acp.DeleteSessionResponse> {
    if (${test}) {
      throw RequestError.methodNotFound("session/delete");
    }
    ${body}
    return {};
  }
${members}}`;

/** The handler's own answer to an unknown session after the switch. */
const DELETE = (declaration: string, test: string) =>
  AGENT(declaration, test, `const session = this.sessions.get(params.sessionId);\n    if (!session) throw ${MISS};\n    session.dispose();`);

/** The handler's answers moved where only its switched-off code reaches them: a private method, a closure a call runs. */
const SWITCHED_OFF = (body: string, members = "") => AGENT("private static readonly DELETE_ENABLED = false;", "!PiAgent.DELETE_ENABLED", body, members);

const deleteValid: ValidTestCase<[]>[] = [
  { name: "a static readonly switch that is false, tested before the handler's answers", code: DELETE("private static readonly DELETE_ENABLED = false;", "!PiAgent.DELETE_ENABLED") },
  { name: "a module const switch that is false", code: DELETE("", "!DELETE_ENABLED").replace("export class", "const DELETE_ENABLED = false;\nexport class") },
  { name: "a literal true test that leaves", code: DELETE("", "true") },
  { name: "a readonly instance field that is false", code: DELETE("private readonly deleteEnabled = false;", "!this.deleteEnabled") },
  {
    name: "in a private method only the switched-off code calls",
    code: SWITCHED_OFF("this.dispose(params.sessionId);", `  private dispose(sessionId: string): void {
    const session = this.sessions.get(sessionId);
    if (!session) throw RequestError.invalidParams({ sessionId });
    session.dispose();
  }
`),
  },
  {
    name: "in a closure the switched-off code hands to a call",
    code: SWITCHED_OFF(`runWith({ run: () => {
      const session = this.sessions.get(params.sessionId);
      if (!session) throw ${MISS};
      session.dispose();
    } });`),
  },
];

const deleteInvalid: InvalidTestCase<DeleteIds, []>[] = [
  { name: "the switch on", code: DELETE("private static readonly DELETE_ENABLED = true;", "!PiAgent.DELETE_ENABLED") },
  { name: "a switch that may be either (a field a method sets)", code: DELETE("private deleteEnabled = false;\n  enableDelete() {\n    this.deleteEnabled = true;\n  }", "!this.deleteEnabled") },
  { name: "a field of an object, which code may write (not a constant)", code: DELETE("private readonly flags = { deleteEnabled: false };", "!this.flags.deleteEnabled") },
  { name: "a readonly instance field that is true", code: DELETE("private readonly deleteEnabled = true;", "!this.deleteEnabled") },
  { name: "a switch written again", code: DELETE("", "!DELETE_ENABLED").replace("export class", "let DELETE_ENABLED = false;\nexport function enable() { DELETE_ENABLED = true; }\nexport class") },
].map((c) => ({ ...c, errors: [{ messageId: "failsOnMissing" as const, ...at(c.code, MISS) }] }));

untypedTester().run("idempotent-session-delete: code a constant switches off", deleteRule, { valid: deleteValid, invalid: deleteInvalid });

/** An SDK 2.x handler whose unguarded lookup sits in a branch a constant never takes, or after one that always leaves. */
const PROMPT = (body: string) => `import { agent, methods } from "@agentclientprotocol/sdk";
const LEGACY_PROMPTS = false;
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => ({ sessionId: "s" }));
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  ${body}
  return { stopReason: "end_turn" as const };
});`;

const LOOKUP = "sessions.get(params.sessionId)!.turns++;";

untypedTester().run("require-session-check: code a constant switches off", sessionRule, {
  valid: [{ name: "in the branch of an if a false constant never takes", code: PROMPT(`if (LEGACY_PROMPTS) {\n    ${LOOKUP}\n  }`) }],
  invalid: [
    ((code) => ({ name: "in the else of that if", code, errors: [{ messageId: "assertedSession" as SessionIds, ...at(code, "!") }] }))(
      PROMPT(`if (LEGACY_PROMPTS) {\n    return { stopReason: "refusal" as const };\n  } else {\n    ${LOOKUP}\n  }`),
    ),
  ],
});
