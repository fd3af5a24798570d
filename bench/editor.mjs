// A warm editor (issue 25, target 4): one long-lived ESLint instance per configuration re-lints a 3,000-line ACP
// agent after each edit, as the ESLint language server does on every keystroke's pause. Each lint gets a new text
// (a comment with the edit's number appended), so nothing is reused from the previous lint of the file; no forced
// garbage collection (an editor has none). Lints alternate floor and acp/all; the first `warmup` of each are
// untimed. Times are the main thread's wall time of one lint (the user waits for it), and CPU time for reference.
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { agentSource } from "./generate.mjs";
import { out } from "./report.mjs";
import { int, ms, pad, ratioStats, spread, summary } from "./stats.mjs";
import { lineCount } from "./workload.mjs";

/** Handlers of generate.mjs's SDK agent (about 16 lines each) that make a file of about 3,000 lines. */
const HANDLERS = 187;

/** Runs the part and prints it; `eslint` holds the floor's and acp/all's instances. Returns acp/all / floor. */
export async function editorPart({ eslint, root, lints, warmup }) {
  const text = agentSource(HANDLERS);
  const filePath = join(root, "editor", "agent.ts");
  const times = { floor: { wall: [], cpu: [] }, acp: { wall: [], cpu: [] } };
  let reports = 0;
  for (let edit = 0; edit < warmup + lints; edit++) {
    const order = edit % 2 ? ["floor", "acp"] : ["acp", "floor"];
    for (const key of order) {
      const edited = `${text}\n// edit ${edit} ${key}\n`;
      const cpu0 = process.cpuUsage();
      const started = performance.now();
      const [result] = await eslint[key].lintText(edited, { filePath });
      const wall = performance.now() - started;
      const cpu = process.cpuUsage(cpu0);
      if (result.messages.some((m) => m.fatal)) throw new Error("the editor's agent does not parse");
      if (key === "acp") reports = result.messages.length;
      if (edit < warmup) continue;
      times[key].wall.push(wall);
      times[key].cpu.push((cpu.user + cpu.system) / 1000);
    }
  }
  process.stderr.write(`  warm editor: ${warmup + lints} edits\n`);
  const ratios = { wall: ratioStats(times.acp.wall, times.floor.wall), cpu: ratioStats(times.acp.cpu, times.floor.cpu) };
  out(`A warm editor: one ESLint instance per configuration re-lints an SDK 2.x agent of ${int(lineCount(text))} lines after each of ${int(lints)} edits`);
  out(`(after ${warmup} untimed), floor and acp/all alternating, no forced GC; acp/all reports ${int(reports)} on it.`);
  out(`  ${pad("configuration", 30)} ${pad("ms a lint, median [min .. max]", -32)}  ${pad("CPU ms a lint, median", -22)}`);
  for (const [key, label] of [["floor", "floor: TS parser, no rules"], ["acp", "acp/all"]]) {
    out(`  ${pad(label, 30)} ${pad(spread(summary(times[key].wall), ms), -32)}  ${pad(ms(summary(times[key].cpu).median), -22)}`);
  }
  out(`  acp/all adds ${ms(summary(times.acp.wall).median - summary(times.floor.wall).median)} a lint (median of each).`);
  out();
  return ratios;
}
