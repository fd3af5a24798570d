import { fileURLToPath } from "node:url";
import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/prompt-cancel-stop-reason.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { HANDLER_STYLES, handlerStyle } from "./handler-styles.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

/** A session/cancel handler that aborts the turn's controller, and the work a turn runs; appended to a program. */
const CANCEL = `
import { agent as cancelApp } from "@agentclientprotocol/sdk";
const turns = new Map<string, AbortController>();
declare function run(signal: AbortSignal): void;
export const canceller = cancelApp({ name: "c" }).onNotification("session/cancel", ({ params }) => {
  turns.get(params.sessionId)?.abort();
});`;

/** The program of `style` whose session/prompt handler runs `body`, next to a session/cancel that aborts turns. */
const prompt = (style: string, body: string, cancel = CANCEL) => handlerStyle(style).program("session/prompt", body) + cancel;

/** A turn that runs its work under its own controller, and what the catch does once that was aborted. */
const turn = (onAbort: string, after = "throw err;") => `const controller = new AbortController();
turns.set(params.sessionId, controller);
try {
  run(controller.signal);
} catch (err) {
  if (controller.signal.aborted) ${onAbort}
  ${after}
}
return { stopReason: "end_turn" };`;

const END_TURN_AFTER_ABORT = turn('return { stopReason: "end_turn" };');
const RETHROW_AFTER_ABORT = turn("throw err;", 'return { stopReason: "refusal" };');
const FIXED = turn('return { stopReason: "cancelled" };');

const report = (messageId: MessageIds, code: string, text: string, nth = 0, extra: Partial<Report> = {}): Report => ({
  messageId,
  ...at(code, text, nth),
  ...extra,
});

/** `neverCancelled` at each stop reason value of `code`, in order. */
const neverCancelled = (code: string, ...values: string[]): Report[] => values.map((value) => report("neverCancelled", code, `"${value}"`, 0, { data: { value } }));

/** `stopReasonAfterAbort` at `text` (the value), with the suggestion that sends "cancelled" there. */
function wrongStop(code: string, text: string, value: string, nth = 0): Report {
  const span = at(code, text, nth);
  const start = code.split("\n").slice(0, span.line - 1).join("\n").length + (span.line > 1 ? 1 : 0) + span.column - 1;
  const quote = text[0] === "'" ? "'" : '"';
  return {
    messageId: "stopReasonAfterAbort",
    data: { value },
    ...span,
    suggestions: [{ messageId: "useCancelled", output: code.slice(0, start) + `${quote}cancelled${quote}` + code.slice(start + text.length) }],
  };
}

/** `throwAfterAbort` at the throw `text`, with the suggestion that returns the cancelled result instead. */
function throws(code: string, text: string, nth = 0, messageId: MessageIds = "throwAfterAbort"): Report {
  const span = at(code, text, nth);
  const start = code.split("\n").slice(0, span.line - 1).join("\n").length + (span.line > 1 ? 1 : 0) + span.column - 1;
  return {
    messageId,
    ...span,
    suggestions: [{ messageId: "returnCancelled", output: `${code.slice(0, start)}return { stopReason: "cancelled" };${code.slice(start + text.length)}` }],
  };
}

// ---------------------------------------------------------------------------------------------------------------
// In every handler style: a wrong stop reason and a rethrow after the abort; the fix is clean.
// ---------------------------------------------------------------------------------------------------------------

const styleCases = HANDLER_STYLES.flatMap((style): { valid: Valid[]; invalid: Invalid[] } => {
  const wrong = prompt(style.name, END_TURN_AFTER_ABORT);
  const rethrow = prompt(style.name, RETHROW_AFTER_ABORT);
  return {
    valid: [{ name: `${style.name}: "cancelled" after the abort (the fix)`, code: prompt(style.name, FIXED) }],
    invalid: [
      { name: `${style.name}: end_turn after the abort`, code: wrong, errors: [wrongStop(wrong, '"end_turn"', "end_turn")] },
      { name: `${style.name}: the abort error rethrown`, code: rethrow, errors: [throws(rethrow, "throw err;")] },
    ],
  };
});

