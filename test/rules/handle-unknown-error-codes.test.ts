import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/handle-unknown-error-codes.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;

/** A report spanning exactly `text` (its `nth` occurrence); the rule offers no fix or suggestion. */
type Expected = readonly [messageId: MessageIds, text: string, nth?: number];

function invalid(name: string, code: string, expected: readonly Expected[], extra: Partial<Invalid> = {}): Invalid {
  const errors: TestCaseError<MessageIds>[] = expected.map(([messageId, text, nth = 0]) => ({
    messageId,
    ...at(code, text, nth),
    suggestions: [],
  }));
  return { name, code, errors, output: null, ...extra };
}

const v2 = { acp: { protocolVersion: 2 } };

// ---------------------------------------------------------------------------------------------------------------
// (a) A code switch without a default that ends its function: an unknown code falls off the end. Reported at
// the switch's head, `switch (discriminant)`.
// ---------------------------------------------------------------------------------------------------------------

const fallsOffEnd: Invalid[] = [
  invalid(
    "cases that all return, over a code typed as a union of ACP codes",
    `
type AgentFailure = { code: -32000 | -32002 | -32601; message: string };

export function nextStep(failure: AgentFailure): "login" | "recreate" | "skip" {
  switch (failure.code) {
    case -32000:
      return "login";
    case -32002:
      return "recreate";
    case -32601:
      return "skip";
  }
}
`,
    [["fallsOffEnd", "switch (failure.code)"]],
  ),
  invalid(
    "cases that break: an unknown code does nothing",
    `
export function onAgentError(error: { code: number; message: string }, ui: { login(): void; reload(): void }) {
  switch (error.code) {
    case -32000:
      ui.login();
      break;
    case -32002:
      ui.reload();
      break;
  }
}
`,
    [["fallsOffEnd", "switch (error.code)"]],
  ),
  invalid(
    "case labels that are local constants",
    `
const AUTH_REQUIRED = -32000;
const NOT_FOUND = -32002;

export function label(code: number) {
  switch (code) {
    case AUTH_REQUIRED:
      return "Sign in";
    case NOT_FOUND:
      return "Gone";
  }
}
`,
    [["fallsOffEnd", "switch (code)"]],
  ),
  invalid(
    "case labels that are members of an as-const object",
    `
const ErrorCode = { AuthRequired: -32000, MethodNotFound: -32601, InternalError: -32603 } as const;

export function retryable(err: { code: number }): boolean {
  switch (err.code) {
    case ErrorCode.AuthRequired:
      return false;
    case ErrorCode.InternalError:
      return true;
  }
}
`,
    [["fallsOffEnd", "switch (err.code)"]],
  ),
  invalid(
    "case labels that are enum members",
    `
enum AcpCode {
  AuthRequired = -32000,
  ResourceNotFound = -32002,
}

export function describe(code: AcpCode) {
  switch (code) {
    case AcpCode.AuthRequired:
      return "auth";
    case AcpCode.ResourceNotFound:
      return "missing";
  }
}
`,
    [["fallsOffEnd", "switch (code)"]],
  ),
  invalid(
    "an implementation code inside the reserved range counts as an error code",
    `
export function busy(e: { code: number }) {
  switch (e.code) {
    case -32042:
      return "retry later";
  }
}
`,
    [["fallsOffEnd", "switch (e.code)"]],
  ),
  invalid(
    "-32800 (Request cancelled) is an ACP code outside the reserved range",
    `
export function cancelled(e: { code: number }) {
  switch (e.code) {
    case -32800:
      return true;
  }
}
`,
    [["fallsOffEnd", "switch (e.code)"]],
  ),
  invalid(
    "application codes outside the range next to an ACP code",
    `
export function classify(e: { code: number }) {
  switch (e.code) {
    case -32603:
      return "internal";
    case 1001:
      return "quota";
    case 429:
      return "rate limited";
  }
}
`,
    [["fallsOffEnd", "switch (e.code)"]],
  ),
  invalid(
    "a case that cannot be resolved next to an ACP code",
    `
import { QUOTA } from "./limits.js";

export function classify(e: { code: number }) {
  switch (e.code) {
    case QUOTA:
      return "quota";
    case -32000:
      return "login";
  }
}
`,
    [["fallsOffEnd", "switch (e.code)"]],
  ),
  invalid(
    "a conditional case label whose branches are both ACP codes",
    `
export function firstAttempt(e: { code: number }, strict: boolean) {
  switch (e.code) {
    case strict ? -32602 : -32600:
      return "fix the request";
  }
}
`,
    [["fallsOffEnd", "switch (e.code)"]],
  ),
  invalid(
    "case bodies in blocks",
    `
export function handle(e: { code: number }) {
  switch (e.code) {
    case -32000: {
      return "login";
    }
    case -32601: {
      return "upgrade";
    }
  }
}
`,
    [["fallsOffEnd", "switch (e.code)"]],
  ),
  invalid(
    "the last statement of a plain block that ends the function",
    `
export function handle(e: { code: number }) {
  const log = [] as string[];
  {
    log.push("handling");
    switch (e.code) {
      case -32000:
        return "login";
    }
  }
}
`,
    [["fallsOffEnd", "switch (e.code)"]],
  ),
  invalid(
    "a labelled switch at the end of the function",
    `
export function handle(e: { code: number }) {
  codes: switch (e.code) {
    case -32000:
      if (e.code > 0) break codes;
      return "login";
  }
}
`,
    [["fallsOffEnd", "switch (e.code)"]],
  ),
  invalid(
    "a discriminant over several lines: the report spans the head up to its closing parenthesis",
    `
export function handle(response: { error?: { code: number } }) {
  switch (
    response.error?.code
  ) {
    case -32000:
      return "login";
  }
}
`,
    [["fallsOffEnd", "switch (\n    response.error?.code\n  )"]],
  ),
  invalid(
    "an arrow function with a block body",
    `
export const nextStep = (code: number) => {
  switch (code) {
    case -32000:
      return "login";
    case -32002:
      return "recreate";
  }
};
`,
    [["fallsOffEnd", "switch (code)"]],
  ),
  invalid(
    "a callback passed to an event handler",
    `
declare const connection: { on(event: string, cb: (e: { code: number }) => void): void };
declare function signIn(): void;

connection.on("error", (e) => {
  switch (e.code) {
    case -32000:
      signIn();
      break;
  }
});
`,
    [["fallsOffEnd", "switch (e.code)"]],
  ),
  invalid(
    "a class method",
    `
export class ErrorPresenter {
  title(error: { code: number }) {
    switch (error.code) {
      case -32000:
        return "Sign in required";
      case -32603:
        return "The agent failed";
    }
  }
}
`,
    [["fallsOffEnd", "switch (error.code)"]],
  ),
  invalid(
    "an object method and an async function",
    `
export const presenter = {
  title(error: { code: number }) {
    switch (error.code) {
      case -32000:
        return "Sign in required";
    }
  },
};

export async function recover(error: { code: number }, login: () => Promise<void>) {
  switch (error.code) {
    case -32000:
      await login();
      return true;
  }
}
`,
    [
      ["fallsOffEnd", "switch (error.code)", 0],
      ["fallsOffEnd", "switch (error.code)", 1],
    ],
  ),
  invalid(
    "a generator",
    `
export function* steps(error: { code: number }) {
  switch (error.code) {
    case -32000:
      yield "login";
      yield "retry";
      break;
  }
}
`,
    [["fallsOffEnd", "switch (error.code)"]],
  ),
  invalid(
    "a nested function: the inner function ends with the switch, the outer one does not",
    `
export function makeHandler(ui: { show(text: string): void }) {
  function hint(code: number) {
    switch (code) {
      case -32000:
        return "sign in";
    }
  }
  return (code: number) => ui.show(hint(code) ?? "see the agent log");
}
`,
    [["fallsOffEnd", "switch (code)"]],
  ),
  invalid(
    "a switch nested in a case of another switch is judged by its own function",
    `
export function outer(kind: string, e: { code: number }) {
  const inner = () => {
    switch (e.code) {
      case -32602:
        return "fix params";
    }
  };
  switch (kind) {
    case "error":
      return inner();
    default:
      return "ok";
  }
}
`,
    [["fallsOffEnd", "switch (e.code)"]],
  ),
];

