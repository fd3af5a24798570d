// An imported module is read without the tokens, comments and line and column locations that parseForESLint always
// makes (no analysis of an imported module reads them), by oxc-parser where it reads the text and by typescript-eslint's
// parts where it does not: its tree (ranges included) and its scopes must be parseForESLint's either way.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { afterAll, describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parse as parseTypeScript } from "@typescript-eslint/typescript-estree";
import { visitorKeys } from "@typescript-eslint/visitor-keys";
import { readModule } from "../../src/analysis/modules/module-files.js";
import { nativeTree } from "../../src/analysis/modules/native-parse.js";

const root = process.cwd();
const dir = mkdtempSync(join(root, ".module-reading-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MODULES: Record<string, string> = {
  "session.ts": `import { RequestError } from "@agentclientprotocol/sdk";
// A session manager.
export enum Kind { A = 1, B = A * 2 }
export namespace Inner { export const code = -32002; }
export class Sessions<T> {
  #all = new Map<string, T>();
  get(id: string): T { const s = this.#all.get(id); if (!s) throw RequestError.resourceNotFound(id); return s; }
}
export default function make(): Sessions<number> { return new Sessions(); }
`,
  "view.tsx": `import * as React from "react";
/** A view. */
export const View = <T,>(props: { item: T }) => <div title="x">{String(props.item)}</div>;
export function List() { return <><View item={1} /></>; }
`,
  "legacy.cjs": `"use strict";
const { fail } = require("./fail");
if (!fail) return;
module.exports = { raise(code) { throw Object.assign(new Error("x"), { code }); } };
`,
  "script.js": `var shared = 1; function hoisted() { return shared + arguments.length; } label: for (;;) break label;
// a comment line, ended by CR LF\r\nvar last = 2;\u2028var tail = "after a line separator";`,
  // oxc-parser reads a module's text as an ES module and rejects \`await\` as a name; typescript-estree reads it.
  "await-name.js": `var await = 1;\nexport function next() { return await + 1; }\n`,
};

type Scope = TSESLint.Scope.Scope;

/** A scope tree as text: each scope's type, its variables, and what each of its references resolves to. */
function scopesOf(scope: Scope): unknown {
  return {
    type: scope.type,
    variables: scope.variables.map((v) => `${v.name}:${v.defs.map((d) => d.type).join(",")}`),
    references: scope.references.map((r) => `${r.identifier.name}@${r.identifier.range[0]}->${r.resolved ? r.resolved.name : "?"}`),
    through: scope.through.length,
    children: scope.childScopes.map(scopesOf),
  };
}

/** Properties a comparison of trees leaves out: oxc-parser's `start` and `end` repeat `range`. */
const LEFT_OUT = new Set(["parent", "tokens", "comments", "loc", "start", "end"]);
/**
 * A property typescript-estree makes a getter (not listed as a key, so not in its JSON) and oxc-parser a plain one,
 * with the same value: a `TSEnumMember`'s deprecated `computed`.
 */
const GETTERS: Readonly<Record<string, string>> = { TSEnumMember: "computed" };

/**
 * The tree without its parents, tokens, comments and locations: JSON of every other property (ranges too), each
 * node's keys in order, since the two parsers order them differently. A property `undefined` in one tree and
 * `null` in the other differs.
 */
function treeOf(ast: unknown): string {
  return JSON.stringify(ast, (key, value: unknown) => {
    if (LEFT_OUT.has(key)) return undefined;
    if (!value || typeof value !== "object" || Array.isArray(value) || value instanceof RegExp) return value;
    const record = value as Record<string, unknown>;
    const getter = GETTERS[record["type"] as string];
    return Object.fromEntries(Object.keys(record).filter((k) => k !== getter).sort().map((k) => [k, record[k]]));
  });
}

describe("an imported module read without tokens, comments or node locations", () => {
  it.each(Object.keys(MODULES))("%s: the tree and scopes of parseForESLint, no tokens, comments or node locations kept", (name) => {
    const path = join(dir, name);
    writeFileSync(path, MODULES[name]!);
    const file = readModule(path, { languageOptions: { parser: tsParser, parserOptions: {} }, root }, new Map());
    expect(file).not.toBeNull();
    const commonjs = name.endsWith(".cjs");
    const jsx = name.endsWith(".tsx");
    const full = tsParser.parseForESLint(MODULES[name]!, {
      ecmaVersion: "latest",
      sourceType: commonjs ? "script" : "module",
      ecmaFeatures: { jsx, ...(commonjs ? { globalReturn: true } : {}) },
      filePath: path,
      range: true,
      loc: true,
    });
    const read = file!.sourceCode;
    expect(read.ast.tokens).toEqual([]);
    expect(read.ast.comments).toEqual([]);
    expect(full.ast.tokens!.length).toBeGreaterThan(0);
    expect(treeOf(read.ast)).toBe(treeOf(full.ast));
    expect(scopesOf(read.scopeManager!.globalScope!)).toEqual(scopesOf(full.scopeManager.globalScope as Scope));
    // Every node knows its parent, as in a linted file; only the Program has a location (ESLint's SourceCode needs it).
    const [first] = read.ast.body;
    expect(first!.parent).toBe(read.ast);
    expect(first!.loc).toBeUndefined();
    expect(read.ast.loc).toEqual(full.ast.loc);
  });
});

/** Every syntax with an optional property typescript-estree leaves `undefined` and oxc-parser sets to `null`. */
const OPTIONAL_PROPERTIES = `"use strict";
import type { A } from "./a";
export abstract class Box<T extends object = {}, U = T> extends Base<T> implements Sized<U> {
  public readonly size = 1;
  value;
  protected abstract kind: string;
  private static count?: number;
  constructor(private id: string, ...rest) { super(); }
  method(this: Box<T>, [a, b] = [], { c } = {}, ...more: unknown[]) { return a; }
  [key: string]: unknown;
}
export declare function declared(x: number): void;
export function guard(x: unknown): x is string { return typeof x === "string"; }
export function asserts(x: unknown): asserts x { if (!x) throw new Error(); }
type Mapped<T> = { [K in keyof T]: T[K] } & { readonly [K in keyof T]?: T[K] } & { -readonly [K in keyof T]-?: T[K] };
type Imported = import("./b").B<number> & import("./c").C & typeof import("./d");
enum Color { Red, Green = 2 }
interface Shape<T> extends Base<T> { area(): number; new (x: T): Shape<T>; (y: T): void; readonly name?: string }
const tagged = tag<string>\`x\`;
const made = new Map<string, number>();
function plain(a, b = 1, ...c) { return () => a; }
const arrow = async <T,>(x: T): Promise<T> => x;
for (const { d, ...others } of []) void others;
abstract class Abstract { abstract run(): void; abstract field: number; }
`;

describe("oxc-parser's tree, as typescript-estree's", () => {
  const typescriptTree = (path: string, text: string): string =>
    treeOf(parseTypeScript(text, { jsx: path.endsWith("x"), comment: false, tokens: false, loc: false, range: true }));

  it("every optional property reads undefined where typescript-estree's does", () => {
    const tree = nativeTree("optional.ts", OPTIONAL_PROPERTIES, visitorKeys);
    expect(tree).toBeDefined();
    expect(treeOf(tree)).toBe(typescriptTree("optional.ts", OPTIONAL_PROPERTIES));
  });

  it("the ACP SDK's shipped JavaScript: the same trees, module by module", () => {
    const sdk = createRequire(import.meta.url).resolve("@agentclientprotocol/sdk");
    const folder = sdk.slice(0, sdk.lastIndexOf("/dist/") + "/dist".length);
    const modules = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".js"));
    expect(modules.length).toBeGreaterThan(3);
    for (const name of modules) {
      const text = readFileSync(join(folder, name), "utf8");
      const tree = nativeTree(name, text, visitorKeys);
      expect(tree, name).toBeDefined();
      expect(treeOf(tree), name).toBe(typescriptTree(name, text));
    }
  });

  it("a text oxc-parser rejects is no tree (the module is read with typescript-estree)", () => {
    expect(nativeTree("await-name.js", MODULES["await-name.js"]!, visitorKeys)).toBeUndefined();
    expect(nativeTree("broken.ts", "export const = ;", visitorKeys)).toBeUndefined();
  });
});
