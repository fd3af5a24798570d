import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { getStaticValue } from "../syntax/scope-utils.js";
import { isUndeclared } from "../syntax/variables.js";
import { enclosingFunction, isValueWrapper, staticKeyName, unwrap } from "../syntax/ast.js";
import type { Constant, ValueSet } from "../values/constant.js";
import { importBinding, typedValues } from "../values/typed-values.js";
import type { Resolution } from "./resolution.js";
import type { TypedChecker } from "../typed-checker.js";
import { unwrapValue } from "./expressions.js";

/** How deep one value is followed (names, members, operands); a longer chain is unknown. */
const MAX_VALUE_DEPTH = 64;
/** The most values a set may hold: a `let` written many times, a template of several sets. */
const MAX_SET = 16;

/**
 * Resolves expressions to the constants they may be, in the linted file and the modules it imports, with the
 * checker's literal types as fallback: literals, `const` names and imports of them, a `let` every write of which is a
 * constant (the set of them), enum members, members of object literals (`as const`, frozen) that nothing writes,
 * `a ? b : c` (both), `String(x)`, `` `${x}` ``, `x ?? d`, `x || d`, arithmetic, and what eslint-utils' getStaticValue
 * evaluates beyond that.
 */
export class ValueResolver {
  private readonly cache = new Map<TSESTree.Node, ValueSet | null>();
  /**
   * The nodes being resolved, innermost last: at most MAX_VALUE_DEPTH of them. An array, not a Set: a Set emptied
   * and filled again at every call shrinks and grows its table each time, allocation that costs scavenges.
   */
  private readonly inProgress: TSESTree.Node[] = [];
  private readonly writtenMembers = new Map<TSESLint.Scope.Variable, Map<string, boolean>>();
  private readonly inits = new Map<TSESLint.Scope.Variable, TSESTree.Expression | null>();

  constructor(readonly resolver: Resolution) {}

  /** The type checker, bounded by the lint root; present only when the parser has type information. */
  get typed(): TypedChecker | undefined {
    return this.resolver.typed;
  }

  resolve(node: TSESTree.Node): ValueSet | undefined {
    const cached = this.cache.get(node);
    if (cached !== undefined) return cached ?? undefined;
    if (this.inProgress.includes(node) || this.inProgress.length >= MAX_VALUE_DEPTH) return undefined;
    this.inProgress.push(node);
    let result: ValueSet | undefined;
    try {
      result = this.resolveSyntactically(node);
      // The checker sees through nothing: ask it about the expression inside `x as T`, not the cast.
      if (result === undefined) result = this.resolveByType(unwrap(node));
    } finally {
      this.inProgress.pop();
    }
    this.cache.set(node, result ?? null);
    return result;
  }

  /** The numbers an expression may be, when all its values are numbers. */
  numbers(node: TSESTree.Node): readonly number[] | undefined {
    const values = this.resolve(node);
    if (!values || !values.every((v): v is number => typeof v === "number")) return undefined;
    return values;
  }

  /** The object literal an expression stands for: one written there, a name bound to one, an import, a member of one. */
  objectLiteral(node: TSESTree.Node): TSESTree.ObjectExpression | undefined {
    return this.resolver.objectOf(node);
  }

  /** The static key of a property or member: `a.b`, `a["b"]`, `a[-32000]`, `{ [-32000]: x }`. */
  keyOf(key: TSESTree.Node, computed: boolean): string | undefined {
    const name = staticKeyName(key, computed);
    if (name !== undefined || !computed) return name;
    const values = this.resolve(key);
    return values?.length === 1 && (typeof values[0] === "number" || typeof values[0] === "string") ? String(values[0]) : undefined;
  }

