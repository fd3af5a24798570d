// The SDK version advice is given for: each factory's `since` against the published declarations, the version
// detected for a file, and settings.acp.sdkVersion.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as tsParser from "@typescript-eslint/parser";
import { Linter, type Rule } from "eslint";
import { describe, expect, it } from "vitest";
import { type FileModel, getModel } from "../src/analysis/index.js";
import { folderWithSdks } from "./sdk-install.js";
import { detectSdkVersion, findSdk, isAtLeast, legacyNameDispatched, MAX_PACKAGE_JSON_BYTES, sdkHasFactory } from "../src/analysis/sdk/sdk-version.js";
import { ERROR_FACTORIES } from "../src/protocol/codes.js";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** The published SDKs installed as dev-dependency aliases, with the version each must be. */
const INSTALLED = [
  { pkg: "acp-sdk-0-28", version: "0.28.1" },
  { pkg: "acp-sdk-0-29", version: "0.29.0" },
  { pkg: "acp-sdk-1-8", version: "1.8.0" },
  { pkg: "acp-sdk-legacy", version: "1.9.0" },
  { pkg: "acp-sdk-2-0", version: "2.0.2" },
  { pkg: "acp-sdk-2-1", version: "2.1.0" },
  { pkg: "@agentclientprotocol/sdk", version: "2.4.0" },
] as const;

/** Every `.d.ts` below `dir`, its own dependencies left out. */
function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : declarationFiles(path);
    return /\.d\.[mc]?ts$/.test(entry.name) ? [path] : [];
  });
}

