import { dirname, resolve } from "node:path";
import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type * as ts from "typescript";
import type { TypedChecker } from "../typed-checker.js";
import { staticKeyName } from "../syntax/ast.js";
import type { Constant } from "./constant.js";

// ts.TypeFlags.Any; the plugin does not load TypeScript itself.
const ANY_FLAG = 1;

/** Number and string literals of a type; a union gives each member. */
function literalsOf(type: ts.Type): Constant[] | undefined {
  const parts = type.isUnion() ? type.types : [type];
  const values: Constant[] = [];
  for (const part of parts) {
    if (part.isNumberLiteral() || part.isStringLiteral()) values.push(part.value);
    else return undefined;
  }
  return values.length > 0 ? values : undefined;
}

/** Files an extensionless or `.js` relative import may name, as a bundler resolves it. */
function candidates(fromFile: string, source: string): string[] {
  const base = resolve(dirname(fromFile), source);
  const stem = base.replace(/\.(c|m)?js$/, "");
  return [base, ...[".ts", ".tsx", ".mts", ".cts", ".d.ts"].flatMap((ext) => [stem + ext, `${stem}/index${ext}`])];
}

export interface ImportedBinding {
  readonly source: string;
  /** The exported name; `undefined` for `import * as ns`. */
  readonly imported: string | undefined;
}

/** A type found through the exports of a module, and the symbols it was found through (the export, its members). */
interface FoundType {
  readonly type: ts.Type;
  readonly symbols: readonly ts.Symbol[];
}

/**
 * With type information: the checker's literal type of an expression, when it comes from declarations inside the lint
 * root (typed-checker.ts); unknown otherwise. When a relative import does not resolve under the project's module
 * settings (an extensionless import in a `nodenext` ESM project), the export is looked up in the program's own source
 * file for it, as a bundler would find it.
 */
export function typedValues(
  typed: TypedChecker,
  node: TSESTree.Node,
  importOf: (id: TSESTree.Identifier) => ImportedBinding | undefined,
): Constant[] | undefined {
  const type = typed.services.getTypeAtLocation(node);
  if (!(type.flags & ANY_FLAG)) {
    const values = literalsOf(type);
    return values && typed.literalsInside(node, values as (string | number)[]) ? values : undefined;
  }
  const fallback = unresolvedImportType(typed, node, importOf);
  return fallback && fallback.symbols.every((symbol) => typed.symbolInside(symbol)) ? literalsOf(fallback.type) : undefined;
}

/** The type of `name`, `ns.name` or `name.member…` when the import it starts from did not resolve. */
function unresolvedImportType(
  typed: TypedChecker,
  node: TSESTree.Node,
  importOf: (id: TSESTree.Identifier) => ImportedBinding | undefined,
): FoundType | undefined {
  const checker = typed.checker;
  if (node.type === AST_NODE_TYPES.Identifier) {
    const binding = importOf(node);
    return binding?.imported === undefined ? undefined : exportType(typed, node, binding.source, binding.imported);
  }
  if (node.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const name = staticKeyName(node.property, node.computed);
  if (name === undefined) return undefined;
  if (node.object.type === AST_NODE_TYPES.Identifier) {
    const binding = importOf(node.object);
    if (binding && binding.imported === undefined) return exportType(typed, node, binding.source, name);
  }
  const object = unresolvedImportType(typed, node.object, importOf);
  const property = object && checker.getPropertyOfType(object.type, name);
  return property ? { type: checker.getTypeOfSymbol(property), symbols: [...object.symbols, property] } : undefined;
}

function exportType(typed: TypedChecker, at: TSESTree.Node, source: string, name: string): FoundType | undefined {
  if (!source.startsWith(".")) return undefined;
  const fromFile = typed.tsNode(at).getSourceFile().fileName;
  const { checker, services } = typed;
  for (const file of candidates(fromFile, source)) {
    const sourceFile = services.program.getSourceFile(file);
    const moduleSymbol = sourceFile && checker.getSymbolAtLocation(sourceFile);
    if (!moduleSymbol) continue;
    const exported = checker.getExportsOfModule(moduleSymbol).find((s) => s.name === name);
    return exported ? { type: checker.getTypeOfSymbol(exported), symbols: [exported] } : undefined;
  }
  return undefined;
}

/** The module and exported name an imported identifier refers to. */
export function importBinding(
  variable: { defs: readonly { type: string; node: unknown; parent?: unknown }[] } | null,
): ImportedBinding | undefined {
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== "ImportBinding") return undefined;
  const spec = def.node as TSESTree.ImportClause;
  const declaration = def.parent as TSESTree.ImportDeclaration;
  if (spec.type === AST_NODE_TYPES.ImportNamespaceSpecifier) return { source: declaration.source.value, imported: undefined };
  if (spec.type !== AST_NODE_TYPES.ImportSpecifier) return undefined;
  const imported = staticKeyName(spec.imported, false);
  return imported ? { source: declaration.source.value, imported } : undefined;
}
