import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { contains, enclosingFunction, endsFunction, type FunctionNode, holderPastAwait, isFunction, isValueWrapper, memberName, staticKeyName, unwrap } from "../syntax/ast.js";
import { type Resolver, resolverOf } from "../resolution/resolver.js";
import { soleInit } from "../resolution/values.js";
import { isCaught } from "../syntax/try-catch.js";
import { fieldOf, type KeyedRead, nodeValue, readOf, sameValue, type SymbolicValue } from "./symbolic.js";
import { safeParsedArgument, validatedArgument } from "./validation.js";
import { ThrowSummaries } from "./throws.js";

/** How many values and summaries one question may pass through: beyond it a value is its own expression. */
const MAX_DEPTH = 32;

const summaries = new WeakMap<Resolver, Summaries>();

/**
 * The expression of its callee a call gives back as it is (Summaries.returnedExpression), for analyses that read
 * what a value is made of: `resolveEntry(params)?.resolve()` works on `pending.get(p.sessionId)`.
 */
export function givenBack(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): TSESTree.Node | undefined {
  return node.type === AST_NODE_TYPES.CallExpression ? summariesOf(resolverOf(sourceCode)).returnedExpression(node)?.node : undefined;
}

/** The summaries of the linted file whose resolver this is: one set per file, shared by every analysis. */
export function summariesOf(resolver: Resolver): Summaries {
  let found = summaries.get(resolver);
  if (!found) summaries.set(resolver, (found = new Summaries(resolver)));
  return found;
}

/**
 * What values are, across locals and calls: the layer every analysis asks where a value comes from, so that an id
 * wrapped in `idOf(x)`, params parsed into a new object, a lookup kept in a `const` or returned by a helper are
 * followed once for all of them.
 *
 * A function's summary is what it returns in terms of its parameters, worked out once from its returns; a call's
 * value is its callee's summary with the arguments put in. A local is what its only write gave it (the scope
 * manager's references, not its name). Bounded by MAX_DEPTH; a question that leads back to itself is the
 * expression itself.
 */
export class Summaries {
  readonly #values = new Map<TSESTree.Node, SymbolicValue>();
  readonly #returns = new Map<FunctionNode, SymbolicValue | null>();
  /** The functions whose summaries are being worked out, and how many cycles through them were cut so far. */
  readonly #pending = new Set<FunctionNode>();
  #cuts = 0;
  #depth = 0;
  /** What functions throw, with the calls that lead there (throws.ts). */
  readonly throws: ThrowSummaries;

  constructor(readonly resolver: Resolver) {
    this.throws = new ThrowSummaries(resolver, this);
  }

