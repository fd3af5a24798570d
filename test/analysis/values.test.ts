import type { TSESTree } from "@typescript-eslint/utils";
import { AST_NODE_TYPES } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { findAll, firstArgOf, initOf, modelOf, type Probed, resolveProbe } from "./model-of.js";

/** What `model.values.numbers` gives for the `probe` variable's initializer. */
function numbersOfProbe(code: string, typed = false): readonly number[] | undefined {
  const probed = modelOf(code, { typed });
  return probed.model.values.numbers(initOf(probed));
}

/** What the first argument of the first `new RequestError(...)` resolves to. */
function resolveCode(code: string, typed = false) {
  const probed = modelOf(code, { typed });
  return probed.model.values.resolve(firstArgOf(probed));
}

describe("literals and operators", () => {
  it("resolves number, string, boolean and null literals", () => {
    expect(resolveProbe(`const probe = -32602;`)).toEqual([-32602]);
    expect(resolveProbe(`const probe = 32000;`)).toEqual([32000]);
    expect(resolveProbe(`const probe = "Invalid params";`)).toEqual(["Invalid params"]);
    expect(resolveProbe(`const probe = true;`)).toEqual([true]);
    expect(resolveProbe(`const probe = null;`)).toEqual([null]);
  });

  it("leaves regular expressions and bigints unknown", () => {
    expect(resolveProbe(`const probe = /-32000/;`)).toBeUndefined();
    expect(resolveProbe(`const probe = 32000n;`)).toBeUndefined();
  });

  it("applies unary minus and plus, to numbers and numeric strings", () => {
    expect(resolveProbe(`const probe = -32000;`)).toEqual([-32000]);
    expect(resolveProbe(`const probe = +32000;`)).toEqual([32000]);
    expect(resolveProbe(`const probe = +"-32602";`)).toEqual([-32602]);
    expect(resolveProbe(`const probe = -"32602";`)).toEqual([-32602]);
    expect(resolveProbe(`const probe = - -32001;`)).toEqual([32001]);
    expect(resolveProbe(`const probe = void 0;`)).toEqual([undefined]);
  });

  it("leaves other unary operators unknown", () => {
    expect(resolveProbe(`const probe = ~32000;`)).toBeUndefined();
    expect(resolveProbe(`const probe = !0;`)).toBeUndefined();
    expect(resolveProbe(`const probe = typeof 1;`)).toBeUndefined();
  });

  it("resolves a template whose every part is known, each combination of a set, not one with an unknown part", () => {
    expect(resolveProbe("const probe = `Session not found`;")).toEqual(["Session not found"]);
    expect(resolveProbe("const id = 1; const probe = `Session ${id} not found`;")).toEqual(["Session 1 not found"]);
    expect(resolveProbe("declare const c: boolean; const probe = `${c ? 1 : 2}-x`;")).toEqual(["1-x", "2-x"]);
    expect(resolveProbe("declare const id: string; const probe = `Session ${id} not found`;")).toBeUndefined();
  });

  it("follows String(x), x ?? d and x || d", () => {
    expect(resolveProbe(`const probe = String(-32002);`)).toEqual(["-32002"]);
    expect(resolveProbe(`const String = (x: unknown) => "y"; const probe = String(-32002);`)).toBeUndefined();
    expect(resolveProbe(`declare const c: boolean; const v = c ? undefined : "cancelled"; const probe = v ?? "end_turn";`)).toEqual(["cancelled", "end_turn"]);
    expect(resolveProbe(`const v = ""; const probe = v || "end_turn";`)).toEqual(["end_turn"]);
    expect(resolveProbe(`const v = "x"; const probe = v ?? "end_turn";`)).toEqual(["x"]);
    expect(resolveProbe(`declare const v: string; const probe = v ?? "end_turn";`)).toBeUndefined();
  });

  it("computes + - * / of numbers", () => {
    expect(resolveProbe(`const probe = -32000 - 1;`)).toEqual([-32001]);
    expect(resolveProbe(`const probe = -32000 + 2;`)).toEqual([-31998]);
    expect(resolveProbe(`const probe = -16001 * 2;`)).toEqual([-32002]);
    expect(resolveProbe(`const probe = -64000 / 2;`)).toEqual([-32000]);
    expect(resolveProbe(`const probe = 1 / 4;`)).toEqual([0.25]);
    expect(resolveProbe(`const BASE = -32000; const probe = BASE - 10 * 2;`)).toEqual([-32020]);
  });

  it("computes other operators and string concatenation with eslint-utils' getStaticValue, but not sets", () => {
    expect(resolveProbe(`const probe = 32000 % 7;`)).toEqual([3]);
    expect(resolveProbe(`const probe = 2 ** 3;`)).toEqual([8]);
    expect(resolveProbe(`const probe = "-32" + "000";`)).toEqual(["-32000"]);
    expect(resolveProbe(`declare const c: boolean; const probe = (c ? 1 : 2) + 1;`)).toBeUndefined();
    expect(resolveProbe(`declare const n: number; const probe = n + 1;`)).toBeUndefined();
  });

  it("gives both branches of a conditional, once each", () => {
    expect(resolveProbe(`declare const c: boolean; const probe = c ? -32000 : -32002;`)).toEqual([-32000, -32002]);
    expect(resolveProbe(`declare const c: boolean; const probe = c ? -32000 : -32000;`)).toEqual([-32000]);
    expect(
      resolveProbe(`declare const a: boolean, b: boolean; const probe = a ? -32000 : b ? -32002 : "x";`),
    ).toEqual([-32000, -32002, "x"]);
  });

  it("leaves a conditional with an unknown branch unknown", () => {
    expect(resolveProbe(`declare const c: boolean; declare const n: number; const probe = c ? -32000 : n;`)).toBeUndefined();
    expect(resolveProbe(`declare const c: boolean; declare const n: number; const probe = c ? n : -32000;`)).toBeUndefined();
  });

  it("looks through `as`, `!`, `satisfies` and parentheses", () => {
    expect(resolveProbe(`const probe = (-32001 as number);`)).toEqual([-32001]);
    expect(resolveProbe(`const A = -32001; const probe = A!;`)).toEqual([-32001]);
    expect(resolveProbe(`const probe = -32001 satisfies number;`)).toEqual([-32001]);
    expect(resolveProbe(`const probe = <number>(-32001);`)).toEqual([-32001]);
  });
});

