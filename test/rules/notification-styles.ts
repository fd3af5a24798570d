/**
 * One notification handler written in each style the analysis recognises, around the same body: the body sees
 * the notification's params as `params` (with `sessionId`), a module-level `sessions` map and `RequestError`.
 */
export interface NotificationStyle {
  readonly name: string;
  /** A whole program whose notification handler runs `body`. */
  readonly program: (body: string) => string;
}

const STORE = "const sessions = new Map<string, { abort(): void }>();";

const indent = (body: string, depth: number) =>
  body
    .trim()
    .split("\n")
    .map((line) => " ".repeat(depth) + line)
    .join("\n");

export const NOTIFICATION_STYLES: readonly NotificationStyle[] = [
  {
    name: "sdk: onNotification(methods.agent.session.cancel, fn)",
    program: (body) => `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
${STORE}
export const app = agent({ name: "a" });
app.onNotification(methods.agent.session.cancel, ({ params }) => {
${indent(body, 2)}
});`,
  },
  {
    name: "legacy: cancel of a class implementing Agent",
    program: (body) => `import { type Agent, RequestError } from "@agentclientprotocol/sdk";
${STORE}
export class A implements Agent {
  async cancel(params: { sessionId: string }) {
${indent(body, 4)}
  }
}`,
  },
  {
    name: "legacy: sessionUpdate of a class implementing Client",
    program: (body) => `import { type Client, RequestError } from "@agentclientprotocol/sdk";
${STORE}
export class C implements Client {
  async sessionUpdate(params: { sessionId: string }) {
${indent(body, 4)}
  }
}`,
  },
  {
    name: "jsonrpc: connection.onNotification(\"session/cancel\", fn)",
    program: (body) => `import { createMessageConnection } from "vscode-jsonrpc/node";
import { RequestError } from "@agentclientprotocol/sdk";
${STORE}
const connection = createMessageConnection(process.stdin, process.stdout);
connection.onNotification("session/cancel", (params: { sessionId: string }) => {
${indent(body, 2)}
});`,
  },
  {
    name: "dispatch: switch (msg.method) case \"session/cancel\"",
    program: (body) => `import { RequestError } from "@agentclientprotocol/sdk";
${STORE}
export function route(msg: { method: string; params: { sessionId: string } }) {
  const params = msg.params;
  switch (msg.method) {
    case "session/cancel": {
${indent(body, 6)}
      return;
    }
  }
}`,
  },
];
