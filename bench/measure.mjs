// Timing: a pass lints a list of files with one configuration; a round makes one pass with every
// configuration, the order rotating from round to round so that none always runs first or right after
// another. Passes are whole (a configuration is not interleaved with another inside a pass: switching costs the
// JIT and the collector, and garbage would be collected on another configuration's clock) and start after a
// full garbage collection, untimed. Times are CPU time of the whole process (user + system, all threads: it
// counts what the lint did, not how long it waited for a core on a shared machine) and wall time.
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
 * `warmup + rounds` rounds over `entries` (`{ key, eslint, files, repeat? }`). Returns, by key, the CPU and wall
 * time of each measured round (warm-up dropped) and the reports of one lint of the files.
 */
export async function interleave(entries, { rounds, warmup, cwd, label }) {
  const out = Object.fromEntries(entries.map((e) => [e.key, { cpu: [], wall: [], reports: 0 }]));
  for (let round = 0; round < warmup + rounds; round++) {
    const started = performance.now();
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[(round + i) % entries.length];
      const result = await pass(entry.eslint, entry.files, cwd, entry.repeat ?? 1);
      out[entry.key].reports = result.reports;
      if (round < warmup) continue;
      out[entry.key].cpu.push(result.cpu);
      out[entry.key].wall.push(result.wall);
    }
    const what = round < warmup ? `warm-up ${round + 1}/${warmup}` : `round ${round - warmup + 1}/${rounds}`;
    process.stderr.write(`  ${label}: ${what} (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
  }
  return out;
}