// ---------------------------------------------------------------------------------------------------------------
// The ways an abort is recognised.
// ---------------------------------------------------------------------------------------------------------------

const SDK_PROMPT = (body: string, cancel = CANCEL) => prompt("sdk: methods.* constant", body, cancel);
const LEGACY = (body: string, cancel = CANCEL) => prompt("legacy: a class implementing Agent", body, cancel);

/** Runs the work under a controller session/cancel aborts, so the handler's abort tests tell a cancellation. */
const UNDER_TURN = `const controller = new AbortController();
turns.set(params.sessionId, controller);`;

const recognised = {
  errorName: SDK_PROMPT(`${UNDER_TURN}
try {
  run(controller.signal);
} catch (err) {
  if (err instanceof Error && err.name === "AbortError") return { stopReason: "end_turn" };
  throw err;
}
return { stopReason: "end_turn" };`),
  domException: SDK_PROMPT(`${UNDER_TURN}
try {
  run(controller.signal);
} catch (err) {
  if (err instanceof DOMException && err.name === "AbortError") {
    throw new Error("turn aborted");
  }
  return { stopReason: "refusal" };
}
return { stopReason: "end_turn" };`),
  predicate: SDK_PROMPT(`${UNDER_TURN}
try {
  run(controller.signal);
} catch (err) {
  if (!isAbortError(err)) throw err;
  return { stopReason: "max_tokens" };
}
return { stopReason: "end_turn" };
function isAbortError(e: unknown) { return e instanceof Error && e.name === "AbortError"; }`),
  abortClass: LEGACY(`${UNDER_TURN}
try {
  run(controller.signal);
} catch (err) {
  if (err instanceof APIUserAbortError) throw RequestError.requestCancelled();
  throw err;
}
return { stopReason: "end_turn" };`) + "\ndeclare class APIUserAbortError extends Error {}",
  conditional: SDK_PROMPT(`const controller = new AbortController();
turns.set(params.sessionId, controller);
run(controller.signal);
return { stopReason: controller.signal.aborted ? "end_turn" : "max_tokens" };`),
  localFlag: SDK_PROMPT(`const controller = new AbortController();
turns.set(params.sessionId, controller);
run(controller.signal);
const aborted = controller.signal.aborted;
if (aborted) {
  return { stopReason: "end_turn" };
}
return { stopReason: "end_turn" };`),
  throwIfAborted: SDK_PROMPT(`const controller = new AbortController();
turns.set(params.sessionId, controller);
run(controller.signal);
controller.signal.throwIfAborted();
return { stopReason: "end_turn" };`),
};

const STORED_THROUGH_SATISFIES = recognised.conditional.replace(
  "turns.set(params.sessionId, controller);",
  "turns.set(params.sessionId, controller satisfies AbortController);",
);
if (STORED_THROUGH_SATISFIES === recognised.conditional) throw new Error("the conditional case no longer stores its controller as expected");

/** A legacy agent whose session/cancel sets a flag its prompt reads. */
const FLAGGED = `import * as acp from "@agentclientprotocol/sdk";
type Turn = { cancelled: boolean };
export class FlagAgent implements acp.Agent {
  private turns = new Map<string, Turn>();
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    const turn = { cancelled: false };
    this.turns.set(params.sessionId, turn);
    await this.step();
    if (turn.cancelled) {
      return { stopReason: 'end_turn' };
    }
    return { stopReason: "end_turn" };
  }
  async cancel(params: acp.CancelNotification): Promise<void> {
    const turn = this.turns.get(params.sessionId);
    if (turn) turn.cancelled = true;
  }
  private async step() {}
}`;

/** The shared case: a legacy agent whose catch answers end_turn once the turn's controller was aborted. */
const CASE = `import * as acp from "@agentclientprotocol/sdk";
type Turn = { abort: AbortController; mode: string };
export class TurnAgent implements acp.Agent {
  private turns = new Map<string, Turn>();
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    const turn = this.turns.get(params.sessionId);
    if (!turn) throw acp.RequestError.sessionNotFound(params.sessionId);
    try {
      await this.run(turn.abort.signal);
    } catch (err) {
      if (turn.abort.signal.aborted) {
        return { stopReason: "end_turn" };
      }
      throw err;
    }
    return { stopReason: "end_turn" as acp.StopReason };
  }
  async cancel(params: acp.CancelNotification): Promise<void> {
    this.turns.get(params.sessionId)?.abort.abort();
  }
  private async run(signal: AbortSignal): Promise<void> {
    signal.throwIfAborted();
  }
}`;

