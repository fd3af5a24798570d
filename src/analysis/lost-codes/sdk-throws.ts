import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import type { FunctionNode } from "../syntax/ast.js";
import { localErrorClasses } from "./local-classes.js";
import { type LostValue, lostValue, type ValueContext } from "./lost-values.js";
import { rootThrows } from "./root-throws.js";

/** A value thrown out of an SDK handler that carries a code but is not a RequestError: the SDK sends -32603 for it. */
export interface LostThrow {
  /** The thrown expression. */
  readonly node: TSESTree.Node;
  readonly value: LostValue;
  /** The wire name of the handler it leaves (`*` for the app's fallback). */
  readonly method: string;
}

/** What the SDK runs and answers: 2.x app request handlers and fallbacks, legacy Agent/Client request methods. */
function sdkRoots(model: FileModel): { fn: FunctionNode; method: string }[] {
  const roots: { fn: FunctionNode; method: string }[] = [];
  for (const h of model.handlers.handlers) {
    if ((h.style === "sdk" || h.style === "legacy") && h.method.kind === "request" && h.fn) roots.push({ fn: h.fn, method: h.method.wire });
  }
  for (const f of model.handlers.fallbacks) if (f.style === "sdk" && f.fn) roots.push({ fn: f.fn, method: "*" });
  return roots;
}

const cache = new WeakMap<FileModel, readonly LostThrow[]>();

/** The file's coded non-RequestError throws that leave SDK request handlers, each once, in source order. */
export function sdkLostThrows(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly LostThrow[] {
  let found = cache.get(model);
  if (found) return found;
  found = [];
  // No SDK import, no SDK handler; and a file that throws nothing has nothing to lose.
  const importsSdk = model.sdk.named.size > 0 || model.sdk.namespaces.size > 0;
  if (importsSdk && model.nodes.throws.length > 0) {
    const roots = sdkRoots(model);
    if (roots.length > 0) found = collect(model, sourceCode, roots);
  }
  cache.set(model, found);
  return found;
}

function collect(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>, roots: readonly { fn: FunctionNode; method: string }[]): LostThrow[] {
  const ctx: ValueContext = {
    sourceCode,
    values: model.values,
    classes: localErrorClasses(sourceCode, model.nodes.classes, model.settings.errorClasses),
  };
  const byNode = new Map<TSESTree.Node, LostThrow>();
  const byFunction = new Map(roots.map((r) => [r.fn, r.method]));
  for (const reached of rootThrows(model.nodes.throws, byFunction, model.nodes.calls, { sourceCode, values: model.values })) {
    const node = reached.node.argument;
    if (byNode.has(node)) continue;
    const value = lostValue(node, reached.path, ctx);
    if (value) byNode.set(node, { node, value, method: reached.root });
  }
  return [...byNode.values()].sort((a, b) => a.node.range[0] - b.node.range[0]);
}
