import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, isFunction } from "../syntax/ast.js";
import type { Resolution } from "./resolution.js";
import type { SourceFile } from "./source-files.js";

// ts.SymbolFlags.Alias; the plugin does not load TypeScript itself.
const ALIAS_FLAG = 2097152;

/**
 * With type information: the function the checker says a callee names (`this.registry.get`, an imported helper the
 * syntax could not follow), found as a node of the linted file or of the project module that declares it, which is
 * read like any module a relative import names. Declarations in `.d.ts` files and in node_modules have no body to
 * follow.
 */
export function typedDeclaration(resolver: Resolution, callee: TSESTree.Node): FunctionNode | undefined {
  const services = resolver.services;
  if (!services) return undefined;
  const named = callee.type === AST_NODE_TYPES.MemberExpression ? callee.property : callee;
  if (named.type !== AST_NODE_TYPES.Identifier) return undefined;
  const checker = services.program.getTypeChecker();
  let symbol = checker.getSymbolAtLocation(services.esTreeNodeToTSNodeMap.get(named));
  if (symbol && symbol.flags & ALIAS_FLAG) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  if (!declaration) return undefined;
  const sourceFile = declaration.getSourceFile();
  if (sourceFile.isDeclarationFile || /[\\/]node_modules[\\/]/.test(sourceFile.fileName)) return undefined;
  const start = declaration.getStart(sourceFile);
  const file = sourceFile.fileName === resolver.linted.path ? resolver.linted : resolver.moduleAt(sourceFile.fileName);
  return file ? functionAt(file, start, declaration.end) : undefined;
}

/** The function a declaration at [start, end) of a file gives: a function, a method's, a variable's or field's value. */
function functionAt(file: SourceFile, start: number, end: number): FunctionNode | undefined {
  const node = nodeAt(file.sourceCode.ast, start, end);
  if (!node) return undefined;
  if (isFunction(node)) return node;
  const value =
    node.type === AST_NODE_TYPES.MethodDefinition || node.type === AST_NODE_TYPES.PropertyDefinition
      ? node.value
      : node.type === AST_NODE_TYPES.VariableDeclarator
        ? node.init
        : node.type === AST_NODE_TYPES.Property
          ? node.value
          : undefined;
  return value && isFunction(value) ? value : undefined;
}

/** The outermost node of `program` that spans exactly [start, end), found by descending through the nodes that contain it. */
function nodeAt(program: TSESTree.Program, start: number, end: number): TSESTree.Node | undefined {
  let current: TSESTree.Node = program;
  for (let depth = 0; depth < 256; depth++) {
    if (current.range[0] === start && current.range[1] === end && current.type !== AST_NODE_TYPES.Program) return current;
    let next: TSESTree.Node | undefined;
    for (const [key, value] of Object.entries(current)) {
      if (key === "parent" || key === "tokens" || key === "comments") continue;
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        const child = item as TSESTree.Node | null;
        if (!child || typeof child !== "object" || typeof child.type !== "string" || child === current.parent || !child.range) continue;
        if (child.range[0] <= start && end <= child.range[1]) next = child;
      }
      if (next) break;
    }
    if (!next) return undefined;
    current = next;
  }
  return undefined;
}
