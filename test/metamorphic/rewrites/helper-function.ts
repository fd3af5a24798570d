/**
 * Move the guarded lookup into a same-file helper: `const s = sessions.get(params.sessionId); if (!s) throw …`
 * becomes `const s = resolveEntry(params);` and a function at the end of the module runs the same statements on
 * its parameters (the variables of the handler it reads, `this` as `self`) and returns `s`.
 */
import { Edits, programOf, type Rewrite } from "../rewrite.js";
import { freshName, type Source } from "../syntax.js";
import { bodyPieces, extractions, parameterList, replaceByCall, thisAs } from "../targets.js";

export const helperFunction: Rewrite = {
  name: "helper-function",
  description: "move the guarded lookup into a same-file helper",
  apply(source: Source) {
    const edits = new Edits(source.code);
    const touched: (readonly [number, number])[] = [];
    const names = new Set<string>();
    for (const x of extractions(source)) {
      if (x.needs.privateNames || x.needs.superOrArguments) continue;
      const name = freshName(source.code, "resolveEntry", names);
      const self = x.needs.thisAt.length > 0 ? [freshName(source.code, "self", names)] : [];
      const params = [...x.needs.closure, ...self];
      const args = [...x.needs.closure, ...(self.length ? ["this"] : [])];
      replaceByCall(edits, x, `${name}(${args.join(", ")})`);
      edits.insert(source.code.length, [
        `\n\n${x.needs.awaits ? "async " : ""}function ${name}${parameterList(params)} {\n`,
        ...bodyPieces(source.code, x, thisAs(x, self[0] ?? "this"), "  "),
        "\n}\n",
      ]);
      touched.push(x.fn.range);
    }
    return programOf(edits, touched);
  },
};
