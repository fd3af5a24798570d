// Files of another JSON-RPC protocol (other-protocols.ts): an MCP server beside an ACP agent is no ACP code, and a
// file that also speaks ACP stays ACP code. That no rule reports on such a file is test/clean-shapes.test.ts's
// fixtures/clean/mcp-server.ts.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { speaksOtherProtocol } from "../../src/analysis/other-protocols.js";
import { acpSettings } from "../../src/analysis/settings.js";
describe("files of another JSON-RPC protocol", () => {
  const SERVER = `declare function send(m: object): void;\nexport function on(msg: { id: number; method: string }) {\n  if (msg.method === "tools/call") send({ jsonrpc: "2.0", id: msg.id, error: { code: -32602, message: "bad tool" } });\n}`;

  it.each([
    ["serves an MCP method", SERVER],
    ["serves MCP's resources", `switch (m.method) { case "resources/read": throw { code: -32002 }; case "initialize": break; }`],
    ["imports MCP's SDK", `import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nthrow new RequestError(-32601, "x");`],
    ["requires MCP's SDK", `const { McpServer } = require("@modelcontextprotocol/sdk/server/mcp.js");\nconst code = -32601;`],
    ["takes only MCP server types from ACP's SDK", `import type { McpServerStdio, EnvVariable as Env } from "@agentclientprotocol/sdk";\n${SERVER}`],
    ["takes them with inline type modifiers", `import { type McpServerHttp } from "@agentclientprotocol/sdk";\n${SERVER}`],
    // A method is a whole string: an ACP name between two different quotes is inside some other string.
    ["writes an ACP method's name only inside another string", `${SERVER}\nconst help = "run 'session/prompt" + "' to ask";`],
    [
      "names an MCP SDK request schema, whatever module it comes from (a re-export of the project, a bundle)",
      `import { CallToolRequestSchema } from "./mcp/types.js";\ndeclare const server: { setRequestHandler(s: unknown, f: () => unknown): void };\nserver.setRequestHandler(CallToolRequestSchema, () => { throw { code: -32001, message: "no tool" }; });`,
    ],
  ])("speaks another protocol when it %s", (_, code) => {
    expect(speaksOtherProtocol(code, acpSettings({}))).toBe(true);
  });

  it.each([
    ["also names a method only ACP has", `${SERVER}\nif (m === "session/prompt") {}`],
    ["names it in single quotes or a template", `${SERVER}\nif (m === 'session/cancel' || m === \`session/load\`) {}`],
    ["imports ACP's SDK for its values", `import { RequestError } from "@agentclientprotocol/sdk";\n${SERVER}`],
    ["imports an ACP type that is not an MCP server's", `import type { Agent } from "@agentclientprotocol/sdk";\n${SERVER}`],
    ["takes MCP types without a type modifier (values may follow)", `import { McpServerStdio } from "@agentclientprotocol/sdk";\n${SERVER}`],
    ["requires ACP's SDK", `const acp = require("@agentclientprotocol/sdk");\n${SERVER}`],
    ["imports a configured SDK module", `import * as acp from "@acme/acp";\n${SERVER}`],
    ["names an MCP request schema and imports ACP's SDK for its values", `import { RequestError } from "@agentclientprotocol/sdk";\nimport { ListToolsRequestSchema } from "./mcp.js";\nthrow new RequestError(-32601, String(ListToolsRequestSchema));`],
  ])("is still ACP code when it %s", (_, code) => {
    expect(speaksOtherProtocol(code, acpSettings({ acp: { sdkModules: ["@acme/acp"] } }))).toBe(false);
  });

  it("is not MCP for a word that only looks like a method (a path, a comment's prose) or a schema (a longer name)", () => {
    expect(speaksOtherProtocol(`// lists the tools\nconst dir = "my-tools/list";\nthrow { code: -32602 };`, acpSettings({}))).toBe(false);
    expect(speaksOtherProtocol(`const MyCallToolRequestSchemas = [];\nthrow { code: -32602 };`, acpSettings({}))).toBe(false);
  });
});

// A file whose own text shows neither protocol is judged by the project modules it imports: MCP names there and no
// sign of ACP anywhere make it no ACP code (the rules read the files on disk, as ESLint lints them).
describe("files of another JSON-RPC protocol, by the modules they import", () => {
  const dir = fileURLToPath(new URL("../fixtures/resolution", import.meta.url));
  const lint = (file: string, text?: string) => {
    const linter = new Linter({ cwd: dir });
    const config = [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser }, plugins: { acp: plugin as never }, rules: { ...plugin.configs.all.rules } }];
    return linter.verify(text ?? readFileSync(join(dir, file), "utf8"), config as Linter.Config[], { filename: join(dir, file) }).map((m) => `${m.line}:${m.ruleId}`);
  };

  it("gives no report on an MCP server whose method names and codes are imported constants", () => {
    expect(lint("mcp-server.ts")).toEqual([]);
  });

  it("still judges a file beside it that shows ACP, or that imports a module showing ACP", () => {
    const server = readFileSync(join(dir, "mcp-server.ts"), "utf8");
    expect(lint("mcp-server-acp.ts", `${server}\nexport const prompt = "session/prompt";\n`)).toEqual(["13:acp/no-reserved-error-code", "16:acp/no-reserved-error-code"]);
    const viaAgent = server.replace('import { Methods, TOOL_FAILED } from "./mcp-methods.js";', 'import { Methods, TOOL_FAILED } from "./mcp-methods.js";\nimport "./agent.js";');
    expect(lint("mcp-server-agent.ts", viaAgent)).toEqual(["14:acp/no-reserved-error-code", "17:acp/no-reserved-error-code"]);
  });
});
