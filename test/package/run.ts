// Runs npm, node and the installed tools as child processes, collecting exit code and output.
import { spawn } from "node:child_process";

export interface RunResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

// Set by `npm test` for the repository's own package; a child npm must not see them, or it may act on the repo.
const inheritedFromNpmRun = /^(npm_package_|npm_lifecycle_|npm_config_local_prefix$|npm_command$|INIT_CWD$)/;

function childEnv(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  // npm reads its variables in any case: NPM_CONFIG_PREFIX must not shadow the npm_config_prefix given here.
  const overridden = new Set(Object.keys(extra).map((key) => key.toLowerCase()));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !inheritedFromNpmRun.test(key) && !overridden.has(key.toLowerCase())),
  );
  // Plain output whatever terminal vitest runs in, so assertions can read it.
  return { ...env, FORCE_COLOR: "0", NO_COLOR: "1", ...extra };
}

export function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: childEnv(options.env ?? {}),
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeoutMs ?? 120_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Like `run`, but a non-zero exit is an error carrying the output (for set-up steps such as installs). */
export async function runOrThrow(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  const result = await run(command, args, options);
  if (result.code !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  }
  return result;
}
