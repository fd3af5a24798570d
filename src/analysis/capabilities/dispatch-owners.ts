import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { Handler } from "../handlers/types.js";
import { enclosingClass } from "../syntax/ast.js";
import type { AppContext } from "./types.js";
import type { FileNodes } from "../file-nodes.js";
import { capabilitiesIn, sentClientCapabilities } from "./shapes.js";
import type { CapabilityOwner } from "./types.js";

/** The dispatcher a hand-rolled handler belongs to: its switch, its handler map, or the function of its `if` chain. */
function dispatcherOf(h: Handler): TSESTree.Node | undefined {
  const parent = h.methodNode.parent;
  if (parent?.type === AST_NODE_TYPES.SwitchCase) return parent.parent;
  if (parent?.type === AST_NODE_TYPES.Property) return parent.parent;
  return h.fn;
}

/**
 * Hand-rolled dispatchers. What answers a method they do not handle (a `default`, the code after an `if` chain,
 * another dispatcher) is not known, so they are always open: only handlers without a capability are judged. An
 * agent's capabilities are what its `initialize` handler answers; a client's, what the one `initialize` request the
 * file writes sends, when the file has one client dispatcher.
 */
export function dispatchOwners(handlers: readonly Handler[], ctx: AppContext, nodes: Readonly<FileNodes>): CapabilityOwner[] {
  const groups = new Map<TSESTree.Node, Handler[]>();
  for (const h of handlers) {
    const key = h.style === "dispatch" ? dispatcherOf(h) : undefined;
    if (key) groups.set(key, [...(groups.get(key) ?? []), h]);
  }
  const owners: CapabilityOwner[] = [];
  for (const group of groups.values()) {
    const sides = new Set(group.map((h) => h.method.side).filter((s) => s !== "protocol"));
    if (sides.size !== 1) continue;
    const side = [...sides][0] as "agent" | "client";
    const initialize = group.filter((h) => h.method.wire === "initialize");
    const capabilities =
      side === "agent" && initialize.length === 1 ? capabilitiesIn(initialize[0]!.body, ctx.fields.agent, ctx.values, ctx.sourceCode.visitorKeys) : undefined;
    const registrations = group.map((h) => ({ wire: h.method.wire, node: h.methodNode }));
    owners.push({ side, kind: "dispatch", registrations, open: true, throwingFallback: false, capabilities });
  }
  // A client's dispatchers: the capabilities the one `initialize` request of the file sends, for those of the class
  // that sends it (or all, outside a class).
  if (!owners.some((o) => o.side === "client")) return owners;
  const sent = sentClientCapabilities(nodes.calls, nodes.objects, ctx.fields.client, ctx.values);
  if (!sent) return owners;
  const sender = enclosingClass(sent.request);
  return owners.map((o) => (o.side === "client" && enclosingClass(o.registrations[0]!.node) === sender ? { ...o, capabilities: sent.capabilities } : o));
}
