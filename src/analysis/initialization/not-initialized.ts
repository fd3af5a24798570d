import { INVALID_REQUEST } from "../../protocol/codes.js";
import { sdkSendsThrown } from "../handlers/types.js";
import type { ErrorSite } from "../errors/error-sites.js";
import { siteCodes } from "../errors/answer-codes.js";
import type { FileModel } from "../model.js";
import { messageText } from "../values/message-text.js";
import type { ValueResolver } from "../resolution/values.js";
import { findProperty, unwrap } from "../syntax/ast.js";
import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { type AnswerContext, answerOf } from "../errors/answers.js";
import { fileOf } from "../resolution/source-files.js";
import { type HelperPlace, helperPlace } from "../syntax/helper-place.js";
import { summariesOf } from "../summaries/summaries.js";
import { foreignEntry, thrownValue } from "../summaries/throws.js";
import { factoryMessage } from "./invalid-request-fix.js";
import { guardsInitState, initializeWrites } from "./init-state.js";

/** Wording about the connection's initialization, not a session's, a model's or a terminal's. */
const CONNECTION_NOT_INITIALIZED =
  /\b(connection|agent|client|server|protocol)\s+(is\s+|has\s+)?(not|never|hasn'?t|has not)\s+(yet\s+)?(been\s+)?initiali[sz]ed\b/i;
const INITIALIZE_FIRST = /\b(must|call|send)\s+(call\s+|send\s+)?[`'"]?initiali[sz]e[`'"]?\s+(first|before)\b|\bbefore\s+(calling\s+|sending\s+)?[`'"]?initiali[sz]e[`'"]?\b|\binitiali[sz]e\s+(was\s+)?not\s+(yet\s+)?(called|received|sent)\b/i;
/**
 * Passive wordings: "initialize must be called first", "initialize() has to be sent before …", "initialize() must
 * complete before …", "initialize is required".
 */
const INITIALIZE_REQUIRED =
  /\binitiali[sz]e(\(\))?[`'"]?\s+(must|has\s+to|needs\s+to|should)\s+(be\s+(called|sent|received|done|completed|run)|complete|finish|succeed)\b|\binitiali[sz]e(\(\))?[`'"]?\s+is\s+required\b/i;
const OTHER_SUBJECT = /\b(session|model|terminal|database|db|store|cache|client\s+library|sdk|plugin|tool|mcp)\b/i;

/** Whether a message says the peer has not initialized the connection yet. */
export function saysNotInitialized(text: string): boolean {
  if (OTHER_SUBJECT.test(text)) return false;
  return CONNECTION_NOT_INITIALIZED.test(text) || INITIALIZE_FIRST.test(text) || INITIALIZE_REQUIRED.test(text);
}

/** The keys of `data` that carry an error's explanation in real code (`{ details }` is what the SDK itself writes). */
const DATA_TEXT_KEYS = ["details", "reason", "message", "detail"];

/** The text an error site explains itself with: its message, else a `details` / `reason` of its data. */
function siteTexts(site: ErrorSite, values: ValueResolver): string[] {
  const out: string[] = [];
  const message = messageText(site.kind === "factory" ? factoryMessage(site) : site.message, values);
  if (message) out.push(message);
  const data = site.data ? values.objectLiteral(site.data) : undefined;
  for (const key of DATA_TEXT_KEYS) {
    const value = data && findProperty(data, key)?.value;
    const text = value && messageText(value, values);
    if (text) out.push(text);
  }
  return out;
}

/** Error sites whose message says the connection is not initialized yet, with a known code other than -32600. */
export function notInitializedSites(model: FileModel): readonly ErrorSite[] {
  if (model.handlers.handlers.length === 0 && model.handlers.fallbacks.length === 0) return [];
  return model.errorSites.filter((site) => {
    if (site.inErrorClass) return false;
    if (!siteTexts(site, model.values).some(saysNotInitialized)) return false;
    const codes = siteCodes(site, model.values);
    return codes !== undefined && codes.some((c) => c !== INVALID_REQUEST);
  });
}

/** A plain `Error` an SDK handler throws saying the connection is not initialized: the SDK sends it as -32603. */
export interface NotInitializedThrow {
  /** The thrown `new Error(message)`; for a throw of another module, this file's call that leads to it. */
  readonly node: TSESTree.Node;
  /** Its message argument, when it has one and is in this file. */
  readonly message: TSESTree.Node | undefined;
  /** The function and file of a throw of another module. */
  readonly through?: HelperPlace;
}

/** The `new Error(message)` an escape throws that goes out as -32603, with its message when it says why. */
function plainThrown(escape: TSESTree.ThrowStatement | TSESTree.CallExpression, answers: AnswerContext | undefined, values: ValueResolver): { node: TSESTree.Node; message: TSESTree.Node } | undefined {
  const value = thrownValue(escape);
  const answer = value && answers && answerOf(value, answers);
  if (answer?.kind !== "internal") return undefined;
  const thrown = unwrap(answer.node);
  const first = thrown.type === AST_NODE_TYPES.NewExpression || thrown.type === AST_NODE_TYPES.CallExpression ? thrown.arguments[0] : thrown;
  const message = first && first.type !== AST_NODE_TYPES.SpreadElement ? first : undefined;
  const text = message && messageText(message, values);
  return message && text && saysNotInitialized(text) ? { node: answer.node, message } : undefined;
}

/**
 * The plain `Error`s that leave the agent's SDK request handlers (their own code, and the functions they call:
 * Summaries' throws) whose message says the connection is not initialized: `throw new Error("initialize must be
 * called first")` goes out as -32603. One of this file is reported where it is thrown, once; one of another module
 * at the handler's call that leads to it, once per call.
 */
export function notInitializedThrows(model: FileModel): readonly NotInitializedThrow[] {
  const handlers = model.handlers.handlers.filter((h) => sdkSendsThrown(h) && h.fn && h.method.side === "agent" && h.method.kind === "request" && h.method.wire !== "initialize");
  if (handlers.length === 0) return [];
  const resolver = model.resolver;
  const throws = summariesOf(resolver).throws;
  const found = new Map<TSESTree.Node, NotInitializedThrow>();
  const initState = initializeWrites(model);
  for (const handler of handlers) {
    for (const reached of throws.throwsOf(handler.fn!)) {
      const entry = foreignEntry(reached, (node) => resolver.isLinted(node));
      const file = entry && fileOf(reached.node);
      const answers = entry ? file && model.moduleModel(file)?.answers : model.answers;
      const plain = plainThrown(reached.node, answers, model.values);
      if (!plain || (initState && !guardsInitState(reached.node, initState, model))) continue;
      if (!entry) found.set(plain.node, plain);
      else if (!found.has(entry)) found.set(entry, { node: entry, message: undefined, through: helperPlace(reached.node) });
    }
  }
  return [...found.values()].sort((a, b) => a.node.range[0] - b.node.range[0]);
}
