// The garbage-collection diagnostics (`npm run bench -- --gc`): child processes of gc-trace.mjs, deterministic
// (--single-threaded), that show what the plugin keeps alive through scavenges. Not a target: bench/README.md's
// section tells what they found (rule contexts as prototypes, getters and functions V8 allocates in old space, the
// model cached under a promoted Program) and where to look if the promotion grows again.
import { gcTrace } from "./gc-trace.mjs";
import { NAMES } from "./configs.mjs";
import { out } from "./report.mjs";
import { int, mb, ms, pad, range } from "./stats.mjs";

const PASSES = 3;
const RUNS = { real: 3, generated: 1 };

const ROWS = [
  { key: "floor", label: NAMES.floor },
  { key: "noop", label: NAMES.noop },
  { key: "noop", copy: true, label: "one no-op rule, contexts copied (diag.)" },
  { key: "acp", label: NAMES.acp },
  { key: "acp", copy: true, label: "acp/all, contexts copied (diag.)" },
  { key: "floor", pretenuring: false, label: "floor, no pretenuring (diag.)" },
  { key: "acp", copy: true, pretenuring: false, label: "acp/all, copied, no pretenuring (diag.)" },
];

/** Runs the children and prints their table, for the quick workload's real files and its generated ones. */
export function gcPart({ plugin, root }) {
  out(`Garbage collection: child processes with node --single-threaded, V8's --trace-gc-nvp on for ${PASSES} passes after an untraced`);
  out("warm-up pass and a full GC; sums over the passes. Where a row has several children, the one of median promotion, and the range.");
  out("\"contexts copied\": in that child only, ESLint's FileContext.prototype.extend (each rule's context an Object.create() of the");
  out("file's) is replaced by a copy (bench/rule-context-copy.mjs). \"no pretenuring\": V8's --no-allocation-site-pretenuring, so");
  out("that promoted bytes follow what is kept alive rather than V8's pretenuring decisions.");
  for (const set of ["real", "generated"]) {
    const rows = ROWS.map((row) => {
      const runs = Array.from({ length: RUNS[set] }, () => gcTrace(row.key, { plugin, root, set, copy: row.copy, pretenuring: row.pretenuring !== false, passes: PASSES }));
      const sorted = runs.sort((a, b) => a.promoted - b.promoted);
      return { ...row, ...sorted[(sorted.length - 1) >> 1], low: sorted[0].promoted, high: sorted.at(-1).promoted };
    });
    const { files, lines } = rows[0];
    out(`  ${set === "real" ? "the quick workload's real files" : "the quick workload's generated ACP files"} (${int(files)} files, ${int(lines)} lines), ${RUNS[set] > 1 ? `median of ${RUNS[set]} children a row` : "one child a row"}`);
    out(`    ${pad("configuration", 40)} ${pad("scavenges", -9)}  ${pad("promoted", -9)}  ${pad("range", -20)}  ${pad("scavenge pauses", -15)}  ${pad("mark-compacts", -13)}  ${pad("m-c pauses + incr. steps", -24)}`);
    for (const r of rows) {
      if (r.note) {
        out(`    ${pad(r.label, 40)} skipped: ${r.note}`);
        continue;
      }
      out(
        `    ${pad(r.label, 40)} ${pad(int(r.scavenges), -9)}  ${pad(mb(r.promoted), -9)}  ${pad(range(r.low, r.high, mb), -20)}  ${pad(ms(r.scavengeMs), -15)}  ${pad(int(r.markCompacts), -13)}  ${pad(`${ms(r.markCompactMs)} + ${ms(r.incrementalMs)}`, -24)}`,
      );
    }
    const [floor, noop, , acp] = rows;
    out(`    promoted over the floor: one no-op rule ${mb(noop.promoted - floor.promoted)}, acp/all ${mb(acp.promoted - floor.promoted)}`);
  }
  out();
}
