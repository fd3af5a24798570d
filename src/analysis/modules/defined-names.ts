import { escapePattern } from "../escape-pattern.js";
import { type TextQuestion, withoutCommentLines } from "./module-texts.js";

/**
 * The names a module's text may define, read once per module: every member of a project module's value the
 * resolution layer can find is written there in one of these ways, so a module that defines no such name, nor the
 * modules it imports, need not be parsed to learn that `schemas.zPrompt.and` or `validate.zX.safeParse` is none of
 * its values.
 */

/** The names a text may define, or ANY_NAME when a package's whole module may pass through it. */
export type DefinedNames = ReadonlySet<string> | typeof ANY_NAME;

/** A package whose names no text of the project lists: its namespace bound, or all its exports passed on. */
export const ANY_NAME = "any name";

const NAME = String.raw`[$_\p{ID_Start}][$\p{ID_Continue}\u200C\u200D]*`;

/**
 * Each alternative captures the name it defines: a declaration, method or property key (`name(`, `name:`, `name =`,
 * `name<T>(`, `name?(`, `name!:`), a member assigned (`.name = `), a shorthand property (`{ name }`), an alias (`as
 * name`), `export default`, a string (`"name"`: a quoted key, `defineProperty`), a declaration by
 * keyword (`class Name`, `enum Name`), a destructured rename (`{ a: name }`). A call of a member (`.name(`) or a read
 * (`x.name`) defines nothing.
 */
const DEFINITIONS = new RegExp(
  [
    String.raw`(?<![$.\p{ID_Continue}])(${NAME})[?!]?\s*(?:[(:<]|=(?![=>]))`,
    String.raw`\.(${NAME})\s*=(?![=>])`,
    String.raw`[{,]\s*(${NAME})\s*(?=[,}])`,
    String.raw`\bas\s+(${NAME})`,
    String.raw`\bexport\s+(default)\b`,
    String.raw`["'\u0060](${NAME})["'\u0060]`,
    String.raw`\b(?:class|enum|namespace|interface|type|function\s*\*?|let|var|const)\s+(${NAME})`,
    String.raw`(?<=:\s*)(${NAME})\s*(?=[,}]|=(?![=>]))`,
  ].join("|"),
  "gu",
);

/**
 * A package's whole module passed on, whose names the text does not list: `export * from "pkg"`, `export * as x from
 * "pkg"`, the helpers compilers write for them (`__exportStar`, `__reExport`), `import("pkg")`. A specifier that does
 * not start with `.` or `/` counts as a package (a path alias too: more names, never fewer); a project module passed
 * on is read as a module of its own.
 */
const PACKAGE_PASSED_ON = /\bexport\s*\*\s*(?:as\s+[$\w]+\s+)?from\s*["'`](?![./])|\bimport\s*\(\s*["'`](?![./])|\b__(?:exportStar|reExport)\b/u;

/** A package's module required: what the text before it binds it to tells whether it binds the whole module. */
const PACKAGE_REQUIRE = /\brequire\s*\(\s*["'`](?![./])/gu;

/** `import * as x from "pkg"`: x is the package's whole module. */
const NAMESPACE_IMPORT = new RegExp(String.raw`\*\s*as\s+(${NAME})\s+from\s*["'\u0060](?![./])`, "gu");

/** Before `require("pkg")`: `const x =` or `import x =` (perhaps through `__importStar(`) binds the whole module. */
const WHOLE_BINDING = new RegExp(String.raw`(?:\b(?:const|let|var|import)\s+(${NAME})\s*=\s*(?:__importStar\s*\(\s*)?)$`, "u");

/** Before `require("pkg")`: a destructuring (`const { z } =`) or `__importDefault(` binds names of it, not the whole. */
const PART_BINDING = /(?:\}\s*=\s*|\b__importDefault\s*\(\s*)$/u;

/**
 * Whether a package's whole module may be reached as a member of a value this text defines: a name bound to the
 * whole module (`import * as acp from "pkg"`, `const acp = require("pkg")`) used other than through its members
 * (`export { acp }`, `{ sdk: acp }`), or a required module bound to nothing the text can tell. Its members, which
 * the text does not list, would then be the value's.
 */
function passesPackage(code: string): boolean {
  if (PACKAGE_PASSED_ON.test(code)) return true;
  const whole = [...code.matchAll(NAMESPACE_IMPORT)].map((match) => match[1]!);
  for (const match of code.matchAll(PACKAGE_REQUIRE)) {
    const before = code.slice(Math.max(0, match.index - 80), match.index);
    const bound = WHOLE_BINDING.exec(before)?.[1];
    if (bound !== undefined) whole.push(bound);
    else if (!PART_BINDING.test(before)) return true;
  }
  // Its binding is one use as a value; another (`export { acp }`, `typeof acp`) may pass it on.
  return whole.some((name) => [...code.matchAll(new RegExp(String.raw`(?<![$.\p{ID_Continue}])${escapePattern(name)}(?![$\p{ID_Continue}])(?!\s*(?:\??\.|\[))`, "gu"))].length > 1);
}

/** The names a text may define (outside whole comment lines), or ANY_NAME. */
export function definedNames(text: string): DefinedNames {
  const code = withoutCommentLines(text);
  if (passesPackage(code)) return ANY_NAME;
  const names = new Set<string>();
  for (const match of code.matchAll(DEFINITIONS)) {
    const name = match.slice(1).find((group) => group !== undefined);
    if (name !== undefined) names.add(name);
  }
  return names;
}

const DEFINED_NAMES = "\0defined names";

const IDENTIFIER = new RegExp(`^${NAME}$`, "u");

const nameQuestions = new Map<string, TextQuestion<DefinedNames>>();

/** Whether a text may define something named `name` (definedNames, read once per module for every name). */
export function definesName(name: string): TextQuestion<DefinedNames> {
  let found = nameQuestions.get(name);
  if (!found) {
    // A private name, a number or a method name (`"session/prompt"`, `[-32602]`) is not read from the text.
    const read = IDENTIFIER.test(name);
    found = { key: `\0defines name\0${name}`, fact: DEFINED_NAMES, compute: definedNames, holds: (names) => !read || names === ANY_NAME || names.has(name) };
    nameQuestions.set(name, found);
  }
  return found;
}
