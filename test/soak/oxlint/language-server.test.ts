// oxlint's language server (`oxlint --lsp`, what the oxc editor extensions start) runs the plugin as its CLI does: an
// agent opened in the editor gets the same acp findings, at the same places and with the same messages, as
// `oxlint -f json` prints for that file.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, expect, it } from "vitest";
import { LspConnection } from "../../editor/lsp-connection.js";
import { ALL_RULES, OXLINT, oxlintFindings, writeOxlintConfig } from "./engines.js";

const dir = mkdtempSync(join(tmpdir(), "acp-oxlint-lsp-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Diagnostic {
  readonly range: { readonly start: { readonly line: number; readonly character: number } };
  readonly code?: string | number;
  readonly message: string;
}

/** The first non-empty diagnostics the server publishes for `uri`, waiting up to `timeoutMs`. */
async function publishedFor(connection: LspConnection, uri: string, timeoutMs: number): Promise<Diagnostic[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = connection.notifications.find(
      (n) => n.method === "textDocument/publishDiagnostics" && (n.params as { uri: string }).uri === uri && (n.params as { diagnostics: Diagnostic[] }).diagnostics.length > 0,
    );
    if (found) return (found.params as { diagnostics: Diagnostic[] }).diagnostics;
    if (Date.now() > deadline) throw new Error(`no diagnostics for ${uri} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it("an agent opened through oxlint's language server gets the findings oxlint's CLI prints", async () => {
  cpSync(join(import.meta.dirname, "../../../examples"), dir, { recursive: true });
  const setup = { rules: ALL_RULES };
  const cli = oxlintFindings(dir, setup).filter((line) => line.startsWith("agent.ts:"));
  expect(cli.length).toBeGreaterThan(5);
  writeOxlintConfig(dir, setup);

  const child = spawn(process.execPath, [OXLINT, "--lsp"], { cwd: dir });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const connection = new LspConnection(child, () => stderr);
  try {
    const root = pathToFileURL(dir).href;
    await connection.request("initialize", { processId: process.pid, rootUri: root, capabilities: {}, workspaceFolders: [{ uri: root, name: "examples" }] }, 60_000);
    connection.notify("initialized", {});
    const uri = pathToFileURL(join(dir, "agent.ts")).href;
    connection.notify("textDocument/didOpen", { textDocument: { uri, languageId: "typescript", version: 1, text: readFileSync(join(dir, "agent.ts"), "utf8") } });
    const diagnostics = await publishedFor(connection, uri, 60_000);
    const lines = diagnostics.map((d) => {
      const rule = String(d.code ?? "").replace(/^acp\((.+)\)$/u, "acp/$1");
      return `agent.ts:${d.range.start.line + 1}:${d.range.start.character + 1} ${rule} ${d.message}`;
    });
    expect(lines.sort()).toEqual(cli);
  } finally {
    child.kill();
  }
});
