import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { summariesOf } from "../../src/analysis/summaries/summaries.js";
import type { SymbolicValue } from "../../src/analysis/summaries/symbolic.js";
import { findAll, initOf, modelOf, type Probed } from "./model-of.js";

/** A value as text: the expression read (as written) then its fields, or the object built, or a call not bound. */
function show(value: SymbolicValue, probed: Probed): string {
  const text = (node: TSESTree.Node) => probed.sourceCode.getText(node);
  switch (value.kind) {
    case "node":
      return [text(value.node), ...value.path].join(" > ");
    case "param":
      // A parameter read where it is used: as written there, then the fields read after its own pattern.
      return [text(value.node), ...value.path.slice(value.named)].join(" > ");
    case "invoke":
      return [`invoke ${text(value.node)}`, ...value.path].join(" > ");
    default: {
      const fields = [...value.fields].map(([name, field]) => `${name}: ${show(field, probed)}`);
      const spreads = value.spreads.map((spread) => `...${show(spread, probed)}`);
      return `{ ${[...spreads, ...fields].join(", ")} }`;
    }
  }
}

/** What `const probe = …` (the first one in the code) is, by the summaries. */
function probeValue(code: string): string {
  const probed = modelOf(code);
  return show(summariesOf(probed.model.resolver).valueOf(initOf(probed)), probed);
}

const HANDLER = (body: string, helpers: string) => `${helpers}
declare const sessions: Map<string, { turns: number }>;
function handle(params: { sessionId: string; modeId: string }) {
  ${body}
}`;

