import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
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
 * `default` of a top-level switch. An expression body is its own answer.
 */
export function unknownPath(fn: FunctionNode, keys: VisitorKeys): readonly TSESTree.Node[] {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return [fn.body];
  const body = fn.body.body;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const s = body[i]!;
    if (s.type === AST_NODE_TYPES.IfStatement && servesSome(s.test, keys)) start = i + 1;
    if (s.type === AST_NODE_TYPES.SwitchStatement) {
      const fallback = s.cases.find((c) => c.test === null);
      if (fallback) return fallback.consequent;
      start = i + 1;
    }
  }
  return body.slice(start);
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