/** Hand-rolled dispatch: the cancel branch sets a flag, the prompt branch answers -32800 / an error once it is set. */
const DISPATCH = (answer: string) => `const sessions = new Map<string, { cancelled: boolean }>();
declare function send(message: unknown): void;
declare function work(): void;
export function route(msg: { id: number; method: string; params: { sessionId: string } }) {
  const session = sessions.get(msg.params.sessionId);
  switch (msg.method) {
    case "session/cancel":
      if (session) session.cancelled = true;
      return undefined;
    case "session/prompt":
      work();
      if (session?.cancelled) {
        ${answer}
      }
      return { jsonrpc: "2.0", id: msg.id, result: { stopReason: "end_turn" } };
  }
  return undefined;
}`;
const DISPATCH_CANCELLED_ERROR = DISPATCH('return { jsonrpc: "2.0", id: msg.id, error: { code: -32800, message: "Request cancelled" } };');
const DISPATCH_SENT_ERROR = DISPATCH('send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: "aborted" } });\n        return undefined;');
const DISPATCH_WRONG_RESULT = DISPATCH('return { jsonrpc: "2.0", id: msg.id, result: { stopReason: "end_turn" } };');
const DISPATCH_FIXED = DISPATCH('return { jsonrpc: "2.0", id: msg.id, result: { stopReason: "cancelled" } };');

/** Through a same-file helper: the stop reason is the argument the handler passes. */
const HELPER = SDK_PROMPT(`const controller = new AbortController();
turns.set(params.sessionId, controller);
run(controller.signal);
if (controller.signal.aborted) return finish("end_turn");
return finish("max_tokens");
function finish(reason: "end_turn" | "max_tokens" | "cancelled") {
  return { stopReason: reason };
}`);

// ---------------------------------------------------------------------------------------------------------------
// The handler that can never answer "cancelled" although session/cancel aborts its turn.
// ---------------------------------------------------------------------------------------------------------------

const NEVER = SDK_PROMPT(`const controller = new AbortController();
turns.set(params.sessionId, controller);
try {
  run(controller.signal);
} catch {
  return { stopReason: "refusal" };
}
return { stopReason: "end_turn" };`);

const NEVER_LEGACY = `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private controller = new AbortController();
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    this.controller = new AbortController();
    await this.model(params, this.controller.signal);
    return { stopReason: "end_turn" };
  }
  async cancel(): Promise<void> {
    this.controller.abort();
  }
  private async model(params: acp.PromptRequest, signal: AbortSignal) {
    void params;
    void signal;
  }
}`;

/** A turn whose catch tests `signal.aborted || err.name === "AbortError"`, as a public agent does. */
const EITHER = (onAbort: string, after: string) => LEGACY(`${UNDER_TURN}
try {
  run(controller.signal);
} catch (error) {
  if (controller.signal.aborted || (error instanceof Error && error.name === "AbortError")) {
    ${onAbort}
  }
  ${after}
}
return { stopReason: "end_turn" };`);
const EITHER_RETHROWN = EITHER("throw error;", 'return { stopReason: "refusal" };');

/** The cancel handler sets a flag the prompt only resets: nothing it returns can be "cancelled". */
const RESET_ONLY = `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private turns = new Map<string, { cancelled: boolean }>();
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    const turn = this.turns.get(params.sessionId) ?? { cancelled: false };
    this.turns.set(params.sessionId, turn);
    turn.cancelled = false;
    await this.loop(turn);
    return { stopReason: "end_turn" };
  }
  async cancel(params: acp.CancelNotification): Promise<void> {
    const turn = this.turns.get(params.sessionId);
    if (turn) turn.cancelled = true;
  }
  private async loop(turn: { cancelled: boolean }) {
    while (!turn.cancelled) await Promise.resolve();
  }
}`;

