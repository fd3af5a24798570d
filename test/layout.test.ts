import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = fileURLToPath(new URL("../src", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

/** The relative imports of a file (type-only ones too), as absolute `.ts` paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/from\s+"(\.{1,2}\/[^"]+)\.js"/g)].map((m) => resolve(dirname(file), `${m[1]}.ts`));
}

/** Every cycle of an import graph, each as the list of files it passes through. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const found: string[][] = [];
  const visit = (file: string, stack: string[]) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next, stack);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file, []);
  return found;
}

describe("source layout", () => {
  const files = sourceFiles(src);

  it("has no import cycles, type-only imports included", () => {
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    expect(cycles(graph).map((cycle) => cycle.map((f) => relative(src, f)))).toEqual([]);
  });

  it("the cycle check finds a cycle, direct or through a third file", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["d"]],
      ["e", ["a"]],
    ]);
    expect(cycles(graph)).toEqual([["a", "b", "c", "a"], ["d", "d"]]);
  });

  it("groups the analysis by concern: no folder holds more than a dozen files", () => {
    const analysis = join(src, "analysis");
    const counts = new Map<string, number>();
    for (const file of sourceFiles(analysis)) counts.set(dirname(file), (counts.get(dirname(file)) ?? 0) + 1);
    for (const [dir, count] of counts) expect({ dir: relative(src, dir), count }).toEqual({ dir: relative(src, dir), count: Math.min(count, 12) });
  });

  it("rules read the analysis through src/analysis/index.ts only", () => {
    const rules = fileURLToPath(new URL("../rules", import.meta.url));
    const analysis = join(src, "analysis");
    const strays = sourceFiles(rules).flatMap((file) =>
      importsOf(file)
        .filter((imported) => imported.startsWith(`${analysis}/`) && imported !== join(analysis, "index.ts"))
        .map((imported) => `${relative(rules, file)} -> ${relative(src, imported)}`),
    );
    expect(strays).toEqual([]);
    // The check sees an import that goes around the door.
    expect(importsOf(join(rules, "valid-stop-reason.ts"))).toContain(join(analysis, "index.ts"));
  });
});
