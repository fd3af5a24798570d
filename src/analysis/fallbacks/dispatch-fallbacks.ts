import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { enclosingFunction, type FunctionNode } from "../syntax/ast.js";
import { perModel } from "../syntax/per-model.js";

/** The fallback of a hand-rolled dispatcher: the `default` of a method switch or the final `else` of a method if-chain. */
export interface DispatchFallback {
  /** The switch, or the last `if` of the chain. */
  readonly dispatch: TSESTree.SwitchStatement | TSESTree.IfStatement;
  /** The `default` case or the final `else`. */
  readonly body: TSESTree.SwitchCase | TSESTree.Statement;
  /** What an unknown method runs. */
  readonly path: readonly TSESTree.Statement[];
  readonly fn: FunctionNode;
  /** What the dispatch compares the method with: the discriminant, or the named side of the chain's last test. */
  readonly subject: TSESTree.Node | undefined;
  /** The kinds of method its cases handle. */
  readonly routes: ReadonlySet<"request" | "notification">;
}

type Building = DispatchFallback & { routes: Set<"request" | "notification"> };

const isNamed = (n: TSESTree.Node) => n.type === AST_NODE_TYPES.Identifier || (n.type === AST_NODE_TYPES.MemberExpression && !n.computed);

/** The fallbacks of the dispatchers that route at least one handler of the model, with what kinds they route. */
export const dispatchFallbacks = perModel((model: FileModel): readonly DispatchFallback[] => {
  const found = new Map<TSESTree.Node, Building>();
  for (const h of model.handlers.handlers) {
    if (h.style !== "dispatch") continue;
    const fallback = fallbackAt(h.body);
    if (!fallback) continue;
    const entry = found.get(fallback.dispatch) ?? fallback;
    entry.routes.add(h.method.kind);
    found.set(fallback.dispatch, entry);
  }
  return [...found.values()];
});

/** The fallback of the switch that holds case `body`, or of the if-chain whose link has `body` as consequent. */
function fallbackAt(body: TSESTree.Node): Building | undefined {
  const holder = body.parent;
  if (!holder) return undefined;
  if (body.type === AST_NODE_TYPES.SwitchCase && holder.type === AST_NODE_TYPES.SwitchStatement) {
    const fallback = holder.cases.find((c) => c.test === null);
    const fn = enclosingFunction(holder);
    if (!fallback || !fn || fallback.consequent.length === 0) return undefined;
    return { dispatch: holder, body: fallback, path: fallback.consequent, fn, subject: isNamed(holder.discriminant) ? holder.discriminant : undefined, routes: new Set() };
  }
  if (holder.type !== AST_NODE_TYPES.IfStatement || holder.consequent !== body) return undefined;
  let last: TSESTree.IfStatement = holder;
  while (last.alternate?.type === AST_NODE_TYPES.IfStatement) last = last.alternate;
  const fn = enclosingFunction(last);
  if (!last.alternate || !fn || last.test.type !== AST_NODE_TYPES.BinaryExpression) return undefined;
  const subject = [last.test.left, last.test.right].find(isNamed);
  return { dispatch: last, body: last.alternate, path: [last.alternate], fn, subject, routes: new Set() };
}
