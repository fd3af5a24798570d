import type { TSESTree } from "@typescript-eslint/utils";
import { appDelegateClasses, sameFileDelegates } from "./delegation.js";
import { dispatchHandlers } from "./dispatch.js";
import { legacyHandlers } from "./legacy.js";
import { thunkHandlers } from "./thunks.js";
import { registeredHandlers } from "./registered.js";
import type { FileHandlers, Handler, HandlerContext, HandlerNodes } from "./types.js";
import { typedDelegates } from "./delegates.js";
import { memberOwner } from "../syntax/functions.js";

/** Every ACP handler of a file, in the styles users write them. */
export function findHandlers(nodes: HandlerNodes, ctx: HandlerContext): FileHandlers {
  const registered = registeredHandlers(nodes.calls, ctx);
  // A class an app's handlers delegate to is the app's, even when its members make it look like a legacy Agent.
  const legacy = legacyHandlers(nodes, ctx, appDelegateClasses(registered.handlers, ctx));
  const claimed = new Set<TSESTree.Node>([...registered.handlers, ...legacy].map((h) => h.body));
  // An object already read as a legacy Agent is not also a handler map.
  const dispatch = dispatchHandlers(nodes, ctx, claimed);
  const found = [...registered.handlers, ...legacy, ...dispatch];
  // A function is one method's handler once, in the first style that recognises it.
  const taken = new Set<TSESTree.Node>(found.flatMap((h) => (h.fn ? [h.body, h.fn] : [h.body])));
  const typed = typedDelegates(nodes.functions, ctx, taken, legacySides(legacy));
  for (const h of typed) taken.add(h.body);
  const delegated = sameFileDelegates([...found, ...typed], ctx, taken);
  const thunks = thunkHandlers([...found, ...typed, ...delegated], ctx, taken);
  const handlers = [...found, ...typed, ...delegated, ...thunks].sort((a, b) => a.methodNode.range[0] - b.methodNode.range[0]);
  return { handlers, fallbacks: registered.fallbacks };
}

/** The sides each class of legacy handlers serves (`implements Agent`, built for an AgentSideConnection). */
function legacySides(legacy: readonly Handler[]): ReadonlyMap<TSESTree.Node, ReadonlySet<string>> {
  const sides = new Map<TSESTree.Node, Set<string>>();
  for (const handler of legacy) {
    const owner = handler.fn && memberOwner(handler.fn);
    if (!owner) continue;
    let found = sides.get(owner);
    if (!found) sides.set(owner, (found = new Set()));
    found.add(handler.method.side);
  }
  return sides;
}
