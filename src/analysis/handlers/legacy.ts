import { legacyNameDispatched } from "../sdk/sdk-version.js";
import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { findLegacyMethod } from "../../protocol/methods.js";
import { enclosingFunction, type FunctionNode, isFunction, staticKeyName, unwrap, walk } from "../syntax/ast.js";
import { argumentAt, parameterOf } from "../resolution/bindings.js";
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
 * The side a type names: the SDK's `Agent` or `Client`, through the wrappers that keep its methods and a `Promise`
 * (`Promise<Partial<acp.Agent>>`).
 */
function typeSide(type: TSESTree.TypeNode | undefined, ctx: HandlerContext): Side | undefined {
  if (type?.type !== AST_NODE_TYPES.TSTypeReference) return undefined;
  const side = INTERFACES[ctx.sdk.typeExportName(type.typeName) ?? ""];
  if (side) return side;
  const wrapper = type.typeName.type === AST_NODE_TYPES.Identifier && (WRAPPERS.has(type.typeName.name) || type.typeName.name === "Promise");
  return wrapper ? typeSide(type.typeArguments?.params[0], ctx) : undefined;
}

/**
 * The side an object literal is declared as, as TypeScript checks it: `const agent: acp.Agent = { … }`, `{ … }
 * satisfies Client`, `{ … } as Agent`, or returned by a function declared to give one (`function createAgent(conn):
 * Agent { return { … }; }`, whose connection a module of its own may make).
 */
function declaredSide(node: TSESTree.ObjectExpression, ctx: HandlerContext): Side | undefined {
  const parent = node.parent;
  switch (parent.type) {
    case AST_NODE_TYPES.TSSatisfiesExpression:
    case AST_NODE_TYPES.TSAsExpression:
      return typeSide(parent.typeAnnotation, ctx);
    case AST_NODE_TYPES.VariableDeclarator:
      return parent.init === node && parent.id.type === AST_NODE_TYPES.Identifier ? typeSide(parent.id.typeAnnotation?.typeAnnotation, ctx) : undefined;
    case AST_NODE_TYPES.ReturnStatement:
      return typeSide(enclosingFunction(parent)?.returnType?.typeAnnotation, ctx);
    case AST_NODE_TYPES.ArrowFunctionExpression:
      return parent.body === node ? typeSide(parent.returnType?.typeAnnotation, ctx) : undefined;
    default:
      return undefined;
  }
}

/**
 * What the factory passed to `new AgentSideConnection(factory, stream)` builds, when it is of this file: the class
 * of the instance it returns (`new MyAgent(conn)`, `this.client` set up so, another factory's result) or the object
 * literal it returns (written there, or by a factory it calls: `() => makeClient(nb)`).
 */
function factoryProducts(factoryExpression: TSESTree.Node, ctx: HandlerContext): (ClassNode | TSESTree.ObjectExpression)[] {
  const factory = ctx.resolver.functionOf(factoryExpression);
  if (!factory) return [];
  const out: (ClassNode | TSESTree.ObjectExpression)[] = [];
  for (const expression of returnedExpressions(factory, ctx.resolver.sourceCodeOf(factory).visitorKeys)) {
    const product = ctx.resolver.instanceClassOf(expression) ?? ctx.resolver.objectOf(expression);
    if (product && ctx.resolver.isLinted(product)) out.push(product);
  }
  return out;
}

/** The legacy method a member named `name` answers, when the installed SDK calls a member of that name. */
function dispatchedMethod(name: string | undefined, side: Side, sdkVersions: string | undefined) {
  if (name === undefined || (side === "agent" && !legacyNameDispatched(sdkVersions, name))) return undefined;
  return findLegacyMethod(name, side);
}

function classHandlers(node: ClassNode, side: Side, sdkVersions: string | undefined): Handler[] {
  const out: Handler[] = [];
  for (const member of node.body.body) {
    if (member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.PropertyDefinition) continue;
    if (member.static || (member.type === AST_NODE_TYPES.MethodDefinition && member.kind !== "method")) continue;
    const name = staticKeyName(member.key, member.computed);
    const value = member.value && unwrap(member.value);
    const method = dispatchedMethod(name, side, sdkVersions);
    if (method && value && isFunction(value)) out.push({ method, style: "legacy", body: value, fn: value, methodNode: member.key });
  }
  return out;
}

function objectHandlers(node: TSESTree.ObjectExpression, side: Side, sdkVersions: string | undefined): Handler[] {
  const out: Handler[] = [];
  for (const prop of node.properties) {
    if (prop.type !== AST_NODE_TYPES.Property || prop.kind !== "init") continue;
    const name = staticKeyName(prop.key, prop.computed);
    const value = unwrap(prop.value);
    const method = dispatchedMethod(name, side, sdkVersions);
    if (method && isFunction(value)) out.push({ method, style: "legacy", body: value, fn: value, methodNode: prop.key });
  }
  return out;
}

/**
 * The members a class must have to be a side's handler by its shape alone, as TypeScript checks `implements`
 * structurally: what a JavaScript agent or client (or a bundle of one) whose connection is created in another
 * module has instead of an `implements` clause.
 */
