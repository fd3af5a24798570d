import type { TSESTree } from "@typescript-eslint/utils";
import { contains } from "../syntax/ast.js";
import { soleCall } from "./delegation.js";
import { summariesOf } from "../summaries/summaries.js";
import type { Handler, HandlerContext } from "./types.js";

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
