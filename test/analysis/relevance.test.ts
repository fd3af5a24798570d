// What a file's text says it may hold (relevance.ts): what the plugin skips must be a file no rule can report on,
// and each way a handler or an error is written must keep its file analysed.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetSingleRun } from "../../src/analysis/single-run.js";
import * as tsParser from "@typescript-eslint/parser";
import { Linter, type Rule } from "eslint";
import { type FileRelevance, fileRelevance } from "../../src/analysis/relevance.js";
import { acpSettings } from "../../src/analysis/settings.js";
import { modelOf } from "./model-of.js";

/** "handlers", "errors" (some rule may report, but the file holds no handler) or "nothing". */
function relevanceOf(code: string, options: { settings?: Record<string, unknown>; typed?: boolean } = {}): string {
  const { sourceCode } = modelOf(code, options);
  const found = fileRelevance(sourceCode, acpSettings(options.settings ?? {}));
  return found.handlers ? "handlers" : found.any ? "errors" : "nothing";
}

describe("fileRelevance", () => {
  it("skips code with nothing for any rule: no error code, no error class, no method, no SDK", () => {
    expect(relevanceOf(`import { readFile } from "node:fs";\nexport function load(p: string) { try { return readFile(p); } catch (e) { throw new Error("no " + p); } }`)).toBe("nothing");
    expect(relevanceOf(`export const session = { initialize() {}, prompt: "hi", id: 32 };\nconsole.error("session/x", 3200, 33000);`)).toBe("nothing");
    // A word inside another name is not that word.
    expect(relevanceOf(`export const errorCode = "decode";\nexport class MyRequestErrors {}`)).toBe("nothing");
    // A string that starts with a wire name but is another string names no method.
    expect(relevanceOf(`export const modes = ["initialized", "uninitialized"];\nlog("logout failed", 'authenticated', \`initialize \${x}\`);`)).toBe("nothing");
  });

  it.each([
    ["an SDK import", `import { agent } from "@agentclientprotocol/sdk";`],
    ["an SDK subpath", `import { methods } from "@agentclientprotocol/sdk/unstable";`],
    ["the legacy package", `const acp = require("@zed-industries/agent-client-protocol");`],
    ["vscode-jsonrpc", `import { createMessageConnection } from "vscode-jsonrpc/node";`],
    ["a wire name in a case", `switch (msg.method) { case "session/prompt": break; }`],
    ["a wire name in a template", "const m = `fs/read_text_file`;"],
    ["a wire name without a slash", `conn.sendNotification("initialize", {});`],
    ["the protocol's cancel", `conn.sendNotification('$/cancel_request', {});`],
    ["an escaped string, which may spell anything", `const m = "session\\u002Fprompt";`],
    ["a string continued on the next line", `const m = "session/\\\nprompt";`],
    ["a wire name as a handler map's key", `export const handlers = { "logout": () => ({}) };`],
  ])("analyses handlers after %s", (_, code) => {
    expect(relevanceOf(code)).toBe("handlers");
  });

  it("takes the modules of settings.acp.sdkModules as the SDK", () => {
    const code = `import { agent } from "@acme/acp";`;
    expect(relevanceOf(code)).toBe("nothing");
    expect(relevanceOf(code, { settings: { acp: { sdkModules: ["@acme/acp"] } } })).toBe("handlers");
  });

  it.each([
    ["a JSON-RPC code as a number", `fail(-32601, "x");`],
    ["a code in hex", `fail(-0x7d59, "x");`],
    ["a code with separators", `fail(-32_601, "x");`],
    ["a code with an exponent", `fail(-3.2601e4, "x");`],
    ["an LSP-range code", `fail(-32803, "x");`],
    ["RequestError", `throw new RequestError(n, "x");`],
    ["RequestError spelled with an escape", `throw new Request\\u0045rror(n, "x");`],
    ["ResponseError", `throw new ResponseError(n, "x");`],
    ["an error sender", `transport.sendError(id, n, "x");`],
    ["a JSON-RPC envelope", `send({ jsonrpc: "2.0", id, result });`],
    ["a client's initialize request", `await conn.initialize({ protocolVersion: 1, clientCapabilities: {} });`],
  ])("analyses errors, but finds no handler, after %s", (_, code) => {
    expect(relevanceOf(code)).toBe("errors");
  });

  it.each([
    ["a code read, not written", `if (err.code === "ENOENT" || err.code !== 1.5) return;\nlog(err.code, 1.5);`],
    ["a code written whose value cannot be a wrong one", `const e = Object.assign(new Error("gone"), { code: "ENOENT" });\nerr.code = n;`],
    ["an odd value beside a code that is only read", `const ratio = 1.5;\nif (node.code === "x") return ratio;`],
    ["a number in another notation that is neither a code nor a fraction", `const mask = 0xff, big = 1e6, many = 1_000;\nerr.code = "E_MASK";`],
    ["a BigInt with a code's digits", `const n = 32601n;`],
    ["the string \"code\" as a value", `export const meta = { fixable: "code", ratio: 0.5 };`],
  ])("skips %s", (_, code) => {
    expect(relevanceOf(code)).toBe("nothing");
  });

  // Another kind of code (a REST API's, an Error subclass's): with no ACP or JSON-RPC sign the file is no ACP code.
  it.each([
    ["an object with a code", `throw { code: 1.5, message: "x" };`],
    ["a quoted code key", `const e = { "code": "1113", message: "m" };`],
    ["a code assigned", `err.code = "42001";`],
    ["a code assigned by a logical operator", `err.code ||= NaN;`],
    ["a private code", `class E extends Error { #code = 1.5; }`],
    ["a code parameter", `class E extends Error { constructor(public code: string) { super(); } }\nnew E("42001");`],
    ["a code parameter with a definite type", `class E extends Error { code!: number; }\nconst e = new E(); e.code = Infinity;`],
    ["a code getter", `class E extends Error { get code() { return "1113"; } }`],
    ["a code defined as a property", `Object.defineProperty(err, "code", { value: 0.5 });`],
    ["a code written with a computed key", `err["code"] = "1113";`],
    ["a code in shorthand", `const code = "1113";\nthrow { code, message: "m" };`],
    ["a code from Math", `throw { code: Math.PI, message: "m" };`],
    ["a code with an exponent that is no integer", `throw { code: 5e-1, message: "m" };`],
    ["a code in a template", "throw { code: `1113`, message: 'm' };"],
    ["a code spelled with an escape", `const c\\u006Fde = 1.5;`],
  ])("skips an error with no ACP or JSON-RPC sign: %s", (_, code) => {
    expect(relevanceOf(code)).toBe("nothing");
  });

  it("takes the classes of settings.acp.errorClasses as error classes", () => {
    const code = `throw new AgentFailure(n, "x");`;
    expect(relevanceOf(code)).toBe("nothing");
    expect(relevanceOf(code, { settings: { acp: { errorClasses: ["AgentFailure"] } } })).toBe("errors");
  });

  it.each([
    ["a JSON-RPC code as a number", `fail(-32601, "x");`, true],
    ["a code in hex", `fail(-0x7d59, "x");`, true],
    ["a code with separators and an exponent", `const a = 32_601, b = 3.2601e4, c = .32601e5;`, true],
    ["a hex number that is no code", `const mask = 0xff;`, false],
    ["an SDK import, whose constants are codes", `import { RequestError } from "@agentclientprotocol/sdk";`, true],
    ["an object with a code but no code number", `throw { code: n, message: "x" };`, false],
    ["RequestError without a code number", `throw new RequestError(n, "x");`, false],
  ])("looks for code tables after %s: %s", (_, code, tables) => {
    const { sourceCode } = modelOf(code, {});
    expect(fileRelevance(sourceCode, acpSettings({})).codes).toBe(tables);
  });

  // With type information a constant, a name or a signature may come from any module the program resolved, however
  // deep: their texts count as the file's.
  it("skips a typed file whose program imports show nothing of ACP either", () => {
    expect(relevanceOf(`export const x = 1;`, { typed: true })).toBe("nothing");
    expect(relevanceOf(`import { z } from "zod";\nexport const name = z.string();`, { typed: true })).toBe("nothing");
  });

  it("analyses a typed file whose tree has no TypeScript source file behind it (another parser's Program)", () => {
    const { sourceCode } = modelOf(`export const x = 1;`, { typed: true });
    // A Program the typed services never mapped, as a Vue file's is: what its program imports cannot be told.
    const { ast } = tsParser.parseForESLint(`export const y = 2;`, { range: true, loc: true });
    const foreign = Object.create(sourceCode, { ast: { value: ast } }) as typeof sourceCode;
    expect(fileRelevance(foreign, acpSettings({})).handlers).toBe(true);
  });

  it.each([
    ["a package that re-exports the SDK's method names under another name", `import { AGENT_METHODS } from "acp-sdk-legacy";\nexport const methods = AGENT_METHODS;`, "handlers"],
    ["a neighbour's code constants", `import { TOO_BUSY } from "./codes.js";\nexport const busy = TOO_BUSY;`, "errors"],
  ])("analyses a typed file through what its program imports: %s", (_, code, typed) => {
    expect(relevanceOf(code, { typed: true })).toBe(typed);
    // Without types only the file's own text (and its relative imports, read from disk) counts.
    expect(relevanceOf(code)).toBe("nothing");
  });
});

