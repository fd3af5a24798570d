import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type * as ts from "typescript";
import type { TypedChecker } from "../typed-checker.js";


/**
 * Whether a call that is given the id certainly gives `undefined` or `null` for an unknown one, so that using its
 * result unchecked is a fact: with type information, a call whose type (awaited, if it is awaited) includes
 * `undefined` or `null`. A helper that returns a map read is seen through the summaries instead (a returned lookup,
 * returned-lookups.ts).
 */
export function isCertainMissCall(typed: TypedChecker | undefined, call: TSESTree.CallExpression): boolean {
  return typed !== undefined && typeIncludesNothing(typed, call);
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
