import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { METHOD_NOT_FOUND } from "../../protocol/codes.js";
import type { Answer } from "../errors/answers.js";
import { isPlainError } from "../errors/error-classes.js";
import type { ErrorSite } from "../errors/error-sites.js";
import { escapePattern } from "../escape-pattern.js";
import type { Handler } from "../handlers/types.js";
import type { FileModel } from "../model.js";
import { losesRightCode, wireCodes } from "../lost-codes/wire-codes.js";
import { contains, enclosingFunction, innerStatements, isThrownValue, unwrap } from "../syntax/ast.js";
import { isCaught } from "../syntax/try-catch.js";
import { messageText } from "../values/message-text.js";

/** An error of a registered handler saying that its method is not supported, with another code. */
export interface UnsupportedFinding {
  /** The error site, or the plain `new Error(...)` thrown (sent as -32603). */
  readonly node: TSESTree.Node;
  readonly site: ErrorSite | undefined;
  readonly handler: Handler;
  readonly code: number;
}

const SAYS_UNSUPPORTED = /\b(?:not\s+(?:yet\s+)?(?:supported|implemented)|unsupported|unimplemented)\b/i;
/** Words that make the message about the method, not about a parameter's value. */
const ABOUT_METHOD = /\b(?:method|not\s+(?:yet\s+)?implemented|unimplemented|this\s+(?:operation|request))\b/i;

function namesMethod(text: string, handler: Handler): boolean {
  const names = [handler.method.wire, ...handler.method.legacyNames];
  return names.some((name) => new RegExp(`(?:^|[^\\w/])${escapePattern(name)}(?:$|[^\\w/])`, "i").test(text));
}

/** `${method}` in a template: the unknown method's name spelled into the message. */
function interpolatesMethod(message: TSESTree.Node): boolean {
  return (
    message.type === AST_NODE_TYPES.TemplateLiteral &&
    message.expressions.some((e) => (e.type === AST_NODE_TYPES.Identifier && e.name === "method") || (e.type === AST_NODE_TYPES.MemberExpression && !e.computed && e.property.type === AST_NODE_TYPES.Identifier && e.property.name === "method"))
  );
}

/** The handler's body is nothing but the throw of this site. */
function isWholeBody(node: TSESTree.Node, handler: Handler): boolean {
  const fn = handler.fn;
  if (!fn || handler.body !== fn) return false;
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return false;
  const [only, ...rest] = fn.body.body;
  return rest.length === 0 && only?.type === AST_NODE_TYPES.ThrowStatement && unwrap(only.argument) === node;
}

/**
 * Whether the handler's own code returns before `node`: it serves some requests (`if (methodId === "gateway")
 * { ...; return; }`), so an error after that is about the value it was given, not a method it lacks.
 */
function servesBefore(node: TSESTree.Node, handler: Handler): boolean {
  const fn = handler.fn;
  // A dispatcher's branch shares its function with the other branches, whose returns say nothing of this one.
  if (!fn || handler.body !== fn || fn.body.type !== AST_NODE_TYPES.BlockStatement) return false;
  let found = false;
  const visit = (n: TSESTree.Node | null | undefined): void => {
    if (!n || found || n.range[0] >= node.range[0]) return;
    if (n.type === AST_NODE_TYPES.ReturnStatement) {
      found = true;
      return;
    }
    for (const inner of innerStatements(n)) visit(inner);
  };
  for (const statement of fn.body.body) visit(statement);
  return found;
}

const within = (node: TSESTree.Node, region: TSESTree.Node) => contains(region, node);


/** An error site with a message, or a plain error thrown (`site` undefined). */
interface Candidate {
  readonly node: TSESTree.Node;
  readonly site: ErrorSite | undefined;
  readonly message: TSESTree.Node;
}