describe.each([
  ["in an editor", "false"],
  ["in a single run, whose closures of imported modules are kept", "true"],
])("fileRelevance through the modules a file imports, %s", (_mode, singleRun) => {
  beforeAll(() => {
    process.env["ACP_SINGLE_RUN"] = singleRun;
    resetSingleRun();
  });
  afterAll(() => {
    process.env["ACP_SINGLE_RUN"] = "false";
    resetSingleRun();
  });
  const dir = mkdtempSync(join(tmpdir(), `acp-relevance-${singleRun}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
  /** The relevance of `code` linted as `dir/<name>`, its imports read from disk. */
  const throughImports = (name: string, code: string): string => {
    write(name, code);
    let found: FileRelevance | undefined;
    const probe = { create: (context: Rule.RuleContext) => ((found = fileRelevance(context.sourceCode as never, acpSettings({}), context)), {}) };
    new Linter({ configType: "flat", cwd: dir }).verify(
      code,
      [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as Linter.Parser }, plugins: { probe: { rules: { probe } } }, rules: { "probe/probe": "error" } }],
      { filename: join(dir, name) },
    );
    return found!.handlers ? "handlers" : found!.any ? "errors" : "nothing";
  };
  write("builder.ts", "export function fail(code: string, message: string) {\n  return Object.assign(new Error(message), { code });\n}\n");
  write("quota.ts", 'export const QUOTA = "42001";\n');
  write("busy.ts", "export const BUSY = -32001;\n");
  write("failing.ts", 'export const fail = (code: string, message: string) => new ResponseError(code, message);\n');
  write("documented.ts", "/**\n * Builds `{ code: 1.5 }` for session/prompt, see RequestError.\n */\nexport const ratio = (a: number, b: number) => a / b;\n");
  write("separator.ts", 'export const SEPARATORS = ["\\u2028", "\\u2029"];\n');
  write("methods.ts", 'export const PROMPT = "session\\u002Fprompt";\n');

  it.each([
    ["a code written with a code number of an imported module", "a.ts", 'import { BUSY } from "./busy.js";\nthrow { code: BUSY, message: "m" };\n', "errors"],
    ["an error class an imported module builds", "g.ts", 'import { fail } from "./failing.js";\nthrow fail("1113", "m");\n', "errors"],
    ["a method name an imported module spells with an escape", "c.ts", 'import { PROMPT } from "./methods.js";\nexport const m = PROMPT;\n', "handlers"],
  ])("analyses %s", (_, name, code, expected) => {
    expect(throughImports(name, code)).toBe(expected);
  });

  it.each([
    ["a code written with a value of an imported module, no ACP or JSON-RPC sign in either", "h.ts", 'import { QUOTA } from "./quota.js";\nthrow { code: QUOTA, message: "m" };\n'],
    ["an imported builder given an odd value, no ACP or JSON-RPC sign in either", "i.ts", 'import { fail } from "./builder.js";\nthrow fail("1113", "m");\n'],
    ["a builder and an odd value in two imported modules, neither in the file", "d.ts", 'import { fail } from "./builder.js";\nimport { QUOTA } from "./quota.js";\nexport const both = [fail, QUOTA];\n'],
    ["an imported module whose code, method and error class are in its documentation", "e.ts", 'import { ratio } from "./documented.js";\nerr.code = ratio(1, 2);\n'],
    ["an imported module with an escape that spells nothing of ACP", "f.ts", 'import { SEPARATORS } from "./separator.js";\nexport const s = SEPARATORS;\n'],
  ])("skips %s", (_, name, code) => {
    expect(throughImports(name, code)).toBe("nothing");
  });
});
