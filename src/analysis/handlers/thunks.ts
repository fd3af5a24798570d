import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { contains, isFunction } from "../syntax/ast.js";
import { summariesOf } from "../summaries/summaries.js";
import type { Handler, HandlerContext } from "./types.js";

/** The one call a handler function's body makes: `=> run(() => …)`, `{ return await queue.run(async () => { … }); }`. */
function soleCall(fn: TSESTree.Node): TSESTree.CallExpression | undefined {
  if (!isFunction(fn)) return undefined;
  let expression: TSESTree.Node | null | undefined;
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) expression = fn.body;
  else if (fn.body.body.length === 1) {
    const statement = fn.body.body[0]!;
    if (statement.type === AST_NODE_TYPES.ReturnStatement) expression = statement.argument;
    else if (statement.type === AST_NODE_TYPES.ExpressionStatement) expression = statement.expression;
  }
  while (expression?.type === AST_NODE_TYPES.AwaitExpression) expression = expression.argument;
  return expression?.type === AST_NODE_TYPES.CallExpression ? expression : undefined;
}

/**
 * Handlers whose whole body runs a thunk through a function that gives back what the thunk gives
 * (`({ params }) => enqueue(() => { … })`, `queue.run(async () => this.handlePrompt(p))`), by that function's summary:
 * the thunk answers for the handler, its throws and returns going out as the handler's. Each is a handler of the same
 * method and style whose body is the thunk, inside the handler function that holds the request.
 */
export function thunkHandlers(handlers: readonly Handler[], ctx: HandlerContext, taken: Set<TSESTree.Node>): Handler[] {
  const out: Handler[] = [];
  const summaries = summariesOf(ctx.resolver);
  for (const handler of handlers) {
    const call = handler.fn && handler.body === handler.fn ? soleCall(handler.fn) : undefined;
    if (!call) continue;
    // A thunk of the handler's own (it reads the request where the handler holds it), taking no argument.
    const thunk = summaries.runArgument(call);
    if (!thunk || taken.has(thunk) || thunk.params.length > 0 || !contains(handler.fn!, thunk)) continue;
    taken.add(thunk);
    out.push({ ...handler, body: thunk });
  }
  return out;
}