  private resolveSyntactically(raw: TSESTree.Node): ValueSet | undefined {
    const node = unwrapValue(raw);
    switch (node.type) {
      case AST_NODE_TYPES.Literal:
        if (node.value === null && !("regex" in node) && !("bigint" in node)) return [null];
        return typeof node.value === "number" || typeof node.value === "string" || typeof node.value === "boolean" ? [node.value] : undefined;
      case AST_NODE_TYPES.TemplateLiteral:
        return this.template(node);
      case AST_NODE_TYPES.UnaryExpression:
        return this.unary(node);
      case AST_NODE_TYPES.BinaryExpression:
        return this.binary(node) ?? this.staticValue(node);
      case AST_NODE_TYPES.LogicalExpression:
        return this.logical(node);
      case AST_NODE_TYPES.ConditionalExpression: {
        const a = this.resolve(node.consequent);
        const b = a && this.resolve(node.alternate);
        return a && b ? union(a, b) : undefined;
      }
      case AST_NODE_TYPES.CallExpression:
        return this.stringOf(node) ?? this.staticValue(node);
      case AST_NODE_TYPES.Identifier:
        return this.identifier(node);
      case AST_NODE_TYPES.MemberExpression: {
        const value = this.memberValue(node);
        return value ? this.resolve(value) : this.returnedField(node);
      }
      case AST_NODE_TYPES.TSEnumMember:
        return this.enumMember(node);
      default:
        return undefined;
    }
  }

  /** `` `a${x}b` ``: each combination of its parts' values, when there are few. */
  private template(node: TSESTree.TemplateLiteral): ValueSet | undefined {
    let results: string[] = [node.quasis[0]?.value.cooked ?? ""];
    for (let i = 0; i < node.expressions.length; i++) {
      const values = this.resolve(node.expressions[i]!);
      if (!values || results.length * values.length > MAX_SET) return undefined;
      const tail = node.quasis[i + 1]?.value.cooked ?? "";
      results = results.flatMap((head) => values.map((v) => `${head}${String(v)}${tail}`));
    }
    return [...new Set(results)];
  }

  /** `String(x)`: each of x's values as a string. */
  private stringOf(node: TSESTree.CallExpression): ValueSet | undefined {
    const [arg] = node.arguments;
    if (node.arguments.length !== 1 || !arg || arg.type === AST_NODE_TYPES.SpreadElement || !this.isGlobal(node.callee, "String")) return undefined;
    const values = this.resolve(arg);
    return values && [...new Set(values.map((v) => String(v)))];
  }

  /** `x ?? d`, `x || d`: x's values, with the nullish (or falsy) ones replaced by d's; `x && y` likewise. */
  private logical(node: TSESTree.LogicalExpression): ValueSet | undefined {
    const left = this.resolve(node.left);
    if (!left) return undefined;
    const passes = (v: Constant) => (node.operator === "??" ? v !== null && v !== undefined : node.operator === "||" ? Boolean(v) : !v);
    const kept = left.filter(passes);
    if (kept.length === left.length) return left;
    const right = this.resolve(node.right);
    return right ? union(kept, right) : undefined;
  }

  /** Whether a callee is the global `name`, not shadowed by a variable of the file. */
  private isGlobal(callee: TSESTree.Node, name: string): boolean {
    const inner = unwrap(callee);
    if (inner.type !== AST_NODE_TYPES.Identifier || inner.name !== name) return false;
    return isUndeclared(this.resolver.variableOf(inner));
  }

  /** eslint-utils' static evaluation, for what the cases above leave (string concatenation, known globals' calls). */
  private staticValue(node: TSESTree.Node): ValueSet | undefined {
    try {
      const found = getStaticValue(node, this.resolver.sourceCodeOf(node).getScope(node));
      const value = found?.value;
      return value === null || value === undefined || ["number", "string", "boolean"].includes(typeof value) ? (found ? [value as Constant] : undefined) : undefined;
    } catch {
      // It follows names without a limit of its own: a very long chain is unknown here too.
      return undefined;
    }
  }

  private unary(node: TSESTree.UnaryExpression): ValueSet | undefined {
    if (node.operator === "void") return [undefined];
    if (node.operator !== "-" && node.operator !== "+") return undefined;
    const values = this.resolve(node.argument);
    if (!values || !values.every((v) => typeof v === "number" || typeof v === "string")) return undefined;
    return values.map((v) => (node.operator === "-" ? -Number(v) : Number(v)));
  }

