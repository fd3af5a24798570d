import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, memberName, staticKeyName, unwrap, walk } from "../syntax/ast.js";
import { variableOf, sourceCodeOf } from "../syntax/variables.js";
import { isConversion, isDecodeCall, isLookupCall } from "./calls.js";
import { resolverOf } from "../resolution/resolver.js";
import { isSameReference } from "../resolution/expressions.js";
import { nothingGuards } from "../summaries/gives-nothing.js";
import { summariesOf } from "../summaries/summaries.js";
import { readOf, type SymbolicValue } from "../summaries/symbolic.js";

type SourceCode = Readonly<TSESLint.SourceCode>;
type Variable = TSESLint.Scope.Variable;

/**
 * What a variable of a handler holds:
 * - `request`: the SDK's context or a message (`ctx`, `msg`): its `.params` are the params;
 * - `params`: the request's params (`params`, `ctx.params`);
 * - `either`: a dispatching function's parameter, which may be either;
 * - `field`: one field of the params (`const { modeId } = params`);
 * - `derived`: a value looked up or decoded from fields (`modes.find((m) => m.id === modeId)`, `decode(cursor)`), or
 *   found by a helper that gives back nothing for some values of them (`providerOf(methodId)`: from `helper`).
 */
export type ParamRole =
  | { readonly kind: "request" | "params" | "either" }
  | { readonly kind: "field"; readonly field: string }
  | { readonly kind: "derived"; readonly fields: ReadonlySet<string>; readonly from: "lookup" | "decode" | "helper" };

/** Members of a context or message that are not params. */
const ENVELOPE = new Set(["id", "method", "jsonrpc", "params", "request", "signal", "client", "agent", "requestId", "result", "error"]);
/** Members that lead from a context or message to its params. */
const TO_PARAMS = new Set(["params", "request"]);
/** Calls that keep a field what it is: `params.modeId.trim()`, `String(params.cursor)`. */
const KEEPERS = new Set(["trim", "toString", "valueOf", "toLowerCase", "String"]);

function unwrapChain(node: TSESTree.Node): TSESTree.Node {
  let inner = unwrap(node);
  for (;;) {
    if (inner.type === AST_NODE_TYPES.ChainExpression) inner = unwrap(inner.expression);
    else if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = unwrap(inner.argument);
    else return inner;
  }
}

function isStable(variable: Variable): boolean {
  if (variable.defs.length !== 1) return false;
  let writes = 0;
  for (const ref of variable.references) if (ref.isWrite() && ++writes > 1) return false;
  return true;
}

/**
 * Whether every write of `variable` but its declaration assigns a call of the same method on the same collection as
 * its initializer (`let v = list.find(…); if (!v) v = list.find(…)`).
 */
function relooksUp(variable: Variable, init: TSESTree.Expression, variableOfId: (id: TSESTree.Identifier) => Variable | null): boolean {
  const lookup = (node: TSESTree.Node) => {
    const inner = unwrapChain(node);
    return inner.type === AST_NODE_TYPES.CallExpression && inner.callee.type === AST_NODE_TYPES.MemberExpression ? inner.callee : undefined;
  };
  const first = lookup(init);
  if (!first) return false;
  return variable.references.every((ref) => {
    if (!ref.isWrite() || ref.init) return true;
    const write = ref.identifier.parent;
    const again = write?.type === AST_NODE_TYPES.AssignmentExpression && write.operator === "=" && write.left === ref.identifier ? lookup(write.right) : undefined;
    return again !== undefined && memberName(again) === memberName(first) && isSameReference(variableOfId, again.object, first.object);
  });
}

/** The fields of a handler's params its code reads, and the variables that hold them or what is found from them. */
export class ParamFields {
  private readonly roles = new Map<TSESTree.Identifier | TSESTree.JSXIdentifier, ParamRole>();
  private readonly declared = new Map<Variable, ParamRole | undefined>();
  private readonly roots: TSESTree.Node[] = [];
  private readonly scopes: TSESLint.Scope.Scope[] = [];
  private byName: Map<string, Variable[]> | undefined;
  /** What roleOf and reads found, per node: tests ask about the same subexpressions many times. Cleared on a new binding. */
  private readonly roleMemo = new Map<TSESTree.Node, ParamRole | null>();
  private readonly readsMemo = new Map<TSESTree.Node, ReadonlySet<string>>();

  constructor(private readonly sourceCode: SourceCode) {}

  private forget(): void {
    this.roleMemo.clear();
    this.readsMemo.clear();
  }

