// One report per mistake, for params: an unknown mode answered inside another module's delegate (typed with the SDK's
// SetSessionModeRequest) is reported when that module is linted, not again at the app's call that hands it the
// request; a helper of that module that is no delegate is judged at the app's call (test/fixtures/resolution/
// delegate-prompts.ts).
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import rule from "../../rules/invalid-params-error.js";
import { at } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

const dir = fileURLToPath(new URL("../fixtures/resolution", import.meta.url));
const prompts = { filename: `${dir}/delegate-prompts.ts`, code: readFileSync(`${dir}/delegate-prompts.ts`, "utf8") };
const app = (body: string) => ({
  filename: `${dir}/delegate-modes.ts`,
  code: `import { agent, methods } from "@agentclientprotocol/sdk";
import { Prompts } from "./delegate-prompts.js";
const prompts = new Prompts();
export const app = agent({ name: "modes" });
app.onRequest(methods.agent.initialize, () => ({ protocolVersion: 1 }));
app.onRequest(methods.agent.session.setMode, async ({ params }) => ${body});
`,
});
const byDelegate = app("prompts.setMode(params)");
const byHelper = app("{ await prompts.setModeOf(params.modeId); return {}; }");

untypedTester().run("invalid-params-error: a delegate's failure is reported in its own file", rule, {
  valid: [{ name: "the app hands the request to another module's delegate: its unknown mode is that file's report", ...byDelegate }],
  invalid: [
    { name: "the app hands the mode to a helper of another module that is no delegate: reported at the call", ...byHelper, errors: [{ messageId: "unsupportedValue", ...at(byHelper.code, "prompts.setModeOf(params.modeId)") }] },
    { name: "the delegate's own file reports its unknown mode, where it is", ...prompts, errors: [{ messageId: "unsupportedValue", ...at(prompts.code, "new Error(`Unknown mode ${params.modeId}`)") }] },
  ],
});
