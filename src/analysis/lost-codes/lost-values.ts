import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { INTERNAL_ERROR } from "../../protocol/codes.js";
import { type ClassNode, type ErrorClass, isBuiltinError } from "../errors/error-classes.js";
import { argAt, assignedCodeAndData } from "../errors/error-sites.js";
import { calleeName, enclosingFunction, findProperty, memberName, outermostWrapper, staticKeyName, unwrap } from "../syntax/ast.js";
import { returnedExpressions } from "../syntax/functions.js";
import { codeNumbers } from "../values/code-numbers.js";
import type { ValueResolver } from "../resolution/values.js";
import type { Entered } from "../summaries/throws.js";
import { variableOf } from "../syntax/variables.js";
import { resolverOf } from "../resolution/resolver.js";
import { argumentAt, parameterOf } from "../resolution/bindings.js";

/**
 * How a thrown value that is not a RequestError carries its code:
 * - `object`: `{ code, message }`;
 * - `assign`: `Object.assign(new Error(m), { code })`;
 * - `code-assignment`: `const e = new Error(m); e.code = n; throw e`;
 * - `local-class`: `new CodeError(m, code)` of a same-file class that extends a built-in error;
 * - `held-class`: `new Gone(m)` of such a class that holds its code (`code = -32002`);
 * - `helper`: a same-file function that builds one of these (`throw fail(-32002, "x")`).
 */
export type LostShape = "object" | "assign" | "code-assignment" | "local-class" | "held-class" | "helper";

/** What `new RequestError(code, message, data)` would be built from, when the value is written where it is thrown. */
export interface RequestErrorParts {
  readonly code: TSESTree.Node;
  readonly message: TSESTree.Node;
  readonly data?: TSESTree.Node;
}

export interface LostValue {
  readonly shape: LostShape;
  /** The codes it may carry. */
  readonly codes: readonly number[];
  /** The local class, for `local-class` and `held-class`. */
  readonly className?: string;
  /** A `held-class` whose code is a string (`code = "SESSION_GONE"`): no JSON-RPC code at all (`codes` is empty). */
  readonly stringCode?: string;
  readonly parts?: RequestErrorParts;
}

export interface ValueContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
  /** The file's error classes as this rule judges them (local-classes.ts). */
  readonly classes: ReadonlyMap<ClassNode, ErrorClass>;
}

const MAX_DEPTH = 5;

/** The argument a parameter of the innermost entered function was called with, and the frames it is read in. */
function argumentOf(id: TSESTree.Identifier, frames: readonly Entered[], ctx: ValueContext): { arg: TSESTree.Node; frames: readonly Entered[] } | undefined {
  const top = frames.at(-1);
  const param = top && parameterOf(resolverOf(ctx.sourceCode), id);
  const arg = param && top && param.fn === top.fn ? argumentAt(top.call, param.index) : undefined;
  return arg ? { arg, frames: frames.slice(0, -1) } : undefined;
}

/** What an expression is at the calls that led here: a parameter is the argument it was called with, and so on out. */
export function passedValue(node: TSESTree.Node, frames: readonly Entered[], ctx: ValueContext): { node: TSESTree.Node; frames: readonly Entered[] } {
  const inner = unwrap(node);
  const passed = inner.type === AST_NODE_TYPES.Identifier ? argumentOf(inner, frames, ctx) : undefined;
  return passed ? passedValue(passed.arg, passed.frames, ctx) : { node: inner, frames };
}

/** The numbers a code expression may be, following parameters to the arguments of the calls that led here. */
export function codesOf(node: TSESTree.Node, frames: readonly Entered[], ctx: ValueContext): readonly number[] | undefined {
  return codeNumbers(passedValue(node, frames, ctx).node, ctx.values);
}

/** The same-file class `new X(...)` builds, as this rule describes it; `X` may be handed in by the calls in `frames`. */
function constructedClass(node: TSESTree.NewExpression, ctx: ValueContext, frames: readonly Entered[] = []): ErrorClass | undefined {
  const callee = passedValue(node.callee, frames, ctx).node;
  // Most files have no error class of their own: no need to find what the name stands for.
  if (callee.type !== AST_NODE_TYPES.Identifier || ctx.classes.size === 0) return undefined;
  const cls = resolverOf(ctx.sourceCode).classOf(callee);
  return cls ? ctx.classes.get(cls) : undefined;
}

/** `new Error(m)` (any built-in error) or `new X(m)` of a same-file class that is not a RequestError. */
function isPlainErrorNew(node: TSESTree.Node, ctx: ValueContext): node is TSESTree.NewExpression {
  if (node.type !== AST_NODE_TYPES.NewExpression) return false;
  const callee = unwrap(node.callee);
  if (callee.type === AST_NODE_TYPES.Identifier && isBuiltinError(ctx.sourceCode, callee)) return true;
  const cls = constructedClass(node, ctx);
  return cls !== undefined && !cls.rpc;
}