/** A turn with a second controller of its own, a budget the agent aborts itself: its abort is no cancellation. */
const BUDGET = SDK_PROMPT(`${UNDER_TURN}
const budget = new AbortController();
setTimeout(() => budget.abort(), 1000);
try {
  run(controller.signal);
} catch (err) {
  if (budget.signal.aborted) return { stopReason: "max_turn_requests" };
  if (controller.signal.aborted) return { stopReason: "cancelled" };
  throw err;
}
return { stopReason: "end_turn" };`);

/** A legacy agent that keeps the running turn's controller in a field, read through a local signal. */
const PENDING = `import * as acp from "@agentclientprotocol/sdk";
declare function send(signal: AbortSignal): Promise<void>;
export class A implements acp.Agent {
  private pendingPrompt: AbortController | null = null;
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    void params;
    const pendingSend = new AbortController();
    this.pendingPrompt = pendingSend;
    const signal = pendingSend.signal;
    try {
      await send(signal);
    } catch (error) {
      if (signal.aborted) return { stopReason: "end_turn" };
      throw error;
    }
    return { stopReason: "end_turn" };
  }
  async cancel(): Promise<void> {
    this.pendingPrompt?.abort();
    this.pendingPrompt = null;
  }
}`;

/** session/cancel stops the turn by calling the backend the prompt runs on: no signal, no flag. */
const BACKEND_STOP = (prompt: string) => `import { agent, methods } from "@agentclientprotocol/sdk";
declare const backend: { run(prompt: unknown): Promise<string>; interrupt(id: string): void };
export const app = agent({ name: "a" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }))
  .onRequest(methods.agent.session.prompt, async ({ params }) => {
    ${prompt}
  })
  .onNotification(methods.agent.session.cancel, ({ params }) => {
    backend.interrupt(params.sessionId);
  });`;
/** session/cancel aborts the service session the turn runs on (opencode-derived agents: `sdk.session.abort({ sessionID })`). */
const SERVICE_ABORT = (prompt: string) => `import { agent, methods } from "@agentclientprotocol/sdk";
declare const sdk: { session: { prompt(p: unknown): Promise<string>; abort(p: { sessionID: string }): Promise<void> } };
export const app = agent({ name: "a" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }))
  .onRequest(methods.agent.session.prompt, async ({ params }) => {
    ${prompt}
  })
  .onNotification(methods.agent.session.cancel, async ({ params }) => {
    await sdk.session.abort({ sessionID: params.sessionId });
  });`;
const ABORTED_NEVER = SERVICE_ABORT('await sdk.session.prompt({ sessionID: params.sessionId, parts: params.prompt });\n    return { stopReason: "end_turn" };');
const STOPPED_NEVER = BACKEND_STOP('const out = await backend.run(params.prompt);\n    return { stopReason: out === "max" ? "max_tokens" : "end_turn" };');
/** session/cancel resolves the promise the turn races against. */
const RESOLVED = `import { agent, methods } from "@agentclientprotocol/sdk";
declare function generate(p: unknown): Promise<void>;
const pending = new Map<string, { resolve(): void; promise: Promise<void> }>();
export const app = agent({ name: "a" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }))
  .onRequest(methods.agent.session.prompt, async ({ params }) => {
    await Promise.race([generate(params.prompt), pending.get(params.sessionId)?.promise]);
    return { stopReason: "end_turn" };
  })
  .onNotification(methods.agent.session.cancel, ({ params }) => {
    pending.get(params.sessionId)?.resolve();
  });`;

const RESOLVED_THROUGH_HELPER = RESOLVED.replaceAll("pending.get(params.sessionId)", "entryOf(params)").concat(
  "\nfunction entryOf(params: { sessionId: string }) {\n  return pending.get(params.sessionId);\n}",
);

