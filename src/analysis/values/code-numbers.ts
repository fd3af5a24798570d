import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { unwrap } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";

/** A number written as a string, as valid-error-object recognises one. */
const NUMERIC = /^\s*[-+]?\d+(\.\d+)?\s*$/;

/** Whether a string spells an integer (`"-32602"`): valid-error-object asks for it to be written as that number. */
const spellsInteger = (text: string) => NUMERIC.test(text) && Number.isInteger(Number(text));

/**
 * The numbers a code stands for: its numeric values, or the integers its strings spell (`"-32602"`), so that
 * rules judge a string code as the number valid-error-object's suggestion turns it into.
 */
export function codeNumbers(node: TSESTree.Node, values: ValueResolver): readonly number[] | undefined {
  const resolved = values.resolve(node);
  if (!resolved) return undefined;
  const numbers = resolved.map((v) => (typeof v === "string" && spellsInteger(v) ? Number(v) : v));
  return numbers.every((v): v is number => typeof v === "number") ? numbers : undefined;
}

/** A string literal that spells an integer: `"-32602"`, a code written out like a bare number. */
export function isIntegerString(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  const text =
    inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "string"
      ? inner.value
      : inner.type === AST_NODE_TYPES.TemplateLiteral && inner.expressions.length === 0
        ? inner.quasis[0]?.value.cooked
        : undefined;
  return typeof text === "string" && spellsInteger(text);
}
