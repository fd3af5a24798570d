#!/usr/bin/env node
// npm run metamorphic [-- --cases <folder> [--suites]] [--rewrites a,b] [--every n] [--json <file>] [--details <file>] [--floors full|sample]
//
// Issue 36's metamorphic suite, by hand: every valid and invalid case of the session, resource, params, prompt,
// lost-code and initialization rule suites (or, with --cases, the annotated files of a folder in ../shared/cases'
// format; --suites adds the suites' cases), linted as it is and through each rewrite of test/metamorphic/rewrites;
// prints per rewrite the cases it applied to, the reports kept and where, and the reports added to valid cases.
//
// It runs on src/ through vitest (test/metamorphic/report.run.ts), not on a build: the cases are collected by
// importing the rule suites, TypeScript modules whose testers hook into vitest, and the plugin they check is the
// source; no build step to forget. The floors of test/metamorphic/floors.json are asserted by the tests, not here;
// --floors full (or sample: one case in n, n from the file) writes today's figures there, rounded down.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, URL } from "node:url";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
if (args.includes("--help") || args.includes("-h")) {
  console.log(readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n")[1].replace(/^\/\/ /, ""));
  process.exit(0);
}
const floorsFile = join(repo, "test/metamorphic/floors.json");
const floorsSection = option("--floors");
if (floorsSection && !["full", "sample"].includes(floorsSection)) throw new Error("--floors takes full or sample");
const floors = JSON.parse(readFileSync(floorsFile, "utf8"));
const out = mkdtempSync(join(tmpdir(), "acp-metamorphic-"));
const json = join(out, "run.json");
const env = {
  ...process.env,
  METAMORPHIC_OUT: json,
  ...(option("--cases") ? { METAMORPHIC_CASES: resolve(option("--cases")) } : {}),
  ...(args.includes("--suites") ? { METAMORPHIC_SUITES: "1" } : {}),
  ...(option("--rewrites") ? { METAMORPHIC_REWRITES: option("--rewrites") } : {}),
  ...(option("--every") ? { METAMORPHIC_EVERY: option("--every") } : {}),
  ...(floorsSection ? { METAMORPHIC_EVERY: String(floors[floorsSection].every) } : {}),
};
if (floorsSection && (option("--cases") || option("--rewrites") || option("--every"))) throw new Error("--floors runs every rewrite on the suites' cases only");
const vitest = spawnSync(join(repo, "node_modules/.bin/vitest"), ["run", "--config", "test/metamorphic/vitest.config.ts"], {
  cwd: repo,
  env,
  encoding: "utf8",
  stdio: ["ignore", "pipe", "pipe"],
});
if (vitest.status !== 0) {
  process.stderr.write(vitest.stdout + vitest.stderr);
  rmSync(out, { recursive: true, force: true });
  process.exit(vitest.status ?? 1);
}
const run = JSON.parse(readFileSync(json, "utf8"));
rmSync(out, { recursive: true, force: true });
if (option("--json")) writeFileSync(option("--json"), JSON.stringify(run, null, 1));

const pct = (kept, total) => (total === 0 ? "-" : (Math.floor((1000 * kept) / total) / 10).toFixed(1));
const rows = [
  ["rewrite", "applied inv/val/ann", "survived", "%", "helper/call/same/moved", "in changed code", "%", "added valid/ann/inv", "broken", "crashed"],
  ...run.figures.map((f) => [
    f.rewrite,
    `${f.applied.invalid}/${f.applied.valid}/${f.applied.annotated}`,
    `${f.survived}/${f.reports}`,
    pct(f.survived, f.reports),
    `${f.places.helper}/${f.places.call}/${f.places.same}/${f.places.moved}`,
    `${f.changed.survived}/${f.changed.reports}`,
    pct(f.changed.survived, f.changed.reports),
    `${f.added.valid}/${f.added.annotated}/${f.added.invalid}`,
    String(f.broken.length),
    String(f.crashes.length),
  ]),
];
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
const o = run.originals;
console.log(`${o.cases} cases (${o.typed} with type information), ${o.reports} reports before any rewrite, ${run.seconds.toFixed(0)} s`);
console.log(rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ")).join("\n"));
for (const line of o.skipped) console.log(`skipped: ${line}`);
for (const line of o.mismatched) console.log(`linted otherwise than its suite: ${line}`);
if (o.expectedMissed.length) console.log(`expected but not reported before any rewrite (not counted): ${o.expectedMissed.join(", ")}`);
if (o.unexpected.length) console.log(`reported on no expect line before any rewrite (not counted): ${o.unexpected.join(", ")}`);
for (const f of run.figures) {
  for (const line of f.addedExamples) console.log(`${f.rewrite}: added: ${line}`);
  for (const line of f.broken) console.log(`${f.rewrite}: broken rewrite: ${line}`);
  for (const line of f.crashes) console.log(`${f.rewrite}: plugin crash: ${line.split("\n").slice(0, 3).join(" | ")}`);
}
if (option("--details")) {
  const text = [...run.lost.map((l) => ({ kind: "lost", ...l })), ...run.added.map((l) => ({ kind: "added", ...l }))]
    .map((l) => `### ${l.kind} ${l.rewrite} | ${l.label} | ${l.finding.rule}/${l.finding.messageId} ${l.finding.line}:${l.finding.column}${l.changed ? "" : " (outside the changed code)"}\n${l.line}\n\n${l.text}\n`)
    .join("\n");
  const rules = [...new Set(run.figures.flatMap((f) => Object.keys(f.byRule)))].sort();
  const byRule = [
    ["rule", ...run.figures.map((f) => f.rewrite)],
    ...rules.map((rule) => [rule, ...run.figures.map((f) => (f.byRule[rule] ? `${f.byRule[rule].survived}/${f.byRule[rule].reports}` : "-"))]),
  ];
  const w = byRule[0].map((_, i) => Math.max(...byRule.map((r) => r[i].length)));
  const header = `survived by rule\n${byRule.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join("  ")).join("\n")}\n\n`;
  writeFileSync(option("--details"), header + text);
  console.log(`details: ${option("--details")}`);
}
if (floorsSection) {
  const percent = (kept, total) => (total === 0 ? 100 : Math.floor((100 * kept) / total));
  floors[floorsSection].rewrites = Object.fromEntries(
    run.figures.map((f) => [
      f.rewrite,
      { survival: percent(f.survived, f.reports), changed: percent(f.changed.survived, f.changed.reports), addedOnValid: f.added.valid },
    ]),
  );
  writeFileSync(floorsFile, `${JSON.stringify(floors, null, 2)}\n`);
  console.log(`floors (${floorsSection}) written to ${floorsFile}`);
}
