// A cold run as CI pays it (issue 25, target 3): `acp-lint` on a repository, a new process per run, against the
// `eslint` command with the TypeScript parser and no rules on the same files, and with one no-op rule (what ESLint
// adds as soon as any rule is on, whatever the rule does). The workload is written out as a
// repository (the segments `dist`, `build`, `out` and `coverage` renamed, since acp-lint leaves build folders out
// below the path it is given, and ESLint would lint them), with an eslint.config.mjs (and noop.config.mjs) for the ESLint
// runs, which acp-lint does not read. Runs alternate (one of each untimed first: the files in the page cache); each child
// reports its own CPU time at exit (a module preloaded with --import), the parent times the wall.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { cpuShares } from "./cpu-shares.mjs";
import { out } from "./report.mjs";
import { int, ms, pad, ratioStats, spread, summary } from "./stats.mjs";
import { lineCount } from "./workload.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const CPU_REPORT = join(HERE, "cpu-at-exit.mjs");
// eslint's package exports no bin path: its folder is found from its package.json, which it does export.
const ESLINT_BIN = join(dirname(createRequire(import.meta.url).resolve("eslint/package.json")), "bin", "eslint.js");
const PARSER = pathToFileURL(createRequire(import.meta.url).resolve("@typescript-eslint/parser")).href;
// oxlint's command, from its package (bin/oxlint, a node script that loads its native binding).
const OXLINT_BIN = join(dirname(createRequire(import.meta.url).resolve("oxlint/package.json")), "bin", "oxlint");
const BUILD_SEGMENT = /^(?:dist|build|out|coverage|node_modules)$/u;

/** The workload's files under `dir`, build folder names renamed; returns their paths. */
function writeRepository(dir, files) {
  rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    const path = join(dir, ...file.name.split("/").map((segment) => (BUILD_SEGMENT.test(segment) ? `${segment}-` : segment)));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text);
  }
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "acp-bench-repository", private: true }));
  const base = `import parser from ${JSON.stringify(PARSER)};\nconst base = { files: ["**/*.{js,mjs,cjs,ts,mts,cts}"], languageOptions: { parser }, linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" } };\n`;
  writeFileSync(join(dir, "eslint.config.mjs"), `${base}export default [base];\n`);
  // The same with one rule that does nothing: what ESLint adds as soon as any rule is on.
  const noop = `{ files: base.files, plugins: { bench: { rules: { noop: { meta: { type: "problem", schema: [] }, create: () => ({ Program() {} }) } } } }, rules: { "bench/noop": "error" } }`;
  writeFileSync(join(dir, NOOP_CONFIG), `${base}export default [base, ${noop}];\n`);
}

const NOOP_CONFIG = "noop.config.mjs";

