/**
 * "Session not found", "session ${id} not found", "unknown sessionId", "no such session", "session expired": the
 * session itself is unknown or gone, in the words of a message (not "Session runtime configuration not found", a thing
 * kept for a session; not "missing sessionId", a malformed request). The one test of it: valid-error-object's misused
 * -32000 and the sessions' miss after an answered check (sessions/answered-checks.ts) ask it alike.
 */
const UNKNOWN_SESSION =
  /\b(unknown|invalid|no\s+such|missing|expired|closed)\s+session\b|\b(unknown|invalid|no\s+such|expired|closed)\s+session[\s_-]?id\b|\bsession(?:[\s_-]?id)?\b(?:\s+\S+)?\s+(?:is\s+|was\s+|has\s+)?(not\s+found|does\s*n[o']t\s+exist|unknown|expired|closed|gone)\b/i;

export function saysSessionUnknown(message: string): boolean {
  return UNKNOWN_SESSION.test(message);
}
