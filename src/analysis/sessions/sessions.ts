import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { type AnswerContext, type Answer, answerOf } from "../errors/answers.js";
import { calleeName, isFunction, memberName, unwrap } from "../syntax/ast.js";
import type { Handler } from "../handlers/types.js";
import { answerStatement, findGuards, findLookups, type SessionGuard, type SessionLookup, unguardedUse } from "./lookups.js";
import { type SessionScope, SessionScopes } from "./scopes.js";

/** A branch taken when the requested session does not exist, and what it answers. */
export interface SessionMiss {
  readonly scope: SessionScope;
  readonly guard: SessionGuard;
  /** The `throw` / `return` (or the expression of a conditional's branch) that answers; absent when none does. */
  readonly statement?: TSESTree.Node;
  /** The answer is thrown (or rejected); otherwise returned, which only hand-rolled dispatch sends as an error. */
  readonly thrown: boolean;
  /** The answer is thrown inside a `try` (or a `.catch()` chain) of the same function, which may turn it into success. */
  readonly caught: boolean;
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
    for (const guard of findGuards(sourceCode, registry, scope, lookups)) {
      const found = guard.miss ? missAnswer(guard.miss, answers) : undefined;
      const answer = found?.expression ? answerOf(found.expression, answers) : undefined;
      misses.push({
        scope,
        guard,
        thrown: found?.thrown ?? false,
        caught: found ? isCaught(found.statement, scope.root) : false,
        ...(found ? { statement: found.statement } : {}),
        ...(answer ? { answer } : {}),
      });
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

interface FoundAnswer {
  readonly statement: TSESTree.Node;
  readonly expression: TSESTree.Node | undefined;
  readonly thrown: boolean;
}

/**
 * What a miss branch answers with: what it throws or returns (a conditional's branch is its own value), a
 * rejected promise (how an async handler throws), or a call of a same-file helper that throws the error it builds.
 */
function missAnswer(branch: TSESTree.Node, answers: AnswerContext): FoundAnswer | undefined {
  const statement = answerStatement(branch) ?? throwingHelperCall(branch, answers);
  if (!statement) return undefined;
  let expression: TSESTree.Node | undefined =
    statement.type === AST_NODE_TYPES.ThrowStatement || statement.type === AST_NODE_TYPES.ReturnStatement
      ? (statement.argument ?? undefined)
      : statement.type === AST_NODE_TYPES.ExpressionStatement
        ? statement.expression
        : statement;
  let thrown = statement.type === AST_NODE_TYPES.ThrowStatement || statement.type === AST_NODE_TYPES.ExpressionStatement;
  const rejected = expression && rejectedValue(expression);
  if (rejected) {
    expression = rejected;
    thrown = true;
  }
  return { statement, expression, thrown };
}

/** `Promise.reject(x)`: x. */
function rejectedValue(node: TSESTree.Node): TSESTree.Node | undefined {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.CallExpression || inner.callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const isReject = calleeName(inner.callee.object) === "Promise" && memberName(inner.callee) === "reject";
  const [value] = inner.arguments;
  return isReject && value && value.type !== AST_NODE_TYPES.SpreadElement ? value : undefined;
}

/** `fail(-32002, "x");` as a statement, where `fail` throws the error it builds. */
function throwingHelperCall(branch: TSESTree.Node, answers: AnswerContext): TSESTree.ExpressionStatement | undefined {
  const statements = branch.type === AST_NODE_TYPES.BlockStatement ? branch.body : [branch];
  for (const statement of statements) {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
    const site = answers.sitesByNode.get(unwrap(statement.expression));
    if (site?.kind === "helper-call" && site.inner?.node.parent?.type === AST_NODE_TYPES.ThrowStatement) return statement;
  }
  return undefined;
}

/**
 * Whether what `node` throws is caught before it leaves `root`: inside a `try` block with a `catch`, or in a call
 * chained with `.catch(...)`.
 */
export function isCaught(node: TSESTree.Node, root: TSESTree.Node): boolean {
  let child: TSESTree.Node = node;
  for (let p = node.parent; p && p !== root; child = p, p = p.parent) {
    if (p.type === AST_NODE_TYPES.TryStatement && p.block === child && p.handler) return true;
    if (p.type === AST_NODE_TYPES.MemberExpression && p.object === child && memberName(p) === "catch") return true;
    // A function boundary: what it throws is its caller's business.
    if (isFunction(p)) return false;
  }
  return false;
}