// ---------------------------------------------------------------------------------------------------------------
// (b) A default that only asserts that no other code can arrive. Reported at the assertion.
// ---------------------------------------------------------------------------------------------------------------

const assertsExhaustive: Invalid[] = [
  invalid(
    "const unreachable: never = failure.code",
    `
type AgentFailure = { code: -32000 | -32002 | -32601; message: string };

export function exhaustive(failure: AgentFailure) {
  switch (failure.code) {
    case -32000:
      return 1;
    case -32002:
    case -32601:
      return 2;
    default: {
      const unreachable: never = failure.code;
      return unreachable;
    }
  }
}
`,
    [["assertsExhaustive", "unreachable: never = failure.code"]],
  ),
  invalid(
    "assertNever(code) as a statement",
    `
declare function assertNever(value: never): never;

export function title(code: -32000 | -32002) {
  switch (code) {
    case -32000:
      return "Sign in";
    case -32002:
      return "Not found";
    default:
      assertNever(code);
  }
}
`,
    [["assertsExhaustive", "assertNever(code)"]],
  ),
  invalid(
    "return assertNever(err.code)",
    `
declare function assertNever(value: never): never;

export function title(err: { code: -32000 | -32602 }) {
  switch (err.code) {
    case -32000:
      return "Sign in";
    case -32602:
      return "Bad request";
    default:
      return assertNever(err.code);
  }
}
`,
    [["assertsExhaustive", "assertNever(err.code)"]],
  ),
  invalid(
    "assertNever(failure): the object the switched code is read from",
    `
type Failure = { code: -32000; login: string } | { code: -32002; uri: string };
declare function assertNever(value: never): never;

export function recover(failure: Failure) {
  switch (failure.code) {
    case -32000:
      return failure.login;
    case -32002:
      return failure.uri;
    default:
      return assertNever(failure);
  }
}
`,
    [["assertsExhaustive", "assertNever(failure)", 0]],
  ),
  invalid(
    "throw new UnreachableCaseError(code)",
    `
class UnreachableCaseError extends Error {
  constructor(value: never) {
    super(\`Unreachable case: \${String(value)}\`);
  }
}

export function title(code: -32000 | -32601) {
  switch (code) {
    case -32000:
      return "Sign in";
    case -32601:
      return "Upgrade the agent";
    default:
      throw new UnreachableCaseError(code);
  }
}
`,
    [["assertsExhaustive", "new UnreachableCaseError(code)"]],
  ),
  invalid(
    "a member call utils.exhaustive(x) in a block, then break",
    `
declare const utils: { exhaustive(value: never): void };

export function track(error: { code: -32000 | -32603 }, counts: Record<string, number>) {
  switch (error.code) {
    case -32000:
      counts.auth = (counts.auth ?? 0) + 1;
      break;
    case -32603:
      counts.internal = (counts.internal ?? 0) + 1;
      break;
    default: {
      utils.exhaustive(error.code);
      break;
    }
  }
  return counts;
}
`,
    [["assertsExhaustive", "utils.exhaustive(error.code)"]],
  ),
  invalid(
    "code satisfies never",
    `
export function title(code: -32000 | -32002) {
  switch (code) {
    case -32000:
      return "Sign in";
    case -32002:
      return "Not found";
    default:
      code satisfies never;
      return;
  }
}
`,
    [["assertsExhaustive", "code satisfies never"]],
  ),
  invalid(
    "const _exhaustive: never = code; throw _exhaustive",
    `
export function title(code: -32000 | -32002) {
  switch (code) {
    case -32000:
      return "Sign in";
    case -32002:
      return "Not found";
    default:
      const _exhaustive: never = code;
      throw _exhaustive;
  }
}
`,
    [["assertsExhaustive", "_exhaustive: never = code"]],
  ),
  invalid(
    'throw new Error("unreachable")',
    `
export function title(code: number) {
  switch (code) {
    case -32000:
      return "Sign in";
    default:
      throw new Error("unreachable");
  }
}
`,
    [["assertsExhaustive", 'new Error("unreachable")']],
  ),
  invalid(
    "a template message saying the code is unexpected",
    `
export function title(err: { code: number }) {
  switch (err.code) {
    case -32000:
      return "Sign in";
    case -32601:
      return "Upgrade the agent";
    default:
      throw new Error(\`Unexpected error code \${err.code}\`);
  }
}
`,
    [["assertsExhaustive", "new Error(`Unexpected error code ${err.code}`)"]],
  ),
  invalid(
    "Error() without new, and a message constant saying it cannot happen",
    `
const IMPOSSIBLE = "impossible error code";

export function a(code: number) {
  switch (code) {
    case -32000:
      return "Sign in";
    default:
      throw Error("This should never happen");
  }
}

export function b(code: number) {
  switch (code) {
    case -32002:
      return "Not found";
    default:
      throw new TypeError(IMPOSSIBLE);
  }
}
`,
    [
      ["assertsExhaustive", 'Error("This should never happen")'],
      ["assertsExhaustive", "new TypeError(IMPOSSIBLE)"],
    ],
  ),
  invalid(
    "the position of the switch does not matter for an asserting default",
    `
declare function assertNever(value: never): never;
declare function log(text: string): void;

export function report(code: -32000 | -32603) {
  let text: string;
  switch (code) {
    case -32000:
      text = "Sign in";
      break;
    case -32603:
      text = "Agent failed";
      break;
    default:
      assertNever(code);
  }
  log(text);
}
`,
    [["assertsExhaustive", "assertNever(code)"]],
  ),
];

