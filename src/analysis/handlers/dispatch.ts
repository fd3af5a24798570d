import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type MethodInfo, type MethodSide, WIRE_NAMES } from "../../protocol/methods.js";
import { enclosingFunction, isFunction, unwrap } from "../syntax/ast.js";
import type { Handler, HandlerContext, HandlerNodes } from "./types.js";
import { isDistinctiveWire, isMethodExpression, type MethodRef, methodRef, resolveMethod } from "./method-names.js";

interface Candidate {
  readonly ref: MethodRef;
  readonly body: TSESTree.Node;
  readonly fn: Handler["fn"];
  readonly methodNode: TSESTree.Node;
}

/** Whether a candidate of this wire name may count in resolveGroup: it names a method, or it marks the group as ACP's. */
function mayCountInGroup(wire: string): boolean {
  return WIRE_NAMES.has(wire) || isDistinctiveWire(wire);
}

/**
 * Methods of one dispatch: a wire name both sides handle (`mcp/message`) takes the side of its neighbours, and
 * names that are not ACP's alone (`initialize`) count only next to ones that are, or in a file that imports the
 * ACP SDK (a front door that answers `initialize` itself and passes the rest on; a file that speaks MCP instead is
 * no ACP code at all, see other-protocols.ts).
 */
function resolveGroup(candidates: readonly Candidate[], importsSdk: boolean): Handler[] {
  const distinctive = candidates.filter((c) => c.ref.side || isDistinctiveWire(c.ref.wire));
  if (distinctive.length === 0 && !importsSdk) return [];
  const sides = new Set(distinctive.map((c) => resolveMethod(c.ref, undefined)?.side).filter((s): s is MethodSide => !!s && s !== "protocol"));
  const groupSide = sides.size === 1 ? [...sides][0] : undefined;
  const out: Handler[] = [];
  for (const c of candidates) {
    const method: MethodInfo | undefined = resolveMethod(c.ref, undefined) ?? resolveMethod(c.ref, groupSide);
    if (method) out.push({ method, style: "dispatch", body: c.body, fn: c.fn, methodNode: c.methodNode });
  }
  return out;
}

/** `switch (msg.method) { case "session/prompt": ... }`; empty cases share the body that follows them. */
function switchCandidates(node: TSESTree.SwitchStatement, ctx: HandlerContext): Candidate[] {
  if (!isMethodExpression(node.discriminant)) return [];
  const fn = enclosingFunction(node);
  const out: Candidate[] = [];
  // Each case's body is the next one that has statements: found in one pass from the end, not a search per case.
  let body: TSESTree.SwitchCase | undefined;
  for (let index = node.cases.length - 1; index >= 0; index--) {
    const c = node.cases[index]!;
    if (c.consequent.length > 0) body = c;
    const ref = c.test && methodRef(c.test, ctx.sdk, ctx.values);
    if (ref && body) out.push({ ref, body, fn, methodNode: c.test! });
  }
  return out.reverse();
}

/** The method comparison of a test: the test itself, or a conjunct of `&&` (`msg.method === "initialize" && msg.id !== undefined`). */
function methodComparison(node: TSESTree.Node): TSESTree.BinaryExpression | undefined {
  const test = unwrap(node);
  if (test.type === AST_NODE_TYPES.LogicalExpression && test.operator === "&&") return methodComparison(test.left) ?? methodComparison(test.right);
  if (test.type !== AST_NODE_TYPES.BinaryExpression || (test.operator !== "===" && test.operator !== "==")) return undefined;
  return isMethodExpression(test.left) || isMethodExpression(test.right) ? test : undefined;
}

/**
 * `if (msg.method === "session/prompt") { ... }`, each `else if` of a chain on its own; the comparison may be one
 * conjunct of the test (`&& msg.id !== undefined`: the request, not a notification of that name).
 */
function ifCandidate(node: TSESTree.IfStatement, ctx: HandlerContext): Candidate | undefined {
  const test = methodComparison(node.test);
  if (!test) return undefined;
  const [subject, wire] = isMethodExpression(test.left) ? [test.left, test.right] : [test.right, test.left];
  if (!isMethodExpression(subject)) return undefined;
  const ref = methodRef(wire, ctx.sdk, ctx.values);
  return ref ? { ref, body: node.consequent, fn: enclosingFunction(node), methodNode: wire } : undefined;
}

/**
 * `{ "session/prompt": (params) => ..., [AGENT_METHODS.session_cancel]: fn }`: a value written there, or one that names
 * a function of this file (`"session/new": handlers.openSession` of a factory's object, `onPrompt`, `this.prompt`).
 */
function mapCandidates(node: TSESTree.ObjectExpression, ctx: HandlerContext): Candidate[] {
  const out: Candidate[] = [];
  for (const prop of node.properties) {
    if (prop.type !== AST_NODE_TYPES.Property || prop.kind !== "init") continue;
    // Most objects hold no function: a literal value is not looked up.
    const written = unwrap(prop.value);
    if (written.type === AST_NODE_TYPES.Literal || written.type === AST_NODE_TYPES.ObjectExpression || written.type === AST_NODE_TYPES.ArrayExpression) continue;
    // A key as written that names no method, and is no distinctive name either, counts for nothing in the group
    // (resolveGroup): its value is not looked up. Most objects' keys are such names.
    const keyed = prop.computed ? undefined : keyRef(prop.key);
    if (!prop.computed && (!keyed || !mayCountInGroup(keyed.wire))) continue;
    const value = isFunction(written) ? written : ctx.resolver.localFunctionOf(written);
    if (!value) continue;
    const ref = keyed ?? methodRef(prop.key, ctx.sdk, ctx.values);
    if (ref) out.push({ ref, body: value, fn: value, methodNode: prop.key });
  }
  return out;
}

function keyRef(key: TSESTree.Node): MethodRef | undefined {
  if (key.type === AST_NODE_TYPES.Literal && typeof key.value === "string") return { wire: key.value };
  return key.type === AST_NODE_TYPES.Identifier ? { wire: key.name } : undefined;
}

/** Hand-rolled dispatch: method switches, `if` chains on the method, and handler maps keyed by method names. */
export function dispatchHandlers(nodes: HandlerNodes, ctx: HandlerContext, claimed: ReadonlySet<TSESTree.Node>): Handler[] {
  const out: Handler[] = [];
  for (const node of nodes.switches) {
    const candidates = switchCandidates(node, ctx);
    if (candidates.length > 0) out.push(...resolveGroup(candidates, ctx.sdk.importsSdk));
  }
  // The `if` chains of one function form one dispatch.
  const ifsByFunction = new Map<TSESTree.Node | undefined, Candidate[]>();
  for (const node of nodes.ifs) {
    const candidate = ifCandidate(node, ctx);
    if (!candidate) continue;
    const group = ifsByFunction.get(candidate.fn) ?? [];
    group.push(candidate);
    ifsByFunction.set(candidate.fn, group);
  }
  for (const group of ifsByFunction.values()) out.push(...resolveGroup(group, ctx.sdk.importsSdk));
  for (const node of nodes.objects) {
    // Most objects hold no function, and most files' objects are no handler maps: nothing to group.
    const candidates = mapCandidates(node, ctx);
    if (candidates.length > 0) out.push(...resolveGroup(candidates.filter((c) => !claimed.has(c.body)), ctx.sdk.importsSdk));
  }
  return out;
}