describe("summaries: where a value comes from", () => {
  it("follows an identity helper, a validating one, an async one and a branding one to the argument", () => {
    expect(probeValue(HANDLER("const probe = idOf(params.sessionId);", "function idOf<T>(x: T): T { return x; }"))).toBe("params > sessionId");
    expect(probeValue(HANDLER("const probe = checked(params.sessionId);", 'function checked(id: string) { if (!/^s-/.test(id)) throw new Error("bad id"); return id; }'))).toBe("params > sessionId");
    expect(probeValue(HANDLER("const probe = await ready(params.sessionId);", "async function ready(id: string) { await Promise.resolve(); return id; }").replace("function handle", "async function handle"))).toBe("params > sessionId");
    expect(probeValue(HANDLER("const probe = SessionId(params.sessionId);", "const SessionId = (raw: string) => raw as string & { brand: 1 };"))).toBe("params > sessionId");
  });

  it("reads a field of params parsed into a new object, spread or destructured", () => {
    const parse = "function parse(raw: { sessionId: string; modeId: string }) { return { sessionId: raw.sessionId, mode: raw.modeId }; }";
    expect(probeValue(HANDLER("const p = parse(params); const probe = p.sessionId;", parse))).toBe("params > sessionId");
    expect(probeValue(HANDLER("const probe = parse(params).mode;", parse))).toBe("params > modeId");
    expect(probeValue(HANDLER("const probe = parse(params);", parse))).toBe("{ sessionId: params > sessionId, mode: params > modeId }");
    const spread = "function parse(raw: object) { return { ...raw, at: Date.now() }; }";
    expect(probeValue(HANDLER("const probe = parse(params).sessionId;", spread))).toBe("params > sessionId");
    const destructured = HANDLER("const { sessionId } = parse(params); const probe = sessionId;", parse);
    expect(probeValue(destructured)).toBe("params > sessionId");
    // An empty object in place of a value that is not one: each field read of it is undefined, as of nothing.
    const asRecord = 'function asRecord(v: unknown) { return v && typeof v === "object" ? (v as Record<string, unknown>) : {}; }';
    expect(probeValue(HANDLER('const p = asRecord(params); const probe = String(p.sessionId ?? "");', asRecord))).toBe("params > sessionId");
    const orDefault = 'function orDefault(v: unknown) { return v && typeof v === "object" ? (v as Record<string, unknown>) : { sessionId: "default" }; }';
    // With a default of its own in the other branch, the call gives back something else: its own expression.
    expect(probeValue(HANDLER("const probe = orDefault(params).sessionId;", orDefault))).toBe('v && typeof v === "object" ? (v as Record<string, unknown>) : { sessionId: "default" } > sessionId');
  });

  it("reads the field a helper is handed the key of, through helpers that pass the key on, a miss giving nothing aside", () => {
    const readers = `function readOwn(value: Record<string, unknown>, field: string) {
  const result = value[field];
  if (typeof result !== "string" || result === "") return undefined;
  return result;
}
function read(value: unknown, field: string) {
  if (typeof value !== "object" || value === null) return undefined;
  return readOwn(value as Record<string, unknown>, field);
}
function required(value: unknown, field: string): string {
  const result = read(value, field);
  if (!result) throw new Error(\`Missing string field \${field}\`);
  return result;
}
const SESSION_ID = "sessionId";`;
    expect(probeValue(HANDLER('const probe = required(params, "sessionId");', readers))).toBe("params > sessionId");
    expect(probeValue(HANDLER("const probe = read(params, SESSION_ID);", readers))).toBe("params > sessionId");
    expect(probeValue(HANDLER('const probe = readOwn(params, "modeId");', readers))).toBe("params > modeId");
    // A key that is no one string names no field: the call gives the helper's read with it.
    expect(probeValue(HANDLER("const probe = readOwn(params, params.modeId);", readers))).toBe("value[field]");
    // Inside the helper, before a call names the key, the read is its own expression (of no field that can be told).
    expect(probeValue(`function readOwn(value: Record<string, unknown>, field: string) {\n  const probe = value[field];\n  return probe;\n}`)).toBe("value[field]");
    // A store keyed by what the caller hands, read from a record the caller holds itself, stays a lookup in it.
    expect(probeValue(HANDLER("const probe = readOwn(sessions as never, params.sessionId);", readers))).toBe("value[field]");
  });

  it("follows a private method and a method that takes TypeScript's this parameter", () => {
    const code = `class Agent {
  #id(x: string) { return x; }
  handle(params: { sessionId: string }) { const probe = this.#id(params.sessionId); }
}`;
    expect(probeValue(code)).toBe("params > sessionId");
    expect(probeValue(HANDLER("const probe = own.call(params.sessionId);", "function own(this: unknown, id: string) { return id; }"))).toBe("own.call(params.sessionId)");
    expect(probeValue(HANDLER("const probe = withThis(params.sessionId);", "function withThis(this: void, id: string) { return id; }"))).toBe("params > sessionId");
  });

  it("takes a local by its one write, and no local or parameter written again", () => {
    expect(probeValue(HANDLER("const id = params.sessionId; const same = id; const probe = same;", ""))).toBe("params > sessionId");
    expect(probeValue(HANDLER('let id = params.sessionId; id = id.trim(); const probe = id;', ""))).toBe("id");
    // A parameter written again is the callee's own value: its expression, which only returnedExpression's `at` reads.
    expect(probeValue(HANDLER("const probe = trimmed(params.sessionId);", "function trimmed(x: string) { x = x.trim(); return x; }"))).toBe("x");
  });

  it("gives the call itself when the returns differ, when they lead back to themselves, or when nothing is known of the callee", () => {
    expect(probeValue(HANDLER("const probe = pick(params.sessionId, params.modeId);", "function pick(a: string, b: string) { if (a) return a; return b; }"))).toBe("pick(params.sessionId, params.modeId)");
    const cycle = "function f(x: string): string { return g(x); }\nfunction g(x: string): string { return f(x); }";
    expect(probeValue(HANDLER("const probe = f(params.sessionId);", cycle))).toBe("f(params.sessionId)");
    expect(probeValue(HANDLER("const probe = unknownHelper(params.sessionId);", "declare function unknownHelper(x: string): string;"))).toBe("unknownHelper(params.sessionId)");
  });

  it("knows what a thunk or a closure in an object gives once the function that runs it is called with it", () => {
    expect(probeValue(HANDLER("const probe = enqueue(() => sessions.get(params.sessionId));", "function enqueue<T>(task: () => T): T { return task(); }"))).toBe("sessions.get(params.sessionId)");
    expect(probeValue(HANDLER("const probe = runWith({ run: () => params.sessionId });", "function runWith<T>(o: { run(): T }): T { return o.run(); }"))).toBe("params > sessionId");
    // A thunk that reads its own parameter: what it gives depends on arguments the summaries do not follow.
    expect(probeValue(HANDLER("const probe = enqueue((x: string) => x);", "function enqueue(task: (x: string) => string) { return task(\"a\"); }"))).toBe('task("a")');
    // A method of a parameter that is no function handed in stays the callee's call (a manager's own lookup).
    expect(probeValue(HANDLER("const probe = lookup(sessions, params.sessionId);", "function lookup(store: Map<string, unknown>, id: string) { return store.get(id); }"))).toBe("store.get(id)");
    // A closure's call of a parameter of the function around it stays that parameter's call through the closure's
    // summary, to be bound where the outer function is called.
    const outer = "function later<T>(task: () => T): T { const run = () => task(); return run(); }";
    expect(probeValue(HANDLER("const probe = later(() => sessions.get(params.sessionId));", outer))).toBe("sessions.get(params.sessionId)");
  });
});

