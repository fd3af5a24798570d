// What the legacy ClientSideConnection (SDK 0.28 to 1.9, each installed version) answers an agent's request that the
// client class has no member for, and what a client's extMethod answers goes out as. capability-consistency's message
// for an advertised but unserved client capability and method-not-found-error's for a client's extMethod quote this.
import { describe, expect, it } from "vitest";
import * as sdk028 from "acp-sdk-0-28";
import * as sdk029 from "acp-sdk-0-29";
import * as sdk18 from "acp-sdk-1-8";
import * as sdk19 from "acp-sdk-legacy";
import { type Json, parseLines, tappedPipe, type WireMessage } from "./ndjson-tap.js";

type Legacy = typeof sdk19;
const SDKS: readonly (readonly [string, Legacy])[] = [
  ["0.28.1", sdk028 as unknown as Legacy],
  ["0.29.0", sdk029 as unknown as Legacy],
  ["1.8.0", sdk18 as unknown as Legacy],
  ["1.9.0", sdk19],
];

const quietAgent = {
  initialize: () => ({ protocolVersion: 1 }),
  newSession: () => ({ sessionId: "s" }),
  authenticate: () => ({}),
  prompt: () => ({ stopReason: "end_turn" as const }),
  cancel: () => {},
};

/**
 * Connects `client` (a legacy Client implementation) to an agent, has the agent send `send(agentSide)`, and returns
 * the client's answer as it went on the wire.
 */
async function clientAnswer(acp: Legacy, client: object, send: (connection: InstanceType<Legacy["AgentSideConnection"]>) => Promise<unknown>): Promise<WireMessage> {
  const toAgent = tappedPipe();
  const toClient = tappedPipe();
  let agentSide: InstanceType<Legacy["AgentSideConnection"]> | undefined;
  new acp.AgentSideConnection((connection) => ((agentSide = connection), quietAgent as never), acp.ndJsonStream(toClient.writable, toAgent.readable));
  new acp.ClientSideConnection(() => client as never, acp.ndJsonStream(toAgent.writable, toClient.readable));
  await send(agentSide!).catch(() => undefined);
  const answers = parseLines(toAgent.lines).filter((m) => m.id !== undefined && m.method === undefined);
  await toAgent.end();
  await toClient.end();
  return answers[answers.length - 1]!;
}

const baseClient = { requestPermission: () => ({ outcome: { outcome: "cancelled" } }), sessionUpdate: () => {} };
const outcome = (m: WireMessage): { error?: Json; result?: Json } => ("error" in m ? { error: m.error! } : { result: m.result ?? null });

describe.each(SDKS)("legacy SDK %s: a client class without the member", (_, acp) => {
  // The raw requests, as any agent sends them (the legacy TerminalHandle's methods need a created terminal).
  const ask = (method: string, params: object) => (a: InstanceType<Legacy["AgentSideConnection"]>) =>
    (a as unknown as { connection: { sendRequest(m: string, p: object): Promise<unknown> } }).connection.sendRequest(method, params);

  it("answers fs/read_text_file and every terminal request that returns something with a null success, not -32601", async () => {
    const answers = [];
    for (const [method, params] of [
      ["fs/read_text_file", { sessionId: "s", path: "/x" }],
      ["terminal/create", { sessionId: "s", command: "ls" }],
      ["terminal/output", { sessionId: "s", terminalId: "t" }],
      ["terminal/wait_for_exit", { sessionId: "s", terminalId: "t" }],
    ] as const) answers.push([method, outcome(await clientAnswer(acp, baseClient, ask(method, params)))]);
    expect(answers).toEqual([
      ["fs/read_text_file", { result: null }],
      ["terminal/create", { result: null }],
      ["terminal/output", { result: null }],
      ["terminal/wait_for_exit", { result: null }],
    ]);
  });

  it("answers fs/write_text_file, terminal/release and terminal/kill with an empty success, not -32601", async () => {
    const answers = [];
    for (const [method, params] of [
      ["fs/write_text_file", { sessionId: "s", path: "/x", content: "" }],
      ["terminal/release", { sessionId: "s", terminalId: "t" }],
      ["terminal/kill", { sessionId: "s", terminalId: "t" }],
    ] as const) answers.push([method, outcome(await clientAnswer(acp, baseClient, ask(method, params)))]);
    expect(answers).toEqual([
      ["fs/write_text_file", { result: {} }],
      ["terminal/release", { result: {} }],
      ["terminal/kill", { result: {} }],
    ]);
  });

  it("sends what a client's extMethod returns for an unknown method as a success, and its methodNotFound as -32601", async () => {
    const serving = { ...baseClient, extMethod: () => Promise.resolve({}) };
    const refusing = { ...baseClient, extMethod: (method: string) => Promise.reject(acp.RequestError.methodNotFound(method)) };
    const served = await clientAnswer(acp, serving, (a) => a.extMethod("_acme/unknown", {}));
    const refused = await clientAnswer(acp, refusing, (a) => a.extMethod("_acme/unknown", {}));
    expect([outcome(served), (refused.error as { code: number }).code]).toEqual([{ result: {} }, -32601]);
  });
});
