import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { memberName, unwrap } from "../syntax/ast.js";
import { findMethod, METHODS, type MethodInfo, type MethodSide } from "../../protocol/methods.js";
import type { SdkImports } from "../sdk/imports.js";
import type { ValueResolver } from "../resolution/values.js";

/** A method expression as written: the wire name, and the side when the expression says it. */
export interface MethodRef {
  readonly wire: string;
  /** `methods.agent.*` and `AGENT_METHODS.*` name the side; a wire string does not. */
  readonly side?: MethodSide;
}

const CONSTANT_SIDES: Readonly<Record<string, MethodSide>> = {
  AGENT_METHODS: "agent",
  CLIENT_METHODS: "client",
  PROTOCOL_METHODS: "protocol",
};

function fromSdkConstant(path: readonly string[]): MethodRef | undefined {
  const [head, ...rest] = path;
  if (head === "methods") {
    const key = rest.join(".");
    const info = METHODS.find((m) => m.sdkKey === key);
    return info ? { wire: info.wire, side: info.side } : undefined;
  }
  const side = head === undefined ? undefined : CONSTANT_SIDES[head];
  if (!side || rest.length !== 1) return undefined;
  const info = METHODS.find((m) => m.side === side && m.constantKey === rest[0]);
  return info ? { wire: info.wire, side } : undefined;
}

/** The method a handler registration or dispatch test names: an SDK constant, or a string the resolver knows. */
export function methodRef(node: TSESTree.Node, sdk: SdkImports, values: ValueResolver): MethodRef | undefined {
  const path = sdk.sdkPath(node);
  if (path) return fromSdkConstant(path);
  const resolved = values.resolve(node);
  return resolved?.length === 1 && typeof resolved[0] === "string" ? { wire: resolved[0] } : undefined;
}

/** The sides that handle a wire method: one for most methods, two for `mcp/message`. */
export function sidesOf(wire: string): MethodSide[] {
  return [...new Set(METHODS.filter((m) => m.wire === wire).map((m) => m.side))];
}

/**
 * The method a reference names on `side`; without a side, only a wire method one side alone handles.
 * `$/cancel_request` answers for both sides.
 */
export function resolveMethod(ref: MethodRef, side: MethodSide | undefined): MethodInfo | undefined {
  const wanted = ref.side ?? side;
  if (wanted) return findMethod(ref.wire, wanted);
  const sides = sidesOf(ref.wire);
  return sides.length === 1 ? findMethod(ref.wire, sides[0]) : undefined;
}

/**
 * Whether a wire name is ACP's beyond doubt when no SDK import says so: `session/prompt` is, while `initialize`
 * is also LSP's and many other protocols'.
 */
export function isDistinctiveWire(wire: string): boolean {
  return wire.includes("/");
}

/** `msg.method`, `request.method` or a variable named `method`: what hand-rolled dispatch tests. */
export function isMethodExpression(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name === "method";
  return inner.type === AST_NODE_TYPES.MemberExpression && memberName(inner) === "method";
}
