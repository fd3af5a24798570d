import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/valid-stop-reason.js";
import { closestStopReason } from "../../src/analysis/prompts/closest.js";
import { STOP_REASONS } from "../../src/protocol/stop-reasons.js";
import { at, indexOf } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { HANDLER_STYLES, handlerStyle } from "./handler-styles.js";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

const V1 = '"end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"';
const V2_LIST = `${V1}, "error"`;

/** `unknownStopReason` at `text`; with `closest`, the suggestion that writes it there. */
function unknown(code: string, text: string, value: string, closest?: string, nth = 0, v2 = false): Report {
  const start = indexOf(code, text, nth);
  const quote = text[0] === "'" ? "'" : '"';
  return {
    messageId: v2 ? "unknownStopReasonV2" : "unknownStopReason",
    data: { value, defined: v2 ? V2_LIST : V1 },
    ...at(code, text, nth),
    suggestions: closest
      ? [{ messageId: "useStopReason", data: { value: closest }, output: code.slice(0, start) + `${quote}${closest}${quote}` + code.slice(start + text.length) }]
      : [],
  };
}

const prompt = (style: string, body: string) => handlerStyle(style).program("session/prompt", body);

// Every handler style: an undefined stop reason returned, and the defined ones.
const styleCases = HANDLER_STYLES.map((style) => {
  const code = prompt(style.name, 'if (params.sessionId === "") return { stopReason: "canceled" };\nreturn { stopReason: "done" };');
  return {
    valid: { name: `${style.name}: defined stop reasons`, code: prompt(style.name, 'if (params.sessionId === "") return { stopReason: "refusal" };\nreturn { stopReason: "max_tokens" };') },
    invalid: {
      name: `${style.name}: "canceled" (suggested: "cancelled") and "done" (no suggestion)`,
      code,
      errors: [unknown(code, '"canceled"', "canceled", "cancelled"), unknown(code, '"done"', "done")],
    },
  };
});

const SDK = (body: string) => prompt("sdk: methods.* constant", body);

/** The shared case: a cast does not make "done" a stop reason. */
const CASE = `import * as acp from "@agentclientprotocol/sdk";
export class TurnAgent implements acp.Agent {
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    void params;
    return { stopReason: "done" as acp.StopReason };
  }
}`;

const CONDITIONAL = SDK(`const full = params.sessionId.length > 3;
return { stopReason: full ? "max_token" : 'end' };`);
const CONSTANT = SDK(`const reason = "stop";
return { stopReason: reason };`);
const MODULE_CONSTANT = `const STOP = "finished";\n${SDK("return { stopReason: STOP };")}`;
const ENUM = `enum Reason { Done = "done", End = "end_turn" }\n${SDK("return { stopReason: Reason.Done } as never;")}`;
const HELPER = SDK(`return finish("error");
function finish(reason: string) {
  return { stopReason: reason } as never;
}`);
const FALLBACK = SDK(`const result = model();
return { stopReason: result.stopReason ?? "complete" };
declare function model(): { stopReason?: "end_turn" };`);
const DISPATCH_HELPERS = `type Id = string | number | null;
function answer(id: Id, result: unknown) {
  return { jsonrpc: "2.0" as const, id, result };
}
export function handle(req: { id: Id; method: string }) {
  if (req.method === "session/prompt") {
    return answer(req.id, { stopReason: "END_TURN" });
  }
  if (req.method === "session/new") return answer(req.id, { sessionId: "s" });
  return undefined;
}`;
const DISPATCH_SENT = `declare function send(message: unknown): void;
export function handle(msg: { id: number; method: string }) {
  switch (msg.method) {
    case "session/prompt":
      send({ jsonrpc: "2.0", id: msg.id, result: { stopReason: "max-turn-requests" } });
      break;
    case "session/cancel":
      break;
  }
}`;

/** An SDK 2.x agent that reports the end of a turn on an idle state update, as protocol version 2 does. */
const STATE_UPDATE = (stopReason: string, state = '"idle"') => `import { agent, methods } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, async (ctx) => {
  await ctx.client.notify(methods.client.session.update, {
    sessionId: ctx.params.sessionId,
    update: { sessionUpdate: "state_update", state: ${state}, stopReason: ${stopReason} },
  } as never);
  return { messageId: "m-1" } as never;
});`;
const V2 = { acp: { protocolVersion: 2 } };

