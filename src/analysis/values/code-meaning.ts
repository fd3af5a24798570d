import { AUTH_REQUIRED, INVALID_REQUEST, RESOURCE_NOT_FOUND } from "../../protocol/codes.js";
import { saysNotInitialized } from "../initialization/not-initialized.js";
import { saysSessionUnknown } from "./session-wording.js";

/**
 * ACP codes used for another meaning than their own, told by the error's message: -32000 "Authentication required"
 * tells a client to authenticate, and -32002 "Resource not found" that a session, file or terminal does not exist.
 */
export interface MisusedCode {
  /** What the message says the situation is. */
  readonly situation: string;
  /** The code the situation calls for, as the message names it. */
  readonly instead: string;
  /** That code, when it is an ACP code; absent when the situation calls for an implementation-specific one. */
  readonly code?: number;
}

/**
 * A message about authentication itself: -32000 is right there. The one test of it, for every rule that asks
 * (prefer-error-factory, valid-error-object, code-replacement.ts): two of them disagreed once.
 */
const ABOUT_AUTH = /\b(auth\w*|log\s*-?in|login|sign(ed)?\s*-?in|credential\w*|token\w*|api[\s_-]?keys?|password\w*|session expired|unauthori[sz]ed|permission|forbidden)\b/i;

export function isAboutAuth(message: string): boolean {
  return ABOUT_AUTH.test(message);
}

/** A misuse: the situation a message says, by its words (a pattern, or the project's own test of that wording). */
type Misuse = MisusedCode & { readonly says: (message: string) => boolean };

const matches = (words: RegExp) => (message: string) => words.test(message);

/**
 * A request before initialize, in the wording require-initialize-gate reads: the connection's initialization, not a
 * session's or a store's. LSP answers it with -32002 (its ServerNotInitialized), which ACP reads as Resource not found.
 */
export const NOT_INITIALIZED: MisusedCode = { situation: "a request before initialize", instead: "-32600 Invalid request", code: INVALID_REQUEST };

const MISUSES_OF_AUTH: readonly Misuse[] = [
  {
    says: saysSessionUnknown,
    situation: "an unknown session",
    instead: "-32002 Resource not found with data.sessionId",
    code: RESOURCE_NOT_FOUND,
  },
  {
    says: matches(/\b(busy|in\s+progress|already\s+(running|in\s+progress|active|processing)|another\s+(prompt|turn|request)|concurrent|try\s+again\s+later)\b/i),
    situation: "a busy agent",
    instead: "an implementation-specific code outside -32768 to -32000",
  },
  {
    says: matches(/\b(terminal|file|path|directory|folder|resource)\b[^.]*\b(not\s+found|does\s*n[o']t\s+exist|missing)\b|\b(no\s+such|unknown|missing)\s+(terminal|file|path|directory|folder|resource)\b/i),
    situation: "a missing terminal, file or resource",
    instead: "-32002 Resource not found",
    code: RESOURCE_NOT_FOUND,
  },
  { says: saysNotInitialized, ...NOT_INITIALIZED },
];

const MISUSES_OF_NOT_FOUND: readonly Misuse[] = [
  {
    says: matches(/\b(quota|rate[\s-]?limit\w*|pool|capacity|exhausted|too\s+many|limit\s+(reached|exceeded))\b/i),
    situation: "an exhausted pool or quota",
    instead: "an implementation-specific code outside -32768 to -32000",
  },
  { says: saysNotInitialized, ...NOT_INITIALIZED },
];

/** What `code` is misused for, by its message's words; undefined when the message fits it or says nothing telling. */
export function misusedCode(code: number, message: string): MisusedCode | undefined {
  const misuses = code === AUTH_REQUIRED ? (isAboutAuth(message) ? [] : MISUSES_OF_AUTH) : code === RESOURCE_NOT_FOUND ? MISUSES_OF_NOT_FOUND : [];
  const found = misuses.find((m) => m.says(message));
  return found && { situation: found.situation, instead: found.instead, ...(found.code === undefined ? {} : { code: found.code }) };
}
