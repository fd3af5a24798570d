// Hand-rolled dispatch that hands a request to a method of its own (mcp-copilot-acp's client): the method answers
// by sending (`this.sendErrorResponse(id, { code, message })`), reads the field through a zod `safeParse`, and gets
// the path from a check that returns `{ valid: false, error }` or `{ valid: true, resolvedPath }`.
import type { InvalidTestCase, ValidTestCase } from "@typescript-eslint/rule-tester";
import resourceRule, { type MessageIds as ResourceIds } from "../../rules/resource-not-found-error.js";
import sessionRule, { type MessageIds as SessionIds } from "../../rules/require-session-check.js";
import { at } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

/** A client whose dispatcher drops what `handleRead` gives back; `read` is its body (`params` the request). */
const CLIENT = (read: string, call = "this.handleRead(id, params);") => `import { promises as fs } from "node:fs";
import { z } from "zod";
const ReadParams = z.object({ sessionId: z.string(), path: z.string() });
interface JsonRpcError { code: number; message: string }
export class CopilotClient {
  private write(message: unknown): void {
    process.stdout.write(JSON.stringify(message) + "\\n");
  }
  sendResponse(id: number | string, result: unknown): void {
    this.write({ jsonrpc: "2.0", id, result });
  }
  sendErrorResponse(id: number | string, error: JsonRpcError): void {
    const message = { jsonrpc: "2.0" as const, id, error };
    this.write(message);
  }
  handleIncoming(id: number | string, method: string, params: unknown): void {
    switch (method) {
      case "fs/read_text_file":
        ${call}
        break;
      default:
        this.sendErrorResponse(id, { code: -32601, message: \`Method not found: \${method}\` });
    }
  }
  private async handleRead(id: number | string, params: unknown): Promise<void> {
${read}
  }
  private validPath(path: string): boolean {
    if (path.includes("..")) return false;
    return !path.startsWith("/");
  }
  private inside(path: string): { valid: true; resolvedPath: string } | { valid: false; error: string } {
    if (path.includes("..")) return { valid: false, error: "outside" };
    return { valid: true, resolvedPath: path };
  }
}`;

const SENT_INTERNAL = "{ code: -32603, message }";

/** The read in a try whose catch sends -32603 for every error; `path` names the file read. */
const CATCH_ALL = (prelude: string, path: string) => `${prelude}
    try {
      const content = await fs.readFile(${path}, "utf-8");
      this.sendResponse(id, { content });
    } catch (err: unknown) {
      const message = err instanceof Error ? err.message : "Failed to read file";
      this.sendErrorResponse(id, ${SENT_INTERNAL});
    }`;

const PARSED = `    const parsed = ReadParams.safeParse(params);
    if (!parsed.success) {
      this.sendErrorResponse(id, { code: -32602, message: "Invalid params" });
      return;
    }`;

const CHECKED = `${PARSED}
    const result = this.inside(parsed.data.path);
    if (!result.valid) {
      this.sendErrorResponse(id, { code: -32602, message: result.error });
      return;
    }`;

const catchAll = (code: string) => ({ messageId: "catchAllCode" as ResourceIds, ...at(code, SENT_INTERNAL) });

const resourceInvalid: InvalidTestCase<ResourceIds, []>[] = [
  ["the request read as it is", CATCH_ALL("    const p = params as { path: string };", "p.path")],
  ["the request read through a zod safeParse's data", CATCH_ALL(PARSED, "parsed.data.path")],
  ["the path of a check that returns one object or another", CATCH_ALL(CHECKED, "result.resolvedPath")],
].map(([name, read]) => {
  const code = CLIENT(read!);
  return { name: name!, code, errors: [catchAll(code)] };
});

const resourceValid: ValidTestCase<[]>[] = [
  { name: "the catch answers ENOENT with -32002 first", code: CLIENT(CATCH_ALL(PARSED, "parsed.data.path").replace('      const message = err', '      if ((err as { code?: string }).code === "ENOENT") return this.sendErrorResponse(id, { code: -32002, message: "Resource not found" });\n      const message = err')) },
  {
    name: "a path refused by a test of its shape declared to give a boolean: no existence check",
    code: CLIENT('    const p = params as { path: string };\n    if (!this.validPath(p.path)) {\n      this.sendErrorResponse(id, { code: -32602, message: "Invalid path" });\n      return;\n    }\n    this.sendResponse(id, { content: await fs.readFile(p.path, "utf-8") });'),
  },
  // What a helper the branch drops returns goes nowhere: only what it sends answers.
  {
    name: "a helper the branch drops, whose catch returns content it never sends",
    code: CLIENT(`    const p = params as { path: string };
    try {
      this.sendResponse(id, { content: await fs.readFile(p.path, "utf-8") });
    } catch {
      return { content: "" };
    }`),
  },
];

untypedTester().run("resource-not-found-error: a dispatcher's helper that sends its answers", resourceRule, { valid: resourceValid, invalid: resourceInvalid });

/** An SDK agent's prompt handler that validates its params with a zod schema's safeParse, then looks the id up. */
const SAFE_PARSED = (use: string) => `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { z } from "zod";
const PromptParams = z.object({ sessionId: z.string() });
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.new, () => ({ sessionId: "s" }));
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const parsed = PromptParams.safeParse(params);
  if (!parsed.success) throw RequestError.invalidParams();
  ${use}
  return { stopReason: "end_turn" as const };
});`;

const UNCHECKED = SAFE_PARSED("sessions.get(parsed.data.sessionId)!.turns++;");

untypedTester().run("require-session-check: a session id read through a zod safeParse's data", sessionRule, {
  valid: [{ name: "the lookup checked", code: SAFE_PARSED("const chat = sessions.get(parsed.data.sessionId);\n  if (!chat) throw RequestError.resourceNotFound(parsed.data.sessionId);\n  chat.turns++;") }],
  invalid: [{ name: "the lookup asserted", code: UNCHECKED, errors: [{ messageId: "assertedSession" as SessionIds, ...at(UNCHECKED, "!", 1) }] }],
});
