/**
 * The shortcut of relevance.ts (rules listen to nothing on a file whose text shows nothing for them, and the model
 * finds no handlers in a file that names neither the SDK nor a method) must change no report: one share of the
 * robustness corpus, plus every file of the repository's fixtures and examples, linted with the
 * plugin as it is and with a copy of it whose relevance check always says yes, must give the same messages.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Linter } from "eslint";
import { expect, it, vi } from "vitest";
import type { FileRelevance } from "../../../src/analysis/relevance.js";
import plugin from "../../../src/index.js";
import { corpusShare, NODE_MODULES, REPO, sourceType, untypedConfigs, virtualPath } from "../../robustness/corpus.js";

type Plugin = typeof plugin;

/** What `fileRelevance` answers for every file in the copy: typed, so that a new kind of shortcut must be added here. */
const MAY_HOLD_ANYTHING: FileRelevance = { handlers: true, codes: true, any: true };

/**
 * The plugin loaded again with `fileRelevance` answering "may hold anything" for every file, and how often the copy
 * asked it: a copy that never asks is the plugin itself, and the comparison would prove nothing.
 */
export async function unfilteredPlugin(): Promise<{ plugin: Plugin; asked: () => number }> {
  let asked = 0;
  vi.resetModules();
  vi.doMock("../../../src/analysis/relevance.js", () => ({
    fileRelevance: () => {
      asked++;
      return MAY_HOLD_ANYTHING;
    },
  }));
  const loaded = (await import("../../../src/index.js")).default;
  vi.doUnmock("../../../src/analysis/relevance.js");
  expect(loaded).not.toBe(plugin);
  return { plugin: loaded, asked: () => asked };
}

/** Every TypeScript and JavaScript file under the repository's `dirs` (the code ACP users write, and its mistakes). */
function repositoryFiles(dirs: readonly string[]): string[] {
  const under = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : under(path);
      return /\.[cm]?[jt]s$/u.test(entry.name) && !/\.d\.[cm]?ts$/u.test(entry.name) ? [path] : [];
    });
  return dirs.flatMap((dir) => under(join(REPO, dir)));
}

/** A message as compared: everything a user sees of it, suggestions included. */
const shown = (m: Linter.LintMessage) => JSON.stringify([m.ruleId, m.line, m.column, m.endLine, m.endColumn, m.messageId, m.message, m.fatal ?? false, m.suggestions ?? []]);

interface Input {
  readonly name: string;
  readonly text: string;
  readonly type: "module" | "commonjs";
  readonly filename: string;
}

function inputs(index: number, count: number): Input[] {
  const corpus = corpusShare(index, count).map((file) => ({ name: relative(NODE_MODULES, file), text: readFileSync(file, "utf8"), type: sourceType(file), filename: virtualPath(file) }));
  if (index !== 0) return corpus;
  const own = repositoryFiles(["examples", "test/fixtures"]).map((file) => ({ name: relative(REPO, file), text: readFileSync(file, "utf8"), type: "module" as const, filename: join(REPO, "equivalence", relative(REPO, file)) }));
  return [...own, ...corpus];
}

export function shortcutShareTest(index: number, count: number): void {
  it(`share ${index + 1} of ${count}: the same messages with and without the shortcut`, { timeout: 240_000 }, async () => {
    const { plugin: unfiltered, asked } = await unfilteredPlugin();
    const linter = new Linter({ configType: "flat", cwd: REPO });
    const configs = (p: Plugin) => {
      const swap = (list: Linter.Config[]) => list.map((c) => ({ ...c, plugins: { acp: p } }));
      const all = untypedConfigs((p.configs.all.rules ?? {}) as Linter.RulesRecord);
      const strictRules = Object.fromEntries(Object.entries(p.configs.strict.rules ?? {}).map(([id, e]) => [id, Array.isArray(e) ? ["error", ...e.slice(1)] : "error"])) as Linter.RulesRecord;
      const strict = untypedConfigs(strictRules, { acp: { protocolVersion: 2 } });
      return { all: { module: swap(all.module), commonjs: swap(all.commonjs) }, strict: { module: swap(strict.module), commonjs: swap(strict.commonjs) } };
    };
    const [withShortcut, without] = [configs(plugin), configs(unfiltered)];
    const differences: string[] = [];
    let messages = 0;
    let silentFiles = 0;
    const files = inputs(index, count);
    for (const [i, file] of files.entries()) {
      const which = i % 2 === 0 ? "all" : "strict";
      const lint = (c: typeof withShortcut) => linter.verify(file.text, c[which][file.type], { filename: file.filename, allowInlineConfig: false }).filter((m) => m.ruleId);
      const a = lint(withShortcut).map(shown);
      const b = lint(without).map(shown);
      messages += b.length;
      if (b.length === 0) silentFiles++;
      if (a.join("\n") !== b.join("\n")) differences.push(`${file.name} (${which}): with the shortcut ${a.length}, without ${b.length}: ${[...b.filter((x) => !a.includes(x)), ...a.filter((x) => !b.includes(x))].slice(0, 3).join(" | ")}`);
    }
    console.log(`shortcut equivalence, share ${index + 1}/${count}: ${files.length} files, ${messages} messages, ${silentFiles} files without any`);
    expect(differences).toEqual([]);
    // The inputs reach the rules: the comparison is not between two silent runs.
    expect(messages).toBeGreaterThan(50);
    // Every rule of the copy asked its stand-in on every file: the copy really had no shortcut.
    expect(asked()).toBeGreaterThanOrEqual(files.length);
  });
}
