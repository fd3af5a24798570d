import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { legacyExtMethods } from "../handlers/ext-methods.js";
import { answeringFunction } from "../handlers/types.js";
import type { FunctionNode } from "../syntax/ast.js";
import { type HelperPlace, helperPlace } from "../syntax/helper-place.js";
import { summariesOf } from "../summaries/summaries.js";
import { foreignEntry, isAwaitedOrReturned, isPromiseReject, type ReachedThrow, thrownValue } from "../summaries/throws.js";
import { perModel } from "../syntax/per-model.js";
import { localErrorClasses } from "./local-classes.js";
import { type LostValue, lostValue, type ValueContext } from "./lost-values.js";
import { rootThrows } from "./root-throws.js";

/** A value thrown out of an SDK handler that carries a code but is not a RequestError: the SDK sends -32603 for it. */
export interface LostThrow {
  /** Where it is reported: the thrown expression, or this file's call into the module that throws it. */
  readonly node: TSESTree.Node;
  /** The thrown expression (or what `Promise.reject` rejects with), in whichever module it is. */
  readonly thrown: TSESTree.Node;
  /** The function and file of a throw of another module. */
  readonly through?: HelperPlace;
  readonly value: LostValue;
  /** The wire name of the handler it leaves (`*` for the app's fallback). */
  readonly method: string;
}

/**
 * What the SDK runs and answers: 2.x app request handlers and fallbacks, legacy Agent/Client request methods and their
 * `extMethod` (which the legacy connections call for the methods without a member).
 */
function sdkRoots(model: FileModel): { fn: FunctionNode; method: string }[] {
  const roots: { fn: FunctionNode; method: string }[] = [];
  for (const h of model.handlers.handlers) {
    const fn = answeringFunction(h);
    if ((h.style === "sdk" || h.style === "legacy") && h.method.kind === "request" && fn) roots.push({ fn, method: h.method.wire });
  }
  for (const f of model.handlers.fallbacks) if (f.style === "sdk" && f.fn) roots.push({ fn: f.fn, method: "*" });
  for (const fn of legacyExtMethods(model.handlers.handlers)) roots.push({ fn, method: "extMethod" });
  return roots;
}

/** The file's coded non-RequestError throws that leave SDK request handlers, each once, in source order. */
export const sdkLostThrows = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly LostThrow[] => {
  const roots = model.sdk.importsSdk ? sdkRoots(model) : [];
  return roots.length > 0 ? collect(model, sourceCode, roots) : [];
});

/**
 * Where throws start in this file: its own `throw`s and `Promise.reject`s given back, and its calls into another
 * module's functions that throw (ThrowSummaries), each with the throws it leads to.
 */
function startsOf(model: FileModel): ReachedThrow[] {
  const starts: ReachedThrow[] = model.nodes.throws.map((node) => ({ node, path: [] }));
  const resolver = model.resolver;
  const throws = summariesOf(resolver).throws;
  for (const call of model.nodes.calls) {
    if (!isPromiseReject(call) && !model.readsModules) continue;
    if (isPromiseReject(call)) {
      // A rejected promise is thrown only where it is returned or awaited.
      if (isAwaitedOrReturned(call)) starts.push({ node: call, path: [] });
      continue;
    }
    const callee = resolver.calleeOf(call);
    if (!callee || resolver.isLinted(callee) || (callee.async && !isAwaitedOrReturned(call))) continue;
    for (const reached of throws.throwsOf(callee)) starts.push({ node: reached.node, path: [{ fn: callee, call }, ...reached.path] });
  }
  return starts;
}

function collect(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>, roots: readonly { fn: FunctionNode; method: string }[]): LostThrow[] {
  const ctx: ValueContext = {
    sourceCode,
    values: model.values,
    classes: localErrorClasses(sourceCode, model.nodes.classes, model.settings.errorClasses),
  };
  const byNode = new Map<TSESTree.Node, LostThrow>();
  const byFunction = new Map(roots.map((r) => [r.fn, r.method]));
  for (const reached of rootThrows(startsOf(model), byFunction, model.nodes.calls, { sourceCode, values: model.values })) {
    const thrown = thrownValue(reached.node);
    if (!thrown || byNode.has(thrown)) continue;
    const value = lostValue(thrown, reached.path, ctx);
    if (!value || (value.codes.length === 0 && !model.resolver.isLinted(thrown))) continue;
    // A throw of another module is reported at this file's call that leads to it, naming where it is.
    const entry = foreignEntry(reached, (node) => model.resolver.isLinted(node));
    byNode.set(thrown, { node: entry ?? thrown, thrown, value, method: reached.root, ...(entry ? { through: helperPlace(thrown) } : {}) });
  }
  return [...byNode.values()].sort((a, b) => a.node.range[0] - b.node.range[0]);
}
