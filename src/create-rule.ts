import { applyDefault, RuleCreator } from "@typescript-eslint/utils/eslint-utils";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { nodeGatherer, releaseNodes } from "./analysis/file-nodes.js";
import { type FileModel, getModel, releaseModel } from "./analysis/model.js";
import { isOtherProtocolFile } from "./analysis/other-protocols.js";
import { fileRelevance } from "./analysis/relevance.js";
import { type AcpSettings, acpSettings } from "./analysis/settings.js";
import { programOf } from "./analysis/resolution/source-files.js";
import { helperPlace } from "./analysis/syntax/helper-place.js";
import { isUnreached } from "./analysis/values/unreached.js";

export const REPOSITORY_URL = "https://github.com/eslint-plugin-acp/eslint-plugin-acp";

/** What every rule's `meta.docs` says; the configs are derived from it. */
export interface AcpRuleDocs {
  description: string;
  /** The spec sentence the rule enforces, and where it is written; acp-lint's summary groups findings by it. */
  spec: { readonly requirement: string; readonly url: string };
  /** Severity in `acp/recommended`; absent: only in `strict` and `all`. */
  recommended?: "error" | "warn";
  /** Options the rule takes in `acp/strict`, when stricter than its defaults. */
  strictOptions?: readonly unknown[];
  /** The rule gains precision with type information but does not need it. */
  requiresTypeChecking?: false;
}

const ruleCreator = RuleCreator<AcpRuleDocs>((name) => `${REPOSITORY_URL}/blob/main/docs/rules/${name}.md`);

/**
 * A report of a rule's finding: de-duplicated by place, dropped at another file's node, worded for version 2 when it
 * can be. `from` is where the mistake is, when the report is placed elsewhere: a branch of another module's helper,
 * reported at the linted file's call that reaches it. The message's `{{where}}` says which: "here", or "in
 * `SessionStore.require` (store.ts), which this call reaches,".
 */
export type Report<MessageIds extends string> = (descriptor: TSESLint.ReportDescriptor<MessageIds> & { readonly from?: TSESTree.Node }) => void;

/** The linted file as a rule's check sees it, besides its model. */
export interface CheckedFile<Options extends readonly unknown[]> {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  /** The options merged with their defaults (frozen: every file with the same options shares them). */
  readonly options: Readonly<Options>;
  readonly filename: string;
}

/** What RuleCreator takes, with a model check in place of `create`, and what the options' JSON schema cannot say. */
export type RuleDefinition<Options extends readonly unknown[], MessageIds extends string> = Omit<Parameters<typeof ruleCreator<Options, MessageIds>>[0], "create"> & {
  /**
   * The rule's work on a file that holds ACP code, once the traversal has gathered the file's nodes: it reads the
   * file's model and reports its findings through `report`.
   */
  readonly check: (model: FileModel, report: Report<MessageIds>, file: CheckedFile<Options>) => void;
  /**
   * Checks the options (merged with their defaults) for what a JSON schema cannot express, such as a range's ends
   * in order, throwing an AcpOptionsError; runs on every file, before the rule looks at it.
   */
  readonly checkOptions?: (options: Readonly<Options>) => void;
};

/**
 * RuleCreator, whose `create` runs the rule's `check` when the traversal leaves a file, with these changes:
 * - `settings.acp` and the options (`checkOptions`) are checked before a rule looks at a file: a rule that reads
 *   them only when the file holds something for it would otherwise accept a bad value on every other file;
 * - on a file that speaks another JSON-RPC protocol (`isOtherProtocolFile`: an MCP server) the rule listens to
 *   nothing: it is no ACP code;
 * - on a file whose text shows nothing any rule could report (`fileRelevance`), the rule listens to nothing:
 *   most files a project lints are not ACP code, and there even gathering their nodes costs more than the check;
 * - the options merged with their defaults are kept for each distinct options value: RuleCreator merges them
 *   (a structuredClone and a deep merge) again for every rule and every file, which costs more on a file with
 *   nothing ACP in it than the rule itself. The kept value is frozen: every file shares it;
 * - when the last of the plugin's rules leaves a file, the file's model and gathered nodes are let go (`finisher`).
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(
  rule: RuleDefinition<Options, MessageIds>,
): ReturnType<typeof ruleCreator<Options, MessageIds>> {
  const { check, checkOptions, ...definition } = rule;
  const module = ruleCreator({ ...definition, create: () => ({}) });
  const defaults = (module.meta.defaultOptions ?? rule.defaultOptions ?? []) as Options;
  const merged = new Map<string, Options>();
  return {
    ...module,
    create(context) {
      const settings = settingsOrThrower(context.settings);
      // Thrown as the traversal starts, before any node under the Program is visited.
      if (typeof settings === "function") return { Program: settings };
      // Options passed schema validation, so they are JSON.
      const key = context.options.length === 0 ? "" : JSON.stringify(context.options);
      let options = merged.get(key);
      if (!options) {
        options = deepFreeze(applyDefault(defaults, context.options as Options) as Options);
        // A value it refuses is not kept, so every file that has it is refused.
        checkOptions?.(options);
        merged.set(key, options);
      }
      // A file of another JSON-RPC protocol (an MCP server beside the agent) is no ACP code, whatever it holds.
      if (!fileRelevance(context.sourceCode, settings, context).any || isOtherProtocolFile(context.sourceCode, settings, context)) return {};
      const report = reportingIn(context, module.meta.messages, settings.protocolVersion === 2);
      const file: CheckedFile<Options> = { sourceCode: context.sourceCode, options, filename: context.filename };
      // The check runs when the traversal leaves the file, once the gatherer has every node.
      const atExit: TSESLint.RuleListener = { "Program:exit": () => check(getModel(context), report, file) };
      const done: TSESLint.RuleListener = { "Program:exit": finisher(context.sourceCode.ast) };
      return merge(merge(nodeGatherer(context.sourceCode) ?? {}, atExit), done);
    },
  };
}

/**
 * The report of a rule on the file of `context`: it drops a report at a node of another file (the analysis reads
 * modules the file imports, and a finding there is reported at the linted file's call that reaches it: a report that
 * slipped through with a node of another module would land at that node's line and column in the wrong file) and a
 * report at code no run reaches (isUnreached), reports a place once, and in protocol version 2 (`v2`) picks a
 * message's version 2 wording where the rule has one.
 */
