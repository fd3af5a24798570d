import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { INVALID_REQUEST } from "../../protocol/codes.js";
import { contains } from "../syntax/ast.js";
import type { ErrorSite } from "../errors/error-sites.js";
import { siteCodes } from "../errors/answer-codes.js";
import type { FileModel } from "../model.js";
import { perModel } from "../syntax/per-model.js";
import { conjuncts, isInitFlag, isNotInitFlag, testsInitialize } from "./init-flags.js";

export interface GateErrors {
  /** Errors answered by `if (!initialized && method !== "initialize")` with a code other than -32600. */
  readonly beforeInitialize: readonly ErrorSite[];
  /** Errors answered to a repeated initialize (`if (this.initialized)` in its handler) with another code. */
  readonly repeatedInitialize: readonly ErrorSite[];
}

const EMPTY: GateErrors = { beforeInitialize: [], repeatedInitialize: [] };
const within = (inner: TSESTree.Node, outer: TSESTree.Node) => contains(outer, inner);

/** Error sites of a branch whose codes are all known and one of them is not -32600. */
function wrongSites(branch: TSESTree.Node, model: FileModel): ErrorSite[] {
  return model.errorSites.filter((site) => {
    if (site.inErrorClass || !within(site.node, branch)) return false;
    const codes = siteCodes(site, model.values);
    return codes !== undefined && codes.some((c) => c !== INVALID_REQUEST);
  });
}

/** Hand-rolled initialization gates, found by their guard rather than by their wording. */
export const gateErrors = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): GateErrors => {
  if ((model.handlers.handlers.length === 0 && model.handlers.fallbacks.length === 0) || !sourceCode.text.includes("initialize")) return EMPTY;
  const inits = model.handlers.handlers.filter((h) => h.method.wire === "initialize" && h.method.side === "agent");
  const before = new Set<ErrorSite>();
  const repeated = new Set<ErrorSite>();
  for (const node of model.nodes.ifs) {
    const parts = conjuncts(node.test);
    if (parts.some(isNotInitFlag) && parts.some((p) => testsInitialize(p, false, model))) {
      for (const site of wrongSites(node.consequent, model)) before.add(site);
      continue;
    }
    if (!parts.some(isInitFlag)) continue;
    // `if (initialized && method === "initialize")` in a dispatcher, or `if (this.initialized)` in the handler.
    const inHandler = inits.some((h) => within(node, h.body)) && parts.every((p) => isInitFlag(p) || testsInitialize(p, true, model));
    if (inHandler || parts.some((p) => testsInitialize(p, true, model))) for (const site of wrongSites(node.consequent, model)) repeated.add(site);
  }
  return { beforeInitialize: [...before], repeatedInitialize: [...repeated] };
});
