import type { ErrorSite } from "../errors/error-sites.js";
import { siteCodes } from "../errors/answer-codes.js";
import type { FileModel } from "../model.js";
import { messageText } from "../values/message-text.js";
import { factoryMessage } from "./invalid-request-fix.js";

export const INVALID_REQUEST = -32600;

/** Wording about the connection's initialization, not a session's, a model's or a terminal's. */
const CONNECTION_NOT_INITIALIZED =
  /\b(connection|agent|client|server|protocol)\s+(is\s+|has\s+)?(not|never|hasn'?t|has not)\s+(yet\s+)?(been\s+)?initiali[sz]ed\b/i;
const INITIALIZE_FIRST = /\b(must|call|send)\s+(call\s+|send\s+)?[`'"]?initiali[sz]e[`'"]?\s+(first|before)\b|\bbefore\s+(calling\s+|sending\s+)?[`'"]?initiali[sz]e[`'"]?\b|\binitiali[sz]e\s+(was\s+)?not\s+(yet\s+)?(called|received|sent)\b/i;
const OTHER_SUBJECT = /\b(session|model|terminal|database|db|store|cache|client\s+library|sdk|plugin|tool|mcp)\b/i;

/** Whether a message says the peer has not initialized the connection yet. */
export function saysNotInitialized(text: string): boolean {
  if (OTHER_SUBJECT.test(text)) return false;
  return CONNECTION_NOT_INITIALIZED.test(text) || INITIALIZE_FIRST.test(text);
}

/** Error sites whose message says the connection is not initialized yet, with a known code other than -32600. */
export function notInitializedSites(model: FileModel): readonly ErrorSite[] {
  if (model.handlers.handlers.length === 0 && model.handlers.fallbacks.length === 0) return [];
  return model.errorSites.filter((site) => {
    if (site.inErrorClass) return false;
    // Factory sites carry their message as an argument the error-site model does not record.
    const text = messageText(site.kind === "factory" ? factoryMessage(site) : site.message, model.values);
    if (!text || !saysNotInitialized(text)) return false;
    const codes = siteCodes(site, model.values);
    return codes !== undefined && codes.some((c) => c !== INVALID_REQUEST);
  });
}
