import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { ErrorSite } from "../errors/error-sites.js";
import type { Handler } from "../handlers/types.js";
import { walk, contains, enclosingFunction } from "../syntax/ast.js";
import { isCaught } from "../syntax/try-catch.js";
import type { FileModel } from "../model.js";
import type { ValueResolver } from "../resolution/values.js";
import { perModel } from "../syntax/per-model.js";
import { type HelperPlace, helperPlace } from "../syntax/helper-place.js";
import { fileOf } from "../resolution/source-files.js";
import { summariesOf } from "../summaries/summaries.js";
import { isAwaitedOrReturned, thrownValue } from "../summaries/throws.js";

export interface VersionError {
  readonly site: ErrorSite;
  readonly handler: Handler;
  /** The test of the guard that reads the requested version. */
  readonly guard: TSESTree.Node;
  /** For a site of another module: the handler's call that leads there, and the function and file it is in. */
  readonly through?: HelperPlace & { readonly call: TSESTree.CallExpression };
}

const within = (inner: TSESTree.Node, outer: TSESTree.Node) => contains(outer, inner);

/**
 * Whether an expression reads `.protocolVersion` (the requested version in an initialize handler), itself or through
 * a `const` it was read into (`const requested = msg.params?.protocolVersion ?? 0`).
 */
function readsProtocolVersion(test: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>, values: ValueResolver, depth = 0): boolean {
  let found = false;
  walk(test, sourceCode.visitorKeys, (node) => {
    if (found) return;
    if (node.type === AST_NODE_TYPES.MemberExpression && !node.computed && node.property.type === AST_NODE_TYPES.Identifier && node.property.name === "protocolVersion") found = true;
    else if (node.type === AST_NODE_TYPES.Identifier && node.parent?.type !== AST_NODE_TYPES.MemberExpression) {
      if (node.name === "protocolVersion") found = true;
      else if (depth < MAX_HOPS) {
        const init = values.constInit(node);
        if (init && init !== test && readsProtocolVersion(init, sourceCode, values, depth + 1)) found = true;
      }
    }
  });
  return found;
}

/** How many `const`s a requested version is followed through. */
const MAX_HOPS = 3;

/** The guard, between the site and the handler body, whose test reads the requested protocolVersion. */
function versionGuard(site: TSESTree.Node, body: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>, values: ValueResolver): TSESTree.Node | undefined {
  for (let node: TSESTree.Node | undefined = site; node && node !== body; node = node.parent) {
    const parent: TSESTree.Node | undefined = node.parent;
    if (!parent) return undefined;
    if ((parent.type === AST_NODE_TYPES.IfStatement || parent.type === AST_NODE_TYPES.ConditionalExpression) && parent.test !== node) {
      if (readsProtocolVersion(parent.test, sourceCode, values)) return parent.test;
    }
    if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.right === node && readsProtocolVersion(parent.left, sourceCode, values)) return parent.left;
  }
  return undefined;
}

/**
 * A site in a same-file function that an initialize handler calls, uncaught, whose branch tests the requested
 * protocolVersion (`checkVersion(params)` throwing for an unsupported one): the handler's answer too.
 */
function helperSite(site: ErrorSite, handlers: readonly Handler[], model: FileModel): VersionError | undefined {
  const fn = enclosingFunction(site.node);
  if (!fn || !model.resolver.isLinted(fn)) return undefined;
  for (const call of model.resolver.callsOf(fn)) {
    const handler = handlers.find((h) => within(call, h.body) && !isCaught(call, h.body));
    const guard = handler && versionGuard(site.node, fn.body, model.resolver.sourceCodeOf(fn), model.values);
    if (handler && guard) return { site, handler, guard };
  }
  return undefined;
}

/** The error site of another module's model that a thrown value is. */
function moduleSite(thrown: TSESTree.Node, model: FileModel): ErrorSite | undefined {
  const file = fileOf(thrown);
  const sites = file ? model.moduleModel(file)?.errorSites : undefined;
  return sites?.find((s) => contains(thrown, s.node));
}

/**
 * The sites of another module's functions that an initialize handler's calls reach uncaught (ThrowSummaries) on a
 * branch of the function that throws them testing the requested protocolVersion: reported at the handler's call.
 */
function throughSites(handlers: readonly Handler[], model: FileModel): VersionError[] {
  const found: VersionError[] = [];
  const resolver = model.resolver;
  const summaries = summariesOf(resolver);
  for (const call of model.nodes.calls) {
    const handler = handlers.find((h) => within(call, h.body) && !summaries.isCaught(call, h.body));
    const callee = handler && resolver.calleeOf(call);
    if (!handler || !callee || resolver.isLinted(callee) || (callee.async && !isAwaitedOrReturned(call))) continue;
    for (const reached of summaries.throws.throwsOf(callee)) {
      const thrown = thrownValue(reached.node);
      const fn = enclosingFunction(reached.node);
      const site = thrown && fn && moduleSite(thrown, model);
      const guard = site && versionGuard(reached.node, fn.body, resolver.sourceCodeOf(fn), model.values);
      if (site && guard) found.push({ site, handler, guard, through: { call, ...helperPlace(reached.node) } });
    }
  }
  return found;
}

/**
 * Error sites of agent initialize handlers answered on a branch that tests the requested protocolVersion, in the
 * handler, in a same-file function it calls, or in another module's function it calls.
 */
export const versionErrors = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly VersionError[] => {
  const found: VersionError[] = [];
  const handlers = model.handlers.handlers.filter((h) => h.method.wire === "initialize" && h.method.side === "agent");
  if (handlers.length === 0) return found;
  for (const site of model.errorSites) {
    if (site.inErrorClass) continue;
    const handler = handlers.find((h) => within(site.node, h.body));
    const guard = handler && versionGuard(site.node, handler.body, sourceCode, model.values);
    if (handler && guard) found.push({ site, handler, guard });
    else if (!handler) {
      const helper = helperSite(site, handlers, model);
      if (helper) found.push(helper);
    }
  }
  if (model.readsModules) found.push(...throughSites(handlers, model));
  return found;
});
