/**
 * Move the guarded lookup into a `#private` method of the handler's class: `const s = this.#resolveEntry(params);`,
 * the method running the same statements on its parameters (the handler's variables it reads) and returning `s`.
 * Fits handlers whose `this` is an instance of a class (methods, and arrows inside them or in fields).
 */
import { Edits, programOf, type Rewrite } from "../rewrite.js";
import { classOfThis, freshName, indentAt, type Source } from "../syntax.js";
import { bodyPieces, extractions, parameterList, replaceByCall } from "../targets.js";

export const privateMethod: Rewrite = {
  name: "private-method",
  description: "move the guarded lookup into a #private method",
  apply(source: Source) {
    const edits = new Edits(source.code);
    const touched: (readonly [number, number])[] = [];
    const names = new Set<string>();
    for (const x of extractions(source)) {
      const body = classOfThis(source, x.fn);
      if (!body || x.needs.superOrArguments) continue;
      const name = freshName(source.code, "resolveEntry", names);
      const indent = `${indentAt(source.code, body.range[1] - 1)}  `;
      replaceByCall(edits, x, `this.#${name}(${x.needs.closure.join(", ")})`);
      edits.insert(body.range[1] - 1, [
        `\n${indent}${x.needs.awaits ? "async " : ""}#${name}${parameterList(x.needs.closure)} {\n`,
        ...bodyPieces(source.code, x, [], `${indent}  `),
        `\n${indent}}\n`,
      ]);
      touched.push(x.fn.range);
    }
    return programOf(edits, touched);
  },
};
