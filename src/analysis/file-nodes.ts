import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { ClassNode } from "./errors/error-classes.js";
import { type FunctionNode, walk } from "./syntax/ast.js";
import { fileOf } from "./resolution/source-files.js";

/** The nodes of the file by kind, in source order: gathered once, for every analysis to reuse. */
export interface FileNodes {
  imports: TSESTree.ImportDeclaration[];
  classes: ClassNode[];
  news: TSESTree.NewExpression[];
  calls: TSESTree.CallExpression[];
  objects: TSESTree.ObjectExpression[];
  assignments: TSESTree.AssignmentExpression[];
  enums: TSESTree.TSEnumDeclaration[];
  switches: TSESTree.SwitchStatement[];
  ifs: TSESTree.IfStatement[];
  conditionals: TSESTree.ConditionalExpression[];
  /** `key in object` tests. */
  inTests: TSESTree.BinaryExpression[];
  throws: TSESTree.ThrowStatement[];
  functions: FunctionNode[];
  declarators: TSESTree.VariableDeclarator[];
  /** Computed member expressions: `handlers[method]`, `CODES[err.code]`. */
  lookups: TSESTree.MemberExpressionComputedName[];
}

const emptyNodes = (): FileNodes => ({
  imports: [],
  classes: [],
  news: [],
  calls: [],
  objects: [],
  assignments: [],
  enums: [],
  switches: [],
  ifs: [],
  conditionals: [],
  inTests: [],
  throws: [],
  functions: [],
  declarators: [],
  lookups: [],
});

/** Where each gathered node type goes. */
const LISTS: Readonly<Partial<Record<string, keyof FileNodes>>> = {
  [AST_NODE_TYPES.ImportDeclaration]: "imports",
  [AST_NODE_TYPES.ClassDeclaration]: "classes",
  [AST_NODE_TYPES.ClassExpression]: "classes",
  [AST_NODE_TYPES.NewExpression]: "news",
  [AST_NODE_TYPES.CallExpression]: "calls",
  [AST_NODE_TYPES.ObjectExpression]: "objects",
  [AST_NODE_TYPES.AssignmentExpression]: "assignments",
  [AST_NODE_TYPES.TSEnumDeclaration]: "enums",
  [AST_NODE_TYPES.SwitchStatement]: "switches",
  [AST_NODE_TYPES.IfStatement]: "ifs",
  [AST_NODE_TYPES.ConditionalExpression]: "conditionals",
  [AST_NODE_TYPES.ThrowStatement]: "throws",
  [AST_NODE_TYPES.FunctionDeclaration]: "functions",
  [AST_NODE_TYPES.FunctionExpression]: "functions",
  [AST_NODE_TYPES.ArrowFunctionExpression]: "functions",
  [AST_NODE_TYPES.VariableDeclarator]: "declarators",
};

function gatherLookup(node: TSESTree.MemberExpression, into: FileNodes): void {
  if (node.computed) into.lookups.push(node);
}

function gatherInTest(node: TSESTree.BinaryExpression, into: FileNodes): void {
  if (node.operator === "in") into.inTests.push(node);
}

/** Nodes gathered during the lint's own traversal, by file; complete once the traversal has left the Program. */
const gathered = new WeakMap<TSESTree.Program, { nodes: FileNodes; complete: boolean }>();

/**
 * Listeners that gather the file's nodes as ESLint's traversal enters them, for the first rule of the plugin
 * that asks on this file (undefined for the others): ESLint visits every node anyway, and a walk of our own
 * over every node of every file cost more than most rules. `Program:exit` marks the gathering complete; it
 * runs before any rule's own `Program:exit`, since this rule's listeners were registered first.
 */
export function nodeGatherer(sourceCode: Readonly<TSESLint.SourceCode>): TSESLint.RuleListener | undefined {
  const program = sourceCode.ast;
  if (gathered.has(program)) return undefined;
  const entry = { nodes: emptyNodes(), complete: false };
  gathered.set(program, entry);
  // Built from entries, never as `listeners[type] = (node) => ...`: V8 allocates a function assigned to a property
  // in old space, and such a function, dead after the file, kept the file's nodes alive through every scavenge
  // until the next full collection.
  const listeners: [string, (node: never) => void][] = Object.entries(LISTS).map(([type, list]) => [type, pushTo(entry.nodes[list!] as TSESTree.Node[])]);
  listeners.push(
    [AST_NODE_TYPES.MemberExpression, gatherWith(gatherLookup, entry.nodes)],
    [AST_NODE_TYPES.BinaryExpression, gatherWith(gatherInTest, entry.nodes)],
    ["Program:exit", completes(entry)],
  );
  return Object.fromEntries(listeners) as TSESLint.RuleListener;
}

const pushTo =
  (into: TSESTree.Node[]) =>
  (node: TSESTree.Node): void => {
    into.push(node);
  };

const gatherWith =
  <T extends TSESTree.Node>(gather: (node: T, into: FileNodes) => void, into: FileNodes) =>
  (node: T): void => {
    gather(node, into);
  };

const completes = (entry: { complete: boolean }) => (): void => {
  entry.complete = true;
};

/** Forgets the file's gathered nodes once no rule of the plugin will ask for them again (see releaseModel). */
export function releaseNodes(program: TSESTree.Program): void {
  gathered.delete(program);
}

/** The file's nodes by kind: those the traversal gathered when it is over, else from a walk of the file. */
export function fileNodes(sourceCode: Readonly<TSESLint.SourceCode>): FileNodes {
  const entry = gathered.get(sourceCode.ast);
  if (entry?.complete) return entry.nodes;
  return fileOf(sourceCode.ast)?.linted === false ? moduleNodes(sourceCode) : walkedNodes(sourceCode);
}

/** The nodes of modules read by the resolution layer, by Program: walked once, kept as long as the parsed module. */
const modules = new WeakMap<TSESTree.Program, FileNodes>();

/** The nodes by kind of a module the resolution layer read (not the linted file: ESLint's traversal gathers those). */
export function moduleNodes(sourceCode: Readonly<TSESLint.SourceCode>): FileNodes {
  let found = modules.get(sourceCode.ast);
  if (!found) modules.set(sourceCode.ast, (found = walkedNodes(sourceCode)));
  return found;
}

/** The file's nodes by kind, from a walk of the file (what the gatherer must equal). */
export function walkedNodes(sourceCode: Readonly<TSESLint.SourceCode>): FileNodes {
  const found = emptyNodes();
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    const list = LISTS[node.type];
    if (list) (found[list] as TSESTree.Node[]).push(node);
    else if (node.type === AST_NODE_TYPES.MemberExpression) gatherLookup(node, found);
    else if (node.type === AST_NODE_TYPES.BinaryExpression) gatherInTest(node, found);
  });
  return found;
}

/**
 * The nodes of `sorted` (a list of FileNodes: in source order, by start) that lie inside `root`, in that order: a
 * binary search for the first, not a walk of `root`.
 */
export function nodesWithin<T extends TSESTree.Node>(sorted: readonly T[], root: TSESTree.Node): T[] {
  const [start, end] = root.range;
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]!.range[0] < start) low = mid + 1;
    else high = mid;
  }
  const out: T[] = [];
  for (let i = low; i < sorted.length && sorted[i]!.range[0] < end; i++) if (sorted[i]!.range[1] <= end) out.push(sorted[i]!);
  return out;
}