const valid: Valid[] = [
  ...styleCases.map((c) => c.valid),
  ...["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"].map((value) => ({
    name: `the defined "${value}"`,
    code: SDK(`return { stopReason: "${value}" };`),
  })),
  { name: "a stop reason taken from the model's own result", code: SDK(`const result = model();\nreturn { stopReason: result.stopReason };\ndeclare function model(): { stopReason: string };`) },
  { name: "a mapping function", code: SDK(`return { stopReason: mapStopReason(model()) };\ndeclare function model(): unknown;\ndeclare function mapStopReason(r: unknown): "end_turn";`) },
  { name: "a parameter of a helper that is not called with a constant", code: SDK(`return finish(pick());\nfunction finish(reason: "end_turn") { return { stopReason: reason }; }\ndeclare function pick(): "end_turn";`) },
  { name: "a variable written twice", code: SDK(`let reason = "done";\nreason = "end_turn";\nreturn { stopReason: reason } as never;`) },
  {
    name: "a let's first value overwritten on every way to the read by something unknown is not sent",
    code: SDK(`let stopReason = "error";\nstopReason = await run();\nreturn { stopReason } as never;\ndeclare function run(): Promise<"end_turn">;`),
  },
  {
    name: "a let written in a try and its catch with defined stop reasons beside an unknown one",
    code: SDK(`let stopReason: string;\ntry {\n  stopReason = await run();\n} catch {\n  stopReason = "cancelled";\n}\nreturn { stopReason } as never;\ndeclare function run(): Promise<string>;`),
  },
  { name: "a spread after the stop reason may overwrite it", code: SDK(`return { stopReason: "done", ...extra() } as never;\ndeclare function extra(): { stopReason: "end_turn" };`) },
  {
    name: "another method's handler returning a stopReason-like object",
    code: handlerStyle("sdk: methods.* constant").program("session/set_mode", 'void params;\nreturn { stopReason: "done" } as never;'),
  },
  { name: "a client's session/update handler reading stop reasons", code: `import { client, methods } from "@agentclientprotocol/sdk";
export const c = client({ name: "c" }).onNotification(methods.client.session.update, () => {
  const seen = { stopReason: "done" };
  void seen;
});` },
  { name: "a stopReason object that is not returned", code: SDK('const log = { stopReason: "done" };\nconsole.log(log);\nreturn { stopReason: "end_turn" };') },
  { name: "protocol version 2: the error stop reason", code: SDK('return { stopReason: "error" } as never;'), settings: { acp: { protocolVersion: 2 } } },
  { name: "protocol version 2: an extension value", code: SDK('return { stopReason: "_compacted" } as never;'), settings: { acp: { protocolVersion: 2 } } },
  { name: "protocol version 2: an idle state update with a defined stop reason", code: STATE_UPDATE('"error"'), settings: V2 },
  { name: "protocol version 2: a running state update is no end of a turn", code: STATE_UPDATE('"done"', '"running"'), settings: V2 },
  { name: "protocol version 1: state updates are not v1's, left alone", code: STATE_UPDATE('"done"') },
];

/** A turn whose result is kept in a let: what the model said, or, when it throws, "cancelled" or "error". */
const CAUGHT_LET = SDK(`let stopReason: string;
try {
  stopReason = await run();
} catch {
  stopReason = params.sessionId === "" ? "cancelled" : "error";
}
return { stopReason } as never;
declare function run(): Promise<string>;`);

