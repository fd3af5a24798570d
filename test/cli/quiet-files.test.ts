// Which files acp-lint's cache record counts as left alone by every rule (cli/files/quiet-files.ts): the plugin's own
// decision from text (relevance.ts), asked of files on disk with the settings the lint root uses.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { QuietFiles } from "../../src/cli/files/quiet-files.js";
import { makeProject } from "./run-cli.js";

const FILES = {
  "src/plain.ts": `import { twice } from "./math";\nexport const four = twice(2);\n`,
  "src/math.ts": `export const twice = (n: number) => n * 2;\n`,
  "src/throws.ts": `import { RequestError } from "@agentclientprotocol/sdk";\nexport const gone = () => new RequestError(-32002, "gone");\n`,
  "src/via-import.ts": `import { gone } from "./throws";\nexport const fail = () => { throw gone(); };\n`,
  "src/agent-error.ts": `export const fail = () => { throw new AgentError(1, "x"); };\n`,
};

describe("QuietFiles", () => {
  it("is quiet for a file whose text and imported modules name nothing of ACP, and only for it", async () => {
    const dir = await makeProject(FILES);
    const quiet = new QuietFiles(dir, undefined, false);
    expect(quiet.isQuiet(join(dir, "src/plain.ts"))).toBe(true);
    expect(quiet.isQuiet(join(dir, "src/throws.ts"))).toBe(false);
    // What an imported module names reaches the file that imports it.
    expect(quiet.isQuiet(join(dir, "src/via-import.ts"))).toBe(false);
    expect(quiet.isQuiet(join(dir, "src/agent-error.ts"))).toBe(true);
    expect(quiet.isQuiet(join(dir, "src/missing.ts"))).toBe(false);
  });

  it("judges with the root's settings.acp: a configured error class is an error word", async () => {
    const dir = await makeProject(FILES);
    expect(new QuietFiles(dir, { errorClasses: ["AgentError"] }, false).isQuiet(join(dir, "src/agent-error.ts"))).toBe(false);
  });

  it("is never quiet with type information, or with settings the plugin refuses", async () => {
    const dir = await makeProject(FILES);
    expect(new QuietFiles(dir, undefined, true).isQuiet(join(dir, "src/plain.ts"))).toBe(false);
    expect(new QuietFiles(dir, { errorClasses: "AgentError" }, false).isQuiet(join(dir, "src/plain.ts"))).toBe(false);
  });
});