// ---------------------------------------------------------------------------------------------------------------
// (c) A lookup into a table keyed by ACP codes, with no fallback and no check. Reported at the access.
// ---------------------------------------------------------------------------------------------------------------

const unguardedLookups: Invalid[] = [
  invalid(
    "HINTS[err.code].trim() with computed numeric keys",
    `
import type { RequestError } from "@agentclientprotocol/sdk";

const HINTS: { [code: number]: string } = { [-32000]: "sign in", [-32601]: "upgrade the agent" };

export function hint(err: RequestError) {
  return HINTS[err.code].trim();
}
`,
    [["unguardedLookup", "HINTS[err.code]"]],
  ),
  invalid(
    "string keys, returned as is",
    `
const MESSAGES: Record<string, string> = { "-32000": "Please sign in", "-32002": "The session is gone" };

export function message(e: { code: number }): string {
  return MESSAGES[e.code];
}
`,
    [["unguardedLookup", "MESSAGES[e.code]"]],
  ),
  invalid(
    "keys given by constants and an object of codes",
    `
const AUTH_REQUIRED = -32000;
const Codes = { MethodNotFound: -32601 } as const;
const ACTIONS = { [AUTH_REQUIRED]: "login", [Codes.MethodNotFound]: "upgrade" };

export function action(error: { code: number }) {
  return ACTIONS[error.code].toUpperCase();
}
`,
    [["unguardedLookup", "ACTIONS[error.code]", 0]],
  ),
  invalid(
    "a handler table called with the code's handler",
    `
const HANDLERS: Record<number, (e: Error) => void> = {
  [-32000]: () => openLogin(),
  [-32603]: (e) => console.error(e),
};
declare function openLogin(): void;

export function onError(error: Error & { code: number }) {
  HANDLERS[error.code](error);
}
`,
    [["unguardedLookup", "HANDLERS[error.code]"]],
  ),
  invalid(
    "destructuring the looked-up entry",
    `
const ENTRIES: Record<number, { label: string; retry: boolean }> = {
  [-32000]: { label: "Sign in", retry: false },
  [-32603]: { label: "Agent failed", retry: true },
};

export function entry(err: { code: number }) {
  const { label, retry } = ENTRIES[err.code];
  return retry ? \`\${label} (retrying)\` : label;
}
`,
    [["unguardedLookup", "ENTRIES[err.code]"]],
  ),
  invalid(
    "keys spelt String(code), a bare code parameter and an errorCode name",
    `
const HINTS: Record<string, string> = { "-32000": "sign in", "-32601": "upgrade" };

export const a = (e: { code: number }) => HINTS[String(e.code)].length;
export const b = (code: number) => HINTS[code].length;
export const c = (errorCode: number) => HINTS[errorCode].length;
`,
    [
      ["unguardedLookup", "HINTS[String(e.code)]"],
      ["unguardedLookup", "HINTS[code]"],
      ["unguardedLookup", "HINTS[errorCode]"],
    ],
  ),
  invalid(
    "the result kept in a variable that is used unchecked",
    `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export function hint(e: { code: number }) {
  const text = HINTS[e.code];
  return text.trim();
}
`,
    [["unguardedLookup", "HINTS[e.code]"]],
  ),
  invalid(
    "passed to a call, after a non-null assertion, and as the right side of ??",
    `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade", [1001]: "quota" };
declare function show(text: string): void;

export function a(e: { code: number }) {
  show(HINTS[e.code]);
}
export function b(e: { code: number }) {
  return HINTS[e.code]!.trim();
}
export function c(e: { code: number }, custom?: string) {
  return custom ?? HINTS[e.code];
}
`,
    [
      ["unguardedLookup", "HINTS[e.code]", 0],
      ["unguardedLookup", "HINTS[e.code]", 1],
      ["unguardedLookup", "HINTS[e.code]", 2],
    ],
  ),
  invalid(
    "a check of another key, or of another table, does not guard the lookup",
    `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };
const OTHER: Record<number, string> = {};

export function a(e: { code: number }, f: { code: number }) {
  if (f.code in HINTS) return HINTS[e.code].trim();
  return "";
}
export function b(e: { code: number }) {
  if (e.code in OTHER) return HINTS[e.code].trim();
  return "";
}
`,
    [
      ["unguardedLookup", "HINTS[e.code]", 0],
      ["unguardedLookup", "HINTS[e.code]", 1],
    ],
  ),
  invalid(
    "a call that is handed the table and the key is no membership test",
    `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };
declare function track(this: object, code: number): boolean;

export function hint(e: { code: number }) {
  if (track.call(HINTS, e.code)) return HINTS[e.code].trim();
  return "";
}
`,
    [["unguardedLookup", "HINTS[e.code]"]],
  ),
  invalid(
    "a fallback on an earlier lookup does not guard a later one",
    `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };
declare function show(text: string): void;

export function hint(e: { code: number }) {
  show(HINTS[e.code] ?? "see the agent log");
  return HINTS[e.code].trim();
}
`,
    [["unguardedLookup", "HINTS[e.code]", 1]],
  ),
  invalid(
    "an early return on one code does not guard the lookup after it",
    `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export function hint(e: { code: number }) {
  if (e.code === -32603) return "the agent failed";
  return HINTS[e.code].trim();
}
`,
    [["unguardedLookup", "HINTS[e.code]"]],
  ),
  invalid(
    "optional access to the table is not a fallback for the result; a frozen table",
    `
const HINTS = Object.freeze({ [-32000]: "sign in", [-32002]: "reload" }) as Record<number, string> | undefined;

export function hint(e: { code: number }) {
  return HINTS?.[e.code].trim();
}
`,
    [["unguardedLookup", "HINTS?.[e.code]"]],
  ),
  invalid(
    "protocol version 2: -32022 is an ACP code, so the table has two",
    `
const HINTS: Record<number, string> = { [-32022]: "upgrade the agent", [-32000]: "sign in" };

export const hint = (e: { code: number }) => HINTS[e.code].trim();
`,
    [["unguardedLookup", "HINTS[e.code]"]],
    { settings: v2 },
  ),
  invalid(
    "a code known not to be one value is still any other",
    `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export function hint(e: { code: number }) {
  if (e.code === -32000) return "sign in first";
  else if (e.code !== -32603) return HINTS[e.code].trim();
  return "internal";
}

export const other = (e: { code: number }) => e.code === -32603 || HINTS[e.code].trim();
`,
    [
      ["unguardedLookup", "HINTS[e.code]"],
      ["unguardedLookup", "HINTS[e.code]", 1],
    ],
  ),
];

