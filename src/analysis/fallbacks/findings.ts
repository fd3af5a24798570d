import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { INTERNAL_ERROR, METHOD_NOT_FOUND } from "../../protocol/codes.js";
import { siteCodes } from "../errors/answer-codes.js";
import { sentAnswer } from "../errors/answers.js";
import { callsResultSender, isSender, sentValue } from "../errors/responses.js";
import { isPlainError } from "../errors/error-classes.js";
import type { ErrorSite } from "../errors/error-sites.js";
import type { FileModel } from "../model.js";
import { catchAllCodeAt } from "../lost-codes/catch-alls.js";
import { losesRightCode, thrownThroughSdk } from "../lost-codes/wire-codes.js";
import { contains, enclosingFunction, findProperty, isThrownValue, unwrap } from "../syntax/ast.js";
import { perModel } from "../syntax/per-model.js";
import { type FallbackSource, fallbackSources } from "./sources.js";
import { exits } from "./unknown-path.js";

/** An answer a fallback gives an unknown method that is not -32601. */
export interface FallbackFinding {
  readonly kind: "code" | "success";
  /** The error site, the plain error thrown, or the result returned. */
  readonly node: TSESTree.Node;
  readonly source: FallbackSource;
  /**
   * The code sent, for `code` findings; undefined for a plain Error thrown out of hand-rolled dispatch that no readable
   * catch-all answers (what goes out, if anything, is not known: not -32601).
   */
  readonly code?: number;
  readonly site?: ErrorSite;
}

const JUDGED_SITES = new Set(["construct", "factory", "object", "assign", "helper-call", "send-call"]);

const within = (node: TSESTree.Node, region: TSESTree.Node) => contains(region, node);

/**
 * The single code a site answers with, when it is known and not -32601: thrown out of a `*` handler or `extMethod`,
 * what the SDK sends for it (-32603 for anything but a RequestError).
 */
function wrongCode(site: ErrorSite, model: FileModel, source: FallbackSource): number | undefined {
  const wire = isThrownValue(site.node) && (source.kind === "star" || source.kind === "extMethod") ? thrownThroughSdk(model, { kind: "site", site, node: site.node }) : undefined;
  // `throw new AgentError(-32601, …)` there goes out as -32603: no-lost-error-code's finding, not this one's.
  if (losesRightCode(wire, METHOD_NOT_FOUND)) return undefined;
  const codes = wire?.codes ?? siteCodes(site, model.values);
  if (!codes || codes.length !== 1 || codes[0] === METHOD_NOT_FOUND) return undefined;
  return codes[0];
}

/**
 * A returned object literal that is a success result: in a `*` handler or `extMethod` any result, even one that
 * says it failed (`{ ok: false }`, `{ ok: false, error: "unsupported method" }`: the SDK sends it as a result); in a
 * dispatcher only a response envelope `{ jsonrpc, id, result }`. An object with a `code`, or whose `error` is an
 * object, is meant as an error and judged as one.
 */
function isSuccess(node: TSESTree.Node, source: FallbackSource, sites: ReadonlySet<TSESTree.Node>): boolean {
  if (node.type !== AST_NODE_TYPES.ObjectExpression || sites.has(node)) return false;
  if (node.properties.some((p) => p.type !== AST_NODE_TYPES.Property || p.computed)) return false;
  const error = findProperty(node, "error");
  if (findProperty(node, "code") || (error && !isText(error.value))) return false;
  if (source.kind === "star" || source.kind === "extMethod") return true;
  if (error) return false;
  return findProperty(node, "result") !== undefined && findProperty(node, "jsonrpc") !== undefined;
}

/** A string or template: what a result's `error` field says, not an error object. */
function isText(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  return (inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "string") || inner.type === AST_NODE_TYPES.TemplateLiteral;
}

