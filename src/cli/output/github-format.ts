import { relative } from "node:path";
import type { ESLint, Linter } from "eslint";

/**
 * GitHub Actions workflow commands, one per problem (`::error file=…,line=…::message`): the runner shows each as
 * an annotation on the pull request's diff. Paths are relative to `root`, the repository's checkout, as the runner
 * expects.
 */
export function formatGithub(results: readonly ESLint.LintResult[], root: string): string {
  const lines: string[] = [];
  for (const result of results) {
    const file = relative(root, result.filePath).split("\\").join("/");
    for (const message of result.messages) lines.push(annotation(file, message));
  }
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

function annotation(file: string, message: Linter.LintMessage): string {
  const command = message.severity === 2 ? "error" : "warning";
  const properties: [string, string | number | undefined][] = [
    ["file", file],
    ["line", message.line > 0 ? message.line : undefined],
    ["endLine", message.endLine],
    ["col", message.line > 0 ? message.column : undefined],
    ["endColumn", message.endColumn],
    ["title", message.ruleId ?? (message.fatal ? "parse error" : undefined)],
  ];
  const written = properties.filter(([, value]) => value !== undefined).map(([key, value]) => `${key}=${escapeProperty(String(value))}`);
  return `::${command} ${written.join(",")}::${escapeData(message.message)}`;
}

// The escapes of @actions/core's command.ts: data keeps `:` and `,`, a property value does not.
function escapeData(text: string): string {
  return text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}
