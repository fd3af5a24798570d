// `npm run bench` (after `npm run build`): what the plugin costs with every rule on (acp/all), against ESLint
// with the TypeScript parser and no rules (the floor) and typescript-eslint's recommended set, on a workload of
// real code from node_modules plus generated ACP agents and clients; untyped and typed; peak memory; one file
// grown 10 times and the workload grown 4 times; and the targets of issue 11, marked PASS or FAIL.
//
//   node bench/run.mjs [--quick] [--plugin path/to/index.js]     (or ACP_BENCH_PLUGIN=path)
//
// In one process, configurations alternate round by round after a warm-up (measure.mjs); figures are medians
// over the rounds of CPU time, with the spread (min .. max). Overheads are per-round ratios of passes of the same
// round; the growth figures divide the medians of the plugin's part (acp/all minus the floor). Peak memory comes
// from a child process per configuration (peak-memory.mjs). Progress goes to stderr, the report to stdout.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { configFor, NAMES, pluginPath, ruleCount } from "./configs.mjs";
import { agentSource, STYLE_NAMES } from "./generate.mjs";
import { eslintFor, interleave } from "./measure.mjs";
import { peakMemory } from "./peak-memory.mjs";
import { int, mib, ms, pad, percent, spread, summary } from "./stats.mjs";
import { typedFiles, writeTypedProject } from "./typed-project.mjs";
import { copies, lineCount, workload } from "./workload.mjs";

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const plugin = pluginPath();
if (!existsSync(plugin)) {
  console.error(`No plugin build at ${plugin}: run \`npm run build\` first (or pass --plugin <path to index.js>).`);
  process.exit(1);
}

/** Rounds (after `warmup` unmeasured ones) of each part; growth handler counts N and 10N; memory children. */
const PLAN = quick
  ? { warmup: 1, rounds: 3, typedRounds: 3, growRounds: 3, fourRounds: 1, handlers: 30, memoryRuns: 1 }
  : { warmup: 1, rounds: 5, typedRounds: 5, growRounds: 5, fourRounds: 3, handlers: 100, memoryRuns: 3 };

const TARGETS = { untyped: 1.03, untypedNever: 1.05, typed: 1.05, file10: 11, workload4: 4.4, memory: 1.1 };

const started = performance.now();
const root = mkdtempSync(join(tmpdir(), "acp-bench-"));
// The temporary folder (the typed project) goes on Ctrl-C too.
process.once("SIGINT", () => {
  rmSync(root, { recursive: true, force: true });
  process.exit(130);
});
const lines = (files) => files.reduce((sum, f) => sum + lineCount(f.text), 0);
const out = (text = "") => console.log(text);
const mark = (ok) => (ok ? "PASS" : "FAIL");
/** Per-round ratios a[i] / b[i]. */
const ratios = (a, b) => a.map((x, i) => x / b[i]);
/** Per-round differences a[i] - b[i]. */
const diffs = (a, b) => a.map((x, i) => x - b[i]);

