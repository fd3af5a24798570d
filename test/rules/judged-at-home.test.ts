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

// A notification is answered by nobody: its handler's call into the same helper is no answer (issue 37).
const cancelApp = {
  filename: `${dir}/cancel-app.ts`,
  code: `import { agent, methods } from "@agentclientprotocol/sdk";
import { Prompts } from "./delegate-prompts.js";
const prompts = new Prompts();
export const app = agent({ name: "cancelling" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onNotification(methods.agent.session.cancel, async ({ params }) => {
  await prompts.touch(params.sessionId);
});
`,
};

untypedTester().run("require-session-check: a delegate's miss is reported in its own file", rule, {
  valid: [{ name: "the session/cancel notification's call of another module's helper that throws on a miss is no answer", ...cancelApp }],
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
