import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { enclosingFunction, memberName, outermostWrapper, staticKeyName, unwrap } from "../syntax/ast.js";
import type { FallbackSource } from "./types.js";
import { isMethodExpression } from "../handlers/method-names.js";
import { missingReference } from "./missing-tests.js";

/** The name a handler map is reached by: `handlers` for a variable, `this.handlers` for a class field. */
function mapName(map: TSESTree.ObjectExpression): { name: string; onThis: boolean } | undefined {
  const node = outermostWrapper(map);
  const parent = node.parent;
  if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node && parent.id.type === AST_NODE_TYPES.Identifier) return { name: parent.id.name, onThis: false };
  if (parent?.type === AST_NODE_TYPES.PropertyDefinition && parent.value === node) {
    const name = staticKeyName(parent.key, parent.computed);
    return name ? { name, onThis: true } : undefined;
  }
  return undefined;
}

/** The handler maps of the file that hold at least one request handler. */
function requestMaps(model: FileModel): { name: string; onThis: boolean }[] {
  const maps = new Map<string, { name: string; onThis: boolean }>();
  for (const h of model.handlers.handlers) {
    if (h.style !== "dispatch" || h.method.kind !== "request") continue;
    const prop = h.body.parent;
    if (prop?.type !== AST_NODE_TYPES.Property || prop.parent.type !== AST_NODE_TYPES.ObjectExpression) continue;
    const name = mapName(prop.parent);
    if (name) maps.set(`${name.onThis}:${name.name}`, name);
  }
  return [...maps.values()];
}

function isMapRef(node: TSESTree.Node, map: { name: string; onThis: boolean }): boolean {
  const inner = unwrap(node);
  if (!map.onThis) return inner.type === AST_NODE_TYPES.Identifier && inner.name === map.name;
  return inner.type === AST_NODE_TYPES.MemberExpression && inner.object.type === AST_NODE_TYPES.ThisExpression && memberName(inner) === map.name;
}

/** The `if` that follows `const h = map[method]` in the same block and tests its miss. */
function missBranch(lookup: TSESTree.MemberExpression): TSESTree.Statement | undefined {
  const declarator = lookup.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== lookup || declarator.id.type !== AST_NODE_TYPES.Identifier) return undefined;
  const declaration = declarator.parent;
  const block = declaration?.parent;
  if (!block || (block.type !== AST_NODE_TYPES.BlockStatement && block.type !== AST_NODE_TYPES.Program)) return undefined;
  const body = block.body as TSESTree.Node[];
  const name = declarator.id.name;
  for (const s of body.slice(body.indexOf(declaration) + 1)) {
    if (s.type === AST_NODE_TYPES.IfStatement && missingReference(s.test) === name) return s.consequent;
  }
  return undefined;
}

/** `if (!(method in handlers))`. */
function inMiss(node: TSESTree.IfStatement, map: { name: string; onThis: boolean }): boolean {
  const t = unwrap(node.test);
  if (t.type !== AST_NODE_TYPES.UnaryExpression || t.operator !== "!") return false;
  const inner = unwrap(t.argument);
  return inner.type === AST_NODE_TYPES.BinaryExpression && inner.operator === "in" && isMethodExpression(inner.left) && isMapRef(inner.right, map);
}

/** The misses of handler maps: `const h = handlers[method]; if (!h) ...` and `if (!(method in handlers)) ...`. */
export function mapMisses(model: FileModel, text: (node: TSESTree.Node) => string): FallbackSource[] {
  const maps = requestMaps(model);
  if (maps.length === 0) return [];
  const out: FallbackSource[] = [];
  // Lookups and ifs in source order, as a walk of the file meets them.
  const candidates = [...model.nodes.lookups, ...model.nodes.ifs].sort((a, b) => a.range[0] - b.range[0]);
  for (const node of candidates) {
    let branch: TSESTree.Statement | undefined;
    let methodNode: TSESTree.Node | undefined;
    if (node.type === AST_NODE_TYPES.MemberExpression && isMethodExpression(node.property) && maps.some((m) => isMapRef(node.object, m))) {
      branch = missBranch(node);
      methodNode = node.property;
    } else if (node.type === AST_NODE_TYPES.IfStatement && maps.some((m) => inMiss(node, m))) {
      branch = node.consequent;
      methodNode = ((unwrap(node.test) as TSESTree.UnaryExpression).argument as TSESTree.BinaryExpression).left;
    }
    const fn = branch && enclosingFunction(branch);
    if (branch && fn && methodNode) out.push({ kind: "miss", fn, path: [branch], methodName: text(methodNode) });
  }
  return out;
}
