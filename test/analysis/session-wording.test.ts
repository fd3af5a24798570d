// The one test of a message that says the session itself is unknown or gone: valid-error-object's misused -32000 and
// require-session-check's miss after an answered check ask it alike, so the two cannot disagree.
import { describe, expect, it } from "vitest";
import { saysSessionUnknown } from "../../src/analysis/values/session-wording.js";

describe("a message that says the session is unknown", () => {
  it.each([
    "Session not found",
    "Session not found: s-1",
    "session … not found",
    "session s-1 does not exist",
    "unknown sessionId: s-1",
    "Unknown session_id",
    "no such session",
    "invalid session",
    "session has expired",
    "Session is closed",
  ])("%s", (message) => {
    expect(saysSessionUnknown(message)).toBe(true);
  });

  it.each([
    // Something kept for a session that exists (dirac-run/dirac).
    "Session runtime configuration not found: s-1",
    // A malformed request, not an unknown session.
    "missing sessionId",
    "sessionId is required",
    "a prompt is already running in this session",
    "Session created",
  ])("not: %s", (message) => {
    expect(saysSessionUnknown(message)).toBe(false);
  });
});
