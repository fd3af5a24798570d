/**
 * Correct answers to failing params, and look-alikes of real code that answer something else for a reason:
 * invalid-params-error must stay silent on each.
 */
const SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const MODES = ["ask", "code"];
const sessions = new Map<string, { mode: string; busy: boolean }>();
export const app = agent({ name: "a" });
`;

const LEGACY = `import * as acp from "@agentclientprotocol/sdk";
const MODES = ["ask", "code"];
`;

export const PARAMS_CLEAN_SHAPES: readonly string[] = [
  // invalidParams for an unknown mode, and for a mode that is not found.
  `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!MODES.includes(params.modeId)) throw RequestError.invalidParams({ modeId: params.modeId });
  return {};
});`,
  `${LEGACY}export class A implements acp.Agent {
  async setSessionMode(params: acp.SetSessionModeRequest) {
    const mode = [{ id: "ask" }].find((m) => m.id === params.modeId);
    if (!mode) throw acp.RequestError.invalidParams({ modeId: params.modeId }, "Unknown mode");
    return {};
  }
}`,
  // A validation helper of the same file that throws invalidParams.
  `${SDK}function assertMode(modeId: string): void {
  if (!MODES.includes(modeId)) throw RequestError.invalidParams({ modeId });
}
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  assertMode(params.modeId);
  return {};
});`,
  // A helper defined elsewhere: what it throws cannot be seen.
  `${SDK}import { assertMode, decodeCursor } from "./validation.js";
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  assertMode(params.modeId);
  return {};
});
app.onRequest(methods.agent.session.list, ({ params }) => {
  const offset = decodeCursor(params.cursor);
  return { sessions: [], offset };
});`,
  // A zod error rethrown unchanged: the SDK sends it as -32602.
  `${SDK}import { z, ZodError } from "zod";
const Prompt = z.object({ sessionId: z.string() });
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  try {
    Prompt.parse(params);
  } catch (e) {
    throw e;
  }
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.new, ({ params }) => {
  try {
    Prompt.parse(params);
  } catch (e) {
    if (e instanceof ZodError) throw e;
    throw RequestError.internalError();
  }
  return { sessionId: "s" };
});`,
  // The unknown-session branch with -32002 (and a session check written as a plain Error, another rule's business).
  `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const session = sessions.get(params.sessionId);
  if (!session) throw new RequestError(-32002, "Resource not found", { sessionId: params.sessionId });
  session.mode = params.modeId;
  return {};
});
app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new Error("Session not found");
  return { configOptions: [] };
});`,
  // An unknown mode answered by falling back to a default mode: no error at all.
  `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const mode = MODES.includes(params.modeId) ? params.modeId : "ask";
  sessions.set(params.sessionId, { mode, busy: false });
  return {};
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!MODES.includes(params.modeId)) {
    sessions.set(params.sessionId, { mode: "ask", busy: false });
    return {};
  }
  return {};
});`,
  // -32602 written out, and through the file's own code table.
  `${SDK}const ErrorCodes = { InvalidParams: -32602, InternalError: -32603 } as const;
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!MODES.includes(params.modeId)) throw new RequestError(-32602, "Unknown mode");
  return {};
});
app.onRequest(methods.agent.session.list, ({ params }) => {
  try {
    JSON.parse(params.cursor ?? "{}");
  } catch {
    throw new RequestError(ErrorCodes.InvalidParams, "Invalid cursor");
  }
  return { sessions: [] };
});`,
  // Failures that are not the params': a busy session, the engine refusing the mode, I/O around a parse.
  `${SDK}declare const engine: { setMode(id: string): Promise<boolean>; load(): Promise<string> };
app.onRequest(methods.agent.session.setMode, async ({ params }) => {
  const session = sessions.get(params.sessionId);
  if (!session) throw RequestError.sessionNotFound(params.sessionId);
  if (session.busy) throw RequestError.internalError(undefined, "busy");
  if (!(await engine.setMode(params.modeId))) throw new Error("the engine refused the mode");
  try {
    await engine.setMode(params.modeId);
  } catch {
    throw RequestError.internalError();
  }
  return {};
});
app.onRequest(methods.agent.session.new, async ({ params }) => {
  try {
    const config = JSON.parse(await engine.load());
    return { sessionId: String(config.id ?? params.cwd) };
  } catch {
    throw RequestError.internalError(undefined, "corrupt config");
  }
});`,
  // A decoder of what the engine made from the params, not of the params themselves.
  `${SDK}declare const engine: { run(text: unknown): string };
