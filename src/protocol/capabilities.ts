/**
 * The capability schema, as data: which keys the schema defines at each place of the capabilities an agent
 * returns from `initialize` and a client sends in it, and which methods each key gates. Source: the JSON schema
 * the SDK 2.4.0 ships (`schema/v1`, `schema/v2`, stable and unstable); test/protocol-capabilities.test.ts checks
 * this table against those files.
 */
import type { ProtocolVersion } from "./codes.js";

/** The keys defined at one place; each key's value is the place below it (empty: nothing defined there). */
export interface CapabilityTree {
  readonly [key: string]: CapabilityTree;
}

/** A gated method: the handler's side and wire name, and the capability paths of which one must be advertised. */
export interface CapabilityGate {
  readonly side: "agent" | "client";
  readonly wire: string;
  /** Dot paths under the side's capability field; advertising any one of them allows the method. */
  readonly paths: readonly string[];
}

export interface CapabilitySchema {
  /** The field of the `initialize` response (agent) / request (client) that holds the capabilities. */
  readonly field: Readonly<Record<"agent" | "client", string>>;
  readonly agent: CapabilityTree;
  readonly client: CapabilityTree;
  readonly gates: readonly CapabilityGate[];
}

const LEAF: CapabilityTree = {};

const gate = (side: CapabilityGate["side"], wire: string, ...paths: string[]): CapabilityGate => ({ side, wire, paths });

/** Gates both versions share under the same path. */
const UNSTABLE_PROVIDER_GATES = ["providers/list", "providers/set", "providers/disable"].map((w) => gate("agent", w, "providers"));
const ELICITATION_GATE = gate("client", "elicitation/create", "elicitation.form", "elicitation.url");

const V1: CapabilitySchema = {
  field: { agent: "agentCapabilities", client: "clientCapabilities" },
  agent: {
    loadSession: LEAF,
    promptCapabilities: { image: LEAF, audio: LEAF, embeddedContext: LEAF },
    mcpCapabilities: { http: LEAF, sse: LEAF, acp: LEAF },
    sessionCapabilities: {
      list: LEAF,
      delete: LEAF,
      additionalDirectories: LEAF,
      systemPrompt: { mode: { override: LEAF } },
      fork: LEAF,
      archive: LEAF,
      status: LEAF,
      title: LEAF,
      resume: LEAF,
      close: LEAF,
    },
    auth: { status: LEAF, logout: LEAF },
    providers: LEAF,
  },
  client: {
    fs: { readTextFile: LEAF, writeTextFile: LEAF },
    terminal: LEAF,
    session: { compaction: LEAF, configOptions: { boolean: LEAF }, notices: LEAF },
    subagents: LEAF,
    plan: LEAF,
    auth: { terminal: LEAF },
    elicitation: { form: LEAF, url: LEAF },
  },
  gates: [
    gate("agent", "logout", "auth.logout"),
    gate("agent", "session/load", "loadSession"),
    gate("agent", "session/list", "sessionCapabilities.list"),
    gate("agent", "session/delete", "sessionCapabilities.delete"),
    gate("agent", "session/resume", "sessionCapabilities.resume"),
    gate("agent", "session/close", "sessionCapabilities.close"),
    gate("agent", "session/fork", "sessionCapabilities.fork"),
    gate("agent", "session/archive", "sessionCapabilities.archive"),
    gate("agent", "session/unarchive", "sessionCapabilities.archive"),
    gate("agent", "session/status", "sessionCapabilities.status"),
    gate("agent", "session/set_title", "sessionCapabilities.title"),
    gate("agent", "auth/status", "auth.status"),
    ...UNSTABLE_PROVIDER_GATES,
    gate("client", "fs/read_text_file", "fs.readTextFile"),
    gate("client", "fs/write_text_file", "fs.writeTextFile"),
    ...["create", "output", "release", "wait_for_exit", "kill"].map((w) => gate("client", `terminal/${w}`, "terminal")),
    ELICITATION_GATE,
  ],
};

/** v2 puts both sides' capabilities under `capabilities`, gates the baseline session methods on `session`, and drops fs and terminal. */
const V2: CapabilitySchema = {
  field: { agent: "capabilities", client: "capabilities" },
  agent: {
    session: {
      prompt: { image: LEAF, audio: LEAF, embeddedContext: LEAF },
      mcp: { stdio: LEAF, http: LEAF, acp: LEAF },
      delete: LEAF,
      additionalDirectories: LEAF,
      systemPrompt: { mode: { override: LEAF } },
      fork: LEAF,
      archive: LEAF,
      status: LEAF,
      title: LEAF,
    },
    auth: { status: LEAF },
    providers: LEAF,
  },
  client: {
    auth: { terminal: LEAF },
    elicitation: { form: LEAF, url: LEAF },
  },
  gates: [
    ...["session/new", "session/list", "session/resume", "session/close", "session/prompt"].map((w) => gate("agent", w, "session")),
    gate("agent", "session/delete", "session.delete"),
    gate("agent", "session/fork", "session.fork"),
    gate("agent", "session/archive", "session.archive"),
    gate("agent", "session/unarchive", "session.archive"),
    gate("agent", "session/status", "session.status"),
    gate("agent", "session/set_title", "session.title"),
    gate("agent", "auth/status", "auth.status"),
    ...UNSTABLE_PROVIDER_GATES,
    ELICITATION_GATE,
  ],
};

const SCHEMAS: Readonly<Record<ProtocolVersion, CapabilitySchema>> = { 1: V1, 2: V2 };

export function capabilitySchema(version: ProtocolVersion): CapabilitySchema {
  return SCHEMAS[version];
}

/** The place a dot path names (`sessionCapabilities.list`), undefined when the schema does not define it. */
export function capabilityPlace(tree: CapabilityTree, path: string): CapabilityTree | undefined {
  let place: CapabilityTree | undefined = tree;
  for (const key of path.split(".")) place = place && Object.hasOwn(place, key) ? place[key] : undefined;
  return place;
}

/** Every path a tree defines, parents before children. */
export function capabilityPaths(tree: CapabilityTree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, below]) => [`${prefix}${key}`, ...capabilityPaths(below, `${prefix}${key}.`)]);
}

/** The gate of a method on a side, in a protocol version; none for an ungated method. */
export function gateOf(version: ProtocolVersion, side: "agent" | "client", wire: string): CapabilityGate | undefined {
  return SCHEMAS[version].gates.find((g) => g.side === side && g.wire === wire);
}
