import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { METHOD_NOT_FOUND } from "../../protocol/codes.js";
import { answerCodes } from "../errors/answer-codes.js";
import { answerOf } from "../errors/answers.js";
import { answeringFunction, type Handler } from "../handlers/types.js";
import type { FileModel } from "../model.js";

/**
 * Whether a handler does nothing but answer -32601 (`async loadSession() { throw RequestError.methodNotFound() }`):
 * what the spec asks of a method without a handler, so for its capability it counts as none.
 */
export function onlyRefuses(handler: Handler, model: FileModel): boolean {
  const fn = answeringFunction(handler);
  if (!fn || handler.body !== fn) return false;
  const body = fn.body;
  const only = body.type === AST_NODE_TYPES.BlockStatement ? (body.body.length === 1 ? body.body[0] : undefined) : undefined;
  if (only?.type !== AST_NODE_TYPES.ThrowStatement) return false;
  const answer = answerOf(only.argument, model.answers);
  const codes = answer && answerCodes(answer, model.values);
  return codes?.length === 1 && codes[0] === METHOD_NOT_FOUND;
}

/** The method names (registration nodes) of the file's handlers that only refuse. */
export function refusingRegistrations(model: FileModel): ReadonlySet<TSESTree.Node> {
  return new Set(model.handlers.handlers.filter((h) => onlyRefuses(h, model)).map((h) => h.methodNode));
}
