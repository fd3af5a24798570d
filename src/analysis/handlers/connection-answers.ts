import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { ClassNode } from "../resolution/resolution.js";
import type { Resolver } from "../resolution/resolver.js";
import type { ValueResolver } from "../resolution/values.js";
import { children, findProperty, type FunctionNode, isFunction, memberName, staticKeyName, unwrap, type VisitorKeys, walk } from "../syntax/ast.js";
import type { Handler } from "./types.js";

/**
 * What a handler registered on a connection class of the project's own (`conn.onRequest("session/prompt", fn)`,
 * `conn` a `new Connection(…)` whose class the project declares) goes out as when it throws: the code the class's
 * catch writes into the error response for a thrown value with no code of its own (`{ code: err.code ?? -32001 }`:
 * -32001), and whether a code the thrown value carries is sent instead (`err.code ?? …` reads it). Undefined code:
 * the class's catch could not be read (several catches that disagree, a helper that builds the response, no catch).
 */
export interface ConnectionAnswer {
  /** The class's name, for messages (`Connection`); undefined for an anonymous class. */
  readonly className: string | undefined;
  readonly code: number | undefined;
  /** Whether the catch sends the thrown value's own `code` when it has one. */
  readonly keepsCode: boolean;
}

/** The registration call of a `jsonrpc` handler: `conn.onRequest(method, fn)`, whose method argument it keeps. */
function registration(handler: Handler): TSESTree.CallExpression | undefined {
  const call = handler.methodNode.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && call.arguments[0] === handler.methodNode ? call : undefined;
}

const answers = new WeakMap<ClassNode, ConnectionAnswer>();

/**
 * The answer of the project connection class a `jsonrpc`-style handler is registered on; undefined for any other
 * handler, and for a connection that is no class of the project (vscode-jsonrpc's, one that cannot be resolved),
 * which sends a thrown plain Error as -32603 as JSON-RPC libraries do.
 */
export function connectionAnswer(handler: Handler, resolver: Resolver, values: ValueResolver): ConnectionAnswer | undefined {
  if (handler.style !== "jsonrpc") return undefined;
  const call = registration(handler);
  const callee = call && unwrap(call.callee);
  if (callee?.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const cls = resolver.instanceClassOf(callee.object);
  if (!cls) return undefined;
  let found = answers.get(cls);
  if (!found) answers.set(cls, (found = readAnswer(cls, values, resolver)));
  return found;
}

/**
 * The connection class of the project's own that every one of `handlers` is registered on (the same class for all),
 * whose catch decides what a thrown error goes out as; undefined when any of them is an SDK handler, a JSON-RPC
 * library's, hand-rolled dispatch, or they are registered on different classes.
 */
export function projectConnection(handlers: readonly Handler[], resolver: Resolver, values: ValueResolver): ConnectionAnswer | undefined {
  const answers = handlers.map((h) => connectionAnswer(h, resolver, values));
  const [first] = answers;
  return first && answers.every((a) => a === first) ? first : undefined;
}

/** How messages name the class: `` `Connection` ``, or "the connection" for an anonymous one. */
export function connectionName(connection: ConnectionAnswer): string {
  return connection.className === undefined ? "the connection" : `\`${connection.className}\``;
}

/**
 * What to answer with through the class, as messages name a fix: a thrown error carrying `code` where its catch sends
 * a thrown error's own code, else `code` sent by the catch itself (it sends one code for every error).
 */
export function connectionFix(connection: ConnectionAnswer, code: number): string {
  return connection.keepsCode ? `a thrown error whose \`code\` is ${code}` : `${code} sent by ${connectionName(connection)}'s catch for it`;
}

function readAnswer(cls: ClassNode, values: ValueResolver, resolver: Resolver): ConnectionAnswer {
  const keys = resolver.sourceCodeOf(cls).visitorKeys;
  const codes = new Set<number | undefined>();
  let keepsCode = false;
  for (const clause of catchClauses(cls.body, keys)) {
    const caught = caughtNames(clause);
    const responses = errorCodes(clause.body, keys, resolver);
    // A catch that answers through a helper or a rethrow: what it sends is not read here.
    if (responses.length === 0 && sendsSomething(clause.body, keys)) codes.add(undefined);
    for (const code of responses) {
      const read = plainErrorCode(code, caught, values);
      codes.add(read.code);
      keepsCode ||= read.keepsCode;
    }
  }
  const [only] = codes;
  return { className: cls.id?.name, code: codes.size === 1 ? only : undefined, keepsCode };
}

/** The catch clauses of a class's methods (not of classes declared inside them). */
function catchClauses(node: TSESTree.Node, keys: VisitorKeys): TSESTree.CatchClause[] {
  const out: TSESTree.CatchClause[] = [];
  const visit = (n: TSESTree.Node): void => {
    if (n.type === AST_NODE_TYPES.ClassBody && n !== node) return;
    if (n.type === AST_NODE_TYPES.CatchClause) out.push(n);
    for (const child of children(n, keys)) visit(child);
  };
  visit(node);
  return out;
}

/**
 * The `code` of every `error: { code, … }` object written in a catch (its nested functions' included), and of every
 * `{ code, … }` the catch hands to a function that writes that parameter as a response's `error`
 * (`this.sendError(id, { code: err.code ?? -32603, message })`).
 */
function errorCodes(body: TSESTree.Node, keys: VisitorKeys, resolver: Resolver): TSESTree.Node[] {
  const out: TSESTree.Node[] = [];
  const visit = (n: TSESTree.Node): void => {
    if (n.type === AST_NODE_TYPES.ObjectExpression) {
      const error = findProperty(n, "error");
      const value = error && unwrap(error.value);
      const code = value?.type === AST_NODE_TYPES.ObjectExpression ? findProperty(value, "code") : undefined;
      if (code) out.push(code.value);
    }
    if (n.type === AST_NODE_TYPES.CallExpression) out.push(...handedErrorCodes(n, resolver));
    for (const child of children(n, keys)) visit(child);
  };
  visit(body);
  return out;
}

/** The codes of the error objects a call hands to parameters its callee writes as a response's `error`. */
function handedErrorCodes(call: TSESTree.CallExpression, resolver: Resolver): TSESTree.Node[] {
  const callee = call.arguments.some((a) => unwrap(a).type === AST_NODE_TYPES.ObjectExpression) ? resolver.calleeOf(call) : undefined;
  if (!callee) return [];
  const written = errorParameters(callee, resolver.sourceCodeOf(callee).visitorKeys);
  const out: TSESTree.Node[] = [];
  call.arguments.forEach((argument, index) => {
    const object = unwrap(argument);
    const code = object.type === AST_NODE_TYPES.ObjectExpression && written.has(index) ? findProperty(object, "code") : undefined;
    if (code) out.push(code.value);
  });
  return out;
}

/** The indexes of `fn`'s parameters it writes as an `error` property (`{ jsonrpc: "2.0", id, error }`). */
function errorParameters(fn: FunctionNode, keys: VisitorKeys): ReadonlySet<number> {
  const names = new Map<string, number>();
  fn.params.forEach((param, index) => {
    if (param.type === AST_NODE_TYPES.Identifier) names.set(param.name, index);
  });
  const out = new Set<number>();
  walk(fn.body, keys, (n) => {
    if (n.type !== AST_NODE_TYPES.ObjectExpression) return;
    const value = findProperty(n, "error")?.value;
    const inner = value && unwrap(value);
    const index = inner?.type === AST_NODE_TYPES.Identifier ? names.get(inner.name) : undefined;
    if (index !== undefined) out.add(index);
  });
  return out;
}

/** The names the caught value goes by in a catch: its parameter, and a `const` holding it (`const error = err as E`). */
function caughtNames(clause: TSESTree.CatchClause): ReadonlySet<string> {
  const names = new Set<string>();
  if (clause.param?.type !== AST_NODE_TYPES.Identifier) return names;
  names.add(clause.param.name);
  for (const statement of clause.body.body) {
    if (statement.type !== AST_NODE_TYPES.VariableDeclaration || statement.kind !== "const") continue;
    for (const declarator of statement.declarations) {
      const init = declarator.init && unwrap(declarator.init);
      if (declarator.id.type === AST_NODE_TYPES.Identifier && init?.type === AST_NODE_TYPES.Identifier && names.has(init.name)) names.add(declarator.id.name);
    }
  }
  return names;
}

/** Whether a catch does anything that may answer: a call or a `throw` (a catch that only logs is no answer either, but cannot be told apart here). */
function sendsSomething(body: TSESTree.Node, keys: VisitorKeys): boolean {
  let found = false;
  const visit = (n: TSESTree.Node): void => {
    if (found || isFunction(n)) return;
    if (n.type === AST_NODE_TYPES.CallExpression || n.type === AST_NODE_TYPES.ThrowStatement) found = true;
    else for (const child of children(n, keys)) visit(child);
  };
  visit(body);
  return found;
}

/** Whether `node` reads the caught value's `code`: `err.code`, `err?.code`, `(err as X).code`. */
function readsCaughtCode(node: TSESTree.Node, caught: ReadonlySet<string>): boolean {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.MemberExpression || memberName(inner) !== "code") return false;
  const object = unwrap(inner.object);
  return object.type === AST_NODE_TYPES.Identifier && caught.has(object.name);
}

