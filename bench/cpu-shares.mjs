// Where a command's JavaScript time goes (issue 38's attribution): one run under `node --cpu-prof`, every thread's
// profile read (oxlint runs JS plugins on the main thread, ESLint everything there), and each sample put in the first
// bucket its stack fits. Native work outside JavaScript (oxlint's parser and rules in Rust) shows in none: it is the
// process's CPU time minus the profiled time.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** The engines' own packages: oxlint's JS side, ESLint's (its SourceCode, scope manager and traversal). */
const ENGINE = /[\\/]node_modules[\\/](oxlint|@oxlint|eslint|@eslint|eslint-scope)[\\/]/;

/** The buckets, in the order a sample is tested against them: a test of the stack's frames (root to leaf). */
const BUCKETS = [
  ["garbage collection", (frames) => frames.at(-1)?.functionName === "(garbage collector)"],
  ["loading modules (compiling the plugin and its dependencies)", (frames) => frames.some((f) => f.url.startsWith("node:internal/modules") || f.functionName === "compileFunction" || f.functionName === "wrapSafe")],
  ["the plugin parsing imported modules (oxc-parser or typescript-estree, and scopes)", (frames, ctx) => frames.some(ctx.inPlugin) && frames.some((f) => /[\\/]oxc-parser[\\/]|[\\/]@typescript-eslint[\\/](typescript-estree|scope-manager)[\\/]|[\\/]typescript[\\/]lib[\\/]/.test(f.path))],
  ["the engine's JS the plugin calls (scopes, tokens, the tree's lazy parts)", (frames, ctx) => {
    const last = frames.findLastIndex(ctx.inPlugin);
    return last !== -1 && frames.slice(last + 1).some((f) => ENGINE.test(f.path));
  }],
  ["the plugin's rules and analysis", (frames, ctx) => frames.some(ctx.inPlugin)],
  ["oxlint's JS side (the tree handed to JS, its walk and dispatch)", (frames) => frames.some((f) => /[\\/]node_modules[\\/](oxlint|@oxlint)[\\/]/.test(f.path))],
  ["ESLint and its parser", (frames) => frames.some((f) => /[\\/]node_modules[\\/](eslint|@eslint|espree|@typescript-eslint)[\\/]/.test(f.path))],
  ["idle or outside JavaScript", (frames) => frames.length === 0 || ["(idle)", "(program)", "(root)"].includes(frames.at(-1)?.functionName)],
];
const OTHER = "other JavaScript";

const pathOf = (url) => {
  try {
    return url.startsWith("file:") ? fileURLToPath(url) : url;
  } catch {
    return url;
  }
};

/** Milliseconds by bucket over the profiles in `dir`; `plugin` is the built index.js, whose folder is the plugin's. */
function bucketsOf(dir, plugin) {
  const folder = dirname(plugin) + sep;
  const ctx = { inPlugin: (f) => f.path.startsWith(folder) };
  const totals = new Map([...BUCKETS.map(([label]) => [label, 0]), [OTHER, 0]]);
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(readFileSync(join(dir, name), "utf8"));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const stacks = new Map();
    const stackOf = (id) => {
      if (stacks.has(id)) return stacks.get(id);
      const { callFrame } = byId.get(id);
      const frame = { functionName: callFrame.functionName, url: callFrame.url ?? "", path: pathOf(callFrame.url ?? "") };
      const stack = parent.has(id) ? [...stackOf(parent.get(id)), frame] : [frame];
      stacks.set(id, stack);
      return stack;
    };
    profile.samples.forEach((id, i) => {
      const frames = stackOf(id).filter((f) => f.functionName !== "(root)" || f.url !== "");
      const label = BUCKETS.find(([, fits]) => fits(frames, ctx))?.[0] ?? OTHER;
      totals.set(label, totals.get(label) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
  }
  return totals;
}

/** Runs `args` (a node script and its arguments) in `cwd` once under --cpu-prof; returns milliseconds by bucket. */
export function cpuShares(args, cwd, plugin) {
  const dir = mkdtempSync(join(tmpdir(), "acp-cpu-prof-"));
  try {
    const child = spawnSync(process.execPath, ["--cpu-prof", "--cpu-prof-dir", dir, ...args], { cwd, encoding: "utf8", maxBuffer: 64 << 20 });
    if (child.status !== 0 && child.status !== 1) throw new Error(`profiled run failed (exit ${child.status}):\n${child.stderr.slice(0, 2000)}`);
    return bucketsOf(dir, plugin);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
