/**
 * Lints a case, or a rewrite of it, as a user's ESLint would: the real ESLint class, acp/all with the case's own
 * rule options and settings, the file and the modules beside it written to a folder of their own. The plugin's
 * untyped layer reads imported modules from disk (inside the lint's working directory, never node_modules), so the
 * folders lie inside the repository (`.metamorphic-*`, ignored by git), where Node also finds the SDK the tests
 * install, as it does for RuleTester's `file.ts`.
 *
 * A case keeps its place relative to the repository: a fixture's case (test/fixtures/resolution/agent.ts) is linted
 * in a copy of its fixture folder, a file of a cases folder in a copy of that folder, a case linted outside the
 * repository (a temporary folder holding an SDK's package.json) in a copy of its folder. A typed case is linted in
 * one copy of the typed fixture (one TypeScript project service for the run), always as its `file.ts`.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import * as tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import plugin from "../../src/index.js";
import { type Case, REPO } from "./cases.js";

const FILES = ["**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}"];

/** A report of the plugin in the linted file: its rule (without `acp/`), messageId and range (offsets). */
export interface Finding {
  readonly rule: string;
  readonly messageId: string;
  readonly range: readonly [number, number];
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** A report in a module the rewrite wrote beside the case: its rule, messageId and the text it is on. */
export interface ModuleFinding {
  readonly rule: string;
  readonly messageId: string;
  readonly text: string;
}

export interface LintResult {
  readonly findings: readonly Finding[];
  /** The reports in the modules written beside the case (linted too, as a user's ESLint lints them). */
  readonly moduleFindings?: readonly ModuleFinding[];
  /** The parser's error: the text does not parse. */
  readonly fatal?: string;
  /** The plugin threw. */
  readonly crash?: string;
}

/** The offset of a 1-based line and column. */
function offsetOf(lineStarts: readonly number[], line: number, column: number): number {
  return (lineStarts[line - 1] ?? 0) + column - 1;
}

const lineStartsOf = (text: string) => [0, ...[...text.matchAll(/\n/gu)].map((m) => m.index + 1)];

/** The number of files below `dir` (up to `limit`): a folder is copied only when small. */
function countFiles(dir: string, limit: number): number {
  let count = 0;
  const visit = (d: string) => {
    for (const name of readdirSync(d)) {
      if (count > limit) return;
      const path = join(d, name);
      if (statSync(path).isDirectory()) visit(path);
      else count++;
    }
  };
  visit(dir);
  return count;
}

export class Workspace {
  readonly root = mkdtempSync(join(REPO, ".metamorphic-"));
  #count = 0;
  #typedDir: string | undefined;
  readonly #engines = new Map<string, ESLint>();

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true });
  }

  /** Where `c`'s file is linted in a new folder, with its neighbours copied there. */
  #place(c: Case): string {
    const dir = join(this.root, String(++this.#count));
    const folder = c.folder;
    if (folder) {
      const home = join(dir, basename(folder));
      cpSync(folder, home, { recursive: true, filter: (s) => !relative(folder, s).split(/[\\/]/u).includes("node_modules") });
      return join(home, relative(folder, c.filename));
    }
    const rel = relative(REPO, c.filename);
    if (!rel.startsWith("..")) {
      const fixture = /^test[\\/]fixtures[\\/][^\\/]+/u.exec(rel)?.[0];
      if (fixture) cpSync(join(REPO, fixture), join(dir, fixture), { recursive: true });
      return join(dir, rel);
    }
    // Linted outside the repository: its folder (an SDK's package.json in node_modules) comes along when small.
    const home = join(dir, "outside");
    if (countFiles(dirname(c.filename), 50) <= 50) cpSync(dirname(c.filename), home, { recursive: true });
    return join(home, basename(c.filename));
  }

  /** The copy of the typed fixture, made once: typed cases are all linted there, as `file.ts`. */
  #typed(c: Case): string {
    if (!this.#typedDir) {
      const rel = relative(REPO, c.typing!.tsconfigRootDir!);
      this.#typedDir = join(this.root, "typed", rel);
      cpSync(c.typing!.tsconfigRootDir!, this.#typedDir, { recursive: true });
    }
    return join(this.#typedDir, relative(c.typing!.tsconfigRootDir!, c.filename));
  }

  #engine(c: Case, typed: boolean): ESLint {
    const key = JSON.stringify([c.rules.length === 1 ? c.rules[0] : "", c.options, c.settings ?? null, c.languageOptions ?? null, typed]);
    let engine = this.#engines.get(key);
    if (!engine) {
      const parserOptions = {
        ...(typed ? { projectService: true, tsconfigRootDir: dirname(this.#typed(c)) } : {}),
        ...((c.languageOptions?.parserOptions as Linter.ParserOptions | undefined) ?? {}),
      };
      const config: Linter.Config[] = [
        {
          files: FILES,
          languageOptions: { ...c.languageOptions, parser: tsParser as unknown as Linter.Parser, parserOptions },
          ...(c.settings ? { settings: c.settings } : {}),
        },
        { ...plugin.configs.all, files: FILES },
        // The suite's rule with the case's options; an annotated file is linted with acp/all as it is.
        ...(c.kind === "annotated" ? [] : [{ files: FILES, rules: { [`acp/${c.rules[0]}`]: ["error", ...c.options] as Linter.RuleEntry } }]),
      ];
      engine = new ESLint({ cwd: REPO, overrideConfigFile: true, overrideConfig: config, ignore: false });
      this.#engines.set(key, engine);
    }
    return engine;
  }

  /** Lints `text` as `c`'s file (with type information when `typed`), `modules` written beside it. */
  async lint(c: Case, text: string, modules: readonly { readonly name: string; readonly text: string }[], typed: boolean): Promise<LintResult> {
    const file = typed ? this.#typed(c) : this.#place(c);
    mkdirSync(dirname(file), { recursive: true });
    for (const m of modules) writeFileSync(join(dirname(file), m.name), m.text);
    writeFileSync(file, text);
    let results: ESLint.LintResult[];
    const modulePaths = typed ? [] : modules.map((m) => join(dirname(file), m.name));
    try {
      results = await this.#engine(c, typed).lintFiles([file, ...modulePaths]);
    } catch (error) {
      return { findings: [], crash: (error as Error).stack ?? String(error) };
    }
    const moduleFindings: ModuleFinding[] = [];
    for (const [i, m] of modules.entries()) {
      if (typed) break;
      const moduleStarts = lineStartsOf(m.text);
      for (const message of results.find((r) => r.filePath === modulePaths[i])?.messages ?? []) {
        if (!message.ruleId?.startsWith("acp/") || !c.rules.includes(message.ruleId.slice(4)) || message.endLine === undefined) continue;
        const from = offsetOf(moduleStarts, message.line, message.column);
        const to = offsetOf(moduleStarts, message.endLine, message.endColumn ?? message.column);
        moduleFindings.push({ rule: message.ruleId.slice(4), messageId: message.messageId ?? "", text: m.text.slice(from, to) });
      }
    }
    const messages = results.find((r) => r.filePath === file)?.messages ?? [];
    const fatal = messages.find((m) => m.fatal);
    if (fatal) return { findings: [], fatal: `${fatal.line}:${fatal.column} ${fatal.message}` };
    const starts = lineStartsOf(text);
    const findings = messages
      .filter((m) => m.ruleId?.startsWith("acp/") && c.rules.includes(m.ruleId.slice(4)))
      .map((m) => ({
        rule: m.ruleId!.slice(4),
        messageId: m.messageId ?? "",
        range: [offsetOf(starts, m.line, m.column), m.endLine === undefined ? offsetOf(starts, m.line, m.column) : offsetOf(starts, m.endLine, m.endColumn ?? m.column)] as const,
        line: m.line,
        column: m.column,
        message: m.message,
      }));
    return { findings, moduleFindings };
  }
}
