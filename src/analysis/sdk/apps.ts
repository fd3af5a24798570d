import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { isFunction, memberName, staticKeyName, unwrap } from "../syntax/ast.js";
import type { Resolver } from "../resolution/resolver.js";
import type { SdkImports } from "./imports.js";

/** How many builder calls and names are followed back to the `agent()` / `client()` call. */
const MAX_CHAIN = 64;

/**
 * The `agent()` / `client()` call of SDK 2.x an expression holds, through builder chains (`.onRequest(...)
 * .onNotification(...)`, `.use(...)`: every builder method returns the app) and names bound to one (a `const`, a
 * `var` written once, an import), and its side.
 */
export function sdkApp(node: TSESTree.Node, sdk: SdkImports, resolver: Resolver): { call: TSESTree.CallExpression; side: "agent" | "client" } | undefined {
  let current: TSESTree.Node | undefined = node;
  for (let step = 0; current && step < MAX_CHAIN; step++) {
    const inner = unwrap(current);
    if (inner.type === AST_NODE_TYPES.CallExpression) {
      const exported = sdk.exportName(inner.callee);
      if (exported === "agent" || exported === "client") return { call: inner, side: exported };
      const callee = unwrap(inner.callee);
      current = callee.type === AST_NODE_TYPES.MemberExpression ? callee.object : undefined;
      continue;
    }
    const target = inner.type === AST_NODE_TYPES.Identifier ? resolver.targetNode(inner) : undefined;
    current = target && target !== inner ? target : undefined;
  }
  return undefined;
}

/** `module.exports`, `exports`, or a member of either (`module.exports.app`, `exports.app`). */
function isCommonJsExports(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name === "exports";
  if (inner.type !== AST_NODE_TYPES.MemberExpression) return false;
  const object = unwrap(inner.object);
  if (memberName(inner) === "exports" && object.type === AST_NODE_TYPES.Identifier && object.name === "module") return true;
  return isCommonJsExports(object);
}

/**
 * Whether a value at `child` under `parent` is only exported: `export { app }`, `export default app`,
 * `module.exports = app` / `{ app }`, `exports.app = app`, and the getter a bundler's `__export(target, { app: () =>
 * app })` defines. An exported app is judged where it is written, as other code of the project gets it whole.
 */
export function isExportedValue(child: TSESTree.Node, parent: TSESTree.Node): boolean {
  switch (parent.type) {
    case AST_NODE_TYPES.ExportSpecifier:
    case AST_NODE_TYPES.ExportDefaultDeclaration:
      return true;
    case AST_NODE_TYPES.AssignmentExpression:
      return parent.right === child && isCommonJsExports(parent.left);
    case AST_NODE_TYPES.Property: {
      if (parent.value !== child || parent.parent.type !== AST_NODE_TYPES.ObjectExpression) return false;
      const object = parent.parent;
      return object.parent?.type === AST_NODE_TYPES.AssignmentExpression && object.parent.right === object && isCommonJsExports(object.parent.left);
    }
    case AST_NODE_TYPES.ArrowFunctionExpression: {
      // esbuild: `__export(mod_exports, { app: () => app })`.
      if (parent.body !== child || parent.params.length > 0) return false;
      const prop = parent.parent;
      const call = prop?.parent?.parent;
      return (
        prop?.type === AST_NODE_TYPES.Property &&
        staticKeyName(prop.key, prop.computed) !== undefined &&
        call?.type === AST_NODE_TYPES.CallExpression &&
        unwrap(call.callee).type === AST_NODE_TYPES.Identifier &&
        (unwrap(call.callee) as TSESTree.Identifier).name === "__export" &&
        !isFunction(child)
      );
    }
    default:
      return false;
  }
}
