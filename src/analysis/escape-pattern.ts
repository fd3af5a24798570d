/**
 * `text` as a regular expression source that matches it literally, with or without the `u` flag: only the
 * syntax characters and `/` are escaped, since in `u` mode an escaped other character (`\-`, `\é`) is an error.
 */
export function escapePattern(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/gu, "\\$&");
}

/**
 * A regular expression source for one of `names` written as a whole string, in one kind of quote on both sides
 * (`"session/prompt"`, `'session/prompt'`, `` `session/prompt` ``): the only way a method is named. It holds one
 * capturing group, named `quote`, so it can be joined with other alternatives once in an expression.
 */
export function quotedNamesPattern(names: Iterable<string>): string {
  return `(?<quote>["'\`])(?:${[...names].map(escapePattern).join("|")})\\k<quote>`;
}
