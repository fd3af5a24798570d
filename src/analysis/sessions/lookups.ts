import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { variableDeclaredFrom } from "../syntax/variables.js";
import { AWAITED_VALUE, calleeName, type FunctionNode, isFunction, memberName, outermostThrough, unwrap, walk } from "../syntax/ast.js";
import { isCertainMissCall } from "./certain-miss.js";
import type { SessionScope, SessionScopes } from "./scopes.js";
import { isMapStore } from "./stores.js";
import { declaredReturnType } from "../resolution/classes.js";
import { resolverOf } from "../resolution/resolver.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * A read of a store by the requested id:
 * - `get`: gives the entry or `undefined` (`store.get(id)`, `store[id]`);
 * - `has`: tells whether it exists (`has`, `in`, `delete`);
 * - `call`: any other call given the id (`this.manager.getSession(id)`, `await this.store.restore(id)`), which
 *   gives the entry, a boolean or nothing; it counts only where its result is tested for absence.
 */
export interface SessionLookup {
  readonly node: TSESTree.Node;
  /** `index`: gives the entry's position, -1 when there is none (`runs.findIndex((r) => r.sessionId === id)`). */
  readonly kind: "get" | "has" | "call" | "index";
  /** A miss certainly gives `undefined` or `null`: a map or plain object, or a call declared so. */
  readonly certainMiss: boolean;
  /** What is read: the map, the object, the service (`this.manager`); absent for a function of the file. */
  readonly store?: TSESTree.Node;
  /** The method called: `get`, `getSession`, `restore`. */
  readonly method?: string;
}

const HAS_METHODS = new Set(["has", "delete"]);

/** Calls that check the id's form rather than look it up: `pattern.test(id)`, `validateSessionId(id)`. */
const FORM_CHECKS = /^(test|match|exec|validate|isValid|verify|assert|check|parse|normalize|sanitize)/i;

/** Calls given the id that write or announce rather than read: never a lookup. */
const WRITE_METHODS = /^(set|add|push|put|insert|delete|remove|emit|send|notify|log|debug|info|warn|error|trace|write|dispatch|publish|update|assign|clear|close|dispose|cancel|abort)/i;

/** The lookups of one scope: `store.get(id)`, `store[id]`, `store.has(id)`, `id in store`, `getSession(id)`. */
export function findLookups(sourceCode: SourceCode, scopes: SessionScopes, scope: SessionScope): SessionLookup[] {
  const out: SessionLookup[] = [];
  for (const node of scopes.nodes.lookupSites(scope.root)) {
    const lookup = lookupAt(sourceCode, scopes, scope, node);
    if (lookup) out.push(lookup);
  }
  return out;
}

/** Whether an argument hands over the id: the id itself, or an object literal with it (`{ sessionId }`). */
function handsId(arg: TSESTree.CallExpressionArgument, scopes: SessionScopes, scope: SessionScope): boolean {
  if (arg.type === AST_NODE_TYPES.SpreadElement) return false;
  if (scopes.isSessionId(arg, scope)) return true;
  const inner = unwrap(arg);
  return (
    inner.type === AST_NODE_TYPES.ObjectExpression &&
    inner.properties.some((p) => p.type === AST_NODE_TYPES.Property && scopes.isSessionId(p.value, scope))
  );
}

/** Array searches by a predicate: `find` gives the entry or `undefined`, `some` whether there is one, `findIndex` -1. */
const PREDICATE_SEARCHES: Readonly<Record<string, SessionLookup["kind"]>> = { find: "get", findLast: "get", some: "has", findIndex: "index", findLastIndex: "index" };

/**
 * `runs.find((r) => r.sessionId === params.sessionId)`, `runs.some(...)`: a search of a list whose predicate compares
 * an entry's field with the id; a miss certainly gives `undefined` (or `false`).
 */
function predicateLookup(scopes: SessionScopes, scope: SessionScope, node: TSESTree.CallExpression, keys: SourceCode["visitorKeys"]): SessionLookup | undefined {
  const callee = unwrap(node.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || node.arguments.length !== 1) return undefined;
  const kind = PREDICATE_SEARCHES[memberName(callee) ?? ""];
  const predicate = node.arguments[0]!;
  if (!kind || !isFunction(predicate) || !comparesWithId(predicate, scopes, scope, keys)) return undefined;
  return { node, kind, certainMiss: true, store: callee.object, method: memberName(callee)! };
}

/** Whether a predicate's own code compares something with the id (`r.sessionId === id`, `id == r.id`). */
function comparesWithId(fn: FunctionNode, scopes: SessionScopes, scope: SessionScope, keys: SourceCode["visitorKeys"]): boolean {
  let found = false;
  walk(fn.body, keys, (n) => {
    if (found || n.type !== AST_NODE_TYPES.BinaryExpression || (n.operator !== "===" && n.operator !== "==")) return;
    found = scopes.isSessionId(n.left, scope) || scopes.isSessionId(n.right, scope);
  });
  return found;
}

