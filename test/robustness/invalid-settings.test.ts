/**
 * Every invalid `settings.acp` value stops the lint with the plugin's own error naming the setting, the value and what
 * it accepts (an AcpSettingsError, not a TypeError out of a rule), whichever rule reads the settings first: with
 * acp/all, and with each rule alone on a file where that rule has something to look at. Its stack is that one line,
 * which ESLint's CLI prints in place of a stack trace. Valid values lint.
 */
import { readFileSync } from "node:fs";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
import { NEWEST_SDK_MAJOR } from "../../src/analysis/sdk/sdk-version.js";
import plugin from "../../src/index.js";
import { ALL_RULES } from "./corpus.js";

/** Something for every rule to look at: an SDK app with a session handler, a code switch, a send call, a notification. */
const AGENT = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Map<string, { turns: number }>();
declare const connection: { sendRequest(method: string, params: unknown): Promise<unknown> };
export const app = agent({ name: "a" })
  .onRequest(methods.agent.session.prompt, async ({ params }) => {
    if (!sessions.has(params.sessionId)) throw new RequestError(-32001, "Session gone");
    return { stopReason: "end_turn" };
  })
  .onNotification(methods.agent.session.cancel, ({ params }) => {
    void connection.sendRequest("session/cancel", params);
  });
