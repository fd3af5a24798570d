import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunction, type VisitorKeys, walk } from "../syntax/ast.js";

/** Whether an `if` test picks out methods the fallback serves: a method name or a registry lookup. */
function servesSome(test: TSESTree.Node, keys: VisitorKeys): boolean {
  let found = false;
  walk(test, keys, (node) => {
    if (node.type === AST_NODE_TYPES.Literal && typeof node.value === "string") found = true;
    if (node.type === AST_NODE_TYPES.CallExpression || node.type === AST_NODE_TYPES.MemberExpression) found = true;
  });
  return found;
}

/**
 * The statements run for a method nobody serves: after the last `if` that serves some methods, or the
 * `default` of a top-level switch. An expression body is its own answer. An allow-list guard (`if (m !== "a" &&
 * m !== "b") throw …`, `if (!ALLOWED.has(m)) throw …`, `const op = OPS[m]; if (!op) throw …`) ends the path: what
 * follows it is never reached by an unknown method, so the guard's own answer is all an unknown method gets.
 * `methodName` is how the function names the method (`method`, `ctx.method`).
 */
export function unknownPath(fn: FunctionNode, keys: VisitorKeys, methodName?: string): readonly TSESTree.Node[] {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return [fn.body];
  const body = fn.body.body;
  const methodNames = new Set(methodName ? [methodName] : []);
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const s = body[i]!;
    if (s.type === AST_NODE_TYPES.VariableDeclaration) namesFromMethod(s, methodNames, keys);
    if (s.type === AST_NODE_TYPES.IfStatement && !s.alternate && isAllowListGuard(s, methodNames, keys)) return [s.consequent];
    if (s.type === AST_NODE_TYPES.IfStatement && servesSome(s.test, keys)) start = i + 1;
    if (s.type === AST_NODE_TYPES.SwitchStatement) {
      const fallback = s.cases.find((c) => c.test === null);
      if (fallback) return fallback.consequent;
      start = i + 1;
    }
  }
  return body.slice(start);
}

/** Adds to `names` the `const` / `let` declared from an expression that reads one of them (`const op = OPS[method]`). */
function namesFromMethod(declaration: TSESTree.VariableDeclaration, names: Set<string>, keys: VisitorKeys): void {
  for (const d of declaration.declarations) {
    if (d.id.type === AST_NODE_TYPES.Identifier && d.init && readsAny(d.init, names, keys)) names.add(d.id.name);
  }
}

/** Whether `node` reads one of `names`: a variable, or a member read such as `ctx.method`. */
function readsAny(node: TSESTree.Node, names: ReadonlySet<string>, keys: VisitorKeys): boolean {
  if (names.size === 0) return false;
  let found = false;
  walk(node, keys, (n) => {
    if (n.type === AST_NODE_TYPES.Identifier && names.has(n.name)) found = true;
    if (n.type !== AST_NODE_TYPES.MemberExpression || n.computed) return;
    if (n.object.type === AST_NODE_TYPES.Identifier && n.property.type === AST_NODE_TYPES.Identifier && names.has(`${n.object.name}.${n.property.name}`)) found = true;
  });
  return found;
}

/**
 * `if (<the method is none of these>) throw …`: a test that is true for the methods a list does not hold (a negation
 * or `!==`, several joined by `&&`) about the method or a value read from it, and a consequent that ends in a throw.
 */
function isAllowListGuard(s: TSESTree.IfStatement, names: ReadonlySet<string>, keys: VisitorKeys): boolean {
  const last = s.consequent.type === AST_NODE_TYPES.BlockStatement ? s.consequent.body.at(-1) : s.consequent;
  if (last?.type !== AST_NODE_TYPES.ThrowStatement) return false;
  return isNegativeTest(s.test) && readsAny(s.test, names, keys);
}

function isNegativeTest(test: TSESTree.Node): boolean {
  if (test.type === AST_NODE_TYPES.UnaryExpression) return test.operator === "!";
  if (test.type === AST_NODE_TYPES.BinaryExpression) return test.operator === "!==" || test.operator === "!=";
  if (test.type === AST_NODE_TYPES.LogicalExpression) return test.operator === "&&" && isNegativeTest(test.left) && isNegativeTest(test.right);
  return false;
}

/** The `throw` and `return` statements of `nodes`, outside nested functions. */
export function exits(nodes: readonly TSESTree.Node[], keys: VisitorKeys): (TSESTree.ThrowStatement | TSESTree.ReturnStatement | TSESTree.Expression)[] {
  const out: (TSESTree.ThrowStatement | TSESTree.ReturnStatement | TSESTree.Expression)[] = [];
  const visit = (node: TSESTree.Node) => {
    if (isFunction(node)) return;
    if (node.type === AST_NODE_TYPES.ThrowStatement || node.type === AST_NODE_TYPES.ReturnStatement) out.push(node);
    if (node.type === AST_NODE_TYPES.TryStatement) return; // what a try answers depends on its catch
    for (const key of keys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const c of Array.isArray(child) ? child : [child]) if (c && typeof (c as TSESTree.Node).type === "string") visit(c as TSESTree.Node);
    }
  };
  for (const node of nodes) {
    if (node.type.endsWith("Expression") && !isFunction(node)) out.push(node as TSESTree.Expression);
    else visit(node);
  }
  return out;
}