function callLookup(sourceCode: SourceCode, scopes: SessionScopes, scope: SessionScope, node: TSESTree.CallExpression): SessionLookup | undefined {
  const [first] = node.arguments;
  if (!node.arguments.some((arg) => handsId(arg, scopes, scope))) return predicateLookup(scopes, scope, node, sourceCode.visitorKeys);
  const callee = unwrap(node.callee);
  const method = calleeName(callee);
  const store =
    callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type !== AST_NODE_TYPES.ThisExpression ? callee.object : undefined;
  const firstIsId = first !== undefined && first.type !== AST_NODE_TYPES.SpreadElement && scopes.isSessionId(first, scope);
  if (store && firstIsId && method === "get") {
    return new LazyLookup({ node, kind: "get", store, method }, () => isMapStore(sourceCode, store) || isCertainMissCall(scopes.typed, node));
  }
  if (store && firstIsId && HAS_METHODS.has(method ?? "")) return new LazyLookup({ node, kind: "has", store, method }, () => isMapStore(sourceCode, store));
  // An operation declared to return a boolean (`close(id): boolean`): false when no session has that id.
  if (store && firstIsId && declaredReturnType(resolverOf(sourceCode), node)?.type === AST_NODE_TYPES.TSBooleanKeyword) {
    return { node, kind: "has", certainMiss: true, store, ...(method === undefined ? {} : { method }) };
  }
  if (method === undefined || WRITE_METHODS.test(method) || FORM_CHECKS.test(method)) return undefined;
  // `getSession(id)` that returns `sessions.get(id)` is a lookup of `sessions` at the call (returned-lookups.ts).
  return new LazyLookup({ node, kind: "call", ...(store ? { store } : {}), method }, () => isCertainMissCall(scopes.typed, node));
}

/**
 * A lookup whose `certainMiss` is worked out on first read: only a use left unchecked asks, and it may take the
 * type checker. A class, not an object literal with a getter: V8 allocates a literal's accessor pair in old space,
 * which kept the file's nodes alive through scavenges after the file (see LazyFileModel). Spread into another
 * object, a lookup would lose `certainMiss`.
 */
export class LazyLookup implements SessionLookup {
  readonly node: TSESTree.Node;
  readonly kind: SessionLookup["kind"];
  // Declared only: set when the lookup has them, as the object literals were.
  declare readonly store?: TSESTree.Node;
  declare readonly method?: string;
  #certainMiss: boolean | (() => boolean);

  constructor(lookup: Omit<SessionLookup, "certainMiss">, certainMiss: () => boolean) {
    this.node = lookup.node;
    this.kind = lookup.kind;
    if (lookup.store) this.store = lookup.store;
    if (lookup.method !== undefined) this.method = lookup.method;
    this.#certainMiss = certainMiss;
  }

  get certainMiss(): boolean {
    if (typeof this.#certainMiss === "function") this.#certainMiss = this.#certainMiss();
    return this.#certainMiss;
  }
}

function lookupAt(sourceCode: SourceCode, scopes: SessionScopes, scope: SessionScope, node: TSESTree.Node): SessionLookup | undefined {
  if (node.type === AST_NODE_TYPES.CallExpression) return callLookup(sourceCode, scopes, scope, node);
  if (node.type === AST_NODE_TYPES.MemberExpression && node.computed && scopes.isSessionId(node.property, scope)) {
    // `store[id] = x` writes the store; it is no lookup.
    const parent = node.parent;
    if (parent.type === AST_NODE_TYPES.AssignmentExpression && parent.left === node) return undefined;
    return new LazyLookup({ node, kind: "get", store: node.object }, () => isMapStore(sourceCode, node.object));
  }
  if (node.type === AST_NODE_TYPES.BinaryExpression && node.operator === "in" && scopes.isSessionId(node.left, scope)) {
    return { node, kind: "has", certainMiss: true, store: node.right };
  }
  return undefined;
}

// A lookup's result passes through the value wrappers and `await`, but not `!`: `store.get(id)!` asserts the session
// exists, which is its own finding.
const RESULT_THROUGH: ReadonlySet<AST_NODE_TYPES> = new Set([...AWAITED_VALUE].filter((type) => type !== AST_NODE_TYPES.TSNonNullExpression));
/** Where it is kept, also through `?.`: `const s = store.get(id)?.state`. */
const KEPT_THROUGH: ReadonlySet<AST_NODE_TYPES> = new Set([...RESULT_THROUGH, AST_NODE_TYPES.ChainExpression]);

/** The variable a lookup's result is stored in: `const s = store.get(id)`, `const s = await store.load(id)`. */
export function lookupVariable(sourceCode: SourceCode, lookup: SessionLookup): TSESLint.Scope.Variable | undefined {
  return variableDeclaredFrom(sourceCode, lookup.node, KEPT_THROUGH);
}

/** `?? fail()` / `|| fail()` right after a lookup: the logical expression whose right side runs on a miss. */
export function fallbackOf(lookup: SessionLookup): TSESTree.LogicalExpression | undefined {
  const node = outermostThrough(lookup.node, RESULT_THROUGH);
  const parent = node.parent;
  const isFallback = parent?.type === AST_NODE_TYPES.LogicalExpression && parent.left === node && (parent.operator === "??" || parent.operator === "||");
  return isFallback ? parent : undefined;
}

