// Checks the protocol tables against the installed SDK, so an SDK upgrade that adds a method, factory or code fails here.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as v1 from "@agentclientprotocol/sdk";
import * as v1Unstable from "@agentclientprotocol/sdk/unstable";
import * as v2 from "@agentclientprotocol/sdk/experimental/v2";
import * as v2Unstable from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { describe, expect, it } from "vitest";
import { ERROR_CODES, ERROR_FACTORIES, type FactoryArgs, type ProtocolVersion } from "../src/protocol/codes.js";
import {
  findLegacyMethod,
  findMethod,
  findMethodByRequestType,
  HISTORICAL_TYPES,
  METHODS,
  type MethodInfo,
  type MethodKind,
  type MethodSide,
  methodsFor,
  SESSION_SCOPED_AGENT_REQUESTS,
} from "../src/protocol/methods.js";
import { declaredEntries } from "./sdk-declarations.js";

type Constants = Readonly<Record<string, string>>;

interface SdkEntry {
  readonly AGENT_METHODS: Constants;
  readonly CLIENT_METHODS: Constants;
  readonly PROTOCOL_METHODS: Constants;
  readonly methods: object;
}

interface Entry {
  readonly path: string;
  readonly version: ProtocolVersion;
  readonly stability: MethodInfo["stability"];
  readonly sdk: SdkEntry;
  readonly schema: string;
}

const ENTRIES: readonly Entry[] = [
  { path: ".", version: 1, stability: "stable", sdk: v1, schema: "v1/schema.json" },
  { path: "/unstable", version: 1, stability: "unstable", sdk: v1Unstable, schema: "v1/schema.unstable.json" },
  { path: "/experimental/v2", version: 2, stability: "stable", sdk: v2, schema: "v2/schema.json" },
  { path: "/experimental/v2/unstable", version: 2, stability: "unstable", sdk: v2Unstable, schema: "v2/schema.unstable.json" },
];

const CONSTANTS_OF = { agent: "AGENT_METHODS", client: "CLIENT_METHODS", protocol: "PROTOCOL_METHODS" } as const;

/** What one entry point exposes: `side wire` -> its constant key and `methods` key path. */
interface Exposed {
  side: MethodSide;
  wire: string;
  constantKey?: string;
  sdkKey?: string;
}

function leaves(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  return Object.entries(value as object).flatMap(([key, child]) => leaves(child, `${path}.${key}`));
}

function exposedBy(sdk: SdkEntry): Map<string, Exposed> {
  const exposed = new Map<string, Exposed>();
  const entry = (side: MethodSide, wire: string): Exposed => {
    const id = `${side} ${wire}`;
    if (!exposed.has(id)) exposed.set(id, { side, wire });
    return exposed.get(id)!;
  };
  for (const side of ["agent", "client", "protocol"] as const) {
    for (const [key, wire] of Object.entries(sdk[CONSTANTS_OF[side]])) entry(side, wire).constantKey = key;
  }
  for (const [path, wire] of leaves(sdk.methods, "").map(([p, w]) => [p.slice(1), w] as const)) {
    entry(path.split(".")[0] as MethodSide, wire).sdkKey = path;
  }
  return exposed;
}

function tabled(side: MethodSide, wire: string): MethodInfo | undefined {
  return METHODS.find((m) => m.side === side && m.wire === wire);
}

type Schema = { $defs: Record<string, Record<string, unknown>> };

function loadSchema(file: string): Schema {
  const url = import.meta.resolve(`@agentclientprotocol/sdk/schema/${file}`);
  return JSON.parse(readFileSync(fileURLToPath(url), "utf8")) as Schema;
}

