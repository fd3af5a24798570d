// Module names a project maps with tsconfig `paths` and `baseUrl` (src/analysis/modules/tsconfig-paths.ts and
// project-aliases.ts): read as TypeScript reads them, from files the code under lint may have planted.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { Stats } from "../../src/analysis/modules/folders.js";
import { clearModuleCache, resolveModulePath } from "../../src/analysis/modules/module-files.js";
import { clearProjectAliases, projectAliases } from "../../src/analysis/modules/project-aliases.js";
import { aliasedPaths, aliasesOf, configOptions, parseJsonc } from "../../src/analysis/modules/tsconfig-paths.js";
import { realPathOr } from "../../src/regular-file.js";

describe("parseJsonc", () => {
  it("reads comments and trailing commas outside strings, and keeps // and /* inside them", () => {
    const text = `{
  // line comment
  "$schema": "https://json.schemastore.org/tsconfig", /* block */
  "compilerOptions": { "paths": { "@/*": ["./src/*",], }, "note": "a /* not a comment */ \\" quote", },
}`;
    expect(parseJsonc(text)).toEqual({
      $schema: "https://json.schemastore.org/tsconfig",
      compilerOptions: { paths: { "@/*": ["./src/*"] }, note: 'a /* not a comment */ " quote' },
    });
  });

  it("gives undefined for text that is not JSON with comments", () => {
    expect(parseJsonc("{ compilerOptions: {} }")).toBeUndefined();
    // Whole JSON but for a block comment left open.
    expect(parseJsonc('{ "a": 1 } /* unterminated')).toBeUndefined();
    expect(parseJsonc("")).toBeUndefined();
  });
});

describe("aliasedPaths", () => {
  const options = (path: string, text: string) => configOptions(path, text)!;

  it("maps an exact pattern, else the wildcard pattern with the longest prefix, each target in order, then baseUrl", () => {
    const aliases = aliasesOf([
      options("/p/tsconfig.json", `{ "compilerOptions": { "baseUrl": "./base", "paths": {
        "@/*": ["./src/*", "./gen/*"], "@/core/*": ["./core/*.impl"], "#log": ["./lib/log.ts"], "x*y": ["./xy/*"], "two/*/*": ["./no/*"] } } }`),
    ]);
    expect(aliasedPaths(aliases, "@/terminals/manager")).toEqual(["/p/base/src/terminals/manager", "/p/base/gen/terminals/manager", "/p/base/@/terminals/manager"]);
    expect(aliasedPaths(aliases, "@/core/session")).toEqual(["/p/base/core/session.impl", "/p/base/@/core/session"]);
    expect(aliasedPaths(aliases, "#log")).toEqual(["/p/base/lib/log.ts", "/p/base/#log"]);
    expect(aliasedPaths(aliases, "x-mid-y")).toEqual(["/p/base/xy/-mid-", "/p/base/x-mid-y"]);
    // A pattern with two stars is no pattern (TypeScript reports it).
    expect(aliases.patterns.map((p) => p.prefix)).toEqual(["@/", "@/core/", "#log", "x"]);
    expect(aliasedPaths(aliases, "two/a/b")).toEqual(["/p/base/two/a/b"]);
  });

  it("resolves paths against the config that sets them when no baseUrl applies, and maps nothing else", () => {
    const aliases = aliasesOf([options("/p/app/tsconfig.json", `{ "extends": "../tsconfig.base" }`), options("/p/tsconfig.base.json", `{ "compilerOptions": { "paths": { "@/*": ["src/*"] } } }`)]);
    expect(aliasedPaths(aliases, "@/a")).toEqual(["/p/src/a"]);
    expect(aliasedPaths(aliases, "zod")).toEqual([]);
  });

  it("takes each option from the nearest config that sets it: the file's own paths replace those it extends", () => {
    const own = options("/p/app/tsconfig.json", `{ "extends": ["../a.json", "../b"], "compilerOptions": { "paths": { "~/*": ["./*"] } } }`);
    expect(own.extends).toEqual(["/p/a.json", "/p/b.json"]);
    const aliases = aliasesOf([own, options("/p/b.json", `{ "compilerOptions": { "baseUrl": "lib", "paths": { "@/*": ["*"] } } }`)]);
    expect(aliasedPaths(aliases, "~/x")).toEqual(["/p/lib/x", "/p/lib/~/x"]);
    expect(aliasedPaths(aliases, "@/x")).toEqual(["/p/lib/@/x"]);
    // The nearest baseUrl wins too, and the paths resolve against it.
    const nearer = aliasesOf([options("/p/app/tsconfig.json", `{ "compilerOptions": { "baseUrl": "src" } }`), options("/p/b.json", `{ "compilerOptions": { "baseUrl": "lib", "paths": { "@/*": ["*"] } } }`)]);
    expect(aliasedPaths(nearer, "@/x")).toEqual(["/p/app/src/x", "/p/app/src/@/x"]);
  });

  it("reads no package config named by extends, and no options that are not strings or lists of strings", () => {
    const read = options("/p/tsconfig.json", `{ "extends": "@tsconfig/node20/tsconfig.json", "compilerOptions": { "baseUrl": 3, "paths": { "@/*": "src/*", "#a": ["a", 1] } } }`);
    expect(read.extends).toEqual([]);
    expect(read.baseUrl).toBeUndefined();
    expect(read.paths).toEqual({ "#a": ["a"] });
  });
});

