/**
 * Wrap the id in a validating helper: every read of a requested id that the request must carry (not behind `?.`,
 * `??` or `||`) becomes `checkedId(params.sessionId)`, which answers a non-string id with the SDK's
 * `RequestError.invalidParams` (-32602, what a malformed request gets) and returns a string id unchanged. A
 * well-formed request is answered as before. Fits modules that import the SDK's `RequestError` (or its namespace).
 */
import { Edits, programOf, type Rewrite } from "../rewrite.js";
import { freshName, requestErrorName, type Source } from "../syntax.js";
import { wrapIds } from "../wrap-ids.js";

export const wrapIdValidating: Rewrite = {
  name: "wrap-id-validating",
  description: "wrap the id in a validating helper",
  apply(source: Source) {
    const requestError = requestErrorName(source);
    if (!requestError) return [];
    const edits = new Edits(source.code);
    const name = freshName(source.code, "checkedId");
    const touched = wrapIds(source, edits, name, (read) => !read.optional);
    if (touched.length === 0) return [];
    const signature = source.typescript ? `${name}<T>(id: T): T` : `${name}(id)`;
    const check = `  if (typeof id !== "string") throw ${requestError}.invalidParams({ id });\n`;
    edits.insert(source.code.length, [`\n\nfunction ${signature} {\n${check}  return id;\n}\n`]);
    return programOf(edits, touched);
  },
};
