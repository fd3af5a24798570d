export { getModel, type FileModel } from "./model.js";
export type { ErrorSite, ErrorSiteKind } from "./errors/error-sites.js";
export type { CodeTable, CodeTableMember } from "./errors/code-tables.js";
export { codeLeaves, isBareNumber } from "./errors/code-leaves.js";
export type { FallbackHandler, FileHandlers, Handler, HandlerStyle } from "./handlers/types.js";
export { isCaught, type SessionFacts, type SessionMiss, type UnguardedSession } from "./sessions/sessions.js";
export type { SessionScope } from "./sessions/scopes.js";
export type { Answer } from "./errors/answers.js";
export { answerCodes, INTERNAL_ERROR, RESOURCE_NOT_FOUND, siteCodes } from "./errors/answer-codes.js";