// ---------------------------------------------------------------------------------------------------------------
// Valid: switches over something else, switches with a real default or code after them, and checked lookups.
// ---------------------------------------------------------------------------------------------------------------

const otherSwitches: Valid[] = [
  {
    name: "HTTP statuses",
    code: `
export function statusText(status: number) {
  switch (status) {
    case 200:
      return "OK";
    case 404:
      return "Not Found";
    case 500:
      return "Internal Server Error";
  }
}
`,
  },
  {
    name: 'message kinds "text" / "image" without a default',
    code: `
export function kind(k: "text" | "image") {
  switch (k) {
    case "text":
      return 0;
    case "image":
      return 1;
  }
}
`,
  },
  {
    name: 'message kinds "text" / "image" with assertNever',
    code: `
declare function assertNever(value: never): never;

export function render(k: "text" | "image") {
  switch (k) {
    case "text":
      return "<p>";
    case "image":
      return "<img>";
    default:
      return assertNever(k);
  }
}
`,
  },
  {
    name: "Node's error codes",
    code: `
export function explain(err: NodeJS.ErrnoException) {
  switch (err.code) {
    case "ENOENT":
      return "missing";
    case "EACCES":
      return "denied";
  }
}
`,
  },
  {
    name: "a string case next to an ACP code: not a switch over error codes alone",
    code: `
export function explain(err: { code: string | number }) {
  switch (err.code) {
    case "ENOENT":
      return "missing";
    case -32002:
      return "not found";
  }
}
`,
  },
  {
    name: "a fractional case next to an ACP code",
    code: `
export function version(v: number) {
  switch (v) {
    case 1.5:
      return "beta";
    case -32000:
      return "auth";
  }
}
`,
  },
  {
    name: "codes of LSP's range that ACP does not define",
    code: `
export function lsp(e: { code: number }) {
  switch (e.code) {
    case -32801:
      return "content modified";
    case -32802:
      return "server cancelled";
  }
}
`,
  },
  {
    name: "cases on identifiers that cannot be resolved",
    code: `
import { ErrorCode } from "./errors.js";

export function title(e: { code: number }) {
  switch (e.code) {
    case ErrorCode.AuthRequired:
      return "Sign in";
    case ErrorCode.NotFound:
      return "Not found";
  }
}
`,
  },
  {
    name: "switch (true) with comparisons",
    code: `
export function band(e: { code: number }) {
  switch (true) {
    case e.code === -32000:
      return "auth";
    case e.code <= -32000:
      return "reserved";
  }
}
`,
  },
  {
    name: "predicates on the code instead of a switch",
    code: `
export function classify(e: { code?: number }) {
  if (e.code === -32000) return "auth";
  if (e.code === -32601) return "unsupported";
}
`,
  },
];

