import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { type FunctionNode, isFunction, staticKeyName } from "../syntax/ast.js";

/** A function that receives requests for methods nobody registered. */
export interface FallbackSource {
  readonly kind: "star" | "extMethod";
  readonly fn: FunctionNode;
}

/** The class or object that holds a legacy handler. */
function containerOf(node: TSESTree.Node): TSESTree.Node | undefined {
  const parent = node.parent;
  if (parent?.type === AST_NODE_TYPES.MethodDefinition || parent?.type === AST_NODE_TYPES.Property || parent?.type === AST_NODE_TYPES.PropertyDefinition) {
    return parent.parent;
  }
  return undefined;
}

/** `extMethod(method, params)` members of the legacy agent classes and objects of the file. */
function extMethods(model: FileModel): FunctionNode[] {
  const containers = new Set<TSESTree.Node>();
  for (const h of model.handlers.handlers) {
    if (h.style !== "legacy" || h.method.side !== "agent" || !h.fn) continue;
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

/** Every fallback of the file: SDK 2.x `onRequest("*", fn)` and legacy `extMethod`. */
export function fallbackSources(model: FileModel): FallbackSource[] {
  const out: FallbackSource[] = [];
  for (const f of model.handlers.fallbacks) if (f.fn && f.side === "agent") out.push({ kind: "star", fn: f.fn });
  for (const fn of extMethods(model)) out.push({ kind: "extMethod", fn });
  return out;
}