  /** Binds a parameter or declared pattern to what it holds. */
  bind(pattern: TSESTree.Node, role: ParamRole): void {
    this.forget();
    const inner = pattern.type === AST_NODE_TYPES.AssignmentPattern ? pattern.left : pattern;
    if (inner.type === AST_NODE_TYPES.Identifier) {
      // A parameter of a function given to declaredIn is in its scope; anything else is looked up.
      const variable = this.scopes.map((scope) => scope.set.get(inner.name)).find((v) => v?.identifiers.includes(inner)) ?? variableOf(this.sourceCode, inner);
      if (!variable || !isStable(variable) || !variable.identifiers.includes(inner)) return;
      for (const ref of variable.references) this.roles.set(ref.identifier, role);
      return;
    }
    if (inner.type !== AST_NODE_TYPES.ObjectPattern || role.kind === "field" || role.kind === "derived") return;
    for (const prop of inner.properties) {
      if (prop.type !== AST_NODE_TYPES.Property) continue;
      const key = staticKeyName(prop.key, prop.computed);
      if (key === undefined) continue;
      if (role.kind !== "params" && TO_PARAMS.has(key)) this.bind(prop.value, { kind: "params" });
      else if (role.kind !== "request" && !(role.kind === "either" && ENVELOPE.has(key))) this.bind(prop.value, { kind: "field", field: key });
    }
  }

  /**
   * The fields of a function a call of this code runs (in this module or another), read with the linted file's
   * source code as this one's are: each parameter holds the role `roleOf` gives the call's argument for it
   * (TypeScript's `this` parameter takes none), and the function's declarations give theirs. Undefined when no
   * argument has a role.
   */
  forCall(fn: FunctionNode, call: TSESTree.CallExpression, roleOf: (arg: TSESTree.Expression) => ParamRole | undefined): ParamFields | undefined {
    const first = fn.params[0];
    const offset = first?.type === AST_NODE_TYPES.Identifier && first.name === "this" ? 1 : 0;
    const roles = call.arguments.map((arg, index) => (fn.params[index + offset] && arg.type !== AST_NODE_TYPES.SpreadElement ? roleOf(arg) : undefined));
    if (roles.every((role) => role === undefined)) return undefined;
    const inner = new ParamFields(this.sourceCode);
    // Declared first: a parameter is found in the function's scope.
    inner.declaredIn(fn);
    roles.forEach((role, index) => {
      if (role) inner.bind(fn.params[index + offset]!, role);
    });
    return inner;
  }

  /**
   * Lets declarations inside `fn` give roles: `const { params } = ctx`, `const { modeId } = params`,
   * `const mode = modes.find(...)`. They are read when a test reaches one of their variables, not before.
   */
  declaredIn(fn: FunctionNode): void {
    this.forget();
    this.roots.push(fn);
    const scope = sourceCodeOf(fn, this.sourceCode).scopeManager?.acquire(fn);
    if (scope) this.scopes.push(scope);
  }

  /** The variable declared in one of the roots' scopes that `id` reads; undefined for anything declared outside. */
  private localVariable(id: TSESTree.Identifier): Variable | undefined {
    if (!this.byName) {
      // Listed on first use, by name: most identifiers a test reads (`sessions`, `MODES`) are declared outside.
      this.byName = new Map();
      const stack = [...this.scopes];
      while (stack.length > 0) {
        const current = stack.pop()!;
        for (const variable of current.variables) {
          const list = this.byName.get(variable.name);
          if (list) list.push(variable);
          else this.byName.set(variable.name, [variable]);
        }
        stack.push(...current.childScopes);
      }
    }
    return this.byName.get(id.name)?.find((v) => v.references.some((r) => r.identifier === id));
  }

  /** The role a `const` (or single-write `let`) declared in one of the roots gives its variable. */
  private declaredRole(id: TSESTree.Identifier): ParamRole | undefined {
    const variable = this.localVariable(id);
    if (!variable) return undefined;
    if (this.declared.has(variable)) return this.declared.get(variable);
    // Set first: a declaration that reads itself finds nothing.
    this.declared.set(variable, undefined);
    const def = variable.defs[0];
    if (variable.defs.length !== 1 || def?.type !== "Variable") return undefined;
    const declarator = def.node as TSESTree.VariableDeclarator;
    if (!declarator.init || !this.roots.some((r) => r.range[0] <= declarator.range[0] && declarator.range[1] <= r.range[1])) return undefined;
    const init = this.roleOf(declarator.init);
    const role = init && patternRole(declarator.id, init, def.name);
    // A `let` written again only by another lookup in the same collection (`v ??= options.find((o) => o.value ===
    // alias)`, claude-agent-acp's model aliases) still holds what the field's lookup found, or nothing.
    const kept = isStable(variable) || (role?.kind === "derived" && role.from === "lookup" && relooksUp(variable, declarator.init, (id) => variableOf(this.sourceCode, id)));
    if (!kept) return undefined;
    this.declared.set(variable, role);
    return role;
  }