  /**
   * Where the value of an expression comes from: `idOf(params.sessionId)` is `params` then `sessionId` when `idOf`
   * returns its parameter; `p.sessionId` after `const p = parse(params)` too, when `parse` returns
   * `{ sessionId: raw.sessionId }`; `found` after `const found = store.get(id)` is that lookup.
   */
  valueOf(node: TSESTree.Node): SymbolicValue {
    const known = this.#values.get(node);
    if (known) return known;
    if (this.#depth >= MAX_DEPTH) return nodeValue(node);
    // A value asked again while it is worked out (`const a = b, b = a`) is its own expression.
    this.#values.set(node, nodeValue(node));
    this.#depth++;
    let found: SymbolicValue;
    try {
      found = this.compute(node);
    } finally {
      this.#depth--;
    }
    this.#values.set(node, found);
    return found;
  }

  /**
   * What every return of a function gives, in terms of its parameters (objects returned on different paths as one:
   * mergedObjects); undefined when they differ otherwise or there is none.
   */
  returnsOf(fn: FunctionNode): SymbolicValue | undefined {
    const known = this.#returns.get(fn);
    if (known !== undefined) {
      // Asked again while it is worked out: the cycle is cut, and every summary it runs through is unknown.
      if (known === null && this.#pending.has(fn)) this.#cuts++;
      return known ?? undefined;
    }
    this.#returns.set(fn, null);
    if (fn.generator) return undefined;
    const cuts = this.#cuts;
    this.#pending.add(fn);
    // `return undefined` beside `return record[key]`: what the function gives when it gives something.
    const given = this.resolver.returnedBy(fn).filter((expression) => !isNothing(expression));
    const returned = given.map((expression) => this.valueOf(expression));
    this.#pending.delete(fn);
    const first = returned[0];
    const same = first && this.#cuts === cuts && returned.every((value) => sameValue(value, first)) ? first : undefined;
    const summary = same ?? (this.#cuts === cuts ? mergedObjects(returned) : undefined);
    this.#returns.set(fn, summary ?? null);
    return summary;
  }

  /**
   * The function argument a call runs and gives back the result of, its throws uncaught (`enqueue(() => { … })`
   * where `enqueue(task)` returns `task()`; `runWith({ run: () => … })` where it returns `await o.run()`): what the
   * thunk answers, the call answers. Undefined when the callee catches what the run throws, or gives back anything
   * else on some path.
   */
  runArgument(call: TSESTree.CallExpression): FunctionNode | undefined {
    const fn = this.resolver.calleeOf(call);
    const summary = fn && this.returnsOf(fn);
    if (summary?.kind !== "invoke" || summary.path.length > 0 || summary.callee.kind !== "param" || summary.callee.fn !== fn) return undefined;
    if (isCaught(summary.node, fn)) return undefined;
    const arg = call.arguments[summary.callee.index - thisParameterCount(fn)];
    if (!arg || arg.type === AST_NODE_TYPES.SpreadElement) return undefined;
    let value: SymbolicValue | undefined = this.valueOf(arg);
    for (const name of summary.callee.path) value = value && fieldOf(value, name);
    const read = value && readOf(value);
    const target = read && read.fields.length === 0 ? read.node : undefined;
    return target && isFunction(target) ? target : undefined;
  }

  /**
   * The call that runs a function handed to it and gives back its result (runArgument): `enqueue(fn)`,
   * `runWith({ run: fn })`. The function's throws leave where that call is.
   */
  runningCall(fn: FunctionNode): TSESTree.CallExpression | undefined {
    let holder: TSESTree.Node = fn;
    // Handed as a member of an object literal: `{ run: () => … }`.
    if (holder.parent?.type === AST_NODE_TYPES.Property && holder.parent.value === holder && holder.parent.parent.type === AST_NODE_TYPES.ObjectExpression) holder = holder.parent.parent;
    const call = holder.parent;
    if (call?.type !== AST_NODE_TYPES.CallExpression || !call.arguments.includes(holder as TSESTree.CallExpressionArgument)) return undefined;
    return this.runArgument(call) === fn ? call : undefined;
  }

  /**
   * The statement of `root` that is the call running the closure `statement` ends (runningCall: `runWith({ run: () =>
   * { …; statement } });`): what runs next after the closure returns.
   */
  runnerStatement(statement: TSESTree.Node, root: TSESTree.Node): TSESTree.ExpressionStatement | undefined {
    const fn = enclosingFunction(statement);
    if (!fn || fn === root || !endsFunction(statement, fn)) return undefined;
    const call = this.runningCall(fn);
    if (!call || !contains(root, call)) return undefined;
    const callStatement = holderPastAwait(call);
    return callStatement?.type === AST_NODE_TYPES.ExpressionStatement ? callStatement : undefined;
  }

  /**
   * Whether a call only gives back a value built from its arguments, testing nothing on the way: its callee's whole
   * body is one return of names, fields, object and array literals and spreads, through `as` and `!` at most
   * (`(id) => id as SessionId`, `(raw) => ({ sessionId: raw.sessionId, mode: raw.modeId })`). Such a helper cannot
   * check a session or a terminal.
   */
  checksNothing(call: TSESTree.CallExpression): boolean {
    const fn = this.resolver.calleeOf(call);
    if (!fn) return false;
    const body = fn.body;
    const only = body.type !== AST_NODE_TYPES.BlockStatement ? body : body.body.length === 1 && body.body[0]!.type === AST_NODE_TYPES.ReturnStatement ? body.body[0]!.argument : null;
    return only !== null && only !== undefined && isPlainBuild(only);
  }

  /**
   * Whether a call's callee only refuses what it is handed by its shape: each of its statements is `if (<a test of
   * values' presence, type or length>) throw …` (or returns), then at most a return of a value built from its
   * arguments (`function assertParams(p) { if (!p.sessionId || typeof p.sessionId !== "string") throw …; }`). It asks
   * no store, so it checks no session.
   */
  checksOnlyShape(call: TSESTree.CallExpression): boolean {
    const fn = this.resolver.calleeOf(call);
    if (!fn || fn.body.type !== AST_NODE_TYPES.BlockStatement || fn.body.body.length === 0) return false;
    const body = fn.body.body;
    return body.every(
      (statement, i) =>
        (statement.type === AST_NODE_TYPES.IfStatement && !statement.alternate && isShapeTest(statement.test) && onlyExits(statement.consequent)) ||
        (i === body.length - 1 && statement.type === AST_NODE_TYPES.ReturnStatement && (!statement.argument || isPlainBuild(statement.argument))),
    );
  }

  /**
   * Whether what `node` throws is caught before it leaves `root` (syntax/try-catch.ts), also across a thunk a call
   * runs and gives back the result of (runningCall): its throws go on from that call.
   */
  isCaught(node: TSESTree.Node, root: TSESTree.Node): boolean {
    return isCaught(node, root, (fn) => this.runningCall(fn));
  }

  /**
   * The expression of the callee a call gives back as it is (`return this.chats.get(p.sessionId)`, or a `const`
   * holding it that every return gives), with `at`, what an expression of the callee is at this call (its
   * parameters being the call's arguments). Not `get(id) ?? create(id)`, which valueOf reads as the lookup for
   * what it names but which gives something else; undefined when the returns differ or cannot be told.
   */
  returnedExpression(call: TSESTree.CallExpression): ReturnedExpression | undefined {
    const read = readOf(this.valueOf(call));
    if (!read || read.fields.length > 0 || read.node === call) return undefined;
    const callee = this.resolver.calleeOf(call);
    // The function whose return gives the node: the callee, or a thunk or closure the call hands it (whose values
    // are the caller's already), which the callee must give back as it is too (`return opts.run()`).
    const fn = callee && (contains(callee, read.node) ? callee : enclosingFunction(read.node));
    if (!callee || !fn || !this.resolver.returnedBy(fn).every((e) => this.givesAsIs(e, read.node))) return undefined;
    if (fn !== callee && !this.resolver.returnedBy(callee).every((e) => throughAwait(e).type === AST_NODE_TYPES.CallExpression)) return undefined;
    return { node: read.node, fn, at: (node) => (contains(callee, node) ? this.bind(this.valueOf(node), callee, call) : undefined) ?? this.valueOf(node) };
  }

  /**
   * Whether a returned expression is `node` itself, awaited or wrapped, or a `const` written once with it and read
   * only to be returned: one the callee also tests (`if (!s) throw …; return s`) never gives a miss.
   */
  private givesAsIs(expression: TSESTree.Node, node: TSESTree.Node): boolean {
    const value = throughAwait(expression);
    if (value === node) return true;
    if (value.type !== AST_NODE_TYPES.Identifier) return false;
    const variable = this.resolver.variableOf(value);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    const init = def?.type === "Variable" && def.name === def.node.id ? soleInit(variable!, def.node as TSESTree.VariableDeclarator) : undefined;
    if (init === undefined || throughAwait(init) !== node) return false;
    return variable!.references.every((ref) => ref.init || isReturned(ref.identifier));
  }

  private compute(node: TSESTree.Node): SymbolicValue {
    let inner = this.resolver.origin(node);
    while (inner.type === AST_NODE_TYPES.AwaitExpression) inner = this.resolver.origin(inner.argument);
    if (inner !== node && this.#values.has(inner)) return this.#values.get(inner)!;
    switch (inner.type) {
      case AST_NODE_TYPES.Identifier:
        return this.nameValue(inner) ?? nodeValue(inner);
      case AST_NODE_TYPES.MemberExpression: {
        const name = memberName(inner);
        if (name !== undefined) return fieldOf(this.valueOf(inner.object), name) ?? nodeValue(inner);
        return this.keyedRead(inner) ?? nodeValue(inner);
      }
      case AST_NODE_TYPES.CallExpression: {
        // `Schema.parse(raw)`: the request, validated.
        const validated = validatedArgument(this.resolver, inner);
        if (validated) return this.valueOf(validated);
        // `Schema.safeParse(raw)`: `{ success, data }`, its `data` the request.
        const safe = safeParsedArgument(this.resolver, inner);
        if (safe) return { kind: "object", fields: new Map([["data", this.valueOf(safe)]]), spreads: [] };
        return this.callValue(inner) ?? this.invokeValue(inner) ?? nodeValue(inner);
      }
      case AST_NODE_TYPES.ObjectExpression:
        return this.objectValue(inner) ?? nodeValue(inner);
      default:
        return nodeValue(inner);
    }
  }

  /**
   * `record[key]` with `key` a parameter and `record` one or read from one (`value[field]`): the read itself, which a
   * call that names the key makes the record's field (bind). A store of the function's own keyed by a parameter
   * (`this.sessions[id]`) is a lookup, as before. Only a key that is a parameter is asked about.
   */
  private keyedRead(member: TSESTree.MemberExpression): SymbolicValue | undefined {
    if (!member.computed || member.optional || member.property.type !== AST_NODE_TYPES.Identifier) return undefined;
    if (this.resolver.variableOf(member.property)?.defs[0]?.type !== "Parameter") return undefined;
    const key = this.valueOf(member.property);
    if (key.kind !== "param" || key.path.length > 0) return undefined;
    const record = this.valueOf(member.object);
    return record.kind === "param" ? { kind: "node", node: member, path: [], byKey: { record, fn: key.fn, index: key.index } } : undefined;
  }

  /** A parameter, or a local written once by its declaration (through a destructuring pattern's keys). */
  private nameValue(id: TSESTree.Identifier): SymbolicValue | undefined {
    const variable = this.resolver.variableOf(id);
    const def = variable?.defs.length === 1 ? variable.defs[0]! : undefined;
    if (!variable || !def) return undefined;
    if (def.type === "Parameter") return parameterValue(def.node as FunctionNode, def.name as TSESTree.Identifier, id, variable);
    if (def.type !== "Variable") return undefined;
    const declarator = def.node as TSESTree.VariableDeclarator;
    const init = soleInit(variable, declarator);
    const path = init && patternPath(declarator.id, def.name as TSESTree.Identifier);
    if (!path) return undefined;
    let value: SymbolicValue | undefined = this.valueOf(init);
    for (const name of path) value = value && fieldOf(value, name);
    return value;
  }

  /** The callee's summary with the call's arguments in place of its parameters. */
  private callValue(call: TSESTree.CallExpression): SymbolicValue | undefined {
    // `o.run()` of a parameter every call fills with one object of closures stays a call of what the parameter holds
    // (invokeValue): the function's summary is in terms of its parameters, whatever its one caller hands it.
    if (this.callsHandedCode(call)) return undefined;
    const fn = this.resolver.calleeOf(call);
    const summary = fn && this.returnsOf(fn);
    return summary && this.bind(summary, fn!, call);
  }

  /** Whether a call runs a member of a parameter bound to an object literal of code (`deps.requireSession(id)`). */
  private callsHandedCode(call: TSESTree.CallExpression): boolean {
    const callee = unwrap(call.callee);
    const object = callee.type === AST_NODE_TYPES.MemberExpression ? unwrap(callee.object) : undefined;
    if (object?.type !== AST_NODE_TYPES.Identifier || this.resolver.variableOf(object)?.defs[0]?.type !== "Parameter") return false;
    return this.resolver.boundArgument(object)?.type === AST_NODE_TYPES.ObjectExpression;
  }

  /** `task()`, `opts.run()`: a call of a function a parameter holds, known once the parameter is bound. */
  private invokeValue(call: TSESTree.CallExpression): SymbolicValue | undefined {
    const callee = this.valueOf(call.callee);
    return callee.kind === "param" ? { kind: "invoke", callee, node: call, path: [] } : undefined;
  }

  /**
   * What calling the function a bound value is gives: the returns of a thunk or closure passed in (`() =>
   * sessions.get(params.sessionId)`), when they do not depend on its own parameters (the arguments are not followed).
   */
  private invoked(callee: SymbolicValue, path: readonly string[]): SymbolicValue | undefined {
    const read = readOf(callee);
    if (!read || read.fields.length > 0) return undefined;
    const target = isFunction(read.node) ? read.node : this.resolver.functionOf(read.node);
    const returned = target && this.returnsOf(target);
    if (!returned || dependsOn(returned, target!)) return undefined;
    let value: SymbolicValue | undefined = returned;
    for (const name of path) value = value && fieldOf(value, name);
    return value;
  }

  private bind(value: SymbolicValue, fn: FunctionNode, call: TSESTree.CallExpression): SymbolicValue | undefined {
    if (value.kind === "node" && value.byKey?.fn === fn) return this.bindKeyed(value, value.byKey, fn, call);
    if (value.kind === "node" || (value.kind === "param" && value.fn !== fn)) return value;
    if (value.kind === "invoke") {
      // A method of a parameter that is no function passed in (`store.get(id)`) stays the callee's own call.
      const callee = this.bind(value.callee, fn, call);
      if (callee === value.callee) return value;
      return (callee && this.invoked(callee, value.path)) ?? { kind: "node", node: value.node, path: value.path };
    }
    if (value.kind === "param") {
      const arg = call.arguments[value.index - thisParameterCount(fn)];
      if (!arg || arg.type === AST_NODE_TYPES.SpreadElement) return undefined;
      let bound: SymbolicValue | undefined = this.valueOf(arg);
      for (const name of value.path) bound = bound && fieldOf(bound, name);
      return bound;
    }
    const fields = new Map<string, SymbolicValue>();
    for (const [name, field] of value.fields) {
      const bound = this.bind(field, fn, call);
      if (bound) fields.set(name, bound);
    }
    const spreads: SymbolicValue[] = [];
    for (const spread of value.spreads) {
      const bound = this.bind(spread, fn, call);
      // A spread not known makes every field not written out unknown.
      if (!bound) return undefined;
      spreads.push(bound);
    }
    return { kind: "object", fields, spreads };
  }

  /**
   * `record[key]` of the callee at a call: the record's field when the call names the key with one string
   * (`readString(params, "sessionId")`); still the callee's read when the caller hands on its own parameter as the
   * key and a record read from its own parameters (`readString(value, field)` passing both on), now keyed by the
   * caller's; else the callee's read as it is (`resolve(chats, id)`: a lookup in the store the caller holds).
   */
  private bindKeyed(value: SymbolicValue & { kind: "node" }, byKey: KeyedRead, fn: FunctionNode, call: TSESTree.CallExpression): SymbolicValue | undefined {
    const plain: SymbolicValue = { kind: "node", node: value.node, path: value.path };
    const arg = call.arguments[byKey.index - thisParameterCount(fn)];
    if (!arg || arg.type === AST_NODE_TYPES.SpreadElement) return plain;
    const record = this.bind(byKey.record, fn, call);
    if (!record) return plain;
    const passed = this.valueOf(arg);
    if (passed.kind === "param" && passed.path.length === 0) {
      return record.kind === "param" ? { ...value, byKey: { record, fn: passed.fn, index: passed.index } } : plain;
    }
    const keys = this.resolver.values.resolve(arg);
    if (keys?.length !== 1 || typeof keys[0] !== "string") return plain;
    let field: SymbolicValue | undefined = fieldOf(record, keys[0]);
    for (const name of value.path) field = field && fieldOf(field, name);
    return field ?? plain;
  }

  /** `{ sessionId: p.sessionId, ...rest }`: unknown when a key is computed (it may be any field). */
  private objectValue(object: TSESTree.ObjectExpression): SymbolicValue | undefined {
    const fields = new Map<string, SymbolicValue>();
    const spreads: SymbolicValue[] = [];
    for (const prop of object.properties) {
      if (prop.type === AST_NODE_TYPES.SpreadElement) {
        // A field written after a spread overrides it, one before is overridden: only spreads first are followed.
        if (fields.size > 0) return undefined;
        spreads.push(this.valueOf(prop.argument));
        continue;
      }
      const key = staticKeyName(prop.key, prop.computed);
      if (key === undefined) return undefined;
      if (prop.kind === "init" && !prop.method) fields.set(key, this.valueOf(prop.value));
    }
    return { kind: "object", fields, spreads };
  }
}

/** What a call gives back as it is: an expression of its callee (Summaries.returnedExpression). */
export interface ReturnedExpression {
  readonly node: TSESTree.Node;
  readonly fn: FunctionNode;
  /** What an expression of the callee is at the call. */
  at(node: TSESTree.Node): SymbolicValue;
}

/** An expression without the wrappers and `await` a value passes through unchanged (not `!`, which asserts). */
function throughAwait(node: TSESTree.Node): TSESTree.Node {
  let inner: TSESTree.Node = node;
  for (;;) {
    if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = inner.argument;
    else if (inner.type === AST_NODE_TYPES.ChainExpression) inner = inner.expression;
    else if (inner.type !== AST_NODE_TYPES.TSNonNullExpression && isValueWrapper(inner)) inner = inner.expression;
    else return inner;
  }
}

/** Whether an expression is what a `return` (or an arrow's body) gives, through wrappers and `await`. */
function isReturned(node: TSESTree.Node): boolean {
  let current = node;
  while (current.parent && (current.parent.type === AST_NODE_TYPES.AwaitExpression || current.parent.type === AST_NODE_TYPES.ChainExpression || isValueWrapper(current.parent))) current = current.parent;
  const parent = current.parent;
  return parent?.type === AST_NODE_TYPES.ReturnStatement || (parent?.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === current);
}

/** Whether a value reads a parameter of `fn`. */
function dependsOn(value: SymbolicValue, fn: FunctionNode): boolean {
  switch (value.kind) {
    case "param":
      return value.fn === fn;
    case "node":
      return false;
    case "invoke":
      return dependsOn(value.callee, fn);
    default:
      return [...value.fields.values(), ...value.spreads].some((v) => dependsOn(v, fn));
  }
}

/**
 * Objects returned on different paths as one (`{ valid: false, error }` and `{ valid: true, resolvedPath }`): each
 * field one or more of them set alike, which the others leave undefined (`result.resolvedPath` is the one path's
 * value, where it is set at all); a field they set differently (`valid`) is unknown. Undefined unless every return is
 * an object without spreads.
 */
function mergedObjects(values: readonly SymbolicValue[]): SymbolicValue | undefined {
  if (values.length < 2 || !values.every((value) => value.kind === "object" && value.spreads.length === 0)) return undefined;
  const fields = new Map<string, SymbolicValue>();
  const conflicting = new Set<string>();
  for (const value of values as readonly Extract<SymbolicValue, { kind: "object" }>[]) {
    for (const [name, field] of value.fields) {
      const known = fields.get(name);
      if (known && !sameValue(known, field)) conflicting.add(name);
      else fields.set(name, field);
    }
  }
  for (const name of conflicting) fields.delete(name);
  return { kind: "object", fields, spreads: [] };
}

/** `function f(this: T, x)`: TypeScript's `this` parameter takes no argument. */
function thisParameterCount(fn: FunctionNode): number {
  const first = fn.params[0];
  return first?.type === AST_NODE_TYPES.Identifier && first.name === "this" ? 1 : 0;
}

/** A parameter's value: which parameter of `fn` the name is in, and the fields its pattern reads to get there. */
function parameterValue(fn: FunctionNode, name: TSESTree.Identifier, read: TSESTree.Identifier, variable: TSESLint.Scope.Variable): SymbolicValue | undefined {
  // A parameter written in the body no longer holds the argument.
  if (variable.references.some((ref) => ref.isWrite() && !ref.init)) return undefined;
  for (let index = 0; index < fn.params.length; index++) {
    const param = fn.params[index]!;
    const pattern = param.type === AST_NODE_TYPES.TSParameterProperty ? param.parameter : param;
    const path = patternPath(pattern, name);
    if (path) return { kind: "param", fn, index, path, node: read, named: path.length };
  }
  return undefined;
}

/** The keys a pattern reads to reach `name` (`{ params: { sessionId } }`: params, sessionId); undefined for a rest. */
function patternPath(pattern: TSESTree.Node, name: TSESTree.Identifier): string[] | undefined {
  switch (pattern.type) {
    case AST_NODE_TYPES.Identifier:
      return pattern === name ? [] : undefined;
    case AST_NODE_TYPES.AssignmentPattern:
      return patternPath(pattern.left, name);
    case AST_NODE_TYPES.ObjectPattern:
      for (const prop of pattern.properties) {
        if (prop.type !== AST_NODE_TYPES.Property) continue;
        const key = staticKeyName(prop.key, prop.computed);
        const inner = key === undefined ? undefined : patternPath(prop.value, name);
        if (inner) return [key!, ...inner];
      }
      return undefined;
    default:
      return undefined;
  }
}

/** Whether an expression builds a value without running or testing anything (checksNothing). */
function isPlainBuild(node: TSESTree.Node): boolean {
  switch (node.type) {
    case AST_NODE_TYPES.MemberExpression:
      // `raw.sessionId`, not `raw?.sessionId` (a test) nor `raw[key]` (a key that is computed).
      return !node.optional && !node.computed && isPlainBuild(node.object);
    case AST_NODE_TYPES.Property:
      return node.kind === "init" && !node.computed && !node.method && isPlainBuild(node.value);
    case AST_NODE_TYPES.ObjectExpression:
      return node.properties.every(isPlainBuild);
    case AST_NODE_TYPES.ArrayExpression:
      return node.elements.every((element) => element === null || isPlainBuild(element));
    case AST_NODE_TYPES.SpreadElement:
      return isPlainBuild(node.argument);
    case AST_NODE_TYPES.TemplateLiteral:
      return node.expressions.every(isPlainBuild);
    case AST_NODE_TYPES.Identifier:
    case AST_NODE_TYPES.Literal:
      return true;
    // `value ?? {}`, `raw || {}`: one of two values built alike.
    case AST_NODE_TYPES.LogicalExpression:
      return isPlainBuild(node.left) && isPlainBuild(node.right);
    // `v && typeof v === "object" ? v : {}`: a value picked by a test of its shape, which consults no store.
    case AST_NODE_TYPES.ConditionalExpression:
      return isShapeTest(node.test) && isPlainBuild(node.consequent) && isPlainBuild(node.alternate);
    default:
      // `as`, `satisfies`, `!`: the value passes unchanged.
      return isValueWrapper(node) && isPlainBuild(node.expression);
  }
}

/** A branch that only leaves: one `throw` or `return`, alone or in a block. */
function onlyExits(node: TSESTree.Node): boolean {
  const only = node.type === AST_NODE_TYPES.BlockStatement ? (node.body.length === 1 ? node.body[0]! : undefined) : node;
  return only?.type === AST_NODE_TYPES.ThrowStatement || only?.type === AST_NODE_TYPES.ReturnStatement;
}

/**
 * A test of a value's shape: its truthiness, `typeof`, a comparison with a literal (`!id`, `typeof id !== "string"`,
 * `id.trim().length === 0`); no call but `.trim()`, no other value. Such a test asks no store: it checks no session.
 */
export function isShapeTest(node: TSESTree.Node): boolean {
  switch (node.type) {
    case AST_NODE_TYPES.LogicalExpression:
      return node.operator !== "??" && isShapeTest(node.left) && isShapeTest(node.right);
    case AST_NODE_TYPES.UnaryExpression:
      return node.operator === "!" && isShapeTest(node.argument);
    case AST_NODE_TYPES.BinaryExpression: {
      if (!["===", "!==", "==", "!=", "<", ">", "<=", ">="].includes(node.operator)) return false;
      const operand = (n: TSESTree.Node) => isShapeRead(n.type === AST_NODE_TYPES.UnaryExpression && n.operator === "typeof" ? n.argument : n);
      return (isLiteral(node.right) && operand(node.left)) || (isLiteral(node.left) && operand(node.right));
    }
    default:
      return node.type !== AST_NODE_TYPES.Literal && isShapeRead(node);
  }
}

/** A value built without running anything, or read from names and fields (`p?.id` too), `.trim()` and `.length` of it. */
function isShapeRead(node: TSESTree.Node): boolean {
  if (isPlainBuild(node)) return true;
  switch (node.type) {
    case AST_NODE_TYPES.ChainExpression:
      return isShapeRead(node.expression);
    case AST_NODE_TYPES.MemberExpression:
      return !node.computed && isShapeRead(node.object);
    case AST_NODE_TYPES.CallExpression:
      return node.arguments.length === 0 && node.callee.type === AST_NODE_TYPES.MemberExpression && memberName(node.callee) === "trim" && isShapeRead(node.callee.object);
    default:
      return isValueWrapper(node) && isShapeRead(node.expression);
  }
}

/** `undefined`, `null`, `void 0`: no value. */
function isNothing(node: TSESTree.Node): boolean {
  if (node.type === AST_NODE_TYPES.Identifier) return node.name === "undefined";
  if (node.type === AST_NODE_TYPES.Literal) return node.value === null && !("regex" in node) && !("bigint" in node);
  return node.type === AST_NODE_TYPES.UnaryExpression && node.operator === "void" && node.argument.type === AST_NODE_TYPES.Literal;
}

/** A literal, or `undefined`. */
function isLiteral(node: TSESTree.Node): boolean {
  return node.type === AST_NODE_TYPES.Literal || (node.type === AST_NODE_TYPES.Identifier && node.name === "undefined");
}
