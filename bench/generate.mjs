// The bench's generated ACP code: agents and clients in every handler style the analysis recognises (SDK 2.x
// `agent()` / `client()` apps by `methods.*` key and by wire name, legacy `Agent` / `Client` classes and
// connection factories, vscode-jsonrpc connections, hand-rolled `switch (msg.method)` and `if` dispatchers,
// handler maps, delegates), each written clean and with mistakes, plus the single SDK 2.x agent the growth
// figure lints at N and 10N handlers. Everything here is deterministic: the same arguments give the same text.

const SDK = '"@agentclientprotocol/sdk"';
const STORE = `const sessions = new Map<string, { busy: boolean; mode: string; turns: number; dispose(): void }>();
const terminals = new Map<string, { output: string; exitCode: number | null; kill(): void }>();
const MODES = ["ask", "code"];
const Codes = { InvalidParams: -32602, Internal: -32603, Busy: 42900, Quota: 42901 } as const;
enum AppError { Conflict = 41001, Gone }`;

const indent = (text, depth) =>
  text
    .split("\n")
    .map((line) => (line ? " ".repeat(depth) + line : line))
    .join("\n");

// ---- Handler bodies: `params` is the request's params; `k` numbers the unit, `bad` asks for a mistake. ----

/** The session lookup and guard; the mistakes rotate through a reserved code, a plain Error, an error result and no guard. */
function lookup(k, bad) {
  const get = "const session = sessions.get(params.sessionId);";
  if (!bad) return `${get}\nif (!session) throw RequestError.sessionNotFound(params.sessionId);`;
  switch (k % 4) {
    case 0:
      return `${get}\nif (!session) throw new RequestError(-32001, "Session not found");`;
    case 1:
      return `${get}\nif (!session) throw new Error(\`no session \${params.sessionId}\`);`;
    case 2:
      return `${get}\nif (session === undefined) return { error: { code: -32602, message: "bad session" } };`;
    default:
      return `const session = sessions.get(params.sessionId)!;`;
  }
}