  private binary(node: TSESTree.BinaryExpression): ValueSet | undefined {
    if (!["+", "-", "*", "/"].includes(node.operator) || node.left.type === AST_NODE_TYPES.PrivateIdentifier) return undefined;
    const left = this.numbers(node.left);
    const right = left && this.numbers(node.right);
    if (!left || !right || left.length !== 1 || right.length !== 1) return undefined;
    const [a, b] = [left[0]!, right[0]!];
    switch (node.operator) {
      case "+":
        return [a + b];
      case "-":
        return [a - b];
      case "*":
        return [a * b];
      default:
        return [a / b];
    }
  }

  private identifier(node: TSESTree.Identifier): ValueSet | undefined {
    const variable = this.resolver.variableOf(node);
    // No variable, or one without declarations (typescript-eslint's lib globals): a global.
    if (!variable || variable.defs.length === 0) {
      // Globals: only the ones whose value cannot be anything else.
      if (node.name === "undefined") return [undefined];
      if (node.name === "NaN") return [NaN];
      if (node.name === "Infinity") return [Infinity];
      return undefined;
    }
    const ref = this.resolver.moduleRef(variable);
    if (ref) {
      const imported = this.resolver.refTarget(ref, node);
      return imported?.kind === "node" && imported.node !== node ? this.resolve(imported.node) : undefined;
    }
    if (variable.defs.length !== 1) return undefined;
    const def = variable.defs[0]!;
    if (def.type === "TSEnumMemberName") return this.enumMember(def.node as TSESTree.TSEnumMember);
    const init = this.constInit(node);
    if (init) return this.resolve(init);
    return def.type === "Variable" ? this.writtenValues(variable, def.node as TSESTree.VariableDeclarator, node) : undefined;
  }

  /**
   * A `let` or `var` every write of which is a plain `=` of a constant (and its declaration, `undefined` without an
   * initializer): the set of the constants that may reach `read` (`let stopReason = "end_turn"; … stopReason =
   * "failed"`).
   */
  private writtenValues(variable: TSESLint.Scope.Variable, declarator: TSESTree.VariableDeclarator, read: TSESTree.Identifier): ValueSet | undefined {
    const writes = writesReaching(variable, declarator, read);
    if (!writes) return undefined;
    const out = new Set<Constant>();
    for (const value of writes) {
      const values = value ? this.resolve(value) : [undefined];
      if (!values) return undefined;
      for (const v of values) out.add(v);
      if (out.size > MAX_SET) return undefined;
    }
    return [...out];
  }

  /**
   * What a read of a `let` or `var` of one declaration may hold: the expression of each plain `=` write (its
   * declaration's initializer among them; undefined for a declaration without one) that may reach the read.
   * Undefined when some write is no plain `=` (`+=`, `++`, a destructuring), or the name is no such variable.
   */
  reachingWrites(read: TSESTree.Identifier): readonly (TSESTree.Expression | undefined)[] | undefined {
    const variable = this.resolver.variableOf(read);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    return variable && def?.type === "Variable" ? writesReaching(variable, def.node as TSESTree.VariableDeclarator, read) : undefined;
  }

  /** The initializer of a variable that is written exactly once, by its declaration. */
  constInit(node: TSESTree.Identifier): TSESTree.Expression | undefined {
    const variable = this.resolver.variableOf(node);
    if (!variable) return undefined;
    // Every read of a variable asks again; its writes are scanned once.
    if (!this.inits.has(variable)) this.inits.set(variable, initOf(variable) ?? null);
    return this.inits.get(variable) ?? undefined;
  }

  /** The expression a member access reads: an object literal's property or an enum member. */
  private memberValue(node: TSESTree.MemberExpression): TSESTree.Node | undefined {
    const key = this.keyOf(node.property, node.computed);
    if (key === undefined || !this.resolver.mayDefineMember(node.object, key)) return undefined;
    const object = unwrapValue(node.object);
    const enumDecl = this.resolver.targetNode(object);
    if (enumDecl?.type === AST_NODE_TYPES.TSEnumDeclaration) return enumDecl.body.members.find((m) => this.keyOf(m.id, false) === key);
    const target = this.resolver.target(node);
    return target?.kind === "node" && target.node !== unwrapValue(node) ? target.node : undefined;
  }

