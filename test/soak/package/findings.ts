// What ESLint must report on the fixture agent, and the findings read back from `eslint -f json`.
import builtPlugin from "../../../dist/index.js";
import { agentWithMistakes } from "./consumer-files.js";

export interface Finding {
  readonly ruleId: string;
  readonly messageId: string;
  readonly severity: 1 | 2;
  readonly line: number;
  readonly column: number;
}

/** 1-based line and column of the first occurrence of `text` in the source. */
export function positionOf(source: string, text: string): { line: number; column: number } {
  const offset = source.indexOf(text);
  if (offset < 0) throw new Error(`${JSON.stringify(text)} is not in the fixture`);
  const before = source.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

type RuleMeta = { docs?: { recommended?: "error" | "warn" }; messages?: Record<string, string> };
const metaOf = (ruleId: string) =>
  (builtPlugin.rules[ruleId.replace(/^acp\//, "")] as { meta?: RuleMeta } | undefined)?.meta;

/** A finding at `text`, with the severity `acp.configs.recommended` gives its rule. */
function expected(ruleId: string, messageId: string, text: string): Finding {
  const severity = metaOf(ruleId)?.docs?.recommended === "warn" ? 1 : 2;
  return { ruleId, messageId, severity, ...positionOf(agentWithMistakes, text) };
}

/** The mistakes the agent's own text shows. */
export const agentFindings: readonly Finding[] = [
  expected("acp/no-reserved-error-code", "reservedCode", "-32001"),
  expected("acp/prefer-error-factory", "useFactory", "-32602"),
  expected("acp/valid-error-object", "nonIntegerCode", "32602.5"),
];

/** TOO_BUSY is -32042 in ./limits.ts: found by reading the module the agent imports, untyped or typed. */
export const importedFindings: readonly Finding[] = [expected("acp/no-reserved-error-code", "reservedCode", "TOO_BUSY,")];

interface JsonMessage extends Finding {
  readonly message: string;
}

interface JsonResult {
  readonly filePath: string;
  readonly messages: readonly JsonMessage[];
}

/** The results of `eslint -f json`, one per file. */
export function parseJsonFormat(stdout: string): JsonResult[] {
  return JSON.parse(stdout) as JsonResult[];
}

export const findingOf = ({ ruleId, messageId, severity, line, column }: JsonMessage): Finding => ({
  ruleId,
  messageId,
  severity,
  line,
  column,
});

/** Whether `message` is the rule's message template for `messageId` with its {{placeholders}} filled in. */
export function followsTemplate({ ruleId, messageId, message }: JsonMessage): boolean {
  const template = metaOf(ruleId)?.messages?.[messageId];
  if (template === undefined) return false;
  // Each placeholder is filled with something, but prefer-error-factory's {{meaning}}, empty when the code means
  // what it says.
  const pattern = template
    .split(/(\{\{\s*\w+\s*\}\})/)
    .map((part) => (/^\{\{\s*meaning\s*\}\}$/.test(part) ? ".*" : /^\{\{/.test(part) ? ".+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${pattern}$`).test(message);
}
