import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parseListing } from "./output.js";
import { makeProject, runCli } from "./run-cli.js";

const TSCONFIG = JSON.stringify({
  compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", noEmit: true, skipLibCheck: true },
  include: ["src"],
});

// Only the type checker can tell that BUSY, declared (not written) in a declaration file, is the reserved -32042:
// untyped linting reads the modules a file imports, but a declaration has no value to read.
const LIMITS = "export declare const BUSY: -32042;\n";
const AGENT = `import { RequestError } from "@agentclientprotocol/sdk";
import { BUSY } from "./limits.js";

export const busy = () => new RequestError(BUSY, "busy");
`;

describe("acp-lint --type-aware", () => {
  let dir: string;
  beforeAll(async () => {
    // A repository: the tsconfig.json is searched up to its root (the checkout), never above.
    dir = await makeProject({ ".git/HEAD": "", "tsconfig.json": TSCONFIG, "src/limits.d.ts": LIMITS, "src/agent.ts": AGENT });
  });

  const expected = () => [
    { file: join(dir, "src/agent.ts"), line: 4, column: 44, severity: "error", ruleId: "acp/no-reserved-error-code" },
  ];

  it("resolves a code declared by type in another file, which untyped linting cannot", async () => {
    expect(await runCli([], dir)).toEqual({ code: 0, stdout: "", stderr: "" });
    const run = await runCli(["--type-aware"], dir);
    expect(run.stderr).toBe("");
    expect(parseListing(run.stdout)).toEqual(expected());
    expect(run.code).toBe(1);
  });

  it("finds the tsconfig.json in a folder above the working directory", async () => {
    const run = await runCli(["--type-aware", "."], join(dir, "src"));
    expect(parseListing(run.stdout)).toEqual(expected());
    expect(run.code).toBe(1);
  });

  it("finds the tsconfig.json at or above the folder linted, not the working directory", async () => {
    const outside = await makeProject({ "notes.md": "# elsewhere\n" });
    const run = await runCli(["--type-aware", join(dir, "src")], outside);
    expect(run.stderr).toBe("");
    expect(parseListing(run.stdout)).toEqual(expected());
  });

  it("does not look for a tsconfig.json above the repository linted", async () => {
    const parent = await makeProject({ "tsconfig.json": TSCONFIG, "repo/.git/HEAD": "", "repo/src/limits.d.ts": LIMITS, "repo/src/agent.ts": AGENT });
    const run = await runCli(["--type-aware", "--format", "json"], join(parent, "repo"));
    expect(run.stderr).toBe("acp-lint: 2 files are in no TypeScript project (no tsconfig.json includes them): linted without type information\n");
    expect(run.code).toBe(0);
  });

  it("lints a file no tsconfig.json includes without type information, says so, and goes on", async () => {
    const mixed = await makeProject({
      "tsconfig.json": TSCONFIG,
      "src/limits.d.ts": LIMITS,
      "src/agent.ts": AGENT,
      "scripts/release.ts": "import { RequestError } from \"@agentclientprotocol/sdk\";\nexport const f = () => new RequestError(-32001, \"x\");\n",
    });
    const run = await runCli(["--type-aware"], mixed);
    expect(run.stderr).toBe("acp-lint: 1 file is in no TypeScript project (no tsconfig.json includes them): linted without type information\n");
    expect(parseListing(run.stdout)).toEqual([
      { file: join(mixed, "scripts/release.ts"), line: 2, column: 41, severity: "error", ruleId: "acp/no-reserved-error-code" },
      { file: join(mixed, "src/agent.ts"), line: 4, column: 44, severity: "error", ruleId: "acp/no-reserved-error-code" },
    ]);
    expect(run.code).toBe(1);
  });

  it("with no tsconfig.json anywhere, lints every file without type information and says so", async () => {
    const bare = await makeProject({ "agent.ts": AGENT });
    expect(await runCli(["--type-aware"], bare)).toEqual({
      code: 0,
      stdout: "",
      stderr: "acp-lint: 1 file is in no TypeScript project (no tsconfig.json includes them): linted without type information\n",
    });
  });
});
