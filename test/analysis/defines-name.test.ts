// definesName (modules/defined-names.ts): whether a module's text may define a member of that name, asked before
// the module is parsed to find what `imported.x.name` is.
import { describe, expect, it } from "vitest";
import { definesName } from "../../src/analysis/modules/defined-names.js";

const defines = (text: string, name = "parse") => {
  const question = definesName(name);
  return question.holds(question.compute(text));
};

describe("definesName", () => {
  it.each([
    ["a method", "class S {\n  parse(value) {\n    return value;\n  }\n}"],
    ["an optional method of a declaration", "interface S { parse?(value: unknown): void }"],
    ["a generic method", "class S { parse<T>(value: T) {} }"],
    ["a property key", "export const s = { parse: (v) => v };"],
    ["a function", "export function parse(value) {}"],
    ["a const", "const parse = (v) => v;"],
    ["a class field", "class S { parse = (v) => v; }"],
    ["a member assigned", "schema.parse = check;"],
    ["a shorthand property", "export const s = { check, parse };"],
    ["an export alias", "export { check as parse };"],
    ["a quoted key", `export const s = { "parse": check };`],
    ["a name given as a string", `Object.defineProperty(s, 'parse', { value: check });`],
    ["a class", "export class parse {}"],
    ["an abstract class", "export abstract class parse<T> extends Base {}"],
    ["an enum", "export enum parse { A }"],
    ["an enum member", "export enum Codes {\n  parse\n}"],
    ["an enum member beside others", "export enum Codes { A, parse, B }"],
    ["a destructured rename", "export const { a: parse, b } = table;"],
    ["a destructured rename with a default", "const { a: parse = 1 } = table;"],
    ["a namespace", "export namespace parse { export const x = 1; }"],
    ["a field assigned later", "class S { private parse!: (v: unknown) => void; }"],
  ])("is true for %s", (_, text) => {
    expect(defines(text)).toBe(true);
  });

  it.each([
    ["a member called", "export const check = (s, v) => s.parse(v);"],
    ["a member called through ?.", "export const check = (s, v) => s?.parse(v);"],
    ["a member read or compared", "const f = s.parse;\nif (s.parse == null) f();"],
    ["a longer name", "export const parseAll = (v) => v;\nexport function parser() {}"],
    ["an arrow's parameter", "export const run = (parse) => 1;\nconst g = parse => 2;"],
    ["whole comment lines", "// parse(value) defines it\n/**\n * parse: the schema's\n */\nexport const x = 1;"],
  ])("is false for %s", (_, text) => {
    expect(defines(text)).toBe(false);
  });

  it("takes a default export for the name `default` (`mod.default()` of a namespace import)", () => {
    expect(defines("export default function () {}", "default")).toBe(true);
    expect(defines("export default { run() {} };", "default")).toBe(true);
    expect(defines("export const run = () => 1;", "default")).toBe(false);
  });

  it("reads the name as written, `$` included", () => {
    expect(defines("export const $parse = 1;", "$parse")).toBe(true);
    expect(defines("export const a$parse = 1;", "$parse")).toBe(false);
  });

  it.each([
    ["a package's exports passed on", 'export * from "zod";'],
    ["a package's namespace passed on", 'export * as z from "zod";'],
    ["a package's namespace exported", 'import * as z from "zod";\nexport { z };'],
    ["a package's namespace held in an object", 'import * as acp from "@agentclientprotocol/sdk";\nexport const deps = { sdk: acp };'],
    ["a required package exported", 'module.exports = require("zod");'],
    ["a required package held in a name and exported", 'const z = require("zod");\nmodule.exports = { z };'],
    ["a package imported at run time", 'export const load = () => import("zod");'],
    ["compiled re-exports", '__exportStar(require("./schemas"), exports);'],
  ])("is true for any name when %s (its names are not in the text)", (_, text) => {
    expect(defines(text, "anything")).toBe(true);
  });

  it.each([
    ["a namespace import used through its members", 'import * as z from "zod";\nexport const zPrompt = z.object({ id: z.string() });'],
    ["a destructured require", 'const { z } = require("zod");\nexports.zPrompt = z.object({});'],
    ["a compiled default import", 'const zod_1 = __importDefault(require("zod"));\nexports.zPrompt = zod_1.default.object({});'],
    ["a compiled namespace import used through its members", 'const z = __importStar(require("zod"));\nexports.zPrompt = z.object({});'],
    ["a project module passed on (read on its own)", 'export * from "./schemas.js";\nexport * as more from "../more.js";'],
  ])("reads the names of %s", (_, text) => {
    expect(defines(text, "anything")).toBe(false);
  });

  it("is true for a name it cannot read from a text: a method name, a number, a private name", () => {
    expect(defines("export const x = 1;", "session/prompt")).toBe(true);
    expect(defines("export const x = 1;", "-32602")).toBe(true);
    expect(defines("export const x = 1;", "#require")).toBe(true);
  });
});
