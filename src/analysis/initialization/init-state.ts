import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { isFunction, type VisitorKeys, walk } from "../syntax/ast.js";

/**
 * The names the agent's initialize handlers write (`this.ready = true`, `clientCapabilities = params…`): the state
 * a request before initialize finds unset. Undefined when the file has no such handler whose function is known.
 */
export function initializeWrites(model: FileModel): ReadonlySet<string> | undefined {
  const inits = model.handlers.handlers.filter((h) => h.fn && h.method.side === "agent" && h.method.wire === "initialize");
  if (inits.length === 0) return undefined;
  return new Set(inits.flatMap(({ fn }) => [...assignedNames(fn!, model.resolver.sourceCodeOf(fn!).visitorKeys)]));
}

/** The names a function assigns: `this.ready = …`, `this.#ready = …`, `state.ready = …`, `ready = …`. */
export function assignedNames(fn: TSESTree.Node, visitorKeys: VisitorKeys): Set<string> {
  const names = new Set<string>();
  walk(fn, visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.AssignmentExpression) return;
    const target = node.left;
    if (target.type === AST_NODE_TYPES.Identifier) names.add(target.name);
    else if (target.type === AST_NODE_TYPES.MemberExpression && !target.computed && (target.property.type === AST_NODE_TYPES.Identifier || target.property.type === AST_NODE_TYPES.PrivateIdentifier)) {
      names.add(target.property.name);
    }
  });
  return names;
}

/**
 * Whether a throw that says "not initialized" speaks of the state initialize sets (`written`): the nearest `if` of
 * its function that guards it reads one of those names. A guard of other state (`if (!this.connection)` of the
 * connection the agent opens to a subprocess of its own) is about that state, whatever its wording; a throw with
 * no guard in its function is judged by its wording alone.
 */
export function guardsInitState(thrown: TSESTree.Node, written: ReadonlySet<string>, model: FileModel): boolean {
  const guard = guardingIf(thrown);
  if (!guard) return true;
  let reads = false;
  walk(guard.test, model.resolver.sourceCodeOf(guard).visitorKeys, (node) => {
    if ((node.type === AST_NODE_TYPES.Identifier || node.type === AST_NODE_TYPES.PrivateIdentifier) && written.has(node.name)) reads = true;
  });
  return reads;
}

/** The nearest `if` of the node's function whose branches hold the node. */
function guardingIf(node: TSESTree.Node): TSESTree.IfStatement | undefined {
  let child = node;
  for (let at = node.parent; at && !isFunction(at); child = at, at = at.parent) {
    if (at.type === AST_NODE_TYPES.IfStatement && at.test !== child) return at;
  }
  return undefined;
}