export function describeCode(error: { code: number }): string {
  switch (error.code) {
    case -32002:
      return "missing";
  }
  return "other";
}`;

const CLASS_NAME = 'a class name: a JavaScript identifier such as "AgentError", at most 255 characters';
const MODULE_NAME = `a module name such as "@acme/acp-sdk": 1 to 214 characters (npm's limit for a package name), without whitespace, quotes or backslashes`;
const SDK_RANGE = "an SDK version from 0.0.0 to 2.x.x (2 is the newest major this plugin knows)";
const MEGABYTE = "a".repeat(1 << 20);

const INVALID: readonly (readonly [string, unknown, string])[] = [
  ["settings.acp", "not-an-object", 'settings.acp must be an object, got "not-an-object"'],
  ["settings.acp", [1], "settings.acp must be an object, got [1]"],
  ["settings.acp", null, "settings.acp must be an object, got null"],
  ["settings.acp.protocolVersion", { protocolVersion: 3 }, "settings.acp.protocolVersion must be 1 or 2, got 3"],
  ["settings.acp.protocolVersion", { protocolVersion: "2" }, 'settings.acp.protocolVersion must be 1 or 2, got "2"'],
  ["settings.acp.protocolVersion", { protocolVersion: 1.5 }, "settings.acp.protocolVersion must be 1 or 2, got 1.5"],
  ["settings.acp.protocolVersion", { protocolVersion: null }, "settings.acp.protocolVersion must be 1 or 2, got null"],
  ["settings.acp.protocolVersion", { protocolVersion: 1n }, "settings.acp.protocolVersion must be 1 or 2, got 1n"],
  ["settings.acp.sdkVersion", { sdkVersion: 42 }, 'settings.acp.sdkVersion must be a major.minor.patch version string such as "1.9.0", got 42'],
  ["settings.acp.sdkVersion", { sdkVersion: "not-a-version" }, 'settings.acp.sdkVersion must be a major.minor.patch version string such as "1.9.0", got "not-a-version"'],
  ["settings.acp.sdkVersion", { sdkVersion: "2.1" }, 'settings.acp.sdkVersion must be a major.minor.patch version string such as "1.9.0", got "2.1"'],
  ["settings.acp.sdkVersion", { sdkVersion: "99.0.0" }, `settings.acp.sdkVersion must be ${SDK_RANGE}, got "99.0.0"`],
  ["settings.acp.sdkVersion", { sdkVersion: "3.0.0" }, `settings.acp.sdkVersion must be ${SDK_RANGE}, got "3.0.0"`],
  ["settings.acp.errorClasses", { errorClasses: "X" }, 'settings.acp.errorClasses must be an array of class names, got "X"'],
  ["settings.acp.errorClasses", { errorClasses: [1] }, `settings.acp.errorClasses[0] must be ${CLASS_NAME}, got 1`],
  ["settings.acp.errorClasses", { errorClasses: [""] }, `settings.acp.errorClasses[0] must be ${CLASS_NAME}, got ""`],
  ["settings.acp.errorClasses", { errorClasses: ["AgentError", "my-error"] }, `settings.acp.errorClasses[1] must be ${CLASS_NAME}, got "my-error"`],
  ["settings.acp.errorClasses", { errorClasses: ["new AgentError"] }, `settings.acp.errorClasses[0] must be ${CLASS_NAME}, got "new AgentError"`],
  ["settings.acp.errorClasses", { errorClasses: [`E${"r".repeat(255)}`] }, `settings.acp.errorClasses[0] must be ${CLASS_NAME}, got "E${"r".repeat(57)}… (256 characters)`],
  ["settings.acp.errorClasses", { errorClasses: [MEGABYTE] }, `settings.acp.errorClasses[0] must be ${CLASS_NAME}, got "${"a".repeat(58)}… (1048576 characters)`],
  ["settings.acp.sdkModules", { sdkModules: {} }, "settings.acp.sdkModules must be an array of module names, got {}"],
  ["settings.acp.sdkModules", { sdkModules: "@acme/sdk" }, 'settings.acp.sdkModules must be an array of module names, got "@acme/sdk"'],
  ["settings.acp.sdkModules", { sdkModules: [""] }, `settings.acp.sdkModules[0] must be ${MODULE_NAME}, got ""`],
  ["settings.acp.sdkModules", { sdkModules: [MEGABYTE] }, `settings.acp.sdkModules[0] must be ${MODULE_NAME}, got "${"a".repeat(58)}… (1048576 characters)`],
  ["settings.acp.sdkModules", { sdkModules: [`@acme/${"x".repeat(209)}`] }, `settings.acp.sdkModules[0] must be ${MODULE_NAME}, got "@acme/${"x".repeat(52)}… (215 characters)`],
  ["settings.acp.sdkModules", { sdkModules: ["@acme/acp-sdk", "@acme/acp sdk"] }, `settings.acp.sdkModules[1] must be ${MODULE_NAME}, got "@acme/acp sdk"`],
  ["settings.acp.sdkModules", { sdkModules: ["@acme/acp-sdk\n"] }, `settings.acp.sdkModules[0] must be ${MODULE_NAME}, got "@acme/acp-sdk\\n"`],
  ["settings.acp.sdkModules", { sdkModules: ['@acme/"sdk'] }, `settings.acp.sdkModules[0] must be ${MODULE_NAME}, got "@acme/\\"sdk"`],
  ["settings.acp.protocolVerison", { protocolVerison: 2 }, "unknown setting settings.acp.protocolVerison; the accepted settings are protocolVersion, errorClasses, sdkModules, sdkVersion"],
  ["settings.acp", { "a\nb": 2 }, 'unknown setting settings.acp["a\\nb"]; the accepted settings are protocolVersion, errorClasses, sdkModules, sdkVersion'],
];

const VALID: readonly unknown[] = [
  undefined,
  {},
  { protocolVersion: 1 },
  { protocolVersion: 2, sdkVersion: "1.9.0", errorClasses: ["AgentError"], sdkModules: ["@acme/acp-sdk"] },
  // Names a regular expression is built from, each kind of character (a `$`, a letter outside ASCII, a `-`).
  { sdkVersion: "2.99.0", errorClasses: ["Échec", "Agent$Error", `E${"r".repeat(254)}`], sdkModules: ["#acp", "@acme/acp-sdk/v2", `@acme/${"x".repeat(208)}`] },
];

/** A value in a test's name: JSON (a BigInt as `1n`), cut short. */
function label(value: unknown): string {
  const json = JSON.stringify(value, (_, v: unknown) => (typeof v === "bigint" ? `${v}n` : v)) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 60)}…` : json;
}

/** Nothing for any rule to look at: the settings must still be checked. */
const PLAIN = "export const x = 1;\n";

function lint(rules: Linter.RulesRecord, acp: unknown, text = AGENT): Linter.LintMessage[] {
  const config: Linter.Config = { files: ["**/*.ts"], languageOptions: { parser: tsParser as unknown as Linter.Parser }, plugins: { acp: plugin }, rules, ...(acp === undefined ? {} : { settings: { acp } }) };
  return new Linter({ configType: "flat" }).verify(text, [config], "agent.ts");
}

function settingsError(rules: Linter.RulesRecord, acp: unknown, text = AGENT): Error | undefined {
  try {
    lint(rules, acp, text);
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

describe("invalid settings.acp", () => {
  it.each(VALID.map((v) => [label(v), v] as const))("lints with the valid settings %s", (_, acp) => {
    const messages = lint(ALL_RULES, acp);
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    expect(messages.length).toBeGreaterThan(0);
  });

  it.each(INVALID.map(([name, value, message]) => [`${name} = ${label(value)}`, value, message] as const))(
    "%s: acp/all stops with an error naming the setting",
    (_, value, message) => {
      const error = settingsError(ALL_RULES, value);
      expect(error?.name).toBe("AcpSettingsError");
      expect(error?.message.split("\n")[0]).toBe(`eslint-plugin-acp: ${message}.`);
      // What ESLint's CLI prints: the one line, no stack trace.
      expect(error?.stack).toBe(`eslint-plugin-acp: ${message}.`);
    },
  );

  it("allows SDK versions up to the major of the SDK the protocol tables follow (the one the tests install)", () => {
    const installed = JSON.parse(readFileSync(new URL("../../node_modules/@agentclientprotocol/sdk/package.json", import.meta.url), "utf8")) as { version: string };
    expect(NEWEST_SDK_MAJOR).toBe(Number(installed.version.split(".")[0]));
  });

  for (const name of Object.keys(plugin.rules)) {
    it.each([
      ["a file it has something to look at", AGENT],
      ["a file with nothing ACP in it", PLAIN],
    ])(`acp/${name} alone rejects every invalid value the same way, on %s`, (_, text) => {
      const problems = INVALID.flatMap(([, value, message]) => {
        const error = settingsError({ [`acp/${name}`]: "error" }, value, text);
        const first = error?.message.split("\n")[0];
        return error?.name === "AcpSettingsError" && first === `eslint-plugin-acp: ${message}.` ? [] : [`${label(value)}: ${error ? `${error.name}: ${first}` : "no error"}`];
      });
      expect(problems).toEqual([]);
    });
  }
});
