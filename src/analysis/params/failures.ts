import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { answeringFunction, type Handler, requestParameters } from "../handlers/types.js";
import { calleeName, endsWithReturn, enclosingFunction, type FunctionNode, isFunction, memberName, nextStatement, outermostWrapper, unwrap } from "../syntax/ast.js";
import { type FileNodes, moduleNodes, nodesWithin } from "../file-nodes.js";

import { isConversion, isDecodeCall } from "./calls.js";
import { bindHandler, ParamFields, type ParamRole } from "./fields.js";
import { TestReader, type Verdict } from "./tests.js";
import { resolverOf } from "../resolution/resolver.js";
import { summariesOf } from "../summaries/summaries.js";
import { fileOf } from "../resolution/source-files.js";

/**
 * Which validation fails:
 * - `mode`, `configId`, `value`, `cursor`, `methodId`: an unsupported value of that field (set_mode, set_config_option,
 *   list, authenticate), `valueType` a set_config_option value of the wrong type;
 * - `validation`: a validator or decoder of the params failed (zod, a hand-written parse);
 * - `field`: a field the handler checks itself is missing or of the wrong type.
 */
export type FailureKind = "mode" | "configId" | "value" | "valueType" | "cursor" | "methodId" | "validation" | "field";

/** A branch run when the params of a request fail a validation. */
export interface ParamFailure {
  readonly kind: FailureKind;
  /** For `field`, the field. */
  readonly field?: string;
  readonly handler: Handler;
  /** The branch, or a `switch` default's statements, or what follows an `if` whose passing branch always exits. */
  readonly branch: TSESTree.Node | readonly TSESTree.Node[];
  /** The function (or dispatch branch) the branch answers for: a throw caught inside it answers nothing. */
  readonly root: TSESTree.Node;
  /**
   * For a branch in a helper of another module, the handler's call through which it is reached: where it is reported.
   */
  readonly entry?: TSESTree.CallExpression;
}

/** The fields whose unsupported values the Errors page (and the authentication page) answer with -32602. */
const WATCHED: Readonly<Record<string, Readonly<Record<string, FailureKind>>>> = {
  "session/set_mode": { modeId: "mode" },
  "session/set_config_option": { configId: "configId", value: "value" },
  "session/list": { cursor: "cursor" },
  authenticate: { methodId: "methodId" },
};

/** How deep same-file helpers handed a field are followed (`assertMode(modeId)` -> its own helpers). */
const HELPER_DEPTH = 2;

const NONE_WATCHED: Readonly<Record<string, FailureKind>> = {};

function watchedOf(handler: Handler): Readonly<Record<string, FailureKind>> {
  // Own keys only: an extension method may be named like an Object.prototype member (`toString`).
  const { side, wire } = handler.method;
  return side === "agent" && Object.hasOwn(WATCHED, wire) ? WATCHED[wire]! : NONE_WATCHED;
}

/** The names of each method's watched fields, listed once rather than for every handler and helper. */
const WATCHED_NAMES = new Map<Readonly<Record<string, FailureKind>>, ReadonlySet<string>>(
  [...Object.values(WATCHED), NONE_WATCHED].map((watched) => [watched, new Set(Object.keys(watched))]),
);

function kindOf(verdict: Verdict, watched: Readonly<Record<string, FailureKind>>): { kind: FailureKind; field?: string } | undefined {
  // The last watched field wins: a test of `value` through the option its `configId` found is about the value.
  const field = Object.keys(watched).reverse().find((f) => verdict.fields.has(f));
  const kind = field === undefined ? undefined : watched[field];
  if (kind) return { kind: kind === "value" && verdict.typed ? "valueType" : kind };
  if (verdict.decoded) return { kind: "validation" };
  if (verdict.direct !== undefined) return { kind: "field", field: verdict.direct };
  return undefined;
}

/** The nodes of `root`, without descending into functions nested in it: what they throw answers their callers. */
function ownNodes(root: TSESTree.Node, visitorKeys: TSESLint.SourceCode["visitorKeys"], visit: (node: TSESTree.Node) => void): void {
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    for (const key of visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      const list = Array.isArray(child) ? child : [child];
      for (let i = list.length - 1; i >= 0; i--) {
        const item = list[i] as TSESTree.Node | null | undefined;
        if (item && typeof item.type === "string" && !isFunction(item)) stack.push(item);
      }
    }
  }
}

/** `e instanceof ZodError`, `e instanceof z.ZodError`, `e.name === "ZodError"`, `isZodError(e)`. */
function isZodCheck(test: TSESTree.Node): boolean {
  const inner = unwrap(test);
  if (inner.type === AST_NODE_TYPES.BinaryExpression && inner.operator === "instanceof") return calleeName(inner.right) === "ZodError";
  if (inner.type === AST_NODE_TYPES.BinaryExpression && (inner.operator === "===" || inner.operator === "==")) {
    const sides = [inner.left, inner.right];
    const named = sides.some((s) => s.type === AST_NODE_TYPES.MemberExpression && memberName(s) === "name");
    return named && sides.some((s) => s.type === AST_NODE_TYPES.Literal && s.value === "ZodError");
  }
  return inner.type === AST_NODE_TYPES.CallExpression && calleeName(inner.callee) === "isZodError";
}

