import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { isValueWrapper, memberName } from "../syntax/ast.js";
import { methodRef } from "../handlers/method-names.js";
import type { FileModel } from "../model.js";

const cache = new WeakMap<FileModel, readonly TSESTree.CallExpression[]>();

interface AppUse {
  /** Request registrations other than `"*"`. */
  requests: number;
  /** A two-argument `onRequest(initialize, fn)`: the only form that turns on the SDK's -32600 gate. */
  gated: boolean;
  /** The app escapes where its initialize handler may be registered: stay silent. */
  escapes: boolean;
}

/** Follows `.onRequest(...).onNotification(...)` chains up from an app expression. */
function chainUp(start: TSESTree.Node, use: AppUse, model: FileModel): void {
  let node: TSESTree.Node = start;
  for (;;) {
    const member = node.parent;
    if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== node) return;
    const call = member.parent;
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee !== member) return;
    const name = memberName(member);
    if (name === "onRequest") {
      const [method] = call.arguments;
      if (method && method.type !== AST_NODE_TYPES.SpreadElement) {
        const wire = methodRef(method, model.sdk, model.values)?.wire;
        if (wire === "initialize") {
          if (call.arguments.length === 2) use.gated = true;
          else use.requests++;
        } else if (wire !== "*") use.requests++;
      }
    } else if (name === "use") use.escapes = true;
    node = call;
  }
}

/** What happens to the app held by a `const`: its registrations, or an escape to other code. */
function usesOf(declarator: TSESTree.VariableDeclarator, sourceCode: Readonly<TSESLint.SourceCode>, use: AppUse, model: FileModel): void {
  for (const variable of sourceCode.getDeclaredVariables(declarator)) {
    for (const ref of variable.references) {
      if (ref.init) continue;
      const id = ref.identifier;
      const parent = id.parent;
      if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === id) {
        const name = memberName(parent);
        if (name === "onRequest" || name === "onNotification") chainUp(id, use, model);
        // connect / connectWith / other reads of the app hand it nothing.
        continue;
      }
      if (parent?.type === AST_NODE_TYPES.ExportSpecifier || parent?.type === AST_NODE_TYPES.TSTypeQuery) continue;
      use.escapes = true;
    }
  }
}

/**
 * SDK 2.x `agent()` calls whose app registers requests but never a two-argument initialize handler,
 * and which go nowhere else that could register one.
 */
export function ungatedApps(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly TSESTree.CallExpression[] {
  const cached = cache.get(model);
  if (cached) return cached;
  const found: TSESTree.CallExpression[] = [];
  cache.set(model, found);
  if (!model.handlers.handlers.some((h) => h.style === "sdk" && h.method.side === "agent")) return found;
  for (const node of model.nodes.calls) {
    if (model.sdk.exportName(node.callee) !== "agent") continue;
    const use: AppUse = { requests: 0, gated: false, escapes: false };
    let top: TSESTree.Node = node;
    chainUp(node, use, model);
    while (top.parent?.type === AST_NODE_TYPES.MemberExpression && top.parent.parent?.type === AST_NODE_TYPES.CallExpression) top = top.parent.parent;
    let holder: TSESTree.Node | undefined = top.parent;
    while (holder && isValueWrapper(holder)) holder = holder.parent;
    if (holder?.type === AST_NODE_TYPES.VariableDeclarator && holder.id.type === AST_NODE_TYPES.Identifier) {
      const declaration = holder.parent;
      if (declaration?.type !== AST_NODE_TYPES.VariableDeclaration || declaration.kind !== "const") continue;
      usesOf(holder, sourceCode, use, model);
    } else if (holder?.type !== AST_NODE_TYPES.ExpressionStatement) continue;
    if (use.requests > 0 && !use.gated && !use.escapes) found.push(node);
  }
  return found;
}

