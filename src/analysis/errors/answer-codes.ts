import { INTERNAL_ERROR } from "../../protocol/codes.js";
import type { Answer } from "./answers.js";
import type { ErrorSite } from "./error-sites.js";
import { codeNumbers } from "../values/code-numbers.js";
import type { ValueResolver } from "../resolution/values.js";

/**
 * The codes an error site may answer with; `undefined` when they cannot be told. A string that spells an
 * integer counts as that number, as in every rule (valid-error-object's suggestion writes it as one).
 */
export function siteCodes(site: ErrorSite, values: ValueResolver): readonly number[] | undefined {
  if (site.factory) return [site.factory.code];
  const code = site.code ?? site.defaultCode;
  return code ? codeNumbers(code, values) : undefined;
}

/** The codes an answer may go out with; `undefined` when they cannot be told. */
export function answerCodes(answer: Answer, values: ValueResolver): readonly number[] | undefined {
  switch (answer.kind) {
    case "site":
      return siteCodes(answer.site, values);
    case "held":
      return codeNumbers(answer.code, values);
    case "internal":
      return [INTERNAL_ERROR];
  }
}