const valid: Valid[] = [
  {
    name: "a turn on a service session the cancel aborts, answering cancelled when it was",
    code: SERVICE_ABORT('const out = await sdk.session.prompt({ sessionID: params.sessionId, parts: params.prompt });\n    return { stopReason: out === "aborted" ? "cancelled" : "end_turn" };'),
  },
  {
    name: "a turn stopped through the backend that answers cancelled when it was",
    code: BACKEND_STOP('const out = await backend.run(params.prompt);\n    return { stopReason: out === "interrupted" ? "cancelled" : "end_turn" };'),
  },
  {
    name: "a cancel that stops something the prompt does not work through",
    code: `import { agent, methods } from "@agentclientprotocol/sdk";
declare const indexer: { stop(id: string): void };
export const app = agent({ name: "a" })
  .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }))
  .onRequest(methods.agent.session.prompt, async () => ({ stopReason: "end_turn" }))
  .onNotification(methods.agent.session.cancel, ({ params }) => {
    indexer.stop(params.sessionId);
  });`,
  },
  { name: "a budget controller of the agent's own: its abort answers max_turn_requests", code: BUDGET },
  { name: "signal.aborted || AbortError: cancelled, the rest rethrown", code: EITHER('return { stopReason: "cancelled" };', "throw error;") },
  ...styleCases.flatMap((c) => c.valid),
  { name: "a catch that rethrows only non-abort errors", code: SDK_PROMPT(`${UNDER_TURN}
try {
  run(controller.signal);
} catch (err) {
  if (!isAbortError(err)) throw err;
  return { stopReason: "cancelled" };
}
return { stopReason: "end_turn" };
function isAbortError(e: unknown) { return e instanceof Error && e.name === "AbortError"; }`) },
  { name: "a throw on the path where the error is no abort", code: SDK_PROMPT(`${UNDER_TURN}
try {
  run(controller.signal);
} catch (err) {
  if (err instanceof Error && err.name !== "AbortError") throw new Error("model failed");
  return { stopReason: "cancelled" };
}
return { stopReason: "end_turn" };`) },
  { name: "the shared case after the fix: the non-abort path rethrows", code: CASE.replace('return { stopReason: "end_turn" };\n      }', 'return { stopReason: "cancelled" };\n      }') },
  { name: "the fixed flag agent", code: FLAGGED.replace("'end_turn'", "'cancelled'") },
  { name: "dispatch: the cancelled result after the flag", code: DISPATCH_FIXED },
  { name: "the stop reason taken from the model's own result", code: SDK_PROMPT(`const controller = new AbortController();
turns.set(params.sessionId, controller);
const result = model(controller.signal);
if (controller.signal.aborted) return { stopReason: result.stopReason };
return { stopReason: mapStopReason(result) };
declare function model(signal: AbortSignal): { stopReason: "end_turn" | "cancelled" };
declare function mapStopReason(r: unknown): "end_turn";`) },
  {
    name: "the 2.x context's signal is no abort session/cancel makes: a check of it is fine, whatever it returns",
    code: SDK_PROMPT(`run(new AbortController().signal);
return { stopReason: params.sessionId ? "end_turn" : "refusal" };`).replace("async ({ params })", "async ({ params, signal })").replace("run(new AbortController().signal);", "run(signal);\nif (signal.aborted) throw RequestError.requestCancelled();"),
  },
  {
    name: "ctx.signal.aborted: answered -32800 for $/cancel_request, which is right",
    code: handlerStyle("sdk: AGENT_METHODS key").program("session/prompt", `if (ctx.signal.aborted) throw RequestError.requestCancelled();
return { stopReason: "end_turn" };`) + CANCEL,
  },
  {
    name: "an AbortError rethrown by a turn that runs only under the 2.x context's signal: -32800 for $/cancel_request",
    code: handlerStyle("sdk: AGENT_METHODS key").program("session/prompt", `try {
  run(ctx.signal);
} catch (err) {
  if (err instanceof Error && err.name === "AbortError") throw err;
  return { stopReason: "refusal" };
}
return { stopReason: "end_turn" };`) + CANCEL,
  },
  {
    name: "no session/cancel handler aborts anything: an AbortError may be a timeout's, stay silent",
    code: SDK_PROMPT(`try {
  run(AbortSignal.timeout(1000));
} catch (err) {
  if (err instanceof Error && err.name === "AbortError") return { stopReason: "max_turn_requests" };
  throw err;
}
return { stopReason: "end_turn" };`, ""),
  },
  {
    name: "the signal check is caught inside the handler: the catch answers",
    code: SDK_PROMPT(`const controller = new AbortController();
turns.set(params.sessionId, controller);
try {
  run(controller.signal);
  if (controller.signal.aborted) throw new Error("aborted");
  controller.signal.throwIfAborted();
} catch {
  return { stopReason: "cancelled" };
}
return { stopReason: "end_turn" };`),
  },
  {
    name: "another method's handler returns stopReason-like objects after an abort",
    code: handlerStyle("sdk: methods.* constant").program("session/set_mode", `const controller = new AbortController();
if (controller.signal.aborted) return { stopReason: "end_turn" } as never;
return {};`) + CANCEL,
  },
  {
    name: "a throw inside a nested callback is the callback's",
    code: SDK_PROMPT(`const controller = new AbortController();
turns.set(params.sessionId, controller);
controller.signal.addEventListener("abort", () => {
  if (controller.signal.aborted) throw new Error("aborted");
});
run(controller.signal);
return { stopReason: controller.signal.aborted ? "cancelled" : "end_turn" };`),
  },
  {
    name: "never-cancelled: the prompt does not run the turn session/cancel aborts (no signal of it read)",
    code: `import { type Agent } from "@agentclientprotocol/sdk";
export class A implements Agent {
  private chats = new Map<string, { turn: AbortController | null }>();
  async prompt(params: { sessionId: string }) {
    const chat = this.chats.get(params.sessionId)!;
    chat.turn = new AbortController();
    return { stopReason: "end_turn" as const };
  }
  async cancel(params: { sessionId: string }) {
    this.chats.get(params.sessionId)?.turn?.abort();
  }
}`,
  },
  {
    name: "never-cancelled: the cancel handler aborts a controller the prompt never names",
    code: `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private store = new Map<string, { abort?: AbortController }>();
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    const signal = new AbortController().signal;
    void signal;
    void params;
    return { stopReason: "end_turn" };
  }
  async cancel(params: acp.CancelNotification): Promise<void> {
    this.store.get(params.sessionId)?.abort?.abort();
  }
}`,
  },
  {
    name: "never-cancelled: a result the rule cannot tell (the model's) may be cancelled",
    code: SDK_PROMPT(`const controller = new AbortController();
turns.set(params.sessionId, controller);
try {
  return model(controller.signal);
} catch {
  return { stopReason: "refusal" };
}
declare function model(signal: AbortSignal): { stopReason: "end_turn" | "cancelled" };`),
  },
  {
    name: "never-cancelled: the cancel handler only logs",
    code: SDK_PROMPT(`const controller = new AbortController();
run(controller.signal);
return { stopReason: "end_turn" };`, `
import { agent as cancelApp } from "@agentclientprotocol/sdk";
declare function run(signal: AbortSignal): void;
export const canceller = cancelApp({ name: "c" }).onNotification("session/cancel", ({ params }) => {
  console.log("cancel", params.sessionId);
});`),
  },
];

