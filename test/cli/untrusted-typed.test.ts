// `acp-lint --type-aware` on a checkout it cannot trust (issue 35, items 1 to 4): the TypeScript program follows
// a relative import, a symbolic link or a `paths` alias out of the checkout, and reads a tsconfig.json's `extends`
// wherever it points. Nothing outside may reach a report, a device or standard input may not hang the run, and stderr
// says what TypeScript was not given, with worker threads and a cache as without.
import { execFileSync } from "node:child_process";
import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { checkSarifLog } from "../ci/sarif-log.js";
import { type CliRun, makeProject, runCli, runCliWith } from "./run-cli.js";

const SECRET = "hunter2-SECRET";

const TSCONFIG = {
  compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", noEmit: true, skipLibCheck: true },
  include: ["src"],
};

/** A clean agent (initialize registered, the prompt answered) whose stop reason is `name`, imported from `from`. */
const agent = (name: string, from: string) => `import { agent, methods } from "@agentclientprotocol/sdk";
import { ${name} } from "${from}";
export const app = agent({ name: "a" })
  .onRequest(methods.agent.initialize, async () => ({ protocolVersion: 1 }))
  .onRequest(methods.agent.session.prompt, async () => ({ stopReason: ${name} }));
`;

/** A folder holding `outside/` (the secret, as on a CI runner) and `repo/` (the checkout, git-inited or not). */
async function checkout(files: Readonly<Record<string, string>>, git: boolean): Promise<{ base: string; repo: string }> {
  const base = await makeProject({ "outside/secret.ts": `export const STOP = "${SECRET}";\n`, "outside/zero.json": "{}\n" });
  const repo = join(base, "repo");
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(repo, path)), { recursive: true });
    await writeFile(join(repo, path), text);
  }
  if (git) execFileSync("git", ["init", "-q", repo]);
  return { base, repo };
}

/** The lines acp-lint itself writes on stderr (Node's warnings about worker threads left out). */
const notes = (stderr: string) => stderr.split("\n").filter((line) => line.startsWith("acp-lint: "));

/** Asserts that no byte of the secret is in the run's output or in the file it wrote. */
async function expectNoSecret(run: CliRun, outputFile?: string): Promise<void> {
  expect(run.stdout).not.toContain("hunter2");
  expect(run.stderr).not.toContain("hunter2");
  if (outputFile !== undefined) expect(await readFile(outputFile, "utf8")).not.toContain("hunter2");
}

/** Runs the built acp-lint with standard input open and empty for the whole run, killed after `deadline` ms. */
const runWithOpenStdin = (args: readonly string[], cwd: string, deadline: number) => runCliWith(args, cwd, { stdin: "open", timeoutMs: deadline });

