import type { TSESLint } from "@typescript-eslint/utils";
import { capabilitySchema } from "../../protocol/capabilities.js";
import { type FileModel, getModel } from "../model.js";
import { appOwners, type AppContext } from "./apps.js";
import { dispatchOwners } from "./dispatch-owners.js";
import { type CapabilityFinding, ownerFindings } from "./findings.js";
import { legacyOwners } from "./legacy-owners.js";
import { readCapabilities } from "./literal.js";
import type { CapabilityOwner } from "./types.js";

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
  const schema = capabilitySchema(model.settings.protocolVersion);
  return ownersOf(model, sourceCode).flatMap((owner) => ownerFindings(owner, schema, model.values));
}

const ownersCache = new WeakMap<FileModel, readonly CapabilityOwner[]>();

/** The apps, legacy classes and dispatchers of the file that register handlers, with their capabilities; once per file. */
function ownersOf(model: FileModel, sourceCode: AnyContext["sourceCode"]): readonly CapabilityOwner[] {
  let found = ownersCache.get(model);
  if (found) return found;
  found = [];
  // Every owner's literal is a capabilities field written in this file (`agentCapabilities`, `clientCapabilities`,
  // v2's `capabilities`): without the word, finding the handlers' apps is wasted work.
  const { handlers } = model.handlers;
  if (/capabilities/i.test(sourceCode.text) && handlers.length > 0) {
    const schema = capabilitySchema(model.settings.protocolVersion);
    const ctx: AppContext = { sourceCode, sdk: model.sdk, values: model.values, fields: schema.field, sdkVersion: model.sdkVersion };
    found = [...appOwners(handlers, ctx), ...legacyOwners(handlers, ctx), ...dispatchOwners(handlers, ctx)];
  }
  ownersCache.set(model, found);
  return found;
}

/**
 * Whether the file advertises, in the literal of an owner that registers `wire`, the capability that gates it
 * (`clientCapabilities.fs.readTextFile: true` beside a client's `fs/read_text_file` handler).
 */
export function advertisesGated(model: FileModel, sourceCode: AnyContext["sourceCode"], wire: string): boolean {
  const schema = capabilitySchema(model.settings.protocolVersion);
  const gate = schema.gates.find((g) => g.wire === wire);
  if (!gate) return false;
  return ownersOf(model, sourceCode).some((owner) => {
    if (owner.side !== gate.side || !owner.capabilities || !owner.registrations.some((r) => r.wire === wire)) return false;
    const literal = readCapabilities(owner.capabilities, schema[owner.side], model.values);
    return gate.paths.some((path) => literal.state(path) === "on");
  });
}
