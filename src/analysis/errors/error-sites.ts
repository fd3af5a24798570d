import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { FACTORY_BY_NAME, type ErrorFactory } from "../../protocol/codes.js";
import { calleeName, enclosingClass, enclosingFunction, findProperty, hasSpread, memberName, staticKeyName, unwrap } from "../syntax/ast.js";
import { BUILTIN_ERROR_CLASSES, type ErrorClass, type ErrorClasses } from "./error-classes.js";
import { heldReads, isResponseError, valuePlace } from "./responses.js";
import type { SdkImports } from "../sdk/imports.js";
import type { ValueResolver } from "../resolution/values.js";
import { fileOf } from "../resolution/source-files.js";

export type ErrorSiteKind =
  /** `new RequestError(code, message, data)` and other error classes */
  | "construct"
  /** `RequestError.invalidParams(data)` */
  | "factory"
  /** `{ code, message }` thrown, returned, under `error:` or passed to a call */
  | "object"
  /** `Object.assign(new Error(message), { code, data })` */
  | "assign"
  /** `err.code = n` */
  | "code-assignment"
  /** `code = n` held by an error class */
  | "class-code"
  /** `fail(id, -32001, "x")`: a same-file helper whose parameter becomes the code of an error site */
  | "helper-call"
  /** `transport.error(id, -32602, "x")`: a sender of error responses defined in another file */
  | "send-call";

/** A place where an error response is built. */
export interface ErrorSite {
  readonly kind: ErrorSiteKind;
  /** The whole construction. */
  readonly node: TSESTree.Node;
  /** The expression that gives the code; absent for factories and when no code is passed. */
  readonly code?: TSESTree.Node;
  /**
   * For a construction that passes no code, the default of the class's code parameter: what the error carries.
   * Judged as its code, but a mistake in it is the class's, reported there, not at each construction.
   */
  readonly defaultCode?: TSESTree.Node;
  /** The factory called, for `factory` sites. */
  readonly factory?: ErrorFactory;
  /** The message expression; `null` when the site has none, `undefined` when that cannot be told. */
  readonly message?: TSESTree.Node | null;
  readonly data?: TSESTree.Node;
  /**
   * Whether the code is certainly meant as a JSON-RPC code (a JSON-RPC error class); otherwise it may be
   * another kind of code, such as Node's `"ENOENT"`.
   */
  readonly rpc: boolean;
  /** For `construct` sites, the constructor called. */
  readonly errorClass?: ErrorClass;
  /** Whether the constructor or factory is the ACP SDK's `RequestError`. */
  readonly sdk: boolean;
  /** Inside the body of an error class (its own factory definitions). */
  readonly inErrorClass: boolean;
  /** For `helper-call` sites, the error site inside the helper. */
  readonly inner?: ErrorSite;
}

export interface SiteContext {
  readonly sdk: SdkImports;
  readonly errorClasses: ErrorClasses;
  readonly values: ValueResolver;
  /** `settings.acp.errorClasses`. */
  readonly configuredClasses: ReadonlySet<string>;
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
}

function isInErrorClass(node: TSESTree.Node, classes: ErrorClasses): boolean {
  const cls = enclosingClass(node);
  if (!cls) return false;
  const name = className(cls);
  const superName = cls.superClass ? calleeName(cls.superClass) : undefined;
  return (name !== undefined && classes.has(name)) || superName === "Error" || (superName !== undefined && classes.has(superName));
}

import { argAt } from "../resolution/bindings.js";
import { className } from "../syntax/functions.js";

export { argAt };
/**
 * A class known by a JSON-RPC name but imported from an unrelated library (`@octokit/request-error`).
 * Names configured in `settings.acp.errorClasses` count wherever they come from.
 */
function isForeign(callee: TSESTree.Node, cls: ErrorClass, ctx: SiteContext): boolean {
  return (BUILTIN_ERROR_CLASSES as readonly string[]).includes(cls.name) && !ctx.configuredClasses.has(cls.name) && ctx.sdk.foreignModule(callee) !== undefined;
}

/** `new X(...)` of an error class. */
export function constructSite(node: TSESTree.NewExpression, ctx: SiteContext): ErrorSite | undefined {
  // An aliased SDK import (`RequestError as RpcError`) is still the SDK's class; an imported class is described too.
  const cls = ctx.errorClasses.ofCallee(node.callee);
  if (!cls || cls.codeIndex === undefined || isForeign(node.callee, cls, ctx)) return undefined;
  const spread = node.arguments.some((a) => a.type === AST_NODE_TYPES.SpreadElement);
  const code = argAt(node.arguments, cls.codeIndex);
  // A code not passed is the parameter's default, if it has one (`new QueryError(msg)` with `code = -32002`).
  const defaultCode = code || spread ? undefined : cls.codeDefault;
  const message = cls.messageIndex === undefined ? undefined : (argAt(node.arguments, cls.messageIndex) ?? (spread ? undefined : null));
  const data = argAt(node.arguments, cls.dataIndex);
  return {
    kind: "construct",
    node,
    ...(code ? { code } : {}),
    ...(defaultCode ? { defaultCode } : {}),
    message,
    ...(data ? { data } : {}),
    rpc: cls.rpc,
    errorClass: cls,
    sdk: ctx.sdk.refersTo(node.callee, "RequestError"),
    inErrorClass: isInErrorClass(node, ctx.errorClasses),
  };
}

