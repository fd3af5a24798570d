import { join } from "node:path";
import type { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { parseGlob, toRegExpSource } from "../../src/cli/files/globs.js";
import { BROKEN_AGENT, CLEAN_AGENT } from "./agents.js";
import { makeProject, runCli } from "./run-cli.js";

describe("glob patterns of the command line", () => {
  it.each([
    ["/a/*.ts", "/a/x.ts", true],
    ["/a/*.ts", "/a/b/x.ts", false],
    ["/a/**/*.ts", "/a/x.ts", true],
    ["/a/**/*.ts", "/a/b/c/x.ts", true],
    ["/a/**", "/a/b/c/x.ts", true],
    ["/a/?.ts", "/a/x.ts", true],
    ["/a/?.ts", "/a/xy.ts", false],
    ["/a/*.{ts,js}", "/a/x.js", true],
    ["/a/*.{ts,js}", "/a/x.mjs", false],
    ["/a/{src,lib/{x,y}}/*.ts", "/a/lib/y/z.ts", true],
    ["/a/[ab].ts", "/a/b.ts", true],
    ["/a/[!ab].ts", "/a/b.ts", false],
    ["/a/[!ab].ts", "/a/c.ts", true],
    ["/a/\\*.ts", "/a/*.ts", true],
    ["/a/\\*.ts", "/a/x.ts", false],
    ["/a/x(1).ts", "/a/x(1).ts", true],
    ["/a/*.ts", "/a/.hidden.ts", true],
    ["/a/{x}.ts", "/a/{x}.ts", true],
  ])("%s matches %s: %s", (pattern, path, expected) => {
    expect(parseGlob("/", pattern).matches(path)).toBe(expected);
  });

  it("starts at the folders before the first glob character", () => {
    expect(parseGlob("/work", "src/**/*.ts").base).toBe("/work/src");
    expect(parseGlob("/work", "/abs/path/src/*.ts").base).toBe("/abs/path/src");
    expect(parseGlob("/work", "*.ts").base).toBe("/work");
  });

  it("an unclosed bracket or brace stands for itself", () => {
    expect(new RegExp(`^${toRegExpSource("/a/[x.ts")}$`, "u").test("/a/[x.ts")).toBe(true);
    expect(new RegExp(`^${toRegExpSource("/a/{x.ts")}$`, "u").test("/a/{x.ts")).toBe(true);
  });
});

describe("acp-lint with a quoted glob", () => {
  let root: string;
  beforeAll(async () => {
    root = await makeProject({
      "here/notes.md": "# the working directory\n",
      "there/src/agent.ts": BROKEN_AGENT,
      "there/src/clean.ts": CLEAN_AGENT,
      "there/src/lib/helper.ts": CLEAN_AGENT,
      "there/src/readme.md": "# not code\n",
    });
  });

  const linted = (stdout: string) => (JSON.parse(stdout) as ESLint.LintResult[]).map((result) => result.filePath);

  it("outside the working directory, as a shell that does not expand globs passes it", async () => {
    const run = await runCli([join(root, "there/src/*.ts"), "--format", "json"], join(root, "here"));
    expect(run.stderr).toBe("");
    expect(linted(run.stdout)).toEqual([join(root, "there/src/agent.ts"), join(root, "there/src/clean.ts")]);
    expect(run.code).toBe(1);
  });

  it("inside it, across folders", async () => {
    const run = await runCli(["src/**/c*.ts", "--format", "json"], join(root, "there"));
    expect(linted(run.stdout)).toEqual([join(root, "there/src/clean.ts")]);
    expect(run.code).toBe(0);
  });

  it("matching no file to lint exits 2 saying so", async () => {
    expect(await runCli(["src/*.md"], join(root, "there"))).toEqual({
      code: 2,
      stdout: "",
      stderr: "acp-lint: no files match 'src/*.md'\n",
    });
  });
});

describe("files whose names look like globs", () => {
  it("are themselves, walked or named (Next.js routes, a file called *.ts)", async () => {
    const dir = await makeProject({
      "app/[id]/page.tsx": CLEAN_AGENT,
      "app/(group)/layout.ts": CLEAN_AGENT,
      "app/{x,y}/b.ts": CLEAN_AGENT,
      "app/*.ts": CLEAN_AGENT,
      "app/other.ts": BROKEN_AGENT,
    });
    const linted = (stdout: string) => (JSON.parse(stdout) as ESLint.LintResult[]).map((result) => result.filePath);
    const all = await runCli(["--format", "json"], dir);
    expect(linted(all.stdout)).toEqual(["app/(group)/layout.ts", "app/*.ts", "app/[id]/page.tsx", "app/other.ts", "app/{x,y}/b.ts"].map((file) => join(dir, file)));
    const named = await runCli(["app/*.ts", "app/[id]/page.tsx", "--format", "json"], dir);
    expect(linted(named.stdout)).toEqual([join(dir, "app/*.ts"), join(dir, "app/[id]/page.tsx")]);
    expect(named.code).toBe(0);
  });
});
