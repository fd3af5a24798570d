// The demo's programs (`npm run demo`) mark each mistake with a trailing `// acp/<rule>: why` comment: acp/recommended
// must report exactly those rules on exactly those lines, so the examples and their README cannot drift from the rules.
import { readdirSync, readFileSync } from "node:fs";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";

const dir = new URL("../examples/", import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));

/** `line rule` for every rule a line's trailing comment names. */
function marked(code: string): string[] {
  return code.split("\n").flatMap((text, i) => {
    const comment = /\/\/ (acp\/.*)$/.exec(text)?.[1] ?? "";
    return [...new Set(comment.match(/acp\/[a-z-]+/g) ?? [])].map((rule) => `${i + 1} ${rule}`);
  });
}

describe("the examples", () => {
  it("have programs with marked mistakes", () => {
    expect(files.length).toBeGreaterThanOrEqual(3);
  });

  it.each(files)("%s: acp/recommended reports exactly the marked lines and rules", (file) => {
    const code = readFileSync(new URL(file, dir), "utf8");
    const messages = new Linter({ configType: "flat" }).verify(
      code,
      [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser } }, plugin.configs.recommended],
      { filename: file },
    );
    const reported = [...new Set(messages.map((m) => `${m.line} ${m.ruleId ?? m.message}`))];
    expect(reported.sort()).toEqual(marked(code).sort());
  });

  it("the README lists every marked finding", () => {
    const readme = readFileSync(new URL("README.md", dir), "utf8");
    const listed = [...readme.matchAll(/^- `([\w-]+\.ts):(\d+)` `(acp\/[a-z-]+)`/gm)].map((m) => `${m[1]}:${m[2]} ${m[3]}`);
    const all = files.flatMap((file) => marked(readFileSync(new URL(file, dir), "utf8")).map((entry) => `${file}:${entry}`));
    expect(listed.sort()).toEqual(all.sort());
  });
});
