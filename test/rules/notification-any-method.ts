/** Notification registrations for methods outside the protocol table, in every form the rule reads. */
export interface AnyMethodStyle {
  readonly name: string;
  readonly method: string;
  readonly program: (body: string) => string;
}

export const ANY_METHOD_STYLES: readonly AnyMethodStyle[] = [
  {
    name: 'sdk agent: app.onNotification("_x/ping", fn)',
    method: "_x/ping",
    program: (body) => `import { agent, RequestError } from "@agentclientprotocol/sdk";
export const app = agent({ name: "a" });
app.onNotification("_x/ping", ({ params }: { params: { id?: string } }) => {
  ${body}
});`,
  },
  {
    name: 'sdk client chain: client().onNotification("_x", fn)',
    method: "_x",
    program: (body) => `import { client, RequestError } from "@agentclientprotocol/sdk";
export const app = client({ name: "c" }).onNotification("_x", ({ params }: { params: { id?: string } }) => {
  ${body}
});`,
  },
  {
    name: 'jsonrpc: connection.onNotification("_x", fn)',
    method: "_x",
    program: (body) => `import { createMessageConnection } from "vscode-jsonrpc/node";
import { RequestError } from "@agentclientprotocol/sdk";
const connection = createMessageConnection(process.stdin, process.stdout);
connection.onNotification("_x", (params: { id?: string }) => {
  ${body}
});`,
  },
  {
    name: 'jsonrpc, declared: a parameter typed MessageConnection, connection.onNotification("_x", fn)',
    method: "_x",
    program: (body) => `import type { MessageConnection } from "vscode-jsonrpc/node";
import { RequestError } from "@agentclientprotocol/sdk";
export function wire(connection: MessageConnection) {
  connection.onNotification("_x", (params: { id?: string }) => {
    ${body}
  });
}`,
  },
  {
    name: "jsonrpc star: connection.onNotification((method, params) => ...)",
    method: "every notification onNotification(fn) receives",
    program: (body) => `import { createMessageConnection } from "vscode-jsonrpc/node";
import { RequestError } from "@agentclientprotocol/sdk";
const connection = createMessageConnection(process.stdin, process.stdout);
connection.onNotification((method: string, params: { id?: string }) => {
  ${body}
});`,
  },
];
