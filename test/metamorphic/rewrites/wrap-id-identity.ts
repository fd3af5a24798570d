/**
 * Wrap the id in an identity helper: every read of a requested id (`params.sessionId`, a `sessionId` destructured
 * from the params) becomes `idOf(params.sessionId)`, `function idOf(id) { return id; }` at the end of the module.
 */
import { Edits, programOf, type Rewrite } from "../rewrite.js";
import { freshName, type Source } from "../syntax.js";
import { wrapIds } from "../wrap-ids.js";

export const wrapIdIdentity: Rewrite = {
  name: "wrap-id-identity",
  description: "wrap the id in an identity helper",
  apply(source: Source) {
    const edits = new Edits(source.code);
    const name = freshName(source.code, "idOf");
    const touched = wrapIds(source, edits, name, () => true);
    if (touched.length === 0) return [];
    const signature = source.typescript ? `${name}<T>(id: T): T` : `${name}(id)`;
    edits.insert(source.code.length, [`\n\nfunction ${signature} {\n  return id;\n}\n`]);
    return programOf(edits, touched);
  },
};