describe("each factory's since, against the published SDKs' declarations", () => {
  for (const { pkg, version } of INSTALLED) {
    const dir = join(repo, "node_modules", pkg);
    const declared = () => declarationFiles(dir).map((file) => readFileSync(file, "utf8")).join("\n");

    it(`${pkg} is ${version}`, () => {
      expect((JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version).toBe(version);
    });

    it(`${pkg} (${version}) declares each factory exactly when ${version} >= its since`, () => {
      const text = declared();
      const has = ERROR_FACTORIES.map((f) => [f.name, text.includes(`static ${f.name}(`)] as const);
      const expected = ERROR_FACTORIES.map((f) => [f.name, isAtLeast(version, f.since)] as const);
      expect(has).toEqual(expected);
    });
  }
});

describe("isAtLeast / sdkHasFactory", () => {
  it("compares major, minor and patch as numbers", () => {
    expect(isAtLeast("2.10.0", "2.9.0")).toBe(true);
    expect(isAtLeast("2.1.0", "2.1.0")).toBe(true);
    expect(isAtLeast("2.0.9", "2.1.0")).toBe(false);
    expect(isAtLeast("10.0.0", "9.9.9")).toBe(true);
  });

  it("counts a prerelease as before its release", () => {
    expect(isAtLeast("2.1.0-rc.1", "2.1.0")).toBe(false);
    expect(isAtLeast("2.1.1-rc.1", "2.1.0")).toBe(true);
  });

  it("gives an unknown version only the factories every version has", () => {
    const unknown = ERROR_FACTORIES.filter((f) => sdkHasFactory(undefined, f.name)).map((f) => f.name);
    expect(unknown).toEqual(["parseError", "invalidRequest", "methodNotFound", "invalidParams", "internalError", "authRequired", "resourceNotFound"]);
    expect(ERROR_FACTORIES.filter((f) => !unknown.includes(f.name)).every((f) => f.since !== "0.1.0")).toBe(true);
  });

  it("knows no factory the SDK does not have", () => {
    expect(sdkHasFactory("2.4.0", "sessionGone")).toBe(false);
  });
});

/** A fresh directory outside the repository, with the given SDK packages installed (package.json only). */
function project(packages: Record<string, string> = {}): string {
  return folderWithSdks(packages, "acp-sdk-version-");
}

describe("detectSdkVersion", () => {
  it("finds the SDK installed in this repository for a file inside it", () => {
    expect(detectSdkVersion(join(repo, "src", "agent.ts"), "/")).toBe("2.4.0");
    expect(detectSdkVersion(join(repo, "test", "fixtures", "typed", "file.ts"), "/")).toBe("2.4.0");
  });

  it("resolves a relative file name against the working directory", () => {
    expect(detectSdkVersion("file.ts", repo)).toBe("2.4.0");
    expect(detectSdkVersion("src/deep/agent.ts", project({ "@agentclientprotocol/sdk": "1.3.0" }))).toBe("1.3.0");
  });

  it("finds @agentclientprotocol/sdk in a node_modules above the file", () => {
    const dir = project({ "@agentclientprotocol/sdk": "1.3.0" });
    expect(detectSdkVersion(join(dir, "src", "agent", "index.ts"), "/")).toBe("1.3.0");
  });

  it("finds @zed-industries/agent-client-protocol when the current SDK is not installed", () => {
    const dir = project({ "@zed-industries/agent-client-protocol": "0.4.5" });
    expect(detectSdkVersion(join(dir, "agent.ts"), "/")).toBe("0.4.5");
  });

  it("prefers @agentclientprotocol/sdk to the legacy package in the same node_modules", () => {
    const dir = project({ "@zed-industries/agent-client-protocol": "0.4.5", "@agentclientprotocol/sdk": "2.2.0" });
    expect(detectSdkVersion(join(dir, "agent.ts"), "/")).toBe("2.2.0");
  });

  it("takes the nearest node_modules that has an SDK, as Node resolves it", () => {
    const outer = project({ "@agentclientprotocol/sdk": "2.4.0" });
    const inner = join(outer, "packages", "agent");
    mkdirSync(join(inner, "node_modules", "@agentclientprotocol", "sdk"), { recursive: true });
    writeFileSync(join(inner, "node_modules", "@agentclientprotocol", "sdk", "package.json"), JSON.stringify({ version: "1.9.0" }));
    expect(detectSdkVersion(join(inner, "src", "agent.ts"), "/")).toBe("1.9.0");
    expect(detectSdkVersion(join(outer, "packages", "client", "client.ts"), "/")).toBe("2.4.0");
  });

  it("is unknown where no SDK is installed, or its package.json has no version", () => {
    expect(detectSdkVersion(join(project(), "agent.ts"), "/")).toBeUndefined();
    expect(detectSdkVersion(join(project({ "@agentclientprotocol/sdk": "latest" }), "agent.ts"), "/")).toBeUndefined();
  });

  it("is unknown for code that is not a file", () => {
    expect(detectSdkVersion("<input>", repo)).toBeUndefined();
    expect(detectSdkVersion("<text>", repo)).toBeUndefined();
  });
});

/** A fresh project whose package.json is `manifest` (a string: written as it is), with the SDK packages `installed`. */
function declaring(manifest: unknown, installed: Record<string, string> = {}): string {
  const dir = project(installed);
  writeFileSync(join(dir, "package.json"), typeof manifest === "string" ? manifest : JSON.stringify(manifest));
  return dir;
}
const sdkRange = (range: string, field = "dependencies") => declaring({ name: "agent", [field]: { "@agentclientprotocol/sdk": range } });

describe("detectSdkVersion where none is installed: the lowest version package.json's range allows", () => {
  it("takes the lowest version of a caret, tilde, exact, comparator or hyphen range", () => {
    expect(detectSdkVersion(join(sdkRange("^0.26.0"), "agent.ts"), "/")).toBe("0.26.0");
    expect(detectSdkVersion(join(sdkRange("~1.8.2"), "agent.ts"), "/")).toBe("1.8.2");
    expect(detectSdkVersion(join(sdkRange("2.1.0"), "agent.ts"), "/")).toBe("2.1.0");
    expect(detectSdkVersion(join(sdkRange(">=1.9.0 <3"), "agent.ts"), "/")).toBe("1.9.0");
    expect(detectSdkVersion(join(sdkRange("1.2.0 - 2.0.0"), "agent.ts"), "/")).toBe("1.2.0");
    expect(detectSdkVersion(join(sdkRange("^2.1"), "agent.ts"), "/")).toBe("2.1.0");
    expect(detectSdkVersion(join(sdkRange("^2.1.0 || ^1.9.0"), "agent.ts"), "/")).toBe("1.9.0");
  });

  it("reads devDependencies, peerDependencies and optionalDependencies too", () => {
    for (const field of ["devDependencies", "peerDependencies", "optionalDependencies"]) {
      expect(detectSdkVersion(join(sdkRange("^1.9.0", field), "agent.ts"), "/")).toBe("1.9.0");
    }
  });

  it("reads pnpm's workspace: protocol and an npm: alias of the same package as their ranges", () => {
    expect(detectSdkVersion(join(sdkRange("workspace:^2.2.0"), "agent.ts"), "/")).toBe("2.2.0");
    expect(detectSdkVersion(join(sdkRange("npm:@agentclientprotocol/sdk@~0.29.0"), "agent.ts"), "/")).toBe("0.29.0");
  });

  it("takes the legacy package's range when the current one is not declared, and prefers the current one", () => {
    const legacy = declaring({ dependencies: { "@zed-industries/agent-client-protocol": "^0.4.5" } });
    expect(detectSdkVersion(join(legacy, "agent.ts"), "/")).toBe("0.4.5");
    const both = declaring({ dependencies: { "@zed-industries/agent-client-protocol": "^0.4.5" }, devDependencies: { "@agentclientprotocol/sdk": "^2.0.0" } });
    expect(detectSdkVersion(join(both, "agent.ts"), "/")).toBe("2.0.0");
  });

  it("is unknown for a range that bounds nothing from below, or no range at all", () => {
    for (const written of ["*", "", "latest", "x", ">=0.0.0", "<2.0.0", "workspace:*", "file:../sdk", "github:agentclientprotocol/typescript-sdk", "npm:other-sdk@^1.0.0"]) {
      expect([written, detectSdkVersion(join(sdkRange(written), "agent.ts"), "/")]).toEqual([written, undefined]);
    }
  });

  it("prefers a copy installed anywhere above the file to a declared range", () => {
    const dir = declaring({ dependencies: { "@agentclientprotocol/sdk": "^2.1.0" } }, { "@agentclientprotocol/sdk": "1.9.0" });
    expect(findSdk(join(dir, "src", "agent.ts"), "/")).toEqual({ source: "installed", version: "1.9.0" });
  });

  it("takes the nearest package.json that declares the SDK: a workspace package's own, else the root's", () => {
    const root = declaring({ private: true, workspaces: ["packages/*"], devDependencies: { "@agentclientprotocol/sdk": "^2.0.0" } });
    mkdirSync(join(root, "packages", "agent", "src"), { recursive: true });
    mkdirSync(join(root, "packages", "tools", "src"), { recursive: true });
    writeFileSync(join(root, "packages", "agent", "package.json"), JSON.stringify({ dependencies: { "@agentclientprotocol/sdk": "^2.3.0" } }));
    writeFileSync(join(root, "packages", "tools", "package.json"), JSON.stringify({ dependencies: { zod: "^3.0.0" } }));
    const found = findSdk(join(root, "packages", "agent", "src", "agent.ts"), "/");
    expect(found).toMatchObject({ source: "declared", version: "2.3.0", declared: { file: join(root, "packages", "agent", "package.json"), pkg: "@agentclientprotocol/sdk", written: "^2.3.0" } });
    expect(detectSdkVersion(join(root, "packages", "tools", "src", "x.ts"), "/")).toBe("2.0.0");
  });

  it("takes a package.json that is not JSON, not an object, a link, or over 1 MB for none", () => {
    expect(detectSdkVersion(join(declaring("{ not json"), "agent.ts"), "/")).toBeUndefined();
    expect(detectSdkVersion(join(declaring("[1, 2]"), "agent.ts"), "/")).toBeUndefined();
    expect(detectSdkVersion(join(declaring({ dependencies: { "@agentclientprotocol/sdk": "^2.0.0" }, padding: "x".repeat(1_100_000) }), "agent.ts"), "/")).toBeUndefined();
    const elsewhere = sdkRange("^2.0.0");
    const dir = project();
    symlinkSync(join(elsewhere, "package.json"), join(dir, "package.json"));
    expect(detectSdkVersion(join(dir, "agent.ts"), "/")).toBeUndefined();
  });
});

describe("legacyNameDispatched for a declared range: a name counts when some version the range allows calls it", () => {
  it("judges a range by every version it allows, not by its lowest", () => {
    // session/list: unstable_listSessions before 0.16.0, listSessions from it.
    expect(legacyNameDispatched(">=0.26.0 <0.27.0-0", "unstable_listSessions")).toBe(false);
    expect(legacyNameDispatched(">=0.26.0 <0.27.0-0", "listSessions")).toBe(true);
    expect(legacyNameDispatched(">=0.15.0 <0.16.0-0", "listSessions")).toBe(false);
    expect(legacyNameDispatched(">=0.15.0", "listSessions")).toBe(true);
    expect(legacyNameDispatched(">=0.15.0", "unstable_listSessions")).toBe(true);
    // session/delete: unstable_deleteSession from 0.22.0 to 0.25.0.
    expect(legacyNameDispatched(">=0.22.0 <0.23.0-0", "unstable_deleteSession")).toBe(true);
    expect(legacyNameDispatched(">=0.21.0 <0.22.0-0", "unstable_deleteSession")).toBe(false);
    // A range that reaches 2.x: that major has no legacy connection, every name is judged.
    expect(legacyNameDispatched(">=1.9.0", "unstable_listSessions")).toBe(true);
  });

  it("keeps judging an exact version as before", () => {
    expect(legacyNameDispatched("1.9.0", "unstable_listSessions")).toBe(false);
    expect(legacyNameDispatched("0.15.0", "unstable_listSessions")).toBe(true);
    expect(legacyNameDispatched(undefined, "unstable_listSessions")).toBe(true);
  });
});

// The plugin reads node_modules/<sdk>/package.json in every folder up to `/`, in acp-lint, in `eslint` and in the editor:
// a pull request can plant one that is a link to a device, a FIFO or a file elsewhere (issue 35).
describe("detectSdkVersion, on a package.json a pull request planted", () => {
  const sdkDir = (dir: string) => join(dir, "node_modules", "@agentclientprotocol", "sdk");
  const version = (v: string) => JSON.stringify({ name: "@agentclientprotocol/sdk", version: v });

  it("follows the SDK's folder linked inside its node_modules, as pnpm installs it", () => {
    const dir = project();
    const store = join(dir, "node_modules", ".pnpm", "@agentclientprotocol+sdk@2.3.0", "node_modules", "@agentclientprotocol", "sdk");
    mkdirSync(store, { recursive: true });
    writeFileSync(join(store, "package.json"), version("2.3.0"));
    mkdirSync(dirname(sdkDir(dir)), { recursive: true });
    symlinkSync(store, sdkDir(dir));
    expect(detectSdkVersion(join(dir, "agent.ts"), "/")).toBe("2.3.0");
  });

  it("takes a package.json that is a link to a file outside that node_modules for no SDK", () => {
    const outside = project();
    writeFileSync(join(outside, "elsewhere.json"), version("2.2.0"));
    const dir = project();
    mkdirSync(sdkDir(dir), { recursive: true });
    symlinkSync(join(outside, "elsewhere.json"), join(sdkDir(dir), "package.json"));
    expect(detectSdkVersion(join(dir, "agent.ts"), "/")).toBeUndefined();
  });

  it("takes a package.json larger than MAX_PACKAGE_JSON_BYTES (1 MB) for no SDK", () => {
    const dir = project();
    mkdirSync(sdkDir(dir), { recursive: true });
    writeFileSync(join(sdkDir(dir), "package.json"), JSON.stringify({ version: "2.2.0", padding: "x".repeat(2_000_000) }));
    expect(detectSdkVersion(join(dir, "agent.ts"), "/")).toBeUndefined();
    expect(MAX_PACKAGE_JSON_BYTES).toBe(1_000_000);
  });

  it("never opens a package.json that is a FIFO", async () => {
    const dir = project();
    mkdirSync(sdkDir(dir), { recursive: true });
    const fifo = join(sdkDir(dir), "package.json");
    execFileSync("mkfifo", [fifo]);
    // Were the FIFO opened, this writer would give it a version a second later (rather than block the test for ever).
    const writer = spawn("sh", ["-c", `sleep 1; printf '%s' '${version("2.2.0")}' > "$0"`, fifo], { stdio: "ignore" });
    try {
      expect(detectSdkVersion(join(dir, "agent.ts"), "/")).toBeUndefined();
    } finally {
      writer.kill();
    }
  });
});

/** The model of an empty file linted as `filename` (relative: in this repository), with `settings`. */
function modelAt(filename = "file.ts", settings: Record<string, unknown> = {}): FileModel {
  let seen: FileModel | undefined;
  const probe: Rule.RuleModule = {
    meta: { type: "problem", schema: [] },
    create(context) {
      return { Program: () => void (seen = getModel(context as unknown as Parameters<typeof getModel>[0])) };
    },
  };
  // Files outside the linter's cwd match no config: lint each from its own directory.
  new Linter({ cwd: isAbsolute(filename) ? dirname(filename) : repo }).verify(
    "export {};",
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tsParser as unknown as Linter.Parser },
      plugins: { probe: { rules: { model: probe } } },
      rules: { "probe/model": "error" },
      settings,
    },
    { filename },
  );
  if (!seen) throw new Error("the probe rule did not run");
  return seen;
}