describe("summaries: a call that checks nothing", () => {
  /** Whether the call of `callee` in the handler checks nothing, by its callee's summary. */
  function checksNothing(helpers: string, callee: string): boolean {
    const probed = modelOf(HANDLER(`const probe = ${callee}(params);`, helpers));
    return summariesOf(probed.model.resolver).checksNothing(initOf(probed) as TSESTree.CallExpression);
  }

  it("knows a helper that only builds its value from its arguments", () => {
    expect(checksNothing("const idOf = (p: { sessionId: string }) => p.sessionId as string;", "idOf")).toBe(true);
    expect(checksNothing("function parse(raw: { sessionId: string }) { return { ...raw, ids: [raw.sessionId], key: `${raw.sessionId}` }; }", "parse")).toBe(true);
  });

  it("knows one that picks between values by their shape alone (tariqwest/commandcode-acp's asRecord)", () => {
    expect(checksNothing("function pick(p: { sessionId?: string }) { return p.sessionId ?? \"\"; }", "pick")).toBe(true);
    expect(checksNothing("function asRecord(v: unknown) { return v && typeof v === \"object\" ? (v as Record<string, unknown>) : {}; }", "asRecord")).toBe(true);
    expect(checksNothing("function orNull(p: { sessionId?: string }) { return p.sessionId !== undefined && !p.closed ? p : null; }", "orNull")).toBe(true);
  });

  it("does not know one that tests a store or another value, runs or reads optionally, nor a callee it does not resolve", () => {
    expect(checksNothing("function known(p: { sessionId: string }) { return sessions.has(p.sessionId) ? p : undefined; }", "known")).toBe(false);
    expect(checksNothing("function current(p: { sessionId: string }) { return p.sessionId === active ? p : undefined; }\ndeclare const active: string;", "current")).toBe(false);
    expect(checksNothing("function shaped(v: unknown) { return isRecord(v) ? v : {}; }\ndeclare function isRecord(v: unknown): boolean;", "shaped")).toBe(false);
    expect(checksNothing("function opt(p?: { sessionId: string }) { return p?.sessionId; }", "opt")).toBe(false);
    expect(checksNothing("function known(p: { sessionId: string }) { return sessions.get(p.sessionId); }", "known")).toBe(false);
    expect(checksNothing("function two(p: { sessionId: string }) { log(p); return p; }\ndeclare function log(x: unknown): void;", "two")).toBe(false);
    expect(checksNothing("declare function external(p: unknown): unknown;", "external")).toBe(false);
  });
});

describe("summaries: the expression a call gives back as it is", () => {
  function returned(code: string, callText: string) {
    const probed = modelOf(code);
    const call = findAll(probed, (n): n is TSESTree.CallExpression => n.type === AST_NODE_TYPES.CallExpression && probed.sourceCode.getText(n) === callText)[0]!;
    const found = summariesOf(probed.model.resolver).returnedExpression(call);
    if (!found) return undefined;
    const key = findAll(probed, (n): n is TSESTree.MemberExpression => n.type === AST_NODE_TYPES.MemberExpression && n.parent?.type === AST_NODE_TYPES.CallExpression && (n.parent as TSESTree.CallExpression).arguments[0] === n, found.node)[0];
    return { node: probed.sourceCode.getText(found.node), key: key && show(found.at(key), probed) };
  }

  it("gives a helper's lookup, with its key as the call sees it", () => {
    const code = HANDLER("const chat = resolve(params);", "function resolve(p: { sessionId: string }) { return sessions.get(p.sessionId); }");
    expect(returned(code, "resolve(params)")).toEqual({ node: "sessions.get(p.sessionId)", key: "params > sessionId" });
    const kept = HANDLER("const chat = resolve(params);", "function resolve(p: { sessionId: string }) { const found = sessions.get(p.sessionId); return found; }");
    expect(returned(kept, "resolve(params)")).toEqual({ node: "sessions.get(p.sessionId)", key: "params > sessionId" });
  });

  it("gives nothing for a result completed (??), asserted (!) or tested by the helper", () => {
    const fallback = HANDLER("const chat = resolve(params);", "function resolve(p: { sessionId: string }) { return sessions.get(p.sessionId) ?? { turns: 0 }; }");
    expect(returned(fallback, "resolve(params)")).toBeUndefined();
    const asserted = HANDLER("const chat = resolve(params);", "function resolve(p: { sessionId: string }) { return sessions.get(p.sessionId)!; }");
    expect(returned(asserted, "resolve(params)")).toBeUndefined();
    const tested = HANDLER("const chat = resolve(params);", 'function resolve(p: { sessionId: string }) { const s = sessions.get(p.sessionId); if (!s) throw new Error("gone"); return s; }');
    expect(returned(tested, "resolve(params)")).toBeUndefined();
  });

  it("gives a thunk's lookup at the call that runs it, when the runner gives the thunk's result back as it is", () => {
    const code = HANDLER("const chat = enqueue(() => sessions.get(params.sessionId));", "function enqueue<T>(task: () => T): T { return task(); }");
    expect(returned(code, "enqueue(() => sessions.get(params.sessionId))")).toEqual({ node: "sessions.get(params.sessionId)", key: "params > sessionId" });
    const guarded = HANDLER("const chat = enqueue(() => sessions.get(params.sessionId));", "function enqueue<T>(task: () => T): T | undefined { return task() || undefined; }");
    expect(returned(guarded, "enqueue(() => sessions.get(params.sessionId))")).toBeUndefined();
  });
});
