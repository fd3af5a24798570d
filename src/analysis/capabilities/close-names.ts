/** Names users write for a defined capability key; each maps to the key the schema defines. */
const SYNONYMS: Readonly<Record<string, string>> = {
  filesystem: "fs",
  files: "fs",
  file: "fs",
  read: "readTextFile",
  readfile: "readTextFile",
  write: "writeTextFile",
  writefile: "writeTextFile",
  terminals: "terminal",
  sessions: "sessionCapabilities",
  prompt: "promptCapabilities",
  mcp: "mcpCapabilities",
};

const normalise = (name: string) => name.toLowerCase().replace(/[-_]/g, "");

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The one defined name `name` was probably meant as: the same up to case and underscores, a known synonym, or
 * at most two edits away (one for short names); undefined when none or several are that close.
 */
export function closeName(name: string, defined: readonly string[]): string | undefined {
  const wanted = normalise(name);
  const synonym = SYNONYMS[wanted];
  if (synonym && defined.includes(synonym)) return synonym;
  const exact = defined.filter((d) => normalise(d) === wanted);
  if (exact.length > 0) return exact.length === 1 ? exact[0] : undefined;
  const limit = wanted.length <= 5 ? 1 : 2;
  const near = defined.filter((d) => editDistance(normalise(d), wanted) <= limit);
  return near.length === 1 ? near[0] : undefined;
}
