// The resolution layer on its own (src/analysis/resolution): which function a call runs, which class an instance
// is of, what an import, a require() or a re-export stands for, in this file and in modules it imports; and that
// every question stays bounded whatever the code.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { declaredName } from "../../src/analysis/syntax/functions.js";
import { fileOf } from "../../src/analysis/resolution/source-files.js";
import { calleeTarget } from "../../src/analysis/resolution/callees.js";
import { findAll, modelOf, type Probed, typedFilename } from "./model-of.js";

const fixtures = fileURLToPath(new URL("../fixtures/resolution", import.meta.url));

/** The call whose callee's text is `callee` (the `nth` one). */
function callOf(probed: Probed, callee: string, nth = 0): TSESTree.CallExpression {
  const calls = findAll(probed, (n): n is TSESTree.CallExpression => n.type === AST_NODE_TYPES.CallExpression && probed.sourceCode.getText(n.callee) === callee);
  if (!calls[nth]) throw new Error(`no call of ${callee}`);
  return calls[nth];
}

/** The name the function a call runs is declared under, and the file it is in ("here" for the linted file). */
function calleeOf(probed: Probed, callee: string, nth = 0): string | undefined {
  const fn = probed.model.resolver.calleeOf(callOf(probed, callee, nth));
  if (!fn) return undefined;
  const file = fileOf(fn);
  const where = !file || file.linted ? "here" : file.path!.slice(fixtures.length + 1);
  // An imported module's nodes have no line and column (module-files.ts): the line comes from the range.
  const line = (file?.sourceCode ?? probed.sourceCode).getLocFromIndex(fn.range[0]).line;
  return `${declaredName(fn)?.name ?? "(anonymous)"} @ ${where}:${line}`;
}