  /**
   * A field of what a call gives back (`toAcpError(e).code`, `acpErr.code` after `const acpErr = toAcpError(e)`, an
   * async callee's only once awaited), when every return of the callee is an object literal that sets it without a
   * spread: the values it may have there, together.
   */
  private returnedField(node: TSESTree.MemberExpression): ValueSet | undefined {
    const key = this.keyOf(node.property, node.computed);
    let object = unwrapValue(node.object);
    if (object.type === AST_NODE_TYPES.Identifier) object = unwrapValue(this.constInit(object) ?? object);
    const awaited = object.type === AST_NODE_TYPES.AwaitExpression;
    if (object.type === AST_NODE_TYPES.AwaitExpression) object = unwrapValue(object.argument);
    if (key === undefined || object.type !== AST_NODE_TYPES.CallExpression) return undefined;
    const fn = this.resolver.calleeOf(object);
    if (!fn || fn.generator || (fn.async && !awaited)) return undefined;
    const returns = this.resolver.returnedBy(fn);
    let out: ValueSet = [];
    for (const returned of returns) {
      const literal = unwrapValue(returned);
      if (literal.type !== AST_NODE_TYPES.ObjectExpression || literal.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement)) return undefined;
      const property = literal.properties.find((p): p is TSESTree.Property => p.type === AST_NODE_TYPES.Property && this.keyOf(p.key, p.computed) === key);
      const values = property && property.kind === "init" ? this.resolve(property.value) : undefined;
      if (!values) return undefined;
      out = union(out, values);
      if (out.length > MAX_SET) return undefined;
    }
    return returns.length > 0 ? out : undefined;
  }

  /**
   * Whether a plain object bound to `object` may change: a member of it is written anywhere (through casts
   * and nested members too), or the object is aliased to another name that could write it.
   */
  isMemberWritten(object: TSESTree.Identifier, key: string | undefined, depth = 0): boolean {
    const variable = this.resolver.variableOf(object);
    if (!variable) return false;
    if (depth > 4) return true;
    // Each read of `Codes.X` asks again: answer once per variable and key.
    const cacheKey = `${key ?? ""}`;
    let byKey = this.writtenMembers.get(variable);
    if (!byKey) this.writtenMembers.set(variable, (byKey = new Map()));
    const cached = byKey.get(cacheKey);
    if (cached !== undefined) return cached;
    byKey.set(cacheKey, true); // an alias cycle counts as written
    const written = this.scanMemberWrites(variable, key, depth);
    byKey.set(cacheKey, written);
    return written;
  }

  private scanMemberWrites(variable: TSESLint.Scope.Variable, key: string | undefined, depth: number): boolean {
    return variable.references.some((ref) => {
      let node: TSESTree.Node = ref.identifier;
      let parent: TSESTree.Node | undefined = node.parent;
      let throughMember = false;
      let firstKey: string | undefined;
      for (;;) {
        if (!parent) return false;
        if (isValueWrapper(parent) || (parent.type === AST_NODE_TYPES.MemberExpression && parent.object === node)) {
          if (parent.type === AST_NODE_TYPES.MemberExpression && !throughMember) {
            throughMember = true;
            firstKey = this.keyOf(parent.property, parent.computed);
          }
          node = parent;
          parent = parent.parent;
          continue;
        }
        break;
      }
      if (!throughMember) {
        // An alias (`const B = Codes`) can write the object too; an assignment to anything else may.
        if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node) {
          return parent.id.type !== AST_NODE_TYPES.Identifier || this.isMemberWritten(parent.id, key, depth + 1);
        }
        return parent.type === AST_NODE_TYPES.AssignmentExpression && parent.right === node;
      }
      // A write to another key (`Codes.Busy = x` while reading `Codes.Gone`) leaves this one alone.
      if (firstKey !== undefined && key !== undefined && firstKey !== key) return false;
      return isWritePosition(node, parent);
    });
  }

  /** An enum member's value: its initializer, or the previous member's value plus one. */
  enumMember(member: TSESTree.TSEnumMember): ValueSet | undefined {
    if (member.initializer) return this.resolve(member.initializer);
    const members = (member.parent as TSESTree.TSEnumBody).members;
    const index = members.indexOf(member);
    if (index === 0) return [0];
    const previous = this.resolve(members[index - 1]!);
    return previous?.length === 1 && typeof previous[0] === "number" ? [previous[0] + 1] : undefined;
  }

  /**
   * With type information, the checker's number- or string-literal type (a union gives each member) of what the
   * linted file does not define itself: a name imported or declared outside the file (`ErrorCodes.Busy`,
   * `acp.CODES.x.y`), declared without a value (`declare const`, a parameter's annotation,
   * `declare function busy(): -32042`); only when it comes from declarations inside the lint root (typed-checker.ts).
   * What the file defines has been followed already, and asking the checker
   * about any other expression (a call of a generic function, an unannotated callback's parameter) makes it infer
   * types the lint does not otherwise need, which costs more than everything else the plugin does.
   */
  private resolveByType(node: TSESTree.Node): ValueSet | undefined {
    const typed = this.typed;
    if (!typed || !this.resolver.isLinted(node) || !this.isTypedOutside(unwrap(node))) return undefined;
    return typedValues(typed, node, (id) => importBinding(this.resolver.variableOf(id)));
  }

  private isTypedOutside(node: TSESTree.Node): boolean {
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrap(node.callee);
      return callee.type === AST_NODE_TYPES.Identifier && this.isDeclaredOutside(callee);
    }
    const root = constantRoot(node);
    return root !== undefined && this.isDeclaredOutside(root);
  }

  /** Whether a name's value is given by a type rather than by code of this file (see resolveByType). */
  private isDeclaredOutside(name: TSESTree.Identifier): boolean {
    const variable = this.resolver.variableOf(name);
    if (!variable || variable.defs.length === 0 || importBinding(variable)) return true;
    if (variable.defs.length !== 1) return false;
    const def = variable.defs[0]!;
    switch (def.type) {
      case "Parameter":
        return isAnnotatedParameter(def.name as TSESTree.Identifier);
      case "Variable":
        return !(def.node as TSESTree.VariableDeclarator).init;
      case "FunctionName":
        return def.node.type === AST_NODE_TYPES.TSDeclareFunction;
      default:
        return false;
    }
  }
}

