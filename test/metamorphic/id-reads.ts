/**
 * The reads of a requested id the "wrap the id" rewrites wrap: `params.sessionId` (any field of the params whose name
 * ends in `Id`), and the variables destructured from the params under such a key (`const { sessionId } = params`,
 * `async prompt({ sessionId })`), where they are read.
 */
import type { Variable } from "@typescript-eslint/scope-manager";
import { AST_NODE_TYPES, ancestors, firstParamVariables, handlers, isParamsObject, isWritten, type Node, paramsReads, type Source, type TSESTree, walk } from "./syntax.js";

const ID_FIELD = /Id$/u;

export interface IdRead {
  readonly node: Node;
  /** The enclosing function's range. */
  readonly fn: readonly [number, number];
  /** A shorthand property `{ sessionId }` whose value it is: wrapping writes `sessionId: wrap(sessionId)`. */
  readonly shorthand: boolean;
  /** Behind `?.`, or the left of `??` / `||`: the request may lack it there. */
  readonly optional: boolean;
}

const inType = (source: Source, node: Node) => ancestors(source, node).some((a) => a.type === AST_NODE_TYPES.TSTypeQuery || a.type === AST_NODE_TYPES.TSTypeReference);

function fnRange(source: Source, node: Node): readonly [number, number] {
  const fn = ancestors(source, node).find((a) => a.type === AST_NODE_TYPES.ArrowFunctionExpression || a.type === AST_NODE_TYPES.FunctionExpression || a.type === AST_NODE_TYPES.FunctionDeclaration);
  return (fn ?? source.ast).range;
}

function defaulted(source: Source, node: Node): boolean {
  const parent = source.parents.get(node);
  return parent?.type === AST_NODE_TYPES.LogicalExpression && parent.left === node;
}

export function idReads(source: Source): IdRead[] {
  const reads: IdRead[] = [];
  for (const read of paramsReads(source)) {
    if (!ID_FIELD.test(read.field) || inType(source, read.node)) continue;
    const outer = read.optional ? (ancestors(source, read.node).find((a) => a.type === AST_NODE_TYPES.ChainExpression) ?? read.node) : read.node;
    reads.push({ node: outer, fn: fnRange(source, read.node), shorthand: false, optional: read.optional || defaulted(source, outer) });
  }
  const firstParams = firstParamVariables(source);
  const patterns: TSESTree.ObjectPattern[] = [];
  for (const { fn, paramsFirst } of handlers(source)) {
    const first = fn.params[0];
    if (first?.type !== AST_NODE_TYPES.ObjectPattern) continue;
    if (paramsFirst) patterns.push(first);
    // A context's `{ params: { sessionId } }`.
    for (const p of first.properties) {
      if (p.type === AST_NODE_TYPES.Property && !p.computed && p.key.type === AST_NODE_TYPES.Identifier && p.key.name === "params" && p.value.type === AST_NODE_TYPES.ObjectPattern) patterns.push(p.value);
    }
  }
  walk(source.ast, (node) => {
    if (node.type === AST_NODE_TYPES.VariableDeclarator && node.id.type === AST_NODE_TYPES.ObjectPattern && node.init && isParamsObject(source, node.init, firstParams)) patterns.push(node.id);
  });
  const variables = new Set<Variable>();
  for (const pattern of patterns) {
    const owner = ancestors(source, pattern).find((a) => a.type === AST_NODE_TYPES.VariableDeclarator || a.type === AST_NODE_TYPES.ArrowFunctionExpression || a.type === AST_NODE_TYPES.FunctionExpression || a.type === AST_NODE_TYPES.FunctionDeclaration)!;
    const declared = source.scopes.getDeclaredVariables(owner);
    for (const p of pattern.properties) {
      if (p.type !== AST_NODE_TYPES.Property || p.computed || p.key.type !== AST_NODE_TYPES.Identifier || !ID_FIELD.test(p.key.name)) continue;
      const value = p.value.type === AST_NODE_TYPES.AssignmentPattern ? p.value.left : p.value;
      for (const v of declared) if (v.identifiers.includes(value as TSESTree.Identifier)) variables.add(v);
    }
  }
  for (const variable of variables) {
    for (const ref of variable.references) {
      const id = ref.identifier as TSESTree.Identifier;
      if (!ref.isRead() || ref.isWrite() || !ref.isValueReference || isWritten(id, source.parents.get(id))) continue;
      const parent = source.parents.get(id);
      const shorthand = parent?.type === AST_NODE_TYPES.Property && parent.shorthand && parent.value === id;
      reads.push({ node: id, fn: fnRange(source, id), shorthand, optional: defaulted(source, id) });
    }
  }
  return reads.sort((a, b) => a.node.range[0] - b.node.range[0]);
}
