import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { Handler } from "../handlers/types.js";
import { calleeName, memberName, unwrap } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";
import type { CancelEffects } from "./cancel-effects.js";
import { isHandlerParameter } from "./handler-nodes.js";
import { isTurnSignal } from "./turn-signals.js";
import { variableOf } from "../syntax/variables.js";

/** Which outcome of a test means the turn was aborted: `"true"` for `signal.aborted`, `"false"` for `!signal.aborted`. */
export type Polarity = "true" | "false";

export interface AbortContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
  readonly handler: Handler;
  readonly cancel: CancelEffects;
  /**
   * The handler runs the turn the cancel handler aborts: it names the controller aborted there and reads a signal of
   * the app's. Only then do its tests of signals and abort errors tell a cancellation (and not a timeout, or the
   * 2.x context's `$/cancel_request`).
   */
  readonly linked: boolean;
}

/** `isAbortError(e)`, `isAborted()`, `this.isUserAbortError(err)`, `isCancel(e)`, `isCancelled(turn)`. */
const ABORT_PREDICATE = /^is\w*(Abort(ed|Error)?|Cancel(l?ed)?(Error)?)$/i;
/** `AbortError`, `APIUserAbortError`: classes whose instances are abort errors. */
const ABORT_CLASS = /Abort(ed)?Error$/;

const flip = (p: Polarity | undefined): Polarity | undefined => (p === "true" ? "false" : p === "false" ? "true" : undefined);

function stripChain(node: TSESTree.Node): TSESTree.Node {
  let inner = unwrap(node);
  while (inner.type === AST_NODE_TYPES.ChainExpression) inner = unwrap(inner.expression);
  return inner;
}

/**
 * `X.signal`, `signal`, `abortSignal`: a signal the app holds. The SDK 2.x handler context's `signal` (a parameter,
 * `ctx.signal`, destructured `{ signal }`) is not one: `session/cancel` never aborts it, only `$/cancel_request` does.
 */
export function isAppSignal(node: TSESTree.Node, ctx: Pick<AbortContext, "sourceCode" | "handler">): boolean {
  const inner = stripChain(node);
  if (inner.type === AST_NODE_TYPES.MemberExpression) {
    if (!/signal$/i.test(memberName(inner) ?? "")) return false;
    const object = stripChain(inner.object);
    return !(object.type === AST_NODE_TYPES.Identifier && isHandlerParameter(ctx.sourceCode, object, ctx.handler));
  }
  if (inner.type !== AST_NODE_TYPES.Identifier || !/signal$/i.test(inner.name)) return false;
  return !isHandlerParameter(ctx.sourceCode, inner, ctx.handler);
}

/** `err.name === "AbortError"`, `err.code === "ABORT_ERR"`: the string side of an error-identity comparison. */
function isAbortName(node: TSESTree.Node, other: TSESTree.Node, values: ValueResolver): boolean {
  const subject = stripChain(other);
  if (subject.type !== AST_NODE_TYPES.MemberExpression) return false;
  const key = memberName(subject);
  const value = values.resolve(node);
  if (value?.length !== 1) return false;
  return (key === "name" && value[0] === "AbortError") || (key === "code" && value[0] === "ABORT_ERR");
}

function comparison(node: TSESTree.BinaryExpression, ctx: AbortContext, depth: number): Polarity | undefined {
  if (node.left.type === AST_NODE_TYPES.PrivateIdentifier) return undefined;
  if (node.operator === "instanceof") {
    const name = calleeName(node.right);
    return ctx.linked && name !== undefined && ABORT_CLASS.test(name) ? "true" : undefined;
  }
  const equal = node.operator === "===" || node.operator === "==";
  if (!equal && node.operator !== "!==" && node.operator !== "!=") return undefined;
  if (ctx.linked && (isAbortName(node.right, node.left, ctx.values) || isAbortName(node.left, node.right, ctx.values))) {
    return equal ? "true" : "false";
  }
  // `aborted === true`, `signal.aborted === false`.
  for (const [value, other] of [
    [node.right, node.left],
    [node.left, node.right],
  ] as const) {
    const literal = unwrap(value);
    if (literal.type !== AST_NODE_TYPES.Literal || typeof literal.value !== "boolean") continue;
    const inner = polarityOf(other, ctx, depth + 1);
    return literal.value === equal ? inner : flip(inner);
  }
  return undefined;
}

function atom(node: TSESTree.Node, ctx: AbortContext, depth: number): Polarity | undefined {
  switch (node.type) {
    case AST_NODE_TYPES.MemberExpression: {
      const name = memberName(node);
      if (name === "aborted") return ctx.linked && isAppSignal(node.object, ctx) && isTurnSignal(node.object, ctx) ? "true" : undefined;
      return name !== undefined && ctx.cancel.flagMembers.has(name) ? "true" : undefined;
    }
    case AST_NODE_TYPES.Identifier: {
      const variable = variableOf(ctx.sourceCode, node);
      if (variable && ctx.cancel.flagVariables.has(variable)) return "true";
      // `const aborted = controller.signal.aborted; if (aborted) ...`
      const init = ctx.values.constInit(node);
      return init ? polarityOf(init, ctx, depth + 1) : undefined;
    }
    case AST_NODE_TYPES.CallExpression: {
      const name = calleeName(node.callee);
      return ctx.linked && name !== undefined && ABORT_PREDICATE.test(name) ? "true" : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * Which outcome of `test` means the turn was aborted, or `undefined` when it does not tell. Tests of signals,
 * abort errors and abort predicates count only in a handler that runs the turn the file's `session/cancel` handler
 * aborts (otherwise an abort may be a timeout's, or the SDK's own `$/cancel_request`); flags that handler sets always do.
 */
export function polarityOf(test: TSESTree.Node, ctx: AbortContext, depth = 0): Polarity | undefined {
  if (depth > 4) return undefined;
  const inner = stripChain(test);
  switch (inner.type) {
    case AST_NODE_TYPES.UnaryExpression:
      return inner.operator === "!" ? flip(polarityOf(inner.argument, ctx, depth + 1)) : undefined;
    case AST_NODE_TYPES.LogicalExpression: {
      const [left, right] = [polarityOf(inner.left, ctx, depth + 1), polarityOf(inner.right, ctx, depth + 1)];
      // `a && b` true: both hold; `a || b` false: neither holds; either side of `a || b` true, both tell the same.
      if (inner.operator === "&&") {
        if (left === "true" || right === "true") return "true";
        return left === "false" && right === "false" ? "false" : undefined;
      }
      if (inner.operator === "||") {
        if (left === "false" || right === "false") return "false";
        return left === "true" && right === "true" ? "true" : undefined;
      }
      return undefined;
    }
    case AST_NODE_TYPES.BinaryExpression:
      return comparison(inner, ctx, depth);
    default:
      return atom(inner, ctx, depth);
  }
}

/** `signal.throwIfAborted()` on the signal of the cancelled turn: it throws exactly when the turn was aborted. */
export function isThrowIfAborted(node: TSESTree.Node, ctx: AbortContext): node is TSESTree.CallExpression {
  if (node.type !== AST_NODE_TYPES.CallExpression || !ctx.linked) return false;
  const callee = stripChain(node.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "throwIfAborted" && isAppSignal(callee.object, ctx) && isTurnSignal(callee.object, ctx);
}
