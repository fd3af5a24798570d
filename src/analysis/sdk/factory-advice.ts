import type { FileModel } from "../model.js";

/** Per factory the advice names: the call, and the construction every SDK version accepts. */
const ADVICE = {
  sessionNotFound: { call: "RequestError.sessionNotFound(sessionId)", construction: 'new RequestError(-32002, "Resource not found", { sessionId })' },
  invalidParams: { call: "RequestError.invalidParams(data, message)", construction: 'new RequestError(-32602, "Invalid params", data)' },
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
