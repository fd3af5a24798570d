import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { messageText } from "../values/message-text.js";
import { inRange, JSON_RPC_RESERVED } from "../../protocol/codes.js";
import { calleeName, isFunction, unwrap } from "../syntax/ast.js";
import type { FileModel } from "../model.js";

/** An ACP code, or any code of the range JSON-RPC and ACP reserve: only error codes look like these. */
export function isErrorCode(code: number, acpCodes: FileModel["acpCodes"]): boolean {
  return acpCodes.has(code) || inRange(code, JSON_RPC_RESERVED);
}

/**
 * Whether a switch dispatches on error codes: at least one case resolves to ACP or reserved-range codes only,
 * and every case that resolves at all resolves to integers (a string, boolean or fraction means the switch is
 * over something else). Cases that cannot be resolved count neither way.
 */
export function isCodeSwitch(node: TSESTree.SwitchStatement, model: FileModel): boolean {
  let hasCode = false;
  for (const clause of node.cases) {
    if (!clause.test) continue;
    const values = model.values.resolve(clause.test);
    if (!values) continue;
    const integers = values.filter((v): v is number => typeof v === "number" && Number.isInteger(v));
    if (integers.length !== values.length) return false;
    if (integers.every((code) => isErrorCode(code, model.acpCodes))) hasCode = true;
  }
  return hasCode;
}

/**
 * Whether a statement is the last thing its function runs: the last statement of the function's body, or of
 * a plain block (or label) that is itself in that position. Anything else (a loop, an `if`, a `try`) may have
 * more to run after it, so it does not count.
 */
export function endsFunction(statement: TSESTree.Statement): boolean {
  let node: TSESTree.Node = statement;
  for (;;) {
    const parent: TSESTree.Node | undefined = node.parent;
    if (parent?.type === AST_NODE_TYPES.LabeledStatement) {
      node = parent;
      continue;
    }
    if (parent?.type !== AST_NODE_TYPES.BlockStatement || parent.body.at(-1) !== node) return false;
    const owner: TSESTree.Node | undefined = parent.parent;
    if (owner && isFunction(owner) && owner.body === parent) return true;
    if (owner?.type !== AST_NODE_TYPES.BlockStatement && owner?.type !== AST_NODE_TYPES.LabeledStatement) return false;
    node = parent;
  }
}

/** The `switch (x)` of a switch statement, up to its `{`: where a report about the whole switch goes. */
export function switchHead(node: TSESTree.SwitchStatement, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.SourceLocation {
  const brace = sourceCode.getTokenAfter(node.discriminant, (token) => token.value === "{");
  const close = brace && sourceCode.getTokenBefore(brace);
  return { start: node.loc.start, end: close?.loc.end ?? node.discriminant.loc.end };
}

const ASSERTION_NAME = /never|exhaustive|unreachable/i;
const ASSERTION_MESSAGE = /\b(unreachable|unexpected|impossible|never|exhaustive)\b/i;

/** Compares expressions by their source, ignoring layout and type assertions. */
function sameExpression(a: TSESTree.Node, b: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const text = (node: TSESTree.Node) => sourceCode.getText(unwrap(node)).replace(/\s+/g, "");
  return text(a) === text(b);
}

/** The discriminant itself, or the object it is read from (`assertNever(failure)` after `switch (failure.code)`). */
function isSwitchedValue(node: TSESTree.Node, discriminant: TSESTree.Expression, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const inner = unwrap(discriminant);
  if (sameExpression(node, inner, sourceCode)) return true;
  return inner.type === AST_NODE_TYPES.MemberExpression && sameExpression(node, inner.object, sourceCode);
}


interface AssertionContext {
  readonly discriminant: TSESTree.Expression;
  readonly model: FileModel;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
}

/**
 * An expression that claims no other value can arrive: `assertNever(x)` / `new UnreachableError(x)` (a name
 * saying never, exhaustive or unreachable, given the switched value), `x satisfies never`, or, when thrown, an
 * `Error` whose message says unreachable, unexpected, impossible or never.
 */
function assertionExpression(node: TSESTree.Node, ctx: AssertionContext, thrown: boolean): TSESTree.Node | undefined {
  if (node.type === AST_NODE_TYPES.TSSatisfiesExpression) {
    const satisfiesNever = node.typeAnnotation.type === AST_NODE_TYPES.TSNeverKeyword;
    return satisfiesNever && isSwitchedValue(node.expression, ctx.discriminant, ctx.sourceCode) ? node : undefined;
  }
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.CallExpression && inner.type !== AST_NODE_TYPES.NewExpression) return undefined;
  const name = calleeName(inner.callee) ?? "";
  if (ASSERTION_NAME.test(name) && inner.arguments.some((arg) => isSwitchedValue(arg, ctx.discriminant, ctx.sourceCode))) {
    return inner;
  }
  const says = thrown && /Error$/.test(name) && ASSERTION_MESSAGE.test(messageText(inner.arguments[0], ctx.model.values) ?? "");
  return says ? inner : undefined;
}

