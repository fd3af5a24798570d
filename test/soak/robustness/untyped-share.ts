/**
 * Lints one share of the corpus untyped with every rule on, files alternating between two runs: as they are with
 * acp/all, and with the strict options, protocol version 2 and a known mistake appended (a probe proving the rules
 * ran over the whole file). No rule may throw, and a fatal message must be a file the parser itself cannot read.
 */
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { expect, it } from "vitest";
import { ALL_RULES, type Crash, corpusShare, crashOf, NODE_MODULES, REPO, sourceType, STRICT_RULES_AS_ERRORS, untypedConfigs, virtualPath } from "../../robustness/corpus.js";

const PROBE = `\n;new RequestError(-32001, "probe");\n`;
/** ESLint's note that a file's eslint comments are not applied (inline config is off, so no comment hides a report). */
const INLINE_CONFIG_NOTICE = /has no effect because you have 'noInlineConfig' setting/u;
const OPTIONS = { allowInlineConfig: false } as const;

/** Whether the parser, without ESLint or any rule, fails on `text` too. */
function parserFails(text: string, file: string): boolean {
  try {
    tsParser.parseForESLint(text, { sourceType: sourceType(file), filePath: virtualPath(file), range: true, loc: true });
    return false;
  } catch {
    return true;
  }
}

export function lintShareTest(index: number, count: number): void {
  const files = corpusShare(index, count);
  it(`share ${index + 1} of ${count}: ${files.length} files, every rule, no crash`, { timeout: 180_000 }, () => {
    const linter = new Linter({ configType: "flat", cwd: REPO });
    const plain = untypedConfigs(ALL_RULES);
    const strict = untypedConfigs(STRICT_RULES_AS_ERRORS, { acp: { protocolVersion: 2 } });
    const crashes: Crash[] = [];
    const unexplained: string[] = [];
    const unreadable: string[] = [];
    const unprobed: string[] = [];
    const unlinted: string[] = [];
    const started = performance.now();
    for (const [i, file] of files.entries()) {
      const text = readFileSync(file, "utf8");
      const type = sourceType(file);
      const runs = [i % 2 === 0 ? { config: plain[type], source: text, probe: false } : { config: strict[type], source: text + PROBE, probe: true }];
      for (const run of runs) {
        let messages: Linter.LintMessage[];
        try {
          messages = linter.verify(run.source, run.config, { filename: virtualPath(file), ...OPTIONS });
        } catch (error) {
          crashes.push(crashOf(file, error));
          continue;
        }
        // A file no config matches, or one ESLint ignores, is not linted at all: a warning without a rule says so.
        const notice = messages.find((m) => !m.fatal && m.ruleId === null && !INLINE_CONFIG_NOTICE.test(m.message));
        if (notice) unlinted.push(`${relative(NODE_MODULES, file)}: ${notice.message}`);
        const fatal = messages.find((m) => m.fatal);
        if (fatal) {
          if (!parserFails(run.source, file)) unexplained.push(`${relative(NODE_MODULES, file)}: ${fatal.message}`);
          else unreadable.push(`${relative(NODE_MODULES, file)}: ${fatal.message}`);
          continue;
        }
        const probeLine = run.source.split("\n").length - 1;
        if (run.probe && !messages.some((m) => m.ruleId === "acp/no-reserved-error-code" && m.line === probeLine)) {
          unprobed.push(relative(NODE_MODULES, file));
        }
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`corpus share ${index + 1}/${count}: ${files.length} files linted untyped in ${seconds} s; ${unreadable.length} the parser cannot read${unreadable.length ? `: ${unreadable.join("; ")}` : ""}`);
    expect(crashes).toEqual([]);
    expect(unexplained).toEqual([]);
    expect(unlinted).toEqual([]);
    expect(unprobed).toEqual([]);
    // A few files may be syntax the parser does not take (Flow, proposals); never a meaningful part of the corpus.
    expect(unreadable.length).toBeLessThan(files.length / 100);
  });
}
