/**
 * Pass a closure in an object to another module's function: the guarded lookup becomes
 * `const s = runWith({ run: () => { …the same statements…; return s; } });`, `runWith` exported by `./file.runner.ts`
 * calling `ops.run()`. The closure stays in the handler (an arrow: the same `this` and variables). Not for CommonJS.
 */
import { Edits, programOf, type Rewrite, siblingModule } from "../rewrite.js";
import { freshName, importOffset, indentAt, isCommonJs, type Source } from "../syntax.js";
import { bodyPieces, extractions, replaceByCall } from "../targets.js";

export const closureInObject: Rewrite = {
  name: "closure-in-object",
  description: "pass a closure in an object to another module's function",
  apply(source: Source, salt = "") {
    if (isCommonJs(source)) return [];
    const targets = extractions(source);
    if (targets.length === 0) return [];
    const { name: file, specifier } = siblingModule(source.filename, `runner${salt}`);
    const runWith = freshName(source.code, "runWith");
    const edits = new Edits(source.code);
    for (const x of targets) {
      const indent = indentAt(source.code, x.from);
      const arrow = `${x.needs.awaits ? "async " : ""}() =>`;
      // The call's text goes in as pieces: the closure's body keeps the original's positions.
      const call = [`${runWith}({ run: ${arrow} {\n`, ...bodyPieces(source.code, x, [], `${indent}  `), `\n${indent}} })`];
      replaceByCall(edits, x, call);
    }
    const at = importOffset(source);
    const line = `import { ${runWith} } from "${specifier}";`;
    edits.insert(at, [at === 0 ? `${line}\n` : `\n${line}`]);
    const typed = source.typescript ? "<T>(ops: { run(): T }): T" : "(ops)";
    return programOf(
      edits,
      targets.map((x) => x.fn.range),
      [{ name: file, text: `export function ${runWith}${typed} {\n  return ops.run();\n}\n` }],
    );
  },
};
