import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { ErrorSite } from "../errors/error-sites.js";
import { unwrap } from "../syntax/ast.js";

/** The message argument of a `data-message` factory call: `internalError(data, "Connection not initialized")`. */
export function factoryMessage(site: ErrorSite): TSESTree.Node | undefined {
  if (site.kind !== "factory" || site.factory?.args !== "data-message" || site.node.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const arg = site.node.arguments[1];
  return arg && arg.type !== AST_NODE_TYPES.SpreadElement ? arg : undefined;
}

/** How the site names the SDK's RequestError: `RequestError`, an alias, `acp.RequestError`. */
function requestErrorText(site: ErrorSite, sourceCode: Readonly<TSESLint.SourceCode>): string | undefined {
  if (site.kind === "construct" && site.node.type === AST_NODE_TYPES.NewExpression) return sourceCode.getText(site.node.callee);
  if (site.kind === "factory" && site.node.type === AST_NODE_TYPES.CallExpression) {
    const callee = unwrap(site.node.callee);
    return callee.type === AST_NODE_TYPES.MemberExpression ? sourceCode.getText(callee.object) : undefined;
  }
  return undefined;
}

/**
 * `RequestError.invalidRequest(data, message)` for an SDK `new RequestError(code, message, data)` or a factory
 * of another code, keeping data and message (the factory's signature is `invalidRequest(data?, additionalMessage?)`).
 */
export function invalidRequestText(site: ErrorSite, sourceCode: Readonly<TSESLint.SourceCode>): string | undefined {
  if (!site.sdk || site.inErrorClass) return undefined;
  if (site.kind === "factory" && site.factory?.args !== "data-message") return undefined;
  if (site.kind !== "construct" && site.kind !== "factory") return undefined;
  const name = requestErrorText(site, sourceCode);
  if (!name) return undefined;
  const args = site.node.type === AST_NODE_TYPES.NewExpression || site.node.type === AST_NODE_TYPES.CallExpression ? site.node.arguments : [];
  if (args.some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return undefined;
  const message = site.kind === "factory" ? factoryMessage(site) : site.message ?? undefined;
  const data = site.data;
  const parts = message ? [data ? sourceCode.getText(data) : "undefined", sourceCode.getText(message)] : data ? [sourceCode.getText(data)] : [];
  return `${name}.invalidRequest(${parts.join(", ")})`;
}
