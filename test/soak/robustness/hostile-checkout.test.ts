/**
 * acp-lint on a checkout that a pull request filled with hostile links: every place the tool or the plugin reads
 * (a linted file, an imported module, a linked folder, each .gitignore, the SDK's package.json, tsconfig.json and
 * what it extends, a `paths` alias, acp-lint.json, the suppressions file, the cache, the -o file) is a symbolic
 * link to a device, to /dev/stdin, to a file outside the checkout or to a folder outside it. Each run, in every
 * output format, typed and untyped, with the cache and with suppressions written, must end (no read of a device or
 * of standard input, which the test keeps open), stay within 200 MB of the peak memory of the same run on a clean
 * checkout, never write through a link, and print no byte of the files outside.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldOpenFifo } from "../../ci/run-eslint.js";
import { CLI } from "../../cli/run-cli.js";

const SECRET = `hunter2-${randomBytes(8).toString("hex")}`;
const TIMEOUT_MS = 60_000;
const MAX_GROWTH_KB = 200 * 1024;

const work = mkdtempSync(join(tmpdir(), "acp-hostile-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const outside = join(work, "outside");
const OUTSIDE_FILE = join(outside, "secret.ts");
const OUTSIDE_FOLDER = join(outside, "folder");

/** Where the secret lives: a module, a folder of modules, and data files a place might take for its own. */
function writeOutside(): void {
  mkdirSync(OUTSIDE_FOLDER, { recursive: true });
  writeFileSync(OUTSIDE_FILE, `export const STOP = "${SECRET}";\n// {"version": "2.4.0-${SECRET}"}\n`);
  writeFileSync(join(OUTSIDE_FOLDER, "secret.ts"), `export const STOP = "${SECRET}";\n`);
  writeFileSync(join(OUTSIDE_FOLDER, "package.json"), JSON.stringify({ name: "x", version: `2.4.0-${SECRET}` }));
}

const AGENT = `import * as acp from "@agentclientprotocol/sdk";
import { STOP } from "./linked.js";
import { STOP as STOP_IN_FOLDER } from "./folder/secret.js";
import { STOP as STOP_BY_ALIAS } from "@outside/secret";

export class TurnAgent implements acp.Agent {
  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    if (params.sessionId === "a") return { stopReason: STOP };
    if (params.sessionId === "b") return { stopReason: STOP_IN_FOLDER };
    if (params.sessionId === "c") return { stopReason: STOP_BY_ALIAS };
    return { stopReason: "done" };
  }
}
`;

const TSCONFIG = JSON.stringify({
  extends: "./tsconfig.base.json",
  compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", noEmit: true, skipLibCheck: true, baseUrl: ".", paths: { "@outside/*": ["../outside/*"] } },
  include: ["src"],
});

/** Every place acp-lint reads that a checkout can hold, relative to the checkout. */
const PLACES = [
  "src/linked.ts",
  "src/folder",
  ".gitignore",
  "src/.gitignore",
  "node_modules/@agentclientprotocol/sdk/package.json",
  "tsconfig.base.json",
  "pkg/tsconfig.json",
  "acp-lint.json",
  "acp-lint-suppressions.json",
  ".eslintcache",
  "report.sarif",
] as const;

/** A checkout holding the agent; with `target`, every place is a link to it, otherwise a harmless regular file or folder. */
function writeCheckout(name: string, target: string | undefined): string {
  const dir = join(work, name);
  mkdirSync(join(dir, ".git"), { recursive: true });
  writeFileSync(join(dir, ".git/HEAD"), "ref: refs/heads/main\n");
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "src/agent.ts"), AGENT);
  writeFileSync(join(dir, "tsconfig.json"), TSCONFIG);
  mkdirSync(join(dir, "pkg"), { recursive: true });
  writeFileSync(join(dir, "pkg/agent.ts"), AGENT.replaceAll("./", "../src/"));
  for (const place of PLACES) {
    const path = join(dir, place);
    mkdirSync(dirname(path), { recursive: true });
    if (target !== undefined) symlinkSync(target, path);
    else if (place === "src/folder") {
      mkdirSync(path);
      writeFileSync(join(path, "secret.ts"), 'export const STOP = "done";\n');
    } else writeFileSync(path, cleanContent(place));
  }
  return dir;
}

function cleanContent(place: (typeof PLACES)[number]): string {
  if (place === "src/linked.ts") return 'export const STOP = "done";\n';
  if (place.endsWith("package.json")) return JSON.stringify({ name: "@agentclientprotocol/sdk", version: "2.4.0" });
  if (place.endsWith(".json") && place.includes("tsconfig")) return JSON.stringify({ compilerOptions: { target: "es2022" } });
  if (place === "acp-lint.json") return JSON.stringify({ settings: { acp: { protocolVersion: 1 } } });
  if (place === "acp-lint-suppressions.json") return "{}";
  if (place === ".gitignore" || place === "src/.gitignore") return "tmp/\n";
  return "";
}

