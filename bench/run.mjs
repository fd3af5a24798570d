// `npm run bench` (after `npm run build`): what the plugin costs with every rule on (acp/all), against ESLint
// with the TypeScript parser and no rules (the floor), one rule that does nothing (what ESLint charges any rule)
// and typescript-eslint's recommended set, on a workload of real code from node_modules plus generated ACP
// agents and clients; untyped and typed; one file grown 10 times and the workload grown 4 times; peak memory;
// what following relative imports costs (a multi-module project linted from disk and from memory, warm and cold);
// pathological files (2,500 aliases, a 50,000-case switch, 5 MB minified) against the floor on the same file;
// where the no-op rule's cost comes from (garbage collection, deterministic in child processes); where acp/all's
// own CPU goes (by part of the files and by thread in the timed rounds, and a CPU profile); and the targets of issue 11, marked PASS or FAIL over the floor and over the
// no-op rule.
//
//   node bench/run.mjs [--quick] [--plugin path/to/index.js]     (or ACP_BENCH_PLUGIN=path)
//
// In one process, configurations alternate round by round after a warm-up, in the orders of a Williams design
// (measure.mjs); the full run takes as many rounds as fit in each part's time budget, at least a minimum.
// Figures are medians over the rounds of CPU time with their spread; overheads are medians of per-round ratios
// with a bootstrap interval (stats.mjs). Peak memory and garbage collection come from child processes
// (peak-memory.mjs, gc-trace.mjs), the attribution from an in-process profile (profile.mjs). Progress goes to
// stderr, the report to stdout.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { configFor, NAMES, pluginPath, ruleCount } from "./configs.mjs";
import { gcTrace } from "./gc-trace.mjs";
import { importsPart } from "./imports-part.mjs";
import { agentSource, STYLE_NAMES } from "./generate.mjs";
import { eslintFor, interleave, lintFiles } from "./measure.mjs";
import { pathologicalPart } from "./pathological.mjs";
import { peakMemory } from "./peak-memory.mjs";
import { attribute, INTERVAL, profiled } from "./profile.mjs";
import { growthText, out, ratioTable, target } from "./report.mjs";
import { diffs, growthStats, int, mb, mib, ms, pad, percent, range, ratioStats, spread, summary } from "./stats.mjs";
import { typedFiles, writeTypedProject } from "./typed-project.mjs";
import { copies, lineCount, workload } from "./workload.mjs";

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const plugin = pluginPath();
if (!existsSync(plugin)) {
  console.error(`No plugin build at ${plugin}: run \`npm run build\` first (or pass --plugin <path to index.js>).`);
  process.exit(1);
}

/**
 * Each timed part: warm-up rounds, then at least `rounds` measured ones, and in the full run more while the
 * part's `budget` (ms) lasts, up to `maxRounds` (the 10x part needs no warm-up: the untyped part warmed the same
 * ESLint instances up). On a shared 2-core machine the minimums alone took 26 minutes. Growth handler
 * count N (and 10N); memory children per configuration; traced passes of each GC child, and children a GC row
 * by file set; profiled passes.
 */
const PLAN = quick
  ? {
      untyped: { warmup: 1, rounds: 3 },
      typed: { warmup: 1, rounds: 3 },
      grow: { warmup: 0, rounds: 3 },
      four: { warmup: 0, rounds: 2 },
      handlers: 30,
      memoryRuns: 1,
      gcPasses: 3,
      gcRuns: { real: 3, generated: 1 },
      profilePasses: 2,
      imports: { warmup: 1, rounds: 3, cold: 2 },
      pathological: 1,
    }
  : {
      untyped: { warmup: 1, rounds: 6, maxRounds: 12, budget: 300_000 },
      typed: { warmup: 1, rounds: 6, maxRounds: 15, budget: 60_000 },
      grow: { warmup: 0, rounds: 6, maxRounds: 15, budget: 60_000 },
      four: { warmup: 0, rounds: 4, maxRounds: 12, budget: 100_000 },
      handlers: 100,
      memoryRuns: 3,
      gcPasses: 3,
      gcRuns: { real: 3, generated: 1 },
      profilePasses: 1,
      imports: { warmup: 1, rounds: 5, maxRounds: 10, budget: 60_000, cold: 4 },
      pathological: 3,
    };

/**
 * Issue 11's limits: ratios to a baseline (overheads, memory) and growth factors of the plugin's part; and a
 * pathological file's time over the floor's on the same file (issue 25).
 */
const TARGETS = { untyped: 1.03, untypedNever: 1.05, typed: 1.05, file10: 11, workload4: 4.4, memory: 1.1, pathological: 1.2, noAcp: 1.02, acpCodeShare: 0.5 };

