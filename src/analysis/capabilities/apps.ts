import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { Handler } from "../handlers/types.js";
import { methodRef } from "../handlers/method-names.js";
import { isValueWrapper, memberName, unwrap } from "../syntax/ast.js";

import { alwaysThrows, capabilitiesIn } from "./shapes.js";
import type { AppContext, CapabilityOwner, Registration } from "./types.js";
import { declaredVariables } from "../syntax/variables.js";
import { resolverOf } from "../resolution/resolver.js";
import { isExportedValue, sdkApp } from "../sdk/apps.js";
import { capabilitiesSentOn } from "./connection-requests.js";


const REGISTRATIONS = new Set(["onRequest", "onNotification"]);
/** Builder methods that neither register handlers nor hand the app to anyone. */
const CLOSED = new Set(["connect", "connectWith"]);

interface AppUses {
  registrations: TSESTree.CallExpression[];
  connectWith: TSESTree.CallExpression[];
  /** `app.connect(stream)`: the connection whose `agent.request(methods.agent.initialize, …)` a client sends. */
  connect: TSESTree.CallExpression[];
  open: boolean;
}

/** Follows every use of the app: chained calls, `const` aliases, exports; any other use hands it on. */
function followUses(expr: TSESTree.Node, ctx: AppContext, uses: AppUses, seen: Set<TSESTree.Node>): void {
  let current = expr;
  for (;;) {
    const parent = current.parent;
    if (!parent || seen.has(current)) return;
    seen.add(current);
    if (isValueWrapper(parent)) {
      current = parent;
      continue;
    }
    if (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === current && parent.parent.type === AST_NODE_TYPES.CallExpression && parent.parent.callee === parent) {
      const name = memberName(parent) ?? "";
      if (REGISTRATIONS.has(name)) uses.registrations.push(parent.parent);
      else if (name === "connectWith") uses.connectWith.push(parent.parent);
      else if (name === "connect") uses.connect.push(parent.parent);
      else if (!CLOSED.has(name)) uses.open = true;
      if (!REGISTRATIONS.has(name)) return;
      current = parent.parent;
      continue;
    }
    if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === current && parent.id.type === AST_NODE_TYPES.Identifier) {
      const variable = declaredVariables(ctx.sourceCode, parent)[0];
      for (const ref of variable?.references ?? []) {
        // `typeof app.connectWith` in a type is no use of the app.
        const typeOnly = ref.identifier.parent?.type === AST_NODE_TYPES.TSQualifiedName || ref.identifier.parent?.type === AST_NODE_TYPES.TSTypeQuery;
        if (ref.identifier !== parent.id && !typeOnly) followUses(ref.identifier, ctx, uses, seen);
      }
      return;
    }
    const fine = parent.type === AST_NODE_TYPES.ExpressionStatement || isExportedValue(current, parent);
    if (!fine) uses.open = true;
    return;
  }
}

/** The `clientCapabilities` of the `initialize` request a client's `connectWith` callback sends. */
function sentCapabilities(calls: readonly TSESTree.CallExpression[], ctx: AppContext): TSESTree.ObjectExpression | undefined {
  const found = calls.map((call) => {
    const op = call.arguments.at(-1);
    const fn = op && resolverOf(ctx.sourceCode).localFunctionOf(op);
    return fn ? capabilitiesIn(fn, ctx.fields.client, ctx.values, ctx.sourceCode.visitorKeys) : undefined;
  });
  return found.length === 1 ? found[0] : undefined;
}

/** The SDK 2.x apps whose handlers the model found, with every registration the file makes on them. */
export function appOwners(handlers: readonly Handler[], ctx: AppContext): CapabilityOwner[] {
  const roots = new Set<TSESTree.CallExpression>();
  for (const h of handlers) {
    const call = h.style === "sdk" ? h.methodNode.parent : undefined;
    const callee = call?.type === AST_NODE_TYPES.CallExpression ? unwrap(call.callee) : undefined;
    const root = callee?.type === AST_NODE_TYPES.MemberExpression ? sdkApp(callee.object, ctx.sdk, resolverOf(ctx.sourceCode))?.call : undefined;
    if (root) roots.add(root);
  }
  const owners: CapabilityOwner[] = [];
  for (const root of roots) {
    const side = ctx.sdk.exportName(root.callee) as "agent" | "client";
    const uses: AppUses = { registrations: [], connectWith: [], connect: [], open: false };
    followUses(root, ctx, uses, new Set());
    const registrations: Registration[] = [];
    let throwingFallback = false;
    let initialize: TSESTree.Node | undefined;
    let initializeCount = 0;
    for (const call of uses.registrations) {
      const [methodArg] = call.arguments;
      const ref = methodArg && methodArg.type !== AST_NODE_TYPES.SpreadElement ? methodRef(methodArg, ctx.sdk, ctx.values) : undefined;
      if (!ref || !methodArg) {
        uses.open = true;
        continue;
      }
      const fn = call.arguments.length > 1 ? resolverOf(ctx.sourceCode).localFunctionOf(call.arguments.at(-1)!) : undefined;
      if (ref.wire === "*") {
        if (alwaysThrows(fn, ctx.sourceCode.visitorKeys)) throwingFallback = true;
        else uses.open = true;
        continue;
      }
      if (ref.wire === "initialize" && side === "agent") {
        initializeCount++;
        initialize = fn;
      }
      registrations.push({ wire: ref.wire, node: methodArg });
    }
    const capabilities =
      side === "agent"
        ? initializeCount === 1 && initialize
          ? capabilitiesIn(initialize, ctx.fields.agent, ctx.values, ctx.sourceCode.visitorKeys)
          : undefined
        : (sentCapabilities(uses.connectWith, ctx) ?? (uses.connect.length > 0 ? capabilitiesSentOn((node) => uses.connect.includes(node as TSESTree.CallExpression), "app", ctx) : undefined));
    owners.push({ side, kind: "app", registrations, open: uses.open, throwingFallback, capabilities });
  }
  return owners;
}
