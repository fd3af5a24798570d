// What a file's text says it may hold (relevance.ts): what the plugin skips must be a file no rule can report on,
// and each way a handler or an error is written must keep its file analysed.
import { describe, expect, it } from "vitest";
import { fileRelevance } from "../../src/analysis/relevance.js";
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
  ])("analyses handlers after %s", (_, code) => {
    expect(relevanceOf(code)).toBe("handlers");
  });

  it("takes the modules of settings.acp.sdkModules as the SDK", () => {
    const code = `import { agent } from "@acme/acp";`;
    expect(relevanceOf(code)).toBe("nothing");
    expect(relevanceOf(code, { settings: { acp: { sdkModules: ["@acme/acp"] } } })).toBe("handlers");
  });

  it.each([
    ["an object with a code", `throw { code: 1.5, message: "x" };`],
    ["a quoted code key", `const e = { "code": x, message: "m" };`],
    ["a code assigned", `err.code = n;`],
    ["a private code", `class E extends Error { #code = 1; }`],
    ["a JSON-RPC code as a number", `fail(-32601, "x");`],
    ["a code in hex", `fail(-0x7d59, "x");`],
    ["a code with separators", `fail(-32_601, "x");`],
    ["a code with an exponent", `fail(-3.2601e4, "x");`],
    ["a code spelled with an escape", `const c\\u006Fde = 1;`],
    ["an LSP-range code", `fail(-32803, "x");`],
    ["RequestError", `throw new RequestError(n, "x");`],
    ["ResponseError", `throw new ResponseError(n, "x");`],
    ["an error sender", `transport.sendError(id, n, "x");`],
    ["a JSON-RPC envelope", `send({ jsonrpc: "2.0", id, result });`],
    ["a client's initialize request", `await conn.initialize({ protocolVersion: 1, clientCapabilities: {} });`],
  ])("analyses errors, but finds no handler, after %s", (_, code) => {
    expect(relevanceOf(code)).toBe("errors");
  });

  it("takes the classes of settings.acp.errorClasses as error classes", () => {
    const code = `throw new AgentFailure(n, "x");`;
    expect(relevanceOf(code)).toBe("nothing");
    expect(relevanceOf(code, { settings: { acp: { errorClasses: ["AgentFailure"] } } })).toBe("errors");
  });

  it.each([
    ["a JSON-RPC code as a number", `fail(-32601, "x");`, true],
    ["a code in hex", `fail(-0x7d59, "x");`, true],
    ["an SDK import, whose constants are codes", `import { RequestError } from "@agentclientprotocol/sdk";`, true],
    ["an object with a code but no code number", `throw { code: n, message: "x" };`, false],
    ["RequestError without a code number", `throw new RequestError(n, "x");`, false],
  ])("looks for code tables after %s: %s", (_, code, tables) => {
    const { sourceCode } = modelOf(code, {});
    expect(fileRelevance(sourceCode, acpSettings({})).codes).toBe(tables);
  });

  it("analyses every file with type information: a constant, a name or a signature may come from another file", () => {
    expect(relevanceOf(`export const x = 1;`, { typed: true })).toBe("handlers");
  });
});