/** The runs: typed and untyped, every format (stylish on the console beside SARIF with -o), the cache, suppressions written. */
const RUNS: readonly (readonly string[])[] = [
  ["--type-aware", "--cache", "--format", "sarif", "--output-file", "report.sarif"],
  ["--format", "json"],
  ["--format", "github", "--cache"],
  ["--type-aware", "--format", "json", "--suppress-all"],
];

interface Measured {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  maxRssKb: number;
}

/** Peak memory, reported by the child itself at exit on fd 3. */
const PEAK_REPORTER = join(work, "peak.mjs");

/**
 * Runs acp-lint with standard input a FIFO this process holds open and never writes (a read of /dev/stdin would
 * block until the timeout; a spawned child's "pipe" is a socket, which /dev/stdin cannot even open).
 */
async function runAcpLint(args: readonly string[], cwd: string): Promise<Measured> {
  const stdin = heldOpenFifo();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", PEAK_REPORTER, CLI, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1", CI: "true" },
      stdio: [stdin, "pipe", "pipe", "pipe"],
      timeout: TIMEOUT_MS,
      killSignal: "SIGKILL",
    });
    let output = "";
    let peak = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    (child.stdio[3] as NodeJS.ReadableStream).on("data", (chunk: Buffer) => (peak += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      closeSync(stdin);
      resolve({ code, signal, output, maxRssKb: Number(peak) });
    });
  });
}

/** The places the runs write: the cache (--cache), the report (-o) and the suppressions (--suppress-all). */
const WRITTEN = [".eslintcache", "report.sarif", "acp-lint-suppressions.json"];

/** What the run left in the checkout that a reader of the report sees too. */
function writtenFiles(dir: string): string {
  return WRITTEN.map((file) => join(dir, file))
    .filter((path) => lstatSync(path, { throwIfNoEntry: false })?.isFile())
    .map((path) => readFileSync(path, "utf8"))
    .join("\n");
}

const TARGETS: readonly [string, () => string][] = [
  ["a device (/dev/zero)", () => "/dev/zero"],
  ["/dev/stdin", () => "/dev/stdin"],
  ["a file outside the checkout", () => OUTSIDE_FILE],
  ["a folder outside the checkout", () => OUTSIDE_FOLDER],
];

describe("acp-lint on a checkout of hostile links", () => {
  const cleanPeakKb: number[] = [];
  beforeAll(async () => {
    writeOutside();
    writeFileSync(PEAK_REPORTER, 'import { writeSync } from "node:fs";\nprocess.on("exit", () => writeSync(3, String(process.resourceUsage().maxRSS)));\n');
    const clean = writeCheckout("clean", undefined);
    for (const args of RUNS) {
      const run = await runAcpLint(args, clean);
      // 1 on the agent's mistakes; 0 once --suppress-all has recorded them.
      expect([0, 1], run.output).toContain(run.code);
      cleanPeakKb.push(run.maxRssKb);
    }
  }, 4 * TIMEOUT_MS);

  it.each(TARGETS)("every place a link to %s: each run ends, within 200 MB of the clean run, and prints nothing from outside", async (_, target) => {
    const dir = writeCheckout(`links-${randomBytes(4).toString("hex")}`, target());
    const outsideBefore = statSync(OUTSIDE_FILE).mtimeMs;
    const folderBefore = readdirSync(OUTSIDE_FOLDER).sort();
    for (const [i, args] of RUNS.entries()) {
      const run = await runAcpLint(args, dir);
      expect(run.signal, `${args.join(" ")} was killed after ${TIMEOUT_MS} ms\n${run.output}`).toBeNull();
      expect([0, 1], `${args.join(" ")}\n${run.output}`).toContain(run.code);
      expect(run.output).not.toContain(SECRET);
      expect(writtenFiles(dir)).not.toContain(SECRET);
      expect(run.maxRssKb - cleanPeakKb[i]!, args.join(" ")).toBeLessThan(MAX_GROWTH_KB);
      // The agent's own mistake is found whatever the links are.
      expect(run.output).toContain("is not a stop reason ACP defines");
    }
    // Nothing written through a link: the outside file and folder are as they were, and each place acp-lint wrote
    // (the cache, -o, the suppressions) is now a file of the checkout's own, the link replaced.
    expect(readFileSync(OUTSIDE_FILE, "utf8")).toContain(SECRET);
    expect(statSync(OUTSIDE_FILE).mtimeMs).toBe(outsideBefore);
    expect(readdirSync(OUTSIDE_FOLDER).sort()).toEqual(folderBefore);
    for (const written of WRITTEN) expect(lstatSync(join(dir, written)).isFile(), written).toBe(true);
  }, RUNS.length * TIMEOUT_MS + 10_000);
});