declare function parseOutput(raw: string): { text: string } | undefined;
app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const output = parseOutput(engine.run(params.prompt));
  if (!output) throw new Error("the model answered nothing");
  if (!JSON.parse(engine.run(params.prompt))) throw RequestError.internalError();
  return { stopReason: "end_turn" };
});`,
  // A parse of the agent's own data, not of the params.
  `${SDK}declare const stored: string;
app.onRequest(methods.agent.session.list, () => {
  try {
    JSON.parse(stored);
  } catch {
    throw RequestError.internalError(undefined, "corrupt index");
  }
  return { sessions: [] };
});`,
  // A mode that is supported but needs authentication, and a missing credential answered with authRequired.
  `${SDK}declare const authed: boolean;
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (params.modeId === "bypass" && !authed) throw RequestError.authRequired();
  return {};
});
app.onRequest(methods.agent.session.new, ({ params }) => {
  if (!params._meta) throw RequestError.authRequired();
  return { sessionId: "s" };
});`,
  // Hand-rolled dispatch: a plain Error thrown out of the dispatcher is whatever its caller makes of it.
  `export function route(msg: { id: number; method: string; params: { modeId: string } }) {
  switch (msg.method) {
    case "session/set_mode":
      if (!["ask"].includes(msg.params.modeId)) throw new Error("unknown mode");
      return { jsonrpc: "2.0", id: msg.id, result: {} };
    default:
      return { jsonrpc: "2.0", id: msg.id, error: { code: -32601, message: "Method not found" } };
  }
}`,
  // A thrown error caught in the handler itself.
  `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  try {
    if (!MODES.includes(params.modeId)) throw new Error("unknown mode");
  } catch {
    return {};
  }
  return {};
});`,
  // A mode check outside ACP handlers, and an unrelated field test in a handler.
  `const MODES = ["ask"];
export function setMode(params: { modeId: string }) {
  if (!MODES.includes(params.modeId)) throw new Error("unknown mode");
}`,
  `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (params.prompt.length === 0) throw RequestError.invalidParams(undefined, "empty prompt");
  if (!MODES.includes(String(params._meta?.mode))) throw new Error("no mode");
  return { stopReason: "end_turn" };
});`,
  // gemini-cli's shapes: the mode checked by a method of the session object (another class's business), and
  // the authenticate methodId parsed by zod, whose error the SDK sends as -32602.
  `${LEGACY}import { z } from "zod";
enum AuthType { ApiKey = "api-key" }
type Session = { setMode(modeId: string): Promise<acp.SetSessionModeResponse> };
export class GeminiAgent implements acp.Agent {
  private sessions = new Map<string, Session>();
  async setSessionMode(params: acp.SetSessionModeRequest): Promise<acp.SetSessionModeResponse> {
    const session = this.sessions.get(params.sessionId);
    if (!session) throw acp.RequestError.sessionNotFound(params.sessionId);
    return session.setMode(params.modeId);
  }
  async authenticate({ methodId }: acp.AuthenticateRequest) {
    const method = z.nativeEnum(AuthType).parse(methodId);
    return { method };
  }
}`,
  // A supported mode refused while the session is locked: a state of the session, not of the params.
  `${SDK}const locks = new Map<string, { locked: boolean }>();
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  const lock = locks.get(params.sessionId);
  if (params.modeId !== "ask" && lock?.locked) throw RequestError.internalError(undefined, "locked");
  return {};
});`,
  // -32602 carried by a value that is not a RequestError: lost on the wire, which no-lost-error-code reports.
  `${SDK}app.onRequest(methods.agent.session.setMode, ({ params }) => {
  if (!MODES.includes(params.modeId)) throw { code: -32602, message: "Unknown mode" };
  return {};
});`,
  // An error thrown after more work than the test: about that work, not the params.
  `${SDK}declare function restore(): Promise<{ id: string } | undefined>;
app.onRequest(methods.agent.session.new, async ({ params }) => {
  if (params.cwd) {
    return { sessionId: params.cwd };
  }
  const restored = await restore();
  throw RequestError.internalError({ restored });
});`,
  // A missing field answered with -32602.
  `${SDK}app.onRequest(methods.agent.session.new, ({ params }) => {
  if (!params.cwd) throw RequestError.invalidParams({ field: "cwd" });
  return { sessionId: "s" };
});`,
  // A bad cursor answered by starting from the first page.
  `${SDK}app.onRequest(methods.agent.session.list, ({ params }) => {
  let offset = 0;
  try {
    offset = Number(atob(params.cursor ?? ""));
  } catch {
    offset = 0;
  }
  return { sessions: [], offset };
});`,
];