const started = performance.now();
/** The start of each part, for the closing line (the full run's budgets are tuned from it). */
const parts = [];
const section = (name) => {
  process.stderr.write(`${name}\n`);
  parts.push([name, performance.now()]);
};
const root = mkdtempSync(join(tmpdir(), "acp-bench-"));
// The temporary folder (the typed project) goes on Ctrl-C too.
process.once("SIGINT", () => {
  rmSync(root, { recursive: true, force: true });
  process.exit(130);
});
const lines = (files) => files.reduce((sum, f) => sum + lineCount(f.text), 0);
const roundsText = (result, plan) => `${result.rounds} rounds after ${plan.warmup} warm-up${plan.budget ? ` (at least ${plan.rounds}, then as many as fit in ${plan.budget / 1000} s)` : ""}`;

try {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  out(`eslint-plugin-acp bench${quick ? " --quick (a smoke run: smaller workload, fewer rounds)" : ""}`);
  out(`Node ${process.version}, ${availableParallelism()} cores (os.availableParallelism()), ${process.platform} ${process.arch}, ${cpu}`);
  out(`plugin: ${plugin}`);
  out("Times: CPU time of the process (user + system, all threads), median [min .. max] over the rounds; wall time for reference.");
  out("A round lints with every configuration once, a whole pass each after a full GC; the order changes from round to round");
  out("(a Williams design: each configuration follows each other equally often). Ratios are taken per round; their median comes");
  out("with a 90% bootstrap interval over the rounds, the quartiles (IQR) and the extremes. On a shared machine one round's ratio");
  out("can be 10-15% off: the A/A row (the floor against itself) shows how far.");
  out();

  // ---- The workload ----
  const work = workload({ quick });
  // The quick workload warms the JIT up before the full one's rounds, and is the base of the 4x part.
  const small = quick ? work : workload({ quick: true });
  const real = work.bySource.flatMap((s) => s.files);
  // Issue 25 separates what users should not pay for (files with no ACP in them) from the ACP code the rules analyse:
  // the SDK's own shipped JavaScript is real ACP code, every other real file holds none.
  const isSdk = (source) => source.dir.startsWith("@agentclientprotocol/");
  const noAcp = work.bySource.filter((source) => !isSdk(source)).flatMap((source) => source.files);
  const sdkShipped = work.bySource.filter(isSdk).flatMap((source) => source.files);
  out(`Workload: ${int(work.files.length)} files, ${int(lines(work.files))} lines, linted from memory`);
  out(`  real code from node_modules: ${int(real.length)} files, ${int(lines(real))} lines (sorted paths, spread over each folder)`);
  for (const s of work.bySource) out(`    ${pad(s.dir, 44)} ${pad(int(s.files.length), -4)} files ${pad(int(lines(s.files)), -7)} lines`);
  out(`  skipped there: ${int(work.skipped.declarations)} declaration files, ${int(work.skipped.tests)} tests, ${int(work.skipped.huge)} files over 100 kB`);
  out(`  generated ACP agents and clients: ${int(work.generated.length)} files, ${int(lines(work.generated))} lines (${STYLE_NAMES.length} handler styles, each clean and with mistakes)`);
  out();

  const configs = {};
  for (const key of ["floor", "floorAgain", "noop", "acp", "tseslint"]) configs[key] = await configFor(key, { plugin });
  const eslint = Object.fromEntries(Object.entries(configs).map(([key, config]) => [key, eslintFor(config, root)]));
  const table = (result, keys, linesLinted) => {
    out(`  ${pad("configuration", 36)} ${pad("rules", -5)}  ${pad("CPU median [min .. max]", -30)}  ${pad("wall median", -11)}  ${pad("ms/1k lines", -11)}  ${pad("reports", -7)}`);
    for (const key of keys) {
      const cpuTimes = summary(result[key].cpu);
      out(
        `  ${pad(NAMES[key], 36)} ${pad(ruleCount(configs[key]), -5)}  ${pad(spread(cpuTimes, ms), -30)}  ${pad(ms(summary(result[key].wall).median), -11)}  ${pad(((cpuTimes.median / linesLinted) * 1000).toFixed(2), -11)}  ${pad(int(result[key].reports), -7)}`,
      );
    }
  };
  const ratio = (result, over, base) => ratioStats(result[over].cpu, result[base].cpu);
  /**
   * The same rounds split two ways: by part of the files (each timed on its own within the pass), and by thread
   * (the main thread, where ESLint and the rules run, against V8's helper threads: the optimizing compiler and
   * the parallel and concurrent garbage collection). `keys` are the floor, the no-op rule and acp/all. Returns the
   * ratios by part.
   */
  const splitTables = (result, [floor, noop, acp], parts) => {
    const byPart = parts.map((_, p) => {
      const r = (over, base) => ratioStats(result[over].parts[p], result[base].parts[p]);
      return { noop: r(noop, floor), acp: r(acp, floor), acpOverNoop: r(acp, noop) };
    });
    out(`  The same rounds by part of the files, each part timed on its own in the pass: ${parts.map((part) => `${part.name}, ${part.text}`).join("; ")}.`);
    ratioTable(
      parts.flatMap(({ name }, p) => [
        [`${name}: one no-op rule / floor`, byPart[p].noop],
        [`${name}: acp/all / floor`, byPart[p].acp],
        [`${name}: acp/all / one no-op rule`, byPart[p].acpOverNoop],
      ]),
      50,
    );
    if (result[floor].main.some(Number.isNaN)) {
      out("  (no thread split: /proc/thread-self/stat is Linux's)");
      return byPart;
    }
    const helpers = (key) => result[key].cpu.map((cpu, i) => cpu - result[key].main[i]);
    out("  By thread: the main thread runs ESLint and the rules; V8's helper threads compile hot functions and collect garbage");
    out(`  in parallel. Medians: ${[[floor, "floor"], [noop, "no-op"], [acp, "acp/all"]].map(([key, name]) => `${name} main ${ms(summary(result[key].main).median)}, helpers ${ms(summary(helpers(key)).median)}`).join("; ")}.`);
    ratioTable([
      ["main thread: acp/all / floor", ratioStats(result[acp].main, result[floor].main)],
      ["main thread: acp/all / no-op", ratioStats(result[acp].main, result[noop].main)],
      ["helper threads: acp/all / floor", ratioStats(helpers(acp), helpers(floor))],
      ["helper threads: acp/all / no-op", ratioStats(helpers(acp), helpers(noop))],
    ], 50);
    return byPart;
  };

  const typedRoot = writeTypedProject(root, { quick });
  const typed = typedFiles({ quick });
  const typedKeys = ["typedFloor", "typedNoop", "typedAcp"];
  for (const key of [...typedKeys, "typedCheckedAcp"]) configs[key] = await configFor(key, { plugin, typedRoot });
  for (const key of [...typedKeys, "typedCheckedAcp"]) eslint[key] = eslintFor(configs[key], root);

  // ---- Attribution, measured first ----
  // V8 keeps the frames of functions inlined into optimized code only for code optimized while a profiler runs:
  // profiled after the timed parts, the create-rule wrapper vanished from one set's stacks. So the profiles come
  // first, after warm-up passes that run under the profiler too (the code they optimize keeps its frames).
  section("profiles");
  const profileSets = [
    { label: `real files with no ACP (${int(noAcp.length)} files, ${int(lines(noAcp))} lines)`, eslint: eslint.acp, files: noAcp },
    { label: `the SDK's JavaScript (${int(sdkShipped.length)} files, ${int(lines(sdkShipped))} lines)`, eslint: eslint.acp, files: sdkShipped },
    { label: `generated ACP files (${int(work.generated.length)} files, ${int(lines(work.generated))} lines)`, eslint: eslint.acp, files: work.generated },
    { label: `typed project (${int(typed.length)} files, ${int(lines(typed))} lines)`, eslint: eslint.typedAcp, files: typed },
    { label: `typed, beside recommendedTypeChecked (${int(typed.length)} files)`, eslint: eslint.typedCheckedAcp, files: typed },
  ];
  await profiled(() => lintFiles(eslint.acp, small.files, root));
  await profiled(() => lintFiles(eslint.typedAcp, typed, root));
  await profiled(() => lintFiles(eslint.typedCheckedAcp, typed, root));
  const attributed = [];
  for (const set of profileSets) {
    const profile = await profiled(async () => {
      for (let i = 0; i < PLAN.profilePasses; i++) await lintFiles(set.eslint, set.files, root);
    });
    attributed.push(attribute(profile, plugin));
  }

  // ---- Untyped ----
  section("untyped workload");
  const untypedKeys = ["floor", "floorAgain", "noop", "acp", "tseslint"];
  const untyped = await interleave(
    untypedKeys.map((key) => ({ key, eslint: eslint[key], parts: [noAcp, sdkShipped, work.generated], warm: small.files })),
    { ...PLAN.untyped, cwd: root, label: "untyped" },
  );
  out(`Untyped: the workload, ${roundsText(untyped, PLAN.untyped)}${quick ? "" : "; the warm-up lints the quick workload"}`);
  table(untyped, untypedKeys, lines(work.files));
  const u = {
    aa: ratio(untyped, "floorAgain", "floor"),
    noop: ratio(untyped, "noop", "floor"),
    acp: ratio(untyped, "acp", "floor"),
    acpOverNoop: ratio(untyped, "acp", "noop"),
    ts: ratio(untyped, "tseslint", "floor"),
  };
  ratioTable([
    ["floor again / floor (A/A: noise alone)", u.aa],
    ["one no-op rule / floor (ESLint's cost of any rule)", u.noop],
    ["acp/all / floor", u.acp],
    ["acp/all / one no-op rule (the plugin's own work)", u.acpOverNoop],
    ["typescript-eslint recommended / floor", u.ts],
  ], 50);
  const [untypedNoAcp, untypedSdk, untypedGenerated] = splitTables(untyped, ["floor", "noop", "acp"], [
    { name: "no ACP", text: `${int(lines(noAcp))} lines of real files with no ACP in them` },
    { name: "ACP SDK", text: `${int(lines(sdkShipped))} lines of the SDK's shipped JavaScript` },
    { name: "generated files", text: `${int(lines(work.generated))} lines of ACP agents and clients` },
  ]);
  // acp/all's added cost on ACP code against typescript-eslint recommended's on the same files (issue 25, target 2).
  const acpParts = (key) => untyped[key].parts[1].map((cpu, i) => cpu + untyped[key].parts[2][i]);
  const acpCodeShare = growthStats(diffs(acpParts("acp"), acpParts("floor")), diffs(acpParts("tseslint"), acpParts("floor")));
  out();

  // ---- Typed ----
  section("typed project");
  const generatedTyped = typed.filter((f) => f.name.startsWith("typed/generated/"));
  const zodTyped = typed.filter((f) => !f.name.startsWith("typed/generated/"));
  const typedResult = await interleave(
    typedKeys.map((key) => ({ key, eslint: eslint[key], parts: [zodTyped, generatedTyped] })),
    { ...PLAN.typed, cwd: root, label: "typed" },
  );
  out(
    `Typed: parserOptions.projectService on a temporary project, ${int(typed.length)} files, ${int(lines(typed))} lines linted ` +
      `(${int(generatedTyped.length)} generated, the rest copies of zod's sources), ${roundsText(typedResult, PLAN.typed)}`,
  );
  table(typedResult, typedKeys, lines(typed));
  const t = {
    noop: ratio(typedResult, "typedNoop", "typedFloor"),
    acp: ratio(typedResult, "typedAcp", "typedFloor"),
    acpOverNoop: ratio(typedResult, "typedAcp", "typedNoop"),
  };
  ratioTable([
    ["one no-op rule with types / floor with types", t.noop],
    ["acp/all with types / floor with types", t.acp],
    ["acp/all with types / one no-op rule with types", t.acpOverNoop],
  ], 50);
  const [typedZod] = splitTables(typedResult, typedKeys, [
    { name: "zod's sources", text: `${int(lines(zodTyped))} lines` },
    { name: "generated files", text: `${int(lines(generatedTyped))} lines of ACP agents and clients` },
  ]);
  out();

  // ---- One file grown 10 times ----
  section("one file grown 10 times");
  const agentN = [{ name: "grow/agent.ts", text: agentSource(PLAN.handlers) }];
  const agent10N = [{ name: "grow/agent.ts", text: agentSource(PLAN.handlers * 10) }];
  const grow = await interleave(
    [
      // The small file is linted 10 times a pass, as many lines as the big one; its times are per lint.
      ...["floor", "noop", "acp"].map((key) => ({ key: `${key}N`, eslint: eslint[key], files: agentN, repeat: 10 })),
      ...["floor", "noop", "acp"].map((key) => ({ key: `${key}10N`, eslint: eslint[key], files: agent10N })),
    ],
    { ...PLAN.grow, cwd: root, label: "10x file" },
  );
  const [linesN, lines10N] = [lines(agentN), lines(agent10N)];
  const file10 = {
    floor: growthStats(diffs(grow.acp10N.cpu, grow.floor10N.cpu), diffs(grow.acpN.cpu, grow.floorN.cpu)),
    noop: growthStats(diffs(grow.acp10N.cpu, grow.noop10N.cpu), diffs(grow.acpN.cpu, grow.noopN.cpu)),
  };
  out(`One file grown 10 times: an SDK 2.x agent of ${PLAN.handlers} handlers (${int(linesN)} lines) and of ${PLAN.handlers * 10} (${int(lines10N)} lines), ${roundsText(grow, PLAN.grow)}`);
  out(`  ${pad("", 20)} ${pad("floor", -26)}  ${pad("one no-op rule", -26)}  ${pad("acp/all", -26)}  ${pad("acp - floor", -12)}  ${pad("acp - no-op", -12)}  ${pad("per 1k lines", -12)}`);
  for (const [label, size, n] of [
    [`N   (${int(linesN)} lines)`, "N", linesN],
    [`10N (${int(lines10N)} lines)`, "10N", lines10N],
  ]) {
    const [f, z, a] = ["floor", "noop", "acp"].map((key) => grow[`${key}${size}`].cpu);
    const part = summary(diffs(a, f)).median;
    out(
      `  ${pad(label, 20)} ${pad(spread(summary(f), ms), -26)}  ${pad(spread(summary(z), ms), -26)}  ${pad(spread(summary(a), ms), -26)}  ${pad(ms(part), -12)}  ${pad(ms(summary(diffs(a, z)).median), -12)}  ${pad(ms((part / n) * 1000), -12)}`,
    );
  }
  out(`  cost(10N) / cost(N) of the plugin's part over the floor (acp - floor): ${growthText(file10.floor)}`);
  out(`  cost(10N) / cost(N) of the plugin's part over one no-op rule (acp - no-op): ${growthText(file10.noop)}`);
  out("  (each part is the median of per-round differences; the factor is the ratio of the medians: a small difference of two");
  out("  large times swings from round to round. \"inf\", here and below: the part at N was not above zero in a round or in");
  out("  enough resamples, so nothing bounds the factor)");
  out();

  // ---- The workload grown 4 times ----
  section("workload grown 4 times");
  const four = copies(small.files, 4);
  const grown = await interleave(
    [
      ...["floor", "noop", "acp"].map((key) => ({ key: `${key}1`, eslint: eslint[key], files: small.files })),
      ...["floor", "noop", "acp"].map((key) => ({ key: `${key}4`, eslint: eslint[key], files: four })),
    ],
    // Everything is warm by now: no warm-up round.
    { ...PLAN.four, cwd: root, label: "4x workload" },
  );
  const workload4 = {
    floor: growthStats(diffs(grown.acp4.cpu, grown.floor4.cpu), diffs(grown.acp1.cpu, grown.floor1.cpu)),
    noop: growthStats(diffs(grown.acp4.cpu, grown.noop4.cpu), diffs(grown.acp1.cpu, grown.noop1.cpu)),
    whole: growthStats(grown.acp4.cpu, grown.acp1.cpu),
    floorWhole: growthStats(grown.floor4.cpu, grown.floor1.cpu),
  };
  out(
    `The workload grown 4 times: the quick workload's ${int(small.files.length)} files (${int(lines(small.files))} lines) and 4 copies of them under other names ` +
      `(${int(four.length)} files, ${int(lines(four))} lines), ${roundsText(grown, PLAN.four)}${quick ? "" : "; the quick workload as base so that the part gets rounds enough in its time"}`,
  );
  out(`  ${pad("", 6)} ${pad("floor", -28)}  ${pad("one no-op rule", -28)}  ${pad("acp/all", -28)}  ${pad("acp - floor", -12)}  ${pad("acp - no-op", -12)}`);
  for (const size of ["1", "4"]) {
    const [f, z, a] = ["floor", "noop", "acp"].map((key) => grown[`${key}${size}`].cpu);
    out(`  ${pad(`${size}x`, 6)} ${pad(spread(summary(f), ms), -28)}  ${pad(spread(summary(z), ms), -28)}  ${pad(spread(summary(a), ms), -28)}  ${pad(ms(summary(diffs(a, f)).median), -12)}  ${pad(ms(summary(diffs(a, z)).median), -12)}`);
  }
  out(`  cost(4x) / cost(1x) of the plugin's part over the floor (acp - floor): ${growthText(workload4.floor)}`);
  out(`  cost(4x) / cost(1x) of the plugin's part over one no-op rule (acp - no-op): ${growthText(workload4.noop)}`);
  out(`  cost(4x) / cost(1x) of the whole lint: acp/all ${growthText(workload4.whole)}; the floor ${growthText(workload4.floorWhole)}`);
  out();

  // ---- Following imports ----
  section("following imports");
  const imports = await importsPart({ eslint, root, plugin, plan: PLAN.imports, quick });

  // ---- Pathological files ----
  section("pathological files");
  const pathological = await pathologicalPart({ eslint, root, rounds: PLAN.pathological, quick });

  // ---- Peak memory ----
  section("peak memory");
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
  out(`  ${pad("configuration", 36)} ${pad("peak RSS [min .. max]", -26)}  ${pad("largest V8 heap", -15)}`);
  for (const key of Object.keys(memory)) {
    out(`  ${pad(NAMES[key], 36)} ${pad(spread(summary(memory[key].rss), mib), -26)}  ${pad(mib(summary(memory[key].heap).median), -15)}`);
  }
  // Ratios of the medians, with the bootstrap interval over the runs (a run measures every configuration once).
  const peak = (over, base) => growthStats(memory[over].rss, memory[base].rss);
  const mem = {
    acp: peak("acp", "floor"),
    typedAcp: peak("typedAcp", "typedFloor"),
    noop: peak("noop", "floor"),
    typedNoop: peak("typedNoop", "typedFloor"),
    acpOverNoop: peak("acp", "noop"),
    typedAcpOverNoop: peak("typedAcp", "typedNoop"),
  };
  out(`  acp/all's peak ${percent(mem.acp.median)} over the floor's, untyped; ${percent(mem.typedAcp.median)} typed`);
  out(`  one no-op rule's peak ${percent(mem.noop.median)} over the floor's, untyped; ${percent(mem.typedNoop.median)} typed; acp/all's ${percent(mem.acpOverNoop.median)} over it, untyped; ${percent(mem.typedAcpOverNoop.median)} typed`);
  out();

  // ---- Garbage collection ----
  section("garbage collection");
  const GC_ROWS = [
    { key: "floor", label: NAMES.floor },
    { key: "noop", label: NAMES.noop },
    { key: "noop", copy: true, label: "one no-op rule, contexts copied (diag.)" },
    { key: "acp", label: NAMES.acp },
    { key: "acp", copy: true, label: "acp/all, contexts copied (diag.)" },
    { key: "floor", pretenuring: false, label: "floor, no pretenuring (diag.)" },
    { key: "acp", copy: true, pretenuring: false, label: "acp/all, copied, no pretenuring (diag.)" },
  ];
  out(`Garbage collection: child processes with node --single-threaded (no concurrent GC: the same lint makes nearly the same`);
  out(`collections), V8's --trace-gc-nvp on for ${PLAN.gcPasses} passes after an untraced warm-up pass and a full GC; sums over the ${PLAN.gcPasses} passes.`);
  out("Counts and promoted bytes barely move from run to run, but V8 still times mark-compacts by measured GC speed, and until one");
  out("runs, dead old objects keep young ones alive: now and then a child promotes 5-30 MB more or less. Where a row has several");
  out("children, it shows the one of median promotion, and the range.");
  out("Pauses are times (of GC work, on one thread) and vary with the machine.");
  out("\"contexts copied\" is a diagnostic, never used in the timings: in that child only, ESLint's FileContext.prototype.extend");
  out("(which makes each rule's context an Object.create() of the file's context, holding its AST, tokens and scopes) is replaced");
  out("by a copy of the same fields into a fresh frozen object (bench/rule-context-copy.mjs). \"no pretenuring\" runs V8 with");
  out("--no-allocation-site-pretenuring: pretenuring allocates the objects of some allocation sites straight in old space, which");
  out("promotes less, and its decisions flip with small changes of timing; off, promoted bytes follow what is kept alive.");
  for (const set of ["real", "generated"]) {
    const rows = GC_ROWS.map((row) => {
      const runs = Array.from({ length: PLAN.gcRuns[set] }, () => gcTrace(row.key, { plugin, root, set, copy: row.copy, pretenuring: row.pretenuring !== false, passes: PLAN.gcPasses }));
      const sorted = runs.sort((a, b) => a.promoted - b.promoted);
      return { ...row, ...sorted[(sorted.length - 1) >> 1], low: sorted[0].promoted, high: sorted.at(-1).promoted };
    });
    const { files, lines: linesTraced } = rows[0];
    const children = PLAN.gcRuns[set] > 1 ? `median of ${PLAN.gcRuns[set]} children a row` : "one child a row";
    out(`  ${set === "real" ? "the quick workload's real files" : "the quick workload's generated ACP files"} (${int(files)} files, ${int(linesTraced)} lines), ${children}`);
    out(`    ${pad("configuration", 40)} ${pad("scavenges", -9)}  ${pad("promoted", -9)}${PLAN.gcRuns[set] > 1 ? `  ${pad("range", -20)}` : ""}  ${pad("scavenge pauses", -15)}  ${pad("mark-compacts", -13)}  ${pad("m-c pauses + incr. steps", -24)}  ${pad("reports", -7)}`);
    for (const r of rows) {
      if (r.note) {
        out(`    ${pad(r.label, 40)} skipped: ${r.note}`);
        continue;
      }
      out(
        `    ${pad(r.label, 40)} ${pad(int(r.scavenges), -9)}  ${pad(mb(r.promoted), -9)}${PLAN.gcRuns[set] > 1 ? `  ${pad(range(r.low, r.high, mb), -20)}` : ""}  ${pad(ms(r.scavengeMs), -15)}  ${pad(int(r.markCompacts), -13)}  ${pad(`${ms(r.markCompactMs)} + ${ms(r.incrementalMs)}`, -24)}  ${pad(int(r.reports), -7)}`,
      );
    }
    const [floor, noop, noopCopy, acp, acpCopy, floorFixed, acpCopyFixed] = rows;
    out(`    promoted over the floor: one no-op rule ${mb(noop.promoted - floor.promoted)}, acp/all ${mb(acp.promoted - floor.promoted)}`);
    if (!noopCopy.note && !acpCopy.note) {
      out(`    with the rule contexts copied: one no-op rule ${mb(noopCopy.promoted - floor.promoted)}, acp/all ${mb(acpCopy.promoted - floor.promoted)} (what stays once ESLint's part is gone)`);
      out(`    the same without pretenuring, where it does not flip: acp/all ${mb(acpCopyFixed.promoted - floorFixed.promoted)} over the floor (promoted over the floor with ESLint's part and V8's pretenuring out of the way; see the README)`);
      if (noopCopy.copyCalls === 0) out("    (the copy was never called: this eslint does not make rule contexts with FileContext.prototype.extend)");
    }
  }
  out();

  // ---- Attribution (profiled at the start, see above) ----
  out(`Attribution: an in-process CPU profile of acp/all (node:inspector, sampling every ${INTERVAL} µs), ${PLAN.profilePasses} pass${PLAN.profilePasses > 1 ? "es" : ""} over each set,`);
  out("taken before the timed parts, after a profiled warm-up pass (so that V8 keeps the frames of inlined functions).");
  out(`"plugin" is the share of samples with a frame from ${plugin.replace(/[^/\\]*$/, "")} on the stack: its own code and what it calls`);
  out("(@typescript-eslint/utils, the type checker), not ESLint's dispatch of its listeners nor the garbage collection it causes");
  out("(see above). A slower machine slows both sides alike, so the share holds where pass times swing. \"plugin / the rest\"");
  out("is its samples over all the others: what its own code adds to the pass. The last set lints the typed project with");
  out("typescript-eslint's recommendedTypeChecked on as well, as typed projects run it: the type inference the plugin asks for");
  out("is then shared with those rules (charged to whichever asks first), so its share there leaves out inference they pay for anyway.");
  out(`  ${pad("set", 48)} ${pad("samples", -8)}  ${pad("in GC", -6)}  ${pad("plugin", -6)}  ${pad("plugin, outside GC", -18)}  ${pad("plugin / the rest", -17)}`);
  for (const [i, a] of attributed.entries()) {
    const share = a.plugin / a.samples;
    out(
      `  ${pad(profileSets[i].label, 48)} ${pad(int(a.samples), -8)}  ${pad(`${((a.gc / a.samples) * 100).toFixed(1)}%`, -6)}  ${pad(`${(share * 100).toFixed(1)}%`, -6)}  ${pad(`${((a.plugin / (a.samples - a.gc)) * 100).toFixed(1)}%`, -18)}  ${pad(percent(1 / (1 - share)), -17)}`,
    );
  }
  // The top functions over the sets, each set weighing the same (shares, not sample counts): the typed project,
  // profiled twice, weighs double.
  const weight = new Map();
  for (const a of attributed) for (const [key, f] of a.functions) weight.set(key, (weight.get(key) ?? 0) + f.inclusive / a.samples);
  const top = [...weight].sort((x, y) => y[1] - x[1]).slice(0, 8).map(([key]) => key);
  out("  top plugin functions by inclusive share of the samples (self: in the function's own code), in the sets' order:");
  for (const key of top) {
    const cells = attributed.map((a) => {
      const f = a.functions.get(key) ?? { inclusive: 0, self: 0 };
      return pad(`${((f.inclusive / a.samples) * 100).toFixed(1)}% (${((f.self / a.samples) * 100).toFixed(1)}%)`, -14);
    });
    out(`  ${cells.join(" ")}  ${key}`);
  }
  out();

  // ---- Targets ----
  out("Targets (issue 11), all with every rule on: PASS or FAIL on the median, with its 90% bootstrap interval over the rounds.");
  out("A. Over the floor (ESLint with the TypeScript parser and no rules), as the issue states them:");
  target({ text: "overhead over the floor, untyped", value: u.acp.median, lo: u.acp.lo, hi: u.acp.hi, limit: TARGETS.untyped });
  target({ text: "overhead over the floor, untyped, worst round", value: u.acp.max, limit: TARGETS.untypedNever, bound: "never above" });
  target({ text: "overhead over the floor with types, typed", value: t.acp.median, lo: t.acp.lo, hi: t.acp.hi, limit: TARGETS.typed });
  target({ text: "a file 10 times longer, the plugin's cost (acp - floor)", ...file10.floor, value: file10.floor.median, limit: TARGETS.file10, format: "times" });
  target({ text: "4 times the files, the plugin's cost (acp - floor)", ...workload4.floor, value: workload4.floor.median, limit: TARGETS.workload4, format: "times" });
  target({ text: `peak memory, untyped (${mib(summary(memory.acp.rss).median)} vs ${mib(summary(memory.floor.rss).median)})`, ...mem.acp, value: mem.acp.median, limit: TARGETS.memory });
  target({ text: `peak memory, typed (${mib(summary(memory.typedAcp.rss).median)} vs ${mib(summary(memory.typedFloor.rss).median)})`, ...mem.typedAcp, value: mem.typedAcp.median, limit: TARGETS.memory });
  out("B. The same limits over one no-op rule: what the plugin's own work adds on top of what ESLint charges any rule (see the");
  out("   GC section). Not the issue's baseline; it separates the two costs.");
  target({ text: "overhead over one no-op rule, untyped", value: u.acpOverNoop.median, lo: u.acpOverNoop.lo, hi: u.acpOverNoop.hi, limit: TARGETS.untyped });
  target({ text: "overhead over one no-op rule, untyped, worst round", value: u.acpOverNoop.max, limit: TARGETS.untypedNever, bound: "never above" });
  target({ text: "overhead over one no-op rule with types, typed", value: t.acpOverNoop.median, lo: t.acpOverNoop.lo, hi: t.acpOverNoop.hi, limit: TARGETS.typed });
  target({ text: "a file 10 times longer, the plugin's cost (acp - no-op)", ...file10.noop, value: file10.noop.median, limit: TARGETS.file10, format: "times" });
  target({ text: "4 times the files, the plugin's cost (acp - no-op)", ...workload4.noop, value: workload4.noop.median, limit: TARGETS.workload4, format: "times" });
  target({ text: `peak memory over one no-op rule, untyped (${mib(summary(memory.acp.rss).median)} vs ${mib(summary(memory.noop.rss).median)})`, ...mem.acpOverNoop, value: mem.acpOverNoop.median, limit: TARGETS.memory });
  target({ text: `peak memory over one no-op rule, typed (${mib(summary(memory.typedAcp.rss).median)} vs ${mib(summary(memory.typedNoop.rss).median)})`, ...mem.typedAcpOverNoop, value: mem.typedAcpOverNoop.median, limit: TARGETS.memory });
  out("C. By part of the workload, over the floor: the issue's \"a file with nothing ACP in it should cost almost nothing\" is");
  out("   the real files with no ACP (and zod's sources, typed); the generated files are dense ACP agents and clients, which the rules analyse.");
  out("   The same limits, each part timed on its own within the untyped and typed rounds; they do not replace A.");
  target({ text: "overhead over the floor, untyped, real files with no ACP", value: untypedNoAcp.acp.median, lo: untypedNoAcp.acp.lo, hi: untypedNoAcp.acp.hi, limit: TARGETS.untyped });
  target({ text: "overhead over the floor with types, zod's sources", value: typedZod.acp.median, lo: typedZod.acp.lo, hi: typedZod.acp.hi, limit: TARGETS.typed });
  out(`  (for reference, not a target: the generated ACP files cost ${percent(untypedGenerated.acp.median)} over the floor, untyped; the SDK's shipped JavaScript ${percent(untypedSdk.acp.median)})`);
  out("D. Pathological but valid files (issue 25): acp/all's time on the file over the floor's on the same file.");
  for (const r of pathological) target({ text: `${r.label}, acp/all / floor`, ...r.ratio, value: r.ratio.median, limit: TARGETS.pathological, format: "times" });
  out(`  (for reference, not a target: following imports, the project linted from disk over from memory, costs ${percent(imports.warm.median)} warm and ${percent(imports.cold.median)} cold)`);
  out("E. Issue 25's targets measured so far, each part timed on its own within the untyped rounds (the others of that issue are");
  out("   not measured yet: cold acp-lint against ESLint with no rules, a warm editor re-lint, typed beside recommendedTypeChecked).");
  target({ text: "files with no ACP code, acp/all / one no-op rule", value: untypedNoAcp.acpOverNoop.median, lo: untypedNoAcp.acpOverNoop.lo, hi: untypedNoAcp.acpOverNoop.hi, limit: TARGETS.noAcp });
  target({ text: "ACP code (the SDK's JavaScript and the generated files), acp/all's added cost over typescript-eslint recommended's", ...acpCodeShare, value: acpCodeShare.median, limit: TARGETS.acpCodeShare, format: "times" });
  out();
  const used = process.cpuUsage();
  const ended = performance.now();
  const seconds = (a, b) => `${((b - a) / 1000).toFixed(0)} s`;
  const split = parts.map(([name, at], i) => `${name} ${seconds(at, parts[i + 1]?.[1] ?? ended)}`).join(", ");
  out(`Took ${seconds(started, ended)} wall (${split}), ${ms((used.user + used.system) / 1000)} CPU in this process (the child processes not counted).`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