describe("numbers()", () => {
  it("gives the numbers only when every value is a number", () => {
    expect(numbersOfProbe(`const probe = -32602;`)).toEqual([-32602]);
    expect(numbersOfProbe(`declare const c: boolean; const probe = c ? -32000 : -32002;`)).toEqual([-32000, -32002]);
    expect(numbersOfProbe(`const probe = "-32602";`)).toBeUndefined();
    expect(numbersOfProbe(`declare const c: boolean; const probe = c ? -32000 : "-32002";`)).toBeUndefined();
    expect(numbersOfProbe(`const probe = undefined;`)).toBeUndefined();
    expect(numbersOfProbe(`declare function code(): number; const probe = code();`)).toBeUndefined();
  });
});

describe("bindings", () => {
  it("follows const bindings, through chains", () => {
    expect(resolveProbe(`const SESSION_GONE = -32001; const probe = SESSION_GONE;`)).toEqual([-32001]);
    expect(resolveProbe(`const A = -32001; const B = A; const C = B; const probe = C;`)).toEqual([-32001]);
  });

  it("follows a const declared after its use in a function", () => {
    expect(resolveCode(`
import { RequestError } from "@agentclientprotocol/sdk";
export function fail() {
  throw new RequestError(SESSION_GONE, "Session gone");
}
const SESSION_GONE = -32001;
`)).toEqual([-32001]);
  });

  it("follows let and var written only by their declaration", () => {
    expect(resolveProbe(`let CODE = -32001; const probe = CODE;`)).toEqual([-32001]);
    expect(resolveProbe(`var CODE = -32001; const probe = CODE;`)).toEqual([-32001]);
  });

  it("gives every value a let is written with, and leaves one written otherwise unknown", () => {
    expect(resolveProbe(`declare const c: boolean; let code = -32001; if (c) code = -32002; const probe = code;`)).toEqual([-32001, -32002]);
    expect(resolveProbe(`declare const c: boolean; let code = -32001; if (c) code = -32001; const probe = code;`)).toEqual([-32001]);
    // A write every way to the read passes overwrites what came before it.
    expect(resolveProbe(`let code = -32001; code = -32002; const probe = code;`)).toEqual([-32002]);
    expect(resolveProbe(`declare const c: boolean; let code = -32001; if (c) { code = -32002; code = -32003; } const probe = code;`)).toEqual([-32001, -32003]);
    // A read in a function may run before or after a later write.
    expect(resolveProbe(`let code = -32001; export function f() { const probe = code; return probe; } code = -32002;`)).toEqual([-32001, -32002]);
    // A write in a callback may run after a later write.
    expect(resolveProbe(`let code = -32001; const f = () => { code = -32003; }; code = -32002; f(); const probe = code;`)).toEqual([-32003, -32002]);
    // A jump between two writes of one list may skip the second.
    expect(resolveProbe(`declare const c: boolean; let code = -32001; for (;;) { code = -32002; if (c) break; code = -32003; } const probe = code;`)).toEqual([-32001, -32002, -32003]);
    expect(resolveProbe(`declare const c: boolean; let r = "end_turn"; if (c) r = c ? "cancelled" : "refusal"; const probe = r;`)).toEqual(["end_turn", "cancelled", "refusal"]);
    expect(resolveProbe(`let code = -32001; export function bump() { code++; } const probe = code;`)).toBeUndefined();
    expect(resolveProbe(`let code = -32001; code += 1; const probe = code;`)).toBeUndefined();
    expect(resolveProbe(`let code = -32001; ({ code } = { code: 2 }); const probe = code;`)).toBeUndefined();
    expect(resolveProbe(`let code = -32001; export function set(c: number) { code = c; } const probe = code;`)).toBeUndefined();
  });

  it("gives a declared-only let undefined among its values, and leaves a var declared twice unknown", () => {
    expect(resolveProbe(`declare const c: boolean; let code; if (c) code = -32001; const probe = code;`)).toEqual([undefined, -32001]);
    expect(resolveProbe(`let code; code = -32001; const probe = code;`)).toEqual([-32001]);
    expect(resolveProbe(`declare let code: -32001; const probe = code;`)).toBeUndefined();
    expect(resolveProbe(`var code = -32001; var code = -32002; const probe = code;`)).toBeUndefined();
  });

  it("leaves a loop variable unknown even when its declaration is its only write", () => {
    expect(resolveCode(`
import { RequestError } from "@agentclientprotocol/sdk";
for (var code = -32001; ; ) {
  throw new RequestError(code, "x");
}
`)).toBeUndefined();
    expect(resolveCode(`
import { RequestError } from "@agentclientprotocol/sdk";
for (let i = 0, code = -32001; i < 3; i++) {
  throw new RequestError(code, "x");
}
`)).toBeUndefined();
    expect(resolveCode(`
import { RequestError } from "@agentclientprotocol/sdk";
for (var code of [-32001, -32002]) {
  throw new RequestError(code, "x");
}
`)).toBeUndefined();
  });

  it("leaves parameters, destructured bindings, calls and imports (without types) unknown", () => {
    expect(resolveCode(`
import { RequestError } from "@agentclientprotocol/sdk";
export function fail(code: number) {
  throw new RequestError(code, "x");
}
`)).toBeUndefined();
    expect(resolveProbe(`const { code } = { code: -32001 }; const probe = code;`)).toBeUndefined();
    expect(resolveProbe(`declare function nextCode(): number; const probe = nextCode();`)).toBeUndefined();
    expect(resolveProbe(`import { TOO_BUSY } from "./codes.js"; const probe = TOO_BUSY;`)).toBeUndefined();
  });

  it("leaves cyclic constants unknown without crashing", () => {
    expect(resolveProbe(`const a = b; const b = a; const probe = a;`)).toBeUndefined();
    expect(resolveProbe(`const a = b - 1; const b = a + 1; const probe = b;`)).toBeUndefined();
    expect(resolveProbe(`const T = { a: T.b, b: T.a }; const probe = T.a;`)).toBeUndefined();
    expect(resolveProbe(`enum E { A = B, B = A } const probe = E.A;`)).toBeUndefined();
  });

  it("answers the same after a cycle, from the cache", () => {
    const probed = modelOf(`const a = b; const b = a; const probe = a; const other = b;`);
    const probe = initOf(probed);
    expect(probed.model.values.resolve(probe)).toBeUndefined();
    expect(probed.model.values.resolve(probe)).toBeUndefined();
    expect(probed.model.values.resolve(initOf(probed, "other"))).toBeUndefined();
  });
});

