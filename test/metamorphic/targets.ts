/**
 * The guarded lookups the "move into a helper" rewrites move (a same-file function, a `#private` method, a class of
 * another module, a closure in an object passed to another module), and the pieces every such move writes: the
 * moved code as a function body, and the statement or expression that calls it where the code was.
 */
import type { Edits, Piece, Substitution } from "./edit.js";
import { sliceWith } from "./edit.js";
import {
  AST_NODE_TYPES,
  type Needs,
  type Node,
  type Source,
  type TSESTree,
  enclosingFunction,
  firstParamVariables,
  indentAt,
  isFunction,
  isLookup,
  lookupsIn,
  needsOf,
  readsRequest,
  statementList,
  walk,
} from "./syntax.js";

/** A guarded lookup: statements (`const s = x.get(id); if (!s) throw …`, or the guard alone) or a lookup expression. */
export interface Extraction {
  readonly fn: TSESTree.ArrowFunctionExpression | TSESTree.FunctionDeclaration | TSESTree.FunctionExpression;
  readonly from: number;
  readonly to: number;
  readonly kind: "statements" | "expression";
  /** The variable the moved statements declare, when the code after them reads it (the helper returns it). */
  readonly declared?: { readonly keyword: string; readonly id: readonly [number, number]; readonly name: string };
  readonly needs: Needs;
}

const singleIdentifier = (s: Node | undefined): TSESTree.VariableDeclaration | undefined =>
  s?.type === AST_NODE_TYPES.VariableDeclaration &&
  s.declarations.length === 1 &&
  s.declarations[0]!.id.type === AST_NODE_TYPES.Identifier &&
  s.declarations[0]!.init &&
  !s.declare
    ? s
    : undefined;

const identifiersIn = (node: Node): Set<string> => {
  const names = new Set<string>();
  walk(node, (n) => {
    if (n.type === AST_NODE_TYPES.Identifier) names.add(n.name);
  });
  return names;
};

/**
 * Every guarded lookup of the module, in functions only: an `if` whose test holds a lookup keyed by the request,
 * tests the variable the statement before it declared from one, or reads the request (`if (!modes.includes(p.modeId))`,
 * `if (params.protocolVersion !== 1)`), with that declaration; a declaration of a lookup no guard follows; a lookup
 * anywhere else in an expression (`sessions.get(params.sessionId)!.turns`). None that a helper could not run alike
 * (a `return`, `yield` or jump out of it, a write to a variable declared outside).
 */
export function extractions(source: Source): Extraction[] {
  const firstParams = firstParamVariables(source);
  const found: Extraction[] = [];
  const taken: [number, number][] = [];
  const add = (x: Omit<Extraction, "needs">) => {
    const needs = needsOf(source, x.from, x.to);
    if (needs.blocker) return;
    found.push({ ...x, needs });
    taken.push([x.from, x.to]);
  };
  walk(source.ast, (node) => {
    const list = node.type === AST_NODE_TYPES.IfStatement || node.type === AST_NODE_TYPES.VariableDeclaration ? statementList(source, node) : undefined;
    const fn = enclosingFunction(source, node);
    if (!list || !fn || taken.some(([a, b]) => a <= node.range[0] && node.range[1] <= b)) return;
    const index = list.indexOf(node as TSESTree.Statement);
    if (node.type === AST_NODE_TYPES.IfStatement) {
      const before = singleIdentifier(list[index - 1]);
      const name = before && (before.declarations[0]!.id as TSESTree.Identifier).name;
      const testsDeclared = name !== undefined && identifiersIn(node.test).has(name) && (lookupsIn(source, before!.declarations[0]!.init!, firstParams).length > 0 || readsRequest(source, before!.declarations[0]!.init!, firstParams));
      if (!testsDeclared && lookupsIn(source, node.test, firstParams).length === 0 && !readsRequest(source, node.test, firstParams)) return;
      const start = testsDeclared && !taken.some(([a, b]) => a <= before!.range[0] && before!.range[1] <= b) ? before! : node;
      add({ fn, from: start.range[0], to: node.range[1], kind: "statements", declared: declaredAfter(source, start, node.range[1]) });
      return false;
    }
    const declaration = singleIdentifier(node);
    if (!declaration) return;
    const init = declaration.declarations[0]!.init!;
    if (lookupsIn(source, init, firstParams).length === 0) return;
    // A guard after it takes the declaration with it.
    const next = list[index + 1];
    if (next?.type === AST_NODE_TYPES.IfStatement && identifiersIn(next.test).has((declaration.declarations[0]!.id as TSESTree.Identifier).name)) return;
    add({ fn, from: node.range[0], to: node.range[1], kind: "statements", declared: declaredAfter(source, declaration, node.range[1]) });
    return false;
  });
  // Lookups in other expressions: the lookup itself moves.
  walk(source.ast, (node) => {
    if (isFunction(node) && taken.some(([a, b]) => a <= node.range[0] && node.range[1] <= b)) return false;
    const fn = enclosingFunction(source, node);
    if (!fn || taken.some(([a, b]) => a <= node.range[0] && node.range[1] <= b)) return;
    if (!isLookup(source, node, firstParams)) return;
    const parent = source.parents.get(node);
    // Not the target of a write (`store[id] = x`, `delete store[id]`), nor a callee whose `this` would change.
    if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === node) return false;
    if (parent?.type === AST_NODE_TYPES.UnaryExpression && parent.operator === "delete") return false;
    if (parent?.type === AST_NODE_TYPES.UpdateExpression) return false;
    if (parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === node) return false;
    if (parent?.type === AST_NODE_TYPES.ChainExpression || (node.type === AST_NODE_TYPES.MemberExpression && node.optional)) return false;
    add({ fn, from: node.range[0], to: node.range[1], kind: "expression" });
    return false;
  });
  return found.sort((a, b) => a.from - b.from);
}

