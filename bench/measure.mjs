// Timing: a pass lints a list of files with one configuration; a round makes one pass with every
// configuration. The order of a round comes from a Williams design: over n rounds (2n for an odd count) every
// configuration runs right after every other exactly once, so none always pays for its predecessor's leftovers
// (garbage, a cold cache) and none always runs first. Passes are whole (a configuration is not interleaved with
// another inside a pass: switching costs the JIT and the collector, and garbage would be collected on another
// configuration's clock) and start after a full garbage collection, untimed. Times are CPU time of the whole
// process (user + system, all threads: it counts what the lint did, not how long it waited for a core on a
// shared machine) and wall time.
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

/** One timed pass: `files` linted `repeat` times; times are per lint of the files. */
async function pass(eslint, files, cwd, repeat) {
  gc();
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  let reports = 0;
  for (let i = 0; i < repeat; i++) reports = await lintFiles(eslint, files, cwd);
  const wall = performance.now() - wall0;
  const used = process.cpuUsage(cpu0);
  return { cpu: (used.user + used.system) / 1000 / repeat, wall: wall / repeat, reports };
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

/**
 * Warm-up rounds, then measured rounds over `entries` (`{ key, eslint, files, warm?, repeat? }`): at least
 * `rounds`, and more while the measured rounds have taken less than `budget` ms and fewer than `maxRounds` ran
 * (the count never depends on the times measured, only on the clock). Warm-up passes lint `warm` if given (a
 * smaller set: the JIT warms as well on it). Returns, by key, the CPU and wall time of each measured round and
 * the reports of one lint of the files, and the number of rounds.
 */
export async function interleave(entries, { rounds, warmup, cwd, label, budget = 0, maxRounds = rounds }) {
  const out = Object.fromEntries(entries.map((e) => [e.key, { cpu: [], wall: [], reports: 0 }]));
  const orders = williams(entries.length);
  for (let round = 0; round < warmup; round++) {
    const started = performance.now();
    for (const i of orders[(orders.length - 1 - round) % orders.length]) {
      const entry = entries[i];
      await pass(entry.eslint, entry.warm ?? entry.files, cwd, entry.repeat ?? 1);
    }
    process.stderr.write(`  ${label}: warm-up ${round + 1}/${warmup} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  const measuring = performance.now();
  let round = 0;
  while (round < rounds || (round < maxRounds && performance.now() - measuring < budget)) {
    const started = performance.now();
    for (const i of orders[round % orders.length]) {
      const entry = entries[i];
      const result = await pass(entry.eslint, entry.files, cwd, entry.repeat ?? 1);
      out[entry.key].reports = result.reports;
      out[entry.key].cpu.push(result.cpu);
      out[entry.key].wall.push(result.wall);
    }
    round++;
    const of = maxRounds > rounds ? `${rounds}-${maxRounds}` : `${rounds}`;
    process.stderr.write(`  ${label}: round ${round}/${of} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  return { ...out, rounds: round };
}
