import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { ClassNode } from "../resolution/classes.js";
import { resolverOf } from "../resolution/resolver.js";
import { returnedExpressions } from "../syntax/functions.js";
import type { AppContext } from "./types.js";
import { capabilitiesSentOn } from "./connection-requests.js";

/**
 * Whether `new ClientSideConnection(factory, stream)` serves `cls`: its factory returns an instance of the class
 * (`() => new MyClient()`, `() => this.client` of a field that holds one).
 */
function servesClass(connection: TSESTree.NewExpression, cls: ClassNode, ctx: AppContext): boolean {
  const [factoryArg] = connection.arguments;
  if (!factoryArg || ctx.sdk.exportName(connection.callee) !== "ClientSideConnection") return false;
  const resolver = resolverOf(ctx.sourceCode);
  const factory = resolver.functionOf(factoryArg);
  const returned = factory ? returnedExpressions(factory, resolver.sourceCodeOf(factory).visitorKeys) : [];
  return returned.length > 0 && returned.every((value) => resolver.instanceClassOf(value) === cls);
}

/**
 * The client capabilities a legacy client class's connection sends in its one `initialize` call, wherever the
 * connection is kept; "none" when the call's params leave them out.
 */
export function legacyClientCapabilities(cls: ClassNode, ctx: AppContext): TSESTree.ObjectExpression | "none" | undefined {
  const connections = new Set(ctx.news.filter((node) => servesClass(node, cls, ctx)));
  if (connections.size === 0) return undefined;
  return capabilitiesSentOn((node) => node.type === AST_NODE_TYPES.NewExpression && connections.has(node), "legacy", ctx);
}
