import type { TSESTree } from "@typescript-eslint/utils";
import { summariesOf } from "../summaries/summaries.js";
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
    const returned = summaries.returnedExpression(call);
    const helper = returned && registry.scopeAt(returned.fn);
    if (!helper || !helper.callers.some((c) => c.call === call)) continue;
    const { lookups, guards } = lookupsOf(helper);
    const found = lookups.find((lookup) => lookup.node === returned!.node);
    if (!found || found.kind === "has" || guards.some((guard) => guard.lookup === found)) continue;
    out.push(new ReturnedLookup(call, found));
  }
  return out;
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
