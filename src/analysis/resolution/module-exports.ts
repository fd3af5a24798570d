import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { memberName, staticKeyName, unwrap } from "../syntax/ast.js";
import { moduleValue, requiredModule } from "./module-refs.js";
import type { SourceFile } from "./source-files.js";

/**
 * What a module exports, by name, as written: ESM declarations and specifiers, re-exports, and CommonJS
 * `module.exports = { ... }`, `module.exports.x = v`, `exports.x = v`, and the re-export helpers compilers write
 * (`__exportStar(require("m"), exports)`).
 */
export interface ModuleExports {
  /** Exported name -> the node that gives its value in this file: a declaration, an expression, a local name. */
  readonly local: ReadonlyMap<string, TSESTree.Node>;
  /** Exported name -> the module and export it re-exports (`export { a as b } from "m"`; `export * as ns from "m"`). */
  readonly from: ReadonlyMap<string, { readonly source: string; readonly name: string | undefined }>;
  /** Modules all of whose exports this one re-exports (`export * from "m"`, `module.exports = require("m")`). */
  readonly stars: readonly string[];
}

const byFile = new WeakMap<SourceFile, ModuleExports>();

/** The exports of a file, read once. */
export function moduleExports(file: SourceFile): ModuleExports {
  let found = byFile.get(file);
  if (!found) byFile.set(file, (found = readExports(file.sourceCode.ast)));
  return found;
}

/** The name a declaration introduces: `function f`, `class C`, `enum E`. */
function declaredId(node: TSESTree.Node): TSESTree.Identifier | undefined {
  return "id" in node && node.id?.type === AST_NODE_TYPES.Identifier ? node.id : undefined;
}

/** Declarations that give a name a type and no value. */
const TYPE_ONLY: ReadonlySet<AST_NODE_TYPES> = new Set([AST_NODE_TYPES.TSTypeAliasDeclaration, AST_NODE_TYPES.TSInterfaceDeclaration]);

const EXPORT_STAR_HELPERS = new Set(["__exportStar", "__reExport"]);

function readExports(program: TSESTree.Program): ModuleExports {
  const local = new Map<string, TSESTree.Node>();
  const from = new Map<string, { source: string; name: string | undefined }>();
  const stars: string[] = [];
  for (const statement of program.body) {
    switch (statement.type) {
      case AST_NODE_TYPES.ExportNamedDeclaration:
        readNamedExport(statement, local, from);
        break;
      case AST_NODE_TYPES.ExportDefaultDeclaration:
        local.set("default", statement.declaration);
        break;
      case AST_NODE_TYPES.ExportAllDeclaration:
        if (statement.exported) from.set(staticKeyName(statement.exported, false) ?? "", { source: statement.source.value, name: undefined });
        else stars.push(statement.source.value);
        break;
      case AST_NODE_TYPES.TSExportAssignment:
        // `export = X`: the module is X.
        readCommonJsValue(statement.expression, local, stars);
        break;
      case AST_NODE_TYPES.ExpressionStatement:
        readCommonJsStatement(statement.expression, local, stars);
        break;
      default:
        break;
    }
  }
  return { local, from, stars };
}

/**
 * What a TypeScript namespace exports under `name` (`export namespace ACP { export function error(…) }`): the node that
 * gives its value, as a module's export does; undefined for a namespace of declarations only (`declare namespace`).
 */
export function namespaceExport(namespace: TSESTree.TSModuleDeclaration, name: string): TSESTree.Node | undefined {
  if (namespace.declare || namespace.body?.type !== AST_NODE_TYPES.TSModuleBlock) return undefined;
  const local = new Map<string, TSESTree.Node>();
  for (const statement of namespace.body.body) if (statement.type === AST_NODE_TYPES.ExportNamedDeclaration) readNamedExport(statement, local, new Map());
  return local.get(name);
}

function readNamedExport(
  statement: TSESTree.ExportNamedDeclaration,
  local: Map<string, TSESTree.Node>,
  from: Map<string, { source: string; name: string | undefined }>,
): void {
  const declaration = statement.declaration;
  if (declaration?.type === AST_NODE_TYPES.VariableDeclaration) {
    for (const declarator of declaration.declarations) {
      // Only plain names: a destructured export's value is a part of its initializer.
      if (declarator.id.type === AST_NODE_TYPES.Identifier) local.set(declarator.id.name, declarator.id);
    }
  } else if (declaration) {
    const id = declaredId(declaration);
    // `export const X = z.object(…); export type X = z.infer<typeof X>`: the name's value is the const's.
    if (id && !(TYPE_ONLY.has(declaration.type) && local.has(id.name))) local.set(id.name, declaration);
  }
  for (const spec of statement.specifiers) {
    if (spec.type !== AST_NODE_TYPES.ExportSpecifier) continue;
    const exported = staticKeyName(spec.exported, false);
    const name = staticKeyName(spec.local, false);
    if (exported === undefined || name === undefined) continue;
    if (statement.source) from.set(exported, { source: statement.source.value, name });
    // The local name is resolved in this file's scope, where it may be declared or imported.
    else local.set(exported, spec.local);
  }
}

/** `module.exports` or `exports`. */
function isExportsObject(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name === "exports";
  return inner.type === AST_NODE_TYPES.MemberExpression && memberName(inner) === "exports" && unwrap(inner.object).type === AST_NODE_TYPES.Identifier && (unwrap(inner.object) as TSESTree.Identifier).name === "module";
}

/** `module.exports = ...`, `exports.x = ...`, `module.exports.x = ...`, `__exportStar(require("m"), exports)`. */
function readCommonJsStatement(expression: TSESTree.Expression, local: Map<string, TSESTree.Node>, stars: string[]): void {
  const inner = unwrap(expression);
  if (inner.type === AST_NODE_TYPES.CallExpression) {
    const callee = unwrap(inner.callee);
    const name = callee.type === AST_NODE_TYPES.Identifier ? callee.name : callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : undefined;
    if (name === undefined || !EXPORT_STAR_HELPERS.has(name)) return;
    for (const arg of inner.arguments) {
      const ref = arg.type === AST_NODE_TYPES.SpreadElement ? undefined : moduleValue(arg);
      if (ref?.name === undefined && ref) stars.push(ref.source);
    }
    return;
  }
  if (inner.type !== AST_NODE_TYPES.AssignmentExpression || inner.operator !== "=") return;
  const target = unwrap(inner.left);
  if (isExportsObject(target)) {
    readCommonJsValue(inner.right, local, stars);
    return;
  }
  if (target.type !== AST_NODE_TYPES.MemberExpression || !isExportsObject(target.object)) return;
  const name = memberName(target);
  if (name !== undefined) local.set(name, inner.right);
}

/** What `module.exports = value` exports: an object literal's properties, or the whole of a required module. */
function readCommonJsValue(value: TSESTree.Node, local: Map<string, TSESTree.Node>, stars: string[]): void {
  const inner = unwrap(value);
  if (inner.type === AST_NODE_TYPES.ObjectExpression) {
    for (const prop of inner.properties) {
      if (prop.type !== AST_NODE_TYPES.Property || prop.kind !== "init") continue;
      const name = staticKeyName(prop.key, prop.computed);
      if (name !== undefined) local.set(name, prop.value);
    }
    return;
  }
  if (inner.type === AST_NODE_TYPES.CallExpression) {
    const required = requiredModule(inner);
    if (required !== undefined) stars.push(required);
    return;
  }
  // `module.exports = Agent`: the module is that value; `require("./x").Agent` reads a property of it.
  local.set("default", inner);
}
