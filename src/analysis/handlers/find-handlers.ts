import type { TSESTree } from "@typescript-eslint/utils";
import { dispatchHandlers } from "./dispatch.js";
import { legacyHandlers } from "./legacy.js";
import { registeredHandlers } from "./registered.js";
import type { FileHandlers, HandlerContext, HandlerNodes } from "./types.js";

/** Every ACP handler of a file, in the three styles users write them. */
export function findHandlers(nodes: HandlerNodes, ctx: HandlerContext): FileHandlers {
  const registered = registeredHandlers(nodes.calls, ctx);
  const legacy = legacyHandlers(nodes, ctx);
  const claimed = new Set<TSESTree.Node>([...registered.handlers, ...legacy].map((h) => h.body));
  // An object already read as a legacy Agent is not also a handler map.
  const dispatch = dispatchHandlers(nodes, ctx, claimed);
  const handlers = [...registered.handlers, ...legacy, ...dispatch].sort((a, b) => a.methodNode.range[0] - b.methodNode.range[0]);
  return { handlers, fallbacks: registered.fallbacks };
}