const invalid: Invalid[] = [
  {
    name: "session/cancel aborts the service session the turn runs on, and no result is cancelled",
    code: ABORTED_NEVER,
    errors: neverCancelled(ABORTED_NEVER, "end_turn"),
  },
  {
    name: "session/cancel interrupts the backend the turn runs on, and no result is cancelled",
    code: STOPPED_NEVER,
    errors: neverCancelled(STOPPED_NEVER, "max_tokens", "end_turn"),
  },
  {
    name: "session/cancel resolves the promise the turn races against, and no result is cancelled",
    code: RESOLVED,
    errors: neverCancelled(RESOLVED, "end_turn"),
  },
  {
    // The summaries layer: each handler reaches the pending entry through a helper that gives it back.
    name: "session/cancel resolves the promise the turn races against, both reached through a helper",
    code: RESOLVED_THROUGH_HELPER,
    errors: neverCancelled(RESOLVED_THROUGH_HELPER, "end_turn"),
  },
  { name: "the controller stored in a field the cancel handler aborts, read through a local signal", code: PENDING, errors: [wrongStop(PENDING, '"end_turn"', "end_turn")] },
  { name: "signal.aborted || AbortError: the error rethrown", code: EITHER_RETHROWN, errors: [throws(EITHER_RETHROWN, "throw error;")] },
  {
    name: "never-cancelled: the prompt resets the flag the cancel handler sets, and answers end_turn whatever happens",
    code: RESET_ONLY,
    errors: neverCancelled(RESET_ONLY, "end_turn"),
  },
  ...styleCases.flatMap((c) => c.invalid),
  { name: "the shared case: end_turn inside the catch once the signal aborted", code: CASE, errors: [wrongStop(CASE, '"end_turn"', "end_turn")] },
  {
    name: "err.name === 'AbortError': end_turn after the abort; the non-abort rethrow is fine",
    code: recognised.errorName,
    errors: [wrongStop(recognised.errorName, '"end_turn"', "end_turn")],
  },
  { name: "DOMException && name: a new Error thrown", code: recognised.domException, errors: [throws(recognised.domException, 'throw new Error("turn aborted");')] },
  {
    name: "if (!isAbortError(err)) throw err; the abort path answers max_tokens",
    code: recognised.predicate,
    errors: [wrongStop(recognised.predicate, '"max_tokens"', "max_tokens")],
  },
  {
    name: "instanceof APIUserAbortError: RequestError.requestCancelled() is -32800",
    code: recognised.abortClass,
    errors: [throws(recognised.abortClass, "throw RequestError.requestCancelled();", 0, "requestCancelledAfterAbort")],
  },
  {
    name: "signal.aborted ? end_turn : ...",
    code: recognised.conditional,
    errors: [wrongStop(recognised.conditional, '"end_turn"', "end_turn")],
  },
  {
    name: "signal.aborted ? end_turn : ..., the controller stored through satisfies",
    code: STORED_THROUGH_SATISFIES,
    errors: [wrongStop(STORED_THROUGH_SATISFIES, '"end_turn"', "end_turn")],
  },
  {
    name: "a local const holding the abort test",
    code: recognised.localFlag,
    errors: [wrongStop(recognised.localFlag, '"end_turn"', "end_turn")],
  },
  {
    name: "signal.throwIfAborted() uncaught in the handler",
    code: recognised.throwIfAborted,
    errors: [
      {
        messageId: "throwAfterAbort",
        ...at(recognised.throwIfAborted, "controller.signal.throwIfAborted()"),
        suggestions: [
          {
            messageId: "returnCancelled",
            output: recognised.throwIfAborted.replace("controller.signal.throwIfAborted();", 'if (controller.signal.aborted) return { stopReason: "cancelled" };'),
          },
        ],
      },
    ],
  },
  { name: "a flag the cancel handler sets, single quotes kept", code: FLAGGED, errors: [wrongStop(FLAGGED, "'end_turn'", "end_turn")] },
  {
    name: "dispatch: -32800 returned once the flag is set (no suggestion: dispatch sends envelopes)",
    code: DISPATCH_CANCELLED_ERROR,
    errors: [report("requestCancelledAfterAbort", DISPATCH_CANCELLED_ERROR, '{ code: -32800, message: "Request cancelled" }')],
  },
  {
    name: "dispatch: an error response sent once the flag is set",
    code: DISPATCH_SENT_ERROR,
    errors: [report("errorAfterAbort", DISPATCH_SENT_ERROR, '{ code: -32603, message: "aborted" }')],
  },
  {
    name: "dispatch: end_turn in the envelope once the flag is set",
    code: DISPATCH_WRONG_RESULT,
    errors: [wrongStop(DISPATCH_WRONG_RESULT, '"end_turn"', "end_turn")],
  },
  { name: "through a same-file helper: the argument is reported", code: HELPER, errors: [wrongStop(HELPER, '"end_turn"', "end_turn")] },
  {
    name: "never-cancelled: session/cancel aborts the turn, no result is cancelled",
    code: NEVER,
    errors: neverCancelled(NEVER, "refusal", "end_turn"),
  },
  {
    name: "never-cancelled: a legacy class whose cancel aborts the controller its prompt runs under",
    code: NEVER_LEGACY,
    errors: neverCancelled(NEVER_LEGACY, "end_turn"),
  },
  {
    name: "protocol version 2: the error stop reason after the abort (agents MUST report cancelled, not error)",
    code: LEGACY(turn('return { stopReason: "error" } as never;')),
    settings: { acp: { protocolVersion: 2 } },
    errors: [{ ...wrongStop(LEGACY(turn('return { stopReason: "error" } as never;')), '"error"', "error"), messageId: "stopReasonAfterAbortV2" }],
  },
];