const handledSwitches: Valid[] = [
  {
    name: "a generic rethrow after the switch (nextStepWithFallback)",
    code: `
export function nextStepWithFallback(failure: { code: number }) {
  switch (failure.code) {
    case -32000:
      return "login";
    case -32002:
      return "recreate";
  }
  throw new Error(\`agent error \${failure.code}\`);
}
`,
  },
  {
    name: "a generic return after the switch",
    code: `
export function title(e: { code: number; message: string }) {
  switch (e.code) {
    case -32000:
      return "Sign in";
  }
  return e.message;
}
`,
  },
  {
    name: 'default: return "generic"',
    code: `
export function title(e: { code: number }) {
  switch (e.code) {
    case -32000:
      return "Sign in";
    default:
      return "generic";
  }
}
`,
  },
  {
    name: "default: throw err",
    code: `
export function recover(err: Error & { code: number }) {
  switch (err.code) {
    case -32000:
      return "login";
    default:
      throw err;
  }
}
`,
  },
  {
    name: "a default that throws a generic error naming the code",
    code: `
export function recover(err: { code: number; message: string }) {
  switch (err.code) {
    case -32000:
      return "login";
    default:
      throw new Error(\`agent error \${err.code}: \${err.message}\`);
  }
}
`,
  },
  {
    name: "a default that asserts, then handles the code anyway",
    code: `
export function title(code: -32000 | -32002) {
  switch (code) {
    case -32000:
      return "Sign in";
    case -32002:
      return "Not found";
    default: {
      const _unknown: never = code;
      return "Agent error";
    }
  }
}
`,
  },
  {
    name: "a default that logs before asserting",
    code: `
declare function assertNever(value: never): never;

export function title(code: -32000 | -32002) {
  switch (code) {
    case -32000:
      return "Sign in";
    case -32002:
      return "Not found";
    default:
      console.warn("unknown agent error", code);
      assertNever(code);
  }
}
`,
  },
  {
    name: "an assertion about another value",
    code: `
declare function assertNever(value: never): never;

export function title(code: number, mode: never) {
  switch (code) {
    case -32000:
      return "Sign in";
    default:
      return assertNever(mode);
  }
}
`,
  },
  {
    name: "an empty default and a default that only breaks are deliberate",
    code: `
declare function login(): void;

export function a(code: number) {
  switch (code) {
    case -32000:
      login();
      break;
    default:
  }
}
export function b(code: number) {
  switch (code) {
    case -32000:
      login();
      break;
    default:
      break;
  }
}
`,
  },
  {
    name: "a default placed first",
    code: `
export function title(code: number) {
  switch (code) {
    default:
      return "Agent error";
    case -32000:
      return "Sign in";
  }
}
`,
  },
  {
    name: "a switch that is not the last statement",
    code: `
declare function log(text: string): void;

export function onError(e: { code: number }) {
  switch (e.code) {
    case -32000:
      log("auth");
      break;
  }
  log("agent error");
}
`,
  },
  {
    name: "a switch inside a loop: an unmatched code continues the loop",
    code: `
export function count(errors: { code: number }[]) {
  let auth = 0;
  for (const e of errors) {
    switch (e.code) {
      case -32000:
        auth++;
        break;
    }
  }
  return auth;
}
export function first(errors: { code: number }[]) {
  for (const e of errors) {
    switch (e.code) {
      case -32000:
        return "auth";
    }
  }
}
`,
  },
  {
    name: "a switch at the end of an if, try or case branch is not judged",
    code: `
export function a(e?: { code: number }) {
  if (e) {
    switch (e.code) {
      case -32000:
        return "login";
    }
  }
}
export function b(e: { code: number }) {
  try {
    switch (e.code) {
      case -32000:
        return "login";
    }
  } finally {
    console.log("done");
  }
}
`,
  },
  {
    name: "a switch at the top level of a module",
    code: `
declare const failure: { code: number };
let step = "none";
switch (failure.code) {
  case -32000:
    step = "login";
}
export { step };
`,
  },
  {
    name: "an arrow function with an expression body",
    code: `
export const title = (code: number) => (code === -32000 ? "Sign in" : "Agent error");
export const viaIife = (code: number) =>
  (() => {
    switch (code) {
      case -32000:
        return "Sign in";
    }
    return "Agent error";
  })();
`,
  },
  {
    name: "an arrow function, a generator and a class method with real defaults",
    code: `
export const title = (code: number) => {
  switch (code) {
    case -32000:
      return "Sign in";
    default:
      return "Agent error";
  }
};

export function* steps(code: number) {
  switch (code) {
    case -32000:
      yield "login";
      break;
    default:
      yield "report";
  }
}

export class Presenter {
  title(code: number) {
    switch (code) {
      case -32603:
        return "Agent failed";
      default:
        return \`Agent error \${code}\`;
    }
  }
}
`,
  },
  {
    name: "nested functions: the inner switch has a fallback, the outer function ends with a call",
    code: `
declare function show(text: string): void;

export function onError(e: { code: number }) {
  function hint(code: number) {
    switch (code) {
      case -32000:
        return "sign in";
    }
    return "see the agent log";
  }
  show(hint(e.code));
}
`,
  },
];

