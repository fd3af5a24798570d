import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import rule, { type MessageIds } from "../../rules/resource-not-found-error.js";
import { at } from "../locate.js";
import { typedFile, typedTester, untypedTester } from "../rule-tester.js";
import { CLIENT_HANDLER_STYLES } from "./client-handler-styles.js";

type Valid = ValidTestCase<[]>;
type Invalid = InvalidTestCase<MessageIds, []>;
type Report = TestCaseError<MessageIds>;

const V2 = { acp: { protocolVersion: 2 } };

/** A report on exactly `text`, with one suggestion that replaces `text` by `replacement` (none when absent). */
function report(code: string, messageId: MessageIds, text: string, replacement?: { fix: string; with: string }): Report {
  const suggestions = replacement
    ? [{ messageId: "useFix" as const, data: { fix: replacement.fix }, output: code.replace(text, replacement.with) }]
    : [];
  return { messageId, ...at(code, text), suggestions };
}

/**
 * A report on `text` inside a catch of `caught` (in a TypeScript file, not annotated: `unknown`) whose answering
 * statement starts with `statement`: first the suggestion that answers ENOENT before it, which tests the caught
 * value's shape before it reads `.code`, then the one that replaces `text`.
 */
function catchReport(code: string, messageId: MessageIds, text: string, statement: string, caught: string, replacement: { fix: string; with: string }): Report {
  const plain = report(code, messageId, text, replacement);
  const start = code.indexOf(statement);
  const indent = " ".repeat(start - code.lastIndexOf("\n", start) - 1);
  const guard = `if (typeof ${caught} === "object" && ${caught} !== null && "code" in ${caught} && ${caught}.code === "ENOENT") throw ${replacement.fix};\n${indent}`;
  const mapped = { messageId: "mapEnoent" as const, data: { fix: replacement.fix }, output: code.slice(0, start) + guard + code.slice(start) };
  return { ...plain, suggestions: [mapped, ...(plain.suggestions as object[])] } as Report;
}

// ---------------------------------------------------------------------------------------------------------------
// Every client handler style: the same wrong and right bodies.
// ---------------------------------------------------------------------------------------------------------------

const NOT_FOUND = "RequestError.resourceNotFound(params.path)";
const TERMINAL_NOT_FOUND = "RequestError.resourceNotFound(params.terminalId)";

const EXISTS_PLAIN = `if (!existsSync(params.path)) throw new Error("no such file");
return { content: await readFile(params.path, "utf8") };`;
const ENOENT_WRONG_CODE = `try {
  return { content: await readFile(params.path, "utf8") };
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === "ENOENT") throw new RequestError(-32603, "File is gone");
  throw err;
}`;
const CATCH_ALL = `try {
  return { content: await readFile(params.path, "utf8") };
} catch (err) {
  throw RequestError.internalError({ details: String(err) });
}`;
const SWALLOWED = `try {
  return { content: await readFile(params.path, "utf8") };
} catch {
  return { content: "" };
}`;
const TERMINAL_PLAIN = `const terminal = terminals.get(params.terminalId);
if (!terminal) throw new Error(\`no terminal \${params.terminalId}\`);
return { output: terminal.output, truncated: false };`;
const TERMINAL_INVALID_PARAMS = `if (!terminals.has(params.terminalId)) throw RequestError.invalidParams({ terminalId: params.terminalId });
terminals.get(params.terminalId)?.kill();
return {};`;
const TERMINAL_SUCCESS = `const terminal = terminals.get(params.terminalId);
if (!terminal) return {};
terminal.kill();
return {};`;
const TERMINAL_RESOURCE_NOT_FOUND = `const terminal = terminals.get(params.terminalId);
if (!terminal) throw RequestError.resourceNotFound(params.terminalId);
return { output: terminal.output, truncated: false };`;

const PLAIN_SATISFIES = variant(
  TERMINAL_PLAIN,
  "const terminal = terminals.get(params.terminalId);",
  "const terminal = terminals.get(params.terminalId) satisfies unknown;",
);
const THROWN_AS = variant(TERMINAL_PLAIN, "throw new Error(`no terminal ${params.terminalId}`);", "throw <Error>new Error(`no terminal ${params.terminalId}`);");

const CORRECT_BODIES: readonly [string, string, string][] = [
  ["an existence check answering -32002", "fs/read_text_file", `if (!existsSync(params.path)) throw RequestError.resourceNotFound(params.path);
return { content: await readFile(params.path, "utf8") };`],
  ["ENOENT mapped to -32002, other errors rethrown", "fs/read_text_file", `try {
  return { content: await readFile(params.path, "utf8") };
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === "ENOENT") throw RequestError.resourceNotFound(params.path);
  throw err;
}`],
  ["other errors rethrown first, then ENOENT answered -32002", "fs/read_text_file", `try {
  return { content: await readFile(params.path, "utf8") };
} catch (err) {
  if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  throw RequestError.resourceNotFound(params.path);
}`],
  ["a catch that logs and rethrows", "fs/read_text_file", `try {
  return { content: await readFile(params.path, "utf8") };
} catch (err) {
  console.error("read failed", err);
  throw err;
}`],
  ["a catch that returns content only for a directory", "fs/read_text_file", `try {
  return { content: await readFile(params.path, "utf8") };
} catch (err) {
  if ((err as NodeJS.ErrnoException).code === "EISDIR") return { content: "" };
  throw err;
}`],
  ["no catch at all", "fs/read_text_file", `return { content: await readFile(params.path, "utf8") };`],
  ["an unknown terminal answered -32002", "terminal/output", TERMINAL_RESOURCE_NOT_FOUND],
  ["kill of an unknown terminal answered -32002 through has()", "terminal/kill", `if (!terminals.has(params.terminalId)) throw RequestError.resourceNotFound(params.terminalId);
terminals.get(params.terminalId)?.kill();
return {};`],
  ["release without a check (optional chaining)", "terminal/release", `terminals.get(params.terminalId)?.kill();
terminals.delete(params.terminalId);
return {};`],
  ["fs/write_text_file creates a missing file", "fs/write_text_file", `if (!existsSync(params.path)) console.log("creating", params.path);
return {};`],
];

