import type { TSESTree } from "@typescript-eslint/utils";
import { fieldOf, readOf, type SymbolicValue } from "./symbolic.js";

/** Members that lead from a request to its params: `ctx.params`, `message.request.params`. */
export const REQUEST_PARTS: ReadonlySet<string> = new Set(["params", "request"]);

/** How an analysis that tracks a handler's variables tells what an expression read as it is holds. */
export interface RequestReads {
  /** Whether `node` holds the request or its params (through `.params` / `.request`). */
  isRequest(node: TSESTree.Node): boolean;
  /** Whether `node` holds the field itself (a variable bound to it, `params.sessionId`). */
  isField(node: TSESTree.Node): boolean;
}

/**
 * Whether a value (Summaries.valueOf) is the request's field `field`: the field read from the request, its params or
 * a part of them, or an expression with nothing read from it that `reads` says holds the field (a tracked variable).
 */
export function isRequestField(value: SymbolicValue, field: string, reads: RequestReads): boolean {
  const read = readOf(value);
  if (!read) return false;
  if (read.fields.length === 0) return reads.isField(read.node);
  const parts = read.fields.slice(0, -1);
  return read.fields.at(-1) === field && parts.every((name) => REQUEST_PARTS.has(name)) && reads.isRequest(read.node);
}

/**
 * Whether a value is the request or a part of it that leads to the field: read from the request through
 * `.params` / `.request`, or an object built to carry the field (`parse(params)` returning
 * `{ sessionId: raw.sessionId }`).
 */
export function carriesRequest(value: SymbolicValue, field: string, reads: RequestReads): boolean {
  const read = readOf(value);
  if (read) return read.fields.every((name) => REQUEST_PARTS.has(name)) && reads.isRequest(read.node);
  const held = fieldOf(value, field);
  return held !== undefined && isRequestField(held, field, reads);
}
