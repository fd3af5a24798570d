import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type Answer, answerOf } from "../errors/answers.js";
import type { FileModel } from "../model.js";
import { memberName, unwrap, contains } from "../syntax/ast.js";
import { perModel } from "../syntax/per-model.js";
import { summariesOf } from "../summaries/summaries.js";
import { answerStatement } from "./guards.js";
import type { SessionScope } from "./scopes.js";

/** An error thrown for a session that was deleted, in code that answers `session/resume`. */
export interface DeletedSessionAnswer {
  readonly scope: SessionScope;
  readonly answer: Answer;
}

/** Stores of deleted sessions (`deletedSessions`, `tombstones`) and flags on a session (`deleted`, `isDeleted`, `deletedAt`). */
const DELETED_STORE = /deleted|tombstone|removed|trashed/i;
const DELETED_FLAG = /^(?:is)?(?:deleted|removed|tombstoned|trashed)(?:At)?$/i;
const DELETED_STATUS = new Set(["deleted", "removed", "tombstoned", "trashed"]);

const isResume = (scope: SessionScope) => scope.handlers.some((h) => h.method.side === "agent" && h.method.wire === "session/resume");
const within = (node: TSESTree.Node, outer: TSESTree.Node) => contains(outer, node);

/** The name of a store expression: `deleted`, `this.deletedSessions`. */
function storeName(node: TSESTree.Node): string | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name;
  return inner.type === AST_NODE_TYPES.MemberExpression ? memberName(inner) : undefined;
}

/**
 * Whether a test holds exactly when the requested session was deleted: `deleted.has(id)`, `id in tombstones`,
 * `session.deleted`, `session.status === "deleted"`; or such a test `||` an absence test (`!session || session.deleted`).
 */
function saysDeleted(test: TSESTree.Node, scope: SessionScope, model: FileModel): boolean {
  const inner = unwrap(test);
  const isId = (node: TSESTree.Node) => model.sessions.isSessionId(node, scope);
  switch (inner.type) {
    case AST_NODE_TYPES.LogicalExpression:
      if (inner.operator !== "||") return false;
      return [inner.left, inner.right].some((p) => saysDeleted(p, scope, model)) && [inner.left, inner.right].every((p) => saysDeleted(p, scope, model) || isAbsence(p));
    case AST_NODE_TYPES.CallExpression: {
      const callee = unwrap(inner.callee);
      const [arg] = inner.arguments;
      if (callee.type !== AST_NODE_TYPES.MemberExpression || !arg || !["has", "includes"].includes(memberName(callee) ?? "")) return false;
      return isId(arg) && DELETED_STORE.test(storeName(callee.object) ?? "");
    }
    case AST_NODE_TYPES.BinaryExpression:
      if (inner.operator === "in") return inner.left.type !== AST_NODE_TYPES.PrivateIdentifier && isId(inner.left) && DELETED_STORE.test(storeName(inner.right) ?? "");
      if (inner.operator !== "===" && inner.operator !== "==") return false;
      return [inner.left, inner.right].some((side) => {
        const other = side === inner.left ? inner.right : inner.left;
        const value = unwrap(other);
        const read = unwrap(side);
        return read.type === AST_NODE_TYPES.MemberExpression && memberName(read) === "status" && value.type === AST_NODE_TYPES.Literal && typeof value.value === "string" && DELETED_STATUS.has(value.value);
      });
    case AST_NODE_TYPES.MemberExpression:
      return DELETED_FLAG.test(memberName(inner) ?? "");
    default:
      return false;
  }
}

/** `!session`: the looked-up session is absent. */
function isAbsence(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  return inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "!" && unwrap(inner.argument).type === AST_NODE_TYPES.Identifier;
}

/**
 * Protocol version 2: what `session/resume` code throws for a session that was deleted (`if (deleted.has(id)) throw
 * ...`), which is answered like any session that does not exist. Empty unless the file has a resume handler.
 */
export const deletedSessionAnswers = perModel((model: FileModel): readonly DeletedSessionAnswer[] => {
  const found: DeletedSessionAnswer[] = [];
  const scopes = model.sessions.scopes.filter(isResume);
  if (scopes.length > 0) {
    const ctx = model.answers;
    const summaries = summariesOf(model.resolver);
    for (const node of model.nodes.ifs) {
      for (const scope of scopes) {
        if (!within(node, scope.root) || !saysDeleted(node.test, scope, model)) continue;
        const statement = answerStatement(node.consequent);
        if (statement?.type !== AST_NODE_TYPES.ThrowStatement || summaries.isCaught(statement, scope.root) || !model.sessions.isAnswering(scope)) continue;
        const answer = answerOf(statement.argument, ctx);
        if (answer) found.push({ scope, answer });
      }
    }
  }
  return found;
});