const checkedLookups: Valid[] = [
  // Where a `!==` test fails, the code is that one value.
  {
    code: `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export function hint(e: { code: number }) {
  if (e.code !== -32000) return "see the log";
  else return HINTS[e.code].trim();
}

export const other = (e: { code: number }) => e.code !== -32601 || HINTS[e.code].trim();
`,
  },
  {
    name: "err.code in HINTS ? HINTS[err.code] : fallback (hintSafe)",
    code: `
import type { RequestError } from "@agentclientprotocol/sdk";

const HINTS: { [code: number]: string } = { [-32000]: "sign in", [-32601]: "upgrade the agent" };

export function hintSafe(err: RequestError) {
  return err.code in HINTS ? HINTS[err.code] : "see the agent log";
}
`,
  },
  {
    name: "?? and || fallbacks, and optional chaining on the result",
    code: `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export const a = (e: { code: number }) => HINTS[e.code] ?? "see the agent log";
export const b = (e: { code: number }) => HINTS[e.code] || "see the agent log";
export const c = (e: { code: number }) => HINTS[e.code]?.trim() ?? "";
export const d = (e: { code: number }) => (HINTS[e.code] as string | undefined) ?? "";
`,
  },
  {
    name: "an early return when the table lacks the code",
    code: `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export function hint(e: { code: number }) {
  if (!(e.code in HINTS)) return "see the agent log";
  return HINTS[e.code].trim();
}
`,
  },
  {
    name: "the result kept in a variable, then checked",
    code: `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export function a(e: { code: number }) {
  const h = HINTS[e.code];
  if (h) return h.trim();
  return "see the agent log";
}
export function b(e: { code: number }) {
  const h = HINTS[e.code];
  if (h === undefined) throw new Error(\`agent error \${e.code}\`);
  return h.trim();
}
export function c(e: { code: number }) {
  const h = HINTS[e.code];
  return h?.trim() ?? "";
}
`,
  },
  {
    name: "Object.hasOwn, hasOwnProperty and Object.keys(...).includes guards",
    code: `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export const a = (e: { code: number }) => (Object.hasOwn(HINTS, e.code) ? HINTS[e.code].trim() : "");
export const b = (e: { code: number }) => (HINTS.hasOwnProperty(e.code) ? HINTS[e.code].trim() : "");
export const c = (e: { code: number }) =>
  Object.prototype.hasOwnProperty.call(HINTS, e.code) ? HINTS[e.code].trim() : "";
export const d = (e: { code: number }) => (Object.keys(HINTS).includes(String(e.code)) ? HINTS[e.code].trim() : "");
`,
  },
  {
    name: "tests of the lookup itself",
    code: `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export function a(e: { code: number }) {
  if (HINTS[e.code]) return HINTS[e.code].trim();
  return "";
}
export const b = (e: { code: number }) => (HINTS[e.code] !== undefined ? HINTS[e.code].trim() : "");
export const c = (e: { code: number }) => typeof HINTS[e.code] === "string";
export const d = (e: { code: number }) => e.code in HINTS && HINTS[e.code].trim();
export const f = (e: { code: number }) => !HINTS[e.code];
`,
  },
  {
    name: "a lookup where the code is known: a switch case on it, or an equality test",
    code: `
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export function a(e: { code: number }) {
  switch (e.code) {
    case -32000:
      return HINTS[e.code].trim();
    default:
      return "";
  }
}
export function b(e: { code: number }) {
  if (e.code === -32000) return HINTS[e.code].trim();
  return "";
}
`,
  },
  {
    name: "constant keys and writes",
    code: `
const Codes = { AuthRequired: -32000 } as const;
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export const a = () => HINTS[-32000].trim();
export const b = () => HINTS[Codes.AuthRequired].trim();
export function learn(e: { code: number }, text: string) {
  HINTS[e.code] = text;
}
`,
  },
  {
    name: "tables that are not keyed by two ACP codes, and keys not named as codes",
    code: `
const ONE: Record<number, string> = { [-32000]: "sign in", [404]: "not found" };
const BY_NAME = { AuthRequired: -32000, MethodNotFound: -32601 } as const;
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export const a = (e: { code: number }) => ONE[e.code].trim();
export const b = (name: "AuthRequired" | "MethodNotFound") => BY_NAME[name];
export const c = (e: { name: keyof typeof BY_NAME }) => BY_NAME[e.name];
export const d = (index: number) => HINTS[index].trim();
`,
  },
  {
    name: "protocol version 1: -32022 is no ACP code, so the table has one",
    code: `
const HINTS: Record<number, string> = { [-32022]: "upgrade the agent", [-32000]: "sign in" };

export const hint = (e: { code: number }) => HINTS[e.code].trim();
`,
  },
  {
    name: "a table in a variable that is not constant",
    code: `
let HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };
export function reset() {
  HINTS = {};
}
export const hint = (e: { code: number }) => HINTS[e.code].trim();
`,
  },
];

