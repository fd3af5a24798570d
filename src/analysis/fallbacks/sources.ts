import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { type FunctionNode, type VisitorKeys } from "../syntax/ast.js";
import { legacyExtMethods } from "../handlers/ext-methods.js";
import { dispatchFallbacks } from "./dispatch-fallbacks.js";
import { jsonRpcStarHandlers } from "./jsonrpc-star.js";
import { installedMisses } from "./installed-misses.js";
import { mapMisses } from "./map-misses.js";
import type { FallbackSource } from "./types.js";

export type { FallbackSource };
import { unknownPath } from "./unknown-path.js";

/** How a `*` handler or `extMethod` names the method it was given. */
function paramMethodName(kind: "star" | "extMethod", fn: FunctionNode): string | undefined {
  const param = fn.params[0];
  if (!param) return undefined;
  if (kind === "extMethod") return param.type === AST_NODE_TYPES.Identifier ? param.name : undefined;
  if (param.type === AST_NODE_TYPES.Identifier) return `${param.name}.method`;
  if (param.type !== AST_NODE_TYPES.ObjectPattern) return undefined;
  for (const p of param.properties) {
    if (p.type === AST_NODE_TYPES.Property && !p.computed && p.key.type === AST_NODE_TYPES.Identifier && p.key.name === "method" && p.value.type === AST_NODE_TYPES.Identifier) {
      return p.value.name;
    }
  }
  return undefined;
}

/** The `default` of every method switch and the final `else` of every method if-chain that dispatches a request. */
function dispatcherDefaults(model: FileModel, text: (node: TSESTree.Node) => string): FallbackSource[] {
  return dispatchFallbacks(model)
    .filter((f) => f.routes.has("request"))
    .map((f) => ({ kind: "default" as const, fn: f.fn, path: f.path, methodName: f.subject ? text(f.subject) : undefined }));
}

/** Every fallback of the file: `onRequest("*", fn)`, legacy `extMethod`, the `default` of a method switch. */
export function fallbackSources(model: FileModel, keys: VisitorKeys, text: (node: TSESTree.Node) => string): FallbackSource[] {
  const out: FallbackSource[] = [];
  const add = (kind: "star" | "extMethod", fn: FunctionNode) => {
    const methodName = paramMethodName(kind, fn);
    out.push({ kind, fn, path: unknownPath(fn, keys, methodName), methodName });
  };
  for (const f of model.handlers.fallbacks) if (f.fn && f.side === "agent") add("star", f.fn);
  for (const fn of legacyExtMethods(model.handlers.handlers)) add("extMethod", fn);
  // vscode-jsonrpc's star handler gets `(method, params)`: like extMethod, the method is its first parameter.
  for (const fn of jsonRpcStarHandlers(model)) {
    const methodName = paramMethodName("extMethod", fn);
    out.push({ kind: "star", fn, path: unknownPath(fn, keys, methodName), methodName });
  }
  out.push(...dispatcherDefaults(model, text));
  out.push(...mapMisses(model, text));
  out.push(...installedMisses(model, text));
  return out;
}