function reportingIn<MessageIds extends string>(context: Readonly<TSESLint.RuleContext<MessageIds, readonly unknown[]>>, messages: Readonly<Record<string, string>>, v2: boolean): Report<MessageIds> {
  const program = context.sourceCode.ast;
  // Where the rule has reported in this file: one report per place, the first (a mistake reached twice, through two
  // helpers or two handlers, is one mistake).
  const places = new Set<string>();
  return (descriptor) => {
    const node = "node" in descriptor ? (descriptor.node as TSESTree.Node | undefined) : undefined;
    if (node && programOf(node) !== program) return;
    // Code a constant switches off (`if (!ENABLED) throw …` before it) never runs: nothing there goes on the wire.
    if (node && isUnreached(node, getModel(context).values)) return;
    const place = node ? `${node.range[0]}:${node.range[1]}` : JSON.stringify(descriptor.loc);
    if (places.has(place)) return;
    places.add(place);
    // In protocol version 2, a finding whose message has a version 2 wording (`…V2`: a SHOULD become a MUST) says so.
    const { from, ...rest } = descriptor;
    const messageId = v2 && `${rest.messageId}V2` in messages ? (`${rest.messageId}V2` as MessageIds) : rest.messageId;
    context.report({ ...rest, messageId, data: { where: whereText(from, program), ...rest.data } });
  };
}

/** Where a finding's mistake is, as its message says it: here, or in another module's helper that the reported call reaches. */
function whereText(from: TSESTree.Node | undefined, program: TSESTree.Program): string {
  if (!from || programOf(from) === program) return "here";
  const { helper, file } = helperPlace(from);
  return `in ${helper} (${file}), which this call reaches,`;
}

/** For each file, how many of the plugin's rules listen to it and how many of them have left it. */
const listening = new WeakMap<TSESTree.Program, { rules: number; done: number }>();

/**
 * The listener that ends a rule's work on a file: when the last of the plugin's rules on the file has left it
 * (ESLint creates every rule before the traversal starts), the file's model and gathered nodes are let go, so
 * that nothing the plugin keeps reaches them while V8 collects the young generation (see releaseModel).
 */
function finisher(program: TSESTree.Program): () => void {
  let count = listening.get(program);
  if (!count) listening.set(program, (count = { rules: 0, done: 0 }));
  const file = count;
  file.rules++;
  return () => {
    if (++file.done < file.rules) return;
    releaseModel(program);
    releaseNodes(program);
  };
}

/**
 * The file's settings, or, when they are invalid, a listener that throws their error: thrown from a listener rather
 * than from `create`, the error keeps its own first line (ESLint prefixes errors of `create` with the rule's name).
 */
function settingsOrThrower(raw: Readonly<Record<string, unknown>> | undefined): AcpSettings | (() => never) {
  try {
    return acpSettings(raw);
  } catch (error) {
    return () => {
      throw error;
    };
  }
}

/** Listeners of `a` and `b`, those of a selector both have called in that order. */
function merge(a: TSESLint.RuleListener, b: TSESLint.RuleListener): TSESLint.RuleListener {
  const merged: Record<string, unknown> = { ...a };
  for (const [selector, listener] of Object.entries(b)) {
    const first = merged[selector] as ((node: never) => void) | undefined;
    const second = listener as (node: never) => void;
    merged[selector] = first
      ? (node: never) => {
          first(node);
          second(node);
        }
      : second;
  }
  return merged as TSESLint.RuleListener;
}

/** `value` with every object and array in it frozen. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
