// What the plugin keeps of imported modules between linted files (their parses, and the models of a session manager
// or helper module that several handlers' files import) is renewed by modification time: an edit to an imported
// module, or to a module that one imports, is seen by the next lint, as an editor re-linting after a save needs.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import plugin from "../../src/index.js";
import { hasParsed, hasScopes, resolveModulePath } from "../../src/analysis/modules/module-files.js";
import { clearTextFacts, type ClosureQuestion, closureOf, type TextQuestion, textFact, textHolds, textReaches } from "../../src/analysis/modules/module-texts.js";
import { resetSingleRun } from "../../src/analysis/single-run.js";
import { findAll, modelOf } from "./model-of.js";

const root = process.cwd();
// Inside the repository (modules outside the lint's folder are never read), ignored by git.
const dir = mkdtempSync(join(root, ".module-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let clock = Date.now() / 1000;
/** Writes a module with a modification time later than any before it (file systems keep coarse times). */
function write(name: string, text: string): void {
  const path = join(dir, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path, text);
  clock += 10;
  utimesSync(path, clock, clock);
}

const codes = (expired: number) => `export const Codes = { Expired: ${expired} } as const;\n`;
const manager = (answer: string) => `import { RequestError } from "@agentclientprotocol/sdk";
import { Codes } from "./codes.js";

export class Sessions {
  private readonly byId = new Map<string, { cwd: string }>();

  get(id: string): { cwd: string } {
    const session = this.byId.get(id);
    if (!session) throw ${answer};
    return session;
  }
}
`;
const agent = `import * as acp from "@agentclientprotocol/sdk";
import { Sessions } from "./manager.js";

export class PlannerAgent implements acp.Agent {
  private readonly sessions = new Sessions();

  constructor(private readonly conn: acp.AgentSideConnection) {}

  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} };
  }

  async authenticate(): Promise<void> {}

  async newSession(): Promise<acp.NewSessionResponse> {
    return { sessionId: "s" };
  }

  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    const session = this.sessions.get(params.sessionId);
    return { stopReason: session.cwd ? "end_turn" : "refusal" };
  }

  async cancel(): Promise<void> {}
}
`;

const linter = new Linter({ configType: "flat", cwd: root });
const config: Linter.Config[] = [
  { files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser }, plugins: { acp: plugin }, rules: { "acp/require-session-check": "error" } },
];
/** The session check's reports on an agent file: message id, data's code, line. */
const reportsOf = (name: string) =>
  linter.verify(agent, config, { filename: join(dir, name) }).map((m) => {
    expect(m.fatal).toBeUndefined();
    return [m.messageId, m.line];
  });
const CALL_LINE = 20;

describe("imported modules kept between lints", () => {
  it("sees an edit to a module that an imported manager imports, and to the manager itself", () => {
    write("codes.ts", codes(-32042));
    write("manager.ts", manager('new RequestError(Codes.Expired, "session gone", { sessionId: id })'));
    // -32042 is no code for an unknown session: reported at the handler's call, in both files that reach it.
    expect(reportsOf("agent-a.ts")).toEqual([["wrongCode", CALL_LINE]]);
    expect(reportsOf("agent-b.ts")).toEqual([["wrongCode", CALL_LINE]]);
    // The manager is unchanged, but the code it imports now is Resource not found: nothing to report.
    write("codes.ts", codes(-32002));
    expect(reportsOf("agent-a.ts")).toEqual([]);
    expect(reportsOf("agent-b.ts")).toEqual([]);
    // The manager now throws a plain Error, sent as -32603.
    write("manager.ts", manager("new Error(`no session ${id}`)"));
    expect(reportsOf("agent-b.ts")).toEqual([["internalError", CALL_LINE]]);
    // The module disappears: nothing is known of the call any more.
    rmSync(join(dir, "manager.ts"));
    expect(reportsOf("agent-a.ts")).toEqual([]);
  });
});

describe("a resolver kept for a later lint", () => {
  it("renews while every module it read is unchanged, and refuses once one changed, was added or went away", () => {
    write("limits.ts", "export const LIMIT = -32042;\n");
    const probed = modelOf('import { LIMIT } from "./limits.js";\nimport { NAME } from "./names.js";\nexport const a = LIMIT;\nexport const b = NAME;\n', { filename: join(dir, "probe.ts") });
    const inits = findAll(probed, (n): n is TSESTree.VariableDeclarator => n.type === AST_NODE_TYPES.VariableDeclarator).map((d) => d.init!);
    const resolver = probed.model.resolver;
    expect(resolver.values.resolve(inits[0]!)).toEqual([-32042]);
    expect(resolver.values.resolve(inits[1]!)).toBeUndefined();
    expect(resolver.renew()).toBe(true);
    // A module it read is edited.
    write("limits.ts", "export const LIMIT = -32002;\n");
    expect(resolver.renew()).toBe(false);
    // A module it looked for and did not find appears.
    const again = modelOf('import { NAME } from "./names.js";\nexport const b = NAME;\n', { filename: join(dir, "probe.ts") });
    const [name] = findAll(again, (n): n is TSESTree.VariableDeclarator => n.type === AST_NODE_TYPES.VariableDeclarator);
    expect(again.model.resolver.values.resolve(name!.init!)).toBeUndefined();
    expect(again.model.resolver.renew()).toBe(true);
    write("names.ts", 'export const NAME = "x";\n');
    expect(again.model.resolver.renew()).toBe(false);
  });
});

describe("facts of a module's text", () => {
  const mentionsSdk: TextQuestion<boolean> = { key: "test: names the SDK", compute: (text) => text.includes("@agentclientprotocol/sdk"), holds: (fact) => fact };
  const resolvePath = (from: string, specifier: string) => resolveModulePath(from, specifier, root);

  it("is computed once per modification time, and again after an edit", () => {
    let computed = 0;
    const counting: TextQuestion<number> = { key: "test: length", compute: (text) => (computed++, text.length), holds: () => true };
    write("sized.ts", "export const x = 1;\n");
    const path = join(dir, "sized.ts");
    expect([textFact(path, counting.key, counting.compute), textFact(path, counting.key, counting.compute), computed]).toEqual([20, 20, 1]);
    write("sized.ts", "export const x = 12;\n");
    expect([textFact(path, counting.key, counting.compute), computed]).toEqual([21, 2]);
  });

  it("reaches through the modules a module imports, and says so only when one of them holds", () => {
    write("sdk-reexport.ts", 'export * from "@agentclientprotocol/sdk";\n');
    write("barrel.ts", 'export * from "./sdk-reexport.js";\nexport { helper } from "./plain.js";\n');
    write("plain.ts", "export const helper = (x: number) => x + 1;\n");
    expect(textReaches(join(dir, "barrel.ts"), root, resolvePath, mentionsSdk)).toBe(true);
    expect(textHolds(join(dir, "barrel.ts"), mentionsSdk)).toBe(false);
    expect(textReaches(join(dir, "plain.ts"), root, resolvePath, mentionsSdk)).toBe(false);
  });

  it("reaches a folder's index named `.` or `..`, as the resolution layer does", () => {
    mkdirSync(join(dir, "pkg", "inner"), { recursive: true });
    write("pkg/index.ts", 'export * from "@agentclientprotocol/sdk";\n');
    write("pkg/inner/up.ts", 'export * from "..";\n');
    write("pkg/here.ts", 'import { agent } from ".";\nexport { agent };\n');
    expect(textReaches(join(dir, "pkg", "inner", "up.ts"), root, resolvePath, mentionsSdk)).toBe(true);
    expect(textReaches(join(dir, "pkg", "here.ts"), root, resolvePath, mentionsSdk)).toBe(true);
  });

  it("answers maybe (true) when more modules are imported than it reads", () => {
    for (let i = 1; i <= 520; i++) write(`many-${i}.ts`, "export {};\n");
    write("many.ts", Array.from({ length: 520 }, (_, i) => `import "./many-${i + 1}.js";\n`).join(""));
    expect(textReaches(join(dir, "many.ts"), root, resolvePath, mentionsSdk)).toBe(true);
    write("few.ts", Array.from({ length: 10 }, (_, i) => `import "./many-${i + 1}.js";\n`).join(""));
    expect(textReaches(join(dir, "few.ts"), root, resolvePath, mentionsSdk)).toBe(false);
  });
});

describe("reaching through imports in a single run, from closures kept for the run", () => {
  const mentionsSdk: TextQuestion<boolean> = { key: "test: names the SDK (single run)", compute: (text) => text.includes("@agentclientprotocol/sdk"), holds: (fact) => fact };
  const resolvePath = (from: string, specifier: string) => resolveModulePath(from, specifier, root);
  beforeAll(() => {
    process.env["ACP_SINGLE_RUN"] = "true";
    resetSingleRun();
  });
  afterAll(() => {
    process.env["ACP_SINGLE_RUN"] = "false";
    resetSingleRun();
    clearTextFacts();
  });
  const reaches = (name: string) => textReaches(join(dir, "closures", name), root, resolvePath, mentionsSdk);

  it("answers as the walk does: through a barrel, a folder's index, and not four modules further", () => {
    mkdirSync(join(dir, "closures", "pkg"), { recursive: true });
    write("closures/sdk.ts", 'export * from "@agentclientprotocol/sdk";\n');
    write("closures/barrel.ts", 'export * from "./sdk.js";\nexport { helper } from "./plain.js";\n');
    write("closures/plain.ts", "export const helper = (x: number) => x + 1;\n");
    write("closures/pkg/index.ts", 'export * from "../sdk.js";\n');
    write("closures/up.ts", 'import "./pkg";\n');
    // a0 imports a1 ... a4 imports sdk.ts: the SDK is five modules from a0, four from a1.
    for (let i = 0; i < 5; i++) write(`closures/a${i}.ts`, `import "./${i === 4 ? "sdk" : `a${i + 1}`}.js";\n`);
    expect([reaches("barrel.ts"), reaches("plain.ts"), reaches("up.ts")]).toEqual([true, false, true]);
    expect([reaches("a1.ts"), reaches("a0.ts")]).toEqual([true, false]);
  });

  it("reads every module of a closure (no bound, where the walk answers maybe) and keeps the answer for the run", () => {
    for (let i = 1; i <= 520; i++) write(`closures/many-${i}.ts`, "export {};\n");
    write("closures/many.ts", Array.from({ length: 520 }, (_, i) => `import "./many-${i + 1}.js";\n`).join(""));
    expect(reaches("many.ts")).toBe(false);
    // The run's files do not change: a later edit is not seen.
    write("closures/many-7.ts", 'export * from "@agentclientprotocol/sdk";\n');
    expect(reaches("many.ts")).toBe(false);
  });

  it("computes each module's closure once for a question and depth, however many modules and files reach it", () => {
    // top imports left and right, which both import bottom (in a folder of its own: a single run lists a folder once).
    mkdirSync(join(dir, "diamond"), { recursive: true });
    write("diamond/top.ts", 'import "./left.js";\nimport "./right.js";\n');
    write("diamond/left.ts", 'import "./bottom.js";\n');
    write("diamond/right.ts", 'import "./bottom.js";\n');
    write("diamond/bottom.ts", "export const x = 1;\n");
    const asked: string[] = [];
    const question: ClosureQuestion<string[]> = {
      key: "test: names",
      of: (path) => (asked.push(basename(path)), [basename(path)]),
      empty: [],
      union: (a, b) => [...new Set([...a, ...b])].sort(),
      whole: () => false,
    };
    const top = join(dir, "diamond", "top.ts");
    expect(closureOf(top, 2, root, question)).toEqual(["bottom.ts", "left.ts", "right.ts", "top.ts"]);
    expect(closureOf(top, 2, root, question)).toEqual(["bottom.ts", "left.ts", "right.ts", "top.ts"]);
    expect(closureOf(join(dir, "diamond", "left.ts"), 1, root, question)).toEqual(["bottom.ts", "left.ts"]);
    // bottom is met through left and right at the same depth: asked once; left at depth 1 was kept from the first call.
    expect(asked.sort()).toEqual(["bottom.ts", "left.ts", "right.ts", "top.ts"]);
    // One hop fewer: top and what it imports, not bottom.
    expect(closureOf(top, 1, root, question)).toEqual(["left.ts", "right.ts", "top.ts"]);
  });
});

describe("an imported class read for an error class only where its module may declare a subclass", () => {
  it("parses the module of a class that extends one, through a barrel too, and not one whose only `extends` is an interface's", () => {
    write("shapes.ts", "export interface Base { id: string }\nexport interface Shape<T extends Base> extends Base { of: T }\nexport class Widget { size = 1; }\n");
    write("not-found.ts", "export class NotFound extends Error {\n  constructor(readonly code: number, message: string) { super(message); }\n}\n");
    write("errors-barrel.ts", 'export * from "./not-found.js";\n');
    const { model } = modelOf(
      'import * as acp from "@agentclientprotocol/sdk";\nimport { Widget } from "./shapes.js";\nimport { NotFound } from "./errors-barrel.js";\n' +
        "export function load(params: acp.LoadSessionRequest): Widget {\n  if (!params.sessionId) throw new NotFound(-32002, \"no session\");\n  return new Widget();\n}\n",
      { filename: join(dir, "classes-agent.ts") },
    );
    const thrown = model.errorSites.find((site) => site.node.type === AST_NODE_TYPES.NewExpression);
    expect(thrown && [thrown.node.loc.start.line, model.values.resolve(thrown.code!)]).toEqual([5, [-32002]]);
    expect(hasParsed(join(dir, "not-found.ts"))).toBe(true);
    expect(hasParsed(join(dir, "shapes.ts"))).toBe(false);
  });
});

describe("a namespace import asked for the class of its instance", () => {
  it("is none, without parsing its module (a module of schemas is no instance)", () => {
    write("schemas.ts", 'import * as z from "zod";\nexport const zPrompt = z.object({ sessionId: z.string() });\n');
    const probed = modelOf('import * as schemas from "./schemas.js";\nexport const kept = schemas;\n', { filename: join(dir, "namespace-agent.ts") });
    const { model } = probed;
    const used = findAll(probed, (node): node is TSESTree.Identifier => node.type === AST_NODE_TYPES.Identifier && node.name === "schemas" && node.parent.type === AST_NODE_TYPES.VariableDeclarator);
    expect(used).toHaveLength(1);
    expect(model.resolver.instanceClassOf(used[0]!)).toBeUndefined();
    expect(hasParsed(join(dir, "schemas.ts"))).toBe(false);
  });
});

describe("a member called on a project module's value, when that module defines no member of the name", () => {
  it("runs none of its functions, without parsing it; a module that defines the name is parsed and its function found", () => {
    // A module of schemas that writes `code:` (the helper-site question holds for it) and calls `.parse` but defines none.
    write("rpc-schemas.ts", 'import * as z from "zod";\nexport const zError = z.object({ code: z.number() });\nexport const check = (v: unknown) => zError.parse(v);\n');
    write("rpc-parsers.ts", "export const zPrompt = {\n  parse(value: unknown) {\n    return value;\n  },\n};\n");
    const probed = modelOf(
      'import * as schemas from "./rpc-schemas.js";\nimport * as parsers from "./rpc-parsers.js";\n' +
        "export function prompt(params: unknown) {\n  schemas.zError.parse(params);\n  return parsers.zPrompt.parse(params);\n}\n",
      { filename: join(dir, "member-agent.ts") },
    );
    const calls = findAll(probed, (node): node is TSESTree.CallExpression => node.type === AST_NODE_TYPES.CallExpression);
    expect(calls.map((call) => probed.model.resolver.calleeOf(call)?.type)).toEqual([undefined, AST_NODE_TYPES.FunctionExpression]);
    expect(hasParsed(join(dir, "rpc-schemas.ts"))).toBe(false);
    expect(hasParsed(join(dir, "rpc-parsers.ts"))).toBe(true);
  });
});

describe("a member of a project module's value, when the module defines no member of the name", () => {
  it("is unknown without parsing the module, also through a local; a member of a package's namespace it passes on is the package's", () => {
    write("member-schemas.ts", 'import { z } from "zod";\nexport const zTitled = z.object({ title: z.string() });\n');
    write("member-deps.ts", 'import * as sdk from "@agentclientprotocol/sdk";\nexport const deps = { sdk };\n');
    const probed = modelOf(
      'import * as validate from "./member-schemas.js";\nimport { deps } from "./member-deps.js";\n' +
        "const zGuard = validate.zTitled.and(validate.zTitled);\nconst zAlias = validate.zTitled;\n" +
        "export const isTitled = (v: unknown) => zGuard.safeParse(v).success && zAlias.parse(v);\nexport const Failure = deps.sdk.RequestError;\n",
      { filename: join(dir, "member-guards.ts") },
    );
    const { model } = probed;
    const member = (name: string) => findAll(probed, (node): node is TSESTree.MemberExpression => node.type === AST_NODE_TYPES.MemberExpression && node.property.type === AST_NODE_TYPES.Identifier && node.property.name === name)[0]!;
    expect(model.resolver.target(member("safeParse"))).toBeUndefined();
    expect(model.resolver.target(member("and"))).toBeUndefined();
    expect(model.resolver.target(member("parse"))).toBeUndefined();
    expect(hasParsed(join(dir, "member-schemas.ts"))).toBe(false);
    expect(model.resolver.target(member("RequestError"))).toEqual({ kind: "external", source: "@agentclientprotocol/sdk", name: "RequestError" });
  });
});

describe("an imported module's scopes", () => {
  it("are made only when something asks for a variable there: not for a module that passes on another's exports, for a helper's locals", () => {
    write("scoped-codes.ts", "export const GONE = -32002;\nexport const unrelated = () => 1;\n");
    write("scoped-barrel.ts", 'export * from "./scoped-codes.js";\n');
    write("scoped-helpers.ts", 'import { RequestError } from "@agentclientprotocol/sdk";\nexport function gone(code: number) {\n  const message = "gone";\n  return new RequestError(code, message);\n}\n');
    const probed = modelOf(
      'import { RequestError } from "@agentclientprotocol/sdk";\nimport { GONE } from "./scoped-barrel.js";\nimport { gone } from "./scoped-helpers.js";\n' +
        "export const a = () => {\n  throw new RequestError(GONE, \"gone\");\n};\nexport const b = () => {\n  throw gone(-32001);\n};\n",
      { filename: join(dir, "scoped-agent.ts") },
    );
    const { model } = probed;
    expect(model.errorSites.map((site) => model.values.resolve(site.code!))).toEqual([[-32002], [-32001]]);
    const modules = (name: string) => model.resolver.moduleAt(join(dir, name))!;
    expect(hasScopes(modules("scoped-barrel.ts"))).toBe(false);
    expect(hasScopes(modules("scoped-helpers.ts"))).toBe(true);
  });
});
