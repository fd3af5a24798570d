// Where acp/all's CPU goes, measured so that machine noise cancels: an in-process CPU profile (node:inspector)
// of one pass, and the share of its samples that have a frame of the plugin's build on the stack. A slower
// machine slows the plugin and ESLint alike, so the share holds where pass times swing. It counts the plugin's
// own code and what it calls (@typescript-eslint/utils, the type checker), not ESLint's dispatch of its
// listeners nor the garbage collection the plugin causes (that shows in the GC section).
import { readFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { dirname, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** Sampling interval in microseconds: small enough for a few thousand samples a pass. */
export const INTERVAL = 200;

/** Runs `work` under the profiler; returns the profile (nodes, samples). */
export async function profiled(work) {
  const session = new Session();
  session.connect();
  try {
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: INTERVAL });
    await session.post("Profiler.start");
    // If `work` throws, disconnecting stops the profiler.
    await work();
    const { profile } = await session.post("Profiler.stop");
    await session.post("Profiler.disable");
    return profile;
  } finally {
    session.disconnect();
  }
}

const pathOf = (url) => {
  if (!url) return "";
  try {
    return url.startsWith("file:") ? fileURLToPath(url) : url;
  } catch {
    return url;
  }
};

/** The bundler's `//#region src/...` comments of a built file: [line (0-based), source] pairs, in order. */
function regions(path) {
  const found = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, i) => {
      const source = /^\/\/#region (\S+)/.exec(line)?.[1];
      if (source) found.push([i, source]);
    });
  return found;
}

/**
 * The samples of `profile`: how many, how many with a frame under the plugin's folder (that of `plugin`, the
 * built index.js) on the stack, how many in the garbage collector, and by plugin function ("name, source file
 * (built file:line)"), the samples with it on the stack (inclusive; a recursive function counts once a sample)
 * and the samples in its own code (self). `groups` (label to a test of a frame's function name and source file)
 * counts, by label, the samples with a matching plugin frame on the stack.
 */
export function attribute(profile, plugin, groups = {}) {
  const folder = dirname(plugin) + sep;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const regionsOf = new Map();
  /** The plugin function of a node, or undefined for another file's frame. */
  /** The group labels of each plugin function key. */
  const groupsOf = new Map();
  const functionOf = (node) => {
    const path = pathOf(node.callFrame.url);
    if (!path.startsWith(folder)) return undefined;
    if (!regionsOf.has(path)) regionsOf.set(path, regions(path));
    const { functionName, lineNumber } = node.callFrame;
    const source = regionsOf.get(path).findLast(([line]) => line <= lineNumber)?.[1];
    const key = `${functionName || "(anonymous)"}${source ? `, ${source}` : ""} (${path.slice(folder.length)}:${lineNumber + 1})`;
    if (!groupsOf.has(key)) groupsOf.set(key, Object.keys(groups).filter((label) => groups[label](functionName, source ?? "")));
    return key;
  };
  // By node: the plugin functions on its stack, root to node (memoised: samples share their stacks).
  const stacks = new Map();
  const framesOf = (id) => {
    if (stacks.has(id)) return stacks.get(id);
    const up = parent.has(id) ? framesOf(parent.get(id)) : [];
    const key = functionOf(byId.get(id));
    const frames = key && !up.includes(key) ? [...up, key] : up;
    stacks.set(id, frames);
    return frames;
  };
  const functions = new Map();
  const entry = (key) => functions.get(key) ?? functions.set(key, { inclusive: 0, self: 0 }).get(key);
  let inPlugin = 0;
  let gc = 0;
  const grouped = Object.fromEntries(Object.keys(groups).map((label) => [label, 0]));
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (node.callFrame.functionName === "(garbage collector)") gc++;
    const frames = framesOf(id);
    if (frames.length === 0) continue;
    inPlugin++;
    for (const key of frames) entry(key).inclusive++;
    for (const label of new Set(frames.flatMap((key) => groupsOf.get(key)))) grouped[label]++;
    const own = functionOf(node);
    if (own) entry(own).self++;
  }
  return { samples: profile.samples.length, plugin: inPlugin, gc, functions, grouped };
}
