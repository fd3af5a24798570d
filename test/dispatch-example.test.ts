// Hand-rolled dispatchers that answer through helpers, linted with every rule of the plugin (`acp/all`): each line
// marked `expect: <rule>` gets exactly that rule's report, and no other line any.
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";

/** `line rule` for each `expect:` comment, one entry per rule it names. */
function expected(code: string): string[] {
  return code.split("\n").flatMap((text, i) => {
    const marked = /expect: ([\w-]+(?:, [\w-]+)*)/.exec(text);
    return marked ? marked[1]!.split(", ").map((rule) => `${i + 1} acp/${rule}`) : [];
  });
}

function reported(code: string): string[] {
  const messages = new Linter({ configType: "flat" }).verify(
    code,
    [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser } }, plugin.configs.all],
    { filename: "dispatch.ts" },
  );
  return messages.map((m) => `${m.line} ${m.ruleId}`);
}

const REFUSING_DISPATCHER = `type Id = string | number | null;
type Request = { id: Id; method: string; params?: { sessionId?: string; modeId?: string } };
type Failure = { code: number; message: string; data?: unknown };
const Errors = { invalidParams: -32602, notFound: -32002, busy: -32020 /* expect: no-reserved-error-code */ };
const sessions = new Map<string, { mode: string }>();
function answer(id: Id, result: unknown) { return { jsonrpc: "2.0" as const, id, result }; }
function refuse(id: Id, code: number, message: string, data?: unknown) {
  const error: Failure = { code, message, data };
  return { jsonrpc: "2.0" as const, id, error };
}
export function handle(req: Request) {
  const sessionId = req.params?.sessionId ?? "";
  if (req.method === "session/set_mode") {
    const session = sessions.get(sessionId);
    if (!session) return refuse(req.id, Errors.notFound, "Resource not found"); // expect: session-not-found-data
    return answer(req.id, {});
  }
  return refuse(req.id, -32601, "Method not found", { method: req.method }); // expect: prefer-error-factory
}
`;

const SENDING_SERVER = `import { transport } from "./transport.js";
type Id = string | number | null;
type Request = { id: Id; method: string; params: { sessionId: string } };
const sessions = new Map<string, { cwd: string }>();
export class Server {
  private write(message: unknown) {
    process.stdout.write(JSON.stringify(message) + "\\n");
  }
  sendError(id: Id, code: number, message: string, data?: unknown) {
    this.write({ jsonrpc: "2.0", id, error: { code, message, data } });
  }
  handle(req: Request) {
    if (req.method === "session/prompt") {
      const session = sessions.get(req.params.sessionId);
      if (!session) {
        this.sendError(req.id, -32001, "Session not found"); // expect: no-reserved-error-code, require-session-check
        return;
      }
      this.write({ jsonrpc: "2.0", id: req.id, result: { stopReason: "end_turn" } });
      return;
    }
    if (req.method === "session/cancel") return;
    transport.error(req.id, -32602, "Method not found"); // expect: prefer-error-factory, valid-error-object
  }
}
`;

describe("hand-rolled dispatchers answering through helpers", () => {
  it.each([
    ["a dispatcher whose refuse() builds the response", REFUSING_DISPATCHER],
    ["a server whose sendError() writes it, and a transport of another file", SENDING_SERVER],
  ])("%s gets exactly the expected reports", (_name, code) => {
    expect(reported(code).sort()).toEqual(expected(code).sort());
  });

  it("the fixed dispatcher gets none", () => {
    const fixed = REFUSING_DISPATCHER.replace("busy: -32020", "methodNotFound: -32601, busy: 4020")
      .replace('"Resource not found")', '"Resource not found", { sessionId })')
      .replace("refuse(req.id, -32601,", "refuse(req.id, Errors.methodNotFound,");
    expect(reported(fixed)).toEqual([]);
  });
});
