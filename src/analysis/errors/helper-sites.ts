import type { TSESTree } from "@typescript-eslint/utils";
import { escapePattern } from "../escape-pattern.js";
import { contains, type FunctionNode } from "../syntax/ast.js";
import { type ErrorSite, helperCallSite } from "./error-sites.js";
import { ERROR_SENDERS } from "./send-calls.js";
import { argumentAt, parameterOf } from "../resolution/bindings.js";
import type { TextQuestion } from "../modules/module-texts.js";
import type { Resolver } from "../resolution/resolver.js";
import { fileOf, type SourceFile } from "../resolution/source-files.js";
import { perModel } from "../syntax/per-model.js";

/** Which parameters of a helper become the code, message and data of an error site inside it. */
interface HelperSlots {
  readonly code: number;
  readonly message?: number;
  readonly data?: number;
}

/** Where a helper's parameters go in one of its error sites: the code's, and the message's and data's when they are parameters too. */
function slotsOf(resolver: Resolver, site: ErrorSite): { fn: FunctionNode; slots: HelperSlots } | undefined {
  const code = parameterOf(resolver, site.code);
  if (!code) return undefined;
  const sameFn = (node: TSESTree.Node | null | undefined) => {
    const p = parameterOf(resolver, node);
    return p && p.fn === code.fn ? p.index : undefined;
  };
  const message = sameFn(site.message);
  const data = sameFn(site.data);
  return { fn: code.fn, slots: { code: code.index, ...(message === undefined ? {} : { message }), ...(data === undefined ? {} : { data }) } };
}

/**
 * The error sites at the calls of same-file helpers whose parameter becomes a site's code
 * (`fail(id, -32001, "x")`), followed through helpers that call helpers.
 */
export function helperCallSites(resolver: Resolver, sites: readonly ErrorSite[]): ErrorSite[] {
  const found: ErrorSite[] = [];
  const seenHelpers = new Set<FunctionNode>();
  let pending = [...sites];
  while (pending.length > 0) {
    const next: ErrorSite[] = [];
    for (const site of pending) {
      const helper = slotsOf(resolver, site);
      if (!helper || seenHelpers.has(helper.fn)) continue;
      seenHelpers.add(helper.fn);
      for (const call of resolver.callsOf(helper.fn)) {
        const callSite = helperCallSite(call, site, helper.slots);
        if (callSite) next.push(callSite);
      }
    }
    found.push(...next);
    pending = next;
  }
  return found;
}

/**
 * The site a call of a helper makes when the helper's site takes its code from a parameter (`throw new
 * RequestError(code, "x")` in `resolve(store, code, id)`): the site at the call, with the call's arguments as its
 * code, message and data. Undefined when the site's code is no parameter of the called function.
 */
export function siteAtCall(resolver: Resolver, site: ErrorSite, call: TSESTree.CallExpression): ErrorSite | undefined {
  const helper = slotsOf(resolver, site);
  return helper && resolver.calleeOf(call) === helper.fn ? helperCallSite(call, site, helper.slots) : undefined;
}

/**
 * A site whose code is its own but whose message or data is a parameter of the called function (`throw new
 * RequestError(-32002, "x", data)` in `resolve(sessions, params, data)`), with those parts taken from the call's
 * arguments: what the error carries when this call reaches it. Undefined when no part is such a parameter.
 */
export function partsAtCall(resolver: Resolver, site: ErrorSite, call: TSESTree.CallExpression): ErrorSite | undefined {
  const fn = resolver.calleeOf(call);
  if (!fn) return undefined;
  const bind = (node: TSESTree.Node | null | undefined) => {
    const param = parameterOf(resolver, node);
    return param?.fn === fn ? argumentAt(call, param.index) : undefined;
  };
  const data = bind(site.data);
  const message = bind(site.message);
  if (!data && !message) return undefined;
  return { ...site, ...(data ? { data } : {}), ...(message ? { message } : {}) };
}

/** What is read of an imported module's model (model.ts's ModuleSites): its error sites and its resolver. */
interface ModuleSites {
  readonly errorSites: readonly ErrorSite[];
  readonly resolver: Resolver;
}

/** The sites of a module's model whose code its function's parameter gives, by function: found once per model. */
const delegatedByFunction = perModel<ModuleSites, Map<FunctionNode, { site: ErrorSite; slots: HelperSlots } | null>, []>(() => new Map());