/** A legacy agent beside gateway-turns.ts: its turn runs through another module's manager, which cancel stops. */
const GATEWAY_DIR = fileURLToPath(new URL("../fixtures/resolution", import.meta.url));
const gatewayAgent = (turn: string) => `import * as acp from "@agentclientprotocol/sdk";
import { GatewaySessions } from "./gateway-turns.js";
export class GatewayAgent implements acp.Agent {
  private readonly sessions = new GatewaySessions();
  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} };
  }
  async newSession(): Promise<acp.NewSessionResponse> {
    return { sessionId: "s" };
  }
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    ${turn}
  }
  async cancel(params: acp.CancelNotification): Promise<void> {
    await this.sessions.cancelPrompt(params.sessionId);
  }
}`;
const GATEWAY_NEVER = gatewayAgent(`await this.sessions.sendPrompt(params.sessionId, "text");
    return { stopReason: "end_turn" };`);
invalid.push({
  name: "a turn run through another module's manager whose method gives back another call, stopped by cancel's call on the same manager",
  filename: `${GATEWAY_DIR}/gateway-agent.ts`,
  code: GATEWAY_NEVER,
  errors: neverCancelled(GATEWAY_NEVER, "end_turn"),
});
valid.push({
  name: "the same turn answered cancelled when the manager says so",
  filename: `${GATEWAY_DIR}/gateway-agent.ts`,
  code: gatewayAgent(`const reply = await this.sessions.sendPrompt(params.sessionId, "text");
    return { stopReason: reply === "" ? "cancelled" : "end_turn" };`),
});

