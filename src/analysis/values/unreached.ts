import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { isFunction } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";

/**
 * Whether no run reaches `node`: it follows, in its function, an `if` whose test is always true and whose branch
 * always leaves (`if (!Agent.DELETE_ENABLED) throw RequestError.methodNotFound(…)` of a `static readonly
 * DELETE_ENABLED = false`), or it is the branch of an `if` its constant test never takes. A feature switched off by
 * a constant leaves its handler's code in place; a finding there is about code that never runs.
 */
export function isUnreached(node: TSESTree.Node, values: ValueResolver): boolean {
  for (let child = node, parent = node.parent; parent && !isFunction(child); child = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.IfStatement && child !== parent.test) {
      const truth = constantTruth(parent.test, values);
      if (truth !== undefined && truth !== (child === parent.consequent)) return true;
    }
    const statements = parent.type === AST_NODE_TYPES.BlockStatement || parent.type === AST_NODE_TYPES.Program ? parent.body : parent.type === AST_NODE_TYPES.SwitchCase ? parent.consequent : undefined;
    const at = statements ? statements.indexOf(child as TSESTree.Statement) : -1;
    for (let i = 0; i < at; i++) if (alwaysLeaves(statements![i]!, values)) return true;
  }
  return false;
}

/** `if (<always true>) <leaves>` with no else: what follows it never runs. */
function alwaysLeaves(statement: TSESTree.Node, values: ValueResolver): boolean {
  return statement.type === AST_NODE_TYPES.IfStatement && !statement.alternate && constantTruth(statement.test, values) === true && leaves(statement.consequent);
}

/** A `throw` or `return`, or a block that ends with one. */
function leaves(statement: TSESTree.Statement): boolean {
  if (statement.type === AST_NODE_TYPES.ThrowStatement || statement.type === AST_NODE_TYPES.ReturnStatement) return true;
  if (statement.type !== AST_NODE_TYPES.BlockStatement) return false;
  const last = statement.body.at(-1);
  return last !== undefined && leaves(last);
}

/** The truth of a test the values resolve to one boolean (through `!`); undefined when it may be either. */
function constantTruth(test: TSESTree.Expression, values: ValueResolver): boolean | undefined {
  if (test.type === AST_NODE_TYPES.UnaryExpression && test.operator === "!") {
    const inner = constantTruth(test.argument, values);
    return inner === undefined ? undefined : !inner;
  }
  const found = values.resolve(test);
  return found?.length === 1 && typeof found[0] === "boolean" ? found[0] : undefined;
}