/** The site of `fn` (in the model of its module) whose code is one of `fn`'s parameters, and where the others go. */
function delegatedSite(model: ModuleSites, fn: FunctionNode): { site: ErrorSite; slots: HelperSlots } | undefined {
  const byFn = delegatedByFunction(model);
  const cached = byFn.get(fn);
  if (cached !== undefined) return cached ?? undefined;
  let found: { site: ErrorSite; slots: HelperSlots } | undefined;
  for (const site of model.errorSites) {
    if (!contains(fn, site.node)) continue;
    const helper = slotsOf(model.resolver, site);
    if (helper?.fn !== fn) continue;
    found = { site, slots: helper.slots };
    break;
  }
  byFn.set(fn, found ?? null);
  return found;
}

/**
 * `code` written, not only read: a key (`code:`, `"code":`, `code?:`, shorthand `{ code }`), a member or parameter
 * (`code = 1`, `code!: number`, `public code`), an assignment (`err.code = x`, `e["code"] = x`, `code ||= x`), a getter
 * or method (`get code()`), `Object.defineProperty(e, "code", …)`. A read (`err.code === "ENOENT"`, `f(err.code, x)`)
 * is none: a member `.code` is only written by an assignment; nor is the string `"code"` as a value (`fixable: "code"`).
 */
const ASSIGNED = String.raw`\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?!=)`;
const CODE_WRITTEN = new RegExp(
  [
    String.raw`(?<![\w$.'"\x60])code(?:\s*(?:!?\??\s*:(?!:)|[,})\](])|${ASSIGNED})`,
    String.raw`(?<=\.)code${ASSIGNED}`,
    String.raw`(["'\x60])code\1\s*(?::|\]${ASSIGNED})`,
    String.raw`\bdefineProperty\s*\([^,()]*,\s*(["'\x60])code\2`,
  ].join("|"),
  "u",
);

/** Whether a text writes a `code` (CODE_WRITTEN), wherever it is. */
function writesCode(text: string): boolean {
  return CODE_WRITTEN.test(text);
}

/**
 * What a module's text must say for one of its functions to hold an error site whose code is a parameter: a `code`
 * written (`{ code: c }`, `{ code }`, `this.code = c`: writesCode), a JSON-RPC or configured error class
 * built (`new RequestError(c, m)`), or an error sender called (`sendError(id, c, m)`, `out.error(id, c, m)`). A
 * project's own error class that takes a code (`new AppError(c)`) writes `code` in its module, which the question
 * also reads when the helper's module imports it; a plain `new Error(m)` holds no code. A helper imported from a
 * module that says none of these (with what it imports) is not read.
 */
export function helperSiteText(errorClasses: readonly string[]): TextQuestion<boolean> {
  const key = `helper site\0${errorClasses.join("\0")}`;
  let found = helperTexts.get(key);
  if (!found) {
    const senders = [...ERROR_SENDERS].filter((name) => name !== "error");
    const classes = ["RequestError", "ResponseError", ...errorClasses].map(escapePattern);
    const pattern = new RegExp(
      [
        String.raw`\bnew\s+(?:[\w$]+\.)?(?:${classes.join("|")})\s*\(`,
        String.raw`\b(?:${senders.join("|")})\s*\(`,
        String.raw`\.error\s*\(\s*[\w$.]+\s*,\s*[\w$.+-]+\s*,`,
      ].join("|"),
      "u",
    );
    found = { key, compute: (text) => writesCode(text) || pattern.test(text), holds: (fact) => fact };
    helperTexts.set(key, found);
  }
  return found;
}

const helperTexts = new Map<string, TextQuestion<boolean>>();

/**
 * `sendError(msg.id, -32001, "x")` where `sendError` is a function of another module (read by the resolution layer)
 * whose parameter becomes the code of an error site there: that site, judged at this call, where the code is given.
 */
export function importedHelperSite(call: TSESTree.CallExpression, resolver: Resolver, modelOf: (file: SourceFile) => ModuleSites | undefined, siteText: TextQuestion<boolean>): ErrorSite | undefined {
  if (call.arguments.length === 0 || !resolver.mayDefine(call.callee, siteText)) return undefined;
  const fn = resolver.calleeOf(call);
  const file = fn && !resolver.isLinted(fn) ? fileOf(fn) : undefined;
  const model = file && modelOf(file);
  const delegated = model && delegatedSite(model, fn!);
  return delegated && helperCallSite(call, delegated.site, delegated.slots);
}
