import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AWAITED_VALUE, calleeName, findProperty, type FunctionNode, isFunction, memberName, outermostThrough, unwrap } from "../syntax/ast.js";
import type { RequestFields } from "./fields.js";
import { variableDeclaredFrom } from "../syntax/variables.js";
import { resolverOf } from "../resolution/resolver.js";
import { summariesOf } from "../summaries/summaries.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Calls that read a file and fail when it is missing: `readFile`, `readFileSync`, `openTextDocument`, `stat`. */
const READS = /read|open|load|stat|access|fetch|text|content|lines|document|buffer/i;

/** Calls given a path that write it or only work on its name. */
const NOT_READS = /write|save|mkdir|unlink|rm|remove|delete|watch|log|warn|error|debug|info|emit|send|notify|set|relative|basename|dirname|extname|isAbsolute/i;

/** A call that reads the requested file: given the path, or a call built from it (`Uri.file(params.path)`). */
export function readCall(node: TSESTree.Node, fields: RequestFields): TSESTree.CallExpression | undefined {
  if (node.type !== AST_NODE_TYPES.CallExpression) return undefined;
  const name = calleeName(node.callee);
  if (name === undefined || !READS.test(name) || NOT_READS.test(name)) return undefined;
  const handsPath = (arg: TSESTree.CallExpressionArgument): boolean => {
    if (fields.handsField(arg)) return true;
    const inner = unwrap(arg);
    return inner.type === AST_NODE_TYPES.CallExpression && inner.arguments.some((a) => fields.handsField(a));
  };
  return node.arguments.some(handsPath) ? node : undefined;
}

/** The subject of a read: the argument that names the requested path. */
export function readPath(call: TSESTree.CallExpression, fields: RequestFields): TSESTree.Node | undefined {
  for (const arg of call.arguments) {
    if (arg.type === AST_NODE_TYPES.SpreadElement) continue;
    if (fields.isField(arg)) return arg;
    const inner = unwrap(arg);
    if (inner.type === AST_NODE_TYPES.CallExpression) {
      const nested = inner.arguments.find((a) => a.type !== AST_NODE_TYPES.SpreadElement && fields.isField(a));
      if (nested) return nested;
    }
  }
  return undefined;
}

/** The first read of the requested file inside `root`, not counting nested functions. */
export function firstRead(sourceCode: SourceCode, root: TSESTree.Node, fields: RequestFields): TSESTree.CallExpression | undefined {
  let found: TSESTree.CallExpression | undefined;
  const visit = (node: TSESTree.Node): void => {
    if (found) return;
    found = readCall(node, fields);
    if (found || isFunction(node)) return;
    for (const key of sourceCode.visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item && typeof (item as TSESTree.Node).type === "string") visit(item as TSESTree.Node);
      }
    }
  };
  visit(root);
  return found;
}

/** A `readFile(path).catch(fn)` chain: the read and the callback its error goes to. */
export interface CatchCallback {
  readonly read: TSESTree.CallExpression;
  readonly handler: FunctionNode;
  /** The result is the `content` of a returned object: what the callback gives is sent as the file's text. */
  readonly isContent: boolean;
}

/** A value a `.catch()` callback gives for a failed read to mean "missing": `null`, `undefined`, `false`. */
export function isAbsentValue(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Literal) return inner.value === null || inner.value === false;
  return inner.type === AST_NODE_TYPES.Identifier && inner.name === "undefined";
}

/**
 * Whether an expression is the value of a `content` property: `{ content: await readFile(p).catch(() => "") }`, or
 * held in a variable that is (`const content = await readFile(p).catch(() => ""); return { content };`). A variable
 * given "missing" (`.catch(() => null)`) is a lookup, which its checks answer for.
 */
function isContentValue(node: TSESTree.Node, handler: FunctionNode, sourceCode: SourceCode): boolean {
  if (isContentProperty(node)) return true;
  const givesAbsent = handler.body.type !== AST_NODE_TYPES.BlockStatement && isAbsentValue(handler.body);
  if (givesAbsent) return false;
  const held = variableDeclaredFrom(sourceCode, node, AWAITED_VALUE);
  if (!held || held.references.filter((r) => r.isWrite()).length !== 1) return false;
  return held.references.some((r) => r.isRead() && isContentProperty(r.identifier as TSESTree.Node));
}

function isContentProperty(node: TSESTree.Node): boolean {
  const child = outermostThrough(node, AWAITED_VALUE);
  const prop = child.parent;
  if (prop?.type !== AST_NODE_TYPES.Property || prop.value !== child || prop.parent.type !== AST_NODE_TYPES.ObjectExpression) return false;
  return findProperty(prop.parent, "content") === prop;
}

/** The `.catch()` callbacks chained to reads of the file among `nodes`. */
export function catchCallbacks(nodes: readonly TSESTree.Node[], fields: RequestFields, sourceCode: SourceCode): CatchCallback[] {
  const out: CatchCallback[] = [];
  for (const node of nodes) {
    if (node.type !== AST_NODE_TYPES.CallExpression || node.callee.type !== AST_NODE_TYPES.MemberExpression) continue;
    if (memberName(node.callee) !== "catch") continue;
    const read = readCall(unwrap(node.callee.object), fields);
    const handler = node.arguments[0] && unwrap(node.arguments[0]);
    if (read && handler && isFunction(handler)) out.push({ read, handler, isContent: isContentValue(node, handler, sourceCode) });
  }
  return out;
}

/** The `try` statements among `nodes` whose block reads the file, with the read. */
export function tryReads(sourceCode: SourceCode, nodes: readonly TSESTree.Node[], fields: RequestFields): { node: TSESTree.TryStatement; read: TSESTree.CallExpression }[] {
  const out: { node: TSESTree.TryStatement; read: TSESTree.CallExpression }[] = [];
  for (const node of nodes) {
    if (node.type !== AST_NODE_TYPES.TryStatement || !node.handler) continue;
    const read = firstRead(sourceCode, node.block, fields);
    if (read) out.push({ node, read });
  }
  return out;
}

/**
 * Every node of `root` outside nested functions (the root itself may be one), in source order; a thunk a call runs
 * and gives back the result of (Summaries.runningCall) is no nested function.
 */
export function ownNodes(sourceCode: SourceCode, root: TSESTree.Node): TSESTree.Node[] {
  const out: TSESTree.Node[] = [];
  const summaries = summariesOf(resolverOf(sourceCode));
  const visit = (node: TSESTree.Node): void => {
    out.push(node);
    // A nested function runs later, or never; one a call runs and gives back the result of runs here.
    if (node !== root && isFunction(node) && !summaries.runningCall(node)) return;
    for (const key of sourceCode.visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item && typeof (item as TSESTree.Node).type === "string") visit(item as TSESTree.Node);
      }
    }
  };
  visit(root);
  return out;
}