  /** What an expression holds, when it is the params, a field, or a value looked up or decoded from fields. */
  roleOf(node: TSESTree.Node): ParamRole | undefined {
    const known = this.roleMemo.get(node);
    if (known !== undefined) return known ?? undefined;
    // Set first: an expression whose role depends on itself has none.
    this.roleMemo.set(node, null);
    const role = this.findRole(node);
    this.roleMemo.set(node, role ?? null);
    return role;
  }

  private findRole(node: TSESTree.Node): ParamRole | undefined {
    const inner = unwrapChain(node);
    if (inner.type === AST_NODE_TYPES.Identifier) return this.roles.get(inner) ?? this.declaredRole(inner);
    if (inner.type === AST_NODE_TYPES.LogicalExpression && inner.operator !== "&&") return this.roleOf(inner.left);
    // `cursor ? decode(cursor) : start`: what either branch finds.
    if (inner.type === AST_NODE_TYPES.ConditionalExpression) {
      const role = this.roleOf(inner.consequent) ?? this.roleOf(inner.alternate);
      return role?.kind === "derived" ? role : undefined;
    }
    if (inner.type === AST_NODE_TYPES.MemberExpression) {
      const field = this.fieldOf(inner);
      if (field !== undefined) return { kind: "field", field };
      const holder = this.roleOf(inner.object);
      if (holder && (holder.kind === "request" || holder.kind === "either") && TO_PARAMS.has(memberName(inner) ?? "")) return { kind: "params" };
    }
    if (inner.type === AST_NODE_TYPES.CallExpression) {
      const kept = keptField(inner);
      if (kept) return this.roleOf(kept);
      const summarised = this.summarisedRole(inner);
      if (summarised) return summarised;
    }
    // `JSON.parse(raw)` of a dispatcher's message is the message again, not a value found from its params.
    if (inner.type === AST_NODE_TYPES.CallExpression && isDecodeCall(inner) && inner.arguments.some((a) => this.isMessage(a))) return { kind: "either" };
    const from = isLookupCall(inner) || isComputedLookup(inner) ? "lookup" : this.mayFindNothing(inner) ? "helper" : this.decodesParams(inner) ? "decode" : undefined;
    if (!from) return undefined;
    const fields = from === "decode" ? this.reads(inner) : this.keyFields(inner);
    // `Schema.safeParse(params)`: a decoder handed the params whole.
    if (fields.size === 0 && from === "decode" && this.readsParams(inner)) fields.add("*");
    return fields.size > 0 ? { kind: "derived", fields, from } : undefined;
  }

  /**
   * What a call gives back by its callee's summary (summaries layer): `idOf(params.modeId)` is the field,
   * `parse(params)` returning `{ modeId: raw.modeId }` or `{ ...raw }` is the params again.
   */
  private summarisedRole(call: TSESTree.CallExpression): ParamRole | undefined {
    const value = summariesOf(resolverOf(this.sourceCode)).valueOf(call);
    if (value.kind !== "object") return this.readRole(value, call);
    const fields = [...value.fields];
    if (fields.length + value.spreads.length === 0) return undefined;
    const isParamsField = ([name, field]: [string, SymbolicValue]) => {
      const role = this.readRole(field, call);
      return role?.kind === "field" && role.field === name;
    };
    const isParams = value.spreads.every((spread) => this.readRole(spread, call)?.kind === "params") && fields.every(isParamsField);
    return isParams ? { kind: "params" } : undefined;
  }

  /** The role of a value read from an expression of the handler's (not the call itself), then its fields. */
  private readRole(value: SymbolicValue, call: TSESTree.CallExpression): ParamRole | undefined {
    const read = readOf(value);
    if (!read || read.node === call) return undefined;
    let role = this.roleOf(read.node);
    for (const name of read.fields) role = role && fieldRole(role, name);
    return role;
  }