describe("callees", () => {
  it("resolves a function exported from a TypeScript namespace, of another module and of this file", () => {
    const probed = modelOf(
      `import { ACP, Ambient } from "./namespace-protocol";
namespace Local {
  export function here() {}
  function hidden() {}
}
ACP.error(1, -32603, "x");
ACP.response(1, {});
Ambient.gone();
Local.here();
Local.hidden();
`,
      { filename: `${fixtures}/probe.ts` },
    );
    expect(calleeOf(probed, "ACP.error")).toBe("error @ namespace-protocol.ts:3");
    expect(calleeOf(probed, "ACP.response")).toBe("response @ namespace-protocol.ts:6");
    expect(calleeOf(probed, "Ambient.gone")).toBeUndefined();
    expect(calleeOf(probed, "Local.here")).toBe("here @ here:3");
    expect(calleeOf(probed, "Local.hidden")).toBeUndefined();
  });

  it("resolves functions, const arrows, methods of this, and inherited methods", () => {
    const probed = modelOf(`
function plain() {}
const arrow = () => 1;
class Base { inherited() {} }
class Agent extends Base {
  own() {}
  field = () => 2;
  run() { plain(); arrow(); this.own(); this.field(); this.inherited(); this.own.bind(this)(); (0, plain)(); }
}
`);
    expect(calleeOf(probed, "plain")).toBe("plain @ here:2");
    expect(calleeOf(probed, "arrow")).toBe("arrow @ here:3");
    expect(calleeOf(probed, "this.own")).toBe("own @ here:6");
    expect(calleeOf(probed, "this.field")).toBe("field @ here:7");
    expect(calleeOf(probed, "this.inherited")).toBe("inherited @ here:4");
    expect(calleeOf(probed, "this.own.bind(this)")).toBe("own @ here:6");
    expect(calleeOf(probed, "0, plain")).toBe("plain @ here:2");
  });

  it("resolves this.f.m() where f holds new C(): a field initialiser, a constructor assignment, a parameter property", () => {
    const probed = modelOf(`
class Registry { get(id: string) { return id; } }
class Other { peek(id: string) { return id; } }
class Agent {
  private readonly a = new Registry();
  private b: Other;
  constructor(private readonly c: Registry) { this.b = new Other(); }
  run() { this.a.get("x"); this.b.peek("y"); this.c.get("z"); }
}
`);
    expect(calleeOf(probed, "this.a.get")).toBe("get @ here:2");
    expect(calleeOf(probed, "this.b.peek")).toBe("peek @ here:3");
    expect(calleeOf(probed, "this.c.get")).toBe("get @ here:2");
  });

  it("takes a field's value from its one plain assignment: not from a compound one, nor when it is assigned twice", () => {
    const probed = modelOf(`
class Agent {
  a = { one() {} };
  b;
  c;
  d;
  constructor() { this.a = { two() {} }; this.b ??= { three() {} }; this.c = { four() {} }; this.c = { five() {} }; this.d = { six() {} }; }
  run() { this.a.one(); this.b.three(); this.c.four(); this.d.six(); }
}
`);
    expect(calleeOf(probed, "this.a.one")).toBeUndefined();
    expect(calleeOf(probed, "this.b.three")).toBeUndefined();
    expect(calleeOf(probed, "this.c.four")).toBeUndefined();
    expect(calleeOf(probed, "this.d.six")).toBe("six @ here:7");
  });

  it("leaves out a field's writes of null or undefined (a connection reset on close) when it tells what the field holds", () => {
    const probed = modelOf(`
class Connection { initialize() {} }
class Bridge {
  connection = null;
  start() { this.connection = new Connection(); this.connection.initialize(); }
  stop() { this.connection = null; }
}
`);
    const receiver = (callOf(probed, "this.connection.initialize").callee as TSESTree.MemberExpression).object;
    expect(probed.sourceCode.getText(probed.model.resolver.targetNode(receiver))).toBe("new Connection()");
  });

  it("resolves a member of the object a factory returns, and a handler map's value that names a function", () => {
    const probed = modelOf(`
export function createHandlers(store: Map<string, number>) {
  const open = (id: string) => store.get(id);
  return { open, close(id: string) { store.delete(id); } };
}
const handlers = createHandlers(new Map());
const table = { "session/new": handlers.open };
handlers.open("a");
handlers.close("b");
table["session/new"]("c");
`);
    expect(calleeOf(probed, "handlers.open")).toBe("open @ here:3");
    expect(calleeOf(probed, "handlers.close")).toBe("close @ here:4");
    expect(calleeOf(probed, 'table["session/new"]')).toBe("open @ here:3");
  });

  it("takes a value a caller may inject as the default the code builds (options.x ?? make(), opts?.y || new C()), not a default after any other value", () => {
    const probed = modelOf(`
class Store { get(id: string) { return id; } }
function createTerminals() { return { release(id: string) { return id; } }; }
function load(): Store | undefined { return undefined; }
export function createApp(options: { terminals?: ReturnType<typeof createTerminals>; store?: Store } = {}, cache?: Store) {
  const terminals = options.terminals ?? createTerminals();
  const store = options?.store || new Store();
  const kept = cache ?? new Store();
  const loaded = load() ?? new Store();
  const both = options.store && new Store();
  terminals.release("t");
  store.get("s");
  kept.get("k");
  loaded.get("l");
  both.get("b");
}
`);
    expect(calleeOf(probed, "terminals.release")).toBe("release @ here:3");
    expect(calleeOf(probed, "store.get")).toBe("get @ here:2");
    expect(calleeOf(probed, "kept.get")).toBe("get @ here:2");
    expect(calleeOf(probed, "loaded.get")).toBeUndefined();
    expect(calleeOf(probed, "both.get")).toBeUndefined();
  });

  it("resolves var X = class {…} and an instance a factory builds, as bundlers and compilers write them", () => {
    const probed = modelOf(`
var Agent = class { prompt() {} };
function make() { return new Agent(); }
const agent = make();
agent.prompt();
`);
    expect(calleeOf(probed, "agent.prompt")).toBe("prompt @ here:2");
  });

  it("follows imports into other modules: a class's method through a field, a function, a re-export", () => {
    const agent = `${fixtures}/agent.ts`;
    const probed = modelOf(readFileSync(agent, "utf8"), { filename: agent });
    expect(calleeOf(probed, "this.reviews.resume")).toBe("resume @ sessions.ts:29");
    expect(calleeOf(probed, "this.reviews.get")).toBe("get @ sessions.ts:23");
    const router = `${fixtures}/router.ts`;
    const routed = modelOf(readFileSync(router, "utf8"), { filename: router });
    expect(calleeOf(routed, "sendError")).toBe("sendError @ wire.ts:4");
  });

  it("follows tsconfig aliases to an exported instance, a lazy singleton a getter makes, and a class", () => {
    const client = `${fixtures}/aliased/src/client.ts`;
    const probed = modelOf(readFileSync(client, "utf8"), { filename: client });
    expect(calleeOf(probed, "getTerminalManager().getOutput")).toBe("getOutput @ terminals.ts:22");
    expect(calleeOf(probed, "terminals.kill")).toBe("kill @ terminals.ts:12");
    expect(calleeOf(probed, "this.manager.kill")).toBe("kill @ terminals.ts:12");
  });

  it("takes the class of a variable from every write when each gives an instance of the same class", () => {
    const probed = modelOf(`
class Manager { kill() {} }
class Other { kill() {} }
let lazy;
function manager() { lazy ??= new Manager(); return lazy; }
manager().kill();
let mixed = new Manager();
mixed = new Other();
mixed.kill();
let added = new Manager();
added += new Manager();
added.kill();
`);
    expect(calleeOf(probed, "manager().kill")).toBe("kill @ here:2");
    expect(calleeOf(probed, "mixed.kill")).toBeUndefined();
    expect(calleeOf(probed, "added.kill")).toBeUndefined();
  });

  it("with type information, takes the declaration the checker names where the syntax cannot tell", () => {
    const probed = modelOf(
      `class Registry { get(id: string) { return id; } }
export function use(r: Registry | undefined) { return r!.get("x"); }
`,
      { typed: true },
    );
    expect(calleeOf(probed, "r!.get")).toBe("get @ here:1");
    expect(typedFilename).toContain("fixtures/typed");
  });

  it("with type information, does not ask the checker about callees declared in libraries (the SDK, Node, a new Map)", () => {
    const probed = modelOf(
      `import { RequestError } from "@agentclientprotocol/sdk";
import { readFile } from "node:fs/promises";
import { z } from "zod";
class Registry { get(id: string) { return id; } }
const sessions = new Map<string, number>();
function first<T>(items: T[]): T { return items[0]!; }
export function use() {
  RequestError.invalidParams();
  void readFile("x");
  sessions.get("x");
  z.string();
  return first([new Registry()]).get("x");
}
`,
      { typed: true },
    );
    const checker = probed.sourceCode.parserServices!.program!.getTypeChecker();
    const asked = (callee: string): number => {
      const original = checker.getSymbolAtLocation;
      let count = 0;
      checker.getSymbolAtLocation = (node) => (count++, original.call(checker, node));
      try {
        calleeTarget(probed.model.resolver, callOf(probed, callee));
      } finally {
        checker.getSymbolAtLocation = original;
      }
      return count;
    };
    expect([asked("RequestError.invalidParams"), asked("readFile"), asked("sessions.get")]).toEqual([0, 0, 0]);
    // Another package's export may lead to project code through its generics; a project class's method is found.
    expect(asked("z.string")).toBeGreaterThan(0);
    expect(asked("first([new Registry()]).get")).toBeGreaterThan(0);
    expect(calleeOf(probed, "first([new Registry()]).get")).toBe("get @ here:4");
  });
});

