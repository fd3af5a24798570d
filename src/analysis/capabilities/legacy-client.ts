import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { enclosingFunction, findProperty, memberName, unwrap } from "../syntax/ast.js";
import type { ClassNode } from "../resolution/classes.js";
import type { AppContext } from "./apps.js";
import { declaredVariables } from "../syntax/variables.js";

/** `new ClientSideConnection(() => new MyClient(), stream)`: the connection a factory building `cls` is given to. */
function connectionsOf(cls: ClassNode, ctx: AppContext): TSESTree.NewExpression[] {
  if (cls.type !== AST_NODE_TYPES.ClassDeclaration) return [];
  const out: TSESTree.NewExpression[] = [];
  for (const ref of declaredVariables(ctx.sourceCode, cls)[0]?.references ?? []) {
    const built = ref.identifier.parent;
    if (built?.type !== AST_NODE_TYPES.NewExpression || built.callee !== ref.identifier) continue;
    const factory = enclosingFunction(built);
    const connection = factory?.parent;
    if (connection?.type === AST_NODE_TYPES.NewExpression && connection.arguments[0] === factory && ctx.sdk.exportName(connection.callee) === "ClientSideConnection") {
      out.push(connection);
    }
  }
  return out;
}

/** The `initialize` calls made on a connection held in a `const`. */
function initializeCalls(connection: TSESTree.NewExpression, ctx: AppContext): TSESTree.CallExpression[] {
  const declarator = connection.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== connection) return [];
  const out: TSESTree.CallExpression[] = [];
  for (const ref of declaredVariables(ctx.sourceCode, declarator)[0]?.references ?? []) {
    const member = ref.identifier.parent;
    const call = member?.parent;
    if (member?.type === AST_NODE_TYPES.MemberExpression && memberName(member) === "initialize" && call?.type === AST_NODE_TYPES.CallExpression && call.callee === member) {
      out.push(call);
    }
  }
  return out;
}

/** The `clientCapabilities` literal a legacy client class's connection sends in its one `initialize` call. */
export function legacyClientCapabilities(cls: ClassNode, ctx: AppContext): TSESTree.ObjectExpression | undefined {
  const calls = connectionsOf(cls, ctx).flatMap((c) => initializeCalls(c, ctx));
  const arg = calls.length === 1 ? calls[0]!.arguments[0] : undefined;
  const request = arg && unwrap(arg);
  if (request?.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const prop = findProperty(request, ctx.fields.client);
  const value = prop && unwrap(prop.value);
  return value?.type === AST_NODE_TYPES.ObjectExpression ? value : undefined;
}
