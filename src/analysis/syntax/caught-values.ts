import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";

/** A file TypeScript checks (a `.ts`, `.tsx`, `.mts` or `.cts` file), where a catch parameter is `unknown` under `strict`. */
export const isTypeScriptFile = (filename: string): boolean => /\.[cm]?tsx?$/u.test(filename);

/**
 * Whether TypeScript may type the caught value `name` that `node` reads as `unknown`, so that an edit must test its
 * shape before it reads a property: in a TypeScript file, a catch parameter annotated `unknown` or not annotated
 * (`unknown` under `strict`, whose `useUnknownInCatchVariables` is on). Plain JavaScript and `catch (e: any)` read it
 * as it is.
 */
function mayBeUnknown(node: TSESTree.Node, name: string, filename: string): boolean {
  if (!isTypeScriptFile(filename)) return false;
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === AST_NODE_TYPES.CatchClause && p.param?.type === AST_NODE_TYPES.Identifier && p.param.name === name) {
      return p.param.typeAnnotation?.typeAnnotation.type !== AST_NODE_TYPES.TSAnyKeyword;
    }
  }
  return true;
}

/** `e instanceof Object && "code" in e`: after it TypeScript lets an `unknown` `e` read `.code`; null and undefined fail it. */
const hasCode = (name: string) => `${name} instanceof Object && "code" in ${name}`;

/**
 * The caught value `name`'s `code` when it is a number, else `fallback`, written where `node` is:
 * `typeof e?.code === "number" ? e.code : fallback`, and where TypeScript types `e` as `unknown` (which has no
 * properties to read), `e instanceof Object && "code" in e && typeof e.code === "number" ? e.code : fallback`.
 */
export function caughtNumericCode(name: string, fallback: string, node: TSESTree.Node, filename: string): string {
  return mayBeUnknown(node, name, filename)
    ? `${hasCode(name)} && typeof ${name}.code === "number" ? ${name}.code : ${fallback}`
    : `typeof ${name}?.code === "number" ? ${name}.code : ${fallback}`;
}

/**
 * A test that the caught value `name`'s `code` is the string `code` (`"ENOENT"`), written where `node` is:
 * `e?.code === "ENOENT"`, and where TypeScript types `e` as `unknown`, `e instanceof Object && "code" in e &&
 * e.code === "ENOENT"`. Neither throws when `null` or `undefined` is thrown, as a cast's `(e as { code?: string }).code`
 * would.
 */
export function caughtCodeIs(name: string, code: string, node: TSESTree.Node, filename: string): string {
  const literal = JSON.stringify(code);
  return mayBeUnknown(node, name, filename) ? `${hasCode(name)} && ${name}.code === ${literal}` : `${name}?.code === ${literal}`;
}
