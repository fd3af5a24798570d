// A code written as a string that spells an integer ("-32602") is judged as that number by every rule, since
// valid-error-object's suggestion turns it into the number: what the other rules say must not wait for that fix.
import type { TestCaseError } from "@typescript-eslint/rule-tester";
import noLostErrorCode from "../../rules/no-lost-error-code.js";
import noReservedErrorCode from "../../rules/no-reserved-error-code.js";
import preferErrorFactory, { type MessageIds as FactoryIds } from "../../rules/prefer-error-factory.js";
import requireSessionCheck from "../../rules/require-session-check.js";
import validErrorObject from "../../rules/valid-error-object.js";
import { at } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

const SDK = 'import { RequestError } from "@agentclientprotocol/sdk";\n';

const objectCode = `export function fail() {
  throw { code: "-32602", message: "Invalid params" };
}`;
const constructCode = `${SDK}export const bad = new RequestError("-32601", "Method not found", { method: "x" });`;
const reservedCode = `export function fail() {
  throw { code: "-32001", message: "Busy" };
}`;
const heldCode = `const BUSY = "-32001";
export function fail() {
  throw { code: BUSY, message: "Busy" };
}`;

function named(code: string, text: string, value: number, name: string): TestCaseError<FactoryIds> {
  return { messageId: "useNamedConstant", data: { code: value, name, meaning: "", constant: name }, ...at(code, text), suggestions: [] };
}

untypedTester().run("prefer-error-factory (codes written as strings)", preferErrorFactory, {
  valid: [
    // Not a number spelled out: a Node-style code, and a fraction.
    `export function fail() { throw { code: "ENOENT", message: "No such file" }; }`,
    `export function fail() { throw { code: "-32602.5", message: "Invalid params" }; }`,
    // A named constant holding the string is named.
    `const INVALID_PARAMS = "-32602";\nexport function fail() { throw { code: INVALID_PARAMS, message: "Invalid params" }; }`,
  ],
  invalid: [
    { name: "a thrown object: a named constant", code: objectCode, errors: [named(objectCode, '"-32602"', -32602, "InvalidParams")] },
    {
      name: "the SDK's RequestError: its factory, keeping the data",
      code: constructCode,
      errors: [
        {
          messageId: "useFactory",
          data: { code: -32601, name: "MethodNotFound", meaning: "", factory: "methodNotFound" },
          ...at(constructCode, '"-32601"'),
          suggestions: [
            {
              messageId: "replaceWithFactory",
              data: { factory: "methodNotFound" },
              output: `${SDK}export const bad = RequestError.methodNotFound("x");`,
            },
          ],
        },
      ],
    },
  ],
});

untypedTester().run("no-reserved-error-code (codes written as strings)", noReservedErrorCode, {
  valid: [`export function fail() { throw { code: "-32602", message: "Invalid params" }; }`, `export const e = { code: "-32001.5" };`],
  invalid: [
    {
      name: "a string literal",
      code: reservedCode,
      errors: [{ messageId: "reservedCode", data: { code: -32001, from: -32768, to: -32000 }, ...at(reservedCode, '"-32001"') }],
    },
    {
      name: "a constant holding the string",
      code: heldCode,
      errors: [{ messageId: "reservedCode", data: { code: -32001, from: -32768, to: -32000 }, ...at(heldCode, "BUSY", 1) }],
    },
  ],
});

const mismatchCode = `export function fail() {
  throw { code: "-32601", message: "Invalid params" };
}`;

untypedTester().run("valid-error-object (codes written as strings)", validErrorObject, {
  valid: [],
  invalid: [
    {
      name: "a standard message of another code: mismatched as the number will be",
      code: mismatchCode,
      errors: [
        {
          messageId: "nonIntegerCode",
          data: { value: '"-32601"' },
          ...at(mismatchCode, '"-32601"'),
          suggestions: [{ messageId: "useNumber", data: { number: -32601 }, output: mismatchCode.replace('"-32601"', "-32601") }],
        },
        {
          messageId: "mismatchedMessage",
          data: { message: "Invalid params", standardCode: -32602, code: -32601 },
          ...at(mismatchCode, '"Invalid params"'),
          suggestions: [],
        },
      ],
    },
  ],
});

const sessionCode = `${SDK}import { agent, methods } from "@agentclientprotocol/sdk";
const sessions = new Map<string, object>();
agent({ name: "a" }).onRequest(methods.agent.session.prompt, async ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError("-32602", "boom");
  return { stopReason: "end_turn" };
});`;

untypedTester().run("require-session-check (codes written as strings)", requireSessionCheck, {
  valid: [
    {
      name: "the right code, spelled as a string (valid-error-object's finding, not this rule's)",
      code: sessionCode.replace('"-32602", "boom"', '"-32002", "Session not found", { sessionId: params.sessionId }'),
    },
  ],
  invalid: [
    {
      name: "an unknown session answered with the string -32602 is judged as -32602",
      code: sessionCode,
      errors: [{ messageId: "wrongCode", ...at(sessionCode, 'new RequestError("-32602", "boom")') }],
    },
  ],
});

const lostStringCode = `import { agent, methods } from "@agentclientprotocol/sdk";
agent({ name: "a" }).onRequest(methods.agent.session.prompt, async () => {
  throw Object.assign(new Error("bad"), { code: "-32602" });
});`;

untypedTester().run("no-lost-error-code (codes written as strings)", noLostErrorCode, {
  valid: [],
  invalid: [
    {
      name: "a string code carried by a plain Error is lost like a number",
      code: lostStringCode,
      errors: [{ messageId: "lostCode", ...at(lostStringCode, 'Object.assign(new Error("bad"), { code: "-32602" })') }],
    },
  ],
});
