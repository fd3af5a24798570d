import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { answeringFunction } from "../handlers/types.js";
import { calleeName, type FunctionNode, memberName, unwrap } from "../syntax/ast.js";
import { perModel } from "../syntax/per-model.js";
import { localErrorClasses } from "./local-classes.js";
import { type LostValue, lostValue, type ValueContext } from "./lost-values.js";
import { type Escape, rootThrows } from "./root-throws.js";

/** A value thrown out of an SDK handler that carries a code but is not a RequestError: the SDK sends -32603 for it. */
export interface LostThrow {
  /** The thrown expression (or what `Promise.reject` rejects with). */
  readonly node: TSESTree.Node;
  readonly value: LostValue;
  /** The wire name of the handler it leaves (`*` for the app's fallback). */
  readonly method: string;
}

/** What the SDK runs and answers: 2.x app request handlers and fallbacks, legacy Agent/Client request methods. */
function sdkRoots(model: FileModel): { fn: FunctionNode; method: string }[] {
  const roots: { fn: FunctionNode; method: string }[] = [];
  for (const h of model.handlers.handlers) {
    const fn = answeringFunction(h);
    if ((h.style === "sdk" || h.style === "legacy") && h.method.kind === "request" && fn) roots.push({ fn, method: h.method.wire });
  }
  for (const f of model.handlers.fallbacks) if (f.style === "sdk" && f.fn) roots.push({ fn: f.fn, method: "*" });
  return roots;
}

/** `Promise.reject(x)`: what it rejects with is thrown where the promise is returned or awaited. */
function isPromiseReject(call: TSESTree.CallExpression): boolean {
  const callee = unwrap(call.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && calleeName(callee.object) === "Promise" && memberName(callee) === "reject";
}

/** The file's coded non-RequestError throws that leave SDK request handlers, each once, in source order. */
export const sdkLostThrows = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly LostThrow[] => {
  // No SDK import, no SDK handler; and a file that throws nothing has nothing to lose.
  const importsSdk = model.sdk.importsSdk;
  const escapes = importsSdk ? [...model.nodes.throws, ...model.nodes.calls.filter(isPromiseReject)] : [];
  if (escapes.length === 0) return [];
  const roots = sdkRoots(model);
  return roots.length > 0 ? collect(model, sourceCode, roots, escapes) : [];
});

function collect(
  model: FileModel,
  sourceCode: Readonly<TSESLint.SourceCode>,
  roots: readonly { fn: FunctionNode; method: string }[],
  escapes: readonly Escape[],
): LostThrow[] {
  const ctx: ValueContext = {
    sourceCode,
    values: model.values,
    classes: localErrorClasses(sourceCode, model.nodes.classes, model.settings.errorClasses),
  };
  const byNode = new Map<TSESTree.Node, LostThrow>();
  const byFunction = new Map(roots.map((r) => [r.fn, r.method]));
  for (const reached of rootThrows(escapes, byFunction, model.nodes.calls, { sourceCode, values: model.values })) {
    const node = reached.node.type === AST_NODE_TYPES.ThrowStatement ? reached.node.argument : reached.node.arguments[0];
    if (!node || node.type === AST_NODE_TYPES.SpreadElement || byNode.has(node)) continue;
    const value = lostValue(node, reached.path, ctx);
    if (value) byNode.set(node, { node, value, method: reached.root });
  }
  return [...byNode.values()].sort((a, b) => a.node.range[0] - b.node.range[0]);
}
