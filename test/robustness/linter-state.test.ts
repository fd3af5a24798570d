/**
 * No state outlives a file except the per-file model: one Linter linting files one after another gives each file
 * what a fresh Linter gives it (A, then B, then A again; the whole set forwards and backwards), the same text gives
 * the same reports under another file name, and settings or options of one run do not leak into the next.
 * Untyped on the repository's ACP files and handlers in every style; typed on the typed fixture project.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";
import { typedFixtureDir } from "../rule-tester.js";
import { CLIENT_HANDLER_STYLES } from "../rules/client-handler-styles.js";
import { HANDLER_STYLES } from "../rules/handler-styles.js";
import { NOTIFICATION_STYLES } from "../rules/notification-styles.js";
import { ALL_RULES, REPO, STRICT_RULES_AS_ERRORS } from "./corpus.js";

interface Sample {
  readonly name: string;
  readonly text: string;
}

function samples(): Sample[] {
  const found: Sample[] = [];
  for (const dir of ["examples", "test/fixtures/clean", "test/fixtures/ci-project/src", "test/fixtures/editor-project"]) {
    for (const name of readdirSync(join(REPO, dir)).filter((n) => n.endsWith(".ts")).sort()) {
      found.push({ name: `${dir}/${name}`, text: readFileSync(join(REPO, dir, name), "utf8") });
    }
  }
  const body = 'const s = sessions.get(params.sessionId);\nif (!s) throw new RequestError(-32001, "gone");\nreturn { stopReason: "end_turn" };';
  for (const [i, style] of HANDLER_STYLES.entries()) found.push({ name: `agent style ${i}`, text: style.program("session/prompt", body) });
  for (const [i, style] of CLIENT_HANDLER_STYLES.entries()) found.push({ name: `client style ${i}`, text: style.program("fs/read_text_file", 'if (!existsSync(params.path)) throw new Error("missing");\nreturn { content: await readFile(params.path, "utf8") };') });
  for (const [i, style] of NOTIFICATION_STYLES.entries()) found.push({ name: `notification style ${i}`, text: style.program('if (!sessions.has(params.sessionId)) throw RequestError.invalidParams();') });
  return found;
}

const SAMPLES = samples();

function config(settings?: Record<string, unknown>, rules: Linter.RulesRecord = ALL_RULES, typed = false): Linter.Config[] {
  return [
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tsParser as unknown as Linter.Parser, ...(typed ? { parserOptions: { projectService: true, tsconfigRootDir: typedFixtureDir } } : {}) },
      plugins: { acp: plugin },
      rules,
      ...(settings ? { settings } : {}),
    },
  ];
}

const ALL = config();
const fileOf = (sample: Sample, dir = "state") => join(REPO, dir, `${sample.name.replace(/[^\w.-]+/gu, "-")}.ts`);
const fresh = (sample: Sample, cfg = ALL, file = fileOf(sample)) => new Linter({ configType: "flat", cwd: REPO }).verify(sample.text, cfg, file);

describe("no state outlives a file", () => {
  it("has samples with findings", () => {
    expect(SAMPLES.length).toBeGreaterThan(30);
    expect(SAMPLES.filter((s) => fresh(s).length > 0).length).toBeGreaterThan(15);
  });

  it("one Linter linting every sample forwards, then backwards, gives each what a fresh Linter gives it", () => {
    const expected = new Map(SAMPLES.map((s) => [s, fresh(s)]));
    const linter = new Linter({ configType: "flat", cwd: REPO });
    for (const sample of [...SAMPLES, ...[...SAMPLES].reverse()]) expect(linter.verify(sample.text, ALL, fileOf(sample)), sample.name).toEqual(expected.get(sample));
  });

  it("A, then B, then A again: A's second result is its first", () => {
    const linter = new Linter({ configType: "flat", cwd: REPO });
    for (const [i, a] of SAMPLES.entries()) {
      const b = SAMPLES[(i * 7 + 3) % SAMPLES.length]!;
      const first = linter.verify(a.text, ALL, fileOf(a));
      linter.verify(b.text, ALL, fileOf(b));
      expect(linter.verify(a.text, ALL, fileOf(a)), `${a.name} after ${b.name}`).toEqual(first);
      expect(first, a.name).toEqual(fresh(a));
    }
  });

  it("the same text gives the same reports under two file names", () => {
    const linter = new Linter({ configType: "flat", cwd: REPO });
    for (const sample of SAMPLES) {
      const one = linter.verify(sample.text, ALL, fileOf(sample, "one"));
      expect(linter.verify(sample.text, ALL, join(REPO, "two/deeper", "renamed.ts")), sample.name).toEqual(one);
    }
  });

  it.each([
    ["protocolVersion 2", { acp: { protocolVersion: 2 } }],
    ["an SDK version without sessionNotFound", { acp: { sdkVersion: "1.9.0" } }],
    ["extra error classes and SDK modules", { acp: { errorClasses: ["RequestError"], sdkModules: ["@acme/acp"] } }],
  ])("a run with %s, then one without: the second is a fresh run's result", (_, settings) => {
    const linter = new Linter({ configType: "flat", cwd: REPO });
    const other = config(settings);
    let differ = 0;
    for (const sample of SAMPLES) {
      const withSettings = linter.verify(sample.text, other, fileOf(sample));
      const without = linter.verify(sample.text, ALL, fileOf(sample));
      if (JSON.stringify(withSettings) !== JSON.stringify(without)) differ++;
      expect(without, sample.name).toEqual(fresh(sample));
      expect(linter.verify(sample.text, other, fileOf(sample)), sample.name).toEqual(withSettings);
    }
    // The settings must change something, or the test would not tell a leak.
    if (settings.acp && "protocolVersion" in settings.acp) expect(differ).toBeGreaterThan(0);
  });

  it("a run with the strict options, then one with the defaults: the second is a fresh run's result", () => {
    const linter = new Linter({ configType: "flat", cwd: REPO });
    const strict = config(undefined, STRICT_RULES_AS_ERRORS);
    for (const sample of SAMPLES) {
      linter.verify(sample.text, strict, fileOf(sample));
      expect(linter.verify(sample.text, ALL, fileOf(sample)), sample.name).toEqual(fresh(sample));
    }
  });

  it("typed: A, then B, then A again with the project service gives A's fresh result", { timeout: 120_000 }, () => {
    const typed = config(undefined, undefined, true);
    const files = readdirSync(typedFixtureDir).filter((n) => n.endsWith(".ts")).sort();
    const file = join(typedFixtureDir, "file.ts");
    // The typed fixture's file.ts, with code importing its neighbours: constants only the checker resolves.
    const texts = [
      `import { TOO_BUSY, AppError, Codes } from "./codes.js";\nimport { RequestError } from "@agentclientprotocol/sdk";\nexport const a = [new RequestError(TOO_BUSY, "busy"), new RequestError(AppError.Conflict, "c"), new RequestError(Codes.SessionMissing, "s")];`,
      `import { SESSION_GONE } from "./session-codes.js";\nimport { RequestError } from "@agentclientprotocol/sdk";\nexport const b = new RequestError(SESSION_GONE, "gone");\nexport const c = new RequestError(-32001, "x");`,
    ];
    expect(files).toContain("file.ts");
    const linter = new Linter({ configType: "flat", cwd: typedFixtureDir });
    const first = linter.verify(texts[0]!, typed, file);
    expect(first.length).toBeGreaterThan(0);
    linter.verify(texts[1]!, typed, file);
    expect(linter.verify(texts[0]!, typed, file)).toEqual(first);
    expect(new Linter({ configType: "flat", cwd: typedFixtureDir }).verify(texts[0]!, typed, file)).toEqual(first);
  });
});