describe("projectAliases, on disk", () => {
  const base = mkdtempSync(join(tmpdir(), "acp-aliases-"));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  beforeEach(() => {
    clearProjectAliases();
    clearModuleCache();
  });
  const root = join(base, "repo");
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write("tsconfig.json", `{ "compilerOptions": { "paths": { "@/*": ["./lib/*"] } } }`);
  write("tsconfig.base.json", `{ "compilerOptions": { "paths": { "@/*": ["./app/src/*"] } } }`);
  write("tsconfig.other.json", `{ "compilerOptions": { "paths": { "@/*": ["./other/*"] } } }`);
  write("app/tsconfig.json", `// the app's config\n{ "extends": "../tsconfig.base.json", }`);
  write("app/src/core/codes.ts", "export const BUSY = -32042;\n");
  write("lib/core/codes.ts", "export const BUSY = -32043;\n");
  write("other/core/codes.ts", "export const BUSY = -32044;\n");
  write("two/tsconfig.json", `{ "extends": ["../tsconfig.other.json", "../tsconfig.base.json"] }`);
  const real = (path: string) => join(realPathOr(root), path);

  it("resolves an alias of the nearest config, through what it extends, to a module of the project", () => {
    const agent = join(root, "app", "src", "agent.ts");
    expect(resolveModulePath(agent, "@/core/codes", root)).toBe(real("app/src/core/codes.ts"));
    expect(resolveModulePath(agent, "@/core/none", root)).toBeUndefined();
    expect(resolveModulePath(agent, "zod", root)).toBeUndefined();
    // A file the app's config does not cover takes the root's.
    expect(resolveModulePath(join(root, "tools", "x.ts"), "@/core/codes", root)).toBe(real("lib/core/codes.ts"));
  });

  it("takes the paths of the last of several configs extended, as TypeScript does", () => {
    expect(resolveModulePath(join(root, "two", "x.ts"), "@/core/codes", root)).toBe(real("app/src/core/codes.ts"));
  });

  it("looks for configs no higher than the folder linted", () => {
    const inner = join(root, "app", "src");
    const stats: Stats = new Map();
    expect(projectAliases(join(inner, "core", "agent.ts"), inner, stats).patterns).toEqual([]);
    expect([...stats.keys()].every((path) => path.startsWith(inner))).toBe(true);
  });

  it.each([
    ["a link out of the folder linted", "link", (dir: string) => symlinkSync(join(base, "elsewhere", "tsconfig.json"), join(dir, "tsconfig.json"))],
    ["a FIFO", "fifo", (dir: string) => execFileSync("mkfifo", [join(dir, "tsconfig.json")])],
  ])("reads no config that is %s, and resolves no alias through it", (_, name, plant) => {
    const dir = join(base, name);
    mkdirSync(join(dir, "src"), { recursive: true });
    mkdirSync(join(base, "elsewhere"), { recursive: true });
    writeFileSync(join(base, "elsewhere", "tsconfig.json"), `{ "compilerOptions": { "paths": { "@/*": ["./src/*"] } } }`);
    writeFileSync(join(dir, "src", "codes.ts"), "export const BUSY = -32042;\n");
    plant(dir);
    const file = join(dir, "src", "agent.ts");
    expect(projectAliases(file, dir, undefined).patterns).toEqual([]);
    expect(resolveModulePath(file, "@/codes", dir)).toBeUndefined();
  });
});
