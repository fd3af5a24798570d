// `npm run bench:rules` (after `npm run build`; not part of `npm run bench`): what each rule of the plugin costs
// alone on the quick workload's ACP code, beside one no-op rule (what ESLint charges any rule) and acp/all, as
// target 2 of issue 25 measures it: the added cost over the floor against typescript-eslint recommended's. One rule
// alone pays the analysis every rule shares on a file with ACP code (relevance, the gathered nodes, the model's
// error sites and handlers) and its own part; acp/all pays the shared part once. It shows what bounds that target:
// the no-op rule and the cheapest rule alone, against the limit. Per-rule differences are tens of milliseconds on a
// pass of about a second: read them with their intervals.
//
//   node bench/rule-costs.mjs [--plugin path/to/index.js]
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { configFor, exitWithoutBuild, NAMES, pluginPath } from "./configs.mjs";
import { eslintFor, interleave } from "./measure.mjs";
import { out } from "./report.mjs";
import { diffs, growthStats, int, median, ms, pad, summary } from "./stats.mjs";
import { workload, writeWorkload } from "./workload.mjs";

// As the bench: the process is a single run, as `eslint .` is.
process.env["ACP_SINGLE_RUN"] ??= "true";

/** Timed rounds after one warm-up: about 3 minutes on 2 cores. */
const PLAN = { warmup: 1, rounds: 7 };

const plugin = pluginPath();
exitWithoutBuild(plugin);
const { default: acp } = await import(pathToFileURL(plugin).href);
const rules = Object.keys(acp.configs.all.rules);
const keys = ["floor", "noop", "tseslint", "acp", ...rules];
const label = (key) => NAMES[key] ?? key;
const root = mkdtempSync(join(tmpdir(), "acp-rule-costs-"));

try {
  const work = workload({ quick: true });
  writeWorkload(root, work);
  const eslint = {};
  for (const key of keys) eslint[key] = eslintFor(await configFor(key, { plugin }), root);

  const timed = await interleave(
    keys.map((key) => ({ key, eslint: eslint[key], files: work.acpCode })),
    { ...PLAN, cwd: root, label: "ACP code" },
  );
  const overNoop = (key) => summary(diffs(timed[key].cpu, timed.noop.cpu));
  const share = (key) => growthStats(diffs(timed[key].cpu, timed.floor.cpu), diffs(timed.tseslint.cpu, timed.floor.cpu));
  out(`The quick workload's ACP code (${int(work.acpCode.length)} files), CPU time of a pass after a full GC, ${timed.rounds} rounds after ${PLAN.warmup} warm-up`);
  out("(configurations in a Williams design's orders); over one no-op rule: the median and quartiles of per-round differences;");
  out("added cost over the floor / typescript-eslint recommended's, with its 90% bootstrap interval (target 2: acp/all at most 0.5x):");
  out(`  ${pad("configuration", 40)} ${pad("CPU", -9)}  ${pad("over the no-op rule [quartiles]", -34)}  / recommended's`);
  for (const key of keys) {
    const over = overNoop(key);
    const added = share(key);
    const overText = key === "floor" || key === "noop" ? "" : `${ms(over.median)} [${ms(over.q1)} .. ${ms(over.q3)}]`;
    const shareText = key === "floor" ? "" : `${added.median.toFixed(2)}x [${added.lo.toFixed(2)}x .. ${added.hi.toFixed(2)}x]`;
    out(`  ${pad(label(key), 40)} ${pad(ms(median(timed[key].cpu)), -9)}  ${pad(overText, -34)}  ${shareText}`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
