import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunction, isNullish, walk } from "../syntax/ast.js";
import type { Summaries } from "./summaries.js";

const guards = new WeakMap<FunctionNode, ReadonlySet<number>>();

/**
 * The parameters a function tests before it gives back nothing: `if (!methodId.startsWith(PREFIX)) return undefined;`
 * (or `return;`, `return null`) makes parameter 0 one for some values of which the function finds nothing, as a
 * lookup keyed by it does. Only a test that names the parameter itself counts, in the function's own code (not a
 * callback's). Worked out once per function.
 */
export function nothingGuards(fn: FunctionNode, summaries: Summaries): ReadonlySet<number> {
  let found = guards.get(fn);
  if (!found) guards.set(fn, (found = computeGuards(fn, summaries)));
  return found;
}

function computeGuards(fn: FunctionNode, summaries: Summaries): ReadonlySet<number> {
  const out = new Set<number>();
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return out;
  const visitorKeys = summaries.resolver.sourceCodeOf(fn).visitorKeys;
  walk(fn.body, visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.ReturnStatement || (node.argument && !isNullish(node.argument))) return;
    const test = guardingTest(node, fn);
    if (!test) return;
    // A read of one of fn's parameters (summaries: a parameter's value, its pattern followed).
    walk(test, visitorKeys, (inner) => {
      if (inner.type !== AST_NODE_TYPES.Identifier) return;
      const value = summaries.valueOf(inner);
      if (value.kind === "param" && value.fn === fn) out.add(value.index);
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