describe("globals", () => {
  it("resolves undefined, NaN and Infinity", () => {
    expect(resolveProbe(`const probe = undefined;`)).toEqual([undefined]);
    expect(resolveProbe(`const probe = NaN;`)).toEqual([NaN]);
    expect(resolveProbe(`const probe = Infinity;`)).toEqual([Infinity]);
    expect(resolveProbe(`const probe = -Infinity;`)).toEqual([-Infinity]);
  });

  it("does not take a shadowed undefined for the global", () => {
    expect(resolveCode(`
import { RequestError } from "@agentclientprotocol/sdk";
export function fail(undefined: number) {
  throw new RequestError(undefined, "x");
}
`)).toBeUndefined();
    expect(resolveProbe(`const NaN = -32001; const probe = NaN;`)).toEqual([-32001]);
  });

  it("leaves other globals unknown", () => {
    expect(resolveProbe(`const probe = globalThis;`)).toBeUndefined();
    expect(resolveProbe(`const probe = process.exitCode;`)).toBeUndefined();
  });
});

describe("enums", () => {
  it("resolves initialised members and auto-increments the rest", () => {
    const code = `
enum AcpCode {
  AuthRequired = -32000,
  Next,
  ResourceNotFound = -32002,
  AfterThat,
}
const probe = [AcpCode.AuthRequired, AcpCode.Next, AcpCode.ResourceNotFound, AcpCode.AfterThat, AcpCode["Next"]];
`;
    const probed = modelOf(code);
    const items = (initOf(probed) as TSESTree.ArrayExpression).elements.map((e) => probed.model.values.resolve(e!));
    expect(items).toEqual([[-32000], [-31999], [-32002], [-32001], [-31999]]);
  });

  it("numbers an enum without initialisers from 0", () => {
    expect(resolveProbe(`enum Level { Low, High } const probe = Level.High;`)).toEqual([1]);
    expect(resolveProbe(`enum Level { Low, High } const probe = Level.Low;`)).toEqual([0]);
  });

  it("resolves string enums and does not auto-increment after a string", () => {
    expect(resolveProbe(`enum Kind { Auth = "auth", Gone = "gone" } const probe = Kind.Gone;`)).toEqual(["gone"]);
    expect(resolveProbe(`enum Kind { Auth = "auth", Next } const probe = Kind.Next;`)).toBeUndefined();
  });

  it("resolves const enum members", () => {
    expect(resolveProbe(`const enum Rpc { InvalidParams = -32602 } const probe = Rpc.InvalidParams;`)).toEqual([-32602]);
  });

  it("resolves members defined by other members, by bare name or through the enum", () => {
    expect(resolveProbe(`enum E { Base = -32000, Busy = Base - 42 } const probe = E.Busy;`)).toEqual([-32042]);
    expect(resolveProbe(`enum E { Base = -32000, Busy = E.Base - 42 } const probe = E.Busy;`)).toEqual([-32042]);
    expect(resolveProbe(`const BASE = -32000; enum E { Busy = BASE - 1 } const probe = E.Busy;`)).toEqual([-32001]);
  });

  it("resolves quoted member names and leaves unknown members and merged enums unknown", () => {
    expect(resolveProbe(`enum E { "auth-required" = -32000 } const probe = E["auth-required"];`)).toEqual([-32000]);
    expect(resolveProbe(`enum E { A = -32000 } const probe = (E as any).Missing;`)).toBeUndefined();
    expect(resolveProbe(`enum E { A = -32000 } enum E { B = -32002 } const probe = E.A;`)).toBeUndefined();
  });

  it("gives an enum member node its value", () => {
    const probed = modelOf(`enum E { A = -32000, B }`);
    const members = findAll(probed, (n): n is TSESTree.TSEnumMember => n.type === AST_NODE_TYPES.TSEnumMember);
    expect(members.map((m) => probed.model.values.resolve(m))).toEqual([[-32000], [-31999]]);
  });
});