describe("modules", () => {
  it("reads CommonJS exports (module.exports = {…}, module.exports.x, exports.x) through require()", () => {
    const file = `${fixtures}/cjs/agent.cjs`;
    const probed = modelOf(readFileSync(file, "utf8"), { filename: file });
    const codes = probed.model.errorSites.map((site) => probed.model.values.resolve(site.code!));
    expect(codes).toEqual([[-32042], [-32043], [4290]]);
  });

  it("takes the SDK through require() whole or destructured, import(), an interop wrapper, and a re-exporting module", () => {
    const probed = modelOf(`
const { RequestError: RE } = require("@agentclientprotocol/sdk");
const acp = require("@agentclientprotocol/sdk");
var import_sdk = __toESM(require("@agentclientprotocol/sdk"));
declare function __toESM<T>(m: T): T;
export async function f() {
  const dynamic = await import("@agentclientprotocol/sdk");
  return [new RE(1, "a"), new acp.RequestError(2, "b"), new import_sdk.RequestError(3, "c"), new dynamic.RequestError(4, "d"), (0, import_sdk.agent)({ name: "x" })];
}
`);
    const news = findAll(probed, (n): n is TSESTree.NewExpression => n.type === AST_NODE_TYPES.NewExpression);
    expect(news.map((n) => probed.model.sdk.exportName(n.callee))).toEqual(["RequestError", "RequestError", "RequestError", "RequestError"]);
    expect(probed.model.sdk.exportName(callOf(probed, "0, import_sdk.agent").callee)).toBe("agent");
    expect([...probed.model.sdk.named]).toEqual([["RE", "RequestError"]]);
    expect([...probed.model.sdk.namespaces].sort()).toEqual(["acp", "dynamic", "import_sdk"]);
    expect(probed.model.sdk.requestErrorName()).toBe("RE");

    const planner = `${fixtures}/reexport/planner.ts`;
    const reexported = modelOf(readFileSync(planner, "utf8"), { filename: planner });
    expect([...reexported.model.sdk.namespaces]).toEqual(["acp"]);
    expect(reexported.model.sdk.exportName(callOf(reexported, "acp\n  .agent").callee)).toBe("agent");
    expect(reexported.model.handlers.handlers.map((h) => h.method.wire)).toEqual(["initialize", "session/prompt"]);
  });

  it("reads a module's default export and named constants, and leaves a module outside the project unread", () => {
    const probed = modelOf(`import LIMIT, { ErrorCode } from "./protocol";\nexport const a = LIMIT;\nexport const b = ErrorCode.QuotaExceeded;\nimport { X } from "../../../../../outside";\nexport const c = X;\n`, { filename: `${fixtures}/probe.ts` });
    const inits = findAll(probed, (n): n is TSESTree.VariableDeclarator => n.type === AST_NODE_TYPES.VariableDeclarator).map((d) => probed.model.values.resolve(d.init!));
    expect(inits).toEqual([[-32012], [7002], undefined]);
  });
});

