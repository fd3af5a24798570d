import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { constructionText, INVALID_PARAMS, RESOURCE_NOT_FOUND } from "../../protocol/codes.js";
import type { FileModel } from "../model.js";
import { unwrap } from "../syntax/ast.js";

/** Per factory the advice names: the call, and the construction every SDK version accepts. */
const ADVICE = {
  sessionNotFound: { call: "RequestError.sessionNotFound(sessionId)", construction: constructionText("RequestError", RESOURCE_NOT_FOUND, "{ sessionId }") },
  invalidParams: { call: "RequestError.invalidParams(data, message)", construction: constructionText("RequestError", INVALID_PARAMS, "data") },
} as const;

/**
 * The full code the messages tell to write for an error of `factory` in the SDK the file is linted against, whether
 * or not the file imports RequestError: the factory where that version has it, else the construction every version
 * accepts (and an unknown version may lack the factory).
 */
export function factoryAdvice(model: Pick<FileModel, "hasFactory">, factory: keyof typeof ADVICE): string {
  return model.hasFactory(factory) ? ADVICE[factory].call : ADVICE[factory].construction;
}

/** How to answer an unknown session. */
export function sessionNotFoundFix(model: Pick<FileModel, "hasFactory">): string {
  return factoryAdvice(model, "sessionNotFound");
}

/**
 * `RequestError.invalidParams(undefined, message)` (or `invalidRequest`) in place of a thrown plain Error
 * (`new Error(message)`, a thrown string), keeping its message, as the file names the class: undefined where the SDK
 * lacks the factory or the arguments are spread.
 */
export function plainErrorFactoryCall(
  thrown: TSESTree.Node,
  factory: "invalidParams" | "invalidRequest",
  model: Pick<FileModel, "sdk" | "hasFactory">,
  sourceCode: Readonly<TSESLint.SourceCode>,
): string | undefined {
  const name = model.hasFactory(factory) ? model.sdk.requestErrorName() : undefined;
  if (!name) return undefined;
  const inner = unwrap(thrown);
  const args = inner.type === AST_NODE_TYPES.NewExpression || inner.type === AST_NODE_TYPES.CallExpression ? inner.arguments : undefined;
  if (args?.some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return undefined;
  const message = args ? args[0] : inner;
  return `${name}.${factory}(${message ? `undefined, ${sourceCode.getText(message)}` : ""})`;
}
