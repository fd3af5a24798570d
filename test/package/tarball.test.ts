// What `npm pack` puts in the tarball: only what users run, every file package.json points at, and nothing
// publint or "Are the Types Wrong?" objects to.
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { publint } from "publint";
import { formatMessage } from "publint/utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, runOrThrow } from "./run.js";
import { makeScratchDir, packTarball, repoRoot } from "./tarball.js";

const published = /^(package\.json|README\.md|LICENSE|dist\/[^/]+\.(js|d\.ts)|dist\/oxlint\/[a-z]+\.json|docs\/(rules\/)?[a-z-]+\.md)$/;

interface PackedManifest {
  main?: string;
  types?: string;
  bin?: Record<string, string>;
  exports?: unknown;
}

/** Every file path a package.json field points at (export conditions nest). */
function pointedAt(manifest: PackedManifest): string[] {
  const targets = (value: unknown): string[] =>
    typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(targets) : [];
  return [manifest.main, manifest.types, manifest.bin, manifest.exports]
    .flatMap(targets)
    .map((path) => path.replace(/^\.\//, ""));
}

describe("the packed tarball", () => {
  let scratch: Awaited<ReturnType<typeof makeScratchDir>>;
  let tarball: string;
  let paths: string[];
  let unpacked: string;

  beforeAll(async () => {
    scratch = await makeScratchDir("tarball");
    tarball = await packTarball(scratch.dir);
    const listing = await runOrThrow("tar", ["-tzf", tarball], { cwd: scratch.dir });
    paths = listing.stdout.split("\n").filter(Boolean).map((path) => path.replace(/^package\//, ""));
    await runOrThrow("tar", ["-xzf", tarball], { cwd: scratch.dir });
    unpacked = join(scratch.dir, "package");
  }, 120_000);
  afterAll(() => scratch?.remove());

  it("holds only package.json, README.md, LICENSE, the built JavaScript and type declarations and the docs' pages", () => {
    expect(paths.filter((path) => !published.test(path))).toEqual([]);
  });

  it("holds every rule's page, which acp-lint --explain prints, and the pages the README links to", () => {
    const guides = readdirSync(join(repoRoot, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`);
    expect(guides.sort()).toEqual(["docs/acp-lint.md", "docs/usage.md"]);
    const pages = [...guides, ...readdirSync(join(repoRoot, "docs/rules")).map((name) => `docs/rules/${name}`)];
    expect(pages.length).toBeGreaterThan(2);
    expect(paths.filter((path) => path.startsWith("docs/")).sort()).toEqual(pages.sort());
  });

  it("is built by npm pack itself (prepack), not whatever dist/ happens to hold", async () => {
    const manifest = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };
    expect(manifest.scripts["prepack"]).toBe("npm run build");
  });

  it("holds every .js and .d.ts file the build wrote, but the bin's declarations, which nothing imports", () => {
    const built = readdirSync(join(repoRoot, "dist")).map((name) => `dist/${name}`);
    const wanted = built.filter((path) => published.test(path) && path !== "dist/cli.d.ts");
    expect(paths.filter((path) => path.startsWith("dist/") && !path.startsWith("dist/oxlint/")).sort()).toEqual(wanted.sort());
    // Each config as an oxlint config, which a project's .oxlintrc.json extends (the README's oxlint section).
    expect(paths.filter((path) => path.startsWith("dist/oxlint/")).sort()).toEqual(["dist/oxlint/all.json", "dist/oxlint/recommended.json", "dist/oxlint/strict.json"]);
    expect(paths).not.toContain("dist/cli.d.ts");
    expect(paths).toEqual(expect.arrayContaining(["package.json", "README.md", "LICENSE"]));
  });

  it("holds every file package.json points at (main, types, bin, exports)", async () => {
    const manifest = JSON.parse(await readFile(join(unpacked, "package.json"), "utf8")) as PackedManifest;
    const targets = pointedAt(manifest);
    expect(targets).toEqual(expect.arrayContaining(["dist/index.js", "dist/index.d.ts", "dist/cli.js"]));
    expect(targets.filter((path) => !paths.includes(path))).toEqual([]);
  });

  it("refers to no source maps", async () => {
    const code = paths.filter((path) => path.startsWith("dist/"));
    const referring = [];
    for (const path of code) if ((await readFile(join(unpacked, path), "utf8")).includes("sourceMappingURL")) referring.push(path);
    expect(referring).toEqual([]);
  });

  it("publint --strict reports nothing", async () => {
    const bytes = await readFile(tarball);
    const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const { messages, pkg } = await publint({ pack: { tarball: arrayBuffer }, strict: true, level: "suggestion" });
    expect(messages.map((message) => formatMessage(message, pkg, { color: false }))).toEqual([]);
  });

  it("Are the Types Wrong? finds no problem for an ES-module-only package", async () => {
    const attw = join(repoRoot, "node_modules", ".bin", "attw");
    const result = await run(attw, [tarball, "--format", "json", "--profile", "esm-only", "--no-definitely-typed"], {
      cwd: scratch.dir,
    });
    expect(result.code, result.stdout + result.stderr).toBe(0);
    const { analysis } = JSON.parse(result.stdout) as {
      analysis: { problems: { kind: string; resolutionKind?: string }[] };
    };
    // attw's node16 CommonJS mode models Node 16, where require() of an ES module fails; the package needs
    // Node 20.19+, where it works (the ESLint 9/10 project tests require() it). esm-only ignores that one problem.
    const requireOfEsm = (problem: { kind: string; resolutionKind?: string }) =>
      problem.kind === "CJSResolvesToESM" && problem.resolutionKind === "node16-cjs";
    expect(analysis.problems.filter((problem) => !requireOfEsm(problem))).toEqual([]);
  });
});
