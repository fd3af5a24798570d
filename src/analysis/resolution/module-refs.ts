import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { memberName, staticKeyName, unwrap } from "../syntax/ast.js";

type Variable = TSESLint.Scope.Variable;

/**
 * What a name or an expression holds of another module: the module itself (`import * as acp from "m"`,
 * `const acp = require("m")`, `await import("m")`), or one of its exports (`import { agent } from "m"`,
 * `const { agent } = require("m")`, `require("m").agent`, `import x from "m"` as `default`).
 */
export interface ModuleRef {
  readonly source: string;
  /** The export; undefined for the module's namespace. */
  readonly name: string | undefined;
}

/**
 * Interop helpers that compilers and bundlers wrap a `require()` in, giving the module's namespace:
 * esbuild's `__toESM`, TypeScript's and tslib's `__importStar` / `__importDefault`, Babel's `_interopRequire*`.
 * `__importDefault(m).default` and `_interopRequireDefault(m).default` are the module itself for a CommonJS one.
 */
const INTEROP = new Set(["__toESM", "__importStar", "__importDefault", "__importWildcard", "_interopRequireDefault", "_interopRequireWildcard"]);

function isInteropCall(node: TSESTree.CallExpression): boolean {
  const callee = unwrap(node.callee);
  const name = callee.type === AST_NODE_TYPES.Identifier ? callee.name : callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : undefined;
  return name !== undefined && INTEROP.has(name);
}

/** The string a `require()` or `import()` names: a literal or a template without expressions. */
function specifierText(node: TSESTree.Node | undefined): string | undefined {
  if (!node) return undefined;
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "string") return inner.value;
  if (inner.type === AST_NODE_TYPES.TemplateLiteral && inner.expressions.length === 0) return inner.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** `require("m")`, `module.require("m")`: the module it names. */
export function requiredModule(node: TSESTree.CallExpression): string | undefined {
  const callee = unwrap(node.callee);
  const isRequire =
    (callee.type === AST_NODE_TYPES.Identifier && callee.name === "require") ||
    (callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "require" && unwrap(callee.object).type === AST_NODE_TYPES.Identifier && (unwrap(callee.object) as TSESTree.Identifier).name === "module");
  return isRequire && node.arguments.length === 1 ? specifierText(node.arguments[0]) : undefined;
}

/**
 * What of another module an expression holds: `require("m")`, an interop wrapper of it, `await import("m")`, and a
 * member read off one of those (`require("m").agent`).
 */
export function moduleValue(node: TSESTree.Node): ModuleRef | undefined {
  let inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = unwrap(inner.argument);
  switch (inner.type) {
    case AST_NODE_TYPES.ImportExpression: {
      const source = specifierText(inner.source);
      return source === undefined ? undefined : { source, name: undefined };
    }
    case AST_NODE_TYPES.CallExpression: {
      const required = requiredModule(inner);
      if (required !== undefined) return { source: required, name: undefined };
      const [arg] = inner.arguments;
      return isInteropCall(inner) && arg && arg.type !== AST_NODE_TYPES.SpreadElement ? moduleValue(arg) : undefined;
    }
    case AST_NODE_TYPES.MemberExpression: {
      const object = moduleValue(inner.object);
      const name = memberName(inner);
      if (!object || name === undefined) return undefined;
      if (object.name !== undefined) return undefined;
      // The interop wrappers' `.default` is the CommonJS module itself.
      return name === "default" && !object.source.startsWith(".") ? object : { source: object.source, name };
    }
    default:
      return undefined;
  }
}

/** The key under which a destructuring pattern binds `id`, one level deep: `{ agent }`, `{ RequestError: RE }`. */
function patternKey(pattern: TSESTree.ObjectPattern, id: TSESTree.Node): string | undefined {
  for (const prop of pattern.properties) {
    if (prop.type !== AST_NODE_TYPES.Property) continue;
    const value = prop.value.type === AST_NODE_TYPES.AssignmentPattern ? prop.value.left : prop.value;
    if (value === id) return staticKeyName(prop.key, prop.computed);
  }
  return undefined;
}

/** What of another module a variable holds, from its one definition; undefined for anything else. */
export function variableModuleRef(variable: Variable): ModuleRef | undefined {
  if (variable.defs.length !== 1) return undefined;
  const def = variable.defs[0]!;
  if (def.type === "ImportBinding") return importBindingRef(def.node as TSESTree.Node, def.parent as TSESTree.Node | null);
  if (def.type !== "Variable") return undefined;
  const declarator = def.node as TSESTree.VariableDeclarator;
  if (!declarator.init || variable.references.some((r) => r.isWrite() && r.writeExpr !== declarator.init)) return undefined;
  const held = moduleValue(declarator.init);
  if (!held) return undefined;
  if (declarator.id === def.name) return held;
  if (declarator.id.type !== AST_NODE_TYPES.ObjectPattern || held.name !== undefined) return undefined;
  const key = patternKey(declarator.id, def.name);
  return key === undefined ? undefined : { source: held.source, name: key };
}

function importBindingRef(node: TSESTree.Node, parent: TSESTree.Node | null): ModuleRef | undefined {
  switch (node.type) {
    case AST_NODE_TYPES.ImportNamespaceSpecifier:
      return { source: (parent as TSESTree.ImportDeclaration).source.value, name: undefined };
    case AST_NODE_TYPES.ImportDefaultSpecifier:
      return { source: (parent as TSESTree.ImportDeclaration).source.value, name: "default" };
    case AST_NODE_TYPES.ImportSpecifier: {
      const name = staticKeyName(node.imported, false);
      return name === undefined ? undefined : { source: (parent as TSESTree.ImportDeclaration).source.value, name };
    }
    case AST_NODE_TYPES.TSImportEqualsDeclaration: {
      // `import acp = require("m")`.
      const reference = node.moduleReference;
      if (reference.type !== AST_NODE_TYPES.TSExternalModuleReference) return undefined;
      const source = specifierText(reference.expression);
      return source === undefined ? undefined : { source, name: undefined };
    }
    default:
      return undefined;
  }
}