const BODIES = {
  prompt: (k, bad) => `${lookup(k, bad)}
if (session.busy) throw ${bad ? `new RequestError(-32010, "busy ${k}")` : `RequestError.invalidRequest({ sessionId: params.sessionId }, "a prompt is running")`};
session.turns += 1;
if (session.turns > ${100 + k}) throw new RequestError(${bad ? "Codes.Quota" : "AppError.Conflict"}, "quota");
try {
  session.busy = true;
  return { stopReason: ${bad && k % 2 ? '"done"' : '"end_turn"'} };
} catch (err) {
  ${bad ? 'throw Object.assign(new Error("prompt failed"), { code: -32603 });' : "throw RequestError.internalError({ cause: String(err) });"}
} finally {
  session.busy = false;
}`,
  setMode: (k, bad) => `${lookup(k, bad)}
if (!MODES.includes(params.modeId)) {
  throw ${bad ? 'new RequestError(-32602, "Unknown mode", { modeId: params.modeId })' : 'RequestError.invalidParams({ modeId: params.modeId }, "Unknown mode")'};
}
session.mode = params.modeId;
return {};`,
  load: (k, bad) => `${lookup(k, bad)}
session.turns = 0;
return { modes: { currentModeId: session.mode, availableModes: [] } };`,
  remove: (k, bad) => `const session = sessions.get(params.sessionId);
if (!session) ${bad ? "throw RequestError.sessionNotFound(params.sessionId);" : "return {};"}
session.dispose();
sessions.delete(params.sessionId);
return {};`,
  cancel: (k, bad) => `const session = sessions.get(params.sessionId);
if (!session) ${bad ? "throw RequestError.sessionNotFound(params.sessionId);" : "return;"}
session.busy = false;`,
  initialize: (k, bad) =>
    bad
      ? `return { protocolVersion: ${k % 2 ? "2" : "params.protocolVersion"}, agentCapabilities: { loadSession: true } };`
      : `const protocolVersion = params.protocolVersion >= 1 ? 1 : params.protocolVersion;
return { protocolVersion, agentCapabilities: { loadSession: true, sessionCapabilities: { delete: {} } }, authMethods: [] };`,
  newSession: (k, bad) => `if (!params.cwd.startsWith("/")) throw ${bad ? `{ code: "EINVAL", message: "cwd ${k}" }` : 'RequestError.invalidParams({ cwd: params.cwd }, "cwd must be absolute")'};
const sessionId = "s${k}-" + sessions.size;
sessions.set(sessionId, { busy: false, mode: "ask", turns: 0, dispose() {} });
return { sessionId };`,
  // Client side.
  readFile: (k, bad) => `try {
  const content = await readFile(params.path, "utf8");
  return { content };
} catch (err) {
  if ((err as { code?: string }).code === "ENOENT") throw ${bad ? 'new Error("missing " + params.path)' : "RequestError.resourceNotFound(params.path)"};
  throw err;
}`,
  writeFile: (k, bad) => `if (!existsSync(params.path)) ${bad ? 'throw new RequestError(-32000, "no such file");' : "throw RequestError.resourceNotFound(params.path);"}
await writeFile(params.path, params.content);
return {};`,
  output: (k, bad) => `const terminal = terminals.get(params.terminalId);
if (!terminal) throw ${bad ? 'new Error("unknown terminal")' : "RequestError.resourceNotFound(params.terminalId)"};
return { output: terminal.output, truncated: false };`,
  kill: (k, bad) => `const terminal = terminals.get(params.terminalId);
if (!terminal) throw ${bad ? '{ code: -32099, message: "gone" }' : "RequestError.resourceNotFound(params.terminalId)"};
terminal.kill();
return {};`,
  permission: (k, bad) => `const option = params.options.find((o) => o.kind === "${k % 2 ? "allow_once" : "reject_once"}");
if (!option) ${bad ? 'throw new RequestError(-32700, "no option");' : 'return { outcome: { outcome: "cancelled" } };'}
return { outcome: { outcome: "selected", optionId: option.optionId } };`,
  update: (k, bad) => `if (params.update.sessionUpdate === "agent_message_chunk") log.push(String(params.update.content));
${bad ? `if (log.length > ${1000 + k}) throw RequestError.internalError({ size: log.length });` : `if (log.length > ${1000 + k}) log.length = 0;`}`,
};

// The methods a unit answers: [wire, legacy name, SDK key, body, request type, response type].
const AGENT = [
  ["initialize", "initialize", "agent.initialize", "initialize", "InitializeRequest", "InitializeResponse"],
  ["session/new", "newSession", "agent.session.new", "newSession", "NewSessionRequest", "NewSessionResponse"],
  ["session/load", "loadSession", "agent.session.load", "load", "LoadSessionRequest", "LoadSessionResponse"],
  ["session/prompt", "prompt", "agent.session.prompt", "prompt", "PromptRequest", "PromptResponse"],
  ["session/set_mode", "setSessionMode", "agent.session.setMode", "setMode", "SetSessionModeRequest", "SetSessionModeResponse"],
  ["session/delete", "deleteSession", "agent.session.delete", "remove", "DeleteSessionRequest", "DeleteSessionResponse"],
];
const AGENT_NOTE = ["session/cancel", "cancel", "agent.session.cancel", "cancel", "CancelNotification"];
const CLIENT = [
  ["fs/read_text_file", "readTextFile", "client.fs.readTextFile", "readFile", "ReadTextFileRequest", "ReadTextFileResponse"],
  ["fs/write_text_file", "writeTextFile", "client.fs.writeTextFile", "writeFile", "WriteTextFileRequest", "WriteTextFileResponse"],
  ["terminal/output", "terminalOutput", "client.terminal.output", "output", "TerminalOutputRequest", "TerminalOutputResponse"],
  ["terminal/kill", "killTerminal", "client.terminal.kill", "kill", "KillTerminalRequest", "KillTerminalResponse"],
  ["session/request_permission", "requestPermission", "client.session.requestPermission", "permission", "RequestPermissionRequest", "RequestPermissionResponse"],
];
const CLIENT_NOTE = ["session/update", "sessionUpdate", "client.session.update", "update", "SessionNotification"];