  /**
   * Whether a call is of a function that gives back nothing for some values of an argument this one fills with the
   * params or a field (`providerOf(params.methodId)` testing its parameter and returning `undefined`): what it gives
   * back was looked up by that field (summaries/gives-nothing.ts).
   */
  private mayFindNothing(node: TSESTree.Node): boolean {
    if (node.type !== AST_NODE_TYPES.CallExpression) return false;
    const summaries = summariesOf(resolverOf(this.sourceCode));
    const fn = summaries.resolver.calleeOf(node);
    if (!fn) return false;
    for (const index of nothingGuards(fn, summaries)) {
      const arg = node.arguments[index];
      if (arg && arg.type !== AST_NODE_TYPES.SpreadElement && this.roleOf(arg)) return true;
    }
    return false;
  }

  /**
   * Whether a call decodes or validates the params or one of their fields itself (`JSON.parse(params.cursor)`,
   * `Schema.parse(params)`, `decode(Buffer.from(cursor, "base64").toString())`), not something made from them
   * (`parseOutput(engine.run(params.prompt))`).
   */
  decodesParams(node: TSESTree.Node): boolean {
    const inner = unwrapChain(node);
    if (inner.type !== AST_NODE_TYPES.CallExpression || !isDecodeCall(inner)) return false;
    const [input] = inner.arguments;
    return input !== undefined && input.type !== AST_NODE_TYPES.SpreadElement && this.isInput(input);
  }

  /** The params, a field, a decoded field, or a conversion of one (`cursor.toString()`, `cursor ?? ""`). */
  private isInput(node: TSESTree.Node): boolean {
    const inner = unwrapChain(node);
    const role = this.roleOf(inner);
    if (role) return role.kind !== "derived" || role.from === "decode";
    if (inner.type === AST_NODE_TYPES.LogicalExpression) return this.isInput(inner.left);
    if (inner.type === AST_NODE_TYPES.ConditionalExpression) return this.isInput(inner.consequent) || this.isInput(inner.alternate);
    if (inner.type === AST_NODE_TYPES.TemplateLiteral) return inner.expressions.some((e) => this.isInput(e));
    if (inner.type !== AST_NODE_TYPES.CallExpression) return false;
    if (this.decodesParams(inner)) return true;
    const callee = unwrap(inner.callee);
    // `x.toString("utf8")`, `String(x)`.
    if (callee.type === AST_NODE_TYPES.MemberExpression && isConversion(inner)) return this.isInput(callee.object);
    const [arg] = inner.arguments;
    return isConversion(inner) && arg !== undefined && arg.type !== AST_NODE_TYPES.SpreadElement && this.isInput(arg);
  }

  /** The field a member expression or identifier is: `params.modeId`, `ctx.params.modeId`, a destructured `modeId`. */
  fieldOf(node: TSESTree.Node): string | undefined {
    const inner = unwrapChain(node);
    // `idOf(params.modeId)`: a call whose callee gives the field back as it is (roleOf asks the summaries).
    if (inner.type === AST_NODE_TYPES.Identifier || inner.type === AST_NODE_TYPES.CallExpression) {
      const role = this.roleOf(inner);
      return role?.kind === "field" ? role.field : undefined;
    }
    if (inner.type !== AST_NODE_TYPES.MemberExpression) return undefined;
    const name = memberName(inner);
    if (name === undefined) return undefined;
    const holder = this.roleOf(inner.object);
    if (holder?.kind === "params") return name;
    if (holder?.kind === "either" && !ENVELOPE.has(name)) return name;
    return undefined;
  }

  private isMessage(node: TSESTree.Node): boolean {
    const kind = this.roleOf(node)?.kind;
    return kind === "either" || kind === "request";
  }

  /** Whether an expression is the params object itself (or a request holding them). */
  isParams(node: TSESTree.Node): boolean {
    const kind = this.roleOf(node)?.kind;
    return kind === "params" || kind === "either" || kind === "request";
  }

  /** The fields an expression reads, through variables that hold them or values found from them, callbacks included. */
  reads(node: TSESTree.Node): Set<string> {
    const known = this.readsMemo.get(node);
    if (known) return new Set(known);
    const out = this.fieldsRead(node, true);
    this.readsMemo.set(node, new Set(out));
    return out;
  }

  /**
   * The fields a lookup is keyed by: as reads, but what a helper found is a value of its own (a later lookup keyed
   * by it, `storage.hasAuth(providerId)` after `providerId = providerOf(params.methodId)`, asks about something else
   * than the field it was found by).
   */
  keyFields(node: TSESTree.Node): Set<string> {
    return this.fieldsRead(node, false);
  }

