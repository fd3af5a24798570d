import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { calleeName, unwrap } from "../syntax/ast.js";
import type { ErrorClass } from "./error-classes.js";
import type { ErrorSite } from "./error-sites.js";
import { functionOf, returnedExpressions } from "../syntax/functions.js";
import type { ValueResolver } from "../values/values.js";

/**
 * What a `throw` or `return` answers a request with:
 * - `site`: an error response built here (or by a same-file function it calls), whose code the site gives;
 * - `held`: an instance of a local error class that holds its code (`class Gone extends RequestError`);
 * - `internal`: a plain `Error` or any other value the SDK turns into -32603 Internal error.
 */
export type Answer =
  | { readonly kind: "site"; readonly site: ErrorSite; readonly node: TSESTree.Node }
  | { readonly kind: "held"; readonly code: TSESTree.Node; readonly node: TSESTree.Node }
  | { readonly kind: "internal"; readonly node: TSESTree.Node };

export interface AnswerContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
  readonly sitesByNode: ReadonlyMap<TSESTree.Node, ErrorSite>;
  readonly errorClasses: ReadonlyMap<string, ErrorClass>;
}

/** The built-in error constructors: what they throw carries no JSON-RPC code. */
const BUILTIN_ERRORS = new Set(["Error", "TypeError", "RangeError", "ReferenceError", "SyntaxError", "EvalError", "URIError", "AggregateError"]);

/** The error site an expression is or holds: the site itself, a `const` bound to one, a site inside a response object. */
function siteOf(node: TSESTree.Node, ctx: AnswerContext, depth: number): ErrorSite | undefined {
  let inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Identifier) inner = unwrap(ctx.values.constInit(inner) ?? inner);
  const direct = ctx.sitesByNode.get(inner);
  if (direct) return direct;
  if (inner.type === AST_NODE_TYPES.ObjectExpression) {
    // `return { error: { code, message } }` in hand-rolled dispatch.
    for (const site of ctx.sitesByNode.values()) {
      if (site.kind === "object" && site.node.parent?.type === AST_NODE_TYPES.Property && site.node.parent.parent === inner) return site;
    }
    return undefined;
  }
  // `throw notFound(id)`: a same-file function that builds the error.
  if (inner.type === AST_NODE_TYPES.CallExpression && depth < 3) {
    const fn = functionOf(ctx.sourceCode, inner.callee);
    const returned = fn ? returnedExpressions(fn, ctx.sourceCode.visitorKeys) : [];
    const sites = returned.map((r) => siteOf(r, ctx, depth + 1));
    if (sites.length > 0 && sites.every((s) => s !== undefined && s === sites[0])) return sites[0];
  }
  return undefined;
}

/** What a thrown (or, in hand-rolled dispatch, returned) expression answers with; `undefined` when unknown. */
export function answerOf(expression: TSESTree.Node, ctx: AnswerContext): Answer | undefined {
  const site = siteOf(expression, ctx, 0);
  if (site) return { kind: "site", site, node: site.node };
  const inner = unwrap(expression);
  if (inner.type === AST_NODE_TYPES.NewExpression || inner.type === AST_NODE_TYPES.CallExpression) {
    const name = calleeName(inner.callee);
    const cls = name === undefined ? undefined : ctx.errorClasses.get(name);
    if (cls?.heldCode && cls.codeIndex === undefined) return { kind: "held", code: cls.heldCode, node: inner };
    if (inner.callee.type === AST_NODE_TYPES.Identifier && BUILTIN_ERRORS.has(inner.callee.name) && !isShadowed(inner.callee, ctx)) {
      return { kind: "internal", node: inner };
    }
    return undefined;
  }
  if ((inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "string") || inner.type === AST_NODE_TYPES.TemplateLiteral) {
    return { kind: "internal", node: inner };
  }
  return undefined;
}

/** `Error` declared in the file (an import or a class of that name) is not the built-in one. */
function isShadowed(id: TSESTree.Identifier, ctx: AnswerContext): boolean {
  let scope: TSESLint.Scope.Scope | null = ctx.sourceCode.getScope(id);
  for (; scope; scope = scope.upper) {
    const variable = scope.set.get(id.name);
    if (variable && variable.defs.length > 0) return true;
  }
  return false;
}