/** The candidate as an answer, and whether it is thrown (what the SDK or a catch-all then sends decides its code). */
function answerOf(c: Candidate): { answer: Answer; thrown: boolean } {
  const answer: Answer = c.site ? { kind: "site", site: c.site, node: c.node } : { kind: "internal", node: c.node };
  return { answer, thrown: isThrownValue(c.node) };
}

/**
 * `throw new Error("...")` in the handlers' own code (nested functions included): the SDKs send it as -32603, a
 * hand-rolled dispatcher as its catch-all answers.
 */
function plainThrows(handlers: readonly Handler[], throws: readonly TSESTree.ThrowStatement[]): Candidate[] {
  const out: Candidate[] = [];
  const fns = new Set<TSESTree.Node>(handlers.flatMap((h) => (!h.fn ? [] : [h.fn])));
  if (fns.size === 0) return out;
  for (const node of throws) {
    const thrown = unwrap(node.argument);
    if (!isPlainError(thrown) || !thrown.arguments[0]) continue;
    for (let p: TSESTree.Node | undefined = node.parent; p; p = p.parent) {
      if (!fns.has(p)) continue;
      out.push({ node: thrown, site: undefined, message: thrown.arguments[0] });
      break;
    }
  }
  return out;
}

/**
 * The handler whose own code holds a node: by its enclosing function for handlers that are functions (one map
 * lookup, where trying every handler made the search grow with handlers times sites), by range for the others.
 */
function handlerFinder(handlers: readonly Handler[]): (node: TSESTree.Node) => Handler | undefined {
  const byFn = new Map<TSESTree.Node, Handler[]>();
  const bodiesOnly: Handler[] = [];
  for (const h of handlers) {
    if (h.fn) byFn.set(h.fn, [...(byFn.get(h.fn) ?? []), h]);
    else bodiesOnly.push(h);
  }
  return (node) => {
    const fn = enclosingFunction(node);
    const own = fn && byFn.get(fn)?.find((h) => within(node, h.body));
    return own ?? bodiesOnly.find((h) => within(node, h.body));
  };
}

/** Registered handlers whose error says the method is not supported or implemented, with a code other than -32601. */
export function unsupportedFindings(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): UnsupportedFinding[] {
  const out: UnsupportedFinding[] = [];
  const handlers = model.handlers.handlers.filter((h) => h.method.kind === "request");
  if (handlers.length === 0) return out;
  const candidates: Candidate[] = [];
  for (const site of model.errorSites) if (site.message) candidates.push({ node: site.node, site, message: site.message });
  candidates.push(...plainThrows(handlers, model.nodes.throws));
  const handlerOf = handlerFinder(handlers);
  const seen = new Set<TSESTree.Node>();
  for (const c of candidates) {
    if (seen.has(c.node)) continue;
    seen.add(c.node);
    // Cheapest test first: most error sites of a file lie outside its request handlers.
    const handler = handlerOf(c.node);
    if (!handler) continue;
    const text = messageText(c.message, model.values);
    if (text === undefined || !SAYS_UNSUPPORTED.test(text)) continue;
    if (handler.fn && isCaught(c.node, handler.fn)) continue;
    const aboutMethod = ABOUT_METHOD.test(text) || namesMethod(text, handler) || interpolatesMethod(c.message) || isWholeBody(c.node, handler);
    if (!aboutMethod || servesBefore(c.node, handler)) continue;
    // The codes are resolved only for the few candidates that get this far: those that go on the wire.
    const { answer, thrown } = answerOf(c);
    const wire = wireCodes(model, sourceCode, [handler], answer, thrown);
    const codes = wire?.codes;
    if (!codes || codes.length !== 1 || codes[0] === METHOD_NOT_FOUND) continue;
    // `throw new AgentError(-32601, …)` out of an SDK handler goes out as -32603: no-lost-error-code's finding.
    if (losesRightCode(wire, METHOD_NOT_FOUND)) continue;
    out.push({ node: c.node, site: c.site, handler, code: codes[0]! });
  }
  return out;
}
