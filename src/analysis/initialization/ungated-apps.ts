import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { memberName, outermostWrapper } from "../syntax/ast.js";
import { methodRef } from "../handlers/method-names.js";
import type { FileModel } from "../model.js";
import { perModel } from "../syntax/per-model.js";
import { declaredVariables } from "../syntax/variables.js";
import { isExportedValue } from "../sdk/apps.js";

interface AppUse {
  /** Request registrations other than `"*"`. */
  requests: number;
  /** A two-argument `onRequest(initialize, fn)`: the only form that turns on the SDK's -32600 gate. */
  gated: boolean;
  /** The app escapes where its initialize handler may be registered: stay silent. */
  escapes: boolean;
}

/** The call of `.name(...)` on `app` (seen through value wrappers: `(app as App).onRequest(...)`), if that is what is done with it. */
function methodCallOn(app: TSESTree.Node): { call: TSESTree.CallExpression; member: TSESTree.MemberExpression } | undefined {
  const node = outermostWrapper(app);
  const member = node.parent;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== node) return undefined;
  const call = member.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && call.callee === member ? { call, member } : undefined;
}

/** Follows `.onRequest(...).onNotification(...)` chains up from an app expression; returns the last call, or `start`. */
function chainUp(start: TSESTree.Node, use: AppUse, model: FileModel): TSESTree.Node {
  let node: TSESTree.Node = start;
  for (;;) {
    const found = methodCallOn(node);
    if (!found) return node;
    const { call, member } = found;
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

/** Whether the variable a declarator declares is written by it alone (a `const`, or a `var` nothing assigns again). */
function isWrittenOnce(declarator: TSESTree.VariableDeclarator, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const declaration = declarator.parent;
  if (declaration?.type !== AST_NODE_TYPES.VariableDeclaration) return false;
  if (declaration.kind === "const") return true;
  const [variable] = declaredVariables(sourceCode, declarator);
  return variable !== undefined && variable.references.filter((r) => r.isWrite()).length === 1;
}

/** What happens to the app held by a `const`: its registrations, or an escape to other code. */
function usesOf(declarator: TSESTree.VariableDeclarator, sourceCode: Readonly<TSESLint.SourceCode>, use: AppUse, model: FileModel): void {
  for (const variable of declaredVariables(sourceCode, declarator)) {
    for (const ref of variable.references) {
      if (ref.init) continue;
      const id = ref.identifier;
      const used = outermostWrapper(id);
      const parent = used.parent;
      if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === used) {
        const name = memberName(parent);
        if (name === "onRequest" || name === "onNotification") chainUp(id, use, model);
        // connect / connectWith / other reads of the app hand it nothing.
        continue;
      }
      if (parent?.type === AST_NODE_TYPES.TSTypeQuery || (parent && isExportedValue(used, parent))) continue;
      use.escapes = true;
    }
  }
}

/**
 * SDK 2.x `agent()` calls whose app registers requests but never a two-argument initialize handler,
 * and which go nowhere else that could register one.
 */
export const ungatedApps = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly TSESTree.CallExpression[] => {
  const found: TSESTree.CallExpression[] = [];
  if (!model.handlers.handlers.some((h) => h.style === "sdk" && h.method.side === "agent")) return found;
  for (const node of model.nodes.calls) {
    if (model.sdk.exportName(node.callee) !== "agent") continue;
    const use: AppUse = { requests: 0, gated: false, escapes: false };
    // The app, or the last call of its chain, with the wrappers around it: what holds it is the parent of that.
    const top = outermostWrapper(chainUp(node, use, model));
    const holder = top.parent;
    if (holder?.type === AST_NODE_TYPES.VariableDeclarator && holder.id.type === AST_NODE_TYPES.Identifier) {
      // A `let` or `var` (a bundle's) may be given another app later, unless its declaration is its only write.
      if (!isWrittenOnce(holder, sourceCode)) continue;
      usesOf(holder, sourceCode, use, model);
    } else if (holder?.type !== AST_NODE_TYPES.ExpressionStatement && !(holder && isExportedValue(top, holder))) continue;
    if (use.requests > 0 && !use.gated && !use.escapes) found.push(node);
  }
  return found;
});

