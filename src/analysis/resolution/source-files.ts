import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { VisitorKeys } from "../syntax/ast.js";

/**
 * A file the analysis can read: the one being linted, or a project module it imports (read and parsed by
 * module-files.ts). Every node knows its file through its `Program`: an analysis that follows a call or a value into
 * another module keeps working with that module's scopes, without being told which file it is in.
 */
export interface SourceFile {
  /** The absolute path; undefined for linted text that is no file (`<input>`, `<text>`). */
  readonly path: string | undefined;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  /** Whether this is the file ESLint lints (reports go there), not one read for what it exports. */
  readonly linted: boolean;
}

const files = new WeakMap<TSESTree.Program, SourceFile>();

/** Makes the file known to `fileOf`; the linted file registers when its model is built, imported ones when parsed. */
export function registerFile(file: SourceFile): void {
  files.set(file.sourceCode.ast, file);
}

/** Forgets the linted file when its model is let go (see releaseModel). */
export function unregisterFile(program: TSESTree.Program): void {
  files.delete(program);
  if (lintedNow?.sourceCode.ast === program) lintedNow = undefined;
}

/**
 * The file ESLint lints now, from when its model is built until it is let go: the models of the modules it imports,
 * kept across linted files, take a function of this file they reach from its tree (Resolver.nearCalleeOf). One at a
 * time: ESLint runs every rule on a file before the next file (a worker thread has its own).
 */
let lintedNow: SourceFile | undefined;

/** See lintedNow. */
export function lintingNow(file: SourceFile): void {
  lintedNow = file;
}

/** See lintedNow. */
export function fileLintedNow(): SourceFile | undefined {
  return lintedNow;
}

/** The `Program` a node belongs to. */
export function programOf(node: TSESTree.Node): TSESTree.Program | undefined {
  let current: TSESTree.Node = node;
  while (current.parent) current = current.parent;
  return current.type === "Program" ? current : undefined;
}

/** The file a node belongs to; undefined for a node of no registered file (a detached or synthetic node). */
export function fileOf(node: TSESTree.Node): SourceFile | undefined {
  const program = programOf(node);
  return program && files.get(program);
}

/** Whether two nodes are in the same file. */
export function sameFile(a: TSESTree.Node, b: TSESTree.Node): boolean {
  return programOf(a) === programOf(b);
}

/**
 * Sets every node's `parent`, as ESLint's traversal does for the linted file: a file we parse ourselves has none,
 * and every analysis walks up through parents.
 */
export function setParents(program: TSESTree.Program, visitorKeys: VisitorKeys): void {
  const stack: TSESTree.Node[] = [program];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const key of visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      const items = Array.isArray(child) ? child : [child];
      for (const item of items) {
        if (!item || typeof (item as TSESTree.Node).type !== "string") continue;
        (item as { parent: TSESTree.Node }).parent = node;
        stack.push(item as TSESTree.Node);
      }
    }
  }
}
