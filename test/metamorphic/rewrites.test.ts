// One small program per rewrite of the metamorphic suite, and the exact text each rewrite makes of it: a rewrite
// that breaks fails here, loudly, before the figures of test/metamorphic/metamorphic.test.ts move.
import { describe, expect, it } from "vitest";
import { Edits, slice, sliceWith } from "./edit.js";
import { pair } from "./harness.js";
import type { Finding, ModuleFinding } from "./lint.js";
import { rewriteText } from "./rewrite.js";
import { closureInObject } from "./rewrites/closure-in-object.js";
import { constResult } from "./rewrites/const-result.js";
import { helperFunction } from "./rewrites/helper-function.js";
import { instanceThunk } from "./rewrites/instance-thunk.js";
import { moduleClass } from "./rewrites/module-class.js";
import { parseParams } from "./rewrites/parse-params.js";
import { privateMethod } from "./rewrites/private-method.js";
import { requestThunk } from "./rewrites/request-thunk.js";
import { wrapIdIdentity } from "./rewrites/wrap-id-identity.js";
import { wrapIdValidating } from "./rewrites/wrap-id-validating.js";

const SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
`;

describe("each rewrite on one program", () => {
  it("helper-function: the guard and its lookup into a function at the end, the handler's variables and `this` (as `self`) passed in", () => {
    const code = `${SDK}app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) throw new Error("no session");
  chat.turns += 1;
  return { stopReason: "end_turn" };
});
export class A {
  private chats = new Map<string, { turns: number }>();
  async setSessionMode(params: { sessionId: string }) {
    if (!this.chats.has(params.sessionId)) throw RequestError.invalidParams();
    return {};
  }
}`;
    expect(rewriteText(helperFunction, code)).toEqual([
      [
        `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  const chat = resolveEntry(params);
  chat.turns += 1;
  return { stopReason: "end_turn" };
});
export class A {
  private chats = new Map<string, { turns: number }>();
  async setSessionMode(params: { sessionId: string }) {
    resolveEntry2(params, this);
    return {};
  }
}

function resolveEntry(params) {
  const chat = sessions.get(params.sessionId);
  if (!chat) throw new Error("no session");
  return chat;
}


function resolveEntry2(params, self) {
  if (!self.chats.has(params.sessionId)) throw RequestError.invalidParams();
}
`,
      ],
    ]);
  });

  it("private-method: an awaited lookup and its guard into an async #private method of the handler's class", () => {
    const code = `import { RequestError } from "@agentclientprotocol/sdk";
export class A {
  private sessions = new Map<string, { turns: number }>();
  async prompt(params: { sessionId: string }) {
    const chat = await this.sessions.get(params.sessionId);
    if (!chat) {
      throw new Error("no session");
    }
    return { stopReason: "end_turn" };
  }
}`;
    expect(rewriteText(privateMethod, code)).toEqual([
      [
        `import { RequestError } from "@agentclientprotocol/sdk";
export class A {
  private sessions = new Map<string, { turns: number }>();
  async prompt(params: { sessionId: string }) {
    await this.#resolveEntry(params);
    return { stopReason: "end_turn" };
  }

  async #resolveEntry(params) {
    const chat = await this.sessions.get(params.sessionId);
    if (!chat) {
      throw new Error("no session");
    }
  }
}`,
      ],
    ]);
  });

  it("module-class: a lookup into a class of another module, held in a module constant for an app's handler and in a field for a class's, the module's variables and `this` (as `owner`) passed in", () => {
    const code = `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  sessions.get(params.sessionId)!.turns += 1;
  return { stopReason: "end_turn" };
});
export class A {
  private chats = new Map<string, { turns: number }>();
  async setSessionMode(params: { sessionId: string }) {
    if (!this.chats.has(params.sessionId)) throw RequestError.invalidParams();
    return {};
  }
}`;
    expect(rewriteText(moduleClass, code)).toEqual([
      [
        `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { EntryResolver } from "./file.resolver.js";