const REQUIRED_MEMBERS: Readonly<Record<Side, readonly string[]>> = {
  agent: ["initialize", "newSession", "prompt"],
  client: ["requestPermission", "sessionUpdate"],
};

/**
 * The side a class is by its public members, in a file that takes something from the SDK. A `private` or `protected`
 * member is none of an interface's (TypeScript refuses the class as one): a wrapper that drives a connection of the
 * other side through its own `newSession` and `prompt` and keeps its `initialize` to itself is no agent.
 */
function shapedSide(node: ClassNode, ctx: HandlerContext): Side | undefined {
  if (!ctx.sdk.importsSdk) return undefined;
  const names = new Set<string>();
  for (const member of node.body.body) {
    if ((member.type === AST_NODE_TYPES.MethodDefinition || member.type === AST_NODE_TYPES.PropertyDefinition) && !member.static && (member.accessibility ?? "public") === "public") {
      const name = staticKeyName(member.key, member.computed);
      if (name !== undefined) names.add(name);
    }
  }
  return (Object.keys(REQUIRED_MEMBERS) as Side[]).find((side) => REQUIRED_MEMBERS[side].every((name) => names.has(name)));
}

/** A connection's side, when `node` constructs one (`new AgentSideConnection(factory, stream)`, bundled or not). */
function connectionSide(node: TSESTree.NewExpression, ctx: HandlerContext): Side | undefined {
  return CONNECTIONS[ctx.sdk.exportName(node.callee) ?? ""];
}

/**
 * Factories handed to a connection through a function (`startAgent((conn) => new MyAgent(conn))`, where `startAgent`
 * of this file or another passes its parameter to `new AgentSideConnection(factory, stream)`): each call's argument,
 * with the connection's side.
 */
function passedFactories(nodes: HandlerNodes, ctx: HandlerContext): { factory: TSESTree.Node; side: Side }[] {
  const out: { factory: TSESTree.Node; side: Side }[] = [];
  const resolver = ctx.resolver;
  // A function handed callbacks many times (`list.map(...)`) is walked once.
  const walked = new Map<FunctionNode, TSESTree.NewExpression[]>();
  for (const call of nodes.calls) {
    if (call.arguments.length === 0 || !call.arguments.some((arg) => isFunction(unwrap(arg)))) continue;
    const fn = resolver.calleeOf(call);
    if (!fn) continue;
    let connections = walked.get(fn);
    if (!connections) walked.set(fn, (connections = connectionsIn(fn, ctx)));
    for (const connection of connections) {
      const param = connection.arguments[0] && parameterOf(resolver, connection.arguments[0]);
      const factory = param?.fn === fn ? argumentAt(call, param.index) : undefined;
      if (factory) out.push({ factory, side: connectionSide(connection, ctx)! });
    }
  }
  return out;
}

/** The connections a function constructs in its own body. */
function connectionsIn(fn: FunctionNode, ctx: HandlerContext): TSESTree.NewExpression[] {
  const out: TSESTree.NewExpression[] = [];
  walk(fn.body, ctx.resolver.sourceCodeOf(fn).visitorKeys, (node) => {
    if (node.type === AST_NODE_TYPES.NewExpression && connectionSide(node, ctx)) out.push(node);
  });
  return out;
}

/**
 * Legacy 0.x/1.x handlers: classes implementing `Agent`/`Client` (or shaped like one, in a file that takes from the
 * SDK, unless an app's handlers delegate to it: `appDelegates`), object literals declared as one (declaredSide), and
 * what a connection's factory builds, whether the connection is made here or by a function it is handed to.
 */
export function legacyHandlers(nodes: HandlerNodes, ctx: HandlerContext, appDelegates: ReadonlySet<TSESTree.Node> = new Set()): Handler[] {
  const sides = new Map<ClassNode | TSESTree.ObjectExpression, Side>();
  for (const node of nodes.classes) {
    // Shaped like an Agent but the delegate of an app's handlers: the app's (sameFileDelegates), not a legacy class.
    const side = implementedSide(node, ctx) ?? (appDelegates.has(node) ? undefined : shapedSide(node, ctx));
    if (side) sides.set(node, side);
  }
  for (const node of nodes.objects) {
    const side = declaredSide(node, ctx);
    if (side) sides.set(node, side);
  }
  const factories = nodes.news.flatMap((node) => {
    const side = connectionSide(node, ctx);
    return side && node.arguments[0] ? [{ factory: node.arguments[0], side }] : [];
  });
  for (const { factory, side } of [...factories, ...passedFactories(nodes, ctx)]) {
    for (const product of factoryProducts(factory, ctx)) if (!sides.has(product)) sides.set(product, side);
  }
  return [...sides].flatMap(([node, side]) =>
    node.type === AST_NODE_TYPES.ObjectExpression ? objectHandlers(node, side, ctx.sdkVersions) : classHandlers(node, side, ctx.sdkVersions),
  );
}
