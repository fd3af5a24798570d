import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { isFunction, unwrap } from "../syntax/ast.js";
import { trace, type Trace, type TraceContext } from "./paths.js";

/**
 * What a handler answers after a call it makes as a statement (`manager.kill(id);`, `const id = resolve(params);`): a
 * helper that returns nothing on an unknown terminal (`if (!terminal) return;`) hands the request back to the handler,
 * whose next answer is then the answer to the unknown terminal. Followed through the blocks and `if`s that hold the
 * call, to the end of its `case` or of the handler; not out of a loop or a `try` (where the path goes next is not told
 * here).
 */
export function answerAfter(call: TSESTree.CallExpression, root: TSESTree.Node, ctx: TraceContext): Trace | undefined {
  const statement = statementOf(call);
  const following = statement && followingStatements(statement, root);
  return following && trace(following, ctx);
}

/** The statement that is the call, perhaps awaited: `call;`, or `const x = call;` (one declarator); else undefined. */
function statementOf(call: TSESTree.CallExpression): TSESTree.Node | undefined {
  let value: TSESTree.Node = call;
  if (value.parent?.type === AST_NODE_TYPES.AwaitExpression) value = value.parent;
  const parent = value.parent;
  if (parent?.type === AST_NODE_TYPES.ExpressionStatement && unwrap(parent.expression) === unwrap(value)) return parent;
  if (parent?.type !== AST_NODE_TYPES.VariableDeclarator || parent.init !== value) return undefined;
  const declaration = parent.parent;
  return declaration?.type === AST_NODE_TYPES.VariableDeclaration && declaration.declarations.length === 1 ? declaration : undefined;
}

/**
 * The statements that run after `statement`, up to the end of `root`; undefined when a loop, a `try`, a label or the
 * end of another function is on the way.
 */
function followingStatements(statement: TSESTree.Node, root: TSESTree.Node): TSESTree.Node[] | undefined {
  const out: TSESTree.Node[] = [];
  for (let node = statement; node !== root; ) {
    const parent: TSESTree.Node | undefined = node.parent;
    if (!parent) return undefined;
    if (parent.type === AST_NODE_TYPES.BlockStatement || parent.type === AST_NODE_TYPES.SwitchCase) {
      const list: readonly TSESTree.Node[] = parent.type === AST_NODE_TYPES.BlockStatement ? parent.body : parent.consequent;
      out.push(...list.slice(list.indexOf(node) + 1));
      // The end of a `case` is as far as its request goes (falling into the next case is not followed); the end of a
      // function other than the root's (a thunk a call runs) hands the path back to code not followed here.
      if (parent.type === AST_NODE_TYPES.SwitchCase || parent === root) return out;
      if (parent.parent !== undefined && isFunction(parent.parent)) return parent.parent === root ? out : undefined;
    } else if (parent.type !== AST_NODE_TYPES.IfStatement) return parent === root ? out : undefined;
    node = parent;
  }
  return out;
}
