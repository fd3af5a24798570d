#!/usr/bin/env node
import { run } from "./run.js";

// `acp-lint | head` closes the pipe early: stop quietly. Any other failure to write the output (`> /dev/full`, a
// closed terminal) is an error of the run: one line, exit 2, as for every other failure.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
  process.stderr.write(`acp-lint: cannot write the output: ${error.message}\n`);
  process.exit(2);
});

// One command, one lint run: the plugin may take the file system as a snapshot (see analysis/single-run.ts).
process.env["ACP_SINGLE_RUN"] ??= "true";

process.exitCode = await run(process.argv.slice(2), {
  cwd: process.cwd(),
  stdout: process.stdout,
  stderr: process.stderr,
  readStdin,
});

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
