import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { calleeName, memberName, unwrap } from "../syntax/ast.js";

/** Calls whose result says whether, or which, entry a key names: `modes.find(...)`, `MODES.includes(id)`, `options.get(id)`. */
const LOOKUPS = new Set(["find", "findLast", "get", "at", "includes", "has", "some", "every", "indexOf", "findIndex", "hasOwn", "hasOwnProperty"]);
/** Calls that decode a string and fail (throw, or give NaN / undefined) on a malformed one. */
const DECODERS = new Set(["atob", "decodeURIComponent", "decodeURI", "Number", "parseInt", "parseFloat", "BigInt"]);
/** Validators by name: `decodeCursor`, `parseCursor`, `schema.parse`, `JSON.parse`, `Schema.safeParse`, `validateParams`. */
const DECODER_NAME = /^(decode|parse|safeParse|validate|assert)|(Decode|Parse)$/;
/** Predicates whose `false` says a value is not supported: `isValidMode(id)`, `hasMode(id)`, `supportsMode(id)`. */
const PREDICATE_NAME = /^(is|has|supports?|valid|known)([A-Z_]|$)/;
/** Calls a validating `try` block may hold besides its validation: conversions that do not fail on their own. */
const CONVERSIONS = new Set(["Number", "String", "Boolean", "parseInt", "parseFloat", "toString", "trim", "split", "toLowerCase", "slice"]);

function callOf(node: TSESTree.Node): TSESTree.CallExpression | undefined {
  const inner = unwrap(node);
  return inner.type === AST_NODE_TYPES.CallExpression ? inner : undefined;
}

function methodName(call: TSESTree.CallExpression): string | undefined {
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : undefined;
}

export function isLookupCall(node: TSESTree.Node): boolean {
  const call = callOf(node);
  return call !== undefined && LOOKUPS.has(methodName(call) ?? "");
}

/** `Buffer.from(cursor, "base64")`: a decode only with a binary-to-text encoding named. */
function isBufferDecode(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || calleeName(callee.object) !== "Buffer" || memberName(callee) !== "from") return false;
  const encoding = call.arguments[1];
  return encoding?.type === AST_NODE_TYPES.Literal && typeof encoding.value === "string" && /^(base64|base64url|hex)$/.test(encoding.value);
}

/** A call that decodes or validates its argument: it throws, or answers NaN / undefined / `{ success: false }`, on a bad one. */
export function isDecodeCall(node: TSESTree.Node): boolean {
  const call = callOf(node);
  if (!call) return false;
  const name = calleeName(call.callee);
  return name !== undefined && (DECODERS.has(name) || DECODER_NAME.test(name) || isBufferDecode(call));
}

export function isPredicateCall(node: TSESTree.Node): boolean {
  const call = callOf(node);
  const name = call && calleeName(call.callee);
  return name !== undefined && PREDICATE_NAME.test(name);
}

/** A conversion that does not fail on its own (a validating `try` may hold it). */
export function isConversion(call: TSESTree.CallExpression): boolean {
  return CONVERSIONS.has(calleeName(call.callee) ?? "");
}

/** `safeParse(x)`: answers `{ success, error }` rather than throwing. */
export function isSafeParse(node: TSESTree.Node): boolean {
  const call = callOf(node);
  return call !== undefined && /^safeParse/.test(calleeName(call.callee) ?? "");
}