const PART_KEYS = new Set(["code", "message", "data"]);

/** `{ code, message, data }` with nothing else: it converts to a RequestError without losing a property. */
function objectParts(node: TSESTree.ObjectExpression): RequestErrorParts | undefined {
  const onlyParts = node.properties.every(
    (p) => p.type === AST_NODE_TYPES.Property && p.kind === "init" && !p.method && PART_KEYS.has(staticKeyName(p.key, p.computed) ?? ""),
  );
  const code = findProperty(node, "code")?.value;
  const message = findProperty(node, "message")?.value;
  const data = findProperty(node, "data")?.value;
  if (!onlyParts || !code || !message) return undefined;
  return { code, message, ...(data ? { data } : {}) };
}

/**
 * An `Error` given -32603 and no data: what the SDK sends for it anyway (its message in data.details), so nothing is
 * lost. (A thrown object literal is still reported: it is no Error, and the rewrite into a RequestError is the fix.)
 */
function losesNothing(codes: readonly number[], data: TSESTree.Node | undefined): boolean {
  return data === undefined && codes.every((c) => c === INTERNAL_ERROR);
}

function objectValue(node: TSESTree.ObjectExpression, frames: readonly Entered[], ctx: ValueContext): LostValue | undefined {
  const code = findProperty(node, "code")?.value;
  const codes = code && code.type !== AST_NODE_TYPES.AssignmentPattern ? codesOf(code, frames, ctx) : undefined;
  if (!codes) return undefined;
  const parts = objectParts(node);
  return { shape: "object", codes, ...(parts ? { parts } : {}) };
}

/** A class's own code (a field, or a parameter's default): a number, or a string that is no JSON-RPC code at all. */
function heldValue(code: TSESTree.Node, className: string, ctx: ValueContext): LostValue | undefined {
  const codes = codeNumbers(code, ctx.values);
  if (codes) return { shape: "held-class", codes, className };
  const values = ctx.values.resolve(code);
  const text = values?.length === 1 && typeof values[0] === "string" ? values[0] : undefined;
  return text === undefined ? undefined : { shape: "held-class", codes: [], className, stringCode: text };
}

function newValue(node: TSESTree.NewExpression, frames: readonly Entered[], ctx: ValueContext): LostValue | undefined {
  const cls = constructedClass(node, ctx, frames);
  if (!cls || cls.rpc) return undefined;
  if (cls.codeIndex === undefined) return cls.heldCode ? heldValue(cls.heldCode, cls.name, ctx) : undefined;
  const code = argAt(node.arguments, cls.codeIndex);
  if (!code) {
    // No code passed: the error carries its class's default (`readonly code = -32002`), if it has one.
    const spread = node.arguments.some((a) => a.type === AST_NODE_TYPES.SpreadElement);
    return spread || !cls.codeDefault ? undefined : heldValue(cls.codeDefault, cls.name, ctx);
  }
  const codes = codesOf(code, frames, ctx);
  if (!codes) return undefined;
  const message = argAt(node.arguments, cls.messageIndex);
  const data = argAt(node.arguments, cls.dataIndex);
  // Every argument must be one of the parts, or the conversion would drop it.
  const slots = new Set([cls.codeIndex, cls.messageIndex, cls.dataIndex]);
  const convertible = message && node.arguments.every((a, i) => a.type !== AST_NODE_TYPES.SpreadElement && slots.has(i));
  const parts = convertible ? { code, message, ...(data ? { data } : {}) } : undefined;
  return { shape: "local-class", codes, className: cls.name, ...(parts ? { parts } : {}) };
}

function isObjectAssign(node: TSESTree.CallExpression): boolean {
  const callee = unwrap(node.callee);
  return callee.type === AST_NODE_TYPES.MemberExpression && calleeName(callee.object) === "Object" && memberName(callee) === "assign";
}

