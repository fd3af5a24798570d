import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { enclosingFunction, unwrap } from "../syntax/ast.js";
import type { FallbackSource } from "./types.js";
import { isMethodExpression } from "../handlers/method-names.js";
import { missingReference, referenceKey } from "./missing-tests.js";

/**
 * A client's (or agent's) "no handler installed" branch: `if (!this.requestHandler) { …answer… }` followed, in the
 * same block, by a call of that handler given the requested method (`this.requestHandler(msg.method, msg.params)`).
 * Before the handler is installed every request takes the branch: it is the fallback of every method.
 */
export function installedMisses(model: FileModel, text: (node: TSESTree.Node) => string): FallbackSource[] {
  const out: FallbackSource[] = [];
  for (const node of model.nodes.ifs) {
    if (node.alternate) continue;
    const key = missingReference(node.test);
    const block = node.parent;
    if (!key || (block?.type !== AST_NODE_TYPES.BlockStatement && block?.type !== AST_NODE_TYPES.Program)) continue;
    const after = block.body.slice(block.body.indexOf(node as TSESTree.Statement) + 1);
    const call = after.map(handlerCall(key)).find((c) => c !== undefined);
    const fn = enclosingFunction(node);
    if (!call || !fn) continue;
    out.push({ kind: "miss", fn, path: [node.consequent], methodName: text(call.arguments[0]!) });
  }
  return out;
}

/** A statement's call of the reference `key` whose first argument is the requested method. */
function handlerCall(key: string): (statement: TSESTree.Statement) => TSESTree.CallExpression | undefined {
  return (statement) => {
    let expression: TSESTree.Node | undefined =
      statement.type === AST_NODE_TYPES.ExpressionStatement ? statement.expression : statement.type === AST_NODE_TYPES.ReturnStatement ? (statement.argument ?? undefined) : undefined;
    if (statement.type === AST_NODE_TYPES.VariableDeclaration) expression = statement.declarations[0]?.init ?? undefined;
    // `h(m, p).then(...)`, `await h(m, p)`, `void h(m, p)`: the call at the root of the chain.
    for (let inner = expression && unwrap(expression); inner; ) {
      if (inner.type === AST_NODE_TYPES.AwaitExpression || (inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "void")) inner = unwrap(inner.argument);
      else if (inner.type === AST_NODE_TYPES.CallExpression) {
        const [first] = inner.arguments;
        if (referenceKey(inner.callee) === key && first && first.type !== AST_NODE_TYPES.SpreadElement && isMethodExpression(first)) return inner;
        const callee = unwrap(inner.callee);
        inner = callee.type === AST_NODE_TYPES.MemberExpression ? unwrap(callee.object) : undefined;
      } else return undefined;
    }
    return undefined;
  };
}
