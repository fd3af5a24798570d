// The bench's pathological but valid files: a chain of 2,500 `const` aliases ending in an error's code, a `switch`
// of 50,000 string cases with bodies (a hand-rolled dispatcher grown absurd), and a 5 MB minified file (copies of a
// minified bundle from node_modules). Each is linted alone, with the floor and with acp/all, each lint in a child
// process of its own (this file run as a script): in one process, the second lint of the 4.7 MB switch cost far more
// when the first had another configuration, whichever came second (the floor 15.8 s first, 27.0 s after acp/all;
// acp/all 19.4 s first, 25.1 s after the floor, 18.7 s after itself), so the order decided the ratio. The target is
// acp/all's CPU time over the floor's on the same file, each measured around the lint in its child. Deterministic:
// the same files every run.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { out } from "./report.mjs";
import { growthStats, ms, pad, spread, summary } from "./stats.mjs";
import { readModuleFile } from "./workload.mjs";

/** `const a0 = -32001; const a1 = a0; …` and a RequestError built with the last alias. */
function aliasChain(length) {
  const lines = ['import { RequestError } from "@agentclientprotocol/sdk";', "const a0 = -32001;"];
  for (let i = 1; i < length; i++) lines.push(`const a${i} = a${i - 1};`);
  lines.push(`export function fail() {\n  throw new RequestError(a${length - 1}, "x");\n}`);
  return lines.join("\n");
}

/** A dispatcher whose `switch (msg.method)` has `cases` string cases, each sending a result; after it, the fallback. */
function hugeSwitch(cases) {
  const lines = ["export function dispatch(msg: { id: number; method: string }, send: (m: unknown) => void) {", "  switch (msg.method) {"];
  for (let i = 0; i < cases; i++) lines.push(`    case "ext/method${i}":`, `      return send({ jsonrpc: "2.0", id: msg.id, result: ${i} });`);
  lines.push("  }", '  send({ jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } });', "}");
  return lines.join("\n");
}

/** Copies of a minified bundle, each in its own function scope, up to `bytes`. */
function minified(bytes) {
  const bundle = readModuleFile("jschardet/dist/jschardet.min.js");
  const copies = Math.ceil(bytes / bundle.length);
  return Array.from({ length: copies }, () => `(function(){${bundle}\n})();`).join("\n");
}

/** The files, by label; `quick` shrinks them tenfold (a smoke run). */
export function pathologicalFiles({ quick }) {
  const scale = quick ? 0.1 : 1;
  return [
    { label: `${(2_500 * scale).toLocaleString("en-US")} const aliases`, file: { name: "pathological/alias-chain.ts", text: aliasChain(2_500 * scale) } },
    { label: `switch of ${(50_000 * scale).toLocaleString("en-US")} cases`, file: { name: "pathological/switch.ts", text: hugeSwitch(50_000 * scale) } },
    { label: `${5 * scale} MB minified`, file: { name: "pathological/minified.js", text: minified(5_000_000 * scale) } },
  ];
}

const SELF = fileURLToPath(import.meta.url);

/** One lint of pathological file `index` with configuration `key` in a child process: its CPU time (ms) and reports. */
function lintInChild({ index, key, plugin, root, quick }) {
  const args = [SELF, "--child", String(index), key, "--plugin", plugin, "--root", root, ...(quick ? ["--quick"] : [])];
  const output = execFileSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 20 });
  return JSON.parse(output.trim().split("\n").pop());
}

/**
 * Lints each file `rounds` times with the floor and acp/all, each lint in a fresh child process, the order
 * alternating by round; prints the table; returns acp/all / floor by label.
 */
export async function pathologicalPart({ plugin, root, rounds, quick }) {
  const rows = [];
  for (const [index, { label, file }] of pathologicalFiles({ quick }).entries()) {
    const floor = [];
    const acp = [];
    let reports = 0;
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      const keys = round % 2 ? ["acp", "floor"] : ["floor", "acp"];
      for (const key of keys) {
        const result = lintInChild({ index, key, plugin, root, quick });
        (key === "acp" ? acp : floor).push(result.cpu);
        if (key === "acp") reports = result.reports;
      }
      process.stderr.write(`  pathological, ${label}: round ${round + 1}/${rounds} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
    }
    rows.push({ label, bytes: file.text.length, floor, acp, reports, ratio: growthStats(acp, floor) });
  }
  out(`Pathological but valid files, each linted alone in a child process of its own, ${rounds} round${rounds > 1 ? "s" : ""} (floor and acp/all alternating):`);
  out(`  ${pad("file", 24)} ${pad("size", -9)}  ${pad("floor", -28)}  ${pad("acp/all", -28)}  ${pad("acp/all / floor", -15)}  ${pad("reports", -7)}`);
  for (const r of rows) {
    out(
      `  ${pad(r.label, 24)} ${pad(`${(r.bytes / 1e6).toFixed(2)} MB`, -9)}  ${pad(spread(summary(r.floor), ms), -28)}  ${pad(spread(summary(r.acp), ms), -28)}  ${pad(`${r.ratio.median.toFixed(2)}x`, -15)}  ${pad(r.reports, -7)}`,
    );
  }
  out();
  return rows;
}

/**
 * The child: lints pathological file `index` once with configuration `key`, after a full GC, and prints its CPU time.
 * An ordinary agent is linted first, untimed, so that the code of the parser, ESLint and the plugin is compiled as in
 * a process that has linted before (the rest of the bench measures warm code too).
 */
async function child(argv) {
  const option = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const [index, key] = argv;
  const quick = argv.includes("--quick");
  const { configFor } = await import("./configs.mjs");
  const { eslintFor, lintFiles, timedLint } = await import("./measure.mjs");
  const { agentSource } = await import("./generate.mjs");
  const root = option("--root");
  const { file } = pathologicalFiles({ quick })[Number(index)];
  const eslint = eslintFor(await configFor(key, { plugin: option("--plugin") }), root);
  const warmUp = { name: "pathological/warm-up.ts", text: agentSource(20) };
  for (let pass = 0; pass < 3; pass++) await lintFiles(eslint, [warmUp], root);
  const result = await timedLint(eslint, [file], root);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (process.argv[1] === SELF && process.argv[2] === "--child") await child(process.argv.slice(3));
