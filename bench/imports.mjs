// The bench's multi-module project, for what following relative imports costs: the same files linted from disk,
// where `./x.js` resolves and the plugin reads the imported module, and from memory under a folder that does not
// exist, where nothing resolves. Real code that imports its own modules (the ACP SDK's shipped JavaScript, zod's
// TypeScript sources; copied out of node_modules, which the plugin never reads) and generated ACP agents whose
// session managers, codes and send helpers live in modules of their own. Deterministic: the same arguments give
// the same files.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { codeFiles, readModuleFile } from "./workload.mjs";

/** The real sources: every code file of each folder (tests and huge files skipped), the quick run a few of them. */
const REAL = [
  { dir: "@agentclientprotocol/sdk/dist", quick: /\/(?:acp|index|stream|jsonrpc)[^/]*\.js$/ },
  { dir: "zod/src/v3", quick: /\/(?:types|errors|ZodError|index|external)\.ts$|\/helpers\// },
];

/** The modules of generated agent `k`: its session manager, and the codes and send helper all agents share. */
const sessionsSource = (k) => `import { RequestError } from "@agentclientprotocol/sdk";
import { Codes } from "./protocol.js";

export interface Session${k} { cwd: string; mode: string; busy: boolean; turns: number }

export class Sessions${k} {
  private readonly byId = new Map<string, Session${k}>();

  open(cwd: string): string {
    const id = crypto.randomUUID();
    this.byId.set(id, { cwd, mode: "ask", busy: false, turns: 0 });
    return id;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): Session${k} {
    const session = this.byId.get(id);
    if (!session) throw ${k % 2 ? "new Error(`no session ${id}`)" : "RequestError.resourceNotFound(id)"};
    return session;
  }

  expire(id: string): void {
    const session = this.byId.get(id);
    if (!session) throw new RequestError(Codes.Expired, "session expired", { sessionId: id });
    this.byId.delete(id);
  }
}
`;

const PROTOCOL = `export const Codes = { InvalidParams: -32602, Internal: -32603, Expired: -32042, Busy: 42900 } as const;
export const MODES = ["ask", "code", "plan"];
export enum AppError { Conflict = 41001, Gone }
`;

const WIRE = `export interface Out { write(line: string): void }

export function sendError(out: Out, id: number | string, code: number, message: string, data?: unknown) {
  out.write(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message, data } }));
}

export function sendResult(out: Out, id: number | string, result: unknown) {
  out.write(JSON.stringify({ jsonrpc: "2.0", id, result }));
}
`;

/** A legacy Agent class over agent `k`'s session manager, and a hand-rolled dispatcher sending through the shared helper. */
const agentSource = (k) => `import * as acp from "@agentclientprotocol/sdk";
import { AppError, Codes, MODES } from "./protocol.js";
import { Sessions${k} } from "./sessions-${k}.js";
import { sendError, sendResult, type Out } from "./wire.js";

export class Agent${k} implements acp.Agent {
  private readonly sessions = new Sessions${k}();

  constructor(private readonly conn: acp.AgentSideConnection) {}

  async initialize(): Promise<acp.InitializeResponse> {
    return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: { loadSession: true } };
  }

  async authenticate(): Promise<void> {}

  async newSession(params: acp.NewSessionRequest): Promise<acp.NewSessionResponse> {
    return { sessionId: this.sessions.open(params.cwd) };
  }

  async loadSession(params: acp.LoadSessionRequest): Promise<acp.LoadSessionResponse> {
    this.sessions.get(params.sessionId).turns = 0;
    return {};
  }

  async prompt(params: acp.PromptRequest): Promise<acp.PromptResponse> {
    const session = this.sessions.get(params.sessionId);
    if (session.busy) throw new acp.RequestError(Codes.Busy, "a prompt is running");
    session.turns += 1;
    return { stopReason: "end_turn" };
  }

  async setSessionMode(params: acp.SetSessionModeRequest): Promise<acp.SetSessionModeResponse> {
    if (!this.sessions.has(params.sessionId)) throw acp.RequestError.resourceNotFound(params.sessionId);
    if (!MODES.includes(params.modeId)) throw new acp.RequestError(${k % 2 ? "Codes.Internal" : "Codes.InvalidParams"}, "unknown mode");
    this.sessions.get(params.sessionId).mode = params.modeId;
    return {};
  }

  async cancel(): Promise<void> {}
}

export function dispatch${k}(out: Out, msg: { id: number; method: string; params: { sessionId: string } }, sessions: Sessions${k}) {
  switch (msg.method) {
    case "session/prompt":
      if (!sessions.has(msg.params.sessionId)) return sendError(out, msg.id, ${k % 2 ? "-32001" : "AppError.Gone"}, "unknown session");
      return sendResult(out, msg.id, { stopReason: "end_turn" });
    default:
      return sendError(out, msg.id, -32601, \`unknown method \${msg.method}\`);
  }
}
`;

/**
 * The project's files, named relative to the run's root: `real/...` and `acp/...` under `folder`; `units` agents.
 * Returns the linted files by part, and every file to write (the agents' modules are linted too).
 */
export function importsFiles(folder, { quick }) {
  const real = REAL.flatMap(({ dir, quick: few }) =>
    codeFiles(dir)
      .files.filter((rel) => !quick || few.test(rel))
      .map((rel) => ({ name: `${folder}/real/${rel}`, text: readModuleFile(rel) })),
  );
  const units = quick ? 4 : 16;
  const acp = [
    { name: `${folder}/acp/protocol.ts`, text: PROTOCOL },
    { name: `${folder}/acp/wire.ts`, text: WIRE },
    ...Array.from({ length: units }, (_, k) => [
      { name: `${folder}/acp/sessions-${k}.ts`, text: sessionsSource(k) },
      { name: `${folder}/acp/agent-${k}.ts`, text: agentSource(k) },
    ]).flat(),
  ];
  return { real, acp, units };
}

/** Writes `files` (`{ name, text }`, names relative to `root`). */
export function writeFiles(root, files) {
  for (const file of files) {
    const path = join(root, file.name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.text);
  }
}
