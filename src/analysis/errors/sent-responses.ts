import type { ErrorSite } from "./error-sites.js";
import { type FlowContext, outletsOf } from "./responses.js";

const MAX_DEPTH = 4;

/**
 * Whether the value a site's expression gives is a whole response, not only its error: a call of a helper that
 * returns `{ jsonrpc, id, error }` (`refuse(id, -32002, "x")`).
 */
export function isResponseValue(site: ErrorSite, ctx: FlowContext, depth = 0): boolean {
  const inner = site.inner;
  if (site.kind !== "helper-call" || !inner || depth > MAX_DEPTH) return false;
  return outletsOf(inner.node, ctx, isResponseValue(inner, ctx, depth + 1)).some((o) => o.how === "returned" && o.enveloped);
}

/**
 * Whether building the site sends its error as a response: a sender of another file, a response passed to a call
 * (`this.write({ jsonrpc, id, error })`), or a helper that does either (`this.sendError(id, -32602, "x")`).
 */
export function sendsResponse(site: ErrorSite, ctx: FlowContext, depth = 0): boolean {
  if (site.kind === "send-call") return true;
  if (depth > MAX_DEPTH) return false;
  if (outletsOf(site.node, ctx, isResponseValue(site, ctx)).some((o) => o.how === "sent" && o.enveloped)) return true;
  return site.kind === "helper-call" && site.inner !== undefined && sendsResponse(site.inner, ctx, depth + 1);
}
