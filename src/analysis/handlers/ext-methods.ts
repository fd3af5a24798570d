import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunction, staticKeyName } from "../syntax/ast.js";
import type { Handler } from "./types.js";

/** The class body or object that holds a legacy handler. */
function containerOf(node: TSESTree.Node): TSESTree.Node | undefined {
  const parent = node.parent;
  if (parent?.type === AST_NODE_TYPES.MethodDefinition || parent?.type === AST_NODE_TYPES.Property || parent?.type === AST_NODE_TYPES.PropertyDefinition) {
    return parent.parent;
  }
  return undefined;
}

/**
 * `extMethod(method, params)` members of the legacy agent and client classes and objects of the file: SDK 0.26-1.9 call
 * an agent's for every method without a member, and a client's for every method outside the protocol's.
 */
export function legacyExtMethods(handlers: readonly Handler[]): FunctionNode[] {
  const containers = new Set<TSESTree.Node>();
  for (const h of handlers) {
    if (h.style !== "legacy" || h.method.side === "protocol" || !h.fn) continue;
    const container = containerOf(h.fn);
    if (container) containers.add(container);
  }
  const out: FunctionNode[] = [];
  for (const container of containers) {
    const members: readonly TSESTree.Node[] =
      container.type === AST_NODE_TYPES.ObjectExpression ? container.properties : container.type === AST_NODE_TYPES.ClassBody ? container.body : [];
    for (const member of members) {
      if (member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.Property && member.type !== AST_NODE_TYPES.PropertyDefinition) continue;
      if (staticKeyName(member.key, member.computed) !== "extMethod") continue;
      if (member.value && isFunction(member.value)) out.push(member.value);
    }
  }
  return out;
}