untypedTester().run("prompt-cancel-stop-reason", rule, { valid, invalid });

/** With type information: a stop reason constant from another file. */
const TYPED_END = `import { agent, methods } from "@agentclientprotocol/sdk";
import { END_TURN, CANCELLED, type ModelTurn } from "./stop-reasons.js";
const turns = new Map<string, AbortController>();
declare function model(signal: AbortSignal): ModelTurn;
export const app = agent({ name: "a" })
  .onNotification(methods.agent.session.cancel, ({ params }) => turns.get(params.sessionId)?.abort())
  .onRequest(methods.agent.session.prompt, ({ params }) => {
    const controller = new AbortController();
    turns.set(params.sessionId, controller);
    const turn = model(controller.signal);
    if (controller.signal.aborted) return { stopReason: END_TURN };
    return { stopReason: turn.stopReason };
  });`;

typedTester().run("prompt-cancel-stop-reason (typed)", rule, {
  valid: [
    { name: "typed: a cross-file CANCELLED after the abort", filename: typedFile, code: TYPED_END.replace("stopReason: END_TURN", "stopReason: CANCELLED") },
    { name: "typed: the model's stop reason (a union with cancelled) is no certain value", filename: typedFile, code: TYPED_END.replace("stopReason: END_TURN", "stopReason: turn.stopReason") },
  ],
  invalid: [
    {
      name: "typed: a cross-file END_TURN after the abort",
      filename: typedFile,
      code: TYPED_END,
      errors: [
        {
          messageId: "stopReasonAfterAbort",
          data: { value: "end_turn" },
          ...at(TYPED_END, "END_TURN }"),
          endColumn: at(TYPED_END, "END_TURN }").column + "END_TURN".length,
          suggestions: [{ messageId: "useCancelled", output: TYPED_END.replace("stopReason: END_TURN", 'stopReason: "cancelled"') }],
        },
      ],
    },
  ],
});