describe("object members", () => {
  it("resolves members of `as const`, Object.freeze and plain object literals bound to a const", () => {
    expect(resolveProbe(`const Codes = { Busy: -32042 } as const; const probe = Codes.Busy;`)).toEqual([-32042]);
    expect(resolveProbe(`const Codes = Object.freeze({ Busy: -32042 }); const probe = Codes.Busy;`)).toEqual([-32042]);
    expect(resolveProbe(`const Codes = Object.freeze({ Busy: -32042 } as const); const probe = Codes.Busy;`)).toEqual([-32042]);
    expect(resolveProbe(`const Codes = { Busy: -32042 }; const probe = Codes.Busy;`)).toEqual([-32042]);
    expect(resolveProbe(`const Codes = { Busy: -32042 }; const probe = Codes["Busy"];`)).toEqual([-32042]);
    expect(resolveProbe(`const Codes = { "busy-code": -32042 }; const probe = Codes["busy-code"];`)).toEqual([-32042]);
  });

  it("leaves missing members, methods, getters and non-static keys unknown", () => {
    expect(resolveProbe(`const Codes = { Busy: -32042 }; const probe = Codes.Other;`)).toBeUndefined();
    expect(resolveProbe(`const Codes = { Busy() { return -32042; } }; const probe = Codes.Busy;`)).toBeUndefined();
    expect(resolveProbe(`const Codes = { get Busy() { return -32042; } }; const probe = Codes.Busy;`)).toBeUndefined();
    expect(resolveProbe(`declare const k: string; const Codes = { Busy: -32042 }; const probe = Codes[k];`)).toBeUndefined();
  });

  it("leaves a plain object's member unknown when it is written anywhere, others stay known", () => {
    const written = `
const Codes = { Busy: -32042, Gone: -32001 };
export function configure(busy: number) {
  Codes.Busy = busy;
}
const probe = Codes.Busy;
const gone = Codes.Gone;
`;
    expect(resolveProbe(written)).toBeUndefined();
    expect(resolveProbe(written, {}, "gone")).toEqual([-32001]);
    expect(resolveProbe(`const Codes = { Busy: -32042 }; Codes["Busy"] = 1; const probe = Codes.Busy;`)).toBeUndefined();
    expect(resolveProbe(`const Codes = { Busy: -32042 }; Codes.Busy++; const probe = Codes.Busy;`)).toBeUndefined();
    expect(resolveProbe(`const Codes = { Busy: -32042 }; Codes.Busy += 1; const probe = Codes.Busy;`)).toBeUndefined();
    expect(resolveProbe(`const Codes = { Busy: -32042 }; delete Codes.Busy; const probe = Codes.Busy;`)).toBeUndefined();
  });

  it("leaves a nested object unknown when it is replaced, and ignores writes to a shadowing object", () => {
    expect(resolveProbe(`const A = { b: { c: -32003 } }; A.b = { c: 1 }; const probe = A.b.c;`)).toBeUndefined();
    expect(
      resolveProbe(`const o = { a: -32000 }; function f() { const o = { a: 1 }; o.a = 2; } const probe = o.a;`),
    ).toEqual([-32000]);
  });

  it("leaves a member of an object bound to a reassigned let unknown", () => {
    expect(resolveProbe(`let Codes = { Busy: -32042 }; Codes = { Busy: 1 }; const probe = Codes.Busy;`)).toBeUndefined();
  });

  it("counts keys after a spread only", () => {
    const base = `const base = { Busy: 1, Gone: -32001 };`;
    expect(resolveProbe(`${base} const Codes = { ...base, Busy: -32042 }; const probe = Codes.Busy;`)).toEqual([-32042]);
    expect(resolveProbe(`${base} const Codes = { Busy: -32042, ...base }; const probe = Codes.Busy;`)).toBeUndefined();
    expect(resolveProbe(`${base} const Codes = { Busy: -32042, ...base }; const probe = Codes.Gone;`)).toBeUndefined();
    expect(resolveProbe(`const Codes = { Busy: 1, Busy: -32042 }; const probe = Codes.Busy;`)).toEqual([-32042]);
  });

  it("follows nested objects and aliases", () => {
    expect(resolveProbe(`const A = { b: { c: -32003 } }; const probe = A.b.c;`)).toEqual([-32003]);
    expect(resolveProbe(`const A = { b: { c: -32003 } } as const; const probe = A["b"]["c"];`)).toEqual([-32003]);
    expect(resolveProbe(`const inner = { c: -32003 }; const A = { b: inner }; const probe = A.b.c;`)).toEqual([-32003]);
    expect(resolveProbe(`const A = { c: -32003 }; const B = A; const probe = B.c;`)).toEqual([-32003]);
  });

  it("resolves computed numeric keys, in literals and in member accesses", () => {
    const code = `
const AUTH = -32000;
const MESSAGES = { [-32000]: "Authentication required", [-32002]: "Resource not found", [AUTH - 1]: "Busy" };
const probe = MESSAGES[-32000];
const viaConst = MESSAGES[AUTH];
const byNumber = MESSAGES[-32001];
const byString = MESSAGES["-32002"];
`;
    expect(resolveProbe(code)).toEqual(["Authentication required"]);
    expect(resolveProbe(code, {}, "viaConst")).toEqual(["Authentication required"]);
    expect(resolveProbe(code, {}, "byNumber")).toEqual(["Busy"]);
    expect(resolveProbe(code, {}, "byString")).toEqual(["Resource not found"]);
  });
});