const styleValid: Valid[] = [];
const styleInvalid: Invalid[] = [];
for (const style of CLIENT_HANDLER_STYLES) {
  for (const [what, wire, body] of CORRECT_BODIES) styleValid.push({ name: `${style.name}: ${what}`, code: style.program(wire, body) });
  styleValid.push({ name: `${style.name}: v2, an unknown terminal answered -32602`, code: style.program("terminal/output", `const terminal = terminals.get(params.terminalId);
if (!terminal) throw RequestError.invalidParams({ terminalId: params.terminalId });
return { output: terminal.output, truncated: false };`), settings: V2 });

  const dispatch = !style.sendsThrown;
  // No rewrite where the library sends only its own error class (vscode-jsonrpc's ResponseError).
  const rewrites = style.notFound === undefined;
  const notFound = style.notFound?.("params.path") ?? NOT_FOUND;
  const terminalNotFound = style.notFound?.("params.terminalId") ?? TERMINAL_NOT_FOUND;
  const exists = style.program("fs/read_text_file", EXISTS_PLAIN);
  const terminalPlain = style.program("terminal/output", TERMINAL_PLAIN);
  if (dispatch) {
    // What a hand-rolled dispatcher sends for a thrown plain Error is unknown.
    styleValid.push({ name: `${style.name}: a thrown plain Error is not judged`, code: exists }, { name: `${style.name}: nor for a terminal`, code: terminalPlain });
  } else {
    styleInvalid.push(
      { name: `${style.name}: a missing file answered with a plain Error`, code: exists, errors: [report(exists, "fileInternalError", 'new Error("no such file")', rewrites ? { fix: notFound, with: notFound } : undefined)] },
      {
        name: `${style.name}: an unknown terminal answered with a plain Error`,
        code: terminalPlain,
        errors: [report(terminalPlain, "terminalInternalError", "new Error(`no terminal ${params.terminalId}`)", rewrites ? { fix: terminalNotFound, with: terminalNotFound } : undefined)],
      },
    );
  }
  if (style === CLIENT_HANDLER_STYLES[0]) {
    // The lookup kept through satisfies, and a throw under a <T> assertion, are the same findings.
    const kept = style.program("terminal/output", PLAIN_SATISFIES);
    const asserted = style.program("terminal/output", THROWN_AS);
    styleInvalid.push(
      { name: `${style.name}: the lookup kept through satisfies`, code: kept, errors: [report(kept, "terminalInternalError", "new Error(`no terminal ${params.terminalId}`)", { fix: terminalNotFound, with: terminalNotFound })] },
      { name: `${style.name}: the plain Error thrown under a <T> assertion`, code: asserted, errors: [report(asserted, "terminalInternalError", "new Error(`no terminal ${params.terminalId}`)", { fix: terminalNotFound, with: terminalNotFound })] },
    );
  }
  const wrong = style.program("fs/read_text_file", ENOENT_WRONG_CODE);
  const all = style.program("fs/read_text_file", CATCH_ALL);
  const swallowed = style.program("fs/read_text_file", SWALLOWED);
  const invalidParams = style.program("terminal/kill", TERMINAL_INVALID_PARAMS);
  const success = style.program("terminal/release", TERMINAL_SUCCESS);
  const v2 = style.program("terminal/output", TERMINAL_RESOURCE_NOT_FOUND);
  const v2Fix = style.notFound
    ? 'new ResponseError(-32602, "Invalid params", { terminalId: params.terminalId })'
    : "RequestError.invalidParams({ terminalId: params.terminalId })";
  styleInvalid.push(
    {
      name: `${style.name}: ENOENT answered with -32603`,
      code: wrong,
      errors: [report(wrong, "fileWrongCode", 'new RequestError(-32603, "File is gone")', rewrites ? { fix: notFound, with: notFound } : undefined)],
    },
    {
      name: `${style.name}: a catch that answers every error with internalError`,
      code: all,
      errors: [
        !rewrites
          ? { messageId: "catchAllCode", ...at(all, "RequestError.internalError({ details: String(err) })"), suggestions: [] }
          : dispatch
          ? { messageId: "catchAllCode", ...at(all, "RequestError.internalError({ details: String(err) })"), suggestions: [{ messageId: "useFix", data: { fix: NOT_FOUND }, output: all.replace("RequestError.internalError({ details: String(err) })", NOT_FOUND) }] }
          : catchReport(all, "catchAllCode", "RequestError.internalError({ details: String(err) })", "throw RequestError.internalError", "err", { fix: notFound, with: notFound }),
      ],
    },
    {
      name: `${style.name}: a catch that swallows every error and returns content`,
      code: swallowed,
      errors: [report(swallowed, "swallowed", 'return { content: "" };', dispatch || !rewrites ? undefined : { fix: notFound, with: `throw ${notFound};` })],
    },
    {
      name: `${style.name}: kill of an unknown terminal answered with invalidParams`,
      code: invalidParams,
      errors: [report(invalidParams, "terminalWrongCode", "RequestError.invalidParams({ terminalId: params.terminalId })", rewrites ? { fix: terminalNotFound, with: terminalNotFound } : undefined)],
    },
    {
      name: `${style.name}: release of an unknown terminal answered with success`,
      code: success,
      errors: [report(success, "terminalSuccess", "return {};", dispatch || !rewrites ? undefined : { fix: terminalNotFound, with: `throw ${terminalNotFound};` })],
    },
    {
      name: `${style.name}: v2, an unknown terminal answered with -32002`,
      code: v2,
      settings: V2,
      errors: [report(v2, "terminalWrongCode", TERMINAL_NOT_FOUND, rewrites ? { fix: v2Fix, with: v2Fix } : undefined)],
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Shapes beyond the styles.
// ---------------------------------------------------------------------------------------------------------------

const SDK = `import { client, methods, RequestError } from "@agentclientprotocol/sdk";
import { readFile, stat } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import * as nodePath from "node:path";
const terminals = new Map<string, { output: string; kill(): void }>();
export const app = client({ name: "c" });
`;

/** The shared case: a legacy Client whose read swallows every error, and a terminal lookup answered with Error. */
const LEGACY_CASE = `import * as acp from "@agentclientprotocol/sdk";
import { readFile } from "node:fs/promises";
export class FileClient implements acp.Client {
  private terminals = new Map<string, { output: string }>();
  async requestPermission(): Promise<acp.RequestPermissionResponse> {
    return { outcome: { outcome: "cancelled" } };
  }
  async sessionUpdate(): Promise<void> {}
  async readTextFile(params: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse> {
    try {
      return { content: await readFile(params.path, "utf8") };
    } catch {
      return { content: "" };
    }
  }
  async writeTextFile(): Promise<acp.WriteTextFileResponse> {
    return {};
  }
  async terminalOutput(params: acp.TerminalOutputRequest): Promise<acp.TerminalOutputResponse> {
    const terminal = this.terminals.get(params.terminalId);
    if (!terminal) throw new Error(\`no terminal \${params.terminalId}\`);
    return { output: terminal.output, truncated: false };
  }
}`;

const HELPER = `${SDK}class Terminals {
  private getTerminal(id: string) {
    const terminal = terminals.get(id);
    if (!terminal) throw new Error(\`Terminal \${id} not found\`);
    return terminal;
  }
  async terminalOutput(params: { terminalId: string }) {
    return { output: this.getTerminal(params.terminalId).output, truncated: false };
  }
  async killTerminal(params: { terminalId: string }) {
    this.getTerminal(params.terminalId).kill();
    return {};
  }
}
import { ClientSideConnection } from "@agentclientprotocol/sdk";
export const start = (stream: never) => new ClientSideConnection(() => new Terminals() as never, stream);`;

const FALLBACK = `${SDK}function noTerminal(id: string): never {
  throw new Error("no terminal " + id);
}
app.onRequest(methods.client.terminal.output, ({ params }) => {
  const terminal = terminals.get(params.terminalId) ?? noTerminal(params.terminalId);
  return { output: terminal.output, truncated: false };
});`;

/** `text` with `from` replaced by `to`, which must be in it: a case built from another must not silently equal it. */
function variant(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the base case no longer contains ${from}`);
  return text.replace(from, to);
}

const FALLBACK_SATISFIES = variant(FALLBACK, "terminals.get(params.terminalId) ??", "(terminals.get(params.terminalId) satisfies unknown) ??");

const CATCH_CALLBACK = `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  return { content: await readFile(params.path, "utf8").catch(() => "") };
});`;

const CATCH_CALLBACK_ASSERTED = variant(CATCH_CALLBACK, "content: await readFile", "content: <string>await readFile");

const AFTER_CATCH = `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  let text = "";
  try {
    text = await readFile(params.path, "utf8");
  } catch (err) {
    console.warn(err);
  }
  return { content: text };
});`;

const CHECK_INSIDE_TRY = `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    if (!existsSync(params.path)) throw RequestError.resourceNotFound(params.path);
    return { content: readFileSync(params.path, "utf8") };
  } catch (err) {
    throw RequestError.internalError({ details: String(err) });
  }
});`;

const RETHROWS_REQUEST_ERRORS = `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    return { content: readFileSync(params.path, "utf8") };
  } catch (err) {
    if (err instanceof RequestError) throw err;
    throw new Error("read failed");
  }
});`;

const RESOLVED_PATH = `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  const file = nodePath.resolve(process.cwd(), params.path);
  try {
    return { content: await readFile(file, "utf8") };
  } catch (err) {
    throw new Error(\`cannot read \${file}: \${String(err)}\`);
  }
});`;

const DESTRUCTURED = `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params: { path } }) => {
  if (!existsSync(path)) throw new RequestError(-32603, "Internal error", { path });
  return { content: await readFile(path, "utf8") };
});`;

const OPEN_DOCUMENTS = `${SDK}const documents = new Map<string, string>();
app.onRequest(methods.client.fs.readTextFile, ({ params }) => {
  const text = documents.get(params.path);
  if (text === undefined) throw new Error("not open: " + params.path);
  return { content: text };
});`;

const HELPER_READ_THROWS = `${SDK}async function readText(file: string) {
  try {
    return await readFile(file, "utf8");
  } catch (err) {
    throw new Error("cannot read " + file);
  }
}
app.onRequest(methods.client.fs.readTextFile, async ({ params }) => ({ content: await readText(params.path) }));`;

const SWITCH_ON_CODE = `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    return { content: await readFile(params.path, "utf8") };
  } catch (err) {
    switch ((err as NodeJS.ErrnoException).code) {
      case "ENOENT":
        return { content: "" };
      default:
        throw err;
    }
  }
});`;

const DISPATCH = `import { readFile } from "node:fs/promises";
declare function send(message: unknown): void;
const terminals = new Map<string, { output: string }>();
export async function onMessage(msg: { id: number; method: string; params: { path: string; terminalId: string } }) {
  switch (msg.method) {
    case "fs/read_text_file": {
      try {
        send({ jsonrpc: "2.0", id: msg.id, result: { content: await readFile(msg.params.path, "utf8") } });
      } catch (err) {
        send({ jsonrpc: "2.0", id: msg.id, error: { code: -32603, message: String(err) } });
      }
      return;
    }
    case "terminal/output": {
      const terminal = terminals.get(msg.params.terminalId);
      if (!terminal) return { jsonrpc: "2.0", id: msg.id, error: { code: -32602, message: "unknown terminal" } };
      return { jsonrpc: "2.0", id: msg.id, result: { output: terminal.output, truncated: false } };
    }
  }
  return undefined;
}`;

const V2_CANCEL = `import { agent, RequestError } from "@agentclientprotocol/sdk/experimental/v2";
const terminals = new Map<string, { kill(): void }>();
export const app = agent({ name: "a" }).onRequest("terminal/cancel", ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (!terminal) throw new Error("unknown terminal");
  terminal.kill();
  return {};
});`;

const OLD_SDK_CODE = `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  if (!existsSync(params.path)) throw new Error("no such file");
  return { content: await readFile(params.path, "utf8") };
});`;
const OLD_SDK_FIX = 'new RequestError(-32002, "Resource not found", { uri: params.path })';

const LOGS_THEN_SWALLOWS = `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    return { content: await readFile(params.path, "utf8") };
  } catch (err) {
    console.error("read failed", err);
    return { content: "" };
  }
});`;

const PLAIN_JS = `import { client, methods, RequestError } from "@agentclientprotocol/sdk";
import { readFile } from "node:fs/promises";
export const app = client({ name: "c" }).onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    return { content: await readFile(params.path, "utf8") };
  } catch (error) {
    throw new Error(String(error));
  }
});`;

/** PLAIN_JS's catch-all (`code`, in a file named `filename`), whose ENOENT suggestion tests the caught value with `test`. */
function enoentTest(name: string, code: string, test: string, filename?: string): Invalid {
  const answer = "throw new Error(String(error));";
  return {
    name,
    code,
    ...(filename ? { filename } : {}),
    errors: [
      {
        messageId: "catchAllCode",
        ...at(code, "new Error(String(error))"),
        suggestions: [
          { messageId: "mapEnoent", data: { fix: NOT_FOUND }, output: code.replace(answer, `if (${test}) throw ${NOT_FOUND};\n    ${answer}`) },
          { messageId: "useFix", data: { fix: NOT_FOUND }, output: code.replace("new Error(String(error))", NOT_FOUND) },
        ],
      },
    ],
  };
}

const VAULT = `${SDK}declare const vault: { getAbstractFileByPath(path: string): unknown; read(file: unknown): Promise<string> };
declare class TFile {}
app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  const file = vault.getAbstractFileByPath(params.path);
  if (!file || !(file instanceof TFile)) throw new Error("File not found: " + params.path);
  return { content: await vault.read(file) };
});`;

// The key is computed from the path through the helper's locals (obsidian-acp-bridge's toVaultRel): the same file.
const VAULT_RELATIVE = `${SDK}declare const vault: { base: string; getAbstractFileByPath(path: string): unknown; read(file: unknown): Promise<string> };
declare function normalizePath(path: string): string;
function toVaultRel(absPath: string): string {
  const abs = nodePath.isAbsolute(absPath) ? nodePath.resolve(absPath) : nodePath.resolve(vault.base, absPath);
  const rel = nodePath.relative(vault.base, abs);
  if (rel.startsWith("..")) throw new Error(\`Path is outside the vault: \${absPath}\`);
  return normalizePath(rel);
}
app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  const rel = toVaultRel(params.path);
  const file = vault.getAbstractFileByPath(rel);
  if (!file) throw new Error("File not found: " + rel);
  return { content: await vault.read(file) };
});`;

const STAT_OR_NULL = `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  const info = await stat(params.path).catch(() => null);
  if (!info) return { content: "" };
  return { content: await readFile(params.path, "utf8") };
});`;

const EXITED_OR_UNKNOWN = `${SDK}app.onRequest(methods.client.terminal.waitForExit, async ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (!terminal || terminal.output === "") throw new Error("gone");
  return { exitCode: 0 };
});`;

const NODE_ERROR_GUARD = `${SDK}declare function isNodeError(err: unknown): err is NodeJS.ErrnoException;
app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    return { content: await readFile(params.path, "utf8") };
  } catch (err) {
    if (isNodeError(err) && err.code === "ENOENT") throw new Error(\`File not found: \${params.path}\`);
    throw err;
  }
});`;

const JSONRPC = `import { createMessageConnection, ResponseError } from "vscode-jsonrpc/node";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
const connection = createMessageConnection(process.stdin as never, process.stdout as never);
connection.onRequest("fs/read_text_file", async (params: { sessionId: string; path: string }) => {
  if (!existsSync(params.path)) throw new ResponseError(-32603, "no such file");
  return { content: await readFile(params.path, "utf8") };
});`;

/** A legacy client whose kernels are released by an operation that says whether the id was known. */
const BOOLEAN_RELEASE = `import * as acp from "@agentclientprotocol/sdk";
interface Kernels {
  shutdown(id: string): boolean; // false when no kernel has that id
}
export function makeClient(kernels: Kernels, byId: Map<string, { kill(): void }>) {
  return {
    async releaseTerminal({ terminalId }: acp.ReleaseTerminalRequest) {
      const released = kernels.shutdown(terminalId);
      if (!released) throw new Error(\`unknown kernel \${terminalId}\`);
      return {};
    },
    async killTerminal(params: acp.KillTerminalCommandRequest) {
      if (!byId.delete(params.terminalId)) throw new Error("no such terminal");
      return {};
    },
  } as acp.Client;
}
export const connect = (stream: acp.Stream, kernels: Kernels) => new acp.ClientSideConnection(() => makeClient(kernels, new Map()), stream);
`;
const NOT_FOUND_TERMINAL = "acp.RequestError.resourceNotFound(terminalId)";

/** A client that advertises fs.readTextFile and answers every path with empty content, reading nothing. */
const STUB_READ = (advertised: string, body = "() => ({ content: \"\" })") => `import { client, methods } from "@agentclientprotocol/sdk";
declare const stream: never;
export const editor = client({ name: "e" })
  .onRequest(methods.client.fs.readTextFile, ${body})
  .onRequest(methods.client.session.requestPermission, () => ({ outcome: { outcome: "cancelled" as const } }));
export const run = editor.connectWith(stream, async (ctx) => {
  await ctx.request(methods.agent.initialize, { protocolVersion: 1, clientCapabilities: { fs: { readTextFile: ${advertised} } } });
});
`;
const STUB = STUB_READ("true");
/** The request handed only to a logger: nothing that could look at the path. */
const LOGGED_STUB = STUB_READ("true", '({ params }) => {\n    console.log(params);\n    return { content: "" };\n  }');

const OLD_TYPE_NAMES = `import * as acp from "@agentclientprotocol/sdk";
export class Terminals {
  private readonly terms = new Map<string, { kill(): void }>();
  async stop(params: acp.KillTerminalCommandRequest): Promise<acp.KillTerminalCommandResponse> {
    const t = this.terms.get(params.terminalId);
    if (!t) throw new Error("no terminal");
    t.kill();
    return {};
  }
}
`;

// What follows an `if` with no else runs on a miss: after a branch that returns, or (a `return`) after one that falls
// through (xingsy97/acp-kit's killTerminal), as require-session-check reads a session's test. When the existing
// terminal reaches that statement too, no edit is offered: it would answer that with -32002 as well.
const AFTER_JOINED_TEST = `${SDK}app.onRequest(methods.client.terminal.output, ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (terminal && terminal.output !== "") return { output: terminal.output, truncated: false };
  throw new Error("no output yet");
});`;
const AFTER_FALL_THROUGH = `${SDK}app.onRequest(methods.client.terminal.kill, ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (terminal && terminal.output !== "") {
    terminal.kill();
  }
  return {};
});`;
const AFTER_RETURN = `${SDK}app.onRequest(methods.client.terminal.release, ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (terminal) {
    terminal.kill();
    terminals.delete(params.terminalId);
    return {};
  }
  return {};
});`;
// A helper whose test is its last statement and whose branch falls through: the miss runs off its end, handing the
// request back to the handler, whose result after the call answers it (as after the helper's `if (!t) return;`).
const HELPER_FALLS_OFF = `${SDK}function stop(id: string) {
  const terminal = terminals.get(id);
  if (terminal && terminal.output !== "") {
    terminal.kill();
  }
}
app.onRequest(methods.client.terminal.kill, ({ params }) => {
  stop(params.terminalId);
  return {};
});`;
// A miss branch that only logs, then the handler's `return` (obsidian-agent-client's releaseTerminal): the unknown
// terminal goes on to the success that a known one gets too.
const LOGGED_MISS = `${SDK}function release(id: string): boolean {
  const terminal = terminals.get(id);
  if (!terminal) return false;
  terminal.kill();
  return true;
}
app.onRequest(methods.client.terminal.release, ({ params }) => {
  const released = release(params.terminalId);
  if (!released) {
    console.warn("no terminal", params.terminalId);
  }
  return Promise.resolve({});
});`;
// The same branch creating what it did not find: what follows answers a terminal that exists by then.
const CREATED_ON_MISS = `${SDK}app.onRequest(methods.client.terminal.output, ({ params }) => {
  let terminal = terminals.get(params.terminalId);
  if (!terminal) {
    terminal = { output: "", kill() {} };
    terminals.set(params.terminalId, terminal);
  }
  return { output: terminal.output, truncated: false };
});`;
// The same logging branch as a helper's last statement: the miss runs off the helper's end to the handler's result.
const HELPER_LOGS_MISS = `${SDK}function stop(id: string) {
  const terminal = terminals.get(id);
  if (!terminal) {
    console.warn("no terminal", id);
  }
}
app.onRequest(methods.client.terminal.kill, ({ params }) => {
  stop(params.terminalId);
  return {};
});`;
// The handler's own last statement tests the terminal and falls through (walla's legacy client): the miss runs off the
// handler's end, which the SDK answers with a success.
const HANDLER_FALLS_OFF = `${SDK}app.onRequest(methods.client.terminal.kill, ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (terminal) {
    terminal.kill();
  }
});`;
// Hand-rolled dispatch answering through a method of its own that sends only result envelopes (responses.ts
// sendsResult): the miss branch's `this.sendResponse(msg.id, {})` is a success.
const DISPATCH_SENDS_RESULT = `type Msg = { id: number; method: string; params: { terminalId: string } };
export class Client {
  private terminals = new Map<string, { kill(): void }>();
  private stdin = { write(_line: string) {} };
  handle(msg: Msg): void {
    switch (msg.method) {
      case "terminal/kill": {
        const terminal = this.terminals.get(msg.params.terminalId);
        if (!terminal) {
          this.sendResponse(msg.id, {});
          return;
        }
        terminal.kill();
        this.sendResponse(msg.id, {});
        return;
      }
    }
  }
  private sendResponse(id: number, result: unknown): void {
    this.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, result }));
  }
}`;
const invalid: Invalid[] = [
  {
    name: "dispatch: a miss answered through a method of the file that sends only result envelopes",
    code: DISPATCH_SENDS_RESULT,
    errors: [{ messageId: "terminalSuccess", ...at(DISPATCH_SENDS_RESULT, "this.sendResponse(msg.id, {});") }],
  },
  {
    name: "the handler's last if tests the terminal and falls off the handler's end: reported at the test, no edit",
    code: HANDLER_FALLS_OFF,
    errors: [{ messageId: "terminalSuccess", ...at(HANDLER_FALLS_OFF, "terminal) {"), endColumn: at(HANDLER_FALLS_OFF, "terminal) {").column + "terminal".length, suggestions: [] }],
  },
  {
    name: "a helper whose last statement only logs a miss: reported at the handler's call, no edit",
    code: HELPER_LOGS_MISS,
    errors: [{ messageId: "terminalSuccess", ...at(HELPER_LOGS_MISS, "stop(params.terminalId)"), suggestions: [] }],
  },
  {
    name: "a miss branch that only logs, then the return a known terminal reaches too: reported at the return, no edit",
    code: LOGGED_MISS,
    errors: [{ messageId: "terminalSuccess", ...at(LOGGED_MISS, "return Promise.resolve({});"), suggestions: [] }],
  },
  {
    name: "a helper whose last statement tests the terminal and falls through: reported at the handler's call, no edit",
    code: HELPER_FALLS_OFF,
    errors: [{ messageId: "terminalSuccess", ...at(HELPER_FALLS_OFF, "stop(params.terminalId)"), suggestions: [] }],
  },
  {
    name: "a plain Error after a test joined with another condition: the miss reaches it, no edit (it answers the other condition too)",
    code: AFTER_JOINED_TEST,
    errors: [report(AFTER_JOINED_TEST, "terminalInternalError", 'new Error("no output yet")')],
  },
  {
    name: "a success after a branch that falls through: the miss reaches it, no edit (a known terminal's kill reaches it too)",
    code: AFTER_FALL_THROUGH,
    errors: [report(AFTER_FALL_THROUGH, "terminalSuccess", "return {};")],
  },
  {
    name: "a success after a branch that returns: only the miss reaches it, and the edit throws -32002 there",
    code: AFTER_RETURN,
    errors: [
      {
        messageId: "terminalSuccess",
        ...at(AFTER_RETURN, "return {};", 1),
        suggestions: [{ messageId: "useFix", data: { fix: TERMINAL_NOT_FOUND }, output: AFTER_RETURN.replace(/return \{\};(?=\n\}\);$)/, `throw ${TERMINAL_NOT_FOUND};`) }],
      },
    ],
  },
  {
    name: "a delegate typed with an older SDK's request and result names (KillTerminalCommandRequest, 0.12)",
    code: OLD_TYPE_NAMES,
    errors: [report(OLD_TYPE_NAMES, "terminalInternalError", 'new Error("no terminal")', { fix: "acp.RequestError.resourceNotFound(params.terminalId)", with: "acp.RequestError.resourceNotFound(params.terminalId)" })],
  },
  {
    name: "a read handler that reads no file and answers every path with empty content, the capability advertised",
    code: STUB,
    errors: [{ messageId: "fileStub", data: { code: 0, name: "an implementation-specific code", fix: "RequestError.resourceNotFound(path)" }, ...at(STUB, '""'), suggestions: [] }],
  },
  {
    name: "a stub that hands the request only to console.log",
    code: LOGGED_STUB,
    errors: [{ messageId: "fileStub", data: { code: 0, name: "an implementation-specific code", fix: "RequestError.resourceNotFound(path)" }, ...at(LOGGED_STUB, '""'), suggestions: [] }],
  },
  {
    name: "an operation declared to return a boolean, and Map.delete, tested for false: the unknown terminal answered as -32603",
    code: BOOLEAN_RELEASE,
    errors: [
      report(BOOLEAN_RELEASE, "terminalInternalError", "new Error(`unknown kernel ${terminalId}`)", { fix: NOT_FOUND_TERMINAL, with: NOT_FOUND_TERMINAL }),
      report(BOOLEAN_RELEASE, "terminalInternalError", 'new Error("no such terminal")', { fix: "acp.RequestError.resourceNotFound(params.terminalId)", with: "acp.RequestError.resourceNotFound(params.terminalId)" }),
    ],
  },
  {
    name: "vscode-jsonrpc: the fix the message names is its own ResponseError, which it sends as is",
    code: JSONRPC,
    errors: [
      {
        messageId: "fileWrongCode",
        data: { code: -32603, name: "Internal error", fix: 'new ResponseError(-32002, "Resource not found", { uri: params.path })' },
        ...at(JSONRPC, 'new ResponseError(-32603, "no such file")'),
        suggestions: [],
      },
    ],
  },
  {
    name: "a guard on the error's shape before the ENOENT test, then a plain Error",
    code: NODE_ERROR_GUARD,
    errors: [report(NODE_ERROR_GUARD, "fileInternalError", "new Error(`File not found: ${params.path}`)", { fix: NOT_FOUND, with: NOT_FOUND })],
  },
  {
    name: "a file looked up by its path, tested with || another condition, answered with a plain Error",
    code: VAULT,
    errors: [report(VAULT, "fileInternalError", 'new Error("File not found: " + params.path)', { fix: NOT_FOUND, with: NOT_FOUND })],
  },
  {
    name: "a lookup keyed by what a same-file helper computes from the path through its locals",
    code: VAULT_RELATIVE,
    // The fix names the key the lookup was given, the vault-relative path.
    errors: [report(VAULT_RELATIVE, "fileInternalError", 'new Error("File not found: " + rel)', { fix: "RequestError.resourceNotFound(rel)", with: "RequestError.resourceNotFound(rel)" })],
  },
  {
    name: "stat(path).catch(() => null) as the existence check, the miss answered with content",
    code: STAT_OR_NULL,
    errors: [report(STAT_OR_NULL, "fileSuccess", 'return { content: "" };', { fix: NOT_FOUND, with: `throw ${NOT_FOUND};` })],
  },
  {
    name: "an unknown or exited terminal answered with a plain Error",
    code: EXITED_OR_UNKNOWN,
    errors: [report(EXITED_OR_UNKNOWN, "terminalInternalError", 'new Error("gone")', { fix: TERMINAL_NOT_FOUND, with: TERMINAL_NOT_FOUND })],
  },
  {
    name: "a catch that logs, then returns content for every error: the ENOENT test goes before the return",
    code: LOGS_THEN_SWALLOWS,
    errors: [catchReport(LOGS_THEN_SWALLOWS, "swallowed", 'return { content: "" };', 'return { content: "" };', "err", { fix: NOT_FOUND, with: `throw ${NOT_FOUND};` })],
  },
  // `(error as { code?: string }).code` would compile, but throw when null or undefined is thrown.
  enoentTest("TypeScript: the caught value is unknown, so the ENOENT test checks its shape before it reads .code", PLAIN_JS, 'typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT"'),
  enoentTest("TypeScript, catch (error: any): the ENOENT test reads error?.code", PLAIN_JS.replace("catch (error)", "catch (error: any)"), 'error?.code === "ENOENT"'),
  enoentTest("plain JavaScript: the ENOENT test reads error?.code", PLAIN_JS, 'error?.code === "ENOENT"', "client.js"),
  {
    name: "the shared case: a legacy Client swallowing the read's error, and a terminal miss answered with Error",
    code: LEGACY_CASE,
    errors: [
      report(LEGACY_CASE, "swallowed", 'return { content: "" };', { fix: "acp.RequestError.resourceNotFound(params.path)", with: "throw acp.RequestError.resourceNotFound(params.path);" }),
      report(LEGACY_CASE, "terminalInternalError", "new Error(`no terminal ${params.terminalId}`)", {
        fix: "acp.RequestError.resourceNotFound(params.terminalId)",
        with: "acp.RequestError.resourceNotFound(params.terminalId)",
      }),
    ],
  },
  {
    name: "a same-file helper shared by two terminal handlers is reported once, where it throws",
    code: HELPER,
    errors: [report(HELPER, "terminalInternalError", "new Error(`Terminal ${id} not found`)", { fix: "RequestError.resourceNotFound(id)", with: "RequestError.resourceNotFound(id)" })],
  },
  {
    name: "?? with a same-file helper that throws a plain Error",
    code: FALLBACK,
    errors: [report(FALLBACK, "terminalInternalError", 'new Error("no terminal " + id)')],
  },
  {
    name: "?? with a same-file helper, the lookup under satisfies",
    code: FALLBACK_SATISFIES,
    errors: [report(FALLBACK_SATISFIES, "terminalInternalError", 'new Error("no terminal " + id)')],
  },
  {
    name: "a .catch() callback giving the content \"\", the read under a <T> assertion",
    code: CATCH_CALLBACK_ASSERTED,
    errors: [report(CATCH_CALLBACK_ASSERTED, "swallowed", '""', { fix: NOT_FOUND, with: `{ throw ${NOT_FOUND}; }` })],
  },
  {
    name: "a .catch() callback on the read that gives the content \"\"",
    code: CATCH_CALLBACK,
    errors: [report(CATCH_CALLBACK, "swallowed", '""', { fix: NOT_FOUND, with: `{ throw ${NOT_FOUND}; }` })],
  },
  {
    name: "a catch that only logs, then the content is returned",
    code: AFTER_CATCH,
    errors: [report(AFTER_CATCH, "swallowed", "return { content: text };", { fix: NOT_FOUND, with: `throw ${NOT_FOUND};` })],
  },
  {
    name: "a catch that turns the -32002 of an existence check inside the try into -32603",
    code: CHECK_INSIDE_TRY,
    errors: [report(CHECK_INSIDE_TRY, "catchAllCode", "RequestError.internalError({ details: String(err) })", { fix: NOT_FOUND, with: NOT_FOUND })],
  },
  {
    name: "a catch that rethrows RequestErrors but turns the fs error into a plain Error",
    code: RETHROWS_REQUEST_ERRORS,
    errors: [report(RETHROWS_REQUEST_ERRORS, "fileInternalError", 'new Error("read failed")', { fix: NOT_FOUND, with: NOT_FOUND })],
  },
  {
    name: "the path resolved against the cwd is still the requested file",
    code: RESOLVED_PATH,
    errors: [
      catchReport(RESOLVED_PATH, "catchAllCode", "new Error(`cannot read ${file}: ${String(err)}`)", "throw new Error(`cannot read", "err", {
        fix: "RequestError.resourceNotFound(file)",
        with: "RequestError.resourceNotFound(file)",
      }),
    ],
  },
  {
    name: "destructured path, an existence check answering -32603",
    code: DESTRUCTURED,
    errors: [report(DESTRUCTURED, "fileWrongCode", 'new RequestError(-32603, "Internal error", { path })', { fix: "RequestError.resourceNotFound(path)", with: "RequestError.resourceNotFound(path)" })],
  },
  {
    name: "a path missing from the open documents, answered with a plain Error",
    code: OPEN_DOCUMENTS,
    errors: [report(OPEN_DOCUMENTS, "fileInternalError", 'new Error("not open: " + params.path)', { fix: NOT_FOUND, with: NOT_FOUND })],
  },
  {
    name: "a same-file reader helper whose catch throws a plain Error for every failure",
    code: HELPER_READ_THROWS,
    errors: [
      catchReport(HELPER_READ_THROWS, "catchAllCode", 'new Error("cannot read " + file)', 'throw new Error("cannot read', "err", {
        fix: "RequestError.resourceNotFound(file)",
        with: "RequestError.resourceNotFound(file)",
      }),
    ],
  },
  {
    name: "a switch over the error code returning content for ENOENT",
    code: SWITCH_ON_CODE,
    errors: [report(SWITCH_ON_CODE, "fileSuccess", 'return { content: "" };', { fix: NOT_FOUND, with: `throw ${NOT_FOUND};` })],
  },
  {
    name: "hand-rolled dispatch: the catch sends -32603, the terminal miss returns -32602",
    code: DISPATCH,
    errors: [
      { messageId: "catchAllCode", ...at(DISPATCH, "{ code: -32603, message: String(err) }"), suggestions: [] },
      { messageId: "terminalWrongCode", ...at(DISPATCH, '{ code: -32602, message: "unknown terminal" }'), suggestions: [] },
    ],
  },
  {
    name: "v2: terminal/cancel of an unknown terminal answered with a plain Error",
    code: V2_CANCEL,
    settings: V2,
    errors: [
      report(V2_CANCEL, "terminalInternalError", 'new Error("unknown terminal")', {
        fix: "RequestError.invalidParams({ terminalId: params.terminalId })",
        with: "RequestError.invalidParams({ terminalId: params.terminalId })",
      }),
    ],
  },
  {
    name: "an SDK without resourceNotFound: the construction with data.uri",
    code: OLD_SDK_CODE,
    settings: { acp: { sdkVersion: "0.0.9" } },
    errors: [{ ...report(OLD_SDK_CODE, "fileInternalError", 'new Error("no such file")'), data: { fix: OLD_SDK_FIX } }],
  },
];

