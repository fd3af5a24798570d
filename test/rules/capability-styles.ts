/**
 * An agent written in each style capability-consistency judges: an `initialize` handler returning the given
 * capabilities literal, next to handlers of the given methods, all in one app, class or dispatcher.
 */
import { findMethod } from "../../src/protocol/methods.js";
import { indexOf, type Span } from "../locate.js";

export interface CapabilityStyle {
  readonly name: string;
  /** Whether advertised capabilities without a handler are judged (hand-rolled dispatch never is). */
  readonly judgesMissing: boolean;
  program(capabilities: string, wires: readonly string[]): string;
  /** Where the handler of `wire` is registered in `code`. */
  registration(code: string, wire: string): Span;
}

function info(wire: string) {
  const m = findMethod(wire, "agent");
  if (!m?.sdkKey || !m.constantKey || !m.legacyNames[0]) throw new Error(`${wire}: no SDK key or legacy name`);
  return { sdkKey: m.sdkKey, constantKey: m.constantKey, legacyName: m.legacyNames[0] };
}

function span(code: string, start: number, length: number): Span {
  const position = (offset: number) => {
    const lines = code.slice(0, offset).split("\n");
    return { line: lines.length, column: lines.at(-1)!.length + 1 };
  };
  const from = position(start);
  const to = position(start + length);
  return { line: from.line, column: from.column, endLine: to.line, endColumn: to.column };
}

/** The span of `text` inside the first occurrence of `around`. */
function inside(code: string, around: string, text: string): Span {
  return span(code, indexOf(code, around) + around.indexOf(text), text.length);
}

const SDK_IMPORT = `import { agent, AGENT_METHODS, methods } from "@agentclientprotocol/sdk";`;

export const CAPABILITY_STYLES: readonly CapabilityStyle[] = [
  {
    name: "sdk: methods.* constants",
    judgesMissing: true,
    program: (caps, wires) => `${SDK_IMPORT}
export const app = agent({ name: "a" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: ${caps} }));
${wires.map((w) => `app.onRequest(methods.${info(w).sdkKey}, () => ({}));`).join("\n")}`,
    registration: (code, wire) => inside(code, `onRequest(methods.${info(wire).sdkKey},`, `methods.${info(wire).sdkKey}`),
  },
  {
    name: "sdk: chained, AGENT_METHODS keys",
    judgesMissing: true,
    program: (caps, wires) => `${SDK_IMPORT}
export const app = agent({ name: "a" })
  .onRequest(AGENT_METHODS.initialize, () => ({ protocolVersion: 1, agentCapabilities: ${caps} }))${wires.map((w) => `\n  .onRequest(AGENT_METHODS.${info(w).constantKey}, () => ({}))`).join("")};`,
    registration: (code, wire) => inside(code, `onRequest(AGENT_METHODS.${info(wire).constantKey},`, `AGENT_METHODS.${info(wire).constantKey}`),
  },
  {
    name: "sdk: wire strings on a namespace import, block-bodied initialize",
    judgesMissing: true,
    program: (caps, wires) => `import * as acp from "@agentclientprotocol/sdk";
const app = acp.agent({ name: "a" });
app.onRequest("initialize", async ({ params }) => {
  return { protocolVersion: params.protocolVersion, agentCapabilities: ${caps} };
});
${wires.map((w) => `app.onRequest("${w}", async () => ({}));`).join("\n")}
export default app;`,
    registration: (code, wire) => inside(code, `onRequest("${wire}"`, `"${wire}"`),
  },
  {
    name: "legacy: a class implementing Agent",
    judgesMissing: true,
    program: (caps, wires) => `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
${wires.map((w) => `  async ${info(w).legacyName}() {\n    return {};\n  }`).join("\n")}
  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: ${caps} };
  }
}`,
    registration: (code, wire) => inside(code, `async ${info(wire).legacyName}()`, info(wire).legacyName),
  },
  {
    name: "legacy: an object built by AgentSideConnection's factory",
    judgesMissing: true,
    program: (caps, wires) => `import { AgentSideConnection } from "@agentclientprotocol/sdk";
export const start = (stream: never) =>
  new AgentSideConnection(() => ({
${wires.map((w) => `    async ${info(w).legacyName}() {\n      return {};\n    },`).join("\n")}
    async initialize() {
      return { protocolVersion: 1, agentCapabilities: ${caps} };
    },
  }), stream);`,
    registration: (code, wire) => inside(code, `async ${info(wire).legacyName}()`, info(wire).legacyName),
  },
  {
    name: "dispatch: a switch on msg.method",
    judgesMissing: false,
    program: (caps, wires) => `export function route(msg: { id: number; method: string }) {
  switch (msg.method) {
    case "initialize":
      return { jsonrpc: "2.0", id: msg.id, result: { protocolVersion: 1, agentCapabilities: ${caps} } };
${wires.map((w) => `    case "${w}":\n      return { jsonrpc: "2.0", id: msg.id, result: {} };`).join("\n")}
    default:
      return { jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } };
  }
}`,
    registration: (code, wire) => inside(code, `case "${wire}"`, `"${wire}"`),
  },
  {
    name: "dispatch: a handler map",
    judgesMissing: false,
    program: (caps, wires) => `export const handlers = {
  initialize: () => ({ protocolVersion: 1, agentCapabilities: ${caps} }),
${wires.map((w) => `  "${w}": () => ({}),`).join("\n")}
};`,
    registration: (code, wire) => inside(code, `"${wire}": ()`, `"${wire}"`),
  },
];
