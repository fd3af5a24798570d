import type { TSESLint } from "@typescript-eslint/utils";
import { capabilitySchema } from "../../protocol/capabilities.js";
import type { FileModel } from "../model.js";
import { perModel } from "../syntax/per-model.js";
import { appOwners } from "./apps.js";
import { dispatchOwners } from "./dispatch-owners.js";
import { type CapabilityFinding, ownerFindings } from "./findings.js";
import { legacyOwners } from "./legacy-owners.js";
import { readCapabilities } from "./literal.js";
import { refusingRegistrations } from "./refusing.js";
import type { AppContext, CapabilityOwner } from "./types.js";

export type { CapabilityFinding, MissingHandler, UnadvertisedHandler, UndefinedKey } from "./findings.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * The capabilities each app, legacy class and dispatcher of the file advertises in a literal, set against the
 * handlers it registers; computed once per file, and nothing is done for a file without ACP handlers.
 */
export const capabilityFindings = perModel((model: FileModel, sourceCode: SourceCode): readonly CapabilityFinding[] => {
  const schema = capabilitySchema(model.settings.protocolVersion);
  return ownersOf(model, sourceCode).flatMap((owner) => ownerFindings(owner, schema, model.values));
});

/** The apps, legacy classes and dispatchers of the file that register handlers, with their capabilities; once per file. */
const ownersOf = perModel((model: FileModel, sourceCode: SourceCode): readonly CapabilityOwner[] => {
  // Every owner's literal is a capabilities field written in this file (`agentCapabilities`, `clientCapabilities`,
  // v2's `capabilities`): without the word, finding the handlers' apps is wasted work. But for a client, whose
  // `initialize` request may leave them out.
  const { handlers } = model.handlers;
  const client = handlers.some((h) => h.method.side === "client");
  if ((!/capabilities/i.test(sourceCode.text) && !client) || handlers.length === 0) return [];
  const schema = capabilitySchema(model.settings.protocolVersion);
  const ctx: AppContext = { sourceCode, sdk: model.sdk, values: model.values, fields: schema.field, sdkVersions: model.sdkVersions, calls: model.nodes.calls, news: model.nodes.news };
  const owners = [...appOwners(handlers, ctx), ...legacyOwners(handlers, ctx), ...dispatchOwners(handlers, ctx, model.nodes)];
  // A handler that only answers -32601 is what the spec asks for a method without one: it registers nothing.
  const refusing = refusingRegistrations(model);
  return refusing.size === 0 ? owners : owners.map((o) => ({ ...o, registrations: o.registrations.filter((r) => !refusing.has(r.node)) }));
});

/**
 * Whether the file advertises, in the literal of an owner that registers `wire`, the capability that gates it
 * (`clientCapabilities.fs.readTextFile: true` beside a client's `fs/read_text_file` handler).
 */
export function advertisesGated(model: FileModel, sourceCode: SourceCode, wire: string): boolean {
  const schema = capabilitySchema(model.settings.protocolVersion);
  const gate = schema.gates.find((g) => g.wire === wire);
  if (!gate) return false;
  return ownersOf(model, sourceCode).some((owner) => {
    if (owner.side !== gate.side || !owner.capabilities || !owner.registrations.some((r) => r.wire === wire)) return false;
    const literal = readCapabilities(owner.capabilities, schema[owner.side], model.values);
    return gate.paths.some((path) => literal.state(path) === "on");
  });
}
