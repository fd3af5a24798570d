// The bench's "following imports" part: the multi-module project of imports.mjs linted from disk (relative
// imports resolve: the plugin reads, parses and analyses the imported modules) and the same texts from memory
// under a folder that does not exist (nothing resolves), with the floor on both. Warm: interleaved rounds over
// the same files, the imported modules in the plugin's cache (a long-lived editor, a second pass). Cold: each
// pass on a fresh copy of the project under new paths, so every imported module is read and parsed again (what a
// CI run pays once per module), against the same texts from memory in the same round. And where the plugin's
// CPU goes: the share of a cold pass's samples in reading imported modules and in what it analyses there.
import { performance } from "node:perf_hooks";
import { importsFiles, writeFiles } from "./imports.mjs";
import { interleave, lintFiles, timedLint } from "./measure.mjs";
import { attribute, profiled } from "./profile.mjs";
import { out, ratioTable } from "./report.mjs";
import { diffs, int, ms, pad, ratioStats, spread, summary } from "./stats.mjs";
import { lineCount } from "./workload.mjs";

/** Where a sample's plugin frames put it: reading and parsing imported modules, their text relevance, their models. */
const GROUPS = {
  "reading and parsing imported modules": (_, source) => source.endsWith("modules/module-files.ts") || source.endsWith("modules/native-parse.ts"),
  "relevance of imported modules' text": (_, source) => source.endsWith("imported-relevance.ts"),
  "analysing imported modules (their models)": (name, source) => source.endsWith("analysis/model.ts") && (name === "of" || name === "modelOf"),
};

const lines = (files) => files.reduce((sum, f) => sum + lineCount(f.text), 0);

/**
 * Runs the part and prints it. `eslint` holds the floor's and acp/all's instances (`floor`, `acp`), `plan` the
 * rounds (`{ warmup, rounds, maxRounds?, budget?, cold, profile }`). Returns the figures the targets read.
 */
export async function importsPart({ eslint, root, plugin, plan, quick }) {
  const disk = importsFiles("imports", { quick });
  const memory = importsFiles("imports-from-memory", { quick });
  writeFiles(root, [...disk.real, ...disk.acp]);
  const all = (p) => [...p.real, ...p.acp];
  const entries = [
    { key: "floorMemory", eslint: eslint.floor, parts: [memory.real, memory.acp] },
    { key: "floorDisk", eslint: eslint.floor, parts: [disk.real, disk.acp] },
    { key: "acpMemory", eslint: eslint.acp, parts: [memory.real, memory.acp] },
    { key: "acpDisk", eslint: eslint.acp, parts: [disk.real, disk.acp] },
  ];
  const warm = await interleave(entries, { ...plan, cwd: root, label: "imports, warm" });

  // Cold: a fresh copy a round, linted from disk, and the same texts from memory, in alternating order.
  const cold = { disk: [], memory: [], reports: 0 };
  for (let round = 0; round < plan.cold; round++) {
    const started = performance.now();
    const copy = importsFiles(`imports-cold-${round}`, { quick });
    writeFiles(root, all(copy));
    const runs = [
      async () => cold.disk.push((await timedLint(eslint.acp, all(copy), root)).cpu),
      async () => cold.memory.push((await timedLint(eslint.acp, all(memory), root)).cpu),
    ];
    for (const run of round % 2 ? runs.reverse() : runs) await run();
    process.stderr.write(`  imports, cold: round ${round + 1}/${plan.cold} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  }

  const profileCopy = importsFiles("imports-profiled", { quick });
  writeFiles(root, all(profileCopy));
  const profile = attribute(await profiled(() => lintFiles(eslint.acp, all(profileCopy), root)), plugin, GROUPS);

  const files = all(disk);
  const fileCount = files.length;
  out(
    `Following imports: a project of modules that import each other, ${int(fileCount)} files, ${int(lines(files))} lines: the ACP SDK's shipped JavaScript and zod's v3 sources ` +
      `(${int(disk.real.length)} files, copied out of node_modules, which the plugin never reads) and ${disk.units} generated agents whose session managers, codes and send helpers live in modules of their own ` +
      `(${int(disk.acp.length)} files). Linted from disk (relative imports resolve) and from memory under a folder that does not exist (nothing resolves); ${warm.rounds} warm rounds after ${plan.warmup} warm-up, ${plan.cold} cold.`,
  );
  out(`  ${pad("configuration", 34)} ${pad("CPU median [min .. max]", -30)}  ${pad("reports", -7)}`);
  for (const [key, label] of [["floorMemory", "floor, from memory"], ["floorDisk", "floor, from disk"], ["acpMemory", "acp/all, from memory"], ["acpDisk", "acp/all, from disk"]]) {
    out(`  ${pad(label, 34)} ${pad(spread(summary(warm[key].cpu), ms), -30)}  ${pad(int(warm[key].reports), -7)}`);
  }
  const added = summary(diffs(warm.acpDisk.cpu, warm.acpMemory.cpu)).median;
  const coldAdded = summary(diffs(cold.disk, cold.memory)).median;
  const ratios = {
    warm: ratioStats(warm.acpDisk.cpu, warm.acpMemory.cpu),
    cold: ratioStats(cold.disk, cold.memory),
    floor: ratioStats(warm.floorDisk.cpu, warm.floorMemory.cpu),
    diskOverFloor: ratioStats(warm.acpDisk.cpu, warm.floorDisk.cpu),
    memoryOverFloor: ratioStats(warm.acpMemory.cpu, warm.floorMemory.cpu),
  };
  ratioTable([
    ["floor from disk / from memory (no imports read)", ratios.floor],
    ["acp/all from disk / from memory, warm", ratios.warm],
    ["acp/all from disk / from memory, cold", ratios.cold],
    ["acp/all / floor, from memory", ratios.memoryOverFloor],
    ["acp/all / floor, from disk", ratios.diskOverFloor],
  ], 50);
  out(`  following imports adds ${ms(added)} a pass warm (${ms(added / fileCount)} a file), ${ms(coldAdded)} cold (${ms(coldAdded / fileCount)} a file, the modules read and parsed once);`);
  out(`  from disk acp/all reports ${int(warm.acpDisk.reports - warm.acpMemory.reports)} more (mistakes made in imported helpers and managers, judged at the calls).`);
  out(`  A cold pass profiled (${int(profile.samples)} samples): ${((profile.plugin / profile.samples) * 100).toFixed(1)}% have a frame of the plugin on the stack; of the samples, with a frame of`);
  for (const [label, count] of Object.entries(profile.grouped)) out(`    ${pad(label, 44)} ${pad(`${((count / profile.samples) * 100).toFixed(1)}%`, -6)}`);
  out();
  return ratios;
}
