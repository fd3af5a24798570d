// An imported module is read with typescript-eslint's parts, without the tokens, comments and line and column
// locations that parseForESLint always makes (no analysis of an imported module reads them): its tree (ranges
// included) and its scopes must be parseForESLint's.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import tsParser from "@typescript-eslint/parser";
import type { TSESLint } from "@typescript-eslint/utils";
import { afterAll, describe, expect, it } from "vitest";
import { readModule } from "../../src/analysis/modules/module-files.js";

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

/** The tree without its parents, tokens, comments and locations (JSON of every other property, ranges too). */
function treeOf(ast: unknown): string {
  return JSON.stringify(ast, (key, value: unknown) => (key === "parent" || key === "tokens" || key === "comments" || key === "loc" ? undefined : value));
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
