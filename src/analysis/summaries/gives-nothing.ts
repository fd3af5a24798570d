import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunction, isNullish, walk } from "../syntax/ast.js";
import type { Resolver } from "../resolution/resolver.js";

const guards = new WeakMap<FunctionNode, ReadonlySet<number>>();

/**
 * The parameters a function tests before it gives back nothing: `if (!methodId.startsWith(PREFIX)) return undefined;`
 * (or `return;`, `return null`) makes parameter 0 one for some values of which the function finds nothing, as a
 * lookup keyed by it does. Only a test that names the parameter itself counts, in the function's own code (not a
 * callback's). Worked out once per function.
 */
export function nothingGuards(fn: FunctionNode, resolver: Resolver): ReadonlySet<number> {
  let found = guards.get(fn);
  if (!found) guards.set(fn, (found = computeGuards(fn, resolver)));
  return found;
}

function computeGuards(fn: FunctionNode, resolver: Resolver): ReadonlySet<number> {
  const out = new Set<number>();
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return out;
  const params = new Map<unknown, number>();
  fn.params.forEach((param, index) => {
    const id = param.type === AST_NODE_TYPES.AssignmentPattern ? param.left : param;
    const variable = id.type === AST_NODE_TYPES.Identifier ? resolver.variableOf(id) : null;
    if (variable) params.set(variable, index);
  });
  if (params.size === 0) return out;
  const visitorKeys = resolver.sourceCodeOf(fn).visitorKeys;
  walk(fn.body, visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.ReturnStatement || (node.argument && !isNullish(node.argument))) return;
    const test = guardingTest(node, fn);
    if (!test) return;
    walk(test, visitorKeys, (inner) => {
      if (inner.type !== AST_NODE_TYPES.Identifier) return;
      const index = params.get(resolver.variableOf(inner));
      if (index !== undefined) out.add(index);
    });
  });
  return out;
}

/** The test of the nearest `if` of `fn`'s own code whose branch holds `node`; undefined inside a nested function. */
function guardingTest(node: TSESTree.Node, fn: FunctionNode): TSESTree.Expression | undefined {
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent && parent !== fn; child = parent, parent = parent.parent) {
    if (isFunction(parent)) return undefined;
    if (parent.type === AST_NODE_TYPES.IfStatement && child !== parent.test) return parent.test;
  }
  return undefined;
}
