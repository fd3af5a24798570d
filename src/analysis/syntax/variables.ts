import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { fileOf } from "../resolution/source-files.js";
import { outermostThrough } from "./ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * The source code a node belongs to: its own file's, found through its Program (a node of a module the resolution
 * layer read is looked up in that module's scopes), else `fallback` (the linted file, before its model registers it).
 */
export function sourceCodeOf(node: TSESTree.Node, fallback: SourceCode): SourceCode {
  return fileOf(node)?.sourceCode ?? fallback;
}

/**
 * The variable an identifier names: looked up by name from the scope ESLint gives the identifier, outwards, in the
 * identifier's own file. (`findVariable` given the node instead first scans every child scope for the innermost
 * one, which `getScope` already is: at module level that scan made each lookup cost as much as the file has
 * functions.)
 */
export function variableOf(sourceCode: SourceCode, id: TSESTree.Identifier | TSESTree.JSXIdentifier): TSESLint.Scope.Variable | null {
  return ASTUtils.findVariable(sourceCodeOf(id, sourceCode).getScope(id), id.name);
}

/** The variables a declaration (a declarator, a class, a function) declares, in its own file. */
export function declaredVariables(sourceCode: SourceCode, node: TSESTree.Node): readonly TSESLint.Scope.Variable[] {
  return sourceCodeOf(node, sourceCode).getDeclaredVariables(node);
}

/**
 * The variable `const x = <value>` declares, when `value` is its whole initializer, seen through the wrappers
 * named (`await`, `as T`, `?.`, `!`): where a lookup's result is kept (`const s = await store.get(id)`).
 */
export function variableDeclaredFrom(sourceCode: SourceCode, value: TSESTree.Node, through: ReadonlySet<AST_NODE_TYPES>): TSESLint.Scope.Variable | undefined {
  const node = outermostThrough(value, through);
  const declarator = node.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== node || declarator.id.type !== AST_NODE_TYPES.Identifier) {
    return undefined;
  }
  return declaredVariables(sourceCode, declarator)[0];
}
