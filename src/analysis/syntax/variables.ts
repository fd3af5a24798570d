import { ASTUtils, type TSESLint, type TSESTree } from "@typescript-eslint/utils";

/**
 * The variable an identifier names: looked up by name from the scope ESLint gives the identifier, outwards.
 * (`findVariable` given the node instead first scans every child scope for the innermost one, which `getScope`
 * already is: at module level that scan made each lookup cost as much as the file has functions.)
 */
export function variableOf(sourceCode: Readonly<TSESLint.SourceCode>, id: TSESTree.Identifier): TSESLint.Scope.Variable | null {
  return ASTUtils.findVariable(sourceCode.getScope(id), id.name);
}