/** `RequestError.invalidParams(...)`: the callee object is any `RequestError` (the SDK's, through any import). */
export function factorySite(node: TSESTree.CallExpression, ctx: SiteContext): ErrorSite | undefined {
  const callee = unwrap(node.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const factory = FACTORY_BY_NAME.get(memberName(callee) ?? "");
  // The name first: resolving what the object is costs more, and most member calls name no factory.
  if (!factory) return undefined;
  const isRequestError =
    ctx.sdk.refersTo(callee.object, "RequestError") ||
    (ctx.errorClasses.nameOf(callee.object) === "RequestError" && ctx.sdk.foreignModule(callee.object) === undefined);
  if (!isRequestError) return undefined;
  const data = factory.args === "data-message" ? node.arguments[0] : undefined;
  return {
    kind: "factory",
    node,
    factory,
    message: undefined,
    ...(data ? { data } : {}),
    rpc: true,
    sdk: ctx.sdk.refersTo(callee.object, "RequestError"),
    inErrorClass: isInErrorClass(node, ctx.errorClasses),
  };
}

function isNewError(node: TSESTree.Node, classes: ErrorClasses): node is TSESTree.NewExpression {
  if (node.type !== AST_NODE_TYPES.NewExpression) return false;
  const name = calleeName(node.callee);
  return name !== undefined && (name === "Error" || name.endsWith("Error") || classes.has(name));
}

/** The `code` and `data` the object literals of `Object.assign(target, ...sources)` give, the last one winning. */
export function assignedCodeAndData(sources: readonly TSESTree.CallExpressionArgument[]): { code?: TSESTree.Node; data?: TSESTree.Node } {
  let code: TSESTree.Node | undefined;
  let data: TSESTree.Node | undefined;
  for (const source of sources) {
    const object = unwrap(source);
    if (object.type !== AST_NODE_TYPES.ObjectExpression) continue;
    code = findProperty(object, "code")?.value ?? code;
    data = findProperty(object, "data")?.value ?? data;
  }
  return { ...(code ? { code } : {}), ...(data ? { data } : {}) };
}

/** `Object.assign(new Error(message), { code, data })`. */
export function assignSite(node: TSESTree.CallExpression, ctx: SiteContext): ErrorSite | undefined {
  const callee = unwrap(node.callee);
  if (
    callee.type !== AST_NODE_TYPES.MemberExpression ||
    calleeName(callee.object) !== "Object" ||
    memberName(callee) !== "assign"
  ) {
    return undefined;
  }
  const [target, ...sources] = node.arguments;
  if (!target || !isNewError(unwrap(target), ctx.errorClasses)) return undefined;
  const { code, data } = assignedCodeAndData(sources);
  if (!code) return undefined;
  const errorNew = unwrap(target) as TSESTree.NewExpression;
  const message = errorNew.arguments[0] ?? null;
  return {
    kind: "assign",
    node,
    code,
    message,
    ...(data ? { data } : {}),
    rpc: false,
    sdk: false,
    inErrorClass: isInErrorClass(node, ctx.errorClasses),
  };
}

type ObjectRole = "thrown" | "error-property" | "returned" | "argument";

/** What being at `child` under `parent` makes an object literal with a `code`, when it makes it an error response. */
function directRole(child: TSESTree.Node, parent: TSESTree.Node): ObjectRole | undefined {
  switch (parent.type) {
    case AST_NODE_TYPES.ThrowStatement:
      return "thrown";
    case AST_NODE_TYPES.Property:
      return parent.value === child && staticKeyName(parent.key, parent.computed) === "error" ? "error-property" : undefined;
    case AST_NODE_TYPES.ReturnStatement:
      return "returned";
    case AST_NODE_TYPES.ArrowFunctionExpression:
      return parent.body === child ? "returned" : undefined;
    case AST_NODE_TYPES.CallExpression:
    case AST_NODE_TYPES.NewExpression:
      return parent.arguments.includes(child as TSESTree.CallExpressionArgument) ? "argument" : undefined;
    default:
      return undefined;
  }
}

/**
 * `const error = { code, message }` then `throw error`, `return error` or `{ jsonrpc, id, error }`: the role of its
 * most telling use. A variable passed to a call is too often options or a log record to count.
 */
function heldRole(declarator: TSESTree.VariableDeclarator, ctx: SiteContext): { role: ObjectRole; rpc: boolean } | undefined {
  let best: { role: ObjectRole; rpc: boolean } | undefined;
  for (const read of heldReads(declarator, ctx)) {
    const { child, parent } = valuePlace(read);
    const role = parent ? directRole(child, parent) : undefined;
    if (role === "error-property" && isResponseError(read)) return { role, rpc: true };
    if (role === "error-property" || (role === "thrown" && best?.role !== "error-property")) best = { role, rpc: false };
    else if (role === "returned") best ??= { role, rpc: false };
  }
  return best;
}

/** Where an object literal with a `code` goes, when that makes it an error response; `rpc` inside a JSON-RPC response. */
function objectRole(node: TSESTree.ObjectExpression, ctx: SiteContext): { role: ObjectRole; rpc: boolean } | undefined {
  const { child, parent } = valuePlace(node);
  if (!parent) return undefined;
  if (parent.type === AST_NODE_TYPES.VariableDeclarator) return parent.init === child ? heldRole(parent, ctx) : undefined;
  const role = directRole(child, parent);
  return role ? { role, rpc: role === "error-property" && isResponseError(node) } : undefined;
}

/**
 * `{ code, message }` thrown, under an `error:` key, returned, or passed to a call, written there or held in a
 * variable that is. Returned and passed objects need a `message` too, since a bare `{ code }` there is often
 * something else.
 */
export function objectSite(node: TSESTree.ObjectExpression, ctx: SiteContext): ErrorSite | undefined {
  const codeProp = findProperty(node, "code");
  if (!codeProp || codeProp.value.type === AST_NODE_TYPES.AssignmentPattern) return undefined;
  const place = objectRole(node, ctx);
  if (!place || isExpectedValue(node) || (place.role !== "thrown" && isTestFixture(node))) return undefined;
  const messageProp = findProperty(node, "message");
  if ((place.role === "returned" || place.role === "argument") && !messageProp) return undefined;
  const data = findProperty(node, "data")?.value;
  return {
    kind: "object",
    node,
    code: codeProp.value,
    message: messageProp ? messageProp.value : hasSpread(node) ? undefined : null,
    ...(data ? { data } : {}),
    rpc: place.rpc,
    sdk: false,
    inErrorClass: isInErrorClass(node, ctx.errorClasses),
  };
}

/** `toEqual`, `toMatchObject`, `assert.deepStrictEqual`: a call that compares with what it is given. */
const MATCHER = /^(to[A-Z]\w*|(not)?(deep|strict|deepStrict)?[Ee]qual|deepStrictEqual|assert\w*|match\w*|calledWith|eql)$/u;

/**
 * An object written inside an assertion's expected value (`expect(res.error).toEqual({ code: -32601, message })`,
 * `.rejects.toMatchObject({ code })`, `assert.deepStrictEqual(x, { error: { code } })`): what a test expects to
 * receive, not an error it builds.
 */
function isExpectedValue(node: TSESTree.Node): boolean {
  let child: TSESTree.Node = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.CallExpression) {
      if (!parent.arguments.includes(child as TSESTree.CallExpressionArgument)) return false;
      const callee = unwrap(parent.callee);
      const name = callee.type === AST_NODE_TYPES.MemberExpression ? memberName(callee) : callee.type === AST_NODE_TYPES.Identifier ? callee.name : undefined;
      return name !== undefined && MATCHER.test(name);
    }
    if (!VALUE_PARTS.has(parent.type)) return false;
  }
  return false;
}