const valid: Valid[] = [
  { name: "a miss branch that creates the terminal before what follows answers", code: CREATED_ON_MISS },
  {
    // opencode-acp: the agent runs terminals for its own tools and names its helpers after the client's methods.
    name: "a legacy Agent's own method typed with a client request (terminalOutput(params: TerminalOutputRequest)) is no client handler",
    code: `import * as acp from "@agentclientprotocol/sdk";
export class Agent implements acp.Agent {
  private terminals = new Map<string, { output: string }>();
  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: acp.PROTOCOL_VERSION };
  }
  async terminalOutput(params: acp.TerminalOutputRequest): Promise<acp.TerminalOutputResponse> {
    const terminal = this.terminals.get(params.terminalId);
    if (!terminal) throw new Error("Terminal not found");
    return { output: terminal.output, truncated: false };
  }
}`,
  },
  { name: "an empty-content read handler while fs.readTextFile is not advertised (capability-consistency's finding)", code: STUB_READ("false") },
  {
    name: "a read handler that looks at the path before it answers empty content is no stub",
    code: STUB_READ("true", "({ params }) => {\n    if (!knownEmpty(params.path)) throw RequestError.resourceNotFound(params.path);\n    return { content: \"\" };\n  }")
      .replace("declare const stream: never;", "declare const stream: never;\ndeclare function knownEmpty(p: string): boolean;")
      .replace("import { client, methods }", "import { client, methods, RequestError }"),
  },
  {
    name: "a read handler that hands the request to a check before it answers empty content is no stub",
    code: STUB_READ("true", "({ params }) => {\n    ensureKnown(params);\n    return { content: \"\" };\n  }")
      .replace("declare const stream: never;", "declare const stream: never;\ndeclare function knownEmpty(p: string): boolean;\nfunction ensureKnown(p: { path: string }) {\n  if (!knownEmpty(p.path)) throw RequestError.resourceNotFound(p.path);\n}")
      .replace("import { client, methods }", "import { client, methods, RequestError }"),
  },
  {
    name: "an existence check in a helper handed the request before the try: the catch only sees other failures",
    code: `${SDK}function ensureExists(p: { path: string }) {
  if (!existsSync(p.path)) throw RequestError.resourceNotFound(p.path);
}
app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  ensureExists(params);
  try {
    return { content: readFileSync(params.path, "utf8") };
  } catch {
    return { content: "" };
  }
});`,
  },
  {
    name: "vscode-jsonrpc: a ResponseError with -32002",
    code: JSONRPC.replace('new ResponseError(-32603, "no such file")', 'new ResponseError(-32002, "Resource not found", { uri: params.path })'),
  },
  {
    name: "instanceof Error && \"code\" in err && ENOENT, mapped to -32002",
    code: `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    return { content: await readFile(params.path, "utf8") };
  } catch (err) {
    if (err instanceof Error && "code" in err && err.code === "ENOENT") throw RequestError.resourceNotFound(params.path);
    throw err;
  }
});`,
  },
  {
    name: "readFile(path).catch(() => null), then null answered with -32002",
    code: `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  const text = await readFile(params.path, "utf8").catch(() => null);
  if (text === null) throw RequestError.resourceNotFound(params.path);
  return { content: text };
});`,
  },
  {
    name: "a helper whose test is its last statement but which returns a value on the other path: the handler may test it",
    code: `${SDK}function stop(id: string) {
  const terminal = terminals.get(id);
  if (terminal) {
    terminal.kill();
    return true;
  }
}
app.onRequest(methods.client.terminal.kill, ({ params }) => {
  if (!stop(params.terminalId)) throw RequestError.resourceNotFound(params.terminalId);
  return {};
});`,
  },
  {
    name: "a helper that answers the miss first: its last test of the terminal runs for a known terminal only",
    code: `${SDK}function stop(id: string) {
  const terminal = terminals.get(id);
  if (!terminal) throw RequestError.resourceNotFound(id);
  if (terminal && terminal.output !== "") {
    terminal.kill();
  }
}
app.onRequest(methods.client.terminal.kill, ({ params }) => {
  stop(params.terminalId);
  return {};
});`,
  },
  {
    name: "a second test of a terminal the first has answered for: what follows it runs for a known terminal only",
    code: `${SDK}app.onRequest(methods.client.terminal.kill, ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (!terminal) throw RequestError.resourceNotFound(params.terminalId);
  if (terminal.output === "") {
    terminal.kill();
  }
  return {};
});`,
  },
  {
    name: "a branch that returns, then -32002: the statement after the branch answers the miss rightly",
    code: `${SDK}app.onRequest(methods.client.terminal.kill, ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (terminal) {
    terminal.kill();
    return {};
  }
  throw RequestError.resourceNotFound(params.terminalId);
});`,
  },
  {
    name: "a .catch() callback whose undefined is then answered with -32002",
    code: `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  const text = await readFile(params.path, "utf8").catch(() => undefined);
  if (text === undefined) throw RequestError.resourceNotFound(params.path);
  return { content: text };
});`,
  },
  {
    name: "an existence check before the try: the catch only sees other failures",
    code: `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  if (!existsSync(params.path)) throw RequestError.resourceNotFound(params.path);
  try {
    return { content: readFileSync(params.path, "utf8") };
  } catch {
    return { content: "" };
  }
});`,
  },
  {
    name: "a catch that rethrows RequestErrors after an existence check inside the try: unsure",
    code: `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    if (!existsSync(params.path)) throw RequestError.resourceNotFound(params.path);
    return { content: readFileSync(params.path, "utf8") };
  } catch (err) {
    if (err instanceof RequestError) throw err;
    throw RequestError.internalError({ details: String(err) });
  }
});`,
  },
  {
    name: "ENOENT listed among codes mapped to -32002",
    code: `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    return { content: await readFile(params.path, "utf8") };
  } catch (err) {
    if (["ENOENT", "ENOTDIR"].includes((err as NodeJS.ErrnoException).code ?? "")) throw RequestError.resourceNotFound(params.path);
    throw err;
  }
});`,
  },
  {
    name: "a switch over the error code answering ENOENT with -32002",
    code: `${SDK}app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    return { content: await readFile(params.path, "utf8") };
  } catch (err) {
    switch ((err as NodeJS.ErrnoException).code) {
      case "ENOENT":
        throw RequestError.resourceNotFound(params.path);
      default:
        throw err;
    }
  }
});`,
  },
  {
    name: "a catch handing the error to a function that may throw it: unsure",
    code: `${SDK}declare function handleFsError(err: unknown, path: string): void;
app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    return { content: await readFile(params.path, "utf8") };
  } catch (err) {
    handleFsError(err, params.path);
    return { content: "" };
  }
});`,
  },
  {
    name: "a catch testing something else before answering: unsure",
    code: `${SDK}declare const lenient: boolean;
app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  try {
    return { content: await readFile(params.path, "utf8") };
  } catch (err) {
    if (lenient) return { content: "" };
    throw err;
  }
});`,
  },
  {
    name: "a reader helper defined in another file",
    code: `import { client, methods } from "@agentclientprotocol/sdk";
import { readWorkspaceFile } from "./workspace.js";
export const app = client({ name: "c" }).onRequest(methods.client.fs.readTextFile, async ({ params }) => ({
  content: await readWorkspaceFile(params.path),
}));`,
  },
  {
    name: "a same-file reader helper whose catch returns \"\": the handler may check what it gets",
    code: `${SDK}async function readText(file: string) {
  try {
    return await readFile(file, "utf8");
  } catch {
    return undefined;
  }
}
app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  const text = await readText(params.path);
  if (text === undefined) throw RequestError.resourceNotFound(params.path);
  return { content: text };
});`,
  },
  {
    name: "open documents first, the disk on a miss",
    code: `${SDK}const documents = new Map<string, string>();
app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
  const text = documents.get(params.path);
  if (text === undefined) return { content: await readFile(params.path, "utf8") };
  return { content: text };
});`,
  },
  {
    name: "fs/write_text_file that creates the missing file and its directory",
    code: `${SDK}import { mkdir, writeFile } from "node:fs/promises";
app.onRequest(methods.client.fs.writeTextFile, async ({ params }) => {
  if (!existsSync(params.path)) await mkdir(nodePath.dirname(params.path), { recursive: true });
  await writeFile(params.path, params.content, "utf8");
  return {};
});`,
  },
  {
    name: "fs/write_text_file swallowing its errors is not about a missing file",
    code: `${SDK}import { writeFile } from "node:fs/promises";
app.onRequest(methods.client.fs.writeTextFile, async ({ params }) => {
  try {
    await writeFile(params.path, params.content, "utf8");
  } catch {
    return {};
  }
  return {};
});`,
  },
  {
    name: "the agent side: reading through the client and handling its -32002",
    code: `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, async ({ params, client }) => {
  const { content } = await client
    .request(methods.client.fs.readTextFile, { sessionId: params.sessionId, path: "/notes.md" })
    .catch((err: unknown) => {
      if (err instanceof RequestError && err.code === -32002) return { content: "" };
      throw err;
    });
  void content;
  return { stopReason: "end_turn" };
});`,
  },
  {
    name: "a lookup of something other than the terminal",
    code: `${SDK}const sessions = new Map<string, object>();
app.onRequest(methods.client.terminal.output, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new Error("unknown session");
  const terminal = terminals.get(params.terminalId);
  if (!terminal) throw RequestError.resourceNotFound(params.terminalId);
  return { output: terminal.output, truncated: false };
});`,
  },
  {
    name: "a class that is no ACP client may fail in its readTextFile",
    code: `import { readFile } from "node:fs/promises";
export class Cache {
  async readTextFile(params: { path: string }) {
    try {
      return { content: await readFile(params.path, "utf8") };
    } catch {
      return { content: "" };
    }
  }
}`,
  },
  {
    name: "a terminal whose code cannot be resolved untyped",
    code: `${SDK}import { TERMINAL_GONE } from "./codes.js";
app.onRequest(methods.client.terminal.output, ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (!terminal) throw new RequestError(TERMINAL_GONE, "gone");
  return { output: terminal.output, truncated: false };
});`,
  },
  {
    name: "v2: terminal/cancel answering an unknown terminal with -32602",
    code: V2_CANCEL.replace('new Error("unknown terminal")', "RequestError.invalidParams({ terminalId: params.terminalId })"),
    settings: V2,
  },
  {
    name: "v1: terminal/cancel does not exist there",
    code: V2_CANCEL,
  },
];

