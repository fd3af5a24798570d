// definesName (modules/module-texts.ts): whether a module's text may define a member of that name, asked before
// the module is parsed to find the function a call of `imported.x.name(…)` runs.
import { describe, expect, it } from "vitest";
import { definesName } from "../../src/analysis/modules/module-texts.js";

const defines = (text: string, name = "parse") => definesName(name).compute(text);

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
});