  private fieldsRead(node: TSESTree.Node, throughHelpers: boolean): Set<string> {
    const out = new Set<string>();
    walk(node, this.sourceCode.visitorKeys, (n) => {
      if (n.type === AST_NODE_TYPES.MemberExpression || (n.type === AST_NODE_TYPES.Identifier && !isName(n))) {
        const role = n.type === AST_NODE_TYPES.Identifier ? this.roleOf(n) : undefined;
        if (role?.kind === "derived" && (throughHelpers || role.from !== "helper")) for (const f of role.fields) out.add(f);
        const field = this.fieldOf(n);
        if (field !== undefined) out.add(field);
      }
    });
    return out;
  }

  /** Whether an expression reads the params at all: a field, or the params object handed on whole. */
  readsParams(node: TSESTree.Node): boolean {
    if (this.reads(node).size > 0) return true;
    let found = false;
    walk(node, this.sourceCode.visitorKeys, (n) => {
      if (!found && n.type === AST_NODE_TYPES.Identifier && this.isParams(n)) found = true;
      else if (!found && n.type === AST_NODE_TYPES.MemberExpression && this.roleOf(n)?.kind === "params") found = true;
    });
    return found;
  }
}

/** A property name rather than a reference: `a.name`, `{ name: x }`. */
function isName(id: TSESTree.Identifier): boolean {
  const parent = id.parent;
  return (parent.type === AST_NODE_TYPES.MemberExpression && parent.property === id && !parent.computed) || (parent.type === AST_NODE_TYPES.Property && parent.key === id && !parent.computed);
}

/** What field `name` of a value of role `role` holds: a context's params, the params' field. */
function fieldRole(role: ParamRole, name: string): ParamRole | undefined {
  if ((role.kind === "request" || role.kind === "either") && TO_PARAMS.has(name)) return { kind: "params" };
  if (role.kind === "params" || (role.kind === "either" && !ENVELOPE.has(name))) return { kind: "field", field: name };
  return undefined;
}

/** The role `pattern` gives `target` when it takes a value of role `role`: `{ params: { modeId } }` of a context. */
function patternRole(pattern: TSESTree.Node, role: ParamRole, target: TSESTree.Identifier): ParamRole | undefined {
  const inner = pattern.type === AST_NODE_TYPES.AssignmentPattern ? pattern.left : pattern;
  if (inner.type === AST_NODE_TYPES.Identifier) return inner === target ? role : undefined;
  if (inner.type !== AST_NODE_TYPES.ObjectPattern || role.kind === "field" || role.kind === "derived") return undefined;
  for (const prop of inner.properties) {
    if (prop.type !== AST_NODE_TYPES.Property || prop.value.range[0] > target.range[0] || target.range[1] > prop.value.range[1]) continue;
    const key = staticKeyName(prop.key, prop.computed);
    if (key === undefined) return undefined;
    if (role.kind !== "params" && TO_PARAMS.has(key)) return patternRole(prop.value, { kind: "params" }, target);
    if (role.kind !== "request" && !(role.kind === "either" && ENVELOPE.has(key))) return patternRole(prop.value, { kind: "field", field: key }, target);
    return undefined;
  }
  return undefined;
}

/** `x.trim()`, `String(x)`: x. */
function keptField(call: TSESTree.CallExpression): TSESTree.Node | undefined {
  const callee = unwrap(call.callee);
  if (callee.type === AST_NODE_TYPES.MemberExpression && call.arguments.length === 0 && KEEPERS.has(memberName(callee) ?? "")) return callee.object;
  const [arg] = call.arguments;
  if (callee.type === AST_NODE_TYPES.Identifier && KEEPERS.has(callee.name) && call.arguments.length === 1 && arg && arg.type !== AST_NODE_TYPES.SpreadElement) return arg;
  return undefined;
}

/** `MODES[modeId]`, `this.options[configId]`: an entry read by a computed key. */
function isComputedLookup(node: TSESTree.Node): boolean {
  return node.type === AST_NODE_TYPES.MemberExpression && node.computed;
}

/** The parameters a handler's params arrive in (requestParameters), and whether they hold a context or the params. */
export function bindHandler(fields: ParamFields, params: readonly TSESTree.Parameter[], style: "context" | "params" | "dispatch"): void {
  const kind = style === "context" ? "request" : style === "params" ? "params" : "either";
  for (const param of params) fields.bind(param, { kind });
}

