import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { variableDeclaredFrom } from "../syntax/variables.js";
import { AWAITED_VALUE, calleeName, endsFunction, fallsThrough, followingStatement, isFalse, isNullish, outermostThrough, statementAfterBranch, unwrap } from "../syntax/ast.js";
import type { RequestFields } from "./fields.js";
import { onlyReports } from "./paths.js";
import { isAbsentValue, readCall, readPath } from "./reads.js";
import { declaredReturnType } from "../resolution/classes.js";
import { resolverOf } from "../resolution/resolver.js";
import { summariesOf } from "../summaries/summaries.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * A read keyed by the requested terminal id or path:
 * - `get`: gives the entry or nothing (`terminals.get(id)`, `terminals[id]`, `this.getTerminal(id)`);
 * - `has`: tells whether it exists (`terminals.has(id)`, `id in terminals`, `existsSync(path)`).
 * `check` marks an existence check of the file system rather than a lookup in the client's own store.
 */
export interface KeyedLookup {
  readonly node: TSESTree.Node;
  readonly kind: "get" | "has";
  readonly check: boolean;
  /** The key as written: the requested id or path; absent when a helper's lookup gets it from something else. */
  readonly key: TSESTree.Node | undefined;
}

/** Existence checks of a path: `existsSync`, `pathExists`, `fileExists`, `fs.exists`. */
const EXISTS = /exists?(Sync)?$/i;

/** Calls given the terminal id that read a terminal (`getTerminal`, `findTerminal`, `lookup`). */
const TERMINAL_READS = /^(get|find|lookup|fetch|retrieve)/i;

/** Calls given the path that look up what it names (`vault.getAbstractFileByPath(path)`, `findDocument(path)`). */
const FILE_READS = /^(get|find|lookup|resolve)\w*(File|Document|Doc|Buffer|Path|Entry|Node|Uri)/i;

/** `stat(path).catch(() => null)`: an existence check through a read whose failure gives nothing. */
function failedReadCheck(node: TSESTree.CallExpression, fields: RequestFields): KeyedLookup | undefined {
  if (fields.field !== "path" || node.callee.type !== AST_NODE_TYPES.MemberExpression || calleeName(node.callee) !== "catch") return undefined;
  const read = readCall(unwrap(node.callee.object), fields);
  const handler = node.arguments[0] && unwrap(node.arguments[0]);
  const key = read && readPath(read, fields);
  const givesNothing = handler?.type === AST_NODE_TYPES.ArrowFunctionExpression && handler.body.type !== AST_NODE_TYPES.BlockStatement && isAbsentValue(handler.body);
  return key && givesNothing ? { node, kind: "get", check: true, key } : undefined;
}

/** The lookups among `nodes`. */
export function keyedLookups(nodes: readonly TSESTree.Node[], fields: RequestFields): KeyedLookup[] {
  const out: KeyedLookup[] = [];
  for (const node of nodes) {
    const lookup = lookupAt(node, fields);
    if (lookup) out.push(lookup);
  }
  return out;
}

/**
 * A helper's lookup that a call gives back as it is (`const cell = resolveEntry(nb, params)` returning
 * `nb.cells.get(key(params.path))`): a lookup at the call, its key the argument that hands the field over when one
 * does (else unnamed: a fix names a placeholder).
 */
function returnedLookup(call: TSESTree.CallExpression, fields: RequestFields): KeyedLookup | undefined {
  const returned = summariesOf(resolverOf(fields.sourceCode)).returnedExpression(call);
  const inner = returned && lookupAt(returned.node, fields.atCall(returned));
  if (!inner) return undefined;
  const key = call.arguments.find((arg) => arg.type !== AST_NODE_TYPES.SpreadElement && fields.isField(arg));
  return { node: call, kind: inner.kind, check: inner.check, key };
}

