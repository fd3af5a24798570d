// Shapes the resolution layer follows, each with the rule that reports through it (test/fixtures/resolution/shapes,
// linted from disk, untyped): a registry class held in a field (`this.sessions.get(id)`), an id taken through
// String(…) or a template, a `let` written with several stop reasons, a field compared with a constant, a message
// built by a helper from its parameters, an envelope only read by the function it is handed to, a client object
// built by a factory, a read's `.catch(() => "")` held in a variable, a key a helper derives from the path, and a
// JavaScript agent recognised by its shape and by the function its connection is made in.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TestCaseError } from "@typescript-eslint/rule-tester";
import invalidParams from "../../rules/invalid-params-error.js";
import noRequestForNotification from "../../rules/no-request-for-notification.js";
import noReserved from "../../rules/no-reserved-error-code.js";
import sessionCheck from "../../rules/require-session-check.js";
import resourceNotFound from "../../rules/resource-not-found-error.js";
import sessionData from "../../rules/session-not-found-data.js";
import validStopReason from "../../rules/valid-stop-reason.js";
import { at } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

const dir = fileURLToPath(new URL("../fixtures/resolution/shapes", import.meta.url));
const fixture = (name: string) => ({ filename: `${dir}/${name}`, code: readFileSync(`${dir}/${name}`, "utf8") });

const registry = fixture("registry.ts");
const warehouse = fixture("warehouse.ts");
const ciBot = fixture("ci-bot.ts");
const socket = fixture("socket.ts");
const notebook = fixture("notebook.ts");
const jsAgent = fixture("js-agent.js");

const FIX = "RequestError.sessionNotFound(sessionId)";
const V1_STOP_REASONS = `"end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"`;
function report<T extends string>(messageId: T, code: string, text: string, data?: Record<string, unknown>, nth = 0): TestCaseError<T> {
  return { messageId, ...(data ? { data } : {}), ...at(code, text, nth) };
}

untypedTester().run("require-session-check through the resolution layer", sessionCheck, {
  valid: [],
  invalid: [
    {
      name: "a registry class held in a field: its miss answered -32602 (reported once, where it is), its peek() asserted with !",
      ...registry,
      errors: [
        report("wrongCode", registry.code, 'acp.RequestError.invalidParams({ sessionId: id }, "no such session")', { code: -32602, name: "Invalid params", fix: FIX }),
        asserted(registry.code, "this.sessions.peek(params.sessionId)"),
      ],
    },
    {
      name: "a dispatcher that takes the id through String(… ?? \"\")",
      ...warehouse,
      errors: [report("wrongCode", warehouse.code, "{ code: Code.InvalidParams, message: `unknown session ${sessionId}` }", { code: -32602, name: "Invalid params", fix: FIX })],
    },
    {
      name: "a JavaScript agent whose connection is made by the function it is handed to, and one recognised by its members",
      ...jsAgent,
      errors: [
        report("wrongCode", jsAgent.code, 'new RequestError(-32001, "no such session")', { code: -32001, name: "an implementation-specific code", fix: FIX }),
        report("internalError", jsAgent.code, 'new Error("no such session")', { fix: FIX }),
      ],
    },
  ],
});

/** `assertedSession` at the `!` that follows `text`. */
function asserted(code: string, text: string): TestCaseError<"assertedSession"> {
  const span = at(code, `${text}!`);
  return { messageId: "assertedSession", data: { fix: FIX }, line: span.endLine, column: span.endColumn - 1, endLine: span.endLine, endColumn: span.endColumn };
}

untypedTester().run("session-not-found-data: an id taken through a template", sessionData, {
  valid: [],
  invalid: [
    {
      name: "the -32002 of a key built as `${msg.params?.sessionId ?? \"\"}` carries no sessionId",
      ...warehouse,
      errors: [report("missingSessionId", warehouse.code, '{ code: Code.NotFound, message: "Resource not found" }')],
    },
  ],
});

untypedTester().run("no-reserved-error-code in a plain JavaScript agent", noReserved, {
  valid: [],
  invalid: [{ name: "the agent's code", ...jsAgent, errors: [{ messageId: "reservedCode", data: { code: -32001, from: -32768, to: -32000 }, ...at(jsAgent.code, "-32001") }] }],
});

untypedTester().run("invalid-params-error: a field compared with a constant of the file", invalidParams, {
  valid: [],
  invalid: [
    {
      name: "authenticate's methodId !== TOKEN_METHOD, answered with a plain Error",
      ...ciBot,
      errors: [
        {
          messageId: "unsupportedValue",
          data: {
            what: "an unsupported value (here an authenticate methodId that no advertised auth method has)",
            code: "-32603 Internal error (a thrown value that is not a RequestError goes out as that)",
            fix: "RequestError.invalidParams(data, message)",
          },
          ...at(ciBot.code, "new Error(`unknown auth method ${params.methodId}`)"),
          suggestions: [],
        },
      ],
    },
  ],
});

untypedTester().run("valid-stop-reason: a let written with several stop reasons", validStopReason, {
  valid: [],
  invalid: [
    {
      name: "each value the let may hold is judged, at the read",
      ...ciBot,
      errors: [{ messageId: "unknownStopReason", data: { value: "failed", defined: V1_STOP_REASONS }, ...at(ciBot.code, "stopReason", 4), suggestions: [] }],
    },
  ],
});

untypedTester().run("no-request-for-notification: messages built by a helper from its parameters", noRequestForNotification, {
  valid: [],
  invalid: [
    {
      // The helper's envelope has an id: right for session/prompt, wrong for the cancel; the envelope handed to
      // markStopped is only read there, so it is no message.
      name: "the call that hands the helper a notification is reported; the envelope only read is not",
      ...socket,
      errors: [report("envelopeWithId", socket.code, 'this.sendRpc(this.nextId++, "session/cancel", { sessionId })', { method: "session/cancel" })],
    },
  ],
});

untypedTester().run("resource-not-found-error: a client object built by a factory", resourceNotFound, {
  valid: [],
  invalid: [
    {
      name: "a missing cell looked up by a key derived from the path, and a read's .catch(() => \"\") held in a variable",
      ...notebook,
      errors: [
        { messageId: "fileInternalError", ...at(notebook.code, "new Error(`no cell at ${params.path}`)"), suggestions: [] },
        {
          messageId: "swallowed",
          ...at(notebook.code, '""', 0),
          suggestions: [
            {
              messageId: "useFix",
              data: { fix: "acp.RequestError.resourceNotFound(params.path)" },
              output: notebook.code.replace('.catch(() => "")', ".catch(() => { throw acp.RequestError.resourceNotFound(params.path); })"),
            },
          ],
        },
      ],
    },
  ],
});