/** What an expected value may be written inside: objects, arrays, properties and value wrappers. */
const VALUE_PARTS = new Set<string>([
  AST_NODE_TYPES.ObjectExpression,
  AST_NODE_TYPES.ArrayExpression,
  AST_NODE_TYPES.Property,
  AST_NODE_TYPES.TSAsExpression,
  AST_NODE_TYPES.TSSatisfiesExpression,
  AST_NODE_TYPES.TSNonNullExpression,
]);

/** A test file by its path: `*.test.*`, `*.spec.*`, or under `__tests__/`, `test/` or `tests/`. */
const TEST_PATH = /(?:\.(?:test|spec)\.[cm]?[jt]sx?$)|(?:^|[\\/])(?:__tests__|tests?)[\\/]/u;

/**
 * In a test file, an error object that is not thrown and not written inside a function of the file that answers
 * requests is test data: a response fed to the code under test (`deserializeMessage(JSON.stringify({ jsonrpc, id,
 * error: { code: -32601 } }))`, `makeMockFetch({ error })`), not an error the project answers with.
 */
function isTestFixture(node: TSESTree.Node): boolean {
  const filename = fileOf(node)?.path;
  if (!filename || !TEST_PATH.test(filename)) return false;
  const fn = enclosingFunction(node);
  // A mock agent or server in a test answers requests: its errors are built as any agent's are.
  return !fn || isTestCallback(fn);
}

