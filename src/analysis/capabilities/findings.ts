import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type CapabilitySchema, type CapabilityTree, capabilityPlace } from "../../protocol/capabilities.js";
import { staticKeyName, unwrap } from "../syntax/ast.js";
import { closeName } from "./close-names.js";
import { readCapabilities } from "./literal.js";
import type { CapabilityOwner } from "./types.js";
import type { ValueResolver } from "../resolution/values.js";

/** A handler of a gated method whose capability the owner's literal does not advertise. */
export interface UnadvertisedHandler {
  readonly kind: "unadvertised";
  readonly node: TSESTree.Node;
  readonly wire: string;
  /** The capability paths, field included: "agentCapabilities.loadSession". */
  readonly capabilities: readonly string[];
}

/** An advertised capability some of whose methods have no handler. */
export interface MissingHandler {
  readonly kind: "missing";
  readonly node: TSESTree.Property;
  readonly capability: string;
  readonly wires: readonly string[];
  readonly side: "agent" | "client";
  /** What registers the handlers: a legacy class's missing member is answered by its connection (see the rule). */
  readonly ownerKind: CapabilityOwner["kind"];
  /** The owner's `*` fallback (or `extMethod`) answers them, with its own error. */
  readonly fallback: boolean;
}

/** A key the schema does not define where it is written. */
export interface UndefinedKey {
  readonly kind: "undefinedKey";
  readonly node: TSESTree.Node;
  readonly name: string;
  readonly place: string;
  readonly suggestion: string | undefined;
  /** The key renames that make the key and the keys inside it defined ones; empty when some have no close name. */
  readonly renames: readonly KeyRename[];
  /** The other side defines the key at this place: `terminal` in `agentCapabilities`. */
  readonly otherSide: boolean;
  readonly side: "agent" | "client";
}

export interface KeyRename {
  readonly node: TSESTree.Node;
  readonly to: string;
}

/** Renames for the keys of an object value written for `place`: all of them, or none when one has no close name. */
function innerRenames(value: TSESTree.Node, place: CapabilityTree): KeyRename[] | undefined {
  const inner = unwrap(value);
  if (inner.type !== AST_NODE_TYPES.ObjectExpression) return [];
  const out: KeyRename[] = [];
  for (const prop of inner.properties) {
    if (prop.type !== AST_NODE_TYPES.Property) return undefined;
    const name = staticKeyName(prop.key, prop.computed);
    if (name === undefined) return undefined;
    if (name.startsWith("_")) continue;
    const to = Object.hasOwn(place, name) ? name : closeName(name, Object.keys(place));
    if (to === undefined) return undefined;
    if (to !== name) out.push({ node: prop.key, to });
    const below = innerRenames(prop.value, place[to] ?? {});
    if (!below) return undefined;
    out.push(...below);
  }
  return out;
}

export type CapabilityFinding = UnadvertisedHandler | MissingHandler | UndefinedKey;

/** What one owner's literal and registrations say about each other. */
export function ownerFindings(owner: CapabilityOwner, schema: CapabilitySchema, values: ValueResolver): CapabilityFinding[] {
  if (!owner.capabilities) return [];
  const tree = schema[owner.side];
  const field = schema.field[owner.side];
  const literal = readCapabilities(owner.capabilities, tree, values);
  const out: CapabilityFinding[] = [];
  // Paths an undefined key was probably meant for: their handlers are the rename's business, not reported twice.
  const meant: string[] = [];
  for (const key of literal.unknownKeys) {
    const place = key.place ? capabilityPlace(tree, key.place) ?? {} : tree;
    const suggestion = closeName(key.name, Object.keys(place));
    if (suggestion) meant.push(key.place ? `${key.place}.${suggestion}` : suggestion);
    const other = key.place ? capabilityPlace(schema[owner.side === "agent" ? "client" : "agent"], key.place) : schema[owner.side === "agent" ? "client" : "agent"];
    const property = key.key.parent as TSESTree.Property;
    const inner = suggestion ? innerRenames(property.value, place[suggestion] ?? {}) : undefined;
    out.push({
      kind: "undefinedKey",
      renames: suggestion && inner ? [{ node: key.key, to: suggestion }, ...inner] : [],
      node: key.key,
      name: key.name,
      place: key.place ? `${field}.${key.place}` : field,
      suggestion,
      otherSide: !!other && Object.hasOwn(other, key.name),
      side: owner.side,
    });
  }
  const registered = new Set(owner.registrations.map((r) => r.wire));
  const sideGates = schema.gates.filter((g) => g.side === owner.side);
  for (const registration of owner.registrations) {
    const gate = sideGates.find((g) => g.wire === registration.wire);
    if (!gate || gate.paths.some((p) => literal.state(p) !== "off")) continue;
    if (gate.paths.some((p) => meant.some((m) => p === m || p.startsWith(`${m}.`)))) continue;
    out.push({ kind: "unadvertised", node: registration.node, wire: registration.wire, capabilities: gate.paths.map((p) => `${field}.${p}`) });
  }
  if (!owner.open) {
    const paths = [...new Set(sideGates.flatMap((g) => g.paths))];
    for (const path of paths) {
      const prop = literal.property(path);
      if (!prop || literal.state(path) !== "on") continue;
      const wires = sideGates.filter((g) => g.paths.includes(path) && !registered.has(g.wire)).map((g) => g.wire);
      // A capability two methods share (session/archive, session/unarchive) is judged on each; one of several
      // elicitation modes needs the one method.
      if (wires.length > 0) out.push({ kind: "missing", node: prop, capability: `${field}.${path}`, wires, side: owner.side, ownerKind: owner.kind, fallback: owner.throwingFallback });
    }
  }
  return out;
}
