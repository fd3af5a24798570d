// End to end in an editor: the real ESLint language server (what VS Code, Neovim, Helix and Zed run) opens a
// file of a project that uses the built plugin, and must show what ESLint's own API reports for that file:
// the same rule ids, messages, ranges and severities, and our suggestions as code actions with the same edits.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ESLint, type Linter } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyTextEdits, editsFor } from "./apply-edit.js";
import { EslintLanguageServer } from "./eslint-language-server.js";
import { DiagnosticSeverity, type Diagnostic } from "./lsp-types.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const projectDir = join(repoRoot, "test", "fixtures", "editor-project");
const filePath = join(projectDir, "agent.ts");
const fileUri = pathToFileURL(filePath).href;
const text = readFileSync(filePath, "utf8");

// The expectation: ESLint's Node API on the same file with the project's eslint.config.js.
const eslint = new ESLint({ cwd: projectDir });
const [lintResult] = await eslint.lintFiles([filePath]);
if (!lintResult) throw new Error(`ESLint returned no result for ${filePath}`);
const messages = lintResult.messages;
const rulesMeta = eslint.getRulesMetaForResults([lintResult]);
const reportedRuleIds = [...new Set(messages.map((m) => m.ruleId))];
const messageCases = messages.map((message) => [`${message.ruleId} at ${message.line}:${message.column}`, message] as const);

/** What the server must publish for an ESLint message: LSP positions are 0-based, ESLint's 1-based. */
function diagnosticOf(message: Linter.LintMessage): Diagnostic {
  const ruleId = message.ruleId ?? undefined;
  const url = ruleId ? rulesMeta[ruleId]?.docs?.url : undefined;
  return {
    message: message.message,
    severity: message.severity === 2 ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    source: "eslint",
    ...(ruleId ? { code: ruleId } : {}),
    ...(url ? { codeDescription: { href: url } } : {}),
    range: {
      start: { line: message.line - 1, character: message.column - 1 },
      end: { line: (message.endLine ?? message.line) - 1, character: (message.endColumn ?? message.column) - 1 },
    },
  };
}

/** The document after ESLint's own application of a suggestion. */
function withSuggestion(suggestion: Linter.LintSuggestion): string {
  const [start, end] = suggestion.fix.range;
  return text.slice(0, start) + suggestion.fix.text + text.slice(end);
}

describe("vscode-eslint-language-server on a project using the plugin", () => {
  let server: EslintLanguageServer | undefined;
  let diagnostics: Diagnostic[] = [];

  beforeAll(async () => {
    server = await EslintLanguageServer.start(projectDir);
    server.open(fileUri, text);
    diagnostics = await server.diagnostics(fileUri);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  function started(): EslintLanguageServer {
    if (!server) throw new Error("the server did not start");
    return server;
  }

  it("the fixture has acp problems, some with suggestions", () => {
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.filter((m) => !m.ruleId?.startsWith("acp/"))).toEqual([]);
    expect(messages.some((m) => (m.suggestions ?? []).length > 0)).toBe(true);
  });

  it("loads ESLint from the project's node_modules and validates the file without error", () => {
    // The server resolves `eslint` as Node would from the file: up to the repository's node_modules.
    const loaded = started().logMessages.map((m) => m.message).filter((m) => m.startsWith("ESLint library loaded from: "));
    expect(loaded).toEqual([`ESLint library loaded from: ${createRequire(filePath).resolve("eslint")}`]);
    expect(started().statusOf(fileUri)).toBe(1);
    expect(started().connection.unhandledRequests).toEqual([]);
  });

  it("shows each of ESLint's messages as a diagnostic with its rule id, message, range and severity", () => {
    expect(diagnostics, started().transcript()).toEqual(messages.map(diagnosticOf));
  });

  it.each(reportedRuleIds)("shows the problems of %s", (ruleId) => {
    expect(diagnostics.filter((d) => d.code === ruleId)).toEqual(
      messages.filter((m) => m.ruleId === ruleId).map(diagnosticOf),
    );
  });

  it.each(messageCases)("%s: offers ESLint's suggestions as code actions that make ESLint's edits", async (_, message) => {
    // The editor sends back the diagnostic the server published.
    const diagnostic = diagnostics.find((d) => isDeepStrictEqual(d, diagnosticOf(message)));
    if (!diagnostic) throw new Error(`no diagnostic for ${JSON.stringify(message)}`);
    const actions = await started().codeActions(fileUri, diagnostic);
    const suggestions = message.suggestions ?? [];
    // The server titles a suggestion "<desc> (<rule id>)"; its other actions disable the rule or open its docs.
    const suggestionActions = actions.filter((action) => action.command?.command === "eslint.applySuggestion");
    expect(suggestionActions.map((action) => action.title)).toEqual(
      suggestions.map((suggestion) => `${suggestion.desc} (${message.ruleId})`),
    );
    for (const [index, suggestion] of suggestions.entries()) {
      const action = suggestionActions[index];
      expect(action).toMatchObject({ kind: "quickfix", diagnostics: [diagnostic] });
      if (!action?.command) throw new Error(`suggestion action without a command: ${JSON.stringify(action)}`);
      // Picking the action: the server answers with a workspace/applyEdit request to the editor.
      const applied = await started().run(action.command);
      expect(applied).toHaveLength(1);
      const { edits, versions } = editsFor(applied[0] ?? {}, fileUri);
      expect(versions).toEqual([1]);
      expect(applyTextEdits(text, edits)).toBe(withSuggestion(suggestion));
    }
  });
});
