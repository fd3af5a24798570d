import { acpSettings, type AcpSettings } from "../../analysis/settings.js";
import { textRelevance } from "../../analysis/relevance.js";
import { textFact } from "../../analysis/modules/module-texts.js";

/**
 * Which files of a lint root every rule of the plugin leaves alone, as the plugin decides before any analysis: no
 * handler, code or error word in the file's text or in the text of the modules it imports (relevance.ts). Such a
 * file gets no report whatever else those modules hold, so an edit to one of them that keeps the file so (a comment,
 * a renamed local, a new helper with no ACP in it) leaves its cached results true. Asked without type information
 * only: with it, what a file may hold also comes from the whole program the parser built.
 */
export class QuietFiles {
  readonly #settings: AcpSettings | undefined;
  readonly #key: string;

  /** `acp`: the `settings.acp` the root is linted with (acp-lint.json's); `typeAware`: linted with type information. */
  constructor(
    private readonly root: string,
    acp: unknown,
    typeAware: boolean,
  ) {
    this.#settings = typeAware ? undefined : settingsOrNone(acp);
    this.#key = `\0quiet\0${root}\0${JSON.stringify(this.#settings ?? null)}`;
  }

  /** Whether the file at `path` is left alone by every rule now; false when that cannot be told (unreadable, too large, typed). */
  isQuiet(path: string): boolean {
    const settings = this.#settings;
    if (!settings) return false;
    return textFact(path, this.#key, (text) => !textRelevance(text, settings, { filename: path, cwd: this.root }).any) === true;
  }
}

/** The settings the plugin would lint with; undefined when it would refuse them (then the lint fails anyway). */
function settingsOrNone(acp: unknown): AcpSettings | undefined {
  try {
    return acpSettings({ acp });
  } catch {
    return undefined;
  }
}
