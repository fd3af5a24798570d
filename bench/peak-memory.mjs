// Peak memory of one configuration: a child process (this file run as a script) lints the workload once with
// it, from the bench's folder where run.mjs wrote it, and reports its peak resident set size and the largest V8 heap it saw; `peakMemory` runs that child.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";
import { fileURLToPath } from "node:url";

const SELF = fileURLToPath(import.meta.url);

/** Runs the child for configuration `name` and returns `{ rss, heap }` in bytes. */
export function peakMemory(name, { plugin, quick, root, typedRoot }) {
  const args = [SELF, name, "--plugin", plugin, "--root", root, ...(typedRoot ? ["--typed-root", typedRoot] : []), ...(quick ? ["--quick"] : [])];
  const out = execFileSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 20 });
  return JSON.parse(out.trim().split("\n").pop());
}

async function child(argv) {
  const option = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const [name] = argv;
  const quick = argv.includes("--quick");
  const root = option("--root");
  const typedRoot = option("--typed-root");
  const { configFor } = await import("./configs.mjs");
  const { eslintFor } = await import("./measure.mjs");
  const typed = name.startsWith("typed");
  const files = typed
    ? (await import("./typed-project.mjs")).typedFiles({ quick })
    : (await import("./workload.mjs")).workload({ quick }).files;
  const eslint = eslintFor(await configFor(name, { plugin: option("--plugin"), typedRoot }), root);
  const { join } = await import("node:path");
  let heap = 0;
  for (const file of files) {
    const [result] = await eslint.lintText(file.text, { filePath: join(root, file.name) });
    if (result.messages.some((m) => m.fatal)) throw new Error(`${file.name} does not parse`);
    heap = Math.max(heap, getHeapStatistics().used_heap_size);
  }
  process.stdout.write(`${JSON.stringify({ rss: peakRss(), heap })}\n`);
}

/**
 * This process's peak resident set in bytes. Linux's VmHWM belongs to the memory of this program alone; getrusage's
 * maxRSS (process.resourceUsage) carries over the parent's resident set from the fork, so a child of a bench that
 * had grown to 265 MiB reported 265 MiB for every configuration. maxRSS (in kibibytes) only where there is no /proc.
 */
function peakRss() {
  try {
    const kib = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    if (kib) return Number(kib) * 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS * 1024;
}

if (process.argv[1] === SELF) await child(process.argv.slice(2));