/** `side wire` -> kind and whether params require sessionId, from the schema's message unions. */
function schemaMethods(schema: Schema): Map<string, { kind: MethodKind; sessionScoped: boolean }> {
  const defs = schema.$defs;
  const out = new Map<string, { kind: MethodKind; sessionScoped: boolean }>();
  const add = (side: MethodSide, kind: MethodKind, def: Record<string, unknown>) => {
    const required = (def.required as string[] | undefined) ?? [];
    out.set(`${side} ${String(def["x-method"])}`, { kind, sessionScoped: required.includes("sessionId") });
  };
  // "ClientRequest" is what the client sends, so the agent handles it.
  const unions = [
    ["ClientRequest", "agent", "request"],
    ["AgentRequest", "client", "request"],
    ["ClientNotification", "agent", "notification"],
    ["AgentNotification", "client", "notification"],
  ] as const;
  for (const [union, side, kind] of unions) {
    for (const [, ref] of JSON.stringify(defs[union]).matchAll(/#\/\$defs\/(\w+)/g)) {
      const def = defs[ref!];
      if (def?.["x-method"] !== undefined) add(side, kind, def);
    }
  }
  for (const def of Object.values(defs)) if (def["x-side"] === "protocol") add("protocol", "notification", def);
  return out;
}

function resolveKey(root: object, path: string): unknown {
  return path.split(".").reduce<unknown>((obj, key) => (obj as Record<string, unknown> | undefined)?.[key], root);
}

for (const entry of ENTRIES) {
  describe(`SDK entry point "${entry.path}"`, () => {
    const exposed = exposedBy(entry.sdk);
    const stableExposed = exposedBy(ENTRIES.find((e) => e.version === entry.version && e.stability === "stable")!.sdk);

    it("exposes only tabled methods, with this version and the same keys", () => {
      for (const [id, ex] of exposed) {
        const info = tabled(ex.side, ex.wire);
        expect(info, id).toBeDefined();
        expect({ id, hasVersion: info?.versions.includes(entry.version), constantKey: info?.constantKey, sdkKey: info?.sdkKey }).toEqual({
          id,
          hasVersion: true,
          constantKey: ex.constantKey,
          sdkKey: ex.sdkKey,
        });
      }
    });

    it("marks as unstable exactly the methods only the unstable entry exposes", () => {
      for (const [id, ex] of exposed) {
        expect({ id, stability: tabled(ex.side, ex.wire)?.stability }).toEqual({ id, stability: stableExposed.has(id) ? "stable" : "unstable" });
      }
    });

    it("exposes every tabled method of this version and stability that names its SDK keys", () => {
      const expected = METHODS.filter(
        (m) => m.versions.includes(entry.version) && (entry.stability === "unstable" || m.stability === "stable"),
      );
      for (const m of expected) {
        const id = `${m.side} ${m.wire}`;
        if (m.sdkKey === undefined) {
          // Tabled without keys because no SDK entry has it: if one gains it, the keys belong in the table.
          expect(exposed.has(id), id).toBe(false);
          continue;
        }
        expect({ id, viaMethods: resolveKey(entry.sdk.methods, m.sdkKey) }).toEqual({ id, viaMethods: m.wire });
        expect({ id, viaConstant: entry.sdk[CONSTANTS_OF[m.side]][m.constantKey!] }).toEqual({ id, viaConstant: m.wire });
      }
    });

    it("agrees with the schema on kind and sessionId", () => {
      const fromSchema = schemaMethods(loadSchema(entry.schema));
      expect(fromSchema.size).toBeGreaterThan(5);
      for (const [id, facts] of fromSchema) {
        const [side, wire] = id.split(" ") as [MethodSide, string];
        const info = tabled(side, wire);
        expect({ id, kind: info?.kind, sessionScoped: info?.sessionScoped }).toEqual({ id, ...facts });
      }
      // And the schema defines what this entry point exposes, no more, no less.
      expect([...fromSchema.keys()].sort()).toEqual([...exposed.keys()].sort());
    });
  });
}

describe("RequestError factories", () => {
  const { RequestError } = v1;
  const factories = RequestError as unknown as Record<string, (...args: unknown[]) => InstanceType<typeof RequestError>>;
  const sdkNames = Object.getOwnPropertyNames(RequestError).filter((n) => !["length", "name", "prototype"].includes(n));
  const placeholders: Record<FactoryArgs, unknown[]> = {
    "data-message": ["x", "y"],
    method: ["m"],
    uri: ["u"],
    "session-id": ["s"],
    "protocol-versions": [2, [1]],
  };

  it("are the same in every entry point", () => {
    for (const sdk of [v1Unstable, v2, v2Unstable]) expect(sdk.RequestError).toBe(RequestError);
  });

  it("are all in ERROR_FACTORIES, in SDK order", () => {
    expect(ERROR_FACTORIES.map((f) => f.name)).toEqual(sdkNames);
  });

  it("produce the code the table gives", () => {
    for (const f of ERROR_FACTORIES) {
      expect({ name: f.name, code: factories[f.name]!(...placeholders[f.args]).code }).toEqual({ name: f.name, code: f.code });
    }
  });

  it("carry the standard message when called without data or message", () => {
    const messages = new Map(ERROR_CODES.map((c) => [c.code, c.message]));
    for (const f of ERROR_FACTORIES.filter((f) => f.args === "data-message")) {
      expect({ name: f.name, message: factories[f.name]!().message }).toEqual({ name: f.name, message: messages.get(f.code) });
    }
  });

  it("shape their data as the table's args say", () => {
    expect(RequestError.methodNotFound("m").data).toEqual({ method: "m" });
    expect(RequestError.resourceNotFound("u").data).toEqual({ uri: "u" });
    expect(RequestError.sessionNotFound("s").data).toEqual({ sessionId: "s" });
    expect(RequestError.unsupportedProtocolVersion(2, [1]).data).toEqual({ requested: 2, supported: [1] });
  });

  it("use only codes ERROR_CODES lists", () => {
    const codes = new Set(ERROR_CODES.map((c) => c.code));
    for (const f of ERROR_FACTORIES) expect(codes.has(f.code), f.name).toBe(true);
  });
});

describe("ERROR_CODES", () => {
  it("carry the standard messages of the Errors page", () => {
    expect(Object.fromEntries(ERROR_CODES.map((c) => [c.code, c.message]))).toEqual({
      [-32700]: "Parse error",
      [-32600]: "Invalid request",
      [-32601]: "Method not found",
      [-32602]: "Invalid params",
      [-32603]: "Internal error",
      [-32800]: "Request cancelled",
      [-32000]: "Authentication required",
      [-32002]: "Resource not found",
      [-32022]: "Unsupported protocol version",
    });
  });
});

describe("the METHODS table", () => {
  it("names each method once per side, and each legacy name once per side", () => {
    for (const side of ["agent", "client", "protocol"] as const) {
      const ofSide = METHODS.filter((m) => m.side === side);
      expect(new Set(ofSide.map((m) => m.wire)).size, side).toBe(ofSide.length);
      const legacy = ofSide.flatMap((m) => m.legacyNames);
      expect(new Set(legacy).size, side).toBe(legacy.length);
    }
  });

  it("gives every method a sorted, non-empty version list and matching key pairs", () => {
    for (const m of METHODS) {
      expect(m.versions.length, m.wire).toBeGreaterThan(0);
      expect([...m.versions].sort(), m.wire).toEqual(m.versions);
      expect(m.sdkKey === undefined, m.wire).toBe(m.constantKey === undefined);
      if (m.sdkKey) expect(m.sdkKey.split(".")[0], m.wire).toBe(m.side);
    }
  });

  it("gates methods on a capability the handler's side advertises in the v1 schema", () => {
    const defs = loadSchema("v1/schema.unstable.json").$defs;
    const capabilitiesOf = { agent: "AgentCapabilities", client: "ClientCapabilities" } as const;
    for (const m of METHODS.filter((m) => m.gate !== undefined)) {
      const [root, ...path] = m.gate!.split(".");
      expect(root, m.wire).toBe(`${m.side}Capabilities`);
      // Walk the path through each property's first $ref.
      let def: Record<string, unknown> | undefined = defs[capabilitiesOf[m.side as "agent" | "client"]];
      for (const key of path) {
        const prop = (def?.properties as Record<string, unknown> | undefined)?.[key];
        expect(prop, `${m.wire}: ${m.gate}`).toBeDefined();
        const ref = /#\/\$defs\/(\w+)/.exec(JSON.stringify(prop))?.[1];
        def = ref === undefined ? undefined : defs[ref];
      }
    }
  });

  it("lists every session-scoped agent request in SESSION_SCOPED_AGENT_REQUESTS, and nothing else", () => {
    const expected = METHODS.filter((m) => m.side === "agent" && m.kind === "request" && m.sessionScoped).map((m) => m.wire);
    expect([...SESSION_SCOPED_AGENT_REQUESTS].sort()).toEqual(expected.sort());
    expect(SESSION_SCOPED_AGENT_REQUESTS.has("session/prompt")).toBe(true);
    expect(SESSION_SCOPED_AGENT_REQUESTS.has("session/new")).toBe(false);
    expect(SESSION_SCOPED_AGENT_REQUESTS.has("session/cancel")).toBe(false);
  });

  it("finds methods by wire name and side", () => {
    expect(findMethod("session/prompt")?.side).toBe("agent");
    expect(findMethod("mcp/message", "agent")?.kind).toBe("notification");
    expect(findMethod("mcp/message", "client")?.kind).toBe("request");
    expect(findMethod("$/cancel_request", "client")?.side).toBe("protocol");
    expect(findMethod("session/prompt", "client")).toBeUndefined();
    expect(findMethod("_vendor/thing")).toBeUndefined();
  });

  it("finds methods by legacy name", () => {
    expect(findLegacyMethod("unstable_listSessions", "agent")?.wire).toBe("session/list");
    expect(findLegacyMethod("listSessions", "agent")?.wire).toBe("session/list");
    expect(findLegacyMethod("unstable_setSessionModel", "agent")?.wire).toBe("session/set_model");
    expect(findLegacyMethod("waitForTerminalExit", "client")?.wire).toBe("terminal/wait_for_exit");
    expect(findLegacyMethod("prompt", "client")).toBeUndefined();
  });

  it("splits methods by protocol version", () => {
    const wires = (v: ProtocolVersion) => methodsFor(v).map((m) => `${m.side} ${m.wire}`);
    expect(wires(1)).toContain("agent session/load");
    expect(wires(1)).not.toContain("agent auth/login");
    expect(wires(2)).toContain("agent auth/login");
    expect(wires(2)).not.toContain("agent session/load");
    expect(wires(2)).not.toContain("client fs/read_text_file");
  });
});

describe("the SDK type names of the METHODS table", () => {
  const entries = declaredEntries();

  it("name each type for one method, responses by their Response suffix", () => {
    const owners = new Map<string, string[]>();
    for (const m of METHODS) {
      for (const name of [...m.requestTypes, ...m.responseTypes]) owners.set(name, [...(owners.get(name) ?? []), `${m.side} ${m.wire}`]);
      expect(m.requestTypes.length, m.wire).toBeGreaterThan(0);
      expect(m.requestTypes.filter((n) => n.endsWith("Response")), m.wire).toEqual([]);
      expect(m.responseTypes.every((n) => n.endsWith("Response")), m.wire).toBe(true);
      expect(m.responseTypes.length === 0, m.wire).toBe(m.kind === "notification");
    }
    expect([...owners].filter(([, methods]) => methods.length > 1)).toEqual([]);
  });

  it.each(entries.map((e) => [e.module, e] as const))("list every method type %s declares", (_, entry) => {
    let checked = 0;
    for (const [name, { side, wire }] of entry.schemaTypes) {
      // Older schemas mark mcp/message as handled by "both" sides.
      const candidates = METHODS.filter((m) => m.wire === wire && (m.side === side || side === "both"));
      if (candidates.length === 0) continue; // a method the table does not cover (nes/*, document/*, proxy/*)
      const field = name.endsWith("Response") ? "responseTypes" : "requestTypes";
      expect({ name, wire, tabled: candidates.some((m) => m[field].includes(name)) }).toEqual({ name, wire, tabled: true });
      expect({ name, exported: entry.exports.has(name) }).toEqual({ name, exported: true });
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it("older releases' names (HISTORICAL_TYPES) are declared by no installed SDK, and name a method of the table", () => {
    const declared = new Set(entries.flatMap((e) => [...e.exports]));
    for (const [name, { wire, side, kind }] of Object.entries(HISTORICAL_TYPES)) {
      expect({ name, declared: declared.has(name) }).toEqual({ name, declared: false });
      expect({ name, method: findMethod(wire, side)?.wire }).toEqual({ name, method: wire });
      expect(kind === "response").toBe(name.endsWith("Response"));
    }
  });

  it("are declared by an installed SDK exactly when an SDK entry has the method", () => {
    const declared = new Set(entries.flatMap((e) => [...e.exports]));
    for (const m of METHODS) {
      for (const name of [...m.requestTypes, ...m.responseTypes]) {
        expect({ name, declared: declared.has(name) }).toEqual({ name, declared: m.sdkKey !== undefined });
      }
    }
  });

  it("are what the legacy Agent and Client interfaces take and return", () => {
    const signatures = entries.flatMap((e) => e.signatures.map((s) => ({ module: e.module, ...s })));
    let checked = 0;
    for (const s of signatures) {
      const m = findLegacyMethod(s.name, s.side);
      if (!m) continue;
      const id = `${s.module} ${s.side}.${s.name}`;
      expect({ id, param: s.param && m.requestTypes.includes(s.param) }).toEqual({ id, param: true });
      const responses = s.returned.filter((n) => n.endsWith("Response"));
      expect({ id, responses: responses.filter((n) => !m.responseTypes.includes(n)) }).toEqual({ id, responses: [] });
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("find a method by its params type", () => {
    expect(findMethodByRequestType("PromptRequest")?.wire).toBe("session/prompt");
    expect(findMethodByRequestType("CancelSessionNotification")?.wire).toBe("session/cancel");
    expect(findMethodByRequestType("TerminalOutputRequest")?.side).toBe("client");
    expect(findMethodByRequestType("MessageMcpNotification")?.side).toBe("agent");
    expect(findMethodByRequestType("MessageMcpRequest")?.side).toBe("client");
    expect(findMethodByRequestType("PromptResponse")).toBeUndefined();
  });
});
