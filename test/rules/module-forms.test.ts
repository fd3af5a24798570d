// The same two agents, each written in every module form a project or its build hands ESLint: ESM TypeScript, plain
// ESM, CommonJS (destructured and through the namespace), a top-level `await import()`, tsc's CommonJS output and an
// esbuild bundle. The resolution layer is to recognise the ACP SDK however a file reaches it, so every rule of the
// plugin must report each form exactly as it reports the TypeScript form, on the same lines of the agent.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import plugin from "../../src/index.js";

/** The repository: the `cwd` the fixtures are linted from, so that the SDK installed here is the one they import. */
const root = fileURLToPath(new URL("../../", import.meta.url));
const dir = fileURLToPath(new URL("../fixtures/module-forms/", import.meta.url));

interface Form {
  /** What follows the agent's name in the fixture's file name. */
  readonly suffix: string;
  /** How the form is written, for the tests' names. */
  readonly label: string;
}

/** Every form but the TypeScript one, which the others are compared to. */
const FORMS: readonly Form[] = [
  { suffix: ".mjs", label: "as plain ESM JavaScript" },
  { suffix: ".cjs", label: "as CommonJS with destructuring" },
  { suffix: "-ns.cjs", label: "as CommonJS through the namespace" },
  { suffix: "-dynamic.mjs", label: "loaded with a top-level await import()" },
  { suffix: "-tsc.js", label: "as tsc compiles it to CommonJS" },
  { suffix: "-bundle.js", label: "as esbuild bundles it" },
];

interface Agent {
  readonly title: string;
  /** The fixtures' common name: `<name>.ts`, `<name>.mjs`, `<name>-tsc.js`, … */
  readonly name: string;
  /**
   * The line where the agent begins in every form (the class, or the `agent()` call): each form puts a header of its
   * own above it (imports, `require()`, tsc's and esbuild's preludes), and reports are compared from there.
   */
  readonly anchor: RegExp;
  readonly settings: Linter.Config["settings"];
  /** What the TypeScript form gets: `line rule`, by hand. */
  readonly expected: readonly string[];
}

const AGENTS: readonly Agent[] = [
  {
    title: "the legacy agent",
    name: "legacy-agent",
    anchor: /\bclass DemoAgent\b|\bDemoAgent = class\b/,
    // A 1.x agent: what the messages advise must exist in the SDK it is written for.
    settings: { acp: { sdkVersion: "1.9.0" } },
    expected: [
      "22 acp/require-session-check", // prompt: throw new Error("Session not found")
      "30 acp/no-reserved-error-code", // setSessionMode: new RequestError(-32001, "gone")
      "30 acp/require-session-check", // the same -32001 answers an unknown session
      "33 acp/invalid-params-error", // setSessionMode: an unknown mode answered with RequestError.internalError()
      "41 acp/no-error-from-notification", // cancel: throws a RequestError
    ],
  },
  {
    title: "the SDK 2.x app",
    name: "sdk-agent",
    anchor: /\bagent\)?\(\{ name: "demo-agent" \}\)/,
    settings: {},
    expected: [
      "5 acp/require-initialize-gate", // initialize registered with a params parser: no SDK gate before it
      "14 acp/require-session-check", // session/set_mode: an unknown session answered with invalidParams()
      "17 acp/invalid-params-error", // session/set_mode: an unknown mode answered with a plain Error
      "24 acp/no-reserved-error-code", // session/prompt: new RequestError(-32001, "no session")
      "24 acp/require-session-check", // the same -32001 answers an unknown session
      "28 acp/valid-stop-reason", // session/prompt: stopReason "failed"
      "33 acp/idempotent-session-delete", // session/delete of an unknown session answered with an error
      "39 acp/no-error-from-notification", // session/cancel: throws a RequestError
      "43 acp/method-not-found-error", // onRequest("*"): an unknown method answered with a success
    ],
  },
];

interface Linted {
  readonly messages: readonly Linter.LintMessage[];
  /** The line of the agent's anchor. */
  readonly anchorLine: number;
}

const linted = new Map<string, Linted>();

/** Lints a fixture from disk, as ESLint would from the repository, with every rule of the plugin at "error". */
function lint(agent: Agent, file: string): Linted {
  let found = linted.get(file);
  if (found) return found;
  const filename = `${dir}${file}`;
  const code = readFileSync(filename, "utf8");
  const anchorLine = code.split("\n").findIndex((text) => agent.anchor.test(text)) + 1;
  const messages = new Linter({ configType: "flat", cwd: root }).verify(
    code,
    [
      { files: ["**/*.ts", "**/*.js", "**/*.mjs", "**/*.cjs"], languageOptions: { parser: tsParser as unknown as Linter.Parser } },
      plugin.configs.all,
      { settings: agent.settings },
    ],
    { filename },
  );
  found = { messages, anchorLine };
  linted.set(file, found);
  return found;
}

/** The reports, each as `+<lines below the anchor> <rule>: <message>`, in line and rule order. */
function reports({ messages, anchorLine }: Linted): string[] {
  return [...messages]
    .sort((a, b) => a.line - b.line || (a.ruleId ?? "").localeCompare(b.ruleId ?? ""))
    .map((m) => `+${m.line - anchorLine} ${m.ruleId ?? "(no rule)"}: ${m.message}`);
}

describe("one agent in every module form", () => {
  it("lints with every rule of the plugin", () => {
    expect(Object.keys(plugin.configs.all.rules ?? {}).sort()).toEqual(Object.keys(plugin.rules).map((r) => `acp/${r}`).sort());
  });

  for (const agent of AGENTS) {
    describe(agent.title, () => {
      it(`every form of ${agent.title} finds its agent's first line and lints without a fatal message`, () => {
        for (const file of [`${agent.name}.ts`, ...FORMS.map((form) => `${agent.name}${form.suffix}`)]) {
          const result = lint(agent, file);
          expect(result.anchorLine, file).toBeGreaterThan(0);
          expect(
            result.messages.filter((m) => m.fatal || m.ruleId === null).map((m) => `${file}:${m.line}:${m.column} ${m.message}`),
          ).toEqual([]);
        }
      });

      it(`${agent.title} as ESM TypeScript gets exactly the expected reports`, () => {
        const { messages } = lint(agent, `${agent.name}.ts`);
        const got = [...messages].sort((a, b) => a.line - b.line || (a.ruleId ?? "").localeCompare(b.ruleId ?? ""));
        expect(got.map((m) => `${m.line} ${m.ruleId}`)).toEqual(agent.expected);
      });

      for (const form of FORMS) {
        it(`${agent.title} ${form.label} (${agent.name}${form.suffix}) gives the TypeScript form's reports`, () => {
          const expected = reports(lint(agent, `${agent.name}.ts`));
          expect(reports(lint(agent, `${agent.name}${form.suffix}`))).toEqual(expected);
        });
      }
    });
  }
});
