import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { AnswerContext } from "../errors/answers.js";
import { isSender } from "../errors/responses.js";
import { calleeName, memberName, unwrap, walk } from "../syntax/ast.js";
import { type Ending, endingOf, mayEnd, thrownByCall } from "./answers.js";
import { missingTest } from "./missing-tests.js";

/**
 * Where the path a missing resource takes through some statements leads:
 * - `ends`: to an answer (`conditional` when a test on the error chose it);
 * - `unsure`: to something that cannot be told (a rethrow, a test of another condition that may answer);
 * - `falls`: through, answering nothing.
 */
export type Trace =
  | { readonly kind: "ends"; readonly ending: Ending; readonly conditional: boolean }
  | { readonly kind: "unsure" }
  | { readonly kind: "falls" };

export interface TraceContext {
  readonly answers: AnswerContext;
  /** Hand-rolled dispatch: a `return` may be the error response, and sent responses answer. */
  readonly dispatch: boolean;
  /** Sent responses answer (dispatch, or a dispatch branch's helper whose value the branch drops: ResourceScope.sends). */
  readonly sends: boolean;
  /** The `catch` parameter holding the missing file's error, when tracing a catch. */
  readonly caught?: TSESTree.Identifier;
  /** The error is what `fs` throws: a test for a JSON-RPC error class is false for it. */
  readonly fsError: boolean;
}

const UNSURE: Trace = { kind: "unsure" };
const FALLS: Trace = { kind: "falls" };

/** Calls that only report an error (`console.error(e)`, `logger.warn(e)`, `Sentry.captureException(e)`): they do not end the request. */
const REPORTERS = /^(log|warn|error|debug|info|trace|report|capture|track|emit|notify|print|write)/i;

/**
 * Whether a branch only logs (`{ this.logger.warn(…); }`, `console.warn(…)`, empty: calls no sender makes, as
 * responses.ts tells them): it changes nothing on the way to what follows it, as a branch that creates the missing
 * terminal would.
 */
export function onlyReports(branch: TSESTree.Node): boolean {
  return statementsOf(branch).every((statement) => {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) return false;
    let call = unwrap(statement.expression);
    if (call.type === AST_NODE_TYPES.AwaitExpression) call = unwrap(call.argument);
    return call.type === AST_NODE_TYPES.CallExpression && !isSender(call);
  });
}

/** Whether an expression statement hands the caught error to a function that may throw it (`handleError(err)`). */
function mayRethrow(statement: TSESTree.ExpressionStatement, ctx: TraceContext): boolean {
  const caught = ctx.caught;
  if (!caught) return false;
  let found = false;
  walk(statement, ctx.answers.sourceCode.visitorKeys, (node) => {
    if (found || node.type !== AST_NODE_TYPES.CallExpression || !isSender(node)) return;
    const handsError = node.arguments.some((a) => unwrap(a).type === AST_NODE_TYPES.Identifier && (unwrap(a) as TSESTree.Identifier).name === caught.name);
    if (handsError && !REPORTERS.test(calleeName(node.callee) ?? "")) found = true;
  });
  return found;
}

function statementsOf(node: TSESTree.Node): readonly TSESTree.Node[] {
  return node.type === AST_NODE_TYPES.BlockStatement ? node.body : [node];
}

/** The `case` a switch over the error's code takes for a missing file, or its `default`. */
function missingCase(node: TSESTree.SwitchStatement): TSESTree.SwitchCase | undefined {
  const enoent = node.cases.find((c) => c.test?.type === AST_NODE_TYPES.Literal && c.test.value === "ENOENT");
  return enoent ?? node.cases.find((c) => c.test === null);
}

function isErrorCode(node: TSESTree.Node): boolean {
  let inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.ChainExpression) inner = unwrap(inner.expression);
  return inner.type === AST_NODE_TYPES.MemberExpression && memberName(inner) === "code";
}

