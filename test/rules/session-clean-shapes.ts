/**
 * Real-code shapes that look like unknown-session mistakes but are not: every session rule must leave them alone.
 * Each suite adds them to its valid cases, so the list grows in one place.
 */
export const SESSION_CLEAN_SHAPES: readonly { readonly name: string; readonly code: string }[] = [
  {
    name: "session/cancel throws for an unknown session: notifications get no response",
    code: `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { abort(): void }>();
agent({ name: "a" })
  .onNotification(methods.agent.session.cancel, ({ params }) => {
    const chat = sessions.get(params.sessionId);
    if (!chat) throw RequestError.resourceNotFound(params.sessionId);
    chat.abort();
  })
  .onNotification("session/cancel", ({ params }) => {
    if (!sessions.has(params.sessionId)) throw new Error("unknown session");
    sessions.get(params.sessionId)!.abort();
  });`,
  },
  {
    name: "session/cancel returns quietly for an unknown session",
    code: `import { agent, methods } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { abort(): void }>();
agent({ name: "a" }).onNotification(methods.agent.session.cancel, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  if (!chat) return;
  chat.abort();
});`,
  },
  {
    name: "a legacy cancel() that throws",
    code: `import * as acp from "@agentclientprotocol/sdk";
export class A implements acp.Agent {
  private sessions = new Map<string, { abort(): void }>();
  async cancel(params: acp.CancelNotification) {
    const session = this.sessions.get(params.sessionId);
    if (!session) throw acp.RequestError.sessionNotFound(params.sessionId);
    session.abort();
  }
}`,
  },
  {
    name: "client-local bookkeeping outside any handler",
    code: `const tabs = new Map<string, { title: string }>();
export function focusTab(sessionId: string) {
  const tab = tabs.get(sessionId);
  if (!tab) throw new Error("Session not found");
  return tab.title;
}
export function deleteSession(id: string) {
  if (!tabs.has(id)) throw new Error("Session not found");
  tabs.delete(id);
}`,
  },
  {
    name: "client terminal and file lookups",
    code: `import { client, methods, RequestError } from "@agentclientprotocol/sdk";
const terminals = new Map<string, { output: string }>();
const files = new Map<string, string>();
client({ name: "c" })
  .onRequest(methods.client.terminal.output, ({ params }) => {
    const terminal = terminals.get(params.terminalId);
    if (!terminal) throw RequestError.resourceNotFound(params.terminalId);
    return { output: terminal.output, truncated: false };
  })
  .onRequest(methods.client.terminal.release, ({ params }) => {
    if (!terminals.delete(params.terminalId)) throw new Error("unknown terminal");
    return {};
  })
  .onRequest(methods.client.fs.readTextFile, ({ params }) => {
    const content = files.get(params.path);
    if (content === undefined) throw RequestError.resourceNotFound(params.path);
    return { content };
  })
  .onNotification(methods.client.session.update, ({ params }) => {
    terminals.get(params.sessionId)!.output += "";
  });`,
  },
  {
    name: "a helper that throws sessionNotFound, used by several handlers",
    code: `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { turns: number; mode: string }>();
function requireSession(sessionId: string) {
  const session = sessions.get(sessionId);
  if (!session) throw RequestError.sessionNotFound(sessionId);
  return session;
}
agent({ name: "a" })
  .onRequest(methods.agent.session.prompt, ({ params }) => {
    requireSession(params.sessionId).turns += 1;
    return { stopReason: "end_turn" };
  })
  .onRequest(methods.agent.session.setMode, ({ params }) => {
    requireSession(params.sessionId).mode = params.modeId;
    return {};
  })
  .onRequest(methods.agent.session.load, ({ params: { sessionId } }) => {
    requireSession(sessionId);
    return {};
  });`,
  },
];
