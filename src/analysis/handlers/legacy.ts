import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { findLegacyMethod } from "../../protocol/methods.js";
import { isFunction, staticKeyName, unwrap } from "../syntax/ast.js";
import { returnedExpressions } from "../syntax/functions.js";
import type { ClassNode } from "../resolution/classes.js";
import type { Handler, HandlerContext, HandlerNodes } from "./types.js";

type Side = "agent" | "client";

const CONNECTIONS: Readonly<Record<string, Side>> = { AgentSideConnection: "agent", ClientSideConnection: "client" };
const INTERFACES: Readonly<Record<string, Side>> = { Agent: "agent", Client: "client" };

/** Utility types that keep the interface's methods: `implements Partial<Agent>`. */
const WRAPPERS = new Set(["Partial", "Required", "Readonly", "Pick", "Omit"]);

/** The side a class implements: `implements Agent`, `implements acp.Client`, `implements Partial<Agent>`. */
function implementedSide(node: ClassNode, ctx: HandlerContext): Side | undefined {
  for (const clause of node.implements ?? []) {
    let side = INTERFACES[ctx.sdk.exportName(clause.expression) ?? ""];
    const wrapped = clause.typeArguments?.params[0];
    const isWrapper = clause.expression.type === AST_NODE_TYPES.Identifier && WRAPPERS.has(clause.expression.name);
    if (!side && isWrapper && wrapped?.type === AST_NODE_TYPES.TSTypeReference) {
      side = INTERFACES[ctx.sdk.typeExportName(wrapped.typeName) ?? ""];
    }
    if (side) return side;
  }
  return undefined;
}

/**
 * What the factory passed to `new AgentSideConnection(factory, stream)` builds, when it is of this file: the class
 * of the instance it returns (`new MyAgent(conn)`, `this.client` set up so, another factory's result) or the object
 * literal it returns (written there, or by a factory it calls: `() => makeClient(nb)`).
 */
function factoryProducts(node: TSESTree.NewExpression, ctx: HandlerContext): (ClassNode | TSESTree.ObjectExpression)[] {
  const factory = node.arguments[0] && ctx.resolver.functionOf(node.arguments[0]);
  if (!factory) return [];
  const out: (ClassNode | TSESTree.ObjectExpression)[] = [];
  for (const expression of returnedExpressions(factory, ctx.resolver.sourceCodeOf(factory).visitorKeys)) {
    const product = ctx.resolver.instanceClassOf(expression) ?? ctx.resolver.objectOf(expression);
    if (product && ctx.resolver.isLinted(product)) out.push(product);
  }
  return out;
}

function classHandlers(node: ClassNode, side: Side): Handler[] {
  const out: Handler[] = [];
  for (const member of node.body.body) {
    if (member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.PropertyDefinition) continue;
    if (member.static || (member.type === AST_NODE_TYPES.MethodDefinition && member.kind !== "method")) continue;
    const name = staticKeyName(member.key, member.computed);
    const value = member.value && unwrap(member.value);
    const method = name === undefined ? undefined : findLegacyMethod(name, side);
    if (method && value && isFunction(value)) out.push({ method, style: "legacy", body: value, fn: value, methodNode: member.key });
  }
  return out;
}

function objectHandlers(node: TSESTree.ObjectExpression, side: Side): Handler[] {
  const out: Handler[] = [];
  for (const prop of node.properties) {
    if (prop.type !== AST_NODE_TYPES.Property || prop.kind !== "init") continue;
    const name = staticKeyName(prop.key, prop.computed);
    const value = unwrap(prop.value);
    const method = name === undefined ? undefined : findLegacyMethod(name, side);
    if (method && isFunction(value)) out.push({ method, style: "legacy", body: value, fn: value, methodNode: prop.key });
  }
  return out;
}

/** Legacy 0.x/1.x handlers: classes implementing `Agent`/`Client`, and what `AgentSideConnection`'s factory builds. */
export function legacyHandlers(nodes: HandlerNodes, ctx: HandlerContext): Handler[] {
  const sides = new Map<ClassNode | TSESTree.ObjectExpression, Side>();
  for (const node of nodes.classes) {
    const side = implementedSide(node, ctx);
    if (side) sides.set(node, side);
  }
  for (const node of nodes.news) {
    const side = CONNECTIONS[ctx.sdk.exportName(node.callee) ?? ""];
    if (!side) continue;
    for (const product of factoryProducts(node, ctx)) if (!sides.has(product)) sides.set(product, side);
  }
  return [...sides].flatMap(([node, side]) =>
    node.type === AST_NODE_TYPES.ObjectExpression ? objectHandlers(node, side) : classHandlers(node, side),
  );
}
