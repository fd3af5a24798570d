import type { TSESTree } from "@typescript-eslint/utils";

/**
 * Lists of nodes, each in source order (parts of the file's gathered lists), merged into one in the order a walk
 * visits them: by start, an outer node before the nodes that start where it does. Often only one list has nodes: it is returned as it is.
 */
export function inSourceOrder<T extends TSESTree.Node>(...lists: readonly (readonly T[])[]): readonly T[] {
  const filled = lists.filter((list) => list.length > 0);
  if (filled.length <= 1) return filled[0] ?? [];
  return filled.flat().sort((a, b) => a.range[0] - b.range[0] || b.range[1] - a.range[1]);
}
