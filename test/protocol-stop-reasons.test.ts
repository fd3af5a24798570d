// Checks the stop-reason table against the JSON schemas the installed SDK ships, so a schema change fails here.
import { describe, expect, it } from "vitest";
import type { ProtocolVersion } from "../src/protocol/codes.js";
import { CANCELLED, EXTENSION_PREFIX, isStopReason, STOP_REASONS } from "../src/protocol/stop-reasons.js";
import { type Defs, defsOf, type JsonSchema } from "./sdk-schema.js";

/** v1: `StopReason` is a `oneOf` of string constants, and `PromptResponse.stopReason` refers to it. */
function v1Reasons(defs: Defs): string[] {
  expect(defs.PromptResponse?.properties?.stopReason?.$ref ?? defs.PromptResponse?.properties?.stopReason?.allOf?.[0]?.$ref).toBe("#/$defs/StopReason");
  return (defs.StopReason?.oneOf ?? []).map((variant) => variant.const!).filter(Boolean);
}

/** v2: the stop reason moved to the idle state update, a variant per reason plus an "other" one. */
function v2Variants(defs: Defs): readonly JsonSchema[] {
  return defs.IdleStateUpdate?.anyOf ?? [];
}
const v2Reasons = (defs: Defs) => v2Variants(defs).flatMap((variant) => variant.properties?.stopReason?.const ?? []);

describe.each([
  [1, "schema/v1/schema.json"],
  [1, "schema/v1/schema.unstable.json"],
  [2, "schema/v2/schema.json"],
  [2, "schema/v2/schema.unstable.json"],
] as const)("stop reasons of protocol version %i (%s)", (version: ProtocolVersion, file) => {
  const defs = defsOf(file);

  it("are the constants the schema defines, in its order", () => {
    expect(version === 1 ? v1Reasons(defs) : v2Reasons(defs)).toEqual(STOP_REASONS[version]);
  });

  it("include the cancelled stop reason, which the schema says a cancelled turn MUST report", () => {
    const text = JSON.stringify(defs);
    expect(STOP_REASONS[version]).toContain(CANCELLED);
    expect(text).toMatch(version === 1 ? /This stop reason MUST be returned when the client sends a `session\/cancel`/ : /Agents MUST report this stop reason on an idle `state_update`/);
  });

  it("accept extension values only where the schema reserves a prefix for them", () => {
    if (version === 1) {
      // Every variant of v1's StopReason is a constant: no open string.
      expect(defs.StopReason?.oneOf?.every((variant) => typeof variant.const === "string")).toBe(true);
      expect(EXTENSION_PREFIX[1]).toBeUndefined();
      expect(isStopReason("_custom", 1)).toBe(false);
    } else {
      const other = v2Variants(defs).find((variant) => variant.title === "other");
      expect(other?.description).toContain("Values beginning with `_` are reserved for implementation-specific");
      expect(isStopReason("_custom", 2)).toBe(true);
      // Unknown values that do not begin with `_` are reserved for future ACP variants.
      expect(isStopReason("done", 2)).toBe(false);
    }
  });
});

describe("isStopReason", () => {
  it("v1 defines five values, and not the v2 error stop reason", () => {
    expect(STOP_REASONS[1].every((value) => isStopReason(value, 1))).toBe(true);
    expect(isStopReason("error", 1)).toBe(false);
    expect(isStopReason("error", 2)).toBe(true);
    expect(isStopReason("canceled", 1)).toBe(false);
  });
});