function findingsOf(source: FallbackSource, model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): FallbackFinding[] {
  const keys = sourceCode.visitorKeys;
  const out: FallbackFinding[] = [];
  const own = (node: TSESTree.Node) => source.path.some((region) => within(node, region)) && enclosingFunction(node) === source.fn;
  const sites = model.errorSites.filter((s) => JUDGED_SITES.has(s.kind) && own(s.node));
  const siteNodes = new Set(sites.map((s) => s.node));
  for (const site of sites) {
    const code = wrongCode(site, model, source);
    if (code !== undefined) out.push({ kind: "code", node: site.node, source, code, site });
  }
  for (const exit of exits(source.path, keys)) {
    if (exit.type === AST_NODE_TYPES.ThrowStatement) {
      const thrown = unwrap(exit.argument);
      if (siteNodes.has(thrown) || !isPlainError(thrown)) continue;
      // The SDK sends a plain Error as -32603; a dispatcher, what the catch-all around it answers with, if one does, and
      // what else becomes of it is not known: a finding with no code (a plain Error carries no -32601 either way).
      const dispatched = source.kind === "default" || source.kind === "miss";
      const caught = dispatched ? catchAllCodeAt(model, sourceCode, exit) : INTERNAL_ERROR;
      if (caught !== METHOD_NOT_FOUND) out.push({ kind: "code", node: thrown, source, ...(caught === undefined ? {} : { code: caught }) });
      continue;
    }
    const value = exit.type === AST_NODE_TYPES.ReturnStatement ? exit.argument : exit;
    if (!value) continue;
    const inner = unwrap(value);
    const result = inner.type === AST_NODE_TYPES.AwaitExpression ? unwrap(inner.argument) : inner;
    if (isSuccess(result, source, siteNodes)) out.push({ kind: "success", node: result, source });
    else if (result.type === AST_NODE_TYPES.CallExpression) out.push(...sentSuccesses(result, source, siteNodes, model));
  }
  // What the path's own statements send: `this.respondError(id, "no handler")`, a call of a function of the file that
  // sends an error of its own code; `send({ jsonrpc, id, result: null })`, a success.
  for (const statement of ownStatements(source.path)) {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
    const sent = sentAnswer(statement, model.answers);
    if (sent?.kind === "site") {
      const code = siteNodes.has(sent.site.node) || own(sent.site.node) ? undefined : wrongCode(sent.site, model, source);
      if (code !== undefined) out.push({ kind: "code", node: sent.node, source, code });
      continue;
    }
    const call = unwrap(statement.expression);
    if (call.type === AST_NODE_TYPES.CallExpression) out.push(...sentSuccesses(call, source, siteNodes, model));
  }
  return out.sort((a, b) => a.node.range[0] - b.node.range[0]);
}

/**
 * `send({ jsonrpc, id, result })`, `ws.send(JSON.stringify({ … }))`: a success envelope a dispatcher's call sends;
 * `this.sendResponse(msg.id, null)` of a function of the file that sends only such envelopes, at the call.
 */
function sentSuccesses(call: TSESTree.CallExpression, source: FallbackSource, sites: ReadonlySet<TSESTree.Node>, model: FileModel): FallbackFinding[] {
  if (source.kind === "star" || source.kind === "extMethod") return [];
  const out: FallbackFinding[] = [];
  for (const arg of isSender(call) ? call.arguments : []) {
    if (arg.type === AST_NODE_TYPES.SpreadElement) continue;
    const value = sentValue(arg, model.values);
    if (isSuccess(value, source, sites)) out.push({ kind: "success", node: value, source });
  }
  if (out.length > 0) return out;
  // A function of the file each of whose sends is a success envelope (`this.sendResponse(msg.id, null)`), at the call.
  return callsResultSender(call, model.answers) ? [{ kind: "success", node: call, source }] : [];
}

/** The statements of a path, those of a block it is included. */
function ownStatements(path: readonly TSESTree.Node[]): TSESTree.Node[] {
  return path.flatMap((node): TSESTree.Node[] => (node.type === AST_NODE_TYPES.BlockStatement ? node.body : [node]));
}

/** What the file's fallbacks answer an unknown method with, where that is not -32601. */
export const fallbackFindings = perModel(
  (model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>, text: (node: TSESTree.Node) => string): readonly FallbackFinding[] =>
    // A file without handlers may still answer every request before its handler is installed (installed-misses.ts).
    fallbackSources(model, sourceCode.visitorKeys, text).flatMap((s) => findingsOf(s, model, sourceCode)),
);
