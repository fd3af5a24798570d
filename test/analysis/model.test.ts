import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../src/protocol/codes.js";
import { modelOf, probeAll } from "./model-of.js";

const AGENT = `
import { RequestError } from "@agentclientprotocol/sdk";
export function fail() {
  throw new RequestError(-32001, "Session gone");
}
`;

describe("one model per file", () => {
  it("is built once per file and shared by every rule", () => {
    const [first, second, third] = probeAll(AGENT, {}, 3);
    expect(first!.model).toBe(second!.model);
    expect(second!.model).toBe(third!.model);
    expect(first!.model.errorSites).toHaveLength(1);
  });

  it("is built anew for another file, and for the same text linted again", () => {
    const one = modelOf(AGENT).model;
    const other = modelOf(`export const x = 1;`).model;
    const again = modelOf(AGENT).model;
    expect(other).not.toBe(one);
    expect(again).not.toBe(one);
    expect(other.errorSites).toEqual([]);
    expect(again.errorSites).toHaveLength(1);
  });

  it("shares the model between rules with type information too", () => {
    const [first, second] = probeAll(AGENT, { typed: true }, 2);
    expect(first!.model).toBe(second!.model);
  });
});

describe("settings", () => {
  it("defaults to protocol version 1 and no extra classes or modules", () => {
    const { model } = modelOf(AGENT);
    expect(model.settings).toEqual({ protocolVersion: 1, errorClasses: [], sdkModules: [] });
    expect([...model.acpCodes.keys()]).toEqual([-32700, -32600, -32601, -32602, -32603, -32800, -32000, -32002]);
  });

  it("gives the codes of protocol version 2, with their standard messages", () => {
    const { model } = modelOf(AGENT, { settings: { acp: { protocolVersion: 2 } } });
    expect(model.settings.protocolVersion).toBe(2);
    expect(model.acpCodes.size).toBe(9);
    expect(model.acpCodes.get(-32022)?.message).toBe("Unsupported protocol version");
    expect(model.acpCodes.get(-32602)).toBe(ERROR_CODES.find((c) => c.code === -32602));
  });

  it("reads errorClasses and sdkModules", () => {
    const { model } = modelOf(AGENT, { settings: { acp: { errorClasses: ["JsonRpcError"], sdkModules: ["@acme/acp"] } } });
    expect(model.settings.errorClasses).toEqual(["JsonRpcError"]);
    expect(model.settings.sdkModules).toEqual(["@acme/acp"]);
    expect(model.sdk.isSdkModule("@acme/acp/errors")).toBe(true);
    expect(model.sdk.isSdkModule("@acme/acp-extra")).toBe(false);
  });

  it("ignores settings of other plugins", () => {
    const { model } = modelOf(AGENT, { settings: { react: { version: "19" } } });
    expect(model.settings.protocolVersion).toBe(1);
  });

  it.each([
    [{ protocolVersion: 3 }, "settings.acp.protocolVersion must be 1 or 2, got 3."],
    [{ protocolVersion: "2" }, `settings.acp.protocolVersion must be 1 or 2, got "2".`],
    [{ errorClasses: "X" }, `settings.acp.errorClasses must be an array of class names, got "X".`],
    [{ errorClasses: [""] }, `settings.acp.errorClasses[0] must be a class name: a JavaScript identifier such as "AgentError", at most 255 characters, got "".`],
    [{ sdkModules: [1] }, `settings.acp.sdkModules[0] must be a module name such as "@acme/acp-sdk": 1 to 214 characters (npm's limit for a package name), without whitespace, quotes or backslashes, got 1.`],
    [{ sdkVersion: "2.1" }, `settings.acp.sdkVersion must be a major.minor.patch version string such as "1.9.0", got "2.1".`],
    [{ errorClass: ["X"] }, "unknown setting settings.acp.errorClass; the accepted settings are protocolVersion, errorClasses, sdkModules, sdkVersion."],
    ["acp", `settings.acp must be an object, got "acp".`],
    [null, "settings.acp must be an object, got null."],
    [[1], "settings.acp must be an object, got [1]."],
  ])("rejects settings.acp = %j, naming the setting and what it accepts", (acp, message) => {
    expect(() => modelOf(AGENT, { settings: { acp } })).toThrow(`eslint-plugin-acp: ${message}`);
  });
});

