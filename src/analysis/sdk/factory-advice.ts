import type { FileModel } from "../model.js";

/**
 * How to answer an unknown session in the SDK the file is linted against: its factory from 2.1.0, else the
 * construction every version accepts (and an unknown version may lack the factory).
 */
export function sessionNotFoundFix(model: Pick<FileModel, "hasFactory">): string {
  return model.hasFactory("sessionNotFound")
    ? "RequestError.sessionNotFound(sessionId)"
    : 'new RequestError(-32002, "Resource not found", { sessionId })';
}
