import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { Handler } from "../handlers/types.js";
import { children, innerStatements, isFunction } from "../syntax/ast.js";
import { variableOf } from "../syntax/variables.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The prompt handlers of the file: agent-side `session/prompt`, in every style. */
export const promptHandlers = (handlers: readonly Handler[]): Handler[] =>
  handlers.filter((h) => h.method.wire === "session/prompt" && h.method.side === "agent");

/** The agent's `session/cancel` handlers. */
export const cancelHandlers = (handlers: readonly Handler[]): Handler[] =>
  handlers.filter((h) => h.method.wire === "session/cancel" && h.method.side === "agent");

/**
 * The nodes of a handler's own code, in source order: its body without the functions nested in it (what they
 * return or throw is theirs), unless `nested` asks for those too.
 */
export function ownNodes(handler: Handler, sourceCode: SourceCode, nested = false): TSESTree.Node[] {
  const out: TSESTree.Node[] = [];
  const visit = (node: TSESTree.Node) => {
    out.push(node);
    for (const child of children(node, sourceCode.visitorKeys)) {
      if (!nested && isFunction(child)) continue;
      visit(child);
    }
  };
  const root = handler.body;
  if (isFunction(root)) {
    for (const param of root.params) visit(param);
    visit(root.body);
  } else visit(root);
  return out;
}

/**
 * The statements of a handler's own code, in source order, nested ones included: where its returns and its
 * sending calls are. (Expressions hold no statements outside the functions nested in them, which are theirs.)
 */
export function ownStatements(handler: Handler): TSESTree.Node[] {
  const out: TSESTree.Node[] = [];
  const visit = (node: TSESTree.Node | null | undefined) => {
    if (!node) return;
    out.push(node);
    for (const inner of innerStatements(node)) visit(inner);
  };
  const root = handler.body;
  visit(isFunction(root) ? root.body : root);
  return out;
}

/** Whether `node` is the handler's own code: inside its body and in its function, not a nested one. */
export function isOwnCode(node: TSESTree.Node, handler: Handler): boolean {
  const root = handler.body;
  if (node.range[0] < root.range[0] || node.range[1] > root.range[1]) return false;
  for (let p = node.parent; p; p = p.parent) {
    if (isFunction(p)) return p === handler.fn;
    if (p === root) return true;
  }
  return false;
}

/**
 * Whether an identifier names a parameter of the handler's function, directly or destructured from one
 * (`({ params, signal }) => ...`, `const { signal } = ctx`, `const signal = ctx.signal`).
 */
export function isHandlerParameter(sourceCode: SourceCode, id: TSESTree.Identifier, handler: Handler, depth = 0): boolean {
  const fn = handler.fn;
  if (!fn || depth > 3) return false;
  const variable = variableOf(sourceCode, id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!def) return false;
  if (def.type === "Parameter") return def.node === fn;
  if (def.type !== "Variable") return false;
  const declarator = def.node as TSESTree.VariableDeclarator;
  const init = declarator.init;
  if (!init) return false;
  // `const signal = ctx.signal`, `const { signal } = ctx`: read from a parameter.
  let source: TSESTree.Node = init;
  while (source.type === AST_NODE_TYPES.MemberExpression) source = source.object;
  return source.type === AST_NODE_TYPES.Identifier && isHandlerParameter(sourceCode, source, handler, depth + 1);
}
