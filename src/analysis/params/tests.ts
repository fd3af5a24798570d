import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { calleeName, isNullish, memberName, unwrap } from "../syntax/ast.js";
import { isLookupCall, isPredicateCall } from "./calls.js";
import type { ParamFields } from "./fields.js";
import type { ValueResolver } from "../resolution/values.js";

/** What a test of an `if` says about the params: whether its being true means they fail, and what it reads. */
export interface Verdict {
  /** `true`: the test is true when the params fail (`!MODES.includes(id)`); `false`: when they pass. */
  readonly fails: boolean;
  /** The fields it reads ("*" for the params handed whole to a validator). */
  readonly fields: ReadonlySet<string>;
  /** The field it tests for presence or type directly (`!params.cwd`, `typeof params.x !== "string"`). */
  readonly direct?: string;
  /** It tests a type with `typeof`. */
  readonly typed: boolean;
  /** It tests what a decoder or validator made of the params. */
  readonly decoded: boolean;
}

/** Members of a validator's result that are there when the input failed. */
const FAILURE_MEMBERS = new Set(["error", "errors", "issues"]);

/**
 * Members of a check's result that speak of permission, not of the params' form (`guard.validatePath(p).allowed`):
 * a path outside the workspace is refused access, not malformed.
 */
const PERMISSION_MEMBER = /allow|permit|authori[sz]|denied|forbid|grant/i;


/** The one constant an expression is (a literal, or a constant the resolver follows: `TOKEN_METHOD`, `Modes.Ask`). */
function literalValue(node: TSESTree.Node, values: ValueResolver): { value: unknown } | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Literal && !("regex" in inner)) return { value: inner.value };
  const found = values.resolve(inner);
  return found?.length === 1 ? { value: found[0] } : undefined;
}

function stripChain(node: TSESTree.Node): TSESTree.Node {
  let inner = unwrap(node);
  while (inner.type === AST_NODE_TYPES.ChainExpression || inner.type === AST_NODE_TYPES.AwaitExpression) {
    inner = unwrap(inner.type === AST_NODE_TYPES.ChainExpression ? inner.expression : inner.argument);
  }
  return inner;
}

/** How many helpers deep a test is read through (TestReader.throughHelper). */
const HELPER_DEPTH = 3;

export class TestReader {
  constructor(
    private readonly fields: ParamFields,
    private readonly values: ValueResolver,
    /** The fields whose values the handler must support: a condition on what they found narrows a test of them. */
    private readonly watched: ReadonlySet<string> = new Set(),
    /** How many helpers this reader is inside. */
    private readonly depth = 0,
  ) {}

  /**
   * The test a helper makes and gives back (`if (!known(params))` where `known` returns `MODES.includes(p.modeId)`),
   * read in the helper with its parameters holding what the call's arguments hold here.
   */
  private throughHelper(call: TSESTree.CallExpression): Verdict | undefined {
    if (this.depth >= HELPER_DEPTH) return undefined;
    const resolver = this.values.resolver;
    const fn = resolver.calleeOf(call);
    const returned = fn && !fn.async && !fn.generator ? resolver.returnedBy(fn) : [];
    if (!fn || returned.length !== 1) return undefined;
    const inner = this.fields.forCall(fn, call, (arg) => {
      const field = this.fields.fieldOf(arg);
      return field === undefined ? this.fields.roleOf(arg) : { kind: "field", field };
    });
    return inner && new TestReader(inner, this.values, this.watched, this.depth + 1).read(returned[0]!);
  }

  /** A condition that says nothing of other params: it reads none, or only what watched fields found (`option.type`). */
  private isNarrowing(node: TSESTree.Node): boolean {
    if (!this.fields.readsParams(node)) return true;
    const read = this.fields.reads(node);
    return read.size > 0 && [...read].every((f) => this.watched.has(f));
  }

  private verdict(node: TSESTree.Node, fails: boolean, extra: { direct?: string | undefined; typed?: boolean } = {}): Verdict | undefined {
    const fields = this.fieldsOf(node);
    if (fields.size === 0) return undefined;
    return { fails, fields, ...(extra.direct !== undefined ? { direct: extra.direct } : {}), typed: extra.typed ?? false, decoded: this.isDecoded(node) };
  }

  /**
   * The fields an expression reads, "*" when it hands a decoder the whole params; of a lookup or predicate call, the
   * fields it is keyed by (ParamFields.keyFields).
   */
  private fieldsOf(node: TSESTree.Node): Set<string> {
    const inner = stripChain(node);
    const keyed = inner.type === AST_NODE_TYPES.CallExpression && (isLookupCall(inner) || isPredicateCall(inner));
    const fields = keyed ? this.fields.keyFields(node) : this.fields.reads(node);
    if (fields.size === 0 && this.fields.readsParams(node)) fields.add("*");
    return fields;
  }

