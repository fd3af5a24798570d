import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { CapabilityTree } from "../../protocol/capabilities.js";
import { staticKeyName, unwrap } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";

/** What a capability key says: advertised (`true`, `{}`), not advertised (`false`, `null`, absent), or unknown. */
export type CapabilityState = "on" | "off" | "unknown";

/** A key the schema does not define at its place. */
export interface UnknownKey {
  readonly name: string;
  readonly key: TSESTree.Node;
  /** The dot path of the place it was written in, "" for the root. */
  readonly place: string;
}

/** A literal capabilities object read against the schema. */
export interface CapabilityLiteral {
  state(path: string): CapabilityState;
  /** The property that sets `path`, when written. */
  property(path: string): TSESTree.Property | undefined;
  readonly unknownKeys: readonly UnknownKey[];
}

/** The state a value gives a key: literals, and constants the resolver knows; anything computed at run time is unknown. */
function valueState(value: TSESTree.Node, values: ValueResolver): CapabilityState {
  const inner = unwrap(value);
  if (inner.type === AST_NODE_TYPES.ObjectExpression) return "on";
  if (inner.type === AST_NODE_TYPES.Identifier && inner.name === "undefined") return "off";
  const resolved = values.resolve(inner);
  if (resolved?.length !== 1) return "unknown";
  const [v] = resolved;
  if (v === true) return "on";
  return v === false || v === null || v === undefined ? "off" : "unknown";
}

/**
 * Reads `object` as the capabilities at `tree` ("none": an `initialize` message written without them, which
 * advertises nothing). A spread or computed key makes its whole object unknown (every key in it may be set by what
 * is spread); keys starting with `_` are extensions and not judged.
 */
export function readCapabilities(object: TSESTree.ObjectExpression | "none", tree: CapabilityTree, values: ValueResolver): CapabilityLiteral {
  const states = new Map<string, { state: CapabilityState; prop: TSESTree.Property }>();
  const opaque = new Set<string>();
  const unknownKeys: UnknownKey[] = [];
  const visit = (node: TSESTree.ObjectExpression, place: CapabilityTree, prefix: string) => {
    const named = node.properties.map((p) => (p.type === AST_NODE_TYPES.Property && p.kind === "init" ? staticKeyName(p.key, p.computed) : undefined));
    if (named.some((n) => n === undefined)) {
      opaque.add(prefix);
      return;
    }
    node.properties.forEach((p, i) => {
      const prop = p as TSESTree.Property;
      const name = named[i]!;
      if (name.startsWith("_")) return;
      const path = prefix ? `${prefix}.${name}` : name;
      if (!Object.hasOwn(place, name)) {
        unknownKeys.push({ name, key: prop.key, place: prefix });
        return;
      }
      const state = valueState(prop.value, values);
      states.set(path, { state, prop });
      const value = unwrap(prop.value);
      const below = place[name]!;
      if (value.type === AST_NODE_TYPES.ObjectExpression && Object.keys(below).length > 0) visit(value, below, path);
    });
  };
  if (object !== "none") visit(object, tree, "");
  return {
    unknownKeys,
    property: (path) => states.get(path)?.prop,
    state(path) {
      const keys = path.split(".");
      for (let i = 1; i <= keys.length; i++) {
        if (opaque.has(keys.slice(0, i - 1).join("."))) return "unknown";
        const entry = states.get(keys.slice(0, i).join("."));
        if (!entry || entry.state === "off") return "off";
        if (entry.state === "unknown") return "unknown";
      }
      return "on";
    },
  };
}
