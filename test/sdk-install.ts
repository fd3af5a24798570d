import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const made: string[] = [];
// Removed when the test process ends: the rule suites that use it are also imported by collectors
// (suggestions-compile, the metamorphic suite) in which no afterAll of theirs runs.
process.on("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh folder outside the repository with the SDK packages given installed (their package.json only). */
export function folderWithSdks(packages: Readonly<Record<string, string>> = {}, label = "acp-sdk-"): string {
  const dir = mkdtempSync(join(tmpdir(), label));
  made.push(dir);
  for (const [pkg, version] of Object.entries(packages)) {
    mkdirSync(join(dir, "node_modules", pkg), { recursive: true });
    writeFileSync(join(dir, "node_modules", pkg, "package.json"), JSON.stringify({ name: pkg, version }));
  }
  return dir;
}