/**
 * The writes of a `let` or `var` that may reach `read`, by their written expressions (undefined for a declaration
 * without an initializer): a write that a later one overwrites on every way to the read (`let r = "a"; r = "b";
 * use(r)`) does not reach it. Undefined for a `const`, a `declare`d name, a loop head's variable, and a variable
 * with any write other than a plain `=`.
 */
function writesReaching(variable: TSESLint.Scope.Variable, declarator: TSESTree.VariableDeclarator, read: TSESTree.Identifier): (TSESTree.Expression | undefined)[] | undefined {
  const declaration = declarator.parent;
  // A `const` is written once (constInit), a `declare`d name never: neither has a set of writes to read.
  if (declarator.id.type !== AST_NODE_TYPES.Identifier || declaration.kind === "const" || declaration.declare) return undefined;
  const loop = declaration.parent;
  const inLoopHead = loop?.type === AST_NODE_TYPES.ForInStatement || loop?.type === AST_NODE_TYPES.ForOfStatement || loop?.type === AST_NODE_TYPES.ForStatement;
  if (inLoopHead) return undefined;
  const writes: { node: TSESTree.Node; value: TSESTree.Expression | undefined }[] = declarator.init ? [] : [{ node: declarator, value: undefined }];
  for (const ref of variable.references) {
    if (!ref.isWrite()) continue;
    const id = ref.identifier;
    const parent = id.parent;
    const isPlain =
      (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.id === id) ||
      (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.left === id && parent.operator === "=");
    if (!isPlain || !ref.writeExpr) return undefined;
    writes.push({ node: parent, value: ref.writeExpr as TSESTree.Expression });
  }
  const overwritten = (write: (typeof writes)[number], later: (typeof writes)[number]) =>
    later !== write &&
    later.node.range[0] >= write.node.range[1] &&
    // A write in a callback runs when the callback is called, perhaps after the later one.
    enclosingFunction(later.node) === enclosingFunction(write.node) &&
    (overwritesBefore(later.node, read) || overwritesAfter(write.node, later.node, read));
  return writes.filter((write) => !writes.some((later) => overwritten(write, later))).map((write) => write.value);
}

