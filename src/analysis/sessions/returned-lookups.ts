import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunction, isValueWrapper } from "../syntax/ast.js";
import { soleInit } from "../resolution/values.js";
import { summariesOf } from "../summaries/summaries.js";
import { readOf } from "../summaries/symbolic.js";
import type { Resolver } from "../resolution/resolver.js";
import type { SessionGuard } from "./guards.js";
import type { SessionLookup } from "./lookups.js";
import type { SessionScope, SessionScopes } from "./scopes.js";

/** What a helper's scope holds, worked out once per scope by the caller (sessions.ts). */
export interface ScopeLookups {
  readonly lookups: readonly SessionLookup[];
  readonly guards: readonly SessionGuard[];
}

/**
 * The calls of a scope whose value is a lookup a helper returns unchecked (`const chat = this.resolve(params)` where
 * `resolve` returns `this.chats.get(p.sessionId)`): each is a lookup of the caller's, of the helper lookup's kind and
 * store, so what the caller does with the result is judged as if it had looked the session up itself. The helper's
 * value comes from the summaries layer; a helper that tests its lookup (`?? create()`, `if (!s) throw`) returns
 * no miss, and gives nothing here.
 */
export function returnedLookups(
  resolver: Resolver,
  registry: SessionScopes,
  scope: SessionScope,
  lookupsOf: (scope: SessionScope) => ScopeLookups,
): SessionLookup[] {
  const out: SessionLookup[] = [];
  const summaries = summariesOf(resolver);
  for (const call of registry.nodes.calls(scope.root)) {
    const read = readOf(summaries.valueOf(call));
    if (!read || read.fields.length > 0 || read.node === call) continue;
    const fn = enclosingHelper(read.node);
    const helper = fn && registry.scopeAt(fn);
    if (!helper || !helper.callers.some((c) => c.call === call)) continue;
    const { lookups, guards } = lookupsOf(helper);
    const found = lookups.find((lookup) => lookup.node === read.node);
    if (!found || found.kind === "has" || guards.some((guard) => guard.lookup === found) || !isReturnedAsIs(resolver, fn, found.node)) continue;
    out.push(new ReturnedLookup(call, found));
  }
  return out;
}

/** The function whose own code holds `node`. */
function enclosingHelper(node: TSESTree.Node): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) if (isFunction(p)) return p;
  return undefined;
}

/**
 * Whether each return of `fn` gives the lookup's result as it is, or through a `const` holding it: not
 * `get(id) ?? create(id)`, which the summaries read as the lookup, for what it names, but which never misses.
 */
function isReturnedAsIs(resolver: Resolver, fn: FunctionNode, lookup: TSESTree.Node): boolean {
  return resolver.returnedBy(fn).every((expression) => {
    const value = throughAwait(expression);
    if (value === lookup) return true;
    if (value.type !== AST_NODE_TYPES.Identifier) return false;
    const variable = resolver.variableOf(value);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    const init = def?.type === "Variable" && def.name === def.node.id ? soleInit(variable!, def.node as TSESTree.VariableDeclarator) : undefined;
    return init !== undefined && throughAwait(init) === lookup;
  });
}

/** An expression without the wrappers and `await` a lookup's result passes through unchanged (not `!`, which asserts). */
function throughAwait(node: TSESTree.Node): TSESTree.Node {
  let inner: TSESTree.Node = node;
  for (;;) {
    if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = inner.argument;
    else if (inner.type === AST_NODE_TYPES.ChainExpression) inner = inner.expression;
    else if (inner.type !== AST_NODE_TYPES.TSNonNullExpression && isValueWrapper(inner)) inner = inner.expression;
    else return inner;
  }
}

/** A helper's lookup seen at the call that gets its result; `certainMiss` read from the helper's on first use. */
class ReturnedLookup implements SessionLookup {
  readonly kind: SessionLookup["kind"];
  declare readonly store?: TSESTree.Node;
  declare readonly method?: string;

  constructor(
    readonly node: TSESTree.CallExpression,
    private readonly inner: SessionLookup,
  ) {
    this.kind = inner.kind;
    if (inner.store) this.store = inner.store;
    if (inner.method !== undefined) this.method = inner.method;
  }

  get certainMiss(): boolean {
    return this.inner.certainMiss;
  }
}
