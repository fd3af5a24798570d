// A diagnostic for the GC section, never used in the timed runs: ESLint makes each rule's context with
// `FileContext.prototype.extend`, `Object.freeze(Object.assign(Object.create(fileContext), extension))`. Using
// the per-file FileContext (which holds the SourceCode: AST, tokens, scopes) as a prototype makes V8 give it a
// prototype map in old space, and that old-to-new pointer keeps the file's young structures alive through
// scavenges, so they are promoted. `copyRuleContexts` replaces `extend`, in this process only, by one that copies
// the FileContext's own fields (cwd, filename, physicalFilename, sourceCode, languageOptions, settings) and the
// extension into a fresh frozen object: the same properties for the rule, without the per-file prototype.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/** The installed eslint's lib/linter/file-context.js, by absolute path (its package exports do not list it). */
export const fileContextPath = () => join(dirname(require.resolve("eslint")), "linter", "file-context.js");

/**
 * Patches the installed eslint (the same module the linter requires: CommonJS caches by absolute path).
 * Returns `{ path, calls() }`, or `{ note }` saying why it could not.
 */
export function copyRuleContexts() {
  const path = fileContextPath();
  if (!existsSync(path)) return { note: `no ${path} in this eslint` };
  const { FileContext } = require(path);
  if (typeof FileContext?.prototype?.extend !== "function") return { note: `${path} has no FileContext.prototype.extend` };
  let calls = 0;
  FileContext.prototype.extend = function extend(extension) {
    calls++;
    // Keeps FileContext.prototype (shared by every file, long-lived) as the prototype, so instanceof still holds.
    return Object.freeze(Object.assign(Object.create(FileContext.prototype), { ...this }, extension));
  };
  return { path, calls: () => calls };
}