/**
 * Whether a write (`x = v` as a statement of its own, or a declaration) runs on every way to `read` after what comes
 * before it: its statement precedes, in the same statement list, a statement that holds the read.
 */
function overwritesBefore(write: TSESTree.Node, read: TSESTree.Node): boolean {
  const statement = write.type === AST_NODE_TYPES.VariableDeclarator ? write.parent : write.parent;
  if (statement?.type !== AST_NODE_TYPES.ExpressionStatement && statement?.type !== AST_NODE_TYPES.VariableDeclaration) return false;
  const list = statement.parent;
  if (list?.type !== AST_NODE_TYPES.BlockStatement && list?.type !== AST_NODE_TYPES.Program && list?.type !== AST_NODE_TYPES.SwitchCase) return false;
  for (let node: TSESTree.Node | undefined = read; node; node = node.parent) {
    if (node.parent === list) return node.range[0] > statement.range[0];
    // A read in a function written after the write may run at any time the function is called.
    if (node.type === AST_NODE_TYPES.FunctionExpression || node.type === AST_NODE_TYPES.ArrowFunctionExpression || node.type === AST_NODE_TYPES.FunctionDeclaration) return false;
  }
  return false;
}

/** The statement a write is (`x = v;`, a declaration), when it is one of a statement list. */
function writeStatement(write: TSESTree.Node): TSESTree.Node | undefined {
  const statement = write.parent;
  const isStatement = statement?.type === AST_NODE_TYPES.ExpressionStatement || statement?.type === AST_NODE_TYPES.VariableDeclaration;
  const list = statement?.parent;
  const inList = list?.type === AST_NODE_TYPES.BlockStatement || list?.type === AST_NODE_TYPES.Program || list?.type === AST_NODE_TYPES.SwitchCase;
  return isStatement && inList ? statement : undefined;
}

function statementsOf(list: TSESTree.Node): readonly TSESTree.Node[] {
  return list.type === AST_NODE_TYPES.SwitchCase ? list.consequent : (list as TSESTree.BlockStatement | TSESTree.Program).body;
}

/** Whether anything in `node` may jump out of its statement list: `break`, `continue`, a label. */
function mayJump(node: TSESTree.Node): boolean {
  switch (node.type) {
    case AST_NODE_TYPES.BreakStatement:
    case AST_NODE_TYPES.ContinueStatement:
    case AST_NODE_TYPES.LabeledStatement:
      return true;
    case AST_NODE_TYPES.BlockStatement:
      return node.body.some(mayJump);
    case AST_NODE_TYPES.IfStatement:
      return mayJump(node.consequent) || (node.alternate !== null && mayJump(node.alternate));
    case AST_NODE_TYPES.TryStatement:
      return mayJump(node.block) || (node.handler !== null && mayJump(node.handler.body)) || (node.finalizer !== null && mayJump(node.finalizer));
    case AST_NODE_TYPES.ExpressionStatement:
    case AST_NODE_TYPES.VariableDeclaration:
    case AST_NODE_TYPES.ReturnStatement:
    case AST_NODE_TYPES.ThrowStatement:
    case AST_NODE_TYPES.EmptyStatement:
      return false;
    default:
      // Loops and switches keep their own breaks, but a labelled one may leave them: not worth telling apart.
      return true;
  }
}

/**
 * Whether a write is overwritten on its way to `read` by a later write of the same statement list (`r = "a"; r =
 * "b";` in one block): nothing between them jumps away, and the read is not between them. Both, and the read, must be
 * in one function: a read in a callback may run between them.
 */
function overwritesAfter(write: TSESTree.Node, later: TSESTree.Node, read: TSESTree.Node): boolean {
  const first = writeStatement(write);
  const second = writeStatement(later);
  if (!first || !second || first.parent !== second.parent || enclosingFunction(read) !== enclosingFunction(write)) return false;
  const list = statementsOf(first.parent!);
  const [from, to] = [list.indexOf(first), list.indexOf(second)];
  if (from < 0 || to <= from || list.slice(from + 1, to).some(mayJump)) return false;
  return !(first.range[1] <= read.range[0] && read.range[1] <= second.range[0]);
}

