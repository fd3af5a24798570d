// Rule entries as configs declare them ("warn", ["error", options]) and as ESLint resolves them ([1], [2, options]).

export type RuleEntry = string | number | [string | number, ...unknown[]];
type Severity = 0 | 1 | 2;

const levels: Record<string, Severity> = { off: 0, warn: 1, error: 2 };

export function severityOf(entry: RuleEntry): Severity {
  const level = Array.isArray(entry) ? entry[0] : entry;
  const severity = typeof level === "number" ? level : levels[level];
  if (severity !== 0 && severity !== 1 && severity !== 2) throw new Error(`not a severity: ${JSON.stringify(entry)}`);
  return severity;
}

/** Each rule id with its numeric severity. */
export const severities = (rules: Readonly<Record<string, RuleEntry>>): Record<string, Severity> =>
  Object.fromEntries(Object.entries(rules).map(([id, entry]) => [id, severityOf(entry)]));

/** The options after the severity. */
export const optionsOf = (entry: RuleEntry | undefined): unknown[] => (Array.isArray(entry) ? entry.slice(1) : []);