describe("a field of what a call gives back", () => {
  const MAPPER = `function toRpc(e: unknown) {
  if (e instanceof TypeError) return { code: -32602, message: "bad" };
  return { code: -32603, message: "internal" };
}`;

  it("is the field's values over every return of the callee, read on the call or on a const holding it", () => {
    expect(resolveProbe(`${MAPPER}\nconst probe = toRpc(1).code;`)).toEqual([-32602, -32603]);
    expect(resolveProbe(`${MAPPER}\nconst mapped = toRpc(1);\nconst probe = mapped.code;`)).toEqual([-32602, -32603]);
    expect(resolveProbe(`const toRpc = () => ({ code: -32001 });\nconst probe = toRpc().code;`)).toEqual([-32001]);
    expect(resolveProbe(`async function toRpc() { return { code: -32001 }; }\nasync function f() { const probe = (await toRpc()).code; }`)).toEqual([-32001]);
  });

  it("is unknown when a return is no object literal, lacks the field, spreads, or an async callee's promise is read", () => {
    expect(resolveProbe(`const base = { code: -32603 };\nfunction toRpc(e: unknown) {\n  if (e) return { code: -32602 };\n  return base;\n}\nconst probe = toRpc(1).code;`)).toBeUndefined();
    expect(resolveProbe(`function toRpc(e: unknown) {\n  if (e) return { code: -32602 };\n  return { message: "x" };\n}\nconst probe = toRpc(1).code;`)).toBeUndefined();
    expect(resolveProbe(`declare const more: { code: number };\nfunction toRpc() {\n  return { code: -32602, ...more };\n}\nconst probe = toRpc().code;`)).toBeUndefined();
    expect(resolveProbe(`async function toRpc(e: unknown) {\n  if (e) return { code: -32602 };\n  return { code: -32001 };\n}\nconst probe = toRpc(1).code;`)).toBeUndefined();
    expect(resolveProbe(`declare function toRpc(): { code: number };\nconst probe = toRpc().code;`)).toBeUndefined();
  });
});