function union(a: ValueSet, b: ValueSet): ValueSet {
  return [...new Set([...a, ...b])];
}

/** The initializer of a variable written once, by its declaration (see singleInit). */
function initOf(variable: TSESLint.Scope.Variable): TSESTree.Expression | undefined {
  if (variable.defs.length !== 1) return undefined;
  const def = variable.defs[0]!;
  if (def.type !== "Variable") return undefined;
  return singleInit(variable, def.node as TSESTree.VariableDeclarator, def.name as TSESTree.Identifier);
}

/** Whether the parameter a name belongs to (`code: T`, `{ code }: T`, `code: T = x`) has a type annotation. */
function isAnnotatedParameter(name: TSESTree.Identifier): boolean {
  let node: TSESTree.Node = name;
  while (node.parent && PATTERN_PARTS.has(node.parent.type)) node = node.parent;
  const param = node.type === AST_NODE_TYPES.AssignmentPattern ? node.left : node;
  return "typeAnnotation" in param && param.typeAnnotation !== undefined;
}

const PATTERN_PARTS = new Set<string>([AST_NODE_TYPES.Property, AST_NODE_TYPES.ObjectPattern, AST_NODE_TYPES.ArrayPattern, AST_NODE_TYPES.RestElement, AST_NODE_TYPES.AssignmentPattern]);

/** Whether `node` (a member access) is written by `parent`: assigned, updated, deleted, or a destructuring target. */
export function isWritePosition(node: TSESTree.Node, parent: TSESTree.Node): boolean {
  switch (parent.type) {
    case AST_NODE_TYPES.AssignmentExpression:
    case AST_NODE_TYPES.AssignmentPattern:
      return parent.left === node;
    case AST_NODE_TYPES.UpdateExpression:
      return true;
    case AST_NODE_TYPES.UnaryExpression:
      return parent.operator === "delete";
    case AST_NODE_TYPES.ForInStatement:
    case AST_NODE_TYPES.ForOfStatement:
      return parent.left === node;
    case AST_NODE_TYPES.ArrayPattern:
    case AST_NODE_TYPES.RestElement:
      return true;
    case AST_NODE_TYPES.Property:
      return parent.value === node && parent.parent?.type === AST_NODE_TYPES.ObjectPattern;
    default:
      return false;
  }
}

/** The name a constant is read through: `X`, or the `X` of `X.a.b` (through casts); none for anything else. */
function constantRoot(node: TSESTree.Node): TSESTree.Identifier | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner;
  return inner.type === AST_NODE_TYPES.MemberExpression ? constantRoot(inner.object) : undefined;
}

/**
 * The value a variable keeps: its initializer, when that is its only write (not in a loop, for a `let` or `var`).
 * Bundlers write classes and functions as `var X = class {}`, which counts.
 */
export function singleInit(variable: TSESLint.Scope.Variable, declarator: TSESTree.VariableDeclarator, name: TSESTree.Identifier): TSESTree.Expression | undefined {
  return declarator.id === name ? soleInit(variable, declarator) : undefined;
}

/**
 * The initialiser of the declaration of `variable` (whatever its pattern: `const x = v`, `let { X } = v`), when it is
 * the variable's only write, and a `let` or `var` not declared anew in each turn of a loop.
 */
export function soleInit(variable: TSESLint.Scope.Variable, declarator: TSESTree.VariableDeclarator): TSESTree.Expression | undefined {
  if (!declarator.init) return undefined;
  const writes = variable.references.filter((r) => r.isWrite());
  if (writes.length !== 1 || writes[0]!.writeExpr !== declarator.init) return undefined;
  if ((declarator.parent as TSESTree.VariableDeclaration).kind !== "const" && isDeclaredInLoop(declarator)) return undefined;
  return declarator.init;
}

function isDeclaredInLoop(node: TSESTree.Node): boolean {
  const loop = node.parent?.parent;
  return loop?.type === AST_NODE_TYPES.ForInStatement || loop?.type === AST_NODE_TYPES.ForOfStatement || loop?.type === AST_NODE_TYPES.ForStatement;
}