const entries = new EntryResolver();
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  entries.resolve(sessions, params)!.turns += 1;
  return { stopReason: "end_turn" };
});
export class A {
  readonly entries2 = new EntryResolver();
  private chats = new Map<string, { turns: number }>();
  async setSessionMode(params: { sessionId: string }) {
    this.entries2.resolve2(params, this);
    return {};
  }
}`,
        `// file.resolver.ts
import { agent, methods, RequestError } from "@agentclientprotocol/sdk";

export class EntryResolver {
  resolve(sessions, params) {
    return sessions.get(params.sessionId);
  }

  resolve2(params, owner) {
    if (!owner.chats.has(params.sessionId)) throw RequestError.invalidParams();
  }
}
`,
      ],
    ]);
  });

  it("module-class: a class, a function or a table of constants the moved code names is imported from the case's file (exported there), not handed in", () => {
    const code = `${SDK}class SessionGone extends RequestError {
  constructor() { super(-32001, "gone"); }
}
const Codes = { gone: -32001 } as const;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new SessionGone();
  if (!sessions.get(params.sessionId)!.turns) throw new RequestError(Codes.gone, "gone");
  return { stopReason: "end_turn" };
});`;
    const [rewritten] = rewriteText(moduleClass, code);
    expect(rewritten![0]).toContain("export class SessionGone extends RequestError {");
    expect(rewritten![0]).toContain("export const Codes = { gone: -32001 } as const;");
    expect(rewritten![0]).toContain("  entries.resolve(sessions, params);\n  entries.resolve2(sessions, params);");
    expect(rewritten![1]).toContain('import { SessionGone, Codes } from "./file.js";');
    expect(rewritten![1]).toContain("resolve(sessions, params) {\n    if (!sessions.has(params.sessionId)) throw new SessionGone();");
  });

  it("wrap-id-identity: each read of a requested id, a field of the params or destructured from them, optional ones too", () => {
    const code = `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.cancel, ({ params: { sessionId } }) => {
  sessions.get(sessionId)?.turns && sessions.delete(sessionId);
});
export function route(msg: { params?: { sessionId?: string } }) {
  return sessions.get(msg.params?.sessionId ?? "");
}`;
    expect(rewriteText(wrapIdIdentity, code)).toEqual([
      [
        `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(idOf(params.sessionId))) throw RequestError.resourceNotFound(idOf(params.sessionId));
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.cancel, ({ params: { sessionId } }) => {
  sessions.get(idOf(sessionId))?.turns && sessions.delete(idOf(sessionId));
});
export function route(msg: { params?: { sessionId?: string } }) {
  return sessions.get(idOf(msg.params?.sessionId) ?? "");
}

function idOf<T>(id: T): T {
  return id;
}
`,
      ],
    ]);
  });

  it("wrap-id-validating: each read of an id the request must carry, with the SDK's invalidParams for a non-string", () => {
    const code = `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const { sessionId } = params;
  if (!sessions.has(sessionId)) throw RequestError.resourceNotFound({ sessionId });
  return { stopReason: "end_turn" };
});`;
    expect(rewriteText(wrapIdValidating, code)).toEqual([
      [
        `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const { sessionId } = params;
  if (!sessions.has(checkedId(sessionId))) throw RequestError.resourceNotFound({ sessionId: checkedId(sessionId) });
  return { stopReason: "end_turn" };
});

function checkedId<T>(id: T): T {
  if (typeof id !== "string") throw RequestError.invalidParams({ id });
  return id;
}
`,
      ],
    ]);
  });

  it("parse-params: the params of each function parsed once before the first read, in a switch case for its own case, around an arrow's expression body", () => {
    const code = `${SDK}const MODES = ["ask", "code"];
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!MODES.includes(params.modeId)) throw new Error("unknown mode");
  sessions.get(params.sessionId)!.turns = 0;
  return {};
});
app.onRequest(methods.agent.session.load, (ctx) => ({ known: sessions.has(ctx.params.sessionId) }));
export function route(msg: { method: string; params: { sessionId: string } }) {
  switch (msg.method) {
    case "session/cancel":
      sessions.delete(msg.params.sessionId);
      return undefined;
    default:
      return undefined;
  }
}`;
    expect(rewriteText(parseParams, code)).toEqual([
      [
        `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