describe("acp-lint --type-aware on a checkout that reaches files outside it", () => {
  let base: string;
  let repo: string;
  beforeAll(async () => {
    ({ base, repo } = await checkout(
      {
        "tsconfig.json": JSON.stringify({ ...TSCONFIG, compilerOptions: { ...TSCONFIG.compilerOptions, paths: { "#secret/*": ["../outside/*"], "#inside/*": ["./src/*"] } } }),
        "src/relative.ts": agent("STOP", "../../outside/secret.js"),
        "src/linked.ts": agent("STOP", "./link.js"),
        "src/aliased.ts": agent("STOP", "#secret/secret.js"),
        "src/folder-linked.ts": agent("STOP", "./lib/secret.js"),
        "src/reasons.ts": `export const DONE = "done";\n`,
        "scripts/release.ts": "export const version = 1;\n",
      },
      true,
    ));
    await symlink(join(base, "outside/secret.ts"), join(repo, "src/link.ts"));
    await symlink(join(base, "outside"), join(repo, "src/lib"));
  });

  const refusedNote = () =>
    `acp-lint: TypeScript was refused 3 paths outside the checkout, or not a regular file (what they declare is unknown): ${join(base, "outside")}, src/lib, src/link.ts`;
  const withoutTypesNote = "acp-lint: 1 file is in no TypeScript project (no tsconfig.json includes them): linted without type information";

  it.each([
    ["stylish", "report.txt"],
    ["json", "report.json"],
    ["sarif", "report.sarif"],
    ["github", "report.txt"],
  ])("quotes nothing of them with -f %s, and exits 0: the checkout's code is clean", async (format, file) => {
    const output = join(repo, "..", `${format}-${file}`);
    const run = await runCli(["--type-aware", "-f", format, "-o", output], repo);
    await expectNoSecret(run, output);
    expect(run.code).toBe(0);
    expect(notes(run.stderr)).toEqual(expect.arrayContaining([refusedNote(), withoutTypesNote]));
    const written = await readFile(output, "utf8");
    expect(written).not.toContain("acp-lint/type-information");
    if (format === "sarif") expect(checkSarifLog(written)).toEqual([]);
  });

  it("still reads what the checkout declares: a constant reached through a `paths` alias inside it is judged", async () => {
    await writeFile(join(repo, "src/inside.ts"), agent("DONE", "#inside/reasons.js"));
    try {
      const run = await runCli(["--type-aware", "-f", "json", "src/inside.ts"], repo);
      const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string; message: string }[] }[];
      expect(result!.messages.map((message) => message.ruleId)).toEqual(["acp/valid-stop-reason"]);
      expect(result!.messages[0]!.message).toMatch(/^"done" is not a stop reason/u);
      expect(run.code).toBe(1);
    } finally {
      await writeFile(join(repo, "src/inside.ts"), "export {};\n");
    }
  });

  it("counts the notes as no problems: --quiet, --max-warnings 0 and --suppress-all neither see nor record them", async () => {
    const suppressions = join(base, "suppressions.json");
    for (const args of [["--quiet"], ["--max-warnings", "0"], ["--suppress-all", "--suppressions-location", suppressions]]) {
      const run = await runCli(["--type-aware", ...args], repo);
      expect(run).toEqual({ code: 0, stdout: "", stderr: expect.stringContaining(withoutTypesNote) as unknown as string });
      expect(notes(run.stderr)).toEqual(expect.arrayContaining([refusedNote(), withoutTypesNote]));
    }
    // --suppress-all writes the file (the agent has no finding: it records nothing), without the notes' rule.
    expect(JSON.parse(await readFile(suppressions, "utf8"))).toEqual({});
  });

  it("a comment cannot silence the notes, nor write one: a file that turns the notes' rule off is said", async () => {
    const file = join(repo, "src/quiet.ts");
    await writeFile(file, `/* eslint acp-lint/type-information: "off" */\n${agent("STOP", "../../outside/secret.js")}`);
    const wrong = join(repo, "src/wrong.ts");
    await writeFile(wrong, `/* eslint acp-lint/type-information: ["error", "x"] */\nexport {};\n`);
    try {
      // Each file alone: what TypeScript is refused while the project is built goes with the file being parsed then,
      // and ESLint lints the files it is given in the order their reads complete.
      const quiet = await runCli(["--type-aware", "-f", "json", "src/quiet.ts"], repo);
      expect(notes(quiet.stderr)).toEqual([
        "acp-lint: 1 file turns acp-lint's notes of type information off with a comment (src/quiet.ts): what TypeScript was refused for them is not said",
      ]);
      await expectNoSecret(quiet);
      expect(quiet.code).toBe(0);
      const written = await runCli(["--type-aware", "-f", "json", "src/wrong.ts"], repo);
      expect(notes(written.stderr)).toEqual([refusedNote()]);
      await expectNoSecret(written);
      expect(written.code).toBe(0);
    } finally {
      await writeFile(file, "export {};\n");
      await writeFile(wrong, "export {};\n");
    }
  });

  it("says the same with --concurrency 2 as without, and again from the cache", async () => {
    const alone = await runCli(["--type-aware", "-f", "json"], repo);
    const threads = await runCli(["--type-aware", "-f", "json", "--concurrency", "2"], repo);
    expect(notes(alone.stderr)).toEqual(expect.arrayContaining([refusedNote(), withoutTypesNote]));
    expect(notes(threads.stderr)).toEqual(notes(alone.stderr));
    expect(threads.stdout).toBe(alone.stdout);
    const cache = join(base, "cache/");
    const first = await runCli(["--type-aware", "-f", "json", "--cache", "--cache-location", cache], repo);
    const cached = await runCli(["--type-aware", "-f", "json", "--cache", "--cache-location", cache], repo);
    expect(notes(first.stderr)).toEqual(notes(alone.stderr));
    expect(notes(cached.stderr)).toEqual(notes(alone.stderr));
    expect(cached.stdout).toBe(alone.stdout);
  });
});

describe("acp-lint --type-aware on a tsconfig.json that points at a device", () => {
  const files = (tsconfig: Record<string, unknown>) => ({ "tsconfig.json": JSON.stringify(tsconfig), "src/agent.ts": agent("STOP", "./reasons.js"), "src/reasons.ts": `export const STOP = "end_turn";\n` });

  it.each([
    ["`extends` /dev/stdin, standard input open", { ...TSCONFIG, extends: "/dev/stdin" }, undefined, "/dev/stdin", true],
    ["`extends` a link to /dev/zero", { ...TSCONFIG, extends: "./zero.json" }, "zero.json", "zero.json", false],
    ["`extends` a link to a file outside", { ...TSCONFIG, extends: "./base.json" }, "base.json", "base.json", true],
  // Each run has a deadline of its own, and the test room for all four to meet theirs: a hang fails as a hang.
  ])("finishes with %s, and says what TypeScript was refused", { timeout: 120_000 }, async (_, tsconfig, link, refused, git) => {
    const { base, repo } = await checkout(files(tsconfig), git);
    if (link === "zero.json") await symlink("/dev/zero", join(repo, link));
    else if (link !== undefined) await symlink(join(base, "outside/zero.json"), join(repo, link));
    for (const format of ["stylish", "json", "sarif", "github"]) {
      // What the files outside hold cannot reach a report here (nothing imports the secret): this is about ending.
      const run = await runWithOpenStdin(["--type-aware", "-f", format], repo, 25_000);
      expect(run.timedOut).toBe(false);
      expect(run.code).toBe(0);
      expect(notes(run.stderr)).toContain(`acp-lint: TypeScript was refused 1 path outside the checkout, or not a regular file (what they declare is unknown): ${refused}`);
    }
  });

  it("finishes when tsconfig.json itself is a link to /dev/zero, linting without type information", async () => {
    const { repo } = await checkout({ "src/agent.ts": agent("STOP", "./reasons.js"), "src/reasons.ts": `export const STOP = "end_turn";\n` }, true);
    await symlink("/dev/zero", join(repo, "tsconfig.json"));
    const run = await runWithOpenStdin(["--type-aware", "-f", "json"], repo, 30_000);
    expect(run.timedOut).toBe(false);
    expect(run.code).toBe(0);
    expect(notes(run.stderr)).toEqual([
      "acp-lint: 2 files are in no TypeScript project (no tsconfig.json includes them): linted without type information",
      "acp-lint: TypeScript was refused 1 path outside the checkout, or not a regular file (what they declare is unknown): tsconfig.json",
    ]);
  });
});
