import { findVariable as findVariableOf, getStaticValue as getStaticValueOf } from "@eslint-community/eslint-utils";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";

/**
 * `findVariable` and `getStaticValue` of @eslint-community/eslint-utils, typed for typescript-eslint's trees and
 * scopes as `ASTUtils` of @typescript-eslint/utils types them. Imported from the package itself: loading
 * @typescript-eslint/utils at run time (38 modules, most of them for rule testers and the ESLint class) cost every
 * lint process about 30 ms of the plugin's 100 ms of loading.
 */

type Scope = TSESLint.Scope.Scope;

/** The variable `nameOrNode` names, looked up from `initialScope` outwards; null when none is declared. */
export const findVariable = findVariableOf as unknown as (initialScope: Scope, nameOrNode: string | TSESTree.Identifier) => TSESLint.Scope.Variable | null;

/** The value of `node` when it can be computed statically (a constant, a `const` it names, …); null otherwise. */
export const getStaticValue = getStaticValueOf as unknown as (node: TSESTree.Node, initialScope?: Scope) => { value: unknown } | null;