  /** Whether an expression holds, or is, what a decoder or validator made of the params. */
  private isDecoded(node: TSESTree.Node): boolean {
    const inner = stripChain(node);
    if (inner.type === AST_NODE_TYPES.CallExpression && this.fields.decodesParams(inner)) return true;
    let base: TSESTree.Node = inner;
    while (base.type === AST_NODE_TYPES.MemberExpression) base = stripChain(base.object);
    const role = this.fields.roleOf(base);
    return role?.kind === "derived" && role.from === "decode";
  }

  /** What `test` says about the params; undefined when it reads none of them or its meaning cannot be told. */
  read(test: TSESTree.Node): Verdict | undefined {
    const inner = stripChain(test);
    switch (inner.type) {
      case AST_NODE_TYPES.UnaryExpression:
        return inner.operator === "!" ? this.negated(inner.argument) : undefined;
      case AST_NODE_TYPES.BinaryExpression:
        return this.comparison(inner);
      case AST_NODE_TYPES.LogicalExpression:
        return this.logical(inner);
      case AST_NODE_TYPES.CallExpression: {
        // `isNaN(offset)`, `Number.isNaN(Number(cursor))`: true when the decode failed.
        if (calleeName(inner.callee) === "isNaN" && inner.arguments[0]) return this.verdict(inner.arguments[0], true);
        return this.presence(inner);
      }
      default:
        return this.presence(inner);
    }
  }

  private negated(argument: TSESTree.Node): Verdict | undefined {
    const inner = stripChain(argument);
    const verdict = inner.type === AST_NODE_TYPES.UnaryExpression || inner.type === AST_NODE_TYPES.BinaryExpression || inner.type === AST_NODE_TYPES.LogicalExpression ? this.read(inner) : this.presence(inner);
    return verdict && { ...verdict, fails: !verdict.fails };
  }

  /**
   * A test true when something is there: a field (`params.cwd`), a value found or decoded from fields (`mode`,
   * `result.success`), a lookup or predicate (`MODES.includes(id)`, `isKnownMode(id)`), `id in MODES`.
   */
  private presence(node: TSESTree.Node): Verdict | undefined {
    const inner = stripChain(node);
    if (inner.type === AST_NODE_TYPES.Identifier || inner.type === AST_NODE_TYPES.MemberExpression) {
      const direct = this.fields.fieldOf(inner);
      if (direct !== undefined) return this.verdict(inner, false, { direct });
      let base: TSESTree.Node = inner;
      while (base.type === AST_NODE_TYPES.MemberExpression) base = stripChain(base.object);
      const role = this.fields.roleOf(base);
      // `result.error`, `result.issues` of a validator: present when the params fail.
      const failed = inner.type === AST_NODE_TYPES.MemberExpression && FAILURE_MEMBERS.has(memberName(inner) ?? "") && role?.kind === "derived" && role.from === "decode";
      if (role?.kind === "derived" && role.from === "decode" && inner.type === AST_NODE_TYPES.MemberExpression && PERMISSION_MEMBER.test(memberName(inner) ?? "")) return undefined;
      if (role?.kind === "derived") return this.verdict(inner, failed);
      // `MODES[modeId]`: the entry a field names.
      if (inner.type === AST_NODE_TYPES.MemberExpression && inner.computed && this.fields.fieldOf(inner.property) !== undefined) return this.verdict(inner, false);
      return undefined;
    }
    if (inner.type === AST_NODE_TYPES.CallExpression) {
      // A helper of the project that gives back a test is read there; a predicate is otherwise known by its name.
      const helped = isLookupCall(inner) || this.fields.decodesParams(inner) ? undefined : this.throughHelper(inner);
      if (helped) return helped;
      if (!isLookupCall(inner) && !isPredicateCall(inner) && !this.fields.decodesParams(inner)) return undefined;
      // `Array.isArray(params.x)` tests the field itself.
      const [arg] = inner.arguments;
      const direct = calleeName(inner.callee) === "isArray" && arg ? this.fields.fieldOf(arg) : undefined;
      return this.verdict(inner, false, { direct, typed: direct !== undefined });
    }
    if (inner.type === AST_NODE_TYPES.BinaryExpression && inner.operator === "in") {
      const key = literalValue(inner.left, this.values);
      // `"cwd" in params` tests that field.
      if (typeof key?.value === "string" && this.fields.isParams(inner.right)) {
        return { fails: false, fields: new Set([key.value]), direct: key.value, typed: false, decoded: false };
      }
      return this.verdict(inner.left, false);
    }
    return undefined;
  }