describe("SDK imports", () => {
  it("records named, aliased and namespace imports of the SDK, not of other modules", () => {
    const { model } = modelOf(`
import { RequestError, AgentSideConnection as Conn } from "@agentclientprotocol/sdk";
import * as acp from "@agentclientprotocol/sdk/unstable";
import * as other from "./other.js";
import { ClientSideConnection } from "./client.js";
`);
    expect([...model.sdk.named]).toEqual([
      ["RequestError", "RequestError"],
      ["Conn", "AgentSideConnection"],
    ]);
    expect([...model.sdk.namespaces]).toEqual(["acp"]);
    expect(model.sdk.hasRequestError).toBe(true);
  });

  it("knows when a file cannot name the SDK's RequestError", () => {
    expect(modelOf(`import { AgentSideConnection } from "@agentclientprotocol/sdk";`).model.sdk.hasRequestError).toBe(false);
    expect(modelOf(`import * as acp from "@agentclientprotocol/sdk";`).model.sdk.hasRequestError).toBe(true);
    expect(modelOf(`import { RequestError } from "./errors.js";`).model.sdk.hasRequestError).toBe(false);
  });
});

describe("unusual but valid files", () => {
  it.each([
    ["class static blocks", `export const C = class { static { const o = { code: 1 }; } }; export default class { static {} }`, "file.ts"],
    [
      "decorators and accessors",
      `function dec(...a: unknown[]) { return a; }\n@dec class A { @dec m(@dec p: number) { return p; } @dec accessor x = 1; }`,
      "file.ts",
    ],
    ["using declarations", `declare function open(): Disposable & AsyncDisposable;\n{ using r = open(); }\nexport async function f() { await using q = open(); }`, "file.ts"],
    ["JSX in a .tsx file", `export const x = <div data-code={-32001}>{[1].map((n) => <span key={n} />)}</div>;`, "file.tsx"],
    ["export =", `const x = { code: -32001 };\nexport = x;`, "file.cts"],
    ["labeled loops", `outer: for (const a of [1]) { inner: for (const b of [a]) { if (b) continue outer; break inner; } }`, "file.ts"],
    [
      "generators",
      `function* g() { yield* [1]; const x = yield { code: 1, message: "m" }; return x; }\nexport async function* h() { for await (const v of g()) yield v; }`,
      "file.ts",
    ],
    [
      "namespaces, import =, ambient modules, abstract classes",
      `import fs = require("node:fs");\nnamespace N { export const a = fs; }\ndeclare module "m" { const b: number; }\nabstract class K { abstract f(): void; }`,
      "file.ts",
    ],
    [
      "private members and #x in o",
      `export class P { #code = -32001; static #s = 1; get #g() { return P.#s; } has(o: object) { return #code in o && this.#g; } }`,
      "file.ts",
    ],
    ["optional chains, ??=, tagged templates", `declare const a: any; a?.b?.(1) ?? a; a.x ||= 1; a.y ??= a\`t\${1}\`;`, "file.ts"],
  ])("builds the model of a file with %s", (_name, code, filename) => {
    const { model } = modelOf(code, { filename });
    expect(Array.isArray(model.errorSites)).toBe(true);
    expect(model.codeTables).toEqual([]);
  });

  it("still finds the sites of an error class with a static block and decorators", () => {
    const { model } = modelOf(`
function logged(...args: unknown[]) { return args; }
@logged
export class BusyError extends Error {
  static { BusyError.prototype.name = "BusyError"; }
  code = -32042;
}
`);
    expect(model.errorSites.map((s) => [s.kind, s.errorClass?.name])).toEqual([["class-code", "BusyError"]]);
  });
});