function traceIf(node: TSESTree.IfStatement, ctx: TraceContext): Trace {
  const test = ctx.caught || ctx.fsError ? missingTest(node.test, ctx.caught, ctx.fsError) : undefined;
  if (test === "when-missing") {
    const inner = trace(statementsOf(node.consequent), ctx);
    return inner.kind === "ends" ? { ...inner, conditional: true } : inner;
  }
  if (test === "not-missing") {
    if (!node.alternate) return FALLS;
    const inner = trace(statementsOf(node.alternate), ctx);
    return inner.kind === "ends" ? { ...inner, conditional: true } : inner;
  }
  const visitorKeys = ctx.answers.sourceCode.visitorKeys;
  // A test of something else that may answer: which branch the missing resource takes is unknown.
  if (ctx.sends || mayEnd(node.consequent, visitorKeys) || (node.alternate && mayEnd(node.alternate, visitorKeys))) return UNSURE;
  return FALLS;
}

function traceSwitch(node: TSESTree.SwitchStatement, ctx: TraceContext): Trace {
  const visitorKeys = ctx.answers.sourceCode.visitorKeys;
  if (!ctx.caught || !isErrorCode(node.discriminant)) return mayEnd(node, visitorKeys) ? UNSURE : FALLS;
  const taken = missingCase(node);
  if (!taken) return FALLS;
  const body = taken.consequent.at(-1)?.type === AST_NODE_TYPES.BreakStatement ? taken.consequent.slice(0, -1) : taken.consequent;
  const inner = trace(body, ctx);
  // Falling into the next case is not followed.
  if (inner.kind === "falls" && body.length === taken.consequent.length) return UNSURE;
  return inner.kind === "ends" ? { ...inner, conditional: true } : inner;
}

/** Follows the missing resource through `statements`, in order, to the first answer. */
export function trace(statements: readonly TSESTree.Node[], ctx: TraceContext): Trace {
  const visitorKeys = ctx.answers.sourceCode.visitorKeys;
  // Past a test on the error that the missing file fell through, what follows answers only some errors.
  let narrowed = false;
  for (const statement of statements) {
    const result = traceStatement(statement, ctx, visitorKeys);
    if (result.kind === "ends") return narrowed ? { ...result, conditional: true } : result;
    if (result.kind === "unsure") return result;
    if (statement.type === AST_NODE_TYPES.IfStatement && (ctx.caught || ctx.fsError) && missingTest(statement.test, ctx.caught, ctx.fsError)) narrowed = true;
  }
  return FALLS;
}

function traceStatement(statement: TSESTree.Node, ctx: TraceContext, visitorKeys: TraceContext["answers"]["sourceCode"]["visitorKeys"]): Trace {
  {
    let result: Trace;
    switch (statement.type) {
      case AST_NODE_TYPES.ThrowStatement:
      case AST_NODE_TYPES.ReturnStatement: {
        const ending = endingOf(statement, ctx.answers, ctx.dispatch, ctx.sends);
        return ending ? { kind: "ends", ending, conditional: false } : UNSURE;
      }
      case AST_NODE_TYPES.ExpressionStatement: {
        const ending = endingOf(statement, ctx.answers, ctx.dispatch, ctx.sends);
        if (ending) return { kind: "ends", ending, conditional: false };
        result = mayRethrow(statement, ctx) ? UNSURE : FALLS;
        break;
      }
      case AST_NODE_TYPES.BlockStatement:
        result = trace(statement.body, ctx);
        break;
      case AST_NODE_TYPES.IfStatement:
        result = traceIf(statement, ctx);
        break;
      case AST_NODE_TYPES.SwitchStatement:
        result = traceSwitch(statement, ctx);
        break;
      case AST_NODE_TYPES.VariableDeclaration:
      case AST_NODE_TYPES.EmptyStatement:
        result = FALLS;
        break;
      default:
        result = mayEnd(statement, visitorKeys) ? UNSURE : FALLS;
        break;
    }
    return result;
  }
}

/** What an expression answers when it is a miss branch of its own (`?? fail(id)`, `t ? use(t) : fail(id)`). */
export function traceExpression(node: TSESTree.Node, ctx: TraceContext): Trace {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.CallExpression) return UNSURE;
  const ending = thrownByCall(inner, ctx.answers);
  return ending ? { kind: "ends", ending, conditional: false } : UNSURE;
}
