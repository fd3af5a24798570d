import { legacyNameDispatched } from "../sdk/sdk-version.js";
import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { findLegacyMethod } from "../../protocol/methods.js";
import type { Handler } from "../handlers/types.js";
import { isFunction, staticKeyName, unwrap } from "../syntax/ast.js";
import type { ClassNode } from "../resolution/classes.js";
import type { AppContext } from "./types.js";
import { legacyClientCapabilities } from "./legacy-client.js";
import { alwaysThrows, capabilitiesIn } from "./shapes.js";
import type { CapabilityOwner, Registration } from "./types.js";
import { declaredVariables } from "../syntax/variables.js";
import { memberOwner } from "../syntax/functions.js";

type Container = ClassNode | TSESTree.ObjectExpression;
type Member = TSESTree.ClassElement | TSESTree.ObjectLiteralElement;

/** The class or object literal of a legacy handler. */
function containerOf(h: Handler): Container | undefined {
  return h.fn && memberOwner(h.fn);
}

/** Whether another class of the file extends this one: its subclass may add the handlers. */
function isExtended(node: ClassNode, ctx: AppContext): boolean {
  if (node.type !== AST_NODE_TYPES.ClassDeclaration) return false;
  const variable = declaredVariables(ctx.sourceCode, node)[0];
  return (variable?.references ?? []).some((ref) => {
    const parent = ref.identifier.parent;
    return (parent?.type === AST_NODE_TYPES.ClassDeclaration || parent?.type === AST_NODE_TYPES.ClassExpression) && parent.superClass === ref.identifier;
  });
}

function memberParts(member: Member): { name: string | undefined; value: TSESTree.Node | undefined; dynamic: boolean; skip: boolean } {
  if (member.type === AST_NODE_TYPES.SpreadElement) return { name: undefined, value: undefined, dynamic: true, skip: false };
  if (member.type === AST_NODE_TYPES.StaticBlock || member.type === AST_NODE_TYPES.TSIndexSignature) return { name: undefined, value: undefined, dynamic: false, skip: true };
  if ("static" in member && member.static) return { name: undefined, value: undefined, dynamic: false, skip: true };
  const name = staticKeyName(member.key, member.computed);
  const value = "value" in member && member.value ? unwrap(member.value) : undefined;
  return { name, value, dynamic: name === undefined, skip: false };
}

/** Legacy `Agent` / `Client` classes and objects: their members are the registered methods. */
export function legacyOwners(handlers: readonly Handler[], ctx: AppContext): CapabilityOwner[] {
  const containers = new Map<Container, "agent" | "client">();
  for (const h of handlers) {
    const container = h.style === "legacy" ? containerOf(h) : undefined;
    if (container && h.method.side !== "protocol") containers.set(container, h.method.side);
  }
  const owners: CapabilityOwner[] = [];
  for (const [container, side] of containers) {
    const members: readonly Member[] = container.type === AST_NODE_TYPES.ObjectExpression ? container.properties : container.body.body;
    let open = container.type !== AST_NODE_TYPES.ObjectExpression && (container.superClass !== null || isExtended(container, ctx));
    let throwingFallback = false;
    let initialize: TSESTree.Node | undefined;
    const registrations: Registration[] = [];
    for (const member of members) {
      const { name, value, dynamic, skip } = memberParts(member);
      if (skip) continue;
      if (dynamic || name === undefined) {
        open = true;
        continue;
      }
      // In SDK 0.26-1.9 an agent's extMethod receives every method without a member; a client's never receives a
      // gated one (its connection registers every fs/ and terminal/ method, answering for a missing member itself).
      if (name === "extMethod") {
        if (side === "client") continue;
        if (value && isFunction(value) && alwaysThrows(value, ctx.sourceCode.visitorKeys)) throwingFallback = true;
        else open = true;
        continue;
      }
      // A member under a name the installed SDK does not call is never run.
      const method = side === "agent" && !legacyNameDispatched(ctx.sdkVersions, name) ? undefined : findLegacyMethod(name, side);
      if (!method) continue;
      if (method.wire === "initialize" && value && isFunction(value)) initialize = value;
      registrations.push({ wire: method.wire, node: (member as TSESTree.Property).key });
    }
    if (side === "client") {
      // A legacy client without a member is answered by its connection with a made-up success (SDK 0.28-1.9), not
      // -32601: capability-consistency says so where the version is known.
      const capabilities = container.type === AST_NODE_TYPES.ObjectExpression ? undefined : legacyClientCapabilities(container, ctx);
      owners.push({ side, kind: "class", registrations, open, throwingFallback: false, capabilities });
      continue;
    }
    const capabilities = initialize ? capabilitiesIn(initialize, ctx.fields.agent, ctx.values, ctx.sourceCode.visitorKeys) : undefined;
    owners.push({ side, kind: "class", registrations, open, throwingFallback, capabilities });
  }
  return owners;
}
