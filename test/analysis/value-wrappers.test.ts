// The wrappers a value passes through unchanged (`x as T`, `x!`, `x satisfies T`, `<T>x`, `f<T>`), seen from the
// value inward (`unwrap`) and outward (`outermostWrapper`): every analysis that asks what is done with a value uses these.
import tsParser from "@typescript-eslint/parser";
import type { AST_NODE_TYPES, TSESTree } from "@typescript-eslint/utils";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { AWAITED_VALUE, isValueWrapper, outermostThrough, outermostWrapper, unwrap } from "../../src/analysis/syntax/ast.js";

interface Seen {
  readonly outermost: string;
  readonly parent: string | undefined;
  readonly unwrapped: string;
}

/**
 * For the identifier `value` of `code`: the text of its outermost wrapper (of `types`, VALUE_WRAPPERS by default),
 * that wrapper's parent's type, and what unwrapping the wrapper gives back.
 */
function around(code: string, types?: ReadonlySet<AST_NODE_TYPES>): Seen {
  let seen: Seen | undefined;
  const rule = {
    meta: { type: "problem" as const, schema: [] },
    create: (context: { sourceCode: { getText(node: unknown): string } }) => ({
      "Identifier[name='value']"(node: TSESTree.Identifier) {
        const outer = types ? outermostThrough(node, types) : outermostWrapper(node);
        seen = { outermost: context.sourceCode.getText(outer), parent: outer.parent?.type, unwrapped: context.sourceCode.getText(unwrap(outer)) };
      },
    }),
  };
  const messages = new Linter().verify(code, [
    { files: ["**/*.ts"], languageOptions: { parser: tsParser }, plugins: { probe: { rules: { around: rule as never } } }, rules: { "probe/around": "error" } },
  ], "file.ts");
  expect(messages).toEqual([]);
  return seen!;
}

describe("outermostWrapper and unwrap", () => {
  it.each([
    ["as", "f(value as T);", "value as T"],
    ["non-null", "f(value!);", "value!"],
    ["satisfies", "f(value satisfies T);", "value satisfies T"],
    ["a <T> assertion", "f(<T>value);", "<T>value"],
    ["an instantiation expression", "f(value<T>);", "value<T>"],
    ["all of them nested, with parentheses", "f(<A>((value<T>)! satisfies B as C));", "<A>((value<T>)! satisfies B as C)"],
  ])("walks out through %s to the call that uses the value", (_, code, outermost) => {
    expect(around(code)).toEqual({ outermost, parent: "CallExpression", unwrapped: "value" });
  });

  it("stops at anything that changes the value or reads from it", () => {
    expect(around("f(-value);")).toEqual({ outermost: "value", parent: "UnaryExpression", unwrapped: "value" });
    expect(around("f((value as T).code);")).toEqual({ outermost: "value as T", parent: "MemberExpression", unwrapped: "value" });
    expect(around("f(value?.code!);")).toEqual({ outermost: "value", parent: "MemberExpression", unwrapped: "value" });
    expect(around("f(await value);")).toEqual({ outermost: "value", parent: "AwaitExpression", unwrapped: "value" });
  });

  it("walks out through await too with AWAITED_VALUE, and no further than the wrappers without it", () => {
    expect(around("async () => f(await (value as Promise<T>)!);", AWAITED_VALUE)).toEqual({
      outermost: "await (value as Promise<T>)!",
      parent: "CallExpression",
      // `await` is no value wrapper: unwrapping stops at it.
      unwrapped: "await (value as Promise<T>)!",
    });
    expect(around("async () => f(await (value as Promise<T>));")).toEqual({ outermost: "value as Promise<T>", parent: "AwaitExpression", unwrapped: "value" });
  });

  it("gives the node itself when nothing wraps it", () => {
    expect(around("const x = value;")).toEqual({ outermost: "value", parent: "VariableDeclarator", unwrapped: "value" });
  });
});

describe("isValueWrapper", () => {
  it("is true for the five wrappers only", () => {
    const node = (type: string) => ({ type }) as TSESTree.Node;
    for (const type of ["TSAsExpression", "TSNonNullExpression", "TSSatisfiesExpression", "TSTypeAssertion", "TSInstantiationExpression"]) {
      expect(isValueWrapper(node(type))).toBe(true);
    }
    for (const type of ["ChainExpression", "AwaitExpression", "UnaryExpression", "TSTypeAnnotation", "ParenthesizedExpression"]) {
      expect(isValueWrapper(node(type))).toBe(false);
    }
  });
});
