import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import type * as ts from "typescript";
import { memberName, unwrap } from "../syntax/ast.js";
import { returnedExpressions } from "../syntax/functions.js";
import { isMapStore } from "./stores.js";
import { resolverOf } from "../resolution/resolver.js";
import type { TypedChecker } from "../typed-checker.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * Whether a call that is given the id certainly gives `undefined` or `null` for an unknown one, so that using
 * its result unchecked is a fact: a same-file function that only returns a map read, or, with type
 * information, a call whose type (awaited, if it is awaited) includes `undefined` or `null`.
 */
export function isCertainMissCall(sourceCode: SourceCode, typed: TypedChecker | undefined, call: TSESTree.CallExpression): boolean {
  return mapReadStore(sourceCode, call) !== undefined || (typed !== undefined && typeIncludesNothing(typed, call));
}

/**
 * The map a call reads, when it calls a same-file function that only returns `store.get(id)` / `store[id]` of
 * its first parameter (`getSession(id)`).
 */
export function mapReadStore(sourceCode: SourceCode, call: TSESTree.CallExpression): TSESTree.Node | undefined {
  const fn = resolverOf(sourceCode).localCalleeOf(call);
  const param = fn?.params[0];
  if (!fn || param?.type !== AST_NODE_TYPES.Identifier) return undefined;
  // Only a function that is nothing but the lookup: one that does more may check, throw or create.
  const onlyReturns = fn.body.type !== AST_NODE_TYPES.BlockStatement || (fn.body.body.length === 1 && fn.body.body[0]!.type === AST_NODE_TYPES.ReturnStatement);
  const returned = onlyReturns ? returnedExpressions(fn, sourceCode.visitorKeys) : [];
  if (returned.length !== 1) return undefined;
  const isParam = (n: TSESTree.Node) => {
    const inner = unwrap(n);
    return inner.type === AST_NODE_TYPES.Identifier && inner.name === param.name;
  };
  const [expression] = returned as [TSESTree.Expression];
  // `return sessions.get(id)!` asserts, it does not look up for the caller to check.
  if (expression.type === AST_NODE_TYPES.TSNonNullExpression) return undefined;
  const inner = unwrap(expression);
  const store =
    inner.type === AST_NODE_TYPES.CallExpression &&
    inner.callee.type === AST_NODE_TYPES.MemberExpression &&
    memberName(inner.callee) === "get" &&
    inner.arguments[0] &&
    isParam(inner.arguments[0])
      ? inner.callee.object
      : inner.type === AST_NODE_TYPES.MemberExpression && inner.computed && isParam(inner.property)
        ? inner.object
        : undefined;
  return store !== undefined && isMapStore(sourceCode, store) ? store : undefined;
}

/**
 * The type of what the call gives its caller (the awaited value when it is awaited) includes `undefined` or `null`;
 * false when that type comes from outside the lint root.
 */
function typeIncludesNothing(typed: TypedChecker, call: TSESTree.CallExpression): boolean {
  const parent = call.parent;
  const node = parent?.type === AST_NODE_TYPES.AwaitExpression ? parent : call;
  const type: ts.Type | undefined = typed.typeOf(node);
  if (!type) return false;
  // The flags come from the checker's own types: their values differ between TypeScript versions.
  const checker = typed.checker;
  const nothing = checker.getUndefinedType().flags | checker.getNullType().flags;
  const parts = type.isUnion() ? type.types : [type];
  return parts.some((part) => (part.flags & nothing) !== 0);
}
