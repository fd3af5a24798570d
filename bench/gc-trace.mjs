// Garbage collection of one configuration, deterministic: a child process (this file run as a script) with
// `--single-threaded` (no concurrent marking or sweeping, no helper threads: the same lint makes the same
// collections, run after run) lints a set of files once to warm up, collects fully, then turns V8's
// `--trace-gc-nvp` on for `passes` passes and off again. `gcTrace` runs that child and sums the trace's lines:
// scavenges (gc=s) with the bytes they promote to old space and their pauses, and mark-compacts (gc=mc) with
// their pauses and incremental marking steps. The trace goes to stdout (V8 writes it); the child's own result
// goes to stderr after a marker, so the two never mix inside a line.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);
const MARKER = "acp-bench-gc-result ";

/** The sums of the trace's lines, by kind of collection. */
export function parseTrace(text) {
  const sums = { scavenges: 0, promoted: 0, scavengeMs: 0, markCompacts: 0, markCompactMs: 0, incrementalMs: 0, other: 0 };
  for (const line of text.split("\n")) {
    const kind = /\bgc=(\w+)/.exec(line)?.[1];
    if (!kind) continue;
    const field = (name) => Number(new RegExp(`(?:^|\\s)${name}=([\\d.]+)`).exec(line)?.[1] ?? 0);
    if (kind === "s") {
      sums.scavenges++;
      sums.promoted += field("promoted");
      sums.scavengeMs += field("pause");
    } else if (kind === "mc") {
      sums.markCompacts++;
      sums.markCompactMs += field("pause");
      sums.incrementalMs += field("incremental");
    } else sums.other++;
  }
  return sums;
}

/**
 * Runs the child for configuration `name` on file set `set` ("real" or "generated" of the quick workload), with
 * ESLint's rule contexts copied if `copy` (rule-context-copy.mjs) and allocation-site pretenuring off unless
 * `pretenuring`. Returns the trace's sums, the reports of one lint, the files and lines linted, and the patch's
 * calls or the note saying why it was not applied.
 */
export function gcTrace(name, { plugin, root, set, copy = false, passes, pretenuring = true }) {
  // V8's allocation-site pretenuring allocates objects of sites whose objects mostly survive straight in old space
  // (not counted as promoted). Its decisions flip with small changes of timing; off, the promoted bytes follow
  // what is kept alive, and no longer what V8 happened to decide.
  const flags = pretenuring ? ["--single-threaded"] : ["--single-threaded", "--no-allocation-site-pretenuring"];
  const args = [...flags, SELF, name, "--plugin", plugin, "--root", root, "--set", set, "--passes", String(passes)];
  const child = spawnSync(process.execPath, copy ? [...args, "--copy"] : args, { encoding: "utf8", maxBuffer: 256 << 20 });
  const line = child.stderr.split("\n").find((l) => l.startsWith(MARKER));
  if (child.status !== 0 || !line) throw new Error(`gc trace of ${name} failed (exit ${child.status}):\n${child.stderr}`);
  return { ...parseTrace(child.stdout), ...JSON.parse(line.slice(MARKER.length)) };
}

async function child(argv) {
  const option = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const [name] = argv;
  const root = option("--root");
  const passes = Number(option("--passes"));
  const { setFlagsFromString } = await import("node:v8");
  const { configFor } = await import("./configs.mjs");
  const { eslintFor, gc, lintFiles } = await import("./measure.mjs");
  const { workload, lineCount } = await import("./workload.mjs");
  const work = workload({ quick: true });
  const files = option("--set") === "generated" ? work.generated : work.bySource.flatMap((s) => s.files);
  const patch = argv.includes("--copy") ? (await import("./rule-context-copy.mjs")).copyRuleContexts() : undefined;
  const result = { files: files.length, lines: files.reduce((sum, f) => sum + lineCount(f.text), 0), note: patch?.note };
  if (!patch?.note) {
    const eslint = eslintFor(await configFor(name, { plugin: option("--plugin") }), root);
    result.reports = await lintFiles(eslint, files, root);
    gc();
    setFlagsFromString("--trace-gc-nvp");
    for (let i = 0; i < passes; i++) await lintFiles(eslint, files, root);
    setFlagsFromString("--no-trace-gc-nvp");
    result.copyCalls = patch?.calls();
  }
  process.stderr.write(`${MARKER}${JSON.stringify(result)}\n`);
}

if (process.argv[1] === SELF) await child(process.argv.slice(2));
