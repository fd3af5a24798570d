import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { type AnswerContext, type Answer, answerOf } from "./answers.js";
import type { Handler } from "./handlers.js";
import { answerStatement, findGuards, findLookups, type SessionGuard, type SessionLookup, unguardedUse } from "./session-lookups.js";
import { type SessionScope, SessionScopes } from "./session-scopes.js";

/** A branch taken when the requested session does not exist, and what it answers. */
export interface SessionMiss {
  readonly scope: SessionScope;
  readonly guard: SessionGuard;
  /** The `throw` / `return` (or the expression of a conditional's branch) that answers; absent when none does. */
  readonly statement?: TSESTree.Node;
  /** The answer is thrown; otherwise returned, which only hand-rolled dispatch sends as an error. */
  readonly thrown: boolean;
  readonly answer?: Answer;
}

/** A looked-up session used before anything checks that it exists. */
export interface UnguardedSession {
  readonly scope: SessionScope;
  readonly lookup: SessionLookup;
  /** The use: the first dereference, or the `x!` that asserts the session exists. */
  readonly node: TSESTree.Node;
}

/** What the session-scoped code of a file does with the sessions its requests name. */
export interface SessionFacts {
  readonly scopes: readonly SessionScope[];
  readonly misses: readonly SessionMiss[];
  readonly unguarded: readonly UnguardedSession[];
  /** Whether an expression is the requested session id inside the scope. */
  isSessionId(node: TSESTree.Node, scope: SessionScope): boolean;
  /** The scopes a node lies in (a helper's nested in a handler's counts for both). */
  scopesOf(node: TSESTree.Node): SessionScope[];
}

function contains(outer: TSESTree.Node, node: TSESTree.Node): boolean {
  return outer.range[0] <= node.range[0] && node.range[1] <= outer.range[1];
}

/** Follows the session ids of every handler whose params carry one, through the helpers it calls. */
export function analyseSessions(sourceCode: Readonly<TSESLint.SourceCode>, handlers: readonly Handler[], answers: AnswerContext): SessionFacts {
  const registry = new SessionScopes(sourceCode);
  for (const handler of handlers) if (handler.method.sessionScoped && handler.method.side !== "protocol") registry.addHandler(handler);
  const misses: SessionMiss[] = [];
  const unguarded: UnguardedSession[] = [];
  for (const scope of registry.scopes) {
    const lookups = findLookups(sourceCode, registry, scope);
    for (const lookup of lookups) {
      const node = unguardedUse(sourceCode, registry, scope, lookup);
      if (node) unguarded.push({ scope, lookup, node });
    }
    for (const guard of findGuards(sourceCode, scope, lookups)) {
      const statement = guard.miss ? answerStatement(guard.miss) : undefined;
      const answered = statement && answeredExpression(statement);
      const answer = answered ? answerOf(answered, answers) : undefined;
      const thrown = statement?.type === AST_NODE_TYPES.ThrowStatement;
      misses.push({ scope, guard, thrown, ...(statement ? { statement } : {}), ...(answer ? { answer } : {}) });
    }
  }
  return {
    scopes: registry.scopes,
    misses,
    unguarded,
    isSessionId: (node, scope) => registry.isSessionId(node, scope),
    scopesOf: (node) => registry.scopes.filter((s) => contains(s.root, node)),
  };
}

/** The value a `throw` / `return` answers with; a conditional's branch is its own value. */
function answeredExpression(statement: TSESTree.Node): TSESTree.Node | undefined {
  if (statement.type === AST_NODE_TYPES.ThrowStatement) return statement.argument;
  if (statement.type === AST_NODE_TYPES.ReturnStatement) return statement.argument ?? undefined;
  return statement;
}
