// The real `vscode-eslint-language-server` (package vscode-langservers-extracted) as an editor drives it over stdio:
// initialize with a workspace folder, answer the server's configuration requests, open a document, pull its
// diagnostics, ask for code actions and run them.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createRequire } from "node:module";
import { basename } from "node:path";
import { pathToFileURL } from "node:url";
import { LspConnection } from "./lsp-connection.js";
import type { CodeAction, Command, Diagnostic, WorkspaceEdit } from "./lsp-types.js";
import { vscodeEslintSettings } from "./vscode-eslint-settings.js";

const serverScript = createRequire(import.meta.url).resolve(
  "vscode-langservers-extracted/bin/vscode-eslint-language-server",
);

// The first lint loads ESLint, the config, the plugin and the TypeScript parser: seconds on a busy machine.
const firstAnswerTimeoutMs = 120_000;
const answerTimeoutMs = 30_000;
const exitTimeoutMs = 10_000;

/** `window/logMessage` from the server: type 1 error, 2 warning, 3 info, 4 log. */
export interface LogMessage {
  type: number;
  message: string;
}

export class EslintLanguageServer {
  /** Every edit the server asked the editor to apply (`workspace/applyEdit`), in order. */
  readonly appliedEdits: WorkspaceEdit[] = [];
  readonly connection: LspConnection;
  private stderr = "";

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    this.connection = new LspConnection(child, () => this.transcript());
    child.stderr.on("data", (chunk: Buffer) => (this.stderr += chunk.toString("utf8")));
  }

  static async start(workspaceDir: string): Promise<EslintLanguageServer> {
    const child = spawn(process.execPath, [serverScript, "--stdio"], { cwd: workspaceDir });
    const server = new EslintLanguageServer(child);
    server.answerServerRequests(workspaceDir);
    try {
      await server.connection.request("initialize", initializeParams(workspaceDir), firstAnswerTimeoutMs);
      server.connection.notify("initialized", {});
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  get logMessages(): LogMessage[] {
    return this.connection.notifications
      .filter((n) => n.method === "window/logMessage")
      .map((n) => n.params as LogMessage);
  }

  /** The last `eslint/status` for the document: state 1 ok, 2 warn, 3 error. */
  statusOf(uri: string): number | undefined {
    const statuses = this.connection.notifications
      .filter((n) => n.method === "eslint/status")
      .map((n) => n.params as { uri: string; state: number })
      .filter((status) => status.uri === uri);
    return statuses.at(-1)?.state;
  }

  open(uri: string, text: string, languageId = "typescript"): void {
    this.connection.notify("textDocument/didOpen", { textDocument: { uri, languageId, version: 1, text } });
  }

  /** The editor's new text of an open document (`textDocument/didChange` with the whole text): the server lints it again. */
  change(uri: string, version: number, text: string): void {
    this.connection.notify("textDocument/didChange", { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  /** Pull diagnostics (`textDocument/diagnostic`): this server publishes none by itself. */
  async diagnostics(uri: string): Promise<Diagnostic[]> {
    const report = await this.connection.request<{ kind: string; items: Diagnostic[] }>(
      "textDocument/diagnostic",
      { textDocument: { uri } },
      firstAnswerTimeoutMs,
    );
    if (report.kind !== "full") throw new Error(`expected a full diagnostic report, got ${JSON.stringify(report)}`);
    return report.items;
  }

  /** The quick fixes offered for one diagnostic, as when the cursor is on it and the light bulb is opened. */
  codeActions(uri: string, diagnostic: Diagnostic): Promise<CodeAction[]> {
    return this.connection.request<CodeAction[]>(
      "textDocument/codeAction",
      { textDocument: { uri }, range: diagnostic.range, context: { diagnostics: [diagnostic], triggerKind: 1 } },
      answerTimeoutMs,
    );
  }

  /** Run a code action's command; returns the edits the server asked the editor to apply meanwhile. */
  async run(command: Command): Promise<WorkspaceEdit[]> {
    const before = this.appliedEdits.length;
    await this.connection.request(
      "workspace/executeCommand",
      { command: command.command, arguments: command.arguments },
      answerTimeoutMs,
    );
    return this.appliedEdits.slice(before);
  }

  /** shutdown + exit as an editor closes the server; killed if it does not go. Safe to call twice. */
  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    try {
      await this.connection.request("shutdown", null, exitTimeoutMs);
      this.connection.notify("exit", null);
    } catch {
      // Already broken: the kill below ends it.
    }
    const timer = setTimeout(() => this.child.kill("SIGKILL"), exitTimeoutMs);
    await exited;
    clearTimeout(timer);
  }

  /** What the server said, for failure messages. */
  transcript(): string {
    const log = this.logMessages.map((m) => `[log ${m.type}] ${m.message}`).join("\n");
    return `server log:\n${log}\nserver stderr:\n${this.stderr}`;
  }

  private answerServerRequests(workspaceDir: string): void {
    const settings = vscodeEslintSettings(workspaceDir);
    this.connection.onRequest("workspace/configuration", (params) =>
      (params as { items: unknown[] }).items.map(() => settings),
    );
    this.connection.onRequest("workspace/applyEdit", (params) => {
      this.appliedEdits.push((params as { edit: WorkspaceEdit }).edit);
      return { applied: true };
    });
    for (const method of ["client/registerCapability", "window/workDoneProgress/create", "workspace/diagnostic/refresh"]) {
      this.connection.onRequest(method, () => null);
    }
  }
}

function initializeParams(workspaceDir: string) {
  const uri = pathToFileURL(workspaceDir).href;
  return {
    processId: process.pid,
    clientInfo: { name: "eslint-plugin-acp editor test" },
    rootUri: uri,
    workspaceFolders: [{ uri, name: basename(workspaceDir) }],
    capabilities: {
      workspace: {
        configuration: true,
        workspaceFolders: true,
        applyEdit: true,
        workspaceEdit: { documentChanges: true },
        executeCommand: { dynamicRegistration: false },
        diagnostics: { refreshSupport: true },
      },
      textDocument: {
        synchronization: { dynamicRegistration: false, didSave: true },
        publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true },
        diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false },
        codeAction: {
          dynamicRegistration: false,
          isPreferredSupport: true,
          codeActionLiteralSupport: {
            codeActionKind: { valueSet: ["", "quickfix", "refactor", "source", "source.fixAll"] },
          },
        },
      },
      window: { workDoneProgress: true },
    },
  };
}