export class FailureFinder {
  /** What each handler function's variables hold: the branches of one dispatcher share their function's. */
  private readonly bound = new Map<string, Map<FunctionNode, ParamFields>>();

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly nodes: Pick<FileNodes, "ifs" | "switches" | "throws" | "calls" | "objects" | "functions">,
    /** Whether a function of another module is a handler of that module's own, judged when it is linted. */
    private readonly judgedAtHome: (fn: TSESTree.Node) => boolean = () => false,
  ) {}

  private fieldsOf(handler: Handler, fn: FunctionNode, style: "context" | "params" | "dispatch"): ParamFields {
    let byFn = this.bound.get(style);
    if (!byFn) this.bound.set(style, (byFn = new Map()));
    let fields = byFn.get(fn);
    if (!fields) {
      fields = new ParamFields(this.sourceCode);
      fields.declaredIn(fn);
      bindHandler(fields, requestParameters(handler), style);
      byFn.set(fn, fields);
    }
    return fields;
  }

  /** The failing validations of a handler's own code and of the same-file helpers it hands a watched field. */
  ofHandler(handler: Handler): ParamFailure[] {
    const { fn } = handler;
    if (!fn) return [];
    const inline = handler.body !== fn;
    const fields = this.fieldsOf(handler, fn, handler.style === "sdk" ? "context" : inline ? "dispatch" : "params");
    const out: ParamFailure[] = [];
    // A thunk the handler runs (thunks.ts) answers with its own code.
    const own = answeringFunction(handler) ?? fn;
    this.scan(handler, handler.body, own, fields, out, new Set([fn, own]), 0);
    return out;
  }

  private scan(
    handler: Handler,
    root: TSESTree.Node,
    own: FunctionNode,
    fields: ParamFields,
    out: ParamFailure[],
    seen: Set<FunctionNode>,
    depth: number,
    entry?: TSESTree.CallExpression,
  ): void {
    const watched = watchedOf(handler);
    const reader = new TestReader(fields, resolverOf(this.sourceCode).values, WATCHED_NAMES.get(watched));
    const add = (kind: { kind: FailureKind; field?: string } | undefined, branch: ParamFailure["branch"] | null | undefined) => {
      if (kind && branch) out.push({ ...kind, handler, branch, root, ...(entry ? { entry } : {}) });
    };
    // A helper of another module is read in that module's nodes.
    const file = fileOf(root);
    const nodes = file && !file.linted ? moduleNodes(file.sourceCode) : this.nodes;
    // The file's nodes of each kind within the root and of its own function (a callback's throws answer its caller).
    // Most roots hold no function of their own: then every node inside is the root function's.
    const onlyOwn = (root === own || enclosingFunction(root) === own) && nodesWithin(nodes.functions, root).every((f) => f === own);
    // A thunk a call runs and gives back the result of (`runWith({ run: () => … })`) answers as the code around it.
    const summaries = summariesOf(resolverOf(this.sourceCode));
    const answersFor = (n: TSESTree.Node) => {
      let fn = enclosingFunction(n);
      while (fn && fn !== own && summaries.runningCall(fn)) fn = enclosingFunction(fn);
      return fn === own;
    };
    const mine = <T extends TSESTree.Node>(list: readonly T[]) => {
      const inside = nodesWithin(list, root);
      return onlyOwn ? inside : inside.filter(answersFor);
    };
    for (const node of mine(nodes.ifs)) {
      const verdict = reader.read(node.test);
      if (!verdict) continue;
      const kind = kindOf(verdict, watched);
      if (verdict.fails) add(kind, node.consequent);
      else if (node.alternate) add(kind, node.alternate);
      // `if (MODES.includes(id)) { ...; return {}; } throw ...`: what follows runs when the test fails.
      else if (endsWithReturn(node.consequent)) add(kind, nextStatement(node));
    }
    for (const node of mine(nodes.switches)) {
      const verdict = reader.read(node.discriminant);
      const kind = verdict && kindOf({ ...verdict, decoded: false, typed: false }, watched);
      const fallback = node.cases.find((c) => c.test === null);
      if (kind && kind.kind !== "field" && fallback) add(kind, fallback.consequent);
    }
    // The `try` statements whose `catch` throws, or returns what a call or an object literal builds (an error
    // response: `catch { return reject(msg.id, { code, message }); }`).
    const tries = new Set<TSESTree.TryStatement>();
    const answers: TSESTree.Node[] = [...mine(nodes.throws)];
    for (const built of [...mine(nodes.calls), ...mine(nodes.objects)]) {
      if (outermostWrapper(built).parent?.type === AST_NODE_TYPES.ReturnStatement) answers.push(built);
    }
    for (const answer of answers) {
      for (let p: TSESTree.Node | undefined = answer.parent; p && p !== root; p = p.parent) {
        if (p.type === AST_NODE_TYPES.CatchClause) tries.add(p.parent);
      }
    }
    for (const node of tries) this.caught(node, fields, watched, add);
    // A helper handed the params may validate them (`Schema.safeParse(params)`), whatever field the method watches.
    if (depth < HELPER_DEPTH) {
      for (const call of mine(nodes.calls)) this.helper(handler, call, fields, watched, out, seen, depth, entry);
    }
  }

  /** A `catch` of a `try` that only validates the params, or the branch of a `catch` that tests for a zod error. */
  private caught(
    node: TSESTree.TryStatement,
    fields: ParamFields,
    watched: Readonly<Record<string, FailureKind>>,
    add: (kind: { kind: FailureKind; field?: string }, branch: ParamFailure["branch"]) => void,
  ): void {
    const clause = node.handler;
    if (!clause) return;
    const zodChecks = clause.body.body.filter((s): s is TSESTree.IfStatement => s.type === AST_NODE_TYPES.IfStatement && isZodCheck(s.test));
    for (const check of zodChecks) add({ kind: "validation" }, check.consequent);
    if (zodChecks.length > 0) return;
    const validated = this.validatedFields(node.block, fields);
    if (!validated) return;
    const field = [...validated].find((f) => watched[f]);
    add({ kind: field ? watched[field]! : "validation" }, clause.body);
  }

  /**
   * The fields a `try` block validates when validating the params is all it does: every call in it is a decoder
   * or validator given the params, or a conversion; nothing else there can fail.
   */
  private validatedFields(block: TSESTree.BlockStatement, fields: ParamFields): Set<string> | undefined {
    const validated = new Set<string>();
    let pure = true;
    let any = false;
    ownNodes(block, this.sourceCode.visitorKeys, (n) => {
      if (!pure) return;
      if (n.type === AST_NODE_TYPES.NewExpression) pure = false;
      else if (n.type === AST_NODE_TYPES.AwaitExpression && !isDecodeCall(n.argument)) pure = false;
      else if (n.type === AST_NODE_TYPES.CallExpression) {
        const input = fields.decodesParams(n);
        if (isDecodeCall(n) && input) {
          any = true;
          for (const f of fields.reads(n)) validated.add(f);
        }
        else if (isDecodeCall(n) && !input && !isConversion(n)) pure = false;
        else if (!isDecodeCall(n) && !isConversion(n)) pure = false;
      }
    });
    if (!pure || !any) return undefined;
    // A decoder handed the whole params (`Schema.parse(params)`) validates no one field.
    if (validated.size === 0) validated.add("*");
    return validated;
  }

  /** `assertMode(modeId)`: a helper handed a field, the params or the request checks them for the handler. */
  private helper(
    handler: Handler,
    call: TSESTree.CallExpression,
    fields: ParamFields,
    watched: Readonly<Record<string, FailureKind>>,
    out: ParamFailure[],
    seen: Set<FunctionNode>,
    depth: number,
    entry: TSESTree.CallExpression | undefined,
  ): void {
    // An argument that is a field (`within(params.path)` tests it as the handler would), the params, or the request
    // or context that holds them (`check(ctx)` reading `ctx.params.methodId`); asked first, before the callee is
    // resolved.
    const roleOf = (arg: TSESTree.Node): ParamRole | undefined => {
      const field = fields.fieldOf(arg);
      if (field !== undefined) return { kind: "field", field };
      const role = fields.roleOf(arg);
      return role?.kind === "params" || role?.kind === "request" || role?.kind === "either" ? role : undefined;
    };
    if (!call.arguments.some((arg) => arg.type !== AST_NODE_TYPES.SpreadElement && roleOf(arg))) return;
    // A helper of another module (a session object's setMode) too: what it throws is judged at this call.
    const resolver = resolverOf(this.sourceCode);
    const fn = resolver.calleeOf(call);
    if (!fn || seen.has(fn) || fn.body.type !== AST_NODE_TYPES.BlockStatement || summariesOf(resolver).isCaught(call, handler.body)) return;
    // A handler of another module's own (a typed delegate) is judged where it is, once, not again at this call.
    if (!resolver.isLinted(fn) && this.judgedAtHome(fn)) return;
    const inner = fields.forCall(fn, call, roleOf);
    if (!inner) return;
    seen.add(fn);
    this.scan(handler, fn.body, fn, inner, out, seen, depth + 1, entry ?? (resolver.isLinted(fn) ? undefined : call));
  }
}