/** The callback of `it(...)`, `test(...)`, `describe(...)`, `beforeEach(...)`, or a function nested in one. */
function isTestCallback(fn: TSESTree.Node): boolean {
  for (let node: TSESTree.Node | undefined = fn; node; node = node.parent) {
    if (node.type !== AST_NODE_TYPES.CallExpression) continue;
    const callee = unwrap(node.callee);
    const base = callee.type === AST_NODE_TYPES.MemberExpression ? unwrap(callee.object) : callee;
    if (base.type === AST_NODE_TYPES.Identifier && TEST_BLOCKS.has(base.name)) return true;
  }
  return false;
}

const TEST_BLOCKS = new Set(["it", "test", "describe", "suite", "beforeEach", "beforeAll", "afterEach", "afterAll"]);

const ERROR_VARIABLE = /^(e|err|error|\w*Error|\w*Err|failure|rpcError)$/i;

/** `err.code = n` on something that is an error: an `Error` built here, `this` in an error class, or an error-named variable. */
export function codeAssignmentSite(node: TSESTree.AssignmentExpression, ctx: SiteContext): ErrorSite | undefined {
  if (node.operator !== "=" || node.left.type !== AST_NODE_TYPES.MemberExpression || memberName(node.left) !== "code") {
    return undefined;
  }
  const object = unwrap(node.left.object);
  const isError =
    (object.type === AST_NODE_TYPES.Identifier &&
      (ERROR_VARIABLE.test(object.name) || holdsNewError(ctx.values.constInit(object), ctx.errorClasses))) ||
    (object.type === AST_NODE_TYPES.ThisExpression && isInErrorClass(node, ctx.errorClasses));
  if (!isError) return undefined;
  // In a constructor, `this.code = ...` is described by ErrorClass: a parameter's plumbing or a held code.
  if (object.type === AST_NODE_TYPES.ThisExpression && isInConstructor(node)) return undefined;
  return {
    kind: "code-assignment",
    node,
    code: node.right,
    // `const err = new Error(message); err.code = code`: the message the error was built with.
    message: object.type === AST_NODE_TYPES.Identifier ? builtMessage(ctx.values.constInit(object)) : undefined,
    rpc: false,
    sdk: false,
    inErrorClass: isInErrorClass(node, ctx.errorClasses),
  };
}

/** The message argument of `new Error(message)` (through wrappers), when that is what `init` builds. */
function builtMessage(init: TSESTree.Node | undefined): TSESTree.Node | undefined {
  const inner = init && unwrap(init);
  const [message] = inner?.type === AST_NODE_TYPES.NewExpression ? inner.arguments : [];
  return message && message.type !== AST_NODE_TYPES.SpreadElement ? message : undefined;
}

function holdsNewError(init: TSESTree.Node | undefined, classes: ErrorClasses): boolean {
  return init !== undefined && isNewError(unwrap(init), classes);
}

function isInConstructor(node: TSESTree.Node): boolean {
  const fn = enclosingFunction(node);
  return fn?.parent?.type === AST_NODE_TYPES.MethodDefinition && fn.parent.kind === "constructor";
}

/** `code = -32001` held by an error class itself. */
export function classCodeSite(cls: ErrorClass, node: TSESTree.Node): ErrorSite | undefined {
  if (!cls.heldCode) return undefined;
  return {
    kind: "class-code",
    node,
    code: cls.heldCode,
    message: undefined,
    rpc: cls.rpc,
    errorClass: cls,
    sdk: false,
    inErrorClass: true,
  };
}

export function helperCallSite(
  node: TSESTree.CallExpression,
  inner: ErrorSite,
  slots: { readonly code: number; readonly message?: number; readonly data?: number },
): ErrorSite | undefined {
  const code = argAt(node.arguments, slots.code);
  if (!code) return undefined;
  // A missing message argument may be filled by a parameter default: unknown, not absent.
  const message = argAt(node.arguments, slots.message);
  const data = argAt(node.arguments, slots.data);
  return {
    kind: "helper-call",
    node,
    code,
    message,
    ...(data ? { data } : {}),
    // `{ jsonrpc, id, error: toError(code, message) }` makes any error the helper builds a JSON-RPC one.
    rpc: inner.rpc || isResponseError(node),
    ...(inner.errorClass ? { errorClass: inner.errorClass } : {}),
    sdk: false,
    inErrorClass: false,
    inner,
  };
}