untypedTester().run("handle-unknown-error-codes", rule, {
  valid: [...otherSwitches, ...handledSwitches, ...checkedLookups],
  invalid: [...fallsOffEnd, ...assertsExhaustive, ...unguardedLookups],
});

// ---------------------------------------------------------------------------------------------------------------
// With type information: case labels and keys imported from another file, and keys whose type is known.
// ---------------------------------------------------------------------------------------------------------------

const importedCases = `
import { INVALID_PARAMS, TOO_BUSY } from "./codes.js";

export function retry(e: { code: number }) {
  switch (e.code) {
    case TOO_BUSY:
      return true;
    case INVALID_PARAMS:
      return false;
  }
}
`;

typedTester().run("handle-unknown-error-codes (typed)", rule, {
  valid: [
    {
      name: "typed: a code outside the reserved range imported from another file",
      filename: typedFile,
      code: `
import { PROVIDER_DOWN } from "./codes.js";

export function retry(e: { code: number }) {
  switch (e.code) {
    case PROVIDER_DOWN:
      return true;
  }
}
`,
    },
    {
      name: "typed: an imported string constant makes the switch one over strings",
      filename: typedFile,
      code: `
import { INVALID_PARAMS, NOT_A_NUMBER } from "./codes.js";

export function kind(value: string | number) {
  switch (value) {
    case NOT_A_NUMBER:
      return "text";
    case INVALID_PARAMS:
      return "code";
  }
}
`,
    },
    {
      name: "typed: a key typed with ACP codes the table has is a known lookup",
      filename: typedFile,
      code: `
import type { AcpFailureCode } from "./codes.js";

const HINTS: Record<number, string> = { [-32000]: "sign in", [-32002]: "reload" };

export const hint = (failure: { code: AcpFailureCode }) => HINTS[failure.code].trim();
`,
    },
    {
      name: "typed: an SDK error's code with a fallback",
      filename: typedFile,
      code: `
import type { RequestError } from "@agentclientprotocol/sdk";

const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export const hint = (err: RequestError) => HINTS[err.code] ?? err.message;
`,
    },
  ],
  invalid: [
    invalid("typed: case labels imported from another file", importedCases, [["fallsOffEnd", "switch (e.code)"]], {
      filename: typedFile,
    }),
    invalid(
      "typed: imported enum members and as-const members next to a code outside the range",
      `
import { AppError, Codes } from "./codes.js";

export function title(e: { code: number }) {
  switch (e.code) {
    case AppError.Conflict:
      return "Conflict";
    case AppError.Quota:
      return "Quota";
    case Codes.Teapot:
      return "Teapot";
  }
}
`,
      [["fallsOffEnd", "switch (e.code)"]],
      { filename: typedFile },
    ),
    invalid(
      "typed: a never assertion over an imported union of ACP codes",
      `
import type { AcpFailureCode } from "./codes.js";

export function title(code: AcpFailureCode) {
  switch (code) {
    case -32000:
      return "Sign in";
    case -32002:
      return "Not found";
    default: {
      const unreachable: never = code;
      return unreachable;
    }
  }
}
`,
      [["assertsExhaustive", "unreachable: never = code"]],
      { filename: typedFile },
    ),
    invalid(
      "typed: the code of an SDK RequestError is any number",
      `
import type { RequestError } from "@agentclientprotocol/sdk";

const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "upgrade" };

export const hint = (err: RequestError) => HINTS[err.code].trim();
`,
      [["unguardedLookup", "HINTS[err.code]"]],
      { filename: typedFile },
    ),
  ],
});

untypedTester().run("handle-unknown-error-codes (untyped imports)", rule, {
  valid: [{ name: "untyped: imported case labels cannot be resolved", code: importedCases }],
  invalid: [
    invalid(
      "untyped: without the checker, a key typed with ACP codes is any code",
      `
type AcpFailureCode = -32000 | -32002 | -32601;
const HINTS: Record<number, string> = { [-32000]: "sign in", [-32002]: "reload" };

export const hint = (failure: { code: AcpFailureCode }) => HINTS[failure.code].trim();
`,
      [["unguardedLookup", "HINTS[failure.code]"]],
    ),
  ],
});
