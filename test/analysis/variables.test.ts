// variableOf reads the scope manager's resolved references instead of looking each identifier up by name: it must
// name the same variable as the lookup (ESLint's scope for the identifier, then outwards) for every identifier.
import { readdirSync, readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import * as tsParser from "@typescript-eslint/parser";
import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { Linter, type Rule } from "eslint";
import { describe, expect, it } from "vitest";
import { walk } from "../../src/analysis/syntax/ast.js";
import { variableOf } from "../../src/analysis/syntax/variables.js";

interface Compared {
  /** Identifiers whose variable both ways found (null included). */
  readonly identifiers: number;
  /** Identifiers the scope manager resolved as references. */
  readonly resolved: number;
  /** Where the two disagree: "name @line:column index from lookup". */
  readonly mismatches: readonly string[];
}

/** Lints `code` with a rule that asks both ways about every identifier, at the end of the file. */
function compare(code: string, filename: string, sourceType: "module" | "script" = "module"): Compared {
  let result: Compared | undefined;
  const probe: Rule.RuleModule = {
    meta: { type: "problem", schema: [] },
    create(context) {
      return {
        "Program:exit"() {
          const sourceCode = context.sourceCode as unknown as TSESLint.SourceCode;
          const mismatches: string[] = [];
          let identifiers = 0;
          let resolved = 0;
          const references = new Set(sourceCode.scopeManager!.scopes.flatMap((s) => s.references.filter((r) => r.resolved).map((r) => r.identifier)));
          walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
            if (node.type !== "Identifier" && node.type !== "JSXIdentifier") return;
            const id = node as TSESTree.Identifier;
            identifiers++;
            if (references.has(id)) resolved++;
            const indexed = variableOf(sourceCode, id);
            const lookedUp = ASTUtils.findVariable(sourceCode.getScope(id), id.name);
            if (indexed !== lookedUp) {
              mismatches.push(`${id.name} @${id.loc.start.line}:${id.loc.start.column} ${indexed?.name ?? "null"} from ${lookedUp?.name ?? "null"}`);
            }
          });
          result = { identifiers, resolved, mismatches };
        },
      };
    },
  };
  const linter = new Linter({ configType: "flat" });
  const messages = linter.verify(
    code,
    [
      {
        files: ["**/*.js", "**/*.ts", "**/*.tsx"],
        languageOptions: { parser: tsParser as unknown as Linter.Parser, sourceType, parserOptions: { ecmaFeatures: { jsx: filename.endsWith("x") } } },
        plugins: { probe: { rules: { probe } } },
        rules: { "probe/probe": "error" },
      },
    ],
    // A path outside node_modules, which flat config ignores by default.
    join(process.cwd(), "virtual", filename),
  );
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`${filename}: ${fatal.message}`);
  if (!result) throw new Error(`${filename} was not linted: ${JSON.stringify(messages)}`);
  return result;
}

/** Every `.js` file of a package's `dist/` folder, found above its main entry, recursively (tests aside). */
function packageScripts(pkg: string): string[] {
  const entry = fileURLToPath(import.meta.resolve(pkg));
  const root = entry.slice(0, entry.lastIndexOf(`${sep}dist${sep}`) + `${sep}dist`.length);
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith(".js") && !entry.name.endsWith(".test.js")) out.push(path);
    }
  };
  visit(root);
  return out;
}

describe("variableOf", () => {
  it("names the variable the lookup by name names, for every identifier of both SDKs' shipped code", () => {
    const files = [...packageScripts("@agentclientprotocol/sdk"), ...packageScripts("acp-sdk-legacy")];
    let identifiers = 0;
    let resolved = 0;
    const mismatches: string[] = [];
    for (const file of files) {
      const compared = compare(readFileSync(file, "utf8"), "file.js");
      identifiers += compared.identifiers;
      resolved += compared.resolved;
      mismatches.push(...compared.mismatches.map((m) => `${file}: ${m}`));
    }
    expect(mismatches).toEqual([]);
    // What the comparison covered: the index answered for most of them.
    expect(files.length).toBeGreaterThan(30);
    expect(identifiers).toBeGreaterThan(20_000);
    expect(resolved).toBeGreaterThan(identifiers / 4);
  });

  it("names the same variable in the shapes where ESLint's scope is not the one the reference was resolved from", () => {
    const code = `declare function register(c: unknown): ClassDecorator;
declare function log(target: unknown, key: string): void;
@register(Agent)
export class Agent {
  static instance = new Agent();
  #sessions = new Map<string, Agent>();
  @log handle(@log2 sessionId: string, fallback = sessionId) {
    try {
      return this.#sessions.get(sessionId) ?? fallback;
    } catch (error) {
      throw error;
    }
  }
}
declare function log2(target: unknown, key: string, index: number): void;
const named = function again(n: number): number { return n > 0 ? again(n - 1) : n; };
function shadow(shadow: number) { return shadow + arguments.length; }
enum Codes { A = -32001, B = A - 1 }
type Pair<T> = [T, T extends string ? Codes : never];
export const pair: Pair<string> = ["x", Codes.B];
label: for (const k of [named, shadow]) { if (k) break label; }`;
    const compared = compare(code, "file.ts");
    expect(compared.mismatches).toEqual([]);
    expect(compared.resolved).toBeGreaterThan(20);
  });

  it("names the same variable in a script, whose top-level names the scope manager leaves to ESLint", () => {
    const code = `var count = 0;
function bump() { count += 1; return count; }
const table = { bump, count };
module.exports = table;`;
    const compared = compare(code, "file.js", "script");
    expect(compared.mismatches).toEqual([]);
    // ESLint resolves the script's top-level references before any rule runs: the index answers for them.
    expect(compared.resolved).toBeGreaterThanOrEqual(4);
  });
});