  private comparison(node: TSESTree.BinaryExpression): Verdict | undefined {
    const { operator } = node;
    if (operator === "in") return this.presence(node);
    if (operator === "<" || operator === ">=") {
      // `list.indexOf(id) < 0`: not found.
      const zero = literalValue(node.right, this.values)?.value === 0;
      return zero ? this.verdict(node.left, operator === "<") : undefined;
    }
    if (!["===", "==", "!==", "!="].includes(operator)) return undefined;
    const negated = operator.startsWith("!");
    const typeofSide = [node.left, node.right].find((s): s is TSESTree.UnaryExpression => s.type === AST_NODE_TYPES.UnaryExpression && s.operator === "typeof");
    if (typeofSide) {
      const other = typeofSide === node.left ? node.right : node.left;
      const type = literalValue(other, this.values)?.value;
      if (typeof type !== "string") return undefined;
      const direct = this.fields.fieldOf(typeofSide.argument);
      // `typeof x === "undefined"` is true when x is missing; `typeof x === "string"` when it has the right type.
      const missingWhenTrue = type === "undefined";
      return this.verdict(typeofSide.argument, missingWhenTrue !== negated, { direct, typed: type !== "undefined" });
    }
    const [subject, constant] = literalValue(node.right, this.values) || isNullish(node.right) ? [node.left, node.right] : [node.right, node.left];
    const value = literalValue(constant, this.values)?.value;
    // `params.cwd === undefined`, `params.path === ""`: missing or empty.
    if (isNullish(constant) || value === "") return this.verdict(subject, !negated, { direct: this.fields.fieldOf(subject) });
    // `params.value.length === 0`: empty.
    const measured = value === 0 ? this.lengthOf(subject) : undefined;
    if (measured) return this.verdict(measured, !negated);
    if (value === undefined) return undefined;
    if (value === false || value === -1) return this.isFound(subject) ? this.verdict(subject, !negated) : undefined;
    // `modeId !== "ask"`: a value other than the one supported; only on a field itself.
    if (this.fields.fieldOf(subject) === undefined) return undefined;
    return this.verdict(subject, negated);
  }

  /** The field whose `.length` an expression reads (`params.value.length`, `params.prompt?.length`). */
  private lengthOf(node: TSESTree.Node): TSESTree.Node | undefined {
    const inner = stripChain(node);
    if (inner.type !== AST_NODE_TYPES.MemberExpression || memberName(inner) !== "length") return undefined;
    return this.fields.fieldOf(inner.object) === undefined ? undefined : inner.object;
  }

  /** A lookup's answer or a value found from a field: `ok === false`, `MODES.indexOf(id) === -1`. */
  private isFound(node: TSESTree.Node): boolean {
    const inner = stripChain(node);
    if (inner.type === AST_NODE_TYPES.CallExpression) return isLookupCall(inner) || isPredicateCall(inner);
    const role = this.fields.roleOf(inner);
    return role?.kind === "derived";
  }

  /**
   * `a || b` fails when either does (both must be tests of fields); `a && b` when both do, or when one does and
   * the others only narrow it (`!MODES.includes(id) && strict`, `option.type === "select" && !offered`,
   * `params.cursor && !isValidCursor(params.cursor)`).
   */
  private logical(node: TSESTree.LogicalExpression): Verdict | undefined {
    if (node.operator === "??") return undefined;
    const parts = flatten(node, node.operator);
    const verdicts = parts.map((p) => this.read(p));
    const join = (fails: boolean): Verdict | undefined => {
      const fields = new Set<string>();
      const found = verdicts.filter((v): v is Verdict => v !== undefined);
      for (const v of found) for (const f of v.fields) fields.add(f);
      // One field tested directly by every part, or by some while the others test only it in another way
      // (`typeof p.path !== "string" || p.path.length === 0`: mistyped or empty).
      const directs = new Set(found.flatMap((v) => (v.direct === undefined ? [] : [v.direct])));
      const only = directs.size === 1 ? [...directs][0] : undefined;
      const direct = only !== undefined && found.every((v) => v.direct === only || (v.direct === undefined && v.fields.size > 0 && [...v.fields].every((f) => f === only))) ? only : undefined;
      return { fails, fields, ...(direct !== undefined ? { direct } : {}), typed: found.some((v) => v.typed), decoded: found.some((v) => v.decoded) };
    };
    // The operator whose every part has the same meaning keeps it: `!a || !b` fails, `a && b` passes.
    const failing = node.operator === "||";
    if (verdicts.every((v) => v?.fails === failing)) return join(failing);
    if (verdicts.every((v) => v?.fails === !failing)) return join(!failing);
    if (!failing && verdicts.some((v) => v?.fails === true) && parts.every((p, i) => verdicts[i]?.fails === true || this.isNarrowing(p))) {
      return join(true);
    }
    return undefined;
  }
}

function flatten(node: TSESTree.Node, operator: string): TSESTree.Node[] {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.LogicalExpression && inner.operator === operator) return [...flatten(inner.left, operator), ...flatten(inner.right, operator)];
  return [inner];
}
