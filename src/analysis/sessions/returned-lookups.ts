import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type Summaries, summariesOf } from "../summaries/summaries.js";
import { readOf, type SymbolicValue } from "../summaries/symbolic.js";
import { type Resolver, resolverOf } from "../resolution/resolver.js";
import { contains, type FunctionNode } from "../syntax/ast.js";
import { isMapStore } from "./stores.js";
import type { SessionGuard } from "./guards.js";
import { LazyLookup, type SessionLookup } from "./lookups.js";
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
  sourceCode: Readonly<TSESLint.SourceCode>,
  registry: SessionScopes,
  scope: SessionScope,
  own: readonly SessionLookup[],
  lookupsOf: (scope: SessionScope) => ScopeLookups,
): SessionLookup[] {
  const out: SessionLookup[] = [];
  const summaries = summariesOf(resolverOf(sourceCode));
  for (const call of registry.nodes.calls(scope.root)) {
    const returned = summaries.returnedExpression(call);
    if (!returned) continue;
    // A helper the call hands the id or the request, or a thunk of this scope's own code (`runWith({ run: () => … })`).
    const helper = registry.scopeAt(returned.fn);
    const chain = helper ? callChain(summaries, helper, call, returned.node) : undefined;
    const found = helper
      ? chain
        ? helperLookup(lookupsOf(helper), returned.node)
        : undefined
      : contains(scope.root, returned.node)
        ? own.find((lookup) => lookup.node === returned.node)
        : undefined;
    if (!found) continue;
    // The store as the call sees it: a manager's `store.get(id)` of the map the caller hands it, through every helper
    // between (`getChat(id)` returning `resolve(sessions, id)`).
    const storeAtCall = found.store && (chain && chain.length > 1 ? storeThrough(summaries, resolverOf(sourceCode), found.store, chain) : storeAt(summaries, found.store, returned.fn, call, returned.at(found.store)));
    const seen = { node: call, kind: found.kind, ...(found.store ? { store: found.store } : {}), ...(found.method === undefined ? {} : { method: found.method }) };
    out.push(new LazyLookup(seen, () => found.certainMiss || (storeAtCall !== undefined && isMapStore(sourceCode, storeAtCall.node, storeAtCall.field))));
  }
  return out;
}

/** How deep a returned lookup is followed through helpers that give back what a helper of theirs returns. */
const MAX_CHAIN = 4;

/**
 * The calls through which `call` gives back `node`, the lookup of the helper scope `helper`, innermost first: the
 * helper's own caller, then its caller's, up to `call`; each inner call is what its function returns. Undefined when
 * the helper is not entered through `call`.
 */
function callChain(summaries: Summaries, helper: SessionScope, call: TSESTree.CallExpression, node: TSESTree.Node, depth = 0): TSESTree.CallExpression[] | undefined {
  for (const caller of helper.callers) {
    if (caller.call === call) return [call];
    if (depth >= MAX_CHAIN || caller.from === helper || summaries.returnedExpression(caller.call)?.node !== node) continue;
    const outer = callChain(summaries, caller.from, call, node, depth + 1);
    if (outer) return [caller.call, ...outer];
  }
  return undefined;
}

/**
 * The store a chain of calls (callChain) hands the innermost helper: a parameter is the argument of the call into its
 * function, step by step outwards, until a name the caller holds itself. Undefined when an argument cannot be told.
 */
function storeThrough(summaries: Summaries, resolver: Resolver, store: TSESTree.Node, chain: readonly TSESTree.CallExpression[]): { node: TSESTree.Node; field?: string } | undefined {
  let node = store;
  for (const call of chain) {
    const value = summaries.valueOf(node);
    if (value.kind !== "param" || value.path.length > 0) break;
    const arg = call.arguments[value.index];
    if (!arg || arg.type === AST_NODE_TYPES.SpreadElement || resolver.calleeOf(call) !== value.fn) return undefined;
    node = arg;
  }
  return summaries.valueOf(node).kind === "param" ? undefined : { node };
}

/** The helper's lookup at `node`, unless the helper tests it. */
function helperLookup({ lookups, guards }: ScopeLookups, node: TSESTree.Node): SessionLookup | undefined {
  const found = lookups.find((lookup) => lookup.node === node);
  return found && !guards.some((guard) => guard.lookup === found) ? found : undefined;
}

/**
 * What the caller hands as a helper's store: the argument itself when the store is a parameter (`chats` of a
 * `const chats: Record<string, Chat> = {}`, judged by its declaration), else the expression the store is at the call,
 * or the caller's own field when the helper reads it from the object it is handed (`self.sessions` of
 * `resolve(params, this)`).
 */
function storeAt(summaries: Summaries, store: TSESTree.Node, fn: FunctionNode, call: TSESTree.CallExpression, atCall: SymbolicValue): { node: TSESTree.Node; field?: string } | undefined {
  const own = summaries.valueOf(store);
  const arg = own.kind === "param" && own.fn === fn && own.path.length === 0 ? call.arguments[own.index] : undefined;
  if (arg && arg.type !== AST_NODE_TYPES.SpreadElement) return { node: arg };
  const read = readOf(atCall);
  if (read?.fields.length === 1 && read.node.type === AST_NODE_TYPES.ThisExpression) return { node: read.node, field: read.fields[0]! };
  return read && read.fields.length === 0 ? { node: read.node } : undefined;
}