describe("model.sdkVersion", () => {
  it("is the detected version by default", () => {
    expect(modelAt().sdkVersion).toBe("2.4.0");
    expect(modelAt(join(project({ "@agentclientprotocol/sdk": "1.3.0" }), "a.ts")).sdkVersion).toBe("1.3.0");
    expect(modelAt(join(project(), "a.ts")).sdkVersion).toBeUndefined();
  });

  it("is settings.acp.sdkVersion when set, whatever is installed", () => {
    const model = modelAt("file.ts", { acp: { sdkVersion: "1.9.0" } });
    expect(model.sdkVersion).toBe("1.9.0");
    expect(model.hasFactory("unsupportedProtocolVersion")).toBe(true);
    expect(model.hasFactory("sessionNotFound")).toBe(false);
    expect(modelAt(join(project(), "a.ts"), { acp: { sdkVersion: "2.1.0" } }).hasFactory("sessionNotFound")).toBe(true);
  });

  it("answers hasFactory for the detected version, and for an unknown one only what every version has", () => {
    expect(modelAt().hasFactory("sessionNotFound")).toBe(true);
    const unknown = modelAt(join(project(), "a.ts"));
    expect(unknown.hasFactory("sessionNotFound")).toBe(false);
    expect(unknown.hasFactory("requestCancelled")).toBe(false);
    expect(unknown.hasFactory("invalidParams")).toBe(true);
  });
});

describe("settings.acp.sdkVersion validation", () => {
  for (const bad of ["1.9", "v1.9.0", "2.1.0-rc.1", "01.2.3", "latest", "", 2, ["2.1.0"], null]) {
    it(`rejects ${JSON.stringify(bad)}, naming the setting and what it accepts`, () => {
      expect(() => modelAt("file.ts", { acp: { sdkVersion: bad } })).toThrow(
        /settings\.acp\.sdkVersion must be a major\.minor\.patch version string/,
      );
    });
  }

  it("accepts a major.minor.patch version", () => {
    expect(modelAt("file.ts", { acp: { sdkVersion: "1.9.0" } }).sdkVersion).toBe("1.9.0");
    expect(modelAt("file.ts", { acp: { sdkVersion: "2.20.30" } }).sdkVersion).toBe("2.20.30");
  });
});