describe("bounds", () => {
  it("answers a chain of 2,500 const aliases without overflowing the stack, and a cycle of names as unknown", () => {
    const chain = ["const a0 = -32001;", ...Array.from({ length: 2499 }, (_, i) => `const a${i + 1} = a${i};`), "export const probe = a2499;"].join("\n");
    const probed = modelOf(chain);
    const last = findAll(probed, (n): n is TSESTree.VariableDeclarator => n.type === AST_NODE_TYPES.VariableDeclarator).at(-1)!;
    // Beyond the depth limit the value is unknown, not a crash; a short chain resolves.
    expect(probed.model.values.resolve(last.init!)).toBeUndefined();
    expect(probed.model.values.resolve(findAll(probed, (n): n is TSESTree.VariableDeclarator => n.type === AST_NODE_TYPES.VariableDeclarator)[10]!.init!)).toEqual([-32001]);
    const cycle = modelOf(`export function f() { const a: number = b; const b: number = a; return a; }`);
    const first = findAll(cycle, (n): n is TSESTree.VariableDeclarator => n.type === AST_NODE_TYPES.VariableDeclarator)[0]!;
    expect(cycle.model.values.resolve(first.init!)).toBeUndefined();
    expect(cycle.model.resolver.target(first.init!)).toBeUndefined();
  });

  it("answers a factory that returns its own result, or another's in a ring, without blowing up", () => {
    const probed = modelOf(`
function a(n: number): unknown { return n > 0 ? b(n - 1) : a(n); }
function b(n: number): unknown { return c(n); }
function c(n: number): unknown { return a(n); }
export const x = a(3);
`);
    const init = findAll(probed, (n): n is TSESTree.VariableDeclarator => n.type === AST_NODE_TYPES.VariableDeclarator)[0]!.init!;
    expect(probed.model.resolver.instanceClassOf(init)).toBeUndefined();
    expect(probed.model.resolver.objectOf(init)).toBeUndefined();
  });
});
