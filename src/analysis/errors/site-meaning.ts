import type { TSESLint } from "@typescript-eslint/utils";
import { INVALID_REQUEST } from "../../protocol/codes.js";
import { gateErrors } from "../initialization/gate-guards.js";
import { notInitializedSites } from "../initialization/not-initialized.js";
import type { FileModel } from "../model.js";
import { perModel } from "../syntax/per-model.js";
import { type MisusedCode, misusedCode, NOT_INITIALIZED } from "../values/code-meaning.js";
import { messageText } from "../values/message-text.js";
import type { ErrorSite } from "./error-sites.js";

/** What require-initialize-gate asks for on an answer to a repeated initialize (protocol version 2). */
export const REPEATED_INITIALIZE: MisusedCode = { situation: "a repeated initialize", instead: "-32600 Invalid request", code: INVALID_REQUEST };

/** What the initialization analysis knows an error site answers, by site. */
type Known = ReadonlyMap<ErrorSite, MisusedCode>;

/**
 * The error sites require-initialize-gate judges, with what they answer: a request before initialize (a message or
 * data that says the connection is not initialized, any code but -32600; a gate found by its guard) and, in protocol
 * version 2, a repeated initialize. require-initialize-gate reports these, and prefer-error-factory's advice follows
 * them: one list for both.
 */
export const initializationSites = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): Known => {
  const out = new Map<ErrorSite, MisusedCode>();
  const gates = gateErrors(model, sourceCode);
  for (const site of [...notInitializedSites(model), ...gates.beforeInitialize]) out.set(site, NOT_INITIALIZED);
  if (model.settings.protocolVersion === 2) for (const site of gates.repeatedInitialize) if (!out.has(site)) out.set(site, REPEATED_INITIALIZE);
  return out;
});

/**
 * What an error site's code `code` is used for when that is not the code's own meaning: what its message says
 * (code-meaning.ts: -32002 "Server not initialized", -32002 "terminal pool exhausted"), else what the initialization
 * analysis knows the site answers (require-initialize-gate's findings, so that advice about the code never contradicts
 * that rule's). Undefined when nothing tells the site means something else than its code.
 */
export function siteMisuse(site: ErrorSite, code: number, model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): MisusedCode | undefined {
  const text = messageText(site.message, model.values);
  const byMessage = text === undefined ? undefined : misusedCode(code, text);
  if (byMessage) return byMessage;
  // Only a site with an ACP code other than -32600 can be one of the gate's findings.
  return code === NOT_INITIALIZED.code ? undefined : initializationSites(model, sourceCode).get(site);
}
