// Timing: a pass lints a list of files with one configuration; a round makes one pass with every
// configuration. The order of a round comes from a Williams design: over n rounds (2n for an odd count) every
// configuration runs right after every other exactly once, so none always pays for its predecessor's leftovers
// (garbage, a cold cache) and none always runs first. Passes are whole (a configuration is not interleaved with
// another inside a pass: switching costs the JIT and the collector, and garbage would be collected on another
// configuration's clock) and start after a full garbage collection, untimed. Times are CPU time of the whole
// process (user + system, all threads: it counts what the lint did, not how long it waited for a core on a
// shared machine) and wall time.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { ESLint } from "eslint";

setFlagsFromString("--expose-gc");
/** V8's full garbage collection (exposed at run time rather than by a node flag). */
export const gc = runInNewContext("gc");

/** An ESLint instance that lints with `config` alone, files named relative to `cwd`. */
export const eslintFor = (config, cwd) => new ESLint({ cwd, overrideConfigFile: true, overrideConfig: config });

/** Lints `files` (`{ name, text }`) once; returns the number of rule reports. Throws if a file does not parse. */
export async function lintFiles(eslint, files, cwd) {
  let reports = 0;
  for (const file of files) {
    const [result] = await eslint.lintText(file.text, { filePath: join(cwd, file.name) });
    const fatal = result.messages.find((m) => m.fatal);
    if (fatal) throw new Error(`${file.name}:${fatal.line}: ${fatal.message}`);
    // Only rule reports: the notes that noInlineConfig leaves on the real files' directives are the same for all.
    reports += result.messages.filter((m) => m.ruleId).length;
  }
  return reports;
}

/** CPU time (ms) of one lint of `files` after a full GC, and its reports. */
export async function timedLint(eslint, files, cwd) {
  gc();
  const before = process.cpuUsage();
  const reports = await lintFiles(eslint, files, cwd);
  const used = process.cpuUsage(before);
  return { cpu: (used.user + used.system) / 1000, reports };
}

/**
 * CPU time (ms) of the calling thread, the main one, from Linux's /proc/thread-self/stat; undefined elsewhere. The
 * rest of the process's CPU time is V8's helper threads: its optimizing compiler and the parallel and concurrent
 * parts of garbage collection.
 */
export function mainThreadCpu() {
  try {
    // After the thread's name in parentheses (which may hold spaces), from the state on: utime and stime are the
    // 12th and 13th fields, in clock ticks (USER_HZ, 100 a second).
    const stat = readFileSync("/proc/thread-self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One timed pass: `parts` (lists of files, linted in turn) linted `repeat` times; times are per lint of the
 * files. Returns the CPU time of the whole pass and of each part, and the main thread's (NaN where unknown).
 */
async function pass(eslint, parts, cwd, repeat) {
  gc();
  const cpu0 = process.cpuUsage();
  const main0 = mainThreadCpu();
  const wall0 = performance.now();
  let reports = 0;
  const partCpu = parts.map(() => 0);
  for (let i = 0; i < repeat; i++) {
    reports = 0;
    for (const [p, files] of parts.entries()) {
      const before = process.cpuUsage();
      reports += await lintFiles(eslint, files, cwd);
      const used = process.cpuUsage(before);
      partCpu[p] += (used.user + used.system) / 1000 / repeat;
    }
  }
  const wall = performance.now() - wall0;
  const main1 = mainThreadCpu();
  const used = process.cpuUsage(cpu0);
  const main = main0 === undefined || main1 === undefined ? Number.NaN : (main1 - main0) / repeat;
  return { cpu: (used.user + used.system) / 1000 / repeat, wall: wall / repeat, main, parts: partCpu, reports };
}

/**
 * The orders of a Williams design for `n` configurations: n rows for an even n, 2n for an odd one. Row 0 is
 * 0, 1, n-1, 2, n-2, ...; row r adds r to each (mod n); an odd n adds the rows reversed.
 */
export function williams(n) {
  const first = [0];
  for (let i = 1, lo = 1, hi = n - 1; i < n; i++) first.push(i % 2 ? lo++ : hi--);
  const rows = Array.from({ length: n }, (_, r) => first.map((x) => (x + r) % n));
  return n % 2 ? [...rows, ...rows.map((row) => [...row].reverse())] : rows;
}

/** The lists of files an entry's pass lints and times one by one. */
const partsOf = (entry) => entry.parts ?? [entry.files];

/**
 * Warm-up rounds, then measured rounds over `entries` (`{ key, eslint, files | parts, warm?, repeat? }`; `parts`
 * are lists of files a pass lints and times one by one, in order; `files` is one such list): at least
 * `rounds`, and more while the measured rounds have taken less than `budget` ms and fewer than `maxRounds` ran
 * (the count never depends on the times measured, only on the clock). Warm-up passes lint `warm` if given (a
 * smaller set: the JIT warms as well on it). Returns, by key, the CPU and wall time of each measured round, its
 * main thread's CPU time (NaN where unknown) and each part's CPU time (`parts[p][round]`), the reports of one lint
 * of the files, and the number of rounds.
 */
export async function interleave(entries, { rounds, warmup, cwd, label, budget = 0, maxRounds = rounds }) {
  const out = Object.fromEntries(entries.map((e) => [e.key, { cpu: [], wall: [], main: [], parts: [], reports: 0 }]));
  const orders = williams(entries.length);
  for (let round = 0; round < warmup; round++) {
    const started = performance.now();
    for (const i of orders[(orders.length - 1 - round) % orders.length]) {
      const entry = entries[i];
      await pass(entry.eslint, [entry.warm ?? partsOf(entry).flat()], cwd, entry.repeat ?? 1);
    }
    process.stderr.write(`  ${label}: warm-up ${round + 1}/${warmup} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  const measuring = performance.now();
  let round = 0;
  while (round < rounds || (round < maxRounds && performance.now() - measuring < budget)) {
    const started = performance.now();
    for (const i of orders[round % orders.length]) {
      const entry = entries[i];
      const result = await pass(entry.eslint, partsOf(entry), cwd, entry.repeat ?? 1);
      const own = out[entry.key];
      own.reports = result.reports;
      own.cpu.push(result.cpu);
      own.wall.push(result.wall);
      own.main.push(result.main);
      result.parts.forEach((cpu, p) => (own.parts[p] ??= []).push(cpu));
    }
    round++;
    const of = maxRounds > rounds ? `${rounds}-${maxRounds}` : `${rounds}`;
    process.stderr.write(`  ${label}: round ${round}/${of} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  return { ...out, rounds: round };
}