function lookupAt(node: TSESTree.Node, fields: RequestFields): KeyedLookup | undefined {
  if (node.type === AST_NODE_TYPES.CallExpression) {
    const checked = failedReadCheck(node, fields);
    if (checked) return checked;
    const [first] = node.arguments;
    if (!first || first.type === AST_NODE_TYPES.SpreadElement || !fields.isField(first)) return returnedLookup(node, fields);
    const callee = unwrap(node.callee);
    const method = calleeName(callee);
    const onStore = callee.type === AST_NODE_TYPES.MemberExpression;
    if (onStore && method === "get") return { node, kind: "get", check: false, key: first };
    // `Map.delete(id)` and any operation on a terminal declared to return a boolean (`shutdownKernel(id): boolean`):
    // false when nothing has that key. A path's boolean is as often a test of its shape (`validatePath(path):
    // boolean`, `isInsideWorkspace(path)`) as of the file: only an existence check's name (EXISTS) says which.
    if (onStore && (method === "has" || method === "delete")) return { node, kind: "has", check: false, key: first };
    if (fields.field !== "path" && declaredReturnType(resolverOf(fields.sourceCode), node)?.type === AST_NODE_TYPES.TSBooleanKeyword) return { node, kind: "has", check: false, key: first };
    if (fields.field === "path") {
      if (method !== undefined && EXISTS.test(method)) return { node, kind: "has", check: true, key: first };
      return method !== undefined && FILE_READS.test(method) ? { node, kind: "get", check: false, key: first } : undefined;
    }
    return method !== undefined && TERMINAL_READS.test(method) ? { node, kind: "get", check: false, key: first } : undefined;
  }
  if (node.type === AST_NODE_TYPES.MemberExpression && node.computed && fields.isField(node.property)) {
    // `terminals[id] = x` writes the store; it is no lookup.
    const parent = node.parent;
    if (parent.type === AST_NODE_TYPES.AssignmentExpression && parent.left === node) return undefined;
    return { node, kind: "get", check: false, key: node.property };
  }
  if (node.type === AST_NODE_TYPES.BinaryExpression && node.operator === "in" && fields.isField(node.left)) {
    return { node, kind: "has", check: false, key: node.left };
  }
  return undefined;
}

/** A test of whether the resource exists, and the branch taken when it does not. */
export interface KeyedGuard {
  readonly lookup: KeyedLookup;
  /** The branch run when the resource is missing; `null` when there is none. */
  readonly miss: TSESTree.Node | null;
  /**
   * What answers the miss also runs when the resource exists: the statement after the `if`, after a branch that
   * falls through to it or a test that joins another condition (`if (t && !t.exited) { … } return {};`), or the
   * `return` a miss branch falls through to (`then`).
   */
  readonly shared?: boolean;
  /**
   * The `if` is the last statement of a function and its branch falls through: the miss runs off the function's end
   * (`miss` is the `if`), handing the request back to the caller, as `if (!t) return;` does.
   */
  readonly leaves?: boolean;
  /**
   * The `return` that runs after a miss branch that falls through (`if (!ok) { log(…); } return {};`): the miss
   * goes on to it, and only a known resource skips the branch.
   */
  readonly then?: TSESTree.ReturnStatement;
}

/** A test that joins the lookup's with another condition: `t && t.ready`, `!(t && t.ready)`. */
function isJoined(test: TSESTree.Node): boolean {
  let inner = unwrap(test);
  while (inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "!") inner = unwrap(inner.argument);
  return inner.type === AST_NODE_TYPES.LogicalExpression && inner.operator !== "??";
}

const KEPT_THROUGH: ReadonlySet<AST_NODE_TYPES> = new Set([...AWAITED_VALUE, AST_NODE_TYPES.ChainExpression]);

/** The variable a lookup's result is stored in: `const t = terminals.get(id)`, `const ok = await exists(p)`. */
function lookupVariable(sourceCode: SourceCode, lookup: KeyedLookup): TSESLint.Scope.Variable | undefined {
  const variable = variableDeclaredFrom(sourceCode, lookup.node, KEPT_THROUGH);
  return variable && variable.references.filter((r) => r.isWrite()).length === 1 ? variable : undefined;
}



/** The lookup an expression reads: the lookup itself (awaited) or the variable holding its result. */
function readOf(node: TSESTree.Node, lookups: readonly KeyedLookup[], vars: ReadonlyMap<TSESTree.Node, KeyedLookup>): KeyedLookup | undefined {
  let inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = unwrap(inner.argument);
  return lookups.find((l) => l.node === inner) ?? (inner.type === AST_NODE_TYPES.Identifier ? vars.get(inner) : undefined);
}