/** `Object.assign(new Error(m), { code, data })` on a plain error. */
function assignValue(node: TSESTree.CallExpression, frames: readonly Entered[], ctx: ValueContext): LostValue | undefined {
  const [target, ...sources] = node.arguments;
  const written = target && unwrap(target);
  // `const err = new Error(m); throw Object.assign(err, { code })`: the error may be built before.
  const held = written?.type === AST_NODE_TYPES.Identifier ? ctx.values.constInit(written) : undefined;
  const created = held ? unwrap(held) : written;
  if (!created || !isPlainErrorNew(created, ctx)) return undefined;
  const { code, data } = assignedCodeAndData(sources);
  const codes = code && codesOf(code, frames, ctx);
  if (!code || !codes || losesNothing(codes, data)) return undefined;
  const single = sources.length === 1 ? unwrap(sources[0]!) : undefined;
  const onlyCodeAndData =
    single?.type === AST_NODE_TYPES.ObjectExpression &&
    single.properties.every((p) => p.type === AST_NODE_TYPES.Property && p.kind === "init" && !p.method && ["code", "data"].includes(staticKeyName(p.key, p.computed) ?? ""));
  const callee = unwrap(created.callee);
  const message = created.arguments.length === 1 && created.arguments[0]!.type !== AST_NODE_TYPES.SpreadElement ? created.arguments[0] : undefined;
  const convertible = !held && onlyCodeAndData && callee.type === AST_NODE_TYPES.Identifier && isBuiltinError(ctx.sourceCode, callee) && message;
  const parts = convertible ? { code, message, ...(data ? { data } : {}) } : undefined;
  return { shape: "assign", codes, ...(parts ? { parts } : {}) };
}

/** `e.code = n` and `(e as any).code = n` written on the variable `id` declares, in its own function before `before`. */
function codeWrites(id: TSESTree.Identifier, before: TSESTree.Node, ctx: ValueContext): TSESTree.Node[] {
  const variable = variableOf(ctx.sourceCode, id);
  const declared = variable?.defs[0]?.node;
  if (!variable || !declared) return [];
  const home = enclosingFunction(declared);
  const out: TSESTree.Node[] = [];
  for (const ref of variable.references) {
    const node = outermostWrapper(ref.identifier);
    const member = node.parent;
    if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== node || memberName(member) !== "code") continue;
    const assignment = member.parent;
    if (assignment?.type !== AST_NODE_TYPES.AssignmentExpression || assignment.left !== member || assignment.operator !== "=") continue;
    if (enclosingFunction(assignment) !== home || assignment.range[1] > before.range[0]) continue;
    out.push(assignment.right);
  }
  return out;
}

/**
 * What a thrown expression is, when it carries a code but is not a RequestError; undefined when it is a RequestError,
 * carries no code that resolves to a number, or cannot be told. `frames` are the calls that led to the throw, for
 * codes passed in as arguments.
 */
export function lostValue(expression: TSESTree.Node, frames: readonly Entered[], ctx: ValueContext, depth = 0): LostValue | undefined {
  const inner = unwrap(expression);
  if (depth > MAX_DEPTH) return undefined;
  switch (inner.type) {
    case AST_NODE_TYPES.ObjectExpression:
      return objectValue(inner, frames, ctx);
    case AST_NODE_TYPES.NewExpression:
      return newValue(inner, frames, ctx);
    case AST_NODE_TYPES.CallExpression: {
      if (isObjectAssign(inner)) return assignValue(inner, frames, ctx);
      const fn = resolverOf(ctx.sourceCode).localCalleeOf(inner);
      if (!fn || fn.async || fn.generator) return undefined;
      // `throw fail(-32002, "x")`: every value the helper returns must be such an error.
      const returned = returnedExpressions(fn, ctx.sourceCode.visitorKeys).map((r) => lostValue(r, [...frames, { fn, call: inner }], ctx, depth + 1));
      if (returned.length === 0 || returned.some((r) => r === undefined)) return undefined;
      return { shape: "helper", codes: [...new Set(returned.flatMap((r) => r!.codes))] };
    }
    case AST_NODE_TYPES.Identifier: {
      const passed = argumentOf(inner, frames, ctx);
      if (passed) {
        const value = lostValue(passed.arg, passed.frames, ctx, depth + 1);
        return value && { shape: value.shape, codes: value.codes, ...(value.className ? { className: value.className } : {}) };
      }
      const init = ctx.values.constInit(inner);
      if (!init) return undefined;
      const held = lostValue(init, frames, ctx, depth + 1);
      // Held in a variable: the conversion would have to be written at the declaration, not offered here.
      if (held) return { shape: held.shape, codes: held.codes, ...(held.className ? { className: held.className } : {}) };
      const created = unwrap(init);
      if (!isPlainErrorNew(created, ctx) || constructedClass(created, ctx)?.codeIndex !== undefined) return undefined;
      const writes = codeWrites(inner, expression, ctx).map((w) => codesOf(w, frames, ctx));
      if (writes.length === 0 || writes.some((w) => w === undefined)) return undefined;
      return { shape: "code-assignment", codes: [...new Set(writes.flatMap((w) => w!))] };
    }
    default:
      return undefined;
  }
}
