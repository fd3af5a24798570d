import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { calleeName, isFunction, unwrap, contains } from "../syntax/ast.js";
import { type FileNodes, moduleNodes, nodesWithin } from "../file-nodes.js";
import { fileOf } from "../resolution/source-files.js";

import type { Handler } from "../handlers/types.js";
import { sourceCodeOf } from "../syntax/variables.js";
import { lookupVariable, type SessionLookup } from "./lookups.js";
import { resolverOf } from "../resolution/resolver.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The handlers that open a session on the connection, and so put it where later requests look it up. */
const OPENING_METHODS = new Set(["session/new", "session/load", "session/resume"]);

/** Calls that put something into a store: `sessions.set(id, s)`, `this.store.create(id, cwd)`. */
const ADDING_METHODS = /^(set|add|push|put|insert|upsert|create|register|open|save|store|track|start|init|new|restore|load|resume)/i;

const NAMES_SESSION = /session/i;

/**
 * A store as written, to compare the store a handler adds to with the one a lookup reads: `this.store`, `sessions`
 * (read in the store's own file: a helper of another module writes its own).
 */
function storeKey(sourceCode: SourceCode, node: TSESTree.Node): string {
  const inner = unwrap(node);
  // `owner.chats` in a helper every call hands `this` is the caller's `this.chats` (boundArgument).
  let root: TSESTree.Node = inner;
  while (root.type === AST_NODE_TYPES.MemberExpression) root = unwrap(root.object);
  const bound = boundStore(sourceCode, root);
  const text = (n: TSESTree.Node) => sourceCodeOf(n, sourceCode).getText(n);
  const written = bound !== root ? `${text(bound)}${text(inner).slice(root.range[1] - inner.range[0])}` : text(inner);
  return written.replace(/\s+/g, "").replace(/\?\./g, ".");
}

/**
 * The stores the file's session/new, session/load and session/resume handlers add the new session to (through
 * the functions they call, one level deep, in this file or another module), from the gathered assignments and calls.
 */
export function openedSessionStores(sourceCode: SourceCode, nodes: Pick<FileNodes, "assignments" | "calls">, handlers: readonly Handler[]): ReadonlySet<string> {
  const keys = new Set<string>();
  const visited = new Set<TSESTree.Node>();
  const visit = (root: TSESTree.Node, depth: number) => {
    if (visited.has(root)) return;
    visited.add(root);
    const file = fileOf(root);
    const own = file && !file.linted ? moduleNodes(file.sourceCode) : nodes;
    for (const node of nodesWithin(own.assignments, root)) {
      if (node.left.type === AST_NODE_TYPES.MemberExpression && node.left.computed) keys.add(storeKey(sourceCode, node.left.object));
    }
    for (const node of nodesWithin(own.calls, root)) {
      if (node.arguments.length === 0) continue;
      const callee = unwrap(node.callee);
      const isStoreCall = callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type !== AST_NODE_TYPES.ThisExpression;
      if (isStoreCall && ADDING_METHODS.test(calleeName(callee) ?? "")) keys.add(storeKey(sourceCode, callee.object));
      // A helper of this file or of another module (`notes.open(id)` of a store class): what it adds to is written there.
      const helper = depth < 1 ? resolverOf(sourceCode).calleeOf(node) : undefined;
      if (helper && !isFunctionInside(helper, root)) visit(helper, depth + 1);
    }
  };
  for (const handler of handlers) if (OPENING_METHODS.has(handler.method.wire) && handler.method.side === "agent") visit(handler.body, 0);
  return keys;
}

function isFunctionInside(fn: TSESTree.Node, root: TSESTree.Node): boolean {
  return isFunction(fn) && contains(root, fn);
}

/** A store as its caller names it: a parameter every call fills with the same store is that store (boundArgument). */
function boundStore(sourceCode: SourceCode, store: TSESTree.Node): TSESTree.Node {
  let found = store;
  // Through a chain of helpers handing the store on, each bound in turn (a few: every step is a call).
  for (let depth = 0; depth < 4; depth++) {
    const inner = unwrap(found);
    const bound = inner.type === AST_NODE_TYPES.Identifier ? resolverOf(sourceCode).boundArgument(inner) : undefined;
    if (!bound) break;
    found = bound;
  }
  return found;
}

/** What a miss branch's answer says: its message, or that it certainly names a session (`sessionNotFound(id)`). */
export type MissWording = string | { readonly namesSession: true };

/**
 * Whether a lookup reads the sessions rather than something else keyed by the session id (approvals, permission
 * requests, terminals): its store is where the file opens sessions, or the store, the method, the variable holding
 * the result or the message of the miss branch names a session.
 */
export function isSessionLookup(
  sourceCode: SourceCode,
  lookup: SessionLookup,
  opened: ReadonlySet<string>,
  wording: MissWording | undefined,
): boolean {
  if (typeof wording === "object") return true;
  if (lookup.store && opened.has(storeKey(sourceCode, lookup.store))) return true;
  // The store's own name, not its whole text: `stores(params.sessionId)` does not name a session.
  const names = [lookup.store && calleeName(boundStore(sourceCode, lookup.store)), lookup.method, lookupVariable(sourceCode, lookup)?.name, wording];
  return names.some((name) => name !== undefined && NAMES_SESSION.test(name));
}