/** `const _: never = x`: the declarator, and the name it declares. */
function neverDeclaration(statement: TSESTree.Statement, ctx: AssertionContext): TSESTree.VariableDeclarator | undefined {
  if (statement.type !== AST_NODE_TYPES.VariableDeclaration || statement.declarations.length !== 1) return undefined;
  const declarator = statement.declarations[0]!;
  const annotation = declarator.id.type === AST_NODE_TYPES.Identifier ? declarator.id.typeAnnotation : undefined;
  if (annotation?.typeAnnotation.type !== AST_NODE_TYPES.TSNeverKeyword || !declarator.init) return undefined;
  return isSwitchedValue(declarator.init, ctx.discriminant, ctx.sourceCode) ? declarator : undefined;
}

/** A clause's statements, with the blocks it wraps them in opened. */
function flatStatements(statements: readonly TSESTree.Statement[]): TSESTree.Statement[] {
  return statements.flatMap((s) => (s.type === AST_NODE_TYPES.BlockStatement ? flatStatements(s.body) : [s]));
}

/** `break;`, `return;`, or `return _` / `throw _` of the name the assertion declared. */
function isBareExit(statement: TSESTree.Statement, declared: string | undefined): boolean {
  if (statement.type === AST_NODE_TYPES.BreakStatement) return !statement.label;
  if (statement.type !== AST_NODE_TYPES.ReturnStatement && statement.type !== AST_NODE_TYPES.ThrowStatement) return false;
  const argument = statement.argument && unwrap(statement.argument);
  if (!argument) return statement.type === AST_NODE_TYPES.ReturnStatement;
  return declared !== undefined && argument.type === AST_NODE_TYPES.Identifier && argument.name === declared;
}

/**
 * The assertion a `default` clause consists of, when all it does is claim that no other code can arrive: one
 * assertion statement (or a `return`/`throw` of one), optionally followed by a bare exit. A default that does
 * anything else (logs, returns a value, rethrows the error) handles the unknown code and is left alone.
 */
export function exhaustivenessAssertion(
  node: TSESTree.SwitchStatement,
  fallback: TSESTree.SwitchCase,
  model: FileModel,
  sourceCode: Readonly<TSESLint.SourceCode>,
): TSESTree.Node | undefined {
  const ctx: AssertionContext = { discriminant: node.discriminant, model, sourceCode };
  const [first, ...rest] = flatStatements(fallback.consequent);
  if (!first || rest.length > 1) return undefined;
  let assertion: TSESTree.Node | undefined;
  let declared: string | undefined;
  if (first.type === AST_NODE_TYPES.ExpressionStatement) assertion = assertionExpression(first.expression, ctx, false);
  else if ((first.type === AST_NODE_TYPES.ReturnStatement || first.type === AST_NODE_TYPES.ThrowStatement) && first.argument) {
    assertion = assertionExpression(first.argument, ctx, first.type === AST_NODE_TYPES.ThrowStatement);
  } else {
    assertion = neverDeclaration(first, ctx);
    if (assertion) declared = ((assertion as TSESTree.VariableDeclarator).id as TSESTree.Identifier).name;
  }
  if (!assertion) return undefined;
  return rest.every((s) => isBareExit(s, declared)) ? assertion : undefined;
}
