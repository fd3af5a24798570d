import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { findVariable } from "./scope-utils.js";
import { fileOf } from "../resolution/source-files.js";
import { contains, outermostThrough, walk } from "./ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * The source code a node belongs to: its own file's, found through its Program (a node of a module the resolution
 * layer read is looked up in that module's scopes), else `fallback` (the linted file, before its model registers it).
 */
export function sourceCodeOf(node: TSESTree.Node, fallback: SourceCode): SourceCode {
  return fileOf(node)?.sourceCode ?? fallback;
}

/**
 * The variable an identifier names, in the identifier's own file: for a reference the scope manager resolved, the
 * variable it resolved it to (read from resolvedReferences); for any other identifier (a declaration's name, a
 * property's key, a global), looked up by name from the scope ESLint gives the identifier, outwards. (`findVariable`
 * given the node instead first scans every child scope for the innermost one, which `getScope` already is: at
 * module level that scan made each lookup cost as much as the file has functions.)
 */
export function variableOf(sourceCode: SourceCode, id: TSESTree.Identifier | TSESTree.JSXIdentifier): TSESLint.Scope.Variable | null {
  // Most identifiers asked about are `sourceCode`'s own: found in its index without first walking up to their file.
  const known = resolvedReferences(sourceCode).get(id);
  if (known) return known;
  const own = sourceCodeOf(id, sourceCode);
  return (own === sourceCode ? undefined : resolvedReferences(own).get(id)) ?? findVariable(own.getScope(id), id.name);
}

/** Whether a name's variable is a global the file neither declares nor imports (`Map`, `Error`): none, or one without definitions. */
export function isUndeclared(variable: TSESLint.Scope.Variable | null | undefined): boolean {
  return !variable || variable.defs.length === 0;
}

/** By the file's Program: let go when the linted file is done (releaseReferences), kept for a module the run reads. */
const referenceIndexes = new WeakMap<TSESTree.Program, ReadonlyMap<TSESTree.Node, TSESLint.Scope.Variable>>();

/**
 * Forgets a linted file's index once no rule will ask again: kept in the table until the Program dies, it would stay
 * reachable through every scavenge until the next full collection (see model.ts' releaseModel).
 */
export function releaseReferences(program: TSESTree.Program): void {
  referenceIndexes.delete(program);
}

/**
 * Every identifier the scope manager resolved as a reference, with its variable; built once per file. The lookup by
 * name from the identifier's scope finds the same variable, since that scope is the one the reference was resolved
 * from, except for a class's own decorators (`@register(Foo) class Foo {}`): the scope manager reads them in the
 * scope around the class, while ESLint gives them the class's scope, which holds the class's own name. Those are
 * left to the lookup. Asked about thousands of identifiers a file, the lookup cost an upward walk and an entry in
 * ESLint's scope cache each.
 */
function resolvedReferences(sourceCode: SourceCode): ReadonlyMap<TSESTree.Node, TSESLint.Scope.Variable> {
  let index = referenceIndexes.get(sourceCode.ast);
  if (index) return index;
  const found = new Map<TSESTree.Node, TSESLint.Scope.Variable>();
  const scopes = sourceCode.scopeManager?.scopes ?? [];
  const decorated = classDecoratorRanges(scopes);
  for (const scope of scopes) {
    for (const reference of scope.references) {
      if (!reference.resolved) continue;
      const at = reference.identifier.range[0];
      if (decorated.length > 0 && decorated.some(([start, end]) => start <= at && at < end)) continue;
      found.set(reference.identifier, reference.resolved);
    }
  }
  referenceIndexes.set(sourceCode.ast, (index = found));
  return index;
}

/** The ranges of the decorators of the classes that have a scope (a class's own decorators, not its members'). */
function classDecoratorRanges(scopes: readonly TSESLint.Scope.Scope[]): (readonly [number, number])[] {
  const out: (readonly [number, number])[] = [];
  for (const scope of scopes) {
    if (scope.type !== "class") continue;
    const block = scope.block as TSESTree.ClassDeclaration | TSESTree.ClassExpression;
    for (const decorator of block.decorators ?? []) out.push(decorator.range);
  }
  return out;
}

/** The variables a declaration (a declarator, a class, a function) declares, in its own file. */
export function declaredVariables(sourceCode: SourceCode, node: TSESTree.Node): readonly TSESLint.Scope.Variable[] {
  return sourceCodeOf(node, sourceCode).getDeclaredVariables(node);
}

/**
 * The variable `const x = <value>` declares, when `value` is its whole initializer, seen through the wrappers
 * named (`await`, `as T`, `?.`, `!`): where a lookup's result is kept (`const s = await store.get(id)`).
 */
export function variableDeclaredFrom(sourceCode: SourceCode, value: TSESTree.Node, through: ReadonlySet<AST_NODE_TYPES>): TSESLint.Scope.Variable | undefined {
  const node = outermostThrough(value, through);
  const declarator = node.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== node || declarator.id.type !== AST_NODE_TYPES.Identifier) {
    return undefined;
  }
  return declaredVariables(sourceCode, declarator)[0];
}

/** How many locals a value is followed back through to the variable it is computed from. */
const MAX_DERIVED_LOCALS = 8;

/**
 * The reads of `variable` and of the locals of `fn` computed from it: a local declared once (`const abs =
 * resolve(root, p); const rel = relative(root, abs);`) whose initializer reads `variable` or such a local, at most
 * MAX_DERIVED_LOCALS of them. A value that contains one of these reads is computed from `variable`.
 */
export function derivedReads(sourceCode: SourceCode, fn: TSESTree.Node, variable: TSESLint.Scope.Variable): TSESTree.Identifier[] {
  const reads = (v: TSESLint.Scope.Variable) => v.references.filter((r) => r.isRead()).map((r) => r.identifier as TSESTree.Identifier);
  const found = reads(variable);
  const declarators: TSESTree.VariableDeclarator[] = [];
  walk(fn, sourceCode.visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.VariableDeclarator && node.id.type === AST_NODE_TYPES.Identifier && node.init) declarators.push(node);
  });
  // In source order: a local computed from the one before it is found in the same pass.
  declarators.sort((a, b) => a.range[0] - b.range[0]);
  let locals = 0;
  for (const declarator of declarators) {
    if (locals >= MAX_DERIVED_LOCALS) break;
    if (!found.some((read) => contains(declarator.init!, read))) continue;
    const local = declaredVariables(sourceCode, declarator)[0];
    if (!local || local.defs.length !== 1 || local.references.some((r) => r.isWrite() && r.writeExpr !== declarator.init)) continue;
    found.push(...reads(local));
    locals++;
  }
  return found;
}
