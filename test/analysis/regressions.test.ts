// Behaviours the first review of the analysis found wrong, each pinned by a test.
import { describe, expect, it } from "vitest";
import { modelOf, resolveProbe, summaries, typedFilename } from "./model-of.js";

const kindsAndCodes = (code: string) => summaries(modelOf(code)).map((s) => [s.kind, s.code, s.sdk]);

describe("analysis regressions", () => {
  it("sees the SDK's RequestError through an aliased import, for constructions and factories", () => {
    expect(
      kindsAndCodes(`
import { RequestError as RpcError } from "@agentclientprotocol/sdk";
export const a = new RpcError(-32001, "x");
export const b = RpcError.invalidParams({});
`),
    ).toEqual([
      ["construct", "-32001", true],
      ["factory", undefined, true],
    ]);
  });

  it("does not take a cast data argument for an error object of its own", () => {
    expect(
      kindsAndCodes(`
import { RequestError } from "@agentclientprotocol/sdk";
declare const e: { code: string; message: string };
export const a = RequestError.internalError({ code: e.code, message: e.message } as Record<string, unknown>);
export const b = new RequestError(-32603, "Internal error", { code: "ENOENT", message: "x" } satisfies object);
`),
    ).toEqual([
      ["construct", "-32603", true],
      ["factory", undefined, true],
    ]);
  });

  it("follows a helper whose parameters have defaults", () => {
    const probed = modelOf(`
import { RequestError } from "@agentclientprotocol/sdk";
function fail(code = -32603, message = "failed", data = {}) {
  throw new RequestError(code, message, data);
}
fail(-32001, "m", { a: 1 });
`);
    const call = summaries(probed).find((s) => s.kind === "helper-call");
    expect([call?.code, call?.message, call?.data]).toEqual(["-32001", '"m"', "{ a: 1 }"]);
  });

  it.each([
    "(Codes as any).Busy = 1;",
    "Codes!.Busy = 1;",
    "[Codes.Busy] = [1];",
    "({ x: Codes.Busy } = { x: 1 });",
    "for (Codes.Busy of [1]) {}",
    "const B = Codes; B.Busy = 1;",
  ])("leaves a member unknown when it is written as in %s", (write) => {
    expect(resolveProbe(`const Codes = { Busy: -32042 }; ${write} const probe = Codes.Busy;`)).toBeUndefined();
  });

  it("leaves a nested member unknown when it is written", () => {
    expect(resolveProbe(`const A = { b: { c: -32003 } }; A.b.c = 5; const probe = A.b.c;`)).toBeUndefined();
    expect(resolveProbe(`const A = { b: { c: -32003 }, d: -32004 }; A.b.c = 5; const probe = A.d;`)).toEqual([-32004]);
  });

  it.each([
    ['import { AppError } from "./codes"; const probe = AppError.Conflict;', -32009],
    ['import { Codes } from "./codes"; const probe = Codes.SessionMissing;', -32001],
    ['import * as c from "./codes"; const probe = c.TOO_BUSY;', -32042],
  ])("resolves members through an extensionless import: %s", (code, value) => {
    expect(resolveProbe(code, { typed: true, filename: typedFilename })).toEqual([value]);
  });

  it("takes this.code = n outside the constructor, and an error built in a variable", () => {
    expect(
      kindsAndCodes(`
class X extends Error {
  reset() { this.code = -32042; }
}
const boom = new Error("m") as any;
boom.code = -32001;
`),
    ).toEqual([
      ["code-assignment", "-32042", false],
      ["code-assignment", "-32001", false],
    ]);
  });
});