describe("keyOf", () => {
  function keysOf(code: string): (string | undefined)[] {
    const probed: Probed = modelOf(code);
    const props = findAll(probed, (n): n is TSESTree.Property => n.type === AST_NODE_TYPES.Property);
    return props.map((p) => probed.model.values.keyOf(p.key, p.computed));
  }

  it("gives static keys of properties, computed numeric keys as their number", () => {
    expect(keysOf(`const AUTH = -32000; const T = { a: 1, "b-c": 2, 7: 3, [-32000]: 4, [AUTH]: 5, ["d"]: 6, [\`e\`]: 7 };`)).toEqual([
      "a",
      "b-c",
      "7",
      "-32000",
      "-32000",
      "d",
      "e",
    ]);
  });

  it("gives no key for computed keys it cannot resolve", () => {
    expect(keysOf(`declare const k: string; declare const c: boolean; const T = { [k]: 1, [c ? 1 : 2]: 2 };`)).toEqual([
      undefined,
      undefined,
    ]);
  });

  it("gives the static key of a member access", () => {
    const probed = modelOf(`declare const T: any; const probe = T[-32000]; const dotted = T.code;`);
    const probe = initOf(probed) as TSESTree.MemberExpression;
    const dotted = initOf(probed, "dotted") as TSESTree.MemberExpression;
    expect(probed.model.values.keyOf(probe.property, probe.computed)).toBe("-32000");
    expect(probed.model.values.keyOf(dotted.property, dotted.computed)).toBe("code");
  });
});

