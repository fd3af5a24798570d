// Checks the capability table against the JSON schema the installed SDK ships, so a schema change fails here.
import { describe, expect, it } from "vitest";
import { type CapabilityTree, capabilityPaths, capabilityPlace, capabilitySchema } from "../src/protocol/capabilities.js";
import type { ProtocolVersion } from "../src/protocol/codes.js";
import { METHODS } from "../src/protocol/methods.js";
import { type Defs, defsOf, type JsonSchema } from "./sdk-schema.js";

function deref(defs: Defs, node: JsonSchema | undefined): JsonSchema | undefined {
  let current = node;
  while (current?.$ref) current = defs[current.$ref.split("/").at(-1)!];
  return current;
}

/** The object schema a property holds, through `$ref` and `anyOf` with `null`. */
function objectOf(defs: Defs, node: JsonSchema | undefined): JsonSchema | undefined {
  const current = deref(defs, node);
  if (!current) return undefined;
  if (current.properties) return current;
  for (const alt of [...(current.anyOf ?? []), ...(current.oneOf ?? []), ...(current.allOf ?? [])]) {
    const found = objectOf(defs, alt);
    if (found) return found;
  }
  return undefined;
}

/** The keys the schema defines below a definition, `_meta` (extension metadata, no capability) left out. */
function treeOf(defs: Defs, node: JsonSchema | undefined, depth = 0): Record<string, CapabilityTree> {
  const object = objectOf(defs, node);
  const out: Record<string, CapabilityTree> = {};
  if (!object?.properties || depth > 8) return out;
  for (const [key, value] of Object.entries(object.properties)) {
    if (key !== "_meta") out[key] = treeOf(defs, value, depth + 1);
  }
  return out;
}

/** The union of the stable and the unstable schema: unstable keys are defined keys too. */
function merged(a: CapabilityTree, b: CapabilityTree): CapabilityTree {
  const out: Record<string, CapabilityTree> = {};
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) out[key] = merged(a[key] ?? {}, b[key] ?? {});
  return out;
}

function description(defs: Defs, root: string, path: string): string {
  let node: JsonSchema | undefined = defs[root];
  let text = "";
  for (const key of path.split(".")) {
    const prop: JsonSchema | undefined = objectOf(defs, node)?.properties?.[key];
    text = prop?.description ?? deref(defs, prop)?.description ?? "";
    node = prop;
  }
  return text;
}

const VERSIONS: readonly ProtocolVersion[] = [1, 2];
const schemas = (v: ProtocolVersion) => [defsOf(`schema/v${v}/schema.json`), defsOf(`schema/v${v}/schema.unstable.json`)] as const;
const FIELD_TYPES = { agent: ["InitializeResponse", "AgentCapabilities"], client: ["InitializeRequest", "ClientCapabilities"] } as const;

describe.each(VERSIONS)("capability schema, protocol version %i", (version) => {
  const table = capabilitySchema(version);
  const [stable, unstable] = schemas(version);

  for (const side of ["agent", "client"] as const) {
    const [message, type] = FIELD_TYPES[side];
    it(`${side}: the capabilities field of ${message} is ${table.field[side]}`, () => {
      expect(Object.keys(stable[message]!.properties!)).toContain(table.field[side]);
      expect(objectOf(stable, stable[message]!.properties![table.field[side]])).toBe(stable[type]);
    });
    it(`${side}: the keys defined at each place are those of ${type} (stable and unstable)`, () => {
      expect(capabilityPaths(table[side]).sort()).toEqual(capabilityPaths(merged(treeOf(stable, stable[type]), treeOf(unstable, unstable[type]))).sort());
    });
  }

  it("every gate names a method of this version and a defined capability whose description names that method", () => {
    for (const gate of table.gates) {
      const method = METHODS.find((m) => m.wire === gate.wire && m.side === gate.side);
      expect(method?.versions, gate.wire).toContain(version);
      for (const path of gate.paths) {
        expect(capabilityPlace(table[gate.side], path), path).toBeDefined();
        const root = FIELD_TYPES[gate.side][1];
        const text = description(unstable, root, path) + description(unstable, root, path.split(".").slice(0, -1).join(".") || path);
        const [family, name] = gate.wire.split("/");
        const named = text.includes(`\`${gate.wire}\``) || text.includes(`\`${family}/*\``) || text.includes(`${name ?? family} method`) || (family === "elicitation" && /elicitation/i.test(text)) || (family === "providers" && /provider configuration methods/.test(text));
        expect(named, `${path}: ${text}`).toBe(true);
      }
    }
  });
});

describe("v1 gates agree with the method table", () => {
  it("each method's v1 gate is the capability the table gates it by", () => {
    const table = capabilitySchema(1);
    for (const method of METHODS.filter((m) => m.gate && m.versions.includes(1))) {
      const gate = table.gates.find((g) => g.side === method.side && g.wire === method.wire);
      const [field, ...rest] = method.gate!.split(".");
      expect(field).toBe(table.field[method.side as "agent" | "client"]);
      expect(gate?.paths.every((p) => p === rest.join(".") || p.startsWith(`${rest.join(".")}.`)), method.wire).toBe(true);
    }
  });
});
