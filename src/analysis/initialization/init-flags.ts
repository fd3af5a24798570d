import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { methodRef } from "../handlers/method-names.js";
import { unwrap } from "../syntax/ast.js";
import type { FileModel } from "../model.js";

/** Names of a flag that says the connection is initialized: `initialized`, `isReady`, `_inited`, `handshakeDone`. */
const FLAG_NAME = /^_?(is|has|was)?_?(initiali[sz]ed|inited|init(iali[sz]ation)?_?(done|complete|completed|finished)|ready|handshake_?(done|complete|completed))$/i;

/** Whether a node reads an initialization flag: `initialized`, `this.initialized`, `this.#ready`, `state.ready`. */
export function isInitFlag(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.Identifier) return FLAG_NAME.test(n.name);
  if (n.type !== AST_NODE_TYPES.MemberExpression || n.computed) return false;
  const prop = n.property;
  return (prop.type === AST_NODE_TYPES.Identifier || prop.type === AST_NODE_TYPES.PrivateIdentifier) && FLAG_NAME.test(prop.name);
}

/** `!flag`, `flag === false`, `flag !== true`. */
export function isNotInitFlag(node: TSESTree.Node): boolean {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.UnaryExpression && n.operator === "!") return isInitFlag(n.argument);
  if (n.type !== AST_NODE_TYPES.BinaryExpression || n.left.type === AST_NODE_TYPES.PrivateIdentifier) return false;
  const bool = (x: TSESTree.Node, v: boolean) => x.type === AST_NODE_TYPES.Literal && x.value === v;
  const [flag, other] = isInitFlag(n.left) ? [n.left, n.right] : isInitFlag(n.right) ? [n.right, n.left] : [];
  if (!flag || !other) return false;
  return ((n.operator === "===" || n.operator === "==") && bool(other, false)) || ((n.operator === "!==" || n.operator === "!=") && bool(other, true));
}

/** `method !== "initialize"` (`equal`: false) or `msg.method === methods.agent.initialize` (`equal`: true). */
export function testsInitialize(node: TSESTree.Node, equal: boolean, model: FileModel): boolean {
  const n = unwrap(node);
  if (n.type !== AST_NODE_TYPES.BinaryExpression || n.left.type === AST_NODE_TYPES.PrivateIdentifier) return false;
  const ops = equal ? ["===", "=="] : ["!==", "!="];
  if (!ops.includes(n.operator)) return false;
  const isInit = (x: TSESTree.Node) => x.type !== AST_NODE_TYPES.Identifier || !/method/i.test(x.name) ? methodRef(x, model.sdk, model.values)?.wire === "initialize" : false;
  const readsMethod = (x: TSESTree.Node) => {
    const u = unwrap(x);
    if (u.type === AST_NODE_TYPES.Identifier) return /method/i.test(u.name);
    return u.type === AST_NODE_TYPES.MemberExpression && !u.computed && u.property.type === AST_NODE_TYPES.Identifier && u.property.name === "method";
  };
  return (readsMethod(n.left) && isInit(n.right)) || (readsMethod(n.right) && isInit(n.left));
}

/** The operands of an `&&` chain. */
export function conjuncts(node: TSESTree.Node): TSESTree.Node[] {
  const n = unwrap(node);
  if (n.type === AST_NODE_TYPES.LogicalExpression && n.operator === "&&") return [...conjuncts(n.left), ...conjuncts(n.right)];
  return [n];
}
