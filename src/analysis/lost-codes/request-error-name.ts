import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import type { SdkImports } from "../sdk/imports.js";
import { staticKeyName } from "../syntax/ast.js";

/**
 * How the file can name the SDK's `RequestError` as a value: its named import (under its local name), else
 * `ns.RequestError` through a namespace import; undefined when it imports neither (a type-only import is none).
 */
export function requestErrorName(imports: readonly TSESTree.ImportDeclaration[], sdk: SdkImports): string | undefined {
  let namespace: string | undefined;
  for (const declaration of imports) {
    if (declaration.importKind === "type" || !sdk.isSdkModule(declaration.source.value)) continue;
    for (const spec of declaration.specifiers) {
      if (spec.type === AST_NODE_TYPES.ImportNamespaceSpecifier) namespace ??= spec.local.name;
      else if (spec.type === AST_NODE_TYPES.ImportSpecifier && spec.importKind !== "type" && staticKeyName(spec.imported, false) === "RequestError") {
        return spec.local.name;
      }
    }
  }
  return namespace && `${namespace}.RequestError`;
}
