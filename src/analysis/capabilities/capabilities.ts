import type { TSESLint } from "@typescript-eslint/utils";
import { capabilitySchema } from "../../protocol/capabilities.js";
import { type FileModel, getModel } from "../model.js";
import { appOwners, type AppContext } from "./apps.js";
import { dispatchOwners } from "./dispatch-owners.js";
import { type CapabilityFinding, ownerFindings } from "./findings.js";
import { legacyOwners } from "./legacy-owners.js";

export type { CapabilityFinding, MissingHandler, UnadvertisedHandler, UndefinedKey } from "./findings.js";

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

const cache = new WeakMap<FileModel, readonly CapabilityFinding[]>();

/**
 * The capabilities each app, legacy class and dispatcher of the file advertises in a literal, set against the
 * handlers it registers; computed once per file, and nothing is done for a file without ACP handlers.
 */
export function capabilityFindings(context: AnyContext): readonly CapabilityFinding[] {
  const model = getModel(context);
  let found = cache.get(model);
  if (!found) {
    found = compute(model, context.sourceCode);
    cache.set(model, found);
  }
  return found;
}

function compute(model: FileModel, sourceCode: AnyContext["sourceCode"]): CapabilityFinding[] {
  // Every finding starts from a capabilities field written in this file (`agentCapabilities`, `clientCapabilities`,
  // v2's `capabilities`): without the word, finding the handlers' apps is wasted work.
  if (!/capabilities/i.test(sourceCode.text)) return [];
  const { handlers } = model.handlers;
  if (handlers.length === 0) return [];
  const schema = capabilitySchema(model.settings.protocolVersion);
  const ctx: AppContext = { sourceCode, sdk: model.sdk, values: model.values, fields: schema.field, sdkVersion: model.sdkVersion };
  const owners = [...appOwners(handlers, ctx), ...legacyOwners(handlers, ctx), ...dispatchOwners(handlers, ctx)];
  return owners.flatMap((owner) => ownerFindings(owner, schema, model.values));
}
