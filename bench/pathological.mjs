// The bench's pathological but valid files: a chain of 2,500 `const` aliases ending in an error's code, a `switch`
// of 50,000 string cases with bodies (a hand-rolled dispatcher grown absurd), and a 5 MB minified file (copies of a
// minified bundle from node_modules). Each is linted alone with the floor and with acp/all, in alternating order;
// the target is acp/all's time over the floor's on the same file. Deterministic: the same files every run.
import { performance } from "node:perf_hooks";
import { timedLint } from "./measure.mjs";
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

/** Lints each file `rounds` times with the floor and acp/all; prints the table; returns acp/all / floor by label. */
export async function pathologicalPart({ eslint, root, rounds, quick }) {
  const rows = [];
  for (const { label, file } of pathologicalFiles({ quick })) {
    const floor = [];
    const acp = [];
    let reports = 0;
    for (let round = 0; round < rounds; round++) {
      const started = performance.now();
      const runs = [async () => floor.push((await timedLint(eslint.floor, [file], root)).cpu), async () => {
        const result = await timedLint(eslint.acp, [file], root);
        acp.push(result.cpu);
        reports = result.reports;
      }];
      for (const run of round % 2 ? runs.reverse() : runs) await run();
      process.stderr.write(`  pathological, ${label}: round ${round + 1}/${rounds} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
    }
    rows.push({ label, bytes: file.text.length, floor, acp, reports, ratio: growthStats(acp, floor) });
  }
  out(`Pathological but valid files, each linted alone, ${rounds} round${rounds > 1 ? "s" : ""} (floor and acp/all alternating):`);
  out(`  ${pad("file", 24)} ${pad("size", -9)}  ${pad("floor", -28)}  ${pad("acp/all", -28)}  ${pad("acp/all / floor", -15)}  ${pad("reports", -7)}`);
  for (const r of rows) {
    out(
      `  ${pad(r.label, 24)} ${pad(`${(r.bytes / 1e6).toFixed(2)} MB`, -9)}  ${pad(spread(summary(r.floor), ms), -28)}  ${pad(spread(summary(r.acp), ms), -28)}  ${pad(`${r.ratio.median.toFixed(2)}x`, -15)}  ${pad(r.reports, -7)}`,
    );
  }
  out();
  return rows;
}
