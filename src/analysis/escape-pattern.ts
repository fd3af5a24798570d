/**
 * `text` as a regular expression source that matches it literally, with or without the `u` flag: only the
 * syntax characters and `/` are escaped, since in `u` mode an escaped other character (`\-`, `\é`) is an error.
 */
export function escapePattern(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/gu, "\\$&");
}
