import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { findVariable } from "../syntax/scope-utils.js";
import { sourceCodeOf } from "../syntax/variables.js";
import { isBuiltinError } from "../errors/error-classes.js";
import type { ErrorSite } from "../errors/error-sites.js";
import { siteCodes } from "../errors/answer-codes.js";
import { outletsOf } from "../errors/responses.js";
import { isResponseValue, sendsResponse } from "../errors/sent-responses.js";
import { children, enclosingFunction, isFunction, outermostWrapper, staticKeyName, contains } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";

/** The one code a `catch` answers every error with, and where that code is written. */
export interface FixedAnswer {
  readonly code: number;
  /** The code's expression (the whole site for a factory). */
  readonly node: TSESTree.Node;
  /** The catch parameter, when it is a plain name. */
  readonly param?: TSESTree.Identifier;
}

interface CatchContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
}

const within = (node: TSESTree.Node, outer: TSESTree.Node) => contains(outer, node);

/** Properties of a caught error that tell errors apart: its code, or its class (`name`, `constructor`). */
const TELLING = new Set(["code", "name", "constructor"]);

/** The global `Error`, not one the file declares or imports. */
function isGlobalError(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  return node.type === AST_NODE_TYPES.Identifier && node.name === "Error" && isBuiltinError(sourceCode, node);
}

/** Whether a use of the caught error reads its code or tells its class: `e.code`, `e instanceof X`, `"code" in e`, `const { code } = e`. */
function tellsErrorsApart(id: TSESTree.Identifier, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const node = outermostWrapper(id);
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === node) return TELLING.has(staticKeyName(parent.property, parent.computed) ?? "");
  if (parent.type === AST_NODE_TYPES.BinaryExpression) {
    // `e instanceof Error ? e.message : String(e)` picks a message: every error is an Error, whatever its code.
    if (parent.operator === "instanceof" && parent.left === node) return !isGlobalError(parent.right, sourceCode);
    return parent.operator === "in" && parent.right === node;
  }
  if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node) return parent.id.type !== AST_NODE_TYPES.Identifier;
  return false;
}

/** Whether the clause rethrows, or reads anything from the caught error that tells errors apart. */
function isSelective(clause: TSESTree.CatchClause, ctx: CatchContext): boolean {
  const param = clause.param;
  if (param && param.type !== AST_NODE_TYPES.Identifier) return true;
  if (param) {
    const variable = findVariable(sourceCodeOf(clause.body, ctx.sourceCode).getScope(clause.body), param.name);
    if (variable?.references.some((r) => tellsErrorsApart(r.identifier as TSESTree.Identifier, ctx.sourceCode))) return true;
  }
  let rethrows = false;
  const visit = (node: TSESTree.Node): void => {
    if (rethrows || isFunction(node)) return;
    if (node.type === AST_NODE_TYPES.ThrowStatement) rethrows = true;
    for (const child of children(node, ctx.sourceCode.visitorKeys)) visit(child);
  };
  visit(clause.body);
  return rethrows;
}

/** `{ error: { code, message } }`: an error object under an `error` key. */
const isErrorMember = (node: TSESTree.Node) =>
  node.parent?.type === AST_NODE_TYPES.Property && node.parent.value === node && staticKeyName(node.parent.key, node.parent.computed) === "error";

/** Whether a site sends or returns its error as the answer to a request. */
function answers(site: ErrorSite, ctx: CatchContext): boolean {
  if (site.rpc || sendsResponse(site, ctx)) return true;
  const outlets = outletsOf(site.node, ctx, isResponseValue(site, ctx));
  // In a catch around a dispatch, `{ code, message }` handed to a sender (`reply(id, { code, message })`) is the answer.
  return outlets.some((o) => o.enveloped || o.how === "sent" || (o.how === "returned" && isErrorMember(site.node)));
}

/**
 * The one code a catch clause answers every error with: every error response it sends or returns has that code,
 * it does not rethrow, and it reads neither the error's code nor its class. Undefined otherwise.
 */
export function fixedAnswer(clause: TSESTree.CatchClause, sites: readonly ErrorSite[], ctx: CatchContext): FixedAnswer | undefined {
  const home = enclosingFunction(clause);
  const found = sites
    .filter((s) => within(s.node, clause.body) && enclosingFunction(s.node) === home && answers(s, ctx))
    .sort((a, b) => a.node.range[0] - b.node.range[0]);
  if (found.length === 0 || isSelective(clause, ctx)) return undefined;
  const codes = new Set<number>();
  for (const site of found) {
    const these = siteCodes(site, ctx.values);
    if (these?.length !== 1) return undefined;
    codes.add(these[0]!);
  }
  if (codes.size !== 1) return undefined;
  const first = found[0]!;
  const param = clause.param?.type === AST_NODE_TYPES.Identifier ? clause.param : undefined;
  return { code: [...codes][0]!, node: first.code ?? first.node, ...(param ? { param } : {}) };
}
