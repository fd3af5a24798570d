// One report per mistake: a handler of its own module (a delegate typed with the SDK's request) is judged when that
// module is linted, so a session miss inside it is reported there, not again at each call of the module that hands
// it the request (test/fixtures/resolution/delegate-*.ts). Another module's helper that is no delegate is still
// judged at the handler's call that reaches it, since no file would report it otherwise.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import rule from "../../rules/require-session-check.js";
import { at } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

const dir = fileURLToPath(new URL("../fixtures/resolution", import.meta.url));
const read = (name: string) => ({ filename: `${dir}/${name}`, code: readFileSync(`${dir}/${name}`, "utf8") });
const app = read("delegate-app.ts");
const prompts = read("delegate-prompts.ts");

untypedTester().run("require-session-check: a delegate's miss is reported in its own file", rule, {
  valid: [],
  invalid: [
    {
      name: "the app: the delegate's miss is not repeated at prompts.prompt(params); the plain helper's is reported at its call",
      ...app,
      errors: [{ messageId: "internalError", ...at(app.code, "prompts.touch(params.sessionId)") }],
    },
    {
      name: "the delegate's own file reports its miss, where it is",
      ...prompts,
      errors: [{ messageId: "internalError", ...at(prompts.code, "new Error(`No session ${params.sessionId}`)") }],
    },
  ],
});