describe("objectLiteral", () => {
  it("finds the object literal a const, a frozen const or a member stands for", () => {
    const probed = modelOf(`
const Codes = Object.freeze({ rpc: { busy: -32042 } });
const probe = Codes;
const nested = Codes.rpc;
declare const other: object;
const unknown = other;
`);
    const { values } = probed.model;
    expect(probed.sourceCode.getText(values.objectLiteral(initOf(probed)))).toBe("{ rpc: { busy: -32042 } }");
    expect(probed.sourceCode.getText(values.objectLiteral(initOf(probed, "nested")))).toBe("{ busy: -32042 }");
    expect(values.objectLiteral(initOf(probed, "unknown"))).toBeUndefined();
  });
});

describe("with type information", () => {
  it("resolves constants imported from another file, with and without the .js suffix", () => {
    expect(resolveProbe(`import { TOO_BUSY } from "./codes.js"; const probe = TOO_BUSY;`, { typed: true })).toEqual([-32042]);
    expect(resolveProbe(`import { TOO_BUSY } from "./codes"; const probe = TOO_BUSY;`, { typed: true })).toEqual([-32042]);
    expect(resolveProbe(`import { PROVIDER_DOWN as DOWN } from "./codes.js"; const probe = DOWN;`, { typed: true })).toEqual([
      51000,
    ]);
    expect(resolveProbe(`import { NOT_A_NUMBER } from "./codes.js"; const probe = NOT_A_NUMBER;`, { typed: true })).toEqual([
      "-32602",
    ]);
  });

  it("resolves a namespace-imported constant, an aliased extensionless import, and arithmetic on imports", () => {
    expect(resolveProbe(`import * as codes from "./codes.js"; const probe = codes.TOO_BUSY;`, { typed: true })).toEqual([-32042]);
    expect(resolveProbe(`import { TOO_BUSY as BUSY } from "./codes"; const probe = BUSY;`, { typed: true })).toEqual([-32042]);
    expect(resolveProbe(`import { TOO_BUSY } from "./codes"; const probe = TOO_BUSY - 1;`, { typed: true })).toEqual([-32043]);
    expect(resolveProbe(`import { TOO_BUSY } from "./codes.js"; const probe = -TOO_BUSY;`, { typed: true })).toEqual([32042]);
  });

  it("gives each literal of a union, and nothing for a union with a non-literal member", () => {
    expect(resolveProbe(`declare const c: -32000 | "busy"; const probe = c;`, { typed: true })).toEqual([-32000, "busy"]);
    expect(resolveProbe(`declare const c: -32000 | undefined; const probe = c;`, { typed: true })).toBeUndefined();
    expect(resolveProbe(`declare const o: { code: -32001 }; const probe = o.code;`, { typed: true })).toEqual([-32001]);
  });

  it("resolves an imported code used as the code of a construction", () => {
    expect(resolveCode(`
import { RequestError } from "@agentclientprotocol/sdk";
import { INVALID_PARAMS } from "./codes.js";
export function reject(field: string) {
  throw new RequestError(INVALID_PARAMS, "Invalid params", { field });
}
`, true)).toEqual([-32602]);
  });

  it("resolves imported enum members and `as const` members", () => {
    expect(resolveProbe(`import { AppError } from "./codes.js"; const probe = AppError.Conflict;`, { typed: true })).toEqual([
      -32009,
    ]);
    expect(resolveProbe(`import { AppError } from "./codes.js"; const probe = AppError.Quota;`, { typed: true })).toEqual([42001]);
    expect(resolveProbe(`import { Codes } from "./codes.js"; const probe = Codes.SessionMissing;`, { typed: true })).toEqual([
      -32001,
    ]);
  });

  it("gives both values of a union literal type parameter", () => {
    expect(resolveCode(`
import { RequestError } from "@agentclientprotocol/sdk";
import type { AcpFailureCode } from "./codes.js";
export function fail(code: AcpFailureCode, message: string): never {
  throw new RequestError(code, message);
}
`, true)).toEqual([-32000, -32002]);
  });

  it("leaves a parameter typed `number`, and a non-literal call, unknown", () => {
    expect(resolveCode(`
import { RequestError } from "@agentclientprotocol/sdk";
export function fail(code: number, message: string): never {
  throw new RequestError(code, message);
}
`, true)).toBeUndefined();
    expect(resolveProbe(`declare function next(): number; const probe = next();`, { typed: true })).toBeUndefined();
  });

  it("resolves a call whose return type is a number literal", () => {
    expect(resolveProbe(`declare function busy(): -32042; const probe = busy();`, { typed: true })).toEqual([-32042]);
  });

  it("asks the checker only about what the file does not define: not a local function's call, nor a callback's parameter", () => {
    // The checker would answer -32001 for each; inferring them costs more than the rest of the lint's analysis.
    expect(resolveProbe(`const make = () => -32001 as const; export const probe = make();`, { typed: true })).toBeUndefined();
    expect(resolveProbe(`declare function on(f: (e: { code: -32001 }) => void): void; on((e) => { const probe = e.code; });`, { typed: true })).toBeUndefined();
    expect(resolveProbe(`declare function make(): { code: -32001 }; export const probe = make().code;`, { typed: true })).toBeUndefined();
    // What the file only declares is another file's to define.
    expect(resolveProbe(`declare function on(f: (e: { code: -32001 }) => void): void; on((e: { code: -32001 }) => { const probe = e.code; });`, { typed: true })).toEqual([-32001]);
  });

  it("gives the set of a reassigned let with types too", () => {
    expect(resolveProbe(`declare const c: boolean; let code = -32001; if (c) code = -32002; export const probe = code;`, { typed: true })).toEqual([-32001, -32002]);
  });
});