/** One run of `args` (a node script and its arguments) in `cwd`: wall and CPU time (ms), exit status, what it printed. */
function run(args, cwd) {
  const cpuFile = join(cwd, "..", "cpu.json");
  rmSync(cpuFile, { force: true });
  const started = performance.now();
  const child = spawnSync(process.execPath, ["--import", pathToFileURL(CPU_REPORT).href, ...args], {
    cwd,
    encoding: "utf8",
    maxBuffer: 64 << 20,
    env: { ...process.env, ACP_BENCH_CPU_OUT: cpuFile, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  const wall = performance.now() - started;
  const cpu = JSON.parse(readFileSync(cpuFile, "utf8"));
  return { wall, cpu: (cpu.user + cpu.system) / 1000, status: child.status, stdout: child.stdout, stderr: child.stderr };
}

/**
 * Runs the part and prints it: `runs` timed runs of each command after one untimed run of each. `cli` is the built
 * acp-lint (dist/cli.js beside the plugin). Returns acp-lint / eslint ratios of CPU and wall time.
 */
export function coldCliPart({ root, files, cli, runs }) {
  const repo = join(root, "cold-repository");
  writeRepository(repo, files);
  const commands = {
    eslint: [ESLINT_BIN, "--format", "json", "."],
    eslintNoop: [ESLINT_BIN, "--config", NOOP_CONFIG, "--format", "json", "."],
    acpLint: [cli, "--format", "json", "."],
  };
  const times = { eslint: { cpu: [], wall: [] }, eslintNoop: { cpu: [], wall: [] }, acpLint: { cpu: [], wall: [] } };
  const linted = {};
  for (let round = -1; round < runs; round++) {
    const order = round % 2 ? ["eslint", "eslintNoop", "acpLint"] : ["acpLint", "eslintNoop", "eslint"];
    for (const key of order) {
      const result = run(commands[key], repo);
      // eslint exits 0 (no rules), acp-lint 1 when it reports; anything else is a failed run.
      if (result.status !== 0 && result.status !== 1) throw new Error(`${key} failed (exit ${result.status}):\n${result.stderr.slice(0, 2000)}`);
      linted[key] = JSON.parse(result.stdout).length;
      if (round < 0) continue;
      times[key].cpu.push(result.cpu);
      times[key].wall.push(result.wall);
    }
    if (round >= 0) process.stderr.write(`  cold acp-lint: run ${round + 1}/${runs}\n`);
  }
  if (linted.eslint !== linted.acpLint || linted.eslint !== linted.eslintNoop) throw new Error(`eslint linted ${linted.eslint} files (${linted.eslintNoop} with one no-op rule), acp-lint ${linted.acpLint}: not the same files`);
  const ratios = {
    cpu: ratioStats(times.acpLint.cpu, times.eslint.cpu),
    wall: ratioStats(times.acpLint.wall, times.eslint.wall),
    noopCpu: ratioStats(times.eslintNoop.cpu, times.eslint.cpu),
    noopWall: ratioStats(times.eslintNoop.wall, times.eslint.wall),
  };
  const lines = files.reduce((sum, f) => sum + lineCount(f.text), 0);
  out(`Cold runs (a new process each, as CI runs them): acp-lint with no configuration, and the eslint command with the TypeScript parser and no`);
  out(`rules (and with one no-op rule), on the workload written out as a repository (${int(linted.eslint)} files, ${int(lines)} lines; all print JSON), ${runs} runs each after one untimed run of each.`);
  out(`  ${pad("command", 30)} ${pad("CPU median [min .. max]", -30)}  ${pad("wall median [min .. max]", -30)}`);
  for (const [key, label] of [["eslint", "eslint ., no rules"], ["eslintNoop", "eslint ., one no-op rule"], ["acpLint", "acp-lint ."]]) {
    out(`  ${pad(label, 30)} ${pad(spread(summary(times[key].cpu), ms), -30)}  ${pad(spread(summary(times[key].wall), ms), -30)}`);
  }
  out();
  return ratios;
}

/** A relative specifier in a module's text (`from "./x"`, `import("./x")`, `require("../x")`). */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*)["'](\.{1,2}\/[^"']+)["']/gu;

/**
 * The workload's module to edit, and how many files import it directly or through others: of the modules some file
 * imports, the one with the median number of such importers (an everyday edit, neither a leaf nor the types module
 * every file reaches).
 */
function moduleToEdit(files) {
  const names = new Set(files.map((f) => f.name));
  const resolveName = (from, specifier) => {
    const base = join(dirname(from), specifier).replace(/\.(?:js|mjs|cjs)$/u, "");
    return [base, `${base}.ts`, `${base}.js`, `${base}.mjs`, `${base}/index.ts`, `${base}/index.js`].find((name) => names.has(name));
  };
  const importers = new Map();
  for (const file of files) {
    for (const [, specifier] of file.text.matchAll(RELATIVE_IMPORT)) {
      const target = resolveName(file.name, specifier);
      if (target !== undefined && target !== file.name) importers.set(target, new Set([...(importers.get(target) ?? []), file.name]));
    }
  }
  const reach = (name) => {
    const seen = new Set();
    const queue = [name];
    for (let at = 0; at < queue.length; at++) {
      for (const by of importers.get(queue[at]) ?? []) {
        if (seen.has(by)) continue;
        seen.add(by);
        queue.push(by);
      }
    }
    return seen.size;
  };
  const ranked = [...importers.keys()].map((name) => ({ name, importers: reach(name) })).sort((a, b) => a.importers - b.importers || (a.name < b.name ? -1 : 1));
  return ranked[Math.floor(ranked.length / 2)];
}

/**
 * A second `acp-lint --cache` run (issue 36): after one imported module is edited, against a run with no change, a
 * new process each. The cache is warmed once untimed; then each round runs once with no change and once after an
 * edit to the module (a comment appended), in alternating order. Beside it, the same of the eslint command with the
 * TypeScript parser and no rules (`--cache`, its own cache file, its own copy of the repository: an edit made for one
 * command is no change to the other's next run): what re-linting the edited file costs before any plugin (acp-lint
 * also re-lints those of the module's importers the rules look into). Returns the edited / unchanged ratio of CPU time of
 * each, and the milliseconds each run adds after the edit (medians' difference).
 */
export function cachedCliPart({ root, files, cli, runs }) {
  const edit = moduleToEdit(files);
  if (!edit) throw new Error("the workload has no module that another file imports");
  const commands = {
    acpLint: [cli, "--cache", "--format", "json", "."],
    eslint: [ESLINT_BIN, "--cache", "--cache-location", join(root, "eslint-cache", ""), "--format", "json", "."],
  };
  // A copy of the repository for each command: an edit made for one command's run must not reach the other's run
  // "with no change" (each command's cache would see it as a change).
  const repos = {};
  for (const key of Object.keys(commands)) {
    const repo = join(root, `cached-repository-${key}`);
    writeRepository(repo, files);
    const path = join(repo, ...edit.name.split("/").map((segment) => (BUILD_SEGMENT.test(segment) ? `${segment}-` : segment)));
    repos[key] = { repo, path, original: readFileSync(path, "utf8") };
  }
  const times = { acpLint: { unchanged: [], edited: [] }, eslint: { unchanged: [], edited: [] } };
  const checked = (key, result) => {
    if (result.status !== 0 && result.status !== 1) throw new Error(`${key} --cache failed (exit ${result.status}):\n${result.stderr.slice(0, 2000)}`);
    return result;
  };
  for (const key of Object.keys(commands)) checked(key, run(commands[key], repos[key].repo));
  let edits = 0;
  for (let round = 0; round < runs; round++) {
    for (const command of round % 2 ? ["eslint", "acpLint"] : ["acpLint", "eslint"]) {
      const { repo, path, original } = repos[command];
      for (const key of round % 2 ? ["edited", "unchanged"] : ["unchanged", "edited"]) {
        if (key === "edited") writeFileSync(path, `${original}\n// edit ${edits++}\n`);
        times[command][key].push(checked(command, run(commands[command], repo)).cpu);
      }
    }
    process.stderr.write(`  acp-lint --cache: run ${round + 1}/${runs}\n`);
  }
  out(`--cache, a new process each, each command on a copy of the repository of its own: a run with no change, and a run after an edit to ${edit.name}, which`);
  out(`${int(edit.importers)} of its ${int(files.length)} files import directly or through others (the module of median reach), ${runs} runs each after one untimed run;`);
  out("acp-lint re-lints the edited module and the importers its rules look into, the eslint command with no rules the edited module.");
  out(`  ${pad("run", 52)} ${pad("CPU median [min .. max]", -30)}  ${pad("added by the edit", -18)}`);
  const added = {};
  for (const [command, name] of [["acpLint", "acp-lint --cache"], ["eslint", "eslint --cache, no rules"]]) {
    const medians = { unchanged: summary(times[command].unchanged).median, edited: summary(times[command].edited).median };
    added[command] = medians.edited - medians.unchanged;
    for (const [key, label] of [["unchanged", "no change"], ["edited", "one imported module edited"]]) {
      out(`  ${pad(`${name}, ${label}`, 52)} ${pad(spread(summary(times[command][key]), ms), -30)}  ${pad(key === "edited" ? ms(added[command]) : "", -18)}`);
    }
  }
  out();
  return {
    ...ratioStats(times.acpLint.edited, times.acpLint.unchanged),
    eslint: ratioStats(times.eslint.edited, times.eslint.unchanged),
    added,
  };
}

/**
 * Issue 38's cold part: the plugin under oxlint (a JS plugin) against oxlint alone, beside the plugin under the eslint
 * command against eslint alone, every acp/ rule on and no other rule (oxlint's own categories off), on the workload
 * written out as a repository; a new process each, `runs` timed runs of each after one untimed run of each. Printed,
 * no target. `plugin` is the built plugin's index.js.
 */
export function oxlintPart({ root, files, plugin, runs }) {
  const repo = join(root, "oxlint-repository");
  writeRepository(repo, files);
  // The rules of the oxlint config the build ships beside the plugin.
  const { rules } = JSON.parse(readFileSync(join(dirname(plugin), "oxlint", "all.json"), "utf8"));
  writeFileSync(join(repo, "oxlint-none.json"), JSON.stringify({ categories: { correctness: "off" }, ignorePatterns: ["*.config.mjs"] }));
  writeFileSync(join(repo, "oxlint-acp.json"), JSON.stringify({ jsPlugins: [plugin], categories: { correctness: "off" }, ignorePatterns: ["*.config.mjs"], rules }));
  const base = `import parser from ${JSON.stringify(PARSER)};\nimport acp from ${JSON.stringify(pathToFileURL(plugin).href)};\n`;
  writeFileSync(join(repo, "acp.config.mjs"), `${base}export default [{ files: ["**/*.{js,mjs,cjs,ts,mts,cts}"], languageOptions: { parser }, linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "off" } }, acp.configs.all];\n`);
  const commands = {
    eslint: [ESLINT_BIN, "--format", "json", "."],
    eslintAcp: [ESLINT_BIN, "--config", "acp.config.mjs", "--format", "json", "."],
    oxlint: [OXLINT_BIN, "-c", "oxlint-none.json", "-f", "json", "."],
    oxlintAcp: [OXLINT_BIN, "-c", "oxlint-acp.json", "-f", "json", "."],
  };
  const keys = Object.keys(commands);
  const times = Object.fromEntries(keys.map((key) => [key, { cpu: [], wall: [] }]));
  for (let round = -1; round < runs; round++) {
    for (const key of round % 2 ? keys : [...keys].reverse()) {
      const result = run(commands[key], repo);
      if (result.status !== 0 && result.status !== 1) throw new Error(`${key} failed (exit ${result.status}):\n${result.stderr.slice(0, 2000)}`);
      if (round < 0) continue;
      times[key].cpu.push(result.cpu);
      times[key].wall.push(result.wall);
    }
    if (round >= 0) process.stderr.write(`  oxlint: run ${round + 1}/${runs}\n`);
  }
  out(`oxlint (issue 38): the plugin as an oxlint JS plugin, every acp/ rule and no other rule, against oxlint alone; beside the eslint command`);
  out(`with the TypeScript parser and acp/all against it with no rules; the workload as a repository, ${runs} runs each after one untimed run of each.`);
  out(`  ${pad("command", 34)} ${pad("CPU median [min .. max]", -30)}  ${pad("wall median [min .. max]", -30)}`);
  for (const [key, label] of [["oxlint", "oxlint, no rules"], ["oxlintAcp", "oxlint with the plugin"], ["eslint", "eslint ., no rules"], ["eslintAcp", "eslint . with acp/all"]]) {
    out(`  ${pad(label, 34)} ${pad(spread(summary(times[key].cpu), ms), -30)}  ${pad(spread(summary(times[key].wall), ms), -30)}`);
  }
  const added = (a, b) => summary(times[a].cpu).median - summary(times[b].cpu).median;
  out(`  the plugin's added CPU: under oxlint ${ms(added("oxlintAcp", "oxlint"))}, under eslint ${ms(added("eslintAcp", "eslint"))}; with the plugin, oxlint / eslint: ${ratioStats(times.oxlintAcp.cpu, times.eslintAcp.cpu).median.toFixed(2)}x CPU, ${ratioStats(times.oxlintAcp.wall, times.eslintAcp.wall).median.toFixed(2)}x wall`);
  printShares(commands, repo, plugin);
  out();
}

/**
 * Where the JavaScript time of each command goes (one run each under --cpu-prof, bench/cpu-shares.mjs), and the
 * plugin's added time by bucket under each engine: why the plugin costs more under oxlint than under eslint.
 */
function printShares(commands, repo, plugin) {
  const shares = Object.fromEntries(Object.entries(commands).map(([key, args]) => [key, cpuShares(args, repo, plugin)]));
  const labels = [...shares.oxlintAcp.keys()];
  out(`  where the JavaScript time goes (one profiled run each, ms; oxlint's native threads are in none):`);
  out(`  ${pad("", 72)} ${["oxlint", "+ plugin", "added", "eslint", "+ acp/all", "added"].map((h) => pad(h, -9)).join(" ")}`);
  for (const label of labels) {
    const [o, oa, e, ea] = ["oxlint", "oxlintAcp", "eslint", "eslintAcp"].map((key) => shares[key].get(label) ?? 0);
    out(`  ${pad(label, 72)} ${[o, oa, oa - o, e, ea, ea - e].map((v) => pad(int(v), -9)).join(" ")}`);
  }
}