try {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  out(`eslint-plugin-acp bench${quick ? " --quick (a smoke run: smaller workload, fewer rounds)" : ""}`);
  out(`Node ${process.version}, ${availableParallelism()} cores (os.availableParallelism()), ${process.platform} ${process.arch}, ${cpu}`);
  out(`plugin: ${plugin}`);
  out("Times: CPU time of the process (user + system, all threads), median [min .. max] over the rounds; wall time for reference.");
  out("Each round lints with every configuration once (a whole pass each, after a full GC), the order rotating; ratios are per round.");
  out();

  // ---- The workload ----
  const work = workload({ quick });
  const real = work.bySource.flatMap((s) => s.files);
  out(`Workload: ${int(work.files.length)} files, ${int(lines(work.files))} lines, linted from memory`);
  out(`  real code from node_modules: ${int(real.length)} files, ${int(lines(real))} lines (sorted paths, spread over each folder)`);
  for (const s of work.bySource) out(`    ${pad(s.dir, 44)} ${pad(int(s.files.length), -4)} files ${pad(int(lines(s.files)), -7)} lines`);
  out(`  skipped there: ${int(work.skipped.declarations)} declaration files, ${int(work.skipped.tests)} tests, ${int(work.skipped.huge)} files over 100 kB`);
  out(`  generated ACP agents and clients: ${int(work.generated.length)} files, ${int(lines(work.generated))} lines (${STYLE_NAMES.length} handler styles, each clean and with mistakes)`);
  out();

  const configs = {};
  for (const key of ["floor", "noop", "acp", "tseslint"]) configs[key] = await configFor(key, { plugin });
  const eslint = Object.fromEntries(Object.entries(configs).map(([key, config]) => [key, eslintFor(config, root)]));

  // ---- Untyped ----
  process.stderr.write("untyped workload\n");
  const untyped = await interleave(
    ["floor", "noop", "acp", "tseslint"].map((key) => ({ key, eslint: eslint[key], files: work.files })),
    { rounds: PLAN.rounds, warmup: PLAN.warmup, cwd: root, label: "untyped" },
  );
  const table = (result, keys, linesLinted) => {
    out(`  ${pad("configuration", 36)} ${pad("rules", -5)}  ${pad("CPU median [min .. max]", -30)}  ${pad("wall median", -11)}  ${pad("ms/1k lines", -11)}  ${pad("reports", -7)}`);
    for (const key of keys) {
      const cpuTimes = summary(result[key].cpu);
      out(
        `  ${pad(NAMES[key], 36)} ${pad(ruleCount(configs[key]), -5)}  ${pad(spread(cpuTimes, ms), -30)}  ${pad(ms(summary(result[key].wall).median), -11)}  ${pad(((cpuTimes.median / linesLinted) * 1000).toFixed(2), -11)}  ${pad(int(result[key].reports), -7)}`,
      );
    }
  };
  /** Per-round ratios of `over` to `base`, and the ratio of their best (fastest) passes: noise only slows a pass. */
  const overhead = (result, over, base) => ({
    ...summary(ratios(result[over].cpu, result[base].cpu)),
    best: summary(result[over].cpu).min / summary(result[base].cpu).min,
  });
  out(`Untyped: the workload, ${PLAN.rounds} rounds after ${PLAN.warmup} warm-up`);
  table(untyped, ["floor", "noop", "acp", "tseslint"], lines(work.files));
  const acpUntyped = overhead(untyped, "acp", "floor");
  const tsUntyped = overhead(untyped, "tseslint", "floor");
  const noopUntyped = overhead(untyped, "noop", "floor");
  const acpOverNoop = overhead(untyped, "acp", "noop");
  out(`  acp/all ${percent(acpUntyped.median)} over the floor [rounds ${percent(acpUntyped.min)} .. ${percent(acpUntyped.max)}, IQR ${percent(acpUntyped.q1)} .. ${percent(acpUntyped.q3)}]; best passes ${percent(acpUntyped.best)}`);
  out(`  typescript-eslint recommended ${percent(tsUntyped.median)} over the floor [rounds ${percent(tsUntyped.min)} .. ${percent(tsUntyped.max)}]; best passes ${percent(tsUntyped.best)}`);
  out(`  one no-op rule ${percent(noopUntyped.median)} over the floor [rounds ${percent(noopUntyped.min)} .. ${percent(noopUntyped.max)}]: what ESLint adds once any rule is on`);
  out(`  acp/all ${percent(acpOverNoop.median)} over one no-op rule [rounds ${percent(acpOverNoop.min)} .. ${percent(acpOverNoop.max)}]: what the plugin's own work adds`);
  out();

  // ---- Typed ----
  process.stderr.write("typed project\n");
  const typedRoot = writeTypedProject(root, { quick });
  const typed = typedFiles({ quick });
  const typedKeys = ["typedFloor", "typedNoop", "typedAcp"];
  for (const key of typedKeys) configs[key] = await configFor(key, { plugin, typedRoot });
  for (const key of typedKeys) eslint[key] = eslintFor(configs[key], root);
  const typedResult = await interleave(
    typedKeys.map((key) => ({ key, eslint: eslint[key], files: typed })),
    { rounds: PLAN.typedRounds, warmup: PLAN.warmup, cwd: root, label: "typed" },
  );
  const generatedTyped = typed.filter((f) => f.name.startsWith("typed/generated/"));
  out(
    `Typed: parserOptions.projectService on a temporary project, ${int(typed.length)} files, ${int(lines(typed))} lines linted ` +
      `(${int(generatedTyped.length)} generated, the rest copies of zod's sources), ${PLAN.typedRounds} rounds after ${PLAN.warmup} warm-up`,
  );
  table(typedResult, typedKeys, lines(typed));
  const acpTyped = overhead(typedResult, "typedAcp", "typedFloor");
  const noopTyped = overhead(typedResult, "typedNoop", "typedFloor");
  const acpOverNoopTyped = overhead(typedResult, "typedAcp", "typedNoop");
  out(`  acp/all with types ${percent(acpTyped.median)} over the floor with types [rounds ${percent(acpTyped.min)} .. ${percent(acpTyped.max)}, IQR ${percent(acpTyped.q1)} .. ${percent(acpTyped.q3)}]; best passes ${percent(acpTyped.best)}`);
  out(`  one no-op rule with types ${percent(noopTyped.median)} over the floor with types [rounds ${percent(noopTyped.min)} .. ${percent(noopTyped.max)}]; acp/all with types ${percent(acpOverNoopTyped.median)} over it [rounds ${percent(acpOverNoopTyped.min)} .. ${percent(acpOverNoopTyped.max)}]`);
  out();

  // ---- One file grown 10 times ----
  process.stderr.write("one file grown 10 times\n");
  const small = [{ name: "grow/agent.ts", text: agentSource(PLAN.handlers) }];
  const big = [{ name: "grow/agent.ts", text: agentSource(PLAN.handlers * 10) }];
  const grow = await interleave(
    [
      // The small file is linted 10 times a pass, as many lines as the big one; its times are per lint.
      { key: "floorN", eslint: eslint.floor, files: small, repeat: 10 },
      { key: "acpN", eslint: eslint.acp, files: small, repeat: 10 },
      { key: "floor10N", eslint: eslint.floor, files: big },
      { key: "acp10N", eslint: eslint.acp, files: big },
    ],
    { rounds: PLAN.growRounds, warmup: PLAN.warmup, cwd: root, label: "10x file" },
  );
  const partN = diffs(grow.acpN.cpu, grow.floorN.cpu);
  const part10N = diffs(grow.acp10N.cpu, grow.floor10N.cpu);
  // The ratio of the medians (a small part's per-round ratios swing with the noise); the rounds' ratios as spread.
  const growth = { ...summary(ratios(part10N, partN)), median: summary(part10N).median / summary(partN).median };
  const [linesN, lines10N] = [lines(small), lines(big)];
  out(`One file grown 10 times: an SDK 2.x agent of ${PLAN.handlers} handlers (${int(linesN)} lines) and of ${PLAN.handlers * 10} (${int(lines10N)} lines), ${PLAN.growRounds} rounds`);
  out(`  ${pad("", 22)} ${pad("floor", -26)}  ${pad("acp/all", -26)}  ${pad("plugin's part (acp - floor)", -28)}  ${pad("per 1k lines", -12)}`);
  for (const [label, floorTimes, acpTimes, part, n] of [
    [`N   (${int(linesN)} lines)`, grow.floorN.cpu, grow.acpN.cpu, partN, linesN],
    [`10N (${int(lines10N)} lines)`, grow.floor10N.cpu, grow.acp10N.cpu, part10N, lines10N],
  ]) {
    const p = summary(part);
    out(`  ${pad(label, 22)} ${pad(spread(summary(floorTimes), ms), -26)}  ${pad(spread(summary(acpTimes), ms), -26)}  ${pad(spread(p, ms), -28)}  ${pad(ms((p.median / n) * 1000), -12)}`);
  }
  out(`  cost(10N) / cost(N) of the plugin's part: ${growth.median.toFixed(2)} (of the medians) [rounds ${growth.min.toFixed(2)} .. ${growth.max.toFixed(2)}]`);
  out();

  // ---- The workload grown 4 times ----
  process.stderr.write("workload grown 4 times\n");
  const four = copies(work.files, 4);
  const grown = await interleave(
    [
      { key: "floor1", eslint: eslint.floor, files: work.files },
      { key: "acp1", eslint: eslint.acp, files: work.files },
      { key: "floor4", eslint: eslint.floor, files: four },
      { key: "acp4", eslint: eslint.acp, files: four },
    ],
    // Everything is warm by now: no warm-up round.
    { rounds: PLAN.fourRounds, warmup: 0, cwd: root, label: "4x workload" },
  );
  const part1 = diffs(grown.acp1.cpu, grown.floor1.cpu);
  const part4 = diffs(grown.acp4.cpu, grown.floor4.cpu);
  const fourPart = { ...summary(ratios(part4, part1)), median: summary(part4).median / summary(part1).median };
  const fourTotal = summary(ratios(grown.acp4.cpu, grown.acp1.cpu));
  out(`The workload grown 4 times: 4 copies of its ${int(work.files.length)} files under other names (${int(four.length)} files, ${int(lines(four))} lines), ${PLAN.fourRounds} round${PLAN.fourRounds > 1 ? "s" : ""}, 1x and 4x alternating`);
  out(`  ${pad("", 10)} ${pad("floor", -28)}  ${pad("acp/all", -28)}  ${pad("plugin's part (acp - floor)", -28)}`);
  for (const [label, f, a, p] of [
    ["1x", grown.floor1.cpu, grown.acp1.cpu, part1],
    ["4x", grown.floor4.cpu, grown.acp4.cpu, part4],
  ]) {
    out(`  ${pad(label, 10)} ${pad(spread(summary(f), ms), -28)}  ${pad(spread(summary(a), ms), -28)}  ${pad(spread(summary(p), ms), -28)}`);
  }
  out(`  cost(4x) / cost(1x) of the plugin's part: ${fourPart.median.toFixed(2)} (of the medians) [rounds ${fourPart.min.toFixed(2)} .. ${fourPart.max.toFixed(2)}]; of acp/all's whole lint: ${fourTotal.median.toFixed(2)}`);
  out();

  // ---- Peak memory ----
  process.stderr.write("peak memory\n");
  const memory = {};
  for (let run = 0; run < PLAN.memoryRuns; run++) {
    for (const key of ["floor", "noop", "acp", "tseslint", "typedFloor", "typedNoop", "typedAcp"]) {
      const typedKey = key.startsWith("typed");
      const m = peakMemory(key, { plugin, quick, root, typedRoot: typedKey ? typedRoot : undefined });
      (memory[key] ??= { rss: [], heap: [] }).rss.push(m.rss);
      memory[key].heap.push(m.heap);
    }
    process.stderr.write(`  memory: run ${run + 1}/${PLAN.memoryRuns}\n`);
  }
  out(`Peak memory: a child process per configuration lints its files once (the untyped workload, or the typed project's), median of ${PLAN.memoryRuns}`);
  out(`  ${pad("configuration", 36)} ${pad("max RSS [min .. max]", -26)}  ${pad("largest V8 heap", -15)}`);
  for (const key of Object.keys(memory)) {
    out(`  ${pad(NAMES[key], 36)} ${pad(spread(summary(memory[key].rss), mib), -26)}  ${pad(mib(summary(memory[key].heap).median), -15)}`);
  }
  const memUntyped = summary(memory.acp.rss).median / summary(memory.floor.rss).median;
  const memTyped = summary(memory.typedAcp.rss).median / summary(memory.typedFloor.rss).median;
  out(`  acp/all's peak ${percent(memUntyped)} over the floor's, untyped; ${percent(memTyped)} typed`);
  const memNoop = summary(memory.noop.rss).median / summary(memory.floor.rss).median;
  const memNoopTyped = summary(memory.typedNoop.rss).median / summary(memory.typedFloor.rss).median;
  const memOverNoop = summary(memory.acp.rss).median / summary(memory.noop.rss).median;
  const memOverNoopTyped = summary(memory.typedAcp.rss).median / summary(memory.typedNoop.rss).median;
  out(`  one no-op rule's peak ${percent(memNoop)} over the floor's, untyped; ${percent(memNoopTyped)} typed; acp/all's ${percent(memOverNoop)} over it, untyped; ${percent(memOverNoopTyped)} typed`);
  out();

  // ---- Targets ----
  out("Targets (issue 11), all with every rule on:");
  const target = (ok, text) => out(`  ${mark(ok)}  ${text}`);
  target(acpUntyped.median <= TARGETS.untyped, `overhead over the floor, untyped: ${percent(acpUntyped.median)} (at most ${percent(TARGETS.untyped, 0)})`);
  target(acpUntyped.max <= TARGETS.untypedNever, `overhead over the floor, untyped, worst round: ${percent(acpUntyped.max)} (never above ${percent(TARGETS.untypedNever, 0)})`);
  target(acpTyped.median <= TARGETS.typed, `overhead over the floor with types, typed: ${percent(acpTyped.median)} (at most ${percent(TARGETS.typed, 0)})`);
  target(growth.median <= TARGETS.file10, `a file 10 times longer: ${growth.median.toFixed(2)}x the plugin's cost (at most ${TARGETS.file10}x)`);
  target(fourPart.median <= TARGETS.workload4, `4 times the files: ${fourPart.median.toFixed(2)}x the plugin's cost (at most ${TARGETS.workload4}x)`);
  target(memUntyped <= TARGETS.memory, `peak memory, untyped: ${mib(summary(memory.acp.rss).median)} vs the floor's ${mib(summary(memory.floor.rss).median)}, ${percent(memUntyped)} (at most ${percent(TARGETS.memory, 0)})`);
  target(memTyped <= TARGETS.memory, `peak memory, typed: ${mib(summary(memory.typedAcp.rss).median)} vs the floor's ${mib(summary(memory.typedFloor.rss).median)}, ${percent(memTyped)} (at most ${percent(TARGETS.memory, 0)})`);
  out();
  const used = process.cpuUsage();
  out(`Took ${((performance.now() - started) / 1000).toFixed(0)} s wall, ${ms((used.user + used.system) / 1000)} CPU in this process (the memory children not counted).`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
