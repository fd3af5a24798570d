// In the editor, a file's findings that come from a module it imports follow that module: the real ESLint language
// server lints the agent, the imported module is edited and saved, and the agent's diagnostics change when it is
// linted again (the plugin reads an imported module again once its modification time changes).
import { copyFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EslintLanguageServer } from "./eslint-language-server.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const editorProject = join(repoRoot, "test", "fixtures", "editor-project");

const AGENT = `import { RequestError } from "@agentclientprotocol/sdk";
import { BUSY } from "./limits.js";

export const busy = () => new RequestError(BUSY, "busy");
`;

describe("vscode-eslint-language-server: a finding that comes from an imported module", () => {
  let server: EslintLanguageServer | undefined;
  let dir: string;
  let agentUri: string;
  let limits: string;
  let version = 1;

  /** Writes the imported module as an editor saves it: new text, and a modification time later than the last. */
  function saveLimits(text: string): void {
    writeFileSync(limits, text);
    const later = new Date(Date.now() + version * 2000);
    utimesSync(limits, later, later);
  }

  async function relintAgent() {
    version += 1;
    server!.change(agentUri, version, AGENT);
    return (await server!.diagnostics(agentUri)).map((d) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`);
  }

  beforeAll(async () => {
    // A project of its own inside the repository (so "eslint-plugin-acp" is the repository's build, and ESLint is its
    // node_modules' copy) with the editor project's config, removed afterwards; not under test/fixtures, which
    // other tests read while this one writes.
    dir = mkdtempSync(join(repoRoot, ".editor-imports-"));
    copyFileSync(join(editorProject, "eslint.config.js"), join(dir, "eslint.config.js"));
    limits = join(dir, "limits.ts");
    const agent = join(dir, "agent.ts");
    writeFileSync(agent, AGENT);
    saveLimits("export const BUSY = -32042;\n");
    agentUri = pathToFileURL(agent).href;
    server = await EslintLanguageServer.start(dir);
    server.open(agentUri, AGENT);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it("reports the reserved code the imported constant holds", async () => {
    const diagnostics = await server!.diagnostics(agentUri);
    expect(diagnostics.map((d) => `${d.code} ${d.range.start.line + 1}:${d.range.start.character + 1}`)).toEqual(["acp/no-reserved-error-code 4:44"]);
    expect(diagnostics[0]?.message).toContain("-32042");
  });

  it("drops the finding once the imported module is saved with a code outside the range", async () => {
    saveLimits("export const BUSY = 4290;\n");
    expect(await relintAgent()).toEqual([]);
  });

  it("shows it again when the module is saved with a reserved code again", async () => {
    saveLimits("export const BUSY = -32043;\n");
    const found = await relintAgent();
    expect(found).toEqual(["acp/no-reserved-error-code 4:44"]);
  });
});