/** Whether unit `k` of a file with mistakes gets them: two units in three, so such a file mixes both. */
const faulty = (mistakes, k) => mistakes && k % 3 !== 0;
const body = (name, k, bad, depth) => indent(BODIES[name](k, bad), depth);

const PRELUDE_AGENT = (imports) => `import { ${imports} } from ${SDK};\n${STORE}`;
const PRELUDE_CLIENT = (imports) => `import { readFile, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { ${imports} } from ${SDK};
${STORE}
const log: string[] = [];`;

/** Code that handles the codes a peer answers: a code switch, with a default or without one, and a code table. */
function codeHandling(k, bad) {
  return `export function explain${k}(err: { code: number; message: string }): string {
  switch (err.code) {
    case -32002:
      return "the session is gone";
    case -32601:
      return "update the agent";${bad ? "" : "\n    default:\n      return err.message;"}
  }
  return HINTS${k}[err.code] ?? "failed";
}
const HINTS${k}: Record<number, string> = { [-32000]: "sign in", [-32603]: "agent error" };`;
}

/** One file of `units` units in `style`; units are numbered from `first` so that names never clash across files. */
const STYLES = {
  "sdk-agent-methods": (units, mistakes) => {
    const parts = [PRELUDE_AGENT("agent, methods, RequestError")];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      const chain = AGENT.map(
        ([, , key, name]) => `  .onRequest(methods.${key}, async ({ params }) => {\n${body(name, k, bad, 4)}\n  })`,
      );
      chain.push(`  .onNotification(methods.${AGENT_NOTE[2]}, ({ params }) => {\n${body("cancel", k, bad, 4)}\n  })`);
      parts.push(`export const app${k} = agent({ name: "agent-${k}" })\n${chain.join("\n")};`);
    }
    return parts;
  },
  "sdk-agent-wire": (units, mistakes) => {
    const parts = [`import * as acp from ${SDK};\n${PRELUDE_AGENT("RequestError")}`];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      parts.push(`const app${k} = acp.agent({ name: "wire-${k}" });`);
      for (const [wire, , , name] of AGENT) {
        parts.push(`app${k}.onRequest("${wire}", async (ctx) => {\n  const params = ctx.params;\n${body(name, k, bad, 2)}\n});`);
      }
      parts.push(`app${k}.onNotification("${AGENT_NOTE[0]}", (ctx) => {\n  const { params } = ctx;\n${body("cancel", k, bad, 2)}\n});`);
      parts.push(`export { app${k} };`);
    }
    return parts;
  },
  "legacy-agent-class": (units, mistakes) => {
    const parts = [PRELUDE_AGENT("type Agent, RequestError")];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      const members = AGENT.map(([, legacy, , name]) => `  async ${legacy}(params: any) {\n${body(name, k, bad, 4)}\n  }`);
      members.push(`  async cancel(params: { sessionId: string }) {\n${body("cancel", k, bad, 4)}\n  }`);
      members.push("  async authenticate() {\n    return {};\n  }");
      parts.push(`export class Agent${k} implements Agent {\n${members.join("\n")}\n}`);
    }
    return parts;
  },
  "legacy-agent-factory": (units, mistakes) => {
    const parts = [PRELUDE_AGENT("AgentSideConnection, RequestError")];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      const members = AGENT.map(([, legacy, , name]) => `    async ${legacy}(params: any) {\n${body(name, k, bad, 6)}\n    },`);
      parts.push(`export const start${k} = (stream: never) =>\n  new AgentSideConnection(() => ({\n${members.join("\n")}\n  }) as never, stream);`);
    }
    return parts;
  },
  "dispatch-switch": (units, mistakes) => {
    const parts = [PRELUDE_AGENT("RequestError")];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      const cases = AGENT.map(([wire, , , name]) => `    case "${wire}": {\n      const params = msg.params;\n${body(name, k, bad, 6)}\n    }`);
      cases.push(`    case "${AGENT_NOTE[0]}": {\n      const params = msg.params;\n${body("cancel", k, bad, 6)}\n      return undefined;\n    }`);
      const fallback = bad
        ? '      return { jsonrpc: "2.0", id: msg.id, error: { code: -32600, message: "unknown method" } };'
        : "      throw RequestError.methodNotFound(msg.method);";
      parts.push(`export async function route${k}(msg: { id: number; method: string; params: any }): Promise<any> {
  switch (msg.method) {
${cases.join("\n")}
    default:
${fallback}
  }
}`);
    }
    return parts;
  },
  "dispatch-if-and-map": (units, mistakes) => {
    const parts = [PRELUDE_AGENT("RequestError")];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      const [first, second, ...rest] = AGENT;
      const branches = [first, second].map(([wire, , , name]) => `  if (method === "${wire}") {\n${body(name, k, bad, 4)}\n  }`);
      parts.push(`export async function handle${k}(method: string, params: any): Promise<any> {
${branches.join("\n")}
  const handler = handlers${k}[method as keyof typeof handlers${k}];
  if (!handler) throw ${bad ? 'new Error("no such method")' : "RequestError.methodNotFound(method)"};
  return handler(params);
}`);
      const entries = rest.map(([wire, , , name]) => `  "${wire}": async (params: any) => {\n${body(name, k, bad, 4)}\n  },`);
      parts.push(`const handlers${k} = {\n${entries.join("\n")}\n};`);
    }
    return parts;
  },
  "jsonrpc-connection": (units, mistakes) => {
    const parts = [`import { createMessageConnection } from "vscode-jsonrpc/node";\n${PRELUDE_AGENT("RequestError")}`];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      parts.push(`const connection${k} = createMessageConnection(process.stdin as never, process.stdout as never);`);
      for (const [wire, , , name] of AGENT.slice(2)) {
        parts.push(`connection${k}.onRequest("${wire}", async (params: any) => {\n${body(name, k, bad, 2)}\n});`);
      }
      parts.push(`connection${k}.listen();`);
    }
    return parts;
  },
  "delegate-classes": (units, mistakes) => {
    const types = AGENT.flatMap(([, , , , req, res]) => [`type ${req}`, `type ${res}`]).join(", ");
    const parts = [PRELUDE_AGENT(`agent, methods, RequestError, ${types}`)];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      const members = AGENT.map(
        ([, legacy, , name, req, res]) => `  async ${legacy}(params: ${req}): Promise<${res}> {\n${body(name, k, bad, 4)}\n  }`,
      );
      parts.push(`export class Handlers${k} {\n${members.join("\n")}\n}`);
      parts.push(`const handlers${k} = new Handlers${k}();`);
      const chain = [AGENT[0], ...AGENT.slice(2, 5)].map(([, legacy, key]) => `  .onRequest(methods.${key}, (ctx) => handlers${k}.${legacy}(ctx.params))`);
      parts.push(`export const delegating${k} = agent({ name: "delegating-${k}" })\n${chain.join("\n")};`);
    }
    return parts;
  },
  "sdk-client-methods": (units, mistakes) => {
    const parts = [PRELUDE_CLIENT("client, methods, RequestError")];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      const chain = CLIENT.map(([, , key, name]) => `  .onRequest(methods.${key}, async ({ params }) => {\n${body(name, k, bad, 4)}\n  })`);
      chain.push(`  .onNotification(methods.${CLIENT_NOTE[2]}, ({ params }) => {\n${body("update", k, bad, 4)}\n  })`);
      parts.push(`export const client${k} = client({ name: "client-${k}" })\n${chain.join("\n")};`);
      parts.push(codeHandling(k, bad));
    }
    return parts;
  },
  "sdk-client-wire": (units, mistakes) => {
    const parts = [`import * as acp from ${SDK};\n${PRELUDE_CLIENT("RequestError")}`];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      parts.push(`const client${k} = acp.client({ name: "wire-client-${k}" });`);
      for (const [wire, , , name] of CLIENT) {
        parts.push(`client${k}.onRequest("${wire}", async (ctx) => {\n  const params = ctx.params;\n${body(name, k, bad, 2)}\n});`);
      }
      parts.push(`export { client${k} };`);
    }
    return parts;
  },
  "legacy-client-class": (units, mistakes) => {
    const parts = [PRELUDE_CLIENT("type Client, RequestError")];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      const members = CLIENT.map(([, legacy, , name]) => `  async ${legacy}(params: any) {\n${body(name, k, bad, 4)}\n  }`);
      members.push(`  async sessionUpdate(params: any) {\n${body("update", k, bad, 4)}\n  }`);
      parts.push(`export class Client${k} implements Client {\n${members.join("\n")}\n}`);
      parts.push(codeHandling(k, bad));
    }
    return parts;
  },
  "legacy-client-factory": (units, mistakes) => {
    const parts = [PRELUDE_CLIENT("ClientSideConnection, RequestError")];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      const members = CLIENT.map(([, legacy, , name]) => `    async ${legacy}(params: any) {\n${body(name, k, bad, 6)}\n    },`);
      parts.push(`export const connect${k} = (stream: never) =>\n  new ClientSideConnection(() => ({\n${members.join("\n")}\n  }) as never, stream);`);
    }
    return parts;
  },
  "client-dispatch-switch": (units, mistakes) => {
    const parts = [PRELUDE_CLIENT("RequestError")];
    for (let k = 0; k < units; k++) {
      const bad = faulty(mistakes, k);
      const cases = CLIENT.map(([wire, , , name]) => `    case "${wire}": {\n      const params = msg.params;\n${body(name, k, bad, 6)}\n    }`);
      parts.push(`export async function answer${k}(msg: { id: number; method: string; params: any }): Promise<any> {
  switch (msg.method) {
${cases.join("\n")}
  }
  ${bad ? "return null;" : "throw RequestError.methodNotFound(msg.method);"}
}`);
    }
    return parts;
  },
};

