import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { findVariable } from "./scope-utils.js";

/** Where a suggestion is written: the file's source code and name. */
export interface EditedFile {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly filename: string;
}

/** A file TypeScript checks (a `.ts`, `.tsx`, `.mts` or `.cts` file), where a catch parameter is `unknown` under `strict`. */
const isTypeScriptFile = (filename: string): boolean => /\.[cm]?tsx?$/u.test(filename);

/**
 * The name by which an edit at `at` reads the caught value `caught` (a catch clause's parameter), or undefined when
 * that name there is another variable (an inner `catch (e)`, a local `e`): the edit would read something else.
 */
function nameAt(caught: TSESTree.Identifier, at: TSESTree.Node, file: EditedFile): string | undefined {
  const variable = findVariable(file.sourceCode.getScope(at), caught.name);
  return variable?.defs.some((def) => def.name === caught) ? caught.name : undefined;
}

/**
 * Whether TypeScript may type the caught value as `unknown`, so that an edit must test its shape before it reads a
 * property: in a TypeScript file, a catch parameter annotated `unknown` or not annotated (`unknown` under `strict`,
 * whose `useUnknownInCatchVariables` is on). Plain JavaScript and `catch (e: any)` read it as it is.
 */
function mayBeUnknown(caught: TSESTree.Identifier, file: EditedFile): boolean {
  return isTypeScriptFile(file.filename) && caught.typeAnnotation?.typeAnnotation.type !== "TSAnyKeyword";
}

/**
 * `typeof e === "object" && e !== null && "code" in e`: after it TypeScript lets an `unknown` `e` read `.code`; it
 * takes what `e?.code` takes in JavaScript (an error of another realm, an object with no prototype), null and
 * undefined excepted.
 */
const hasCode = (name: string) => `typeof ${name} === "object" && ${name} !== null && "code" in ${name}`;

/**
 * The caught value's `code` when it is a number, else `fallback`, written at `at`: `typeof e?.code === "number" ?
 * e.code : fallback`, and where TypeScript types `e` as `unknown` (which has no properties to read), a test of its
 * shape first. Undefined when the catch parameter's name at `at` is another variable.
 */
export function caughtNumericCode(caught: TSESTree.Identifier, fallback: string, at: TSESTree.Node, file: EditedFile): string | undefined {
  const name = nameAt(caught, at, file);
  if (name === undefined) return undefined;
  return mayBeUnknown(caught, file)
    ? `${hasCode(name)} && typeof ${name}.code === "number" ? ${name}.code : ${fallback}`
    : `typeof ${name}?.code === "number" ? ${name}.code : ${fallback}`;
}

/**
 * A test that the caught value's `code` is the string `code` (`"ENOENT"`), written at `at`: `e?.code === "ENOENT"`,
 * and where TypeScript types `e` as `unknown`, a test of its shape first. Neither throws when `null` or `undefined`
 * is thrown, as a cast's `(e as { code?: string }).code` would. Undefined when the name at `at` is another variable.
 */
export function caughtCodeIs(caught: TSESTree.Identifier, code: string, at: TSESTree.Node, file: EditedFile): string | undefined {
  const name = nameAt(caught, at, file);
  if (name === undefined) return undefined;
  const literal = JSON.stringify(code);
  return mayBeUnknown(caught, file) ? `${hasCode(name)} && ${name}.code === ${literal}` : `${name}?.code === ${literal}`;
}