/** Whether a test says the resource exists (`present: true`) or is missing, and by which lookup. */
function presence(
  node: TSESTree.Node,
  lookups: readonly KeyedLookup[],
  vars: ReadonlyMap<TSESTree.Node, KeyedLookup>,
): { present: boolean; lookup: KeyedLookup } | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "!") {
    const p = presence(inner.argument, lookups, vars);
    return p && { present: !p.present, lookup: p.lookup };
  }
  if (inner.type === AST_NODE_TYPES.BinaryExpression && ["===", "==", "!==", "!="].includes(inner.operator)) {
    const constant = (n: TSESTree.Node) => isNullish(n) || isFalse(n);
    const [subject, other] = constant(inner.right) ? [inner.left, inner.right] : [inner.right, inner.left];
    if (!constant(other)) return undefined;
    const lookup = readOf(subject, lookups, vars);
    // A nullish test fits what gives the entry, `=== false` what tells whether it exists.
    if (!lookup || (isNullish(other) ? lookup.kind !== "get" : lookup.kind !== "has")) return undefined;
    return { present: inner.operator.startsWith("!"), lookup };
  }
  // `!file || !(file instanceof TFile)` is true for a missing file; `file && file.ready` false.
  if (inner.type === AST_NODE_TYPES.LogicalExpression && inner.operator !== "??") {
    const sides = [presence(inner.left, lookups, vars), presence(inner.right, lookups, vars)];
    const wanted = inner.operator === "||" ? false : true;
    const side = sides.find((p) => p?.present === wanted);
    return side;
  }
  const lookup = readOf(inner, lookups, vars);
  return lookup ? { present: true, lookup } : undefined;
}

/** The `if`s and conditionals among `nodes` that test whether the resource exists; `?? x` after a lookup. */
export function keyedGuards(sourceCode: SourceCode, nodes: readonly TSESTree.Node[], lookups: readonly KeyedLookup[]): KeyedGuard[] {
  if (lookups.length === 0) return [];
  const vars = new Map<TSESTree.Node, KeyedLookup>();
  for (const lookup of lookups) {
    const variable = lookupVariable(sourceCode, lookup);
    for (const ref of variable?.references ?? []) if (!ref.isWrite()) vars.set(ref.identifier, lookup);
  }
  const out: KeyedGuard[] = [];
  const guarded = new Set<KeyedLookup>();
  for (const node of nodes) {
    if (node.type !== AST_NODE_TYPES.IfStatement && node.type !== AST_NODE_TYPES.ConditionalExpression) continue;
    const found = presence(node.test, lookups, vars);
    if (!found) continue;
    // `if (t) { …; return …; } return {};`, `if (t) { t.kill(); } return {};`: with no else, what follows runs on a
    // miss, when no earlier test of the lookup has answered the miss already.
    const first = !guarded.has(found.lookup);
    guarded.add(found.lookup);
    const after = first && found.present && node.type === AST_NODE_TYPES.IfStatement ? statementAfterBranch(node) : undefined;
    if (found.present && !node.alternate && after) {
      const shared = fallsThrough((node as TSESTree.IfStatement).consequent) || isJoined(node.test);
      out.push({ lookup: found.lookup, miss: after, ...(shared ? { shared } : {}) });
    } else if (first && found.present && !node.alternate && node.type === AST_NODE_TYPES.IfStatement && fallsThrough(node.consequent) && endsFunction(node)) {
      out.push({ lookup: found.lookup, miss: node, leaves: true });
    } else if (first && !found.present && node.type === AST_NODE_TYPES.IfStatement && !node.alternate && onlyReports(node.consequent)) {
      // `if (!ok) { log(…); }`: the miss goes on to the `return` after it, or off the function's end.
      const next = followingStatement(node);
      if (next?.type === AST_NODE_TYPES.ReturnStatement) out.push({ lookup: found.lookup, miss: node.consequent, then: next, shared: true });
      else out.push(endsFunction(node) ? { lookup: found.lookup, miss: node, leaves: true } : { lookup: found.lookup, miss: node.consequent });
    } else out.push({ lookup: found.lookup, miss: found.present ? (node.alternate ?? null) : node.consequent });
  }
  for (const lookup of lookups) {
    if (lookup.kind !== "get") continue;
    const node = outermostThrough(lookup.node, AWAITED_VALUE);
    const parent = node.parent;
    if (parent?.type === AST_NODE_TYPES.LogicalExpression && parent.left === node && (parent.operator === "??" || parent.operator === "||")) {
      out.push({ lookup, miss: parent.right });
    }
  }
  return out;
}
