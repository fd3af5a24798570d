// Peak memory of one configuration: a child process (this file run as a script) lints the workload once with
// it and reports its maximum resident set size and the largest V8 heap it saw; `peakMemory` runs that child.
import { execFileSync } from "node:child_process";
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
  // maxRSS is in kibibytes.
  process.stdout.write(`${JSON.stringify({ rss: process.resourceUsage().maxRSS * 1024, heap })}\n`);
}

if (process.argv[1] === SELF) await child(process.argv.slice(2));
