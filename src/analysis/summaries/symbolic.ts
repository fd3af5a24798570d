import type { TSESTree } from "@typescript-eslint/utils";
import type { FunctionNode } from "../syntax/ast.js";

/**
 * What a value is, in terms of where it comes from (see Summaries.valueOf):
 * - `node`: the value of an expression that is not followed further (a handler's parameter read, a lookup, a call
 *   with no summary), then the fields read from it (`params` then `["sessionId"]`);
 * - `param`: a parameter of a function (within a summary, to be replaced by the call's argument), then fields;
 *   `node` is the identifier read, where analyses that track variables recognise it, and the first `named` fields
 *   of the path are those its pattern reads to give that name (`({ params }) => params.sessionId`: one);
 * - `object`: an object built from such values (`{ sessionId: p.sessionId, ...rest }`);
 * - `invoke`: what calling a function that is such a value gives (`opts.run()`, `task()` of a parameter), then
 *   fields: a call of the function that passes it in knows which function that is (a thunk, a closure in an object).
 * A `node` that reads a record with a key a parameter holds (`value[field]`) says so (`byKey`): it is that read where
 * the function is on its own, and the record's field once a call names the key (`readString(params, "sessionId")`).
 */
export type SymbolicValue =
  | { readonly kind: "node"; readonly node: TSESTree.Node; readonly path: readonly string[]; readonly byKey?: KeyedRead }
  | { readonly kind: "param"; readonly fn: FunctionNode; readonly index: number; readonly path: readonly string[]; readonly node: TSESTree.Node; readonly named: number }
  | { readonly kind: "object"; readonly fields: ReadonlyMap<string, SymbolicValue>; readonly spreads: readonly SymbolicValue[] }
  | { readonly kind: "invoke"; readonly callee: SymbolicValue; readonly node: TSESTree.CallExpression; readonly path: readonly string[] };

/** `record[key]` with `key` parameter `index` of `fn`: what the record is, to read the field a call names from it. */
export interface KeyedRead {
  readonly record: SymbolicValue;
  readonly fn: FunctionNode;
  readonly index: number;
}

/** A value that is an expression of its own, nothing read from it. */
export function nodeValue(node: TSESTree.Node): SymbolicValue {
  return { kind: "node", node, path: [] };
}

/**
 * The value of field `name` of `value`: the path grows by one, or an object gives its field. An object without the
 * field gives it from its only spread (`{ ...params, cwd }`), and is unknown with several.
 */
export function fieldOf(value: SymbolicValue, name: string): SymbolicValue | undefined {
  if (value.kind !== "object") return { ...value, path: [...value.path, name] };
  const field = value.fields.get(name);
  if (field) return field;
  return value.spreads.length === 1 ? fieldOf(value.spreads[0]!, name) : undefined;
}

/** Whether two values are the same value, for telling whether every return of a function gives one. */
export function sameValue(a: SymbolicValue, b: SymbolicValue): boolean {
  if (a.kind === "object" || b.kind === "object" || a.kind === "invoke" || b.kind === "invoke") return a === b;
  if (a.kind !== b.kind || a.path.length !== b.path.length || a.path.some((name, i) => name !== b.path[i])) return false;
  if (a.kind === "param" && b.kind === "param") return a.fn === b.fn && a.index === b.index;
  return a.node === b.node;
}

/** The expression read and the fields read from it after: undefined for a built object. */
export function readOf(value: SymbolicValue): { readonly node: TSESTree.Node; readonly fields: readonly string[] } | undefined {
  if (value.kind === "object") return undefined;
  // An invoke not bound is read at its call: `opts.run()`, then its fields.
  return { node: value.node, fields: value.kind === "param" ? value.path.slice(value.named) : value.path };
}
