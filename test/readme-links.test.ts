// The README is a user's page (what the plugin checks, install, the rules, settings, acp-lint, editor, CI, the
// untrusted-code guarantees) of about 300 lines; the rest lives in docs/, CONTRIBUTING.md and bench/README.md. Every
// relative link of those pages names a file that exists and, with a `#fragment`, a heading of that file.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const repo = fileURLToPath(new URL("..", import.meta.url));
const PAGES = ["README.md", "CONTRIBUTING.md", "bench/README.md", ...readdirSync(join(repo, "docs")).filter((n) => n.endsWith(".md")).map((n) => `docs/${n}`)];

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces made `-`. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

/** The anchors of a markdown file's headings, outside code blocks. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (heading) anchors.add(slug(heading[1]!));
  }
  return anchors;
}

/** The relative links `[text](target)` of a markdown file, outside code blocks. */
function linksOf(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gmu, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/gu)].map(([, target]) => target!).filter((t) => !/^[a-z]+:/u.test(t));
}

describe("the README and the pages it leads to", () => {
  it("keeps the README a user's page of about 300 lines", () => {
    const readme = readFileSync(join(repo, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThanOrEqual(320);
    const sections = [...readme.matchAll(/^## (.+)$/gmu)].map(([, title]) => title);
    expect(sections).toEqual(["Install", "Usage", "Rules", "Settings", "acp-lint", "Editor", "CI", "Contributing", "License"]);
  });

  for (const page of PAGES) {
    it(`${page}: every relative link names an existing file and heading`, () => {
      const text = readFileSync(join(repo, page), "utf8");
      const broken = linksOf(text).filter((target) => {
        const [path, fragment] = target.split("#") as [string, string | undefined];
        const file = path === "" ? join(repo, page) : join(repo, dirname(page), path);
        if (!existsSync(file)) return true;
        return fragment !== undefined && file.endsWith(".md") && !anchorsOf(readFileSync(file, "utf8")).has(fragment);
      });
      expect(broken.map((t) => `${relative(repo, join(repo, page))} -> ${t}`)).toEqual([]);
    });
  }
});
