import { describe, expect, it } from "vitest";
import { run } from "../../src/cli/run.js";
import { CLEAN_AGENT } from "./agents.js";
import { makeProject } from "./run-cli.js";

describe("acp-lint when something breaks", () => {
  it("exits 2 and names the problem in one line, without a stack trace", async () => {
    const dir = await makeProject({ "agent.ts": CLEAN_AGENT });
    const stderr: string[] = [];
    const code = await run(["--format", "json"], {
      cwd: dir,
      stdout: {
        write: () => {
          throw new Error("write EIO\n    while writing the results");
        },
      },
      stderr: { isTTY: false, write: (text) => stderr.push(text) },
    });
    expect(code).toBe(2);
    expect(stderr).toEqual(["acp-lint: write EIO while writing the results\n"]);
  });
});
