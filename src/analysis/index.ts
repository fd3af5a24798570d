export { getModel, type FileModel } from "./model.js";
export type { ErrorSite, ErrorSiteKind } from "./error-sites.js";
export type { CodeTable, CodeTableMember } from "./code-tables.js";
export { codeLeaves, isBareNumber } from "./code-leaves.js";
export type { FallbackHandler, FileHandlers, Handler, HandlerStyle } from "./handlers.js";
export { isCaught, type SessionFacts, type SessionMiss, type UnguardedSession } from "./sessions.js";
export type { SessionScope } from "./session-scopes.js";
export type { Answer } from "./answers.js";
export { answerCodes, INTERNAL_ERROR, RESOURCE_NOT_FOUND, siteCodes } from "./answer-codes.js";
