import { describe, expect, it } from "vitest";
import { type ModelOptions, modelOf } from "./model-of.js";

interface TableSummary {
  node: string;
  members: [key: string, value: string, codes: readonly number[]][];
}

function tablesOf(code: string, options: ModelOptions = {}): TableSummary[] {
  const probed = modelOf(code, options);
  return probed.model.codeTables.map((table) => ({
    node: probed.sourceCode.getText(table.node),
    members: table.members.map((m) => [m.key, probed.sourceCode.getText(m.value), m.codes]),
  }));
}

describe("code tables", () => {
  it("takes an object literal with two ACP codes and lists all its numeric members", () => {
    expect(tablesOf(`
export const ErrorCodes = {
  ParseError: -32700,
  InvalidRequest: -32600,
  SessionBusy: -32042,
  Name: "acp",
  [-1]: 5,
  get Internal() { return -32603; },
  describe() { return "codes"; },
};
`)).toEqual([
      {
        node: expect.stringMatching(/^\{\n {2}ParseError: -32700,/),
        members: [
          ["ParseError", "-32700", [-32700]],
          ["InvalidRequest", "-32600", [-32600]],
          ["SessionBusy", "-32042", [-32042]],
          ["-1", "5", [5]],
        ],
      },
    ]);
  });

  it("takes an enum with two ACP codes, auto-incremented members included with the member as value", () => {
    const probed = modelOf(`
export enum AcpErrorCode {
  AuthRequired = -32000,
  ResourceNotFound = -32002,
  Quota = 42000,
  QuotaHard,
  Label = "label",
}
`);
    const [table] = probed.model.codeTables;
    expect(probed.model.codeTables).toHaveLength(1);
    expect(table!.node.type).toBe("TSEnumDeclaration");
    expect(table!.members.map((m) => [m.key, m.codes])).toEqual([
      ["AuthRequired", [-32000]],
      ["ResourceNotFound", [-32002]],
      ["Quota", [42000]],
      ["QuotaHard", [42001]],
    ]);
    // A member without initializer stands for itself.
    expect(table!.members[3]!.value.type).toBe("TSEnumMember");
    expect(probed.sourceCode.getText(table!.members[0]!.value)).toBe("-32000");
  });

  it("takes const enums and enums whose codes come from constants", () => {
    expect(tablesOf(`
const AUTH = -32000;
export const enum Rpc { Auth = AUTH, Gone = AUTH - 2 }
`).map((t) => t.members)).toEqual([
      [
        ["Auth", "AUTH", [-32000]],
        ["Gone", "AUTH - 2", [-32002]],
      ],
    ]);
  });

  it("does not take an object or enum with a single ACP code", () => {
    expect(tablesOf(`
export const Limits = { InvalidParams: -32602, MaxSessions: 8, Timeout: 30000 };
export enum Custom { Busy = -32042, InvalidParams = -32602 }
export enum Auto { ParseError = -32700, Next }
`)).toEqual([]);
  });

  it("counts a member with several possible codes as a member but not as an ACP code", () => {
    expect(tablesOf(`
declare const strict: boolean;
export const Codes = { Auth: strict ? -32000 : -32002, Parse: -32700 };
export const Codes2 = { Auth: strict ? -32000 : -32002, Parse: -32700, Params: -32602 };
`)).toEqual([
      {
        node: "{ Auth: strict ? -32000 : -32002, Parse: -32700, Params: -32602 }",
        members: [
          ["Auth", "strict ? -32000 : -32002", [-32000, -32002]],
          ["Parse", "-32700", [-32700]],
          ["Params", "-32602", [-32602]],
        ],
      },
    ]);
  });

  it("does not take keyed tables (codes as keys, strings as values) or string codes", () => {
    expect(tablesOf(`
export const MESSAGES = { [-32000]: "Authentication required", [-32002]: "Resource not found" };
export const STATUS = { "-32000": "auth", "-32002": "missing" };
export const AS_TEXT = { Auth: "-32000", Missing: "-32002" };
`)).toEqual([]);
  });

  it("counts -32022 only for protocolVersion 2", () => {
    const code = `export const Versioned = { Unsupported: -32022, Auth: -32000 };`;
    expect(tablesOf(code)).toEqual([]);
    expect(tablesOf(code, { settings: { acp: { protocolVersion: 2 } } })).toEqual([
      {
        node: "{ Unsupported: -32022, Auth: -32000 }",
        members: [
          ["Unsupported", "-32022", [-32022]],
          ["Auth", "-32000", [-32000]],
        ],
      },
    ]);
  });

  it("takes tables through constants, nested and frozen objects, and repeated codes", () => {
    expect(tablesOf(`
const AUTH = -32000;
export const ByConst = { auth: AUTH, missing: -32002 };
export const Nested = { rpc: { parse: -32700, params: -32602 }, label: "x" };
export const Frozen = Object.freeze({ method: -32601, internal: -32603 });
export const Twice = { a: -32000, b: -32000 };
`).map((t) => t.node)).toEqual([
      "{ auth: AUTH, missing: -32002 }",
      "{ parse: -32700, params: -32602 }",
      "{ method: -32601, internal: -32603 }",
      "{ a: -32000, b: -32000 }",
    ]);
  });

  it("skips spreads but keeps the members around them", () => {
    expect(tablesOf(`
declare const base: object;
export const Codes = { ...base, Parse: -32700, Cancelled: -32800 };
`)).toEqual([
      {
        node: "{ ...base, Parse: -32700, Cancelled: -32800 }",
        members: [
          ["Parse", "-32700", [-32700]],
          ["Cancelled", "-32800", [-32800]],
        ],
      },
    ]);
  });

  it("with type information, takes members that are imported constants and enum members", () => {
    expect(tablesOf(`
import { AppError, INVALID_PARAMS } from "./codes.js";
export const Mapped = { params: INVALID_PARAMS, auth: -32000, conflict: AppError.Conflict };
`, { typed: true })).toEqual([
      {
        node: "{ params: INVALID_PARAMS, auth: -32000, conflict: AppError.Conflict }",
        members: [
          ["params", "INVALID_PARAMS", [-32602]],
          ["auth", "-32000", [-32000]],
          ["conflict", "AppError.Conflict", [-32009]],
        ],
      },
    ]);
  });
});
