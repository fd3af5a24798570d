import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { RESOURCE_NOT_FOUND } from "../../protocol/codes.js";
import { siteCodes } from "../errors/answer-codes.js";
import type { FileModel } from "../model.js";
import { unwrap } from "../syntax/ast.js";
import { sentByHelper, thrownByCall } from "./answers.js";
import { trace, type Trace, type TraceContext } from "./paths.js";
import { catchCallbacks, readPath, tryReads } from "./reads.js";
import type { MissKind, ResourceMiss, ResourceScope } from "./types.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Whether `block` answers -32002 itself (an existence check inside the `try`): the catch then gets a RequestError. */
function answersNotFound(block: TSESTree.Node, model: FileModel): boolean {
  return model.errorSites.some((site) => {
    if (site.node.range[0] < block.range[0] || site.node.range[1] > block.range[1]) return false;
    const codes = siteCodes(site, model.values);
    return codes !== undefined && codes.includes(RESOURCE_NOT_FOUND);
  });
}

/** The statements that follow `node` in the block that holds it. */
function statementsAfter(node: TSESTree.Node): readonly TSESTree.Node[] {
  const parent = node.parent;
  const list =
    parent?.type === AST_NODE_TYPES.BlockStatement || parent?.type === AST_NODE_TYPES.Program
      ? parent.body
      : parent?.type === AST_NODE_TYPES.SwitchCase
        ? parent.consequent
        : [];
  const index = (list as readonly TSESTree.Node[]).indexOf(node);
  return index < 0 ? [] : list.slice(index + 1);
}

/** The statement among `body`'s own that holds `node`. */
function bodyStatementOf(node: TSESTree.Node, body: TSESTree.BlockStatement): TSESTree.Node | undefined {
  let child: TSESTree.Node = node;
  for (let p = node.parent; p; child = p, p = p.parent) if (p === body) return child;
  return undefined;
}

/** What a `.catch()` callback of a read gives for the error: its expression body, or the path through its block. */
function traceCallback(fn: TSESTree.Node, ctx: TraceContext): Trace {
  if (fn.type !== AST_NODE_TYPES.ArrowFunctionExpression && fn.type !== AST_NODE_TYPES.FunctionExpression) return { kind: "unsure" };
  const [param] = fn.params;
  const caught = param?.type === AST_NODE_TYPES.Identifier ? param : undefined;
  if (fn.body.type === AST_NODE_TYPES.BlockStatement) return trace(fn.body.body, { ...ctx, ...(caught ? { caught } : {}), fsError: true });
  const body = unwrap(fn.body);
  if (body.type === AST_NODE_TYPES.CallExpression) {
    const ending = thrownByCall(body, ctx.answers);
    return ending ? { kind: "ends", ending, conditional: false } : { kind: "unsure" };
  }
  return { kind: "ends", ending: { answer: { kind: "success", node: fn.body }, thrown: false }, conditional: false };
}

/**
 * How a `fs/read_text_file` scope answers the read's failure for a missing file: through the `catch` around the read
 * (or what follows a catch that lets it through), and through `.catch()` callbacks chained to it. `checks` are the
 * existence checks before the `try` that already answer a missing file: a read after one fails for other reasons only.
 * `handed`: where the request is handed to a helper that may check the file; a read after one, before the `try` or
 * inside it, is not judged (what the helper answers, and what the catch makes of it, is not known).
 */
export function fileMisses(
  sourceCode: SourceCode,
  scope: ResourceScope,
  nodes: readonly TSESTree.Node[],
  checks: readonly TSESTree.Node[],
  handed: readonly TSESTree.Node[],
  ctx: TraceContext,
  model: FileModel,
): ResourceMiss[] {
  const out: ResourceMiss[] = [];
  // `clause`: the catch the missing file's own fs error reaches, where a test for ENOENT can go.
  const accept = (found: Trace, kind: MissKind, subject: TSESTree.Node | undefined, clause?: TSESTree.CatchClause) => {
    if (found.kind !== "ends") return;
    const { answer, thrown } = found.ending;
    if (scope.helper && !thrown && !sentByHelper(scope, answer)) return;
    const statement = clause && !found.conditional ? bodyStatementOf(answer.node, clause.body) : undefined;
    const caught = clause?.param?.type === AST_NODE_TYPES.Identifier ? clause.param : undefined;
    const catchAnswer = statement && caught ? { catchAnswer: { caught, statement } } : {};
    out.push({ field: "path", kind, handlers: scope.handlers, answer, thrown, subject, catchAll: !found.conditional, ...catchAnswer });
  };
  for (const { node, read } of tryReads(sourceCode, nodes, scope.fields)) {
    if (checks.some((check) => check.range[1] <= node.range[0]) || handed.some((call) => call.range[1] <= read.range[0])) continue;
    const handler = node.handler!;
    const param = handler.param?.type === AST_NODE_TYPES.Identifier ? handler.param : undefined;
    // A RequestError thrown in the try reaches the catch rather than the fs error: only an unconditional answer is sure.
    const own = answersNotFound(node.block, model);
    const traced = trace(handler.body.body, own ? ctx : { ...ctx, ...(param ? { caught: param } : {}), fsError: true });
    const subject = readPath(read, scope.fields);
    if (traced.kind === "falls") accept(trace(statementsAfter(node), ctx), "after-catch", subject);
    else accept(traced, "catch", subject, own ? undefined : handler);
  }
  for (const callback of catchCallbacks(nodes, scope.fields, sourceCode)) {
    const traced = traceCallback(callback.handler, ctx);
    // What the callback returns is the file's text only where it becomes the result's content.
    if (traced.kind === "ends" && traced.ending.answer.kind === "success" && !callback.isContent) continue;
    accept(traced, "catch", readPath(callback.read, scope.fields));
  }
  return out;
}
