/**
 * Every invalid `settings.acp` value stops the lint with the plugin's own error naming the setting and what it
 * accepts (an AcpSettingsError, not a TypeError out of a rule), whichever rule reads the settings first: with
 * acp/all, and with each rule alone on a file where that rule has something to look at. Valid values lint.
 */
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { describe, expect, it } from "vitest";
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

const INVALID: readonly (readonly [string, unknown, string])[] = [
  ["settings.acp", "not-an-object", 'settings.acp must be an object, got "not-an-object"'],
  ["settings.acp", [1], "settings.acp must be an object, got [1]"],
  ["settings.acp", null, "settings.acp must be an object, got null"],
  ["settings.acp.protocolVersion", { protocolVersion: 3 }, "settings.acp.protocolVersion must be 1 or 2, got 3"],
  ["settings.acp.protocolVersion", { protocolVersion: "2" }, 'settings.acp.protocolVersion must be 1 or 2, got "2"'],
  ["settings.acp.protocolVersion", { protocolVersion: 1.5 }, "settings.acp.protocolVersion must be 1 or 2, got 1.5"],
  ["settings.acp.sdkVersion", { sdkVersion: 42 }, 'settings.acp.sdkVersion must be a major.minor.patch version string such as "1.9.0", got 42'],
  ["settings.acp.sdkVersion", { sdkVersion: "not-a-version" }, 'settings.acp.sdkVersion must be a major.minor.patch version string such as "1.9.0", got "not-a-version"'],
  ["settings.acp.sdkVersion", { sdkVersion: "2.1" }, 'settings.acp.sdkVersion must be a major.minor.patch version string such as "1.9.0", got "2.1"'],
  ["settings.acp.errorClasses", { errorClasses: "X" }, 'settings.acp.errorClasses must be an array of non-empty strings, got "X"'],
  ["settings.acp.errorClasses", { errorClasses: [1] }, "settings.acp.errorClasses must be an array of non-empty strings, got [1]"],
  ["settings.acp.errorClasses", { errorClasses: [""] }, 'settings.acp.errorClasses must be an array of non-empty strings, got [""]'],
  ["settings.acp.sdkModules", { sdkModules: {} }, "settings.acp.sdkModules must be an array of non-empty strings, got {}"],
  ["settings.acp.sdkModules", { sdkModules: "@acme/sdk" }, 'settings.acp.sdkModules must be an array of non-empty strings, got "@acme/sdk"'],
  ["settings.acp.protocolVerison", { protocolVerison: 2 }, "unknown setting settings.acp.protocolVerison; the accepted settings are protocolVersion, errorClasses, sdkModules, sdkVersion"],
];

const VALID: readonly unknown[] = [undefined, {}, { protocolVersion: 1 }, { protocolVersion: 2, sdkVersion: "1.9.0", errorClasses: ["AgentError"], sdkModules: ["@acme/acp-sdk"] }];

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
  it.each(VALID.map((v) => [JSON.stringify(v), v] as const))("lints with the valid settings %s", (_, acp) => {
    const messages = lint(ALL_RULES, acp);
    expect(messages.filter((m) => m.fatal)).toEqual([]);
    expect(messages.length).toBeGreaterThan(0);
  });

  it.each(INVALID.map(([name, value, message]) => [`${name} = ${JSON.stringify(value)}`, value, message] as const))(
    "%s: acp/all stops with an error naming the setting",
    (_, value, message) => {
      const error = settingsError(ALL_RULES, value);
      expect(error?.name).toBe("AcpSettingsError");
      expect(error?.message.split("\n")[0]).toBe(`eslint-plugin-acp: ${message}.`);
    },
  );

  for (const name of Object.keys(plugin.rules)) {
    it.each([
      ["a file it has something to look at", AGENT],
      ["a file with nothing ACP in it", PLAIN],
    ])(`acp/${name} alone rejects every invalid value the same way, on %s`, (_, text) => {
      const problems = INVALID.flatMap(([, value, message]) => {
        const error = settingsError({ [`acp/${name}`]: "error" }, value, text);
        const first = error?.message.split("\n")[0];
        return error?.name === "AcpSettingsError" && first === `eslint-plugin-acp: ${message}.` ? [] : [`${JSON.stringify(value)}: ${error ? `${error.name}: ${first}` : "no error"}`];
      });
      expect(problems).toEqual([]);
    });
  }
});
