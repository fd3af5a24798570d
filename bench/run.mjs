// The benchmark: lints generated ACP agents of growing size with every rule, untyped, and prints the time
// per file and per 1,000 lines, with and without the plugin. Run after `npm run build`.
import { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import plugin from "../dist/index.js";

/** An agent with `handlers` handlers, each with a few error sites, a code table and helper calls. */
function agentSource(handlers) {
  const lines = [
    'import { RequestError } from "@agentclientprotocol/sdk";',
    "const Codes = { InvalidParams: -32602, Internal: -32603, Busy: -32010 } as const;",
    "enum AppError { Conflict = 41001, Gone }",
    "function fail(code: number, message: string, data?: unknown) { return new RequestError(code, message, data); }",
    "const sessions = new Map<string, { busy: boolean }>();",
  ];
  for (let i = 0; i < handlers; i++) {
    lines.push(
      `export async function handler${i}(params: { sessionId: string; modeId?: string }) {`,
      "  const session = sessions.get(params.sessionId);",
      "  if (!session) throw RequestError.sessionNotFound(params.sessionId);",
      `  if (session.busy) throw new RequestError(Codes.Busy, "busy ${i}");`,
      `  if (params.modeId === "x${i}") throw new RequestError(-32602, "Unknown mode", { modeId: params.modeId });`,
      `  if (params.modeId === "y${i}") return { error: { code: AppError.Gone, message: "gone" } };`,
      `  if (params.modeId === "z${i}") throw fail(${i % 2 ? "-32001" : "AppError.Conflict"}, "conflict");`,
      "  return { stopReason: \"end_turn\" };",
      "}",
    );
  }
  return lines.join("\n");
}

const rules = Object.fromEntries(Object.keys(plugin.rules).map((r) => [`acp/${r}`, "error"]));
const withPlugin = [{ files: ["**/*.ts"], languageOptions: { parser: tsParser }, plugins: { acp: plugin }, rules }];
const withoutPlugin = [{ files: ["**/*.ts"], languageOptions: { parser: tsParser } }];
const linter = new Linter({ configType: "flat" });

function time(source, config, runs) {
  for (let i = 0; i < 3; i++) linter.verify(source, config, "agent.ts"); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < runs; i++) linter.verify(source, config, "agent.ts");
  return Number(process.hrtime.bigint() - start) / 1e6 / runs;
}

console.log("handlers  lines  parse-only ms  all-rules ms  plugin ms/1k lines  reports");
for (const handlers of [10, 100, 1000]) {
  const source = agentSource(handlers);
  const lines = source.split("\n").length;
  const runs = handlers >= 1000 ? 3 : 10;
  const base = time(source, withoutPlugin, runs);
  const full = time(source, withPlugin, runs);
  const reports = linter.verify(source, withPlugin, "agent.ts").length;
  console.log(
    [handlers, lines, base.toFixed(1), full.toFixed(1), (((full - base) / lines) * 1000).toFixed(2), reports]
      .map((v) => String(v).padStart(8))
      .join("  "),
  );
}
