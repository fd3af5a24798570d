// What a pull request may plant among the modules a linted file imports: a link to a device, to a file outside the
// folder linted or to a folder, a FIFO. Without type information the plugin reads an imported module only when it is a
// regular file inside ESLint's working directory, by real path, of a bounded size (issue 35).
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clearModuleCache, readModule, resolveModulePath } from "../../src/analysis/modules/module-files.js";
import { textFact } from "../../src/analysis/modules/module-texts.js";
import { realPathOr } from "../../src/regular-file.js";

const base = mkdtempSync(join(tmpdir(), "acp-module-planted-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
const root = join(base, "repo");
const agent = join(root, "src", "agent.ts");
mkdirSync(join(root, "src"), { recursive: true });
mkdirSync(join(base, "outside"), { recursive: true });
writeFileSync(agent, `import { BUSY } from "./codes.js";\nexport const busy = BUSY;\n`);
writeFileSync(join(root, "src", "codes.ts"), "export const BUSY = -32042;\n");
writeFileSync(join(base, "outside", "secret.ts"), `export const STOP = "hunter2-SECRET";\n`);
symlinkSync("/dev/zero", join(root, "src", "zero.ts"));
symlinkSync(join(base, "outside", "secret.ts"), join(root, "src", "leak.ts"));
symlinkSync(join(base, "outside"), join(root, "src", "folder.ts"));
execFileSync("mkfifo", [join(root, "src", "pipe.ts")]);

/**
 * Runs `read` on a FIFO while a writer stands by to give it `text` a second later, should it be opened (rather than
 * block the test for ever); the writer is stopped after.
 */
function withFifo<T>(name: string, text: string, read: (path: string) => T): T {
  const fifo = join(root, "src", name);
  execFileSync("mkfifo", [fifo]);
  const writer = spawn("sh", ["-c", `sleep 1; printf '%s' "$1" > "$0"`, fifo, text], { stdio: "ignore" });
  try {
    return read(realPathOr(fifo));
  } finally {
    writer.kill();
  }
}

const reading = { languageOptions: undefined, root };

describe("the modules a file imports, when a pull request planted them", () => {
  it("resolves a regular module inside the folder linted, to its real path", () => {
    expect(resolveModulePath(agent, "./codes.js", root)).toBe(join(realPathOr(root), "src", "codes.ts"));
  });

  it.each([
    ["a link to /dev/zero", "./zero.js"],
    ["a link to a file outside the folder linted", "./leak.js"],
    ["a link to a folder", "./folder.js"],
    ["a FIFO", "./pipe.js"],
  ])("resolves no module that is %s", (_, specifier) => {
    expect(resolveModulePath(agent, specifier, root)).toBeUndefined();
  });

  // The listing of a folder is kept (by its modification time, or for a whole single run): a module may have become
  // something else since.
  it("reads and parses a regular module with the same arguments (what the FIFO cases are measured against)", () => {
    clearModuleCache();
    const path = realPathOr(join(root, "src", "regular.ts"));
    writeFileSync(path, "export const x = 1;");
    expect(readModule(path, reading, new Map())).not.toBeNull();
    expect(textFact(path, "length", (text) => text.length)).toBe(19);
  });

  it("does not open a module path that is a FIFO now, to parse it", () => {
    clearModuleCache();
    expect(withFifo("parsed.ts", "export const x = 1;", (path) => readModule(path, reading, new Map()))).toBeNull();
  });

  it("does not open a module path that is a FIFO now, to read its text", () => {
    expect(withFifo("read.ts", "export const x = 1;", (path) => textFact(path, "length", (text) => text.length))).toBeUndefined();
  });
});
