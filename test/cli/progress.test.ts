import { describe, expect, it } from "vitest";
import { showProgress } from "../../src/cli/output/progress.js";
import { run } from "../../src/cli/run.js";
import { BROKEN_AGENT, CLEAN_AGENT } from "./agents.js";
import { makeProject } from "./run-cli.js";

const CLEAR_LINE = "\r\x1b[2K";

/** stdout and stderr writes in the order they happened. */
function recordingIo(cwd: string, stderrIsTTY: boolean) {
  const writes: [stream: "stdout" | "stderr", text: string][] = [];
  return {
    writes,
    io: {
      cwd,
      stdout: { write: (text: string) => writes.push(["stdout", text]) },
      stderr: { isTTY: stderrIsTTY, write: (text: string) => writes.push(["stderr", text]) },
    },
  };
}

describe("the progress line", () => {
  it("is written to a terminal and erased by the returned function", () => {
    const writes: string[] = [];
    const clear = showProgress({ isTTY: true, write: (text) => writes.push(text) }, "acp-lint: linting 2 files…");
    expect(writes).toEqual(["acp-lint: linting 2 files…"]);
    clear();
    expect(writes).toEqual(["acp-lint: linting 2 files…", CLEAR_LINE]);
  });

  it("is not written to a pipe or file", () => {
    const writes: string[] = [];
    showProgress({ isTTY: false, write: (text) => writes.push(text) }, "acp-lint: linting 2 files…")();
    expect(writes).toEqual([]);
  });

  it("counts the files ESLint lints and is gone before the findings are printed", async () => {
    const dir = await makeProject({
      "src/agent.ts": BROKEN_AGENT,
      "src/clean.mts": CLEAN_AGENT,
      "lib/helper.js": "export const helper = 1;\n",
      "README.md": "# not linted\n",
      "dist/agent.js": "export {};\n",
      "node_modules/dep/index.js": "export {};\n",
    });
    const { writes, io } = recordingIo(dir, true);
    expect(await run([], io)).toBe(1);
    expect(writes.slice(0, 2)).toEqual([
      ["stderr", "acp-lint: linting 3 files…"],
      ["stderr", CLEAR_LINE],
    ]);
    expect(writes.slice(2).map(([stream]) => stream)).not.toContain("stderr");
    expect(writes.slice(2).map(([, text]) => text).join("")).toContain("src/agent.ts");
  });

  it("does not appear when stderr is not a terminal", async () => {
    const dir = await makeProject({ "agent.ts": BROKEN_AGENT });
    const { writes, io } = recordingIo(dir, false);
    expect(await run([], io)).toBe(1);
    expect(writes.map(([stream]) => stream)).not.toContain("stderr");
  });
});
