// With type information the program follows a relative import, a symbolic link or a `paths` alias out of the folder
// ESLint lints from, and the checker's literal types would carry what a file there says into the messages. The
// plugin uses a value the checker gives only when it is declared inside ESLint's working directory (issue 35).
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import tsParser from "@typescript-eslint/parser";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import plugin from "../../src/index.js";

const SECRET = "hunter2-SECRET";

/** An agent whose prompt handler answers the stop reason `name`, imported from `from`. */
const agent = (name: string, from: string) => `import { agent, methods } from "@agentclientprotocol/sdk";
import { ${name} } from "${from}";
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, () => {
  return { stopReason: ${name} };
});
`;

const FILES: Readonly<Record<string, string>> = {
  "outside/secret.ts": `export const STOP = "${SECRET}";\n`,
  "outside/secret-code.ts": `export const BUSY = -32042;\n`,
  "outside/types.ts": `export type Stop = "${SECRET}";\nexport function isSecret(value: string): value is "${SECRET}" {\n  return value.length > 0;\n}\n`,
  "repo/tsconfig.json": JSON.stringify({
    compilerOptions: { strict: true, module: "nodenext", moduleResolution: "nodenext", noEmit: true, skipLibCheck: true, paths: { "#secret/*": ["../outside/*"], "#inside/*": ["./src/*"] } },
    include: ["src"],
  }),
  "repo/src/inside.ts": `export const INSIDE = "inside-done";\n`,
  // A file inside that takes its value from outside: the checker gives `INSIDE_AGAIN` the secret's literal type.
  "repo/src/rebound.ts": `import { STOP } from "../../outside/secret.js";\nexport const REBOUND = STOP;\nexport const CODES = { stop: STOP } as const;\n`,
  "repo/src/relative.ts": agent("STOP", "../../outside/secret.js"),
  "repo/src/linked.ts": agent("STOP", "./link.js"),
  "repo/src/aliased.ts": agent("STOP", "#secret/secret.js"),
  "repo/src/rebound-agent.ts": agent("REBOUND", "./rebound.js"),
  // Only the checker follows a `paths` alias: this constant is typed linting's finding.
  "repo/src/inside-agent.ts": agent("INSIDE", "#inside/inside.js"),
  "repo/src/table-agent.ts": agent("CODES", "./rebound.js").replace("stopReason: CODES", "stopReason: CODES.stop"),
  "repo/src/typed-agent.ts": `import { agent, methods } from "@agentclientprotocol/sdk";
import type { Stop } from "../../outside/types.js";
declare const stop: Stop;
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, () => {
  return { stopReason: stop };
});
`,
  "repo/src/narrowed-agent.ts": `import { agent, methods } from "@agentclientprotocol/sdk";
import { isSecret } from "../../outside/types.js";
declare const reason: string;
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, () => {
  if (isSecret(reason)) return { stopReason: reason };
  return { stopReason: "end_turn" };
});
`,
  "repo/src/code.ts": `import { RequestError } from "@agentclientprotocol/sdk";
import { BUSY } from "../../outside/secret-code.js";
export const busy = () => new RequestError(BUSY, "busy");
`,
};

describe("typed linting: a value declared outside ESLint's working directory is unknown", () => {
  let base: string;
  let repo: string;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), "acp-typed-bounds-"));
    repo = join(base, "repo");
    for (const [path, text] of Object.entries(FILES)) {
      await mkdir(dirname(join(base, path)), { recursive: true });
      await writeFile(join(base, path), text);
    }
    await symlink(join(base, "outside/secret.ts"), join(repo, "src/link.ts"));
  });
  afterAll(() => rm(base, { recursive: true, force: true }));

  /** The messages of acp/ rules that judge a value: what each says, and where. */
  async function lint(file: string): Promise<string[]> {
    const eslint = new ESLint({
      cwd: repo,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ["**/*.ts"], languageOptions: { parser: tsParser, parserOptions: { projectService: true, tsconfigRootDir: repo } } },
        plugin.configs.all,
      ],
    });
    const [result] = await eslint.lintFiles([join(repo, file)]);
    const messages = result!.messages.map((message) => `${message.line}:${message.ruleId ?? "fatal"}:${message.message}`);
    expect(messages.join("\n")).not.toContain("hunter2");
    // Linted, and with types: a file the project could not load would report nothing and prove nothing.
    expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
    return messages.filter((message) => /acp\/(valid-stop-reason|no-reserved-error-code)/u.test(message));
  }

  it("reports a constant of a file inside the working directory that is no stop reason", async () => {
    expect(await lint("src/inside-agent.ts")).toEqual([expect.stringMatching(/^4:acp\/valid-stop-reason:"inside-done" is not a stop reason/u)]);
  });

  it.each([
    ["a relative import", "src/relative.ts"],
    ["a symbolic link", "src/linked.ts"],
    ["a `paths` alias", "src/aliased.ts"],
    ["a constant of a file inside bound to one outside", "src/rebound-agent.ts"],
    ["a member of a table inside that holds one outside", "src/table-agent.ts"],
    ["a name inside whose type is declared outside", "src/typed-agent.ts"],
    ["a name narrowed by a type guard declared outside", "src/narrowed-agent.ts"],
  ])("neither quotes nor judges a constant reached through %s", async (_, file) => {
    expect(await lint(file)).toEqual([]);
  });

  it("does not judge an error code declared outside", async () => {
    expect(await lint("src/code.ts")).toEqual([]);
  });
});