const MODES = ["ask", "code"];
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const parsed = parseRequest(params);
  if (!MODES.includes(parsed.modeId)) throw new Error("unknown mode");
  sessions.get(parsed.sessionId)!.turns = 0;
  return {};
});
app.onRequest(methods.agent.session.load, (ctx) => { const parsed2 = parseRequest2(ctx.params); return (({ known: sessions.has(parsed2.sessionId) })); });
export function route(msg: { method: string; params: { sessionId: string } }) {
  switch (msg.method) {
    case "session/cancel":
      const parsed3 = parseRequest3(msg.params);
      sessions.delete(parsed3.sessionId);
      return undefined;
    default:
      return undefined;
  }
}

function parseRequest<T extends { [K in "modeId" | "sessionId"]?: unknown }>(raw: T): Pick<T, "modeId" | "sessionId"> {
  return { modeId: raw.modeId, sessionId: raw.sessionId };
}

function parseRequest2<T extends { [K in "sessionId"]?: unknown }>(raw: T): Pick<T, "sessionId"> {
  return { sessionId: raw.sessionId };
}

function parseRequest3<T extends { [K in "sessionId"]?: unknown }>(raw: T): Pick<T, "sessionId"> {
  return { sessionId: raw.sessionId };
}
`,
      ],
    ]);
  });

  it("const-result: a lookup the test always evaluates, not one behind ||", () => {
    const code = `${SDK}app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  if (!sessions.has(params.sessionId) || params.prompt.length === 0) throw new Error("no session");
  if (params.sessionId === "" || !sessions.get(params.sessionId)) throw new Error("never hoisted");
  return { stopReason: "end_turn" };
});`;
    expect(rewriteText(constResult, code)).toEqual([
      [
        `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  const found = sessions.has(params.sessionId);
  if (!found || params.prompt.length === 0) throw new Error("no session");
  if (params.sessionId === "" || !sessions.get(params.sessionId)) throw new Error("never hoisted");
  return { stopReason: "end_turn" };
});`,
      ],
    ]);
  });

  it("instance-thunk: a connection's factory, a handler object held in a const, and a class known by its implements clause", () => {
    const code = `import { AgentSideConnection, agent, methods, type Agent } from "@agentclientprotocol/sdk";
export const start = (stream: never) =>
  new AgentSideConnection(() => ({
    async prompt() {
      return { stopReason: "end_turn" as const };
    },
  }), stream);
class Handlers {
  async prompt(params: { sessionId: string }) {
    return { stopReason: "end_turn" as const };
  }
}
const handlers = new Handlers();
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, (ctx) => handlers.prompt(ctx.params));
export class Legacy implements Agent {
  async cancel() {}
}`;
    expect(rewriteText(instanceThunk, code)).toEqual([
      [
        `import { AgentSideConnection, agent, methods, type Agent } from "@agentclientprotocol/sdk";
export const start = (stream: never) =>
  {
  const instance = {
    async prompt() {
      return { stopReason: "end_turn" as const };
    },
  };
  return new AgentSideConnection(() => instance, stream);
};
class Handlers {
  async prompt(params: { sessionId: string }) {
    return { stopReason: "end_turn" as const };
  }
}
const handlers = new Handlers();
const getHandlers = () => handlers;
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, (ctx) => getHandlers().prompt(ctx.params));
export class Legacy {
  async cancel() {}
}