/** The handler styles, by name. */
export const STYLE_NAMES = Object.keys(STYLES);

/**
 * The generated part of the workload: for each style, one clean file and one with mistakes, of `units` units
 * each (a unit is an app, class, dispatcher or connection answering three to seven methods).
 */
export function generatedFiles(units) {
  const files = [];
  for (const style of STYLE_NAMES) {
    for (const mistakes of [false, true]) {
      const text = `${STYLES[style](units, mistakes).join("\n\n")}\n`;
      files.push({ name: `generated/${style}${mistakes ? "-mistakes" : ""}.ts`, text });
    }
  }
  return files;
}

/**
 * The growth file: one SDK 2.x agent with `handlers` session-scoped handlers (half by `methods.*`, half by wire
 * name), each with a session lookup and guard, a few error sites, a code table and helper calls, plus a
 * client-side code switch and table lookup per handler: 16 lines a handler.
 */
export function agentSource(handlers) {
  const lines = [
    'import { agent, methods, RequestError } from "@agentclientprotocol/sdk";',
    "const Codes = { InvalidParams: -32602, Internal: -32603, Busy: -32010 } as const;",
    "enum AppError { Conflict = 41001, Gone }",
    "function fail(code: number, message: string, data?: unknown) { return new RequestError(code, message, data); }",
    "const sessions = new Map<string, { busy: boolean }>();",
    'const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "update" };',
    'const app = agent({ name: "bench" });',
  ];
  for (let i = 0; i < handlers; i++) {
    const method = i % 2 ? "methods.agent.session.prompt" : '"session/set_mode"';
    lines.push(
      `app.onRequest(${method}, async ({ params }) => {`,
      "  const session = sessions.get(params.sessionId);",
      "  if (!session) throw RequestError.sessionNotFound(params.sessionId);",
      `  if (session.busy) throw new RequestError(Codes.Busy, "busy ${i}");`,
      `  if (params.sessionId === "x${i}") throw new RequestError(-32602, "Unknown mode", { id: params.sessionId });`,
      `  if (params.sessionId === "y${i}") return { error: { code: AppError.Gone, message: "gone" } };`,
      `  if (params.sessionId === "z${i}") throw fail(${i % 2 ? "-32001" : "AppError.Conflict"}, "conflict");`,
      '  return { stopReason: "end_turn" };',
      "});",
      `export function next${i}(err: { code: number }) {`,
      "  switch (err.code) {",
      '    case -32000: return "login";',
      '    case -32002: return "recreate";',
      "  }",
      `  return HINTS[err.code] ?? "fail ${i}";`,
      "}",
    );
  }
  return lines.join("\n");
}
