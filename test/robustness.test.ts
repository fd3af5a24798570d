// Odd but valid code, in the places the analysis looks: no rule may throw on it. Every rule of the plugin runs.
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../src/index.js";

const SNIPPETS: Record<string, string> = {
  "registrations without arguments": `import { agent, client, methods } from "@agentclientprotocol/sdk";
agent().onRequest(); agent({}).onNotification(methods); client({}).onRequest(...[] as []);
const app = agent({ name: "a" }); app.onRequest(methods.agent.session.prompt); app.onRequest(methods.agent.session.prompt, ...[]);`,
  "connections without a factory": `import * as acp from "@agentclientprotocol/sdk";
new acp.AgentSideConnection(); new acp.ClientSideConnection(undefined as never, undefined as never);
new acp.AgentSideConnection(() => undefined as never, undefined as never);
new acp.AgentSideConnection(function* () { yield 1; } as never, undefined as never);`,
  "classes with odd members": `import type { Agent, Client } from "@agentclientprotocol/sdk";
export abstract class A implements Agent, Partial<Client>, Omit<Agent> {
  abstract prompt(p: { sessionId: string }): Promise<unknown>;
  declare cancel: () => void;
  static initialize() {}
  get newSession() { return () => 1; }
  ["authenticate"]() {}
  [Symbol.iterator]() {}
  #private() {}
  loadSession(p: { sessionId: string }): unknown;
  loadSession(p: { sessionId: string }) { return this.loadSession(p); }
  static { this.initialize(); }
}`,
  "dispatch shapes": `export function route(msg: { method: string; params: any }, method: string) {
  switch (msg.method) {}
  switch (msg.method) { default: }
  switch (method) { case "session/prompt": case "session/cancel": }
  if (method === "session/prompt") ; else if (msg.method == "session/load") {}
  const map = { "session/prompt"() {}, "session/cancel": 1, ["session/load"]: async () => {}, ...{}, get "session/close"() { return 1; } };
  return map;
}`,
  "session lookups without a session": `import { agent, methods } from "@agentclientprotocol/sdk";
const s = new Map(); const o: Record<string, any> = {};
agent({}).onRequest(methods.agent.session.prompt, async ({ params: { sessionId = "x", ...rest } = {} as any }) => {
  s.get(); s.get(...[sessionId]); o[sessionId]!; o[sessionId]?.x; delete o[sessionId]; o[sessionId] = 1;
  let id = sessionId; id = "y"; for (const sessionId of []) s.get(sessionId);
  if (!s.get(sessionId)) {} else if (typeof s.get(sessionId) === "undefined") throw 1; else throw 2;
  return rest;
});`,
  "helpers that recurse": `import { agent, methods } from "@agentclientprotocol/sdk";
function a(id: string): unknown { return b(id); }
function b(id: string): unknown { return a(id); }
const c = (id: string): unknown => c(id);
agent({}).onRequest(methods.agent.session.prompt, ({ params }) => { a(params.sessionId); return c(params.sessionId); });`,
  "code switches and tables": `declare const e: any;
switch (e.code) {}
switch (e.code) { case -32000: }
const T = { [-32000]: 1, [-32601]: 2, [e.code]: 3 };
T[e.code]; T[e.code] = 4; delete T[e.code]; T[e?.code]?.toString(); (T as any)[e.code];
function f() { switch (e.code) { case -32000: case -32601: default: } }
const g = () => { switch (e.code) { case -32000: return; } };`,
  "error sites in odd places": `import { RequestError } from "@agentclientprotocol/sdk";
class E extends RequestError { constructor(...a: any[]) { super(...(a as [number, string])); } }
throw new RequestError(...([] as unknown as [number, string]));
export default { error: { code: -32002, ...{} } };
Object.assign(new Error(), ...[]);
(new Error() as any).code = -32001;`,
  "delegates of odd shapes": `import { agent, methods, type PromptRequest, type PromptResponse, type CancelNotification } from "@agentclientprotocol/sdk";
declare const key: string;
export abstract class D {
  abstract prompt(params: PromptRequest): Promise<PromptResponse>;
  declare cancel: (n: CancelNotification) => void;
  run(params: PromptRequest): Promise<PromptResponse>;
  run(params: unknown): unknown { return params; }
  [key](params: PromptRequest): PromptResponse { return null as never; }
  #go(params: PromptRequest): PromptResponse { return this.#go(params); }
  constructor(params: PromptRequest, private readonly self: D, public other = new (class {})()) {}
  async prompt2(this: D, params: PromptRequest): Promise<PromptResponse | void | null> {}
  static async prompt(...params: PromptRequest[]): Promise<PromptResponse> { return null as never; }
  async loop(params: PromptRequest): Promise<PromptResponse> { return this.loop(params); }
}
export const o = { async prompt([a]: PromptRequest & unknown[]) {}, cancel({ sessionId = "", ...rest }: CancelNotification = {} as never): void {} };
class Self { field = this; prompt(params: unknown) { return this.field.prompt(params); } }
const s = new Self();
agent({}).onRequest(methods.agent.session.prompt, (ctx) => s.prompt(ctx.params))
  .onRequest(methods.agent.session.load, () => s.prompt())
  .onRequest(methods.agent.session.resume, (...ctx: any[]) => s.prompt(...ctx))
  .onRequest(methods.agent.session.close, (ctx) => (s as any)?.prompt(ctx.params))
  .onRequest(methods.agent.session.setMode, async (ctx) => await new Self().prompt(ctx.params));`,
};

describe("rules on odd code", () => {
  const linter = new Linter({ configType: "flat" });
  it.each(Object.entries(SNIPPETS))("%s: no rule throws", (_, code) => {
    const messages = linter.verify(
      code,
      [{ files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser } }, plugin.configs.all],
      { filename: "odd.ts" },
    );
    // A rule that throws makes `verify` throw; a fatal message would mean the snippet itself does not parse.
    expect(messages.filter((m) => m.fatal)).toEqual([]);
  });
});