/** A test that a plain Error fails: `typeof err.code === "number"`, `"code" in err`, `err.code !== undefined`, `err.code`. */
function testsCaughtCode(test: TSESTree.Node, caught: ReadonlySet<string>): boolean {
  const inner = unwrap(test);
  if (readsCaughtCode(inner, caught)) return true;
  if (inner.type === AST_NODE_TYPES.BinaryExpression) {
    if (inner.operator === "in") return staticKeyName(inner.left, true) === "code" && unwrap(inner.right).type === AST_NODE_TYPES.Identifier && caught.has((unwrap(inner.right) as TSESTree.Identifier).name);
    const left = unwrap(inner.left);
    const typeOf = left.type === AST_NODE_TYPES.UnaryExpression && left.operator === "typeof" ? left.argument : left;
    return ["===", "!==", "==", "!="].includes(inner.operator) && readsCaughtCode(typeOf, caught);
  }
  return false;
}

/**
 * What a code expression of the catch is for a thrown value with no `code`: a constant; `err.code ?? X` and
 * `err.code || X` give X; `typeof err.code === "number" ? err.code : X` gives X. Anything else is unknown.
 */
function plainErrorCode(node: TSESTree.Node, caught: ReadonlySet<string>, values: ValueResolver): { code: number | undefined; keepsCode: boolean } {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.LogicalExpression && (inner.operator === "??" || inner.operator === "||") && readsCaughtCode(inner.left, caught)) {
    return { code: plainErrorCode(inner.right, caught, values).code, keepsCode: true };
  }
  if (inner.type === AST_NODE_TYPES.ConditionalExpression && testsCaughtCode(inner.test, caught) && readsCaughtCode(inner.consequent, caught)) {
    return { code: plainErrorCode(inner.alternate, caught, values).code, keepsCode: true };
  }
  const resolved = values.resolve(inner);
  const code = resolved?.length === 1 && typeof resolved[0] === "number" && Number.isInteger(resolved[0]) ? resolved[0] : undefined;
  return { code, keepsCode: false };
}
