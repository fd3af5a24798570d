import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { outermostThrough } from "./ast.js";

/**
 * The variable an identifier names: looked up by name from the scope ESLint gives the identifier, outwards.
 * (`findVariable` given the node instead first scans every child scope for the innermost one, which `getScope`
 * already is: at module level that scan made each lookup cost as much as the file has functions.)
 */
export function variableOf(sourceCode: Readonly<TSESLint.SourceCode>, id: TSESTree.Identifier): TSESLint.Scope.Variable | null {
  return ASTUtils.findVariable(sourceCode.getScope(id), id.name);
}

/**
 * The variable `const x = <value>` declares, when `value` is its whole initializer, seen through the wrappers
 * named (`await`, `as T`, `?.`, `!`): where a lookup's result is kept (`const s = await store.get(id)`).
 */
export function variableDeclaredFrom(
  sourceCode: Readonly<TSESLint.SourceCode>,
  value: TSESTree.Node,
  through: ReadonlySet<AST_NODE_TYPES>,
): TSESLint.Scope.Variable | undefined {
  const node = outermostThrough(value, through);
  const declarator = node.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== node || declarator.id.type !== AST_NODE_TYPES.Identifier) {
    return undefined;
  }
  return sourceCode.scopeManager?.getDeclaredVariables(declarator)[0];
}