untypedTester().run("resource-not-found-error", rule, { valid: [...styleValid, ...valid], invalid: [...styleInvalid, ...invalid] });

// With type information, codes imported from another file resolve.
const TYPED = `import { client, methods, RequestError } from "@agentclientprotocol/sdk";
import { INVALID_PARAMS } from "./codes";
const terminals = new Map<string, { output: string }>();
export const app = client({ name: "c" });
app.onRequest(methods.client.terminal.output, ({ params }) => {
  const terminal = terminals.get(params.terminalId);
  if (!terminal) throw new RequestError(INVALID_PARAMS, "unknown terminal");
  return { output: terminal.output, truncated: false };
});`;

typedTester().run("resource-not-found-error (typed)", rule, {
  valid: [{ name: "v2: the imported -32602 is right for a terminal", code: TYPED, filename: typedFile, settings: V2 }],
  invalid: [
    {
      name: "v1: the imported -32602 answers an unknown terminal",
      code: TYPED,
      filename: typedFile,
      errors: [report(TYPED, "terminalWrongCode", 'new RequestError(INVALID_PARAMS, "unknown terminal")', { fix: TERMINAL_NOT_FOUND, with: TERMINAL_NOT_FOUND })],
    },
  ],
});

// A name that shadows the import is not the SDK's RequestError: what a parameter constructs is unknown, so the code
// a missing file is answered with is too.
untypedTester().run("resource-not-found-error (a name that shadows the import)", rule, {
  valid: [
    {
      name: "a parameter named RequestError",
      code: `${SDK}export function mount(RequestError: new (code: number, message: string) => Error) {
  app.onRequest(methods.client.fs.readTextFile, async ({ params }) => {
    try {
      return { content: await readFile(params.path, "utf8") };
    } catch {
      throw new RequestError(-32603, "File not found");
    }
  });
}`,
    },
  ],
  invalid: [],
});

