// Lints the examples of every rule page: the lines an Incorrect block marks `// ❌` are exactly the lines the
// rule reports, and a Correct block is not reported at all. Rules added later are covered by the loop.
import { readFileSync } from "node:fs";
import { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";

interface Example {
  readonly section: "Incorrect" | "Correct";
  readonly code: string;
}

/** The ```ts blocks under the page's `### Incorrect` and `### Correct` headings. */
function examplesOf(markdown: string): Example[] {
  const examples: Example[] = [];
  let section: Example["section"] | undefined;
  let block: string[] | undefined;
  for (const line of markdown.split("\n")) {
    if (block) {
      if (line.startsWith("```")) {
        if (section) examples.push({ section, code: block.join("\n") });
        block = undefined;
      } else block.push(line);
    } else if (/^```ts\b/.test(line)) block = [];
    else if (line.startsWith("#")) section = /^### (Incorrect|Correct)\b/.exec(line)?.[1] as Example["section"] | undefined;
  }
  return examples;
}

const markedLines = (code: string) =>
  code.split("\n").flatMap((text, i) => (text.includes("// ❌") ? [i + 1] : []));

describe.each(Object.keys(plugin.rules))("the docs page of %s", (name) => {
  const examples = examplesOf(readFileSync(new URL(`../docs/rules/${name}.md`, import.meta.url), "utf8"));
  const linter = new Linter({ configType: "flat" });
  const lint = (code: string) =>
    linter.verify(
      code,
      [{ files: ["**/*.ts"], languageOptions: { parser: tsParser }, plugins: { acp: plugin }, rules: { [`acp/${name}`]: "error" } }],
      "example.ts",
    );

  it("quotes the spec it enforces, links it, and says when not to use the rule", () => {
    const page = readFileSync(new URL(`../docs/rules/${name}.md`, import.meta.url), "utf8");
    const rule = plugin.rules[name as keyof typeof plugin.rules] as unknown as { meta: { docs: { spec: { url: string } } } };
    const specPage = rule.meta.docs.spec.url.replace(/#.*$/, "");
    expect(page).toContain("## Rule details");
    expect(page).toMatch(/^> \S/m);
    expect(page).toContain(specPage);
    expect(page).toMatch(/^## (Options|Settings)$/m);
    expect(page).toContain("## When not to use it");
  });

  it("has incorrect and correct examples", () => {
    expect(examples.some((e) => e.section === "Incorrect")).toBe(true);
    expect(examples.some((e) => e.section === "Correct")).toBe(true);
  });

  it.each(examples.map((e, i) => [`${e.section} #${i + 1}`, e] as const))("%s", (_, example) => {
    const messages = lint(example.code);
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    const reported = [...new Set(messages.map((m) => m.line))].sort((a, b) => a - b);
    if (example.section === "Correct") expect(messages).toEqual([]);
    else {
      expect(reported.length).toBeGreaterThan(0);
      expect(reported).toEqual(markedLines(example.code));
    }
  });
});
