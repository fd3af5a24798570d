/**
 * Errors for a bad `settings.acp` value or rule option: one line naming the setting or option, the value and what is
 * allowed, printed by ESLint's CLI without a stack trace.
 */

/**
 * An error whose `stack` is its own one-line message. ESLint's CLI (bin/eslint.js) prints `error.stack` when it is
 * a string, and ESLint adds its context ("Error while loading rule …", "Occurred while linting …") to `message`
 * only; a stack trace would point into the plugin, where nothing is wrong.
 */
abstract class OneLineError extends Error {
  constructor(message: string) {
    super(message);
    this.stack = message;
  }
}

/** A bad `settings.acp` value. */
export class AcpSettingsError extends OneLineError {
  override name = "AcpSettingsError";
}

/** A rule option that its JSON schema accepts but that is wrong (a range whose ends are reversed). */
export class AcpOptionsError extends OneLineError {
  override name = "AcpOptionsError";
}

/** How long a shown value may be: a 1 MB string must not fill the terminal. */
const MAX_SHOWN = 60;

/** A value as a message shows it: JSON where it is JSON, cut to MAX_SHOWN characters, on one line. */
export function shownValue(value: unknown): string {
  const text = jsonText(value);
  if (text.length <= MAX_SHOWN) return text;
  const length = typeof value === "string" ? ` (${value.length} characters)` : "";
  return `${text.slice(0, MAX_SHOWN - 1)}…${length}`;
}

/** JSON.stringify, or a description for what it cannot write (a config file is JavaScript: any value may come). */
function jsonText(value: unknown): string {
  try {
    const json = JSON.stringify(value) as string | undefined;
    if (json !== undefined) return json;
  } catch {
    // A BigInt or a cycle: described below.
  }
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "function") return "a function";
  if (typeof value === "symbol") return value.description === undefined ? "a symbol" : `Symbol(${jsonText(value.description)})`;
  return value === undefined ? "undefined" : "an object JSON cannot write";
}

/** `.key`, or `["key"]` for a key that is no identifier (shown as a value, so a long or odd key stays one line). */
export function keyPath(key: string): string {
  return /^[A-Za-z_$][\w$]*$/u.test(key) && key.length <= MAX_SHOWN ? `.${key}` : `[${shownValue(key)}]`;
}