// What the summaries layer follows: a helper handed the request that carries the terminal id, and a lookup a
// helper returns unchecked; a fix names the caller's argument, or a placeholder when none hands the field over.
const TERMINALS = `import { client, methods, RequestError } from "@agentclientprotocol/sdk";
const terminals = new Map<string, { output: string; kill(): void }>();
`;
const helperHandedRequest = `${TERMINALS}function requireTerminal(params: { terminalId: string }) {
  if (!terminals.has(params.terminalId)) throw new Error("no terminal");
}
export const app = client({ name: "c" }).onRequest(methods.client.terminal.kill, async ({ params }) => {
  requireTerminal(params);
  terminals.get(params.terminalId)?.kill();
  return {};
});`;
const returnedByHelper = `${TERMINALS}function terminalOf(params: { terminalId: string }) { return terminals.get(params.terminalId); }
export const app = client({ name: "c" }).onRequest(methods.client.terminal.output, async ({ params }) => {
  const terminal = terminalOf(params);
  if (!terminal) throw new Error("no terminal");
  return { output: terminal.output, truncated: false };
});`;
const inRunner = `${TERMINALS}function runWith<T>(o: { run(): T }): T { return o.run(); }
export const app = client({ name: "c" }).onRequest(methods.client.terminal.output, async ({ params }) => {
  const terminal = runWith({ run: () => {
    const found = terminals.get(params.terminalId);
    if (!found) throw new Error("no terminal");
    return found;
  } });
  return { output: terminal.output, truncated: false };
});`;
// A manager a caller may inject, built by a factory of the file when none is given (loopy's createClientApp).
const injectedManager = (given: string, before = "") => `${TERMINALS}function createTerminalManager() {
  const states = new Map<string, { kill(): void }>();
  function requireTerminal(id: string) {
    const state = states.get(id);
    if (!state) throw new Error("unknown terminal");
    return state;
  }
  return {
    kill(request: { terminalId: string }) { requireTerminal(request.terminalId).kill(); },
    release(request: { terminalId: string }) {
      const state = states.get(request.terminalId);
      if (!state) return;
      state.kill();
      states.delete(request.terminalId);
    },
  };
}
export function createClientApp(options: { terminals?: ReturnType<typeof createTerminalManager> } = {}) {
  ${before}const terminals = ${given};
  return client({ name: "c" })
    .onRequest(methods.client.terminal.kill, ({ params }) => {
      terminals.kill(params);
      return {};
    })
    .onRequest(methods.client.terminal.release, ({ params }) => {
      terminals.release(params);
      return {};
    });
}`;
const defaultManager = injectedManager("options.terminals ?? createTerminalManager()");
const threeDeep = `${TERMINALS}function lookup(id: string) {
  const terminal = terminals.get(id);
  if (!terminal) throw new Error("no terminal");
  return terminal;
}
function requireTerminal(id: string) { return lookup(id); }
function kill(request: { terminalId: string }) { requireTerminal(request.terminalId).kill(); }
export const app = client({ name: "c" }).onRequest(methods.client.terminal.kill, async ({ params }) => {
  kill(params);
  return {};
});`;
// A helper whose last statement runs a closure whose last statement only logs the miss: it runs off both ends.
const helperRunsLoggedMiss = `${TERMINALS}function runWith<T>(o: { run(): T }): T { return o.run(); }
function stop(id: string) {
  runWith({ run: () => {
    const terminal = terminals.get(id);
    if (!terminal) {
      console.warn("no terminal", id);
    }
  } });
}
export const app = client({ name: "c" }).onRequest(methods.client.terminal.kill, async ({ params }) => {
  stop(params.terminalId);
  return {};
});`;
untypedTester().run("resource-not-found-error (values through functions)", rule, {
  valid: [
    {
      name: "a default after a value that is no parameter's (a local built beside it): which one runs is unknown",
      code: injectedManager("made ?? createTerminalManager()", "const made = Math.random() > 1 ? undefined : { kill() {}, release() {} };\n  "),
    },
    {
      name: "a helper that completes its lookup gives no miss to the caller",
      code: `${TERMINALS}function terminalOf(params: { terminalId: string }) { return terminals.get(params.terminalId) ?? { output: "", kill() {} }; }
export const app = client({ name: "c" }).onRequest(methods.client.terminal.output, async ({ params }) => {
  const terminal = terminalOf(params);
  if (!terminal) throw new Error("unreachable");
  return { output: terminal.output, truncated: false };
});`,
    },
  ],
  invalid: [
    {
      name: "the default of a manager a caller may inject (options.terminals ?? createTerminalManager()) answers an unknown terminal wrongly",
      code: defaultManager,
      errors: [
        report(defaultManager, "terminalInternalError", 'new Error("unknown terminal")', { fix: "RequestError.resourceNotFound(id)", with: "RequestError.resourceNotFound(id)" }),
        { messageId: "terminalSuccess", ...at(defaultManager, "terminals.release(params)"), suggestions: [] },
      ],
    },
    {
      name: "three helpers deep: a manager's method, its check, the lookup the check calls",
      code: threeDeep,
      errors: [report(threeDeep, "terminalInternalError", 'new Error("no terminal")', { fix: "RequestError.resourceNotFound(id)", with: "RequestError.resourceNotFound(id)" })],
    },
    {
      name: "a helper that runs a closure whose last statement logs the miss hands the request back to the handler's result",
      code: helperRunsLoggedMiss,
      errors: [{ messageId: "terminalSuccess", ...at(helperRunsLoggedMiss, "stop(params.terminalId)"), suggestions: [] }],
    },
    {
      name: "a closure a call runs and gives back the result of throws a plain Error for an unknown terminal",
      code: inRunner,
      errors: [report(inRunner, "terminalInternalError", 'new Error("no terminal")', { fix: TERMINAL_NOT_FOUND, with: TERMINAL_NOT_FOUND })],
    },
    { name: "a helper handed the request throws a plain Error for an unknown terminal", code: helperHandedRequest, errors: [report(helperHandedRequest, "terminalInternalError", 'new Error("no terminal")', { fix: TERMINAL_NOT_FOUND, with: TERMINAL_NOT_FOUND })] },
    {
      name: "a lookup a helper returns, tested by the caller",
      code: returnedByHelper,
      // No argument is the terminal id itself: the message names a placeholder (`terminalId`, no variable of the
      // handler), and no rewrite is offered.
      errors: [
        {
          ...report(returnedByHelper, "terminalInternalError", 'new Error("no terminal")'),
          data: { fix: "RequestError.resourceNotFound(terminalId)", method: "terminal/output", expected: "-32002 Resource not found" },
        },
      ],
    },
  ],
});