/** What `declaration` declares, when it starts the moved statements and code after `end` reads it. */
function declaredAfter(source: Source, start: Node, end: number): Extraction["declared"] {
  const declaration = singleIdentifier(start);
  if (!declaration) return undefined;
  const id = declaration.declarations[0]!.id as TSESTree.Identifier;
  const variable = source.scopes.getDeclaredVariables(declaration.declarations[0]!)[0];
  if (!variable?.references.some((r) => r.identifier.range[0] >= end)) return undefined;
  return { keyword: declaration.kind, id: id.range, name: id.name };
}

/** The moved code as a function body (statements, then `return s;`; or `return <lookup>;`), `subs` replaced inside it. */
export function bodyPieces(code: string, x: Extraction, subs: readonly Substitution[], indent: string): Piece[] {
  const inside = [...subs, ...reindent(code, x.from, x.to, indent)];
  if (x.kind === "expression") return [`${indent}return `, ...sliceWith(x.from, x.to, inside, "helper"), ";"];
  return [indent, ...sliceWith(x.from, x.to, inside, "helper"), ...(x.declared ? [`\n${indent}return ${x.declared.name};`] : [])];
}

/**
 * The indentation of each line after the first of `[from, to)` (the first line's, or less) written as `indent`;
 * none when the code holds a template literal, whose lines are its value.
 */
export function reindent(code: string, from: number, to: number, indent: string): Substitution[] {
  const base = indentAt(code, from);
  const subs: Substitution[] = [];
  if (code.slice(from, to).includes("`")) return subs;
  for (let at = code.indexOf("\n", from); at !== -1 && at < to; at = code.indexOf("\n", at + 1)) {
    const own = /^[ \t]*/u.exec(code.slice(at + 1, to))![0];
    const common = own.startsWith(base) ? base.length : own.length;
    subs.push({ from: at + 1, to: at + 1 + common, pieces: [indent] });
  }
  return subs;
}

/** Replaces the moved code by `call` (awaited when the code awaited): `const s = call;`, `call;`, or the call in place. */
export function replaceByCall(edits: Edits, x: Extraction, call: string | readonly Piece[]): void {
  const pieces = typeof call === "string" ? [call] : call;
  const awaited = x.needs.awaits ? ["await ", ...pieces] : pieces;
  if (x.kind === "expression") {
    edits.replace(x.from, x.to, x.needs.awaits ? ["(", ...awaited, ")"] : awaited, "call");
    return;
  }
  if (!x.declared) {
    edits.replace(x.from, x.to, [...awaited, ";"], "call");
    return;
  }
  edits.replace(x.from, x.to, [`${x.declared.keyword} ${edits.original.slice(...x.declared.id)} = `, ...awaited, ";"], "call");
}

/** `this` replaced by `name` inside the moved code (a helper that takes the instance as a parameter). */
export const thisAs = (x: Extraction, name: string): Substitution[] => x.needs.thisAt.map((t) => ({ from: t.range[0], to: t.range[1], pieces: [name] }));

/** The text of a function's parameter list: `(a, b)`, each untyped (TypeScript's `any` where it checks). */
export const parameterList = (names: readonly string[]): string => `(${names.join(", ")})`;
