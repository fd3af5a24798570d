import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { unwrap } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";

/**
 * The text of a message known statically: a string, a string constant, or a template's fixed parts joined by
 * spaces (`Session ${id} not found` gives "Session  not found").
 */
export function messageText(node: TSESTree.Node | null | undefined, values: ValueResolver): string | undefined {
  const inner = node && unwrap(node);
  if (!inner || inner.type === AST_NODE_TYPES.SpreadElement) return undefined;
  if (inner.type === AST_NODE_TYPES.TemplateLiteral) return inner.quasis.map((q) => q.value.cooked ?? "").join(" ");
  const resolved = values.resolve(inner);
  return resolved?.length === 1 && typeof resolved[0] === "string" ? resolved[0] : undefined;
}
