// no-lost-error-code: what the SDK sends for a thrown value that carries a code but is not a RequestError (SDK 2.4.0
// agent app, legacy 1.9.0 AgentSideConnection), and for the fix: a RequestError with the code, or a subclass of it.
import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { RequestError as LegacyRequestError } from "acp-sdk-legacy";
import { describe, expect, it } from "vitest";
import { askOnce, errorOf, rejectionOf, sentErrorFor } from "./harness.js";
import { legacySentErrorFor } from "./legacy-harness.js";

const missing = "s-missing";
const MESSAGE = "Resource not found";
const DATA = { sessionId: missing };

/** What the rule's messages say goes out for every incorrect shape: -32603, the message in data.details. */
const LOST = { code: -32603, message: "Internal error", data: { details: MESSAGE } };
/** What goes out for the fix: the code, message and data as thrown. */
const KEPT = { code: -32002, message: MESSAGE, data: DATA };

class CodeError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** A class whose code is a defaulted constructor parameter: `new QueryError(m)` carries -32002 without saying so. */
class QueryError extends Error {
  constructor(
    message: string,
    readonly code = -32002,
    readonly data: unknown = DATA,
  ) {
    super(message);
  }
}

/** A class whose code is a string: no JSON-RPC code at all. */
class NamedError extends Error {
  readonly code = "SESSION_GONE";
  readonly data = DATA;
}

class SessionGone extends Error {
  readonly code = -32002;
  readonly data = DATA;
}

/** The incorrect shapes the rule reports, each carrying -32002 and data { sessionId }. */
const INCORRECT: readonly (readonly [string, () => unknown])[] = [
  ["a { code, message, data } object", () => ({ code: -32002, message: MESSAGE, data: DATA })],
  ["Object.assign(new Error(m), { code, data })", () => Object.assign(new Error(MESSAGE), { code: -32002, data: DATA })],
  [
    "an Error given e.code = -32002",
    () => {
      const e = new Error(MESSAGE) as Error & { code?: number; data?: unknown };
      e.code = -32002;
      e.data = DATA;
      return e;
    },
  ],
  ["a local Error subclass taking the code", () => new CodeError(MESSAGE, -32002, DATA)],
  ["a local Error subclass holding the code", () => new SessionGone(MESSAGE)],
  ["a local Error subclass whose code parameter defaults to it", () => new QueryError(MESSAGE)],
  ["a local Error subclass holding a string code", () => new NamedError(MESSAGE)],
];

class Gone extends RequestError {
  constructor(sessionId: string) {
    super(-32002, MESSAGE, { sessionId });
  }
}
class LegacyGone extends LegacyRequestError {
  constructor(sessionId: string) {
    super(-32002, MESSAGE, { sessionId });
  }
}

describe("SDK 2.4.0 agent app: the code of a thrown non-RequestError is lost", () => {
  for (const [name, thrown] of INCORRECT) {
    it(`${name} goes out as -32603 with data.details, its code and data lost`, async () => {
      expect(await sentErrorFor(thrown)).toStrictEqual(LOST);
    });
  }

  it("the client sees a RequestError with -32603, not the handler's code", async () => {
    const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, () => {
      throw new CodeError(MESSAGE, -32002, DATA);
    });
    const { outcome } = await askOnce(app, "session/prompt", { sessionId: missing, prompt: [] });
    expect(rejectionOf(outcome)).toMatchObject({ code: -32603, data: { details: MESSAGE } });
  });

  it("a returned Promise.reject({ code, message, data }) is lost the same way", async () => {
    const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, () => Promise.reject({ code: -32002, message: MESSAGE, data: DATA }));
    const { answer } = await askOnce(app, "session/prompt", { sessionId: missing, prompt: [] });
    expect(errorOf(answer)).toStrictEqual(LOST);
  });

  it("a throw in a same-file helper the handler calls is lost the same way", async () => {
    function requireSession(sessionId: string): never {
      throw Object.assign(new Error(MESSAGE), { code: -32002, data: { sessionId } });
    }
    const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, ({ params }) => requireSession(params.sessionId));
    const { answer } = await askOnce(app, "session/prompt", { sessionId: missing, prompt: [] });
    expect(errorOf(answer)).toStrictEqual(LOST);
  });
});

describe("SDK 2.4.0 agent app: the fix keeps code and data", () => {
  it("new RequestError(code, message, data) goes out as thrown", async () => {
    expect(await sentErrorFor(() => new RequestError(-32002, MESSAGE, DATA))).toStrictEqual(KEPT);
  });

  it("a RequestError subclass with its own code goes out as thrown", async () => {
    expect(await sentErrorFor(() => new Gone(missing))).toStrictEqual(KEPT);
  });
});

describe("legacy 1.9.0 AgentSideConnection: the same", () => {
  for (const [name, thrown] of INCORRECT) {
    it(`${name} goes out as -32603 with data.details, its code and data lost`, async () => {
      const { error } = await legacySentErrorFor(thrown);
      expect(error).toStrictEqual(LOST);
    });
  }

  it("new RequestError(code, message, data) and a RequestError subclass keep code and data", async () => {
    expect((await legacySentErrorFor(() => new LegacyRequestError(-32002, MESSAGE, DATA))).error).toStrictEqual(KEPT);
    expect((await legacySentErrorFor((sessionId) => new LegacyGone(sessionId))).error).toStrictEqual(KEPT);
  });
});