export function serve(stream: never) {
  const instance2 = new Legacy();
  return new AgentSideConnection(() => instance2, stream);
}
`,
      ],
    ]);
  });

  it("request-thunk: an arrow's expression body and a method's block body, async thunks for async handlers", () => {
    const code = `${SDK}app.onRequest(methods.agent.session.prompt, async ({ params }) => ({ stopReason: sessions.has(params.sessionId) ? "end_turn" : "refusal" }));
export class A {
  async setSessionMode(params: { sessionId: string }) {
    if (!sessions.has(params.sessionId)) throw new Error("no session");
    return {};
  }
}`;
    expect(rewriteText(requestThunk, code)).toEqual([
      [
        `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, async ({ params }) => (enqueue(async () => ({ stopReason: sessions.has(params.sessionId) ? "end_turn" : "refusal" }))));
export class A {
  async setSessionMode(params: { sessionId: string }) {
    return enqueue(async () => {
    if (!sessions.has(params.sessionId)) throw new Error("no session");
    return {};
  });
  }
}

function enqueue<T>(task: () => T): T {
  return task();
}
`,
      ],
    ]);
  });

  it("closure-in-object: an awaited lookup and its guard into an async closure of an object passed to another module's function", () => {
    const code = `${SDK}app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  const chat = await sessions.get(params.sessionId);
  if (!chat) throw new Error("no session");
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`;
    expect(rewriteText(closureInObject, code)).toEqual([
      [
        `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { runWith } from "./file.runner.js";
const sessions = new Map<string, { turns: number }>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.prompt, async ({ params }) => {
  const chat = await runWith({ run: async () => {
    const chat = await sessions.get(params.sessionId);
    if (!chat) throw new Error("no session");
    return chat;
  } });
  chat.turns += 1;
  return { stopReason: "end_turn" };
});`,
        `// file.runner.ts
