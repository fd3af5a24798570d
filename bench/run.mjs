// The benchmark: lints generated ACP agents (SDK 2.x handlers and client code) of growing size with every rule, untyped, and prints the lint
// time and the time ESLint attributes to the acp rules (the first rule to run builds the shared model).
// Run after `npm run build`.
import { Linter } from "eslint";
import tsParser from "@typescript-eslint/parser";
import plugin from "../dist/index.js";

/**
 * An SDK 2.x agent with `handlers` session-scoped handlers (half by `methods.*`, half by wire name), each with a
 * session lookup and guard, a few error sites, a code table and helper calls, plus a client-side code switch and
 * table lookup per handler.
 */
function agentSource(handlers) {
  const lines = [
    'import { agent, methods, RequestError } from "@agentclientprotocol/sdk";',
    "const Codes = { InvalidParams: -32602, Internal: -32603, Busy: -32010 } as const;",
    "enum AppError { Conflict = 41001, Gone }",
    "function fail(code: number, message: string, data?: unknown) { return new RequestError(code, message, data); }",
    "const sessions = new Map<string, { busy: boolean }>();",
    'const HINTS: Record<number, string> = { [-32000]: "sign in", [-32601]: "update" };',
    'const app = agent({ name: "bench" });',
  ];
  for (let i = 0; i < handlers; i++) {
    const method = i % 2 ? "methods.agent.session.prompt" : '"session/set_mode"';
    lines.push(
      `app.onRequest(${method}, async ({ params }) => {`,
      "  const session = sessions.get(params.sessionId);",
      "  if (!session) throw RequestError.sessionNotFound(params.sessionId);",
      `  if (session.busy) throw new RequestError(Codes.Busy, "busy ${i}");`,
      `  if (params.sessionId === "x${i}") throw new RequestError(-32602, "Unknown mode", { id: params.sessionId });`,
      `  if (params.sessionId === "y${i}") return { error: { code: AppError.Gone, message: "gone" } };`,
      `  if (params.sessionId === "z${i}") throw fail(${i % 2 ? "-32001" : "AppError.Conflict"}, "conflict");`,
      "  return { stopReason: \"end_turn\" };",
      "});",
      `export function next${i}(err: { code: number }) {`,
      "  switch (err.code) {",
      '    case -32000: return "login";',
      '    case -32002: return "recreate";',
      "  }",
      `  return HINTS[err.code] ?? "fail ${i}";`,
      "}",
    );
  }
  return lines.join("\n");
}

const rules = Object.fromEntries(Object.keys(plugin.rules).map((r) => [`acp/${r}`, "error"]));
const config = [{ files: ["**/*.ts"], languageOptions: { parser: tsParser }, plugins: { acp: plugin }, rules }];
const linter = new Linter({ configType: "flat" });

const parseOnly = [{ files: ["**/*.ts"], languageOptions: { parser: tsParser } }];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const timeOnce = (source, cfg) => {
  const start = process.hrtime.bigint();
  linter.verify(source, cfg, "agent.ts");
  return Number(process.hrtime.bigint() - start) / 1e6;
};

/** Medians of alternating runs with and without the rules, after warm-up: their difference is the plugin's cost. */
function measure(source, runs) {
  const withRules = [];
  const without = [];
  for (let i = 0; i < runs + 3; i++) {
    const a = timeOnce(source, config);
    const b = timeOnce(source, parseOnly);
    if (i >= 3) {
      withRules.push(a);
      without.push(b);
    }
  }
  return { total: median(withRules), base: median(without) };
}

console.log("handlers  lines  lint ms  parse-only ms  acp ms  acp ms/1k lines  reports");
for (const handlers of [10, 100, 1000]) {
  const source = agentSource(handlers);
  const lines = source.split("\n").length;
  const { total, base } = measure(source, handlers >= 1000 ? 7 : 21);
  const reports = linter.verify(source, config, "agent.ts").length;
  const acp = Math.max(0, total - base);
  console.log(
    [handlers, lines, total.toFixed(1), base.toFixed(1), acp.toFixed(1), ((acp / lines) * 1000).toFixed(2), reports]
      .map((v) => String(v).padStart(8))
      .join("  "),
  );
}
