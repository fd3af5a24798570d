/**
 * One client request handler (the agent calls, the client answers) written in each style the analysis recognises,
 * around the same body. The body sees the request's params as `params` (with `path` or `terminalId`), a
 * module-level `terminals` map, `readFile` and `existsSync` of Node, and the SDK's `RequestError`.
 */
import { findMethod } from "../../src/protocol/methods.js";

export interface ClientHandlerStyle {
  readonly name: string;
  /** Whether a thrown plain `Error` is sent as -32603 (an SDK or JSON-RPC library sends what the handler throws). */
  readonly sendsThrown: boolean;
  /** The error the library sends as is for a missing `subject`: vscode-jsonrpc sends only its own ResponseError. */
  readonly notFound?: (subject: string) => string;
  /** A whole program whose `wire` handler runs `body` (statements, indented by the builder). */
  program(wire: string, body: string): string;
}

const PRELUDE = `import { readFile } from "node:fs/promises";
import { existsSync } from "node:fs";
const terminals = new Map<string, { output: string; kill(): void }>();`;

function indent(body: string, depth: number): string {
  const pad = " ".repeat(depth);
  return body
    .trim()
    .split("\n")
    .map((line) => pad + line)
    .join("\n");
}

function method(wire: string) {
  const info = findMethod(wire, "client");
  const [requestType, responseType] = [info?.requestTypes[0], info?.responseTypes[0]];
  if (!info?.sdkKey || !info.legacyNames[0] || !requestType || !responseType) throw new Error(`${wire} has no SDK key, legacy name or SDK types`);
  return { sdkKey: info.sdkKey, legacyName: info.legacyNames[0], requestType, responseType };
}

const PARAMS = "{ sessionId: string; path: string; terminalId: string }";

export const CLIENT_HANDLER_STYLES: readonly ClientHandlerStyle[] = [
  {
    name: "sdk: client() app, methods.client.* key, ({ params })",
    sendsThrown: true,
    program: (wire, body) => `import { client, methods, RequestError } from "@agentclientprotocol/sdk";
${PRELUDE}
export const app = client({ name: "c" }).onRequest(methods.${method(wire).sdkKey}, async ({ params }) => {
${indent(body, 2)}
});`,
  },
  {
    name: "sdk: client() app in a variable, wire string, params from ctx",
    sendsThrown: true,
    program: (wire, body) => `import * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
${PRELUDE}
const app = acp.client({ name: "c" });
app.onRequest("${wire}", async (ctx) => {
  const params = ctx.params;
${indent(body, 2)}
});`,
  },
  {
    name: "legacy: a class implementing Client",
    sendsThrown: true,
    program: (wire, body) => `import { type Client, RequestError } from "@agentclientprotocol/sdk";
${PRELUDE}
export class C implements Client {
  async requestPermission() {
    return { outcome: { outcome: "cancelled" as const } };
  }
  async sessionUpdate() {}
  async ${method(wire).legacyName}(params: ${PARAMS}) {
${indent(body, 4)}
  }
}`,
  },
  {
    name: "legacy: an object built by ClientSideConnection's factory",
    sendsThrown: true,
    program: (wire, body) => `import { ClientSideConnection, RequestError } from "@agentclientprotocol/sdk";
${PRELUDE}
export const start = (stream: never) =>
  new ClientSideConnection(() => ({
    async ${method(wire).legacyName}(params: ${PARAMS}) {
${indent(body, 6)}
    },
  }) as never, stream);`,
  },
  {
    name: "delegate: a class method typed with the SDK's request and response types",
    sendsThrown: true,
    program: (wire, body) => {
      const { legacyName, requestType, responseType } = method(wire);
      return `import { RequestError, type ${requestType}, type ${responseType} } from "@agentclientprotocol/sdk";
${PRELUDE}
export class Files {
  async ${legacyName}(params: ${requestType}): Promise<${responseType}> {
${indent(body, 4)}
  }
}`;
    },
  },
  {
    name: "jsonrpc: vscode-jsonrpc connection.onRequest",
    sendsThrown: true,
    notFound: (subject) => `new ResponseError(-32002, "Resource not found", { uri: ${subject} })`,
    program: (wire, body) => `import { createMessageConnection, ResponseError } from "vscode-jsonrpc/node";
import { RequestError } from "@agentclientprotocol/sdk";
${PRELUDE}
const connection = createMessageConnection(process.stdin as never, process.stdout as never);
connection.onRequest("${wire}", async (params: ${PARAMS}) => {
${indent(body, 2)}
});`,
  },
  {
    name: "dispatch: switch (msg.method)",
    sendsThrown: false,
    program: (wire, body) => `import { RequestError } from "@agentclientprotocol/sdk";
${PRELUDE}
export async function route(msg: { id: number; method: string; params: ${PARAMS} }) {
  switch (msg.method) {
    case "${wire}": {
      const params = msg.params;
${indent(body, 6)}
    }
  }
  return undefined;
}`,
  },
];