export function runWith<T>(ops: { run(): T }): T {
  return ops.run();
}
`,
      ],
    ]);
  });

  it("a rewrite that does not fit gives nothing: no lookup, no handler, no SDK", () => {
    const code = "export const x = 1;\n";
    for (const rewrite of [helperFunction, privateMethod, moduleClass, wrapIdIdentity, wrapIdValidating, parseParams, constResult, instanceThunk, requestThunk, closureInObject]) {
      expect(rewriteText(rewrite, code)).toEqual([]);
    }
  });
});

describe("the same report", () => {
  // `f(id)`'s guard moved into a helper: its text is copied there (helper) and the statement calls it (call).
  const original = "function f(id) {\n  if (!m.has(id)) throw new Error(id);\n  return 1;\n}\n";
  const [from, to] = [original.indexOf("if"), original.indexOf(";") + 1];
  const edits = new Edits(original)
    .replace(from, to, ["check(id);"], "call")
    .insert(original.length, ["function check(id) {\n  ", slice(from, to, "helper"), "\n}\n"]);
  const main = edits.apply();
  const throwAt = original.indexOf("new Error(id)");
  const finding = (rule: string, messageId: string, at: number, length: number): Finding => ({ rule, messageId, range: [at, at + length], line: 1, column: 1, message: "" });
  const before = finding("r", "m", throwAt, "new Error(id)".length);

  it("locates the node's copy in the helper and the call that replaced it", () => {
    const copy = main.text.lastIndexOf("new Error(id)");
    expect(main.locate(...before.range)).toEqual([
      { place: "helper", range: [copy, copy + "new Error(id)".length] },
      { place: "call", range: [from, from + "check(id);".length] },
    ]);
    expect(main.text).toBe("function f(id) {\n  check(id);\n  return 1;\n}\nfunction check(id) {\n  if (!m.has(id)) throw new Error(id);\n}\n");
  });

  it("locates a node whose start the copy substitutes (`this` written as `self`) from where the substitution begins", () => {
    const code = "class A {\n  m() {\n    return this.s.get(1);\n  }\n}\n";
    const [start, end] = [code.indexOf("this.s"), code.indexOf(");") + 1];
    const self = code.indexOf("this");
    const copied = new Edits(code)
      .replace(start, end, ["get(this)"], "call")
      .insert(code.length, ["function get(self) {\n  return ", ...sliceWith(start, end, [{ from: self, to: self + 4, pieces: ["self"] }], "helper"), ";\n}\n"])
      .apply();
    const copy = copied.text.indexOf("self.s.get(1)");
    expect(copied.locate(start, end)).toEqual([
      { place: "helper", range: [copy, copy + "self.s.get(1)".length] },
      { place: "call", range: [start, start + "get(this)".length] },
    ]);
  });

  it("pairs a report at the helper's copy, or at the call, with the same rule and messageId; another messageId is lost and added", () => {
    const copy = main.text.lastIndexOf("new Error(id)");
    const atHelper = finding("r", "m", copy, 5);
    const atCall = finding("r", "m", from, "check(id)".length);
    expect(pair([before], [atHelper], { main })).toEqual({ survived: [{ finding: before, place: "helper" }], lost: [], added: [] });
    expect(pair([before], [atCall], { main })).toEqual({ survived: [{ finding: before, place: "call" }], lost: [], added: [] });
    const other = finding("r", "other", copy, 5);
    expect(pair([before], [other], { main })).toEqual({ survived: [], lost: [before], added: [other] });
    const elsewhere = finding("r", "m", main.text.indexOf("return 1"), 8);
    expect(pair([before], [elsewhere], { main })).toEqual({ survived: [], lost: [before], added: [elsewhere] });
  });

  it("pairs one to one, a place in the text before a call; a helper's own messageId counts at the call only", () => {
    const copy = main.text.lastIndexOf("new Error(id)");
    const atHelper = finding("r", "m", copy, 5);
    const atCall = finding("r", "m", from, 9);
    expect(pair([before], [atCall, atHelper], { main })).toEqual({ survived: [{ finding: before, place: "helper" }], lost: [], added: [atCall] });
    const deleted = { ...before, rule: "idempotent-session-delete", messageId: "failsOnMissing" };
    const helperCall = { ...atCall, rule: "idempotent-session-delete", messageId: "helperFailsOnMissing" };
    const helperCopy = { ...atHelper, rule: "idempotent-session-delete", messageId: "helperFailsOnMissing" };
    expect(pair([deleted], [helperCall], { main }).survived).toEqual([{ finding: deleted, place: "call" }]);
    expect(pair([deleted], [helperCopy], { main }).survived).toEqual([]);
  });

  it("pairs a report the rewrite moved into a module it wrote by rule, messageId and text (this as owner); the module's others are added", () => {
    const inModule = (findings: ModuleFinding[]) => ({ code: original, findings });
    const moved: ModuleFinding = { rule: "r", messageId: "m", text: "new Error(id)" };
    expect(pair([before], [], { main }, inModule([moved]))).toEqual({ survived: [{ finding: before, place: "helper" }], lost: [], added: [], addedInModules: [] });
    const otherText: ModuleFinding = { rule: "r", messageId: "m", text: "new Error(other)" };
    const otherId: ModuleFinding = { rule: "r", messageId: "other", text: "new Error(id)" };
    expect(pair([before], [], { main }, inModule([otherText, otherId]))).toEqual({ survived: [], lost: [before], added: [], addedInModules: [otherText, otherId] });
    // In the module, `this` of the case is the rewrite's `owner`.
    const withThis = "function f(id) {\n  if (!this.m.has(id)) throw new Error(this.name);\n}\n";
    const thrown = finding("r", "m", withThis.indexOf("new Error(this.name)"), "new Error(this.name)".length);
    const asOwner: ModuleFinding = { rule: "r", messageId: "m", text: "new Error(owner.name)" };
    expect(pair([thrown], [], { main }, { code: withThis, findings: [asOwner] }).survived).toEqual([{ finding: thrown, place: "helper" }]);
  });
});