const invalid: Invalid[] = [
  ...styleCases.map((c) => c.invalid),
  { name: "a let written from an unknown call and, in its catch, with \"error\": that value may be sent", code: CAUGHT_LET, errors: [unknown(CAUGHT_LET, "stopReason", "error", undefined, 3)] },
  { name: "the shared case: `as acp.StopReason` does not make it one", code: CASE, errors: [unknown(CASE, '"done"', "done")] },
  {
    name: "both branches of ?: (single quotes kept)",
    code: CONDITIONAL,
    errors: [unknown(CONDITIONAL, '"max_token"', "max_token", "max_tokens"), unknown(CONDITIONAL, "'end'", "end", "end_turn")],
  },
  { name: "a local const followed to its literal", code: CONSTANT, errors: [unknown(CONSTANT, '"stop"', "stop")] },
  { name: "a module constant is reported where it is read (no suggestion)", code: MODULE_CONSTANT, errors: [unknown(MODULE_CONSTANT, "STOP }", "finished")].map((e) => ({ ...e, endColumn: e.column! + 4 })) },
  { name: "an enum member", code: ENUM, errors: [{ ...unknown(ENUM, "Reason.Done", "done") }] },
  { name: "protocol version 1: the error stop reason, through a helper's parameter", code: HELPER, errors: [unknown(HELPER, '"error"', "error")] },
  { name: "the fallback of ??", code: FALLBACK, errors: [unknown(FALLBACK, '"complete"', "complete")] },
  { name: "dispatch: the result a helper wraps in the envelope", code: DISPATCH_HELPERS, errors: [unknown(DISPATCH_HELPERS, '"END_TURN"', "END_TURN", "end_turn")] },
  { name: "dispatch: the result of a sent envelope", code: DISPATCH_SENT, errors: [unknown(DISPATCH_SENT, '"max-turn-requests"', "max-turn-requests", "max_turn_requests")] },
  {
    name: "protocol version 2: a value that neither v2 defines nor starts with _",
    code: SDK('return { stopReason: "done" } as never;'),
    settings: { acp: { protocolVersion: 2 } },
    errors: [unknown(SDK('return { stopReason: "done" } as never;'), '"done"', "done", undefined, 0, true)],
  },
];

invalid.push({
  name: "protocol version 2: an idle state update with an undefined stop reason",
  code: STATE_UPDATE('"complete"'),
  settings: V2,
  errors: [unknown(STATE_UPDATE('"complete"'), '"complete"', "complete", undefined, 0, true)],
});

untypedTester().run("valid-stop-reason", rule, { valid, invalid });

const TYPED = `import { agent, methods } from "@agentclientprotocol/sdk";
import { DONE, type ModelTurn } from "./stop-reasons.js";
declare function model(): ModelTurn;
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, () => {
  const turn = model();
  if (turn.stopReason === "refusal") return { stopReason: turn.stopReason };
  return { stopReason: DONE } as never;
});`;

typedTester().run("valid-stop-reason (typed)", rule, {
  valid: [{ name: "typed: the model's StopReason union is no certain value", filename: typedFile, code: TYPED.replace("stopReason: DONE", "stopReason: turn.stopReason") }],
  invalid: [
    {
      name: "typed: a constant of another file that is no stop reason (untyped: unknown, silent)",
      filename: typedFile,
      code: TYPED,
      errors: [{ ...unknown(TYPED, "DONE }", "done"), endColumn: at(TYPED, "DONE }").column + 4 }],
    },
  ],
});

describe("closestStopReason", () => {
  it.each([
    ["canceled", "cancelled"],
    ["cancel", "cancelled"],
    ["end", "end_turn"],
    ["endTurn", "end_turn"],
    ["END-TURN", "end_turn"],
    ["max_token", "max_tokens"],
    ["max_turn", "max_turn_requests"],
    ["refused", "refusal"],
  ])("%s -> %s", (value, closest) => {
    expect(closestStopReason(value, STOP_REASONS[1])).toBe(closest);
  });
  it.each(["done", "stop", "error", "max", "ok", "length", "complete"])("%s: none is clearly meant", (value) => {
    expect(closestStopReason(value, STOP_REASONS[1])).toBeUndefined();
  });
});

describe("the messages' text", () => {
  /** The messages acp/valid-stop-reason gives a prompt handler that returns "done", under `settings`. */
  function messages(settings: Linter.Config["settings"]): string[] {
    const config: Linter.Config = { files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser }, plugins: { acp: plugin }, rules: { "acp/valid-stop-reason": "error" }, settings };
    return new Linter({ configType: "flat" }).verify(SDK('return { stopReason: "done" };'), [config], "agent.ts").map((m) => m.message);
  }

  it("version 1 says the value is not a stop reason ACP defines, and lists those it does", () => {
    expect(messages({})).toEqual([
      `"done" is not a stop reason ACP defines: the Agent MUST respond to session/prompt with a StopReason, one of ${V1}; use the one that says why the turn stopped.`,
    ]);
  });

  it("version 2 says the same of its own stop reasons, and allows an extension value", () => {
    expect(messages({ acp: { protocolVersion: 2 } })).toEqual([
      `"done" is not a stop reason protocol version 2 defines, and version 2 reserves unknown values for future ACP variants: use one of ${V2_LIST}, or an extension value that begins with "_".`,
    ]);
  });
});
