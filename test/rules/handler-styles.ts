/**
 * One agent handler written in each style the analysis recognises, around the same body, so a session rule is
 * tested in every style without a hand-written copy of each program. In every style the body sees the request's
 * params as `params` (with `sessionId`), a module-level `sessions` map, and the SDK's `RequestError`.
 */
import { findMethod } from "../../src/protocol/methods.js";

export interface HandlerStyle {
  readonly name: string;
  /** A whole program whose `wire` handler runs `body` (statements, indented by the builder). */
  program(wire: string, body: string): string;
}

const STORE = "const sessions = new Map<string, { dispose(): void; turns: number }>();";
const SDK = `import { agent, AGENT_METHODS, methods, RequestError } from "@agentclientprotocol/sdk";\n${STORE}`;

function indent(body: string, depth: number): string {
  const pad = " ".repeat(depth);
  return body
    .trim()
    .split("\n")
    .map((line) => pad + line)
    .join("\n");
}

function method(wire: string) {
  const info = findMethod(wire, "agent");
  const [requestType, responseType] = [info?.requestTypes[0], info?.responseTypes[0]];
  if (!info?.sdkKey || !info.constantKey || !info.legacyNames[0] || !requestType || !responseType) {
    throw new Error(`${wire} has no SDK key, legacy name or SDK types`);
  }
  return { sdkKey: info.sdkKey, constantKey: info.constantKey, legacyName: info.legacyNames[0], requestType, responseType };
}

export const HANDLER_STYLES: readonly HandlerStyle[] = [
  {
    name: "sdk: methods.* constant, ({ params })",
    program: (wire, body) => `${SDK}
export const app = agent({ name: "a" });
app.onRequest(methods.${method(wire).sdkKey}, async ({ params }) => {
${indent(body, 2)}
});`,
  },
  {
    name: "sdk: AGENT_METHODS key, chained, params from ctx",
    program: (wire, body) => `${SDK}
export const app = agent({ name: "a" }).onRequest(AGENT_METHODS.${method(wire).constantKey}, (ctx) => {
  const { params } = ctx;
${indent(body, 2)}
});`,
  },
  {
    name: "sdk: wire string on a namespace import",
    program: (wire, body) => `import * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
${STORE}
export const app = acp.agent({ name: "a" });
app.onRequest("${wire}", function (ctx) {
  const params = ctx.params;
${indent(body, 2)}
});`,
  },
  {
    name: "legacy: a class implementing Agent",
    program: (wire, body) => `import { type Agent, RequestError } from "@agentclientprotocol/sdk";
${STORE}
export class A implements Agent {
  async ${method(wire).legacyName}(params: { sessionId: string }) {
${indent(body, 4)}
  }
}`,
  },
  {
    name: "legacy: an object built by AgentSideConnection's factory, old package",
    program: (wire, body) => `import { AgentSideConnection, RequestError } from "@zed-industries/agent-client-protocol";
${STORE}
export const start = (stream: never) =>
  new AgentSideConnection(() => ({
    async ${method(wire).legacyName}(params: { sessionId: string }) {
${indent(body, 6)}
    },
  }), stream);`,
  },
  {
    name: "dispatch: switch (msg.method)",
    program: (wire, body) => `import { RequestError } from "@agentclientprotocol/sdk";
${STORE}
export function route(msg: { id: number; method: string; params: { sessionId: string } }) {
  switch (msg.method) {
    case "${wire}": {
      const params = msg.params;
${indent(body, 6)}
    }
  }
  return undefined;
}`,
  },
  {
    name: "dispatch: if (method === ...)",
    program: (wire, body) => `import { RequestError } from "@agentclientprotocol/sdk";
${STORE}
export function route(method: string, params: { sessionId: string }) {
  if (method === "${wire}") {
${indent(body, 4)}
  }
  return undefined;
}`,
  },
  {
    name: "dispatch: a handler map keyed by wire names",
    program: (wire, body) => `import { RequestError } from "@agentclientprotocol/sdk";
${STORE}
export const handlers = {
  "session/new": () => ({ sessionId: "s" }),
  "${wire}": (params: { sessionId: string }) => {
${indent(body, 4)}
  },
};`,
  },
  {
    name: "jsonrpc: vscode-jsonrpc connection.onRequest",
    program: (wire, body) => `import { createMessageConnection } from "vscode-jsonrpc/node";
import { RequestError } from "@agentclientprotocol/sdk";
${STORE}
const connection = createMessageConnection(process.stdin as never, process.stdout as never);
connection.onRequest("${wire}", (params: { sessionId: string }) => {
${indent(body, 2)}
});`,
  },
  {
    name: "delegate: a class method typed with the SDK's request and response types",
    // Neither `implements Agent` nor passed to a connection: registered from another file.
    program: (wire, body) => {
      const { legacyName, requestType, responseType } = method(wire);
      return `import { RequestError, type ${requestType}, type ${responseType} } from "@agentclientprotocol/sdk";
${STORE}
export class Handlers {
  async ${legacyName}(params: ${requestType}): Promise<${responseType}> {
${indent(body, 4)}
  }
}`;
    },
  },
  {
    name: "delegate: an SDK app delegating to a same-file class",
    program: (wire, body) => `${SDK}
class Handlers {
  async ${method(wire).legacyName}(params: { sessionId: string }) {
${indent(body, 4)}
  }
}
const handlers = new Handlers();
export const app = agent({ name: "a" }).onRequest(methods.${method(wire).sdkKey}, (ctx) => handlers.${method(wire).legacyName}(ctx.params));`,
  },
];

/** `style` by its name; throws for a name no style has. */
export function handlerStyle(name: string): HandlerStyle {
  const style = HANDLER_STYLES.find((s) => s.name.startsWith(name));
  if (!style) throw new Error(`no handler style named ${name}`);
  return style;
}
