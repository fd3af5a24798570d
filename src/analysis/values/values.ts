import { AST_NODE_TYPES, type ParserServicesWithTypeInformation, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { isValueWrapper, staticKeyName, unwrap } from "../syntax/ast.js";
import type { ValueSet } from "./constant.js";
import { importBinding, typedValues } from "./typed-values.js";
import { variableOf } from "../syntax/variables.js";


/** Resolves expressions to constants, within one file, with the checker's literal types as fallback. */
export class ValueResolver {
  private readonly cache = new Map<TSESTree.Node, ValueSet | null>();
  private readonly inProgress = new Set<TSESTree.Node>();
  private readonly writtenMembers = new Map<TSESLint.Scope.Variable, Map<string, boolean>>();
  private readonly inits = new Map<TSESLint.Scope.Variable, TSESTree.Expression | null>();

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    /** Present only when the parser has type information. */
    readonly services: ParserServicesWithTypeInformation | undefined,
  ) {}

  resolve(node: TSESTree.Node): ValueSet | undefined {
    const cached = this.cache.get(node);
    if (cached !== undefined) return cached ?? undefined;
    if (this.inProgress.has(node)) return undefined;
    this.inProgress.add(node);
    let result = this.resolveSyntactically(node);
    // The checker sees through nothing: ask it about the expression inside `x as T`, not the cast.
    if (result === undefined) result = this.resolveByType(unwrap(node));
    this.inProgress.delete(node);
    this.cache.set(node, result ?? null);
    return result;
  }

  /** The numbers an expression may be, when all its values are numbers. */
  numbers(node: TSESTree.Node): readonly number[] | undefined {
    const values = this.resolve(node);
    if (!values || !values.every((v): v is number => typeof v === "number")) return undefined;
    return values;
  }

  /** The object literal an expression stands for: a `const` bound to one, or a member of one. */
  objectLiteral(node: TSESTree.Node): TSESTree.ObjectExpression | undefined {
    const inner = unwrapFreeze(unwrap(node));
    if (inner.type === AST_NODE_TYPES.ObjectExpression) return inner;
    if (inner.type === AST_NODE_TYPES.Identifier) {
      const init = this.constInit(inner);
      return init ? this.objectLiteral(init) : undefined;
    }
    if (inner.type === AST_NODE_TYPES.MemberExpression) {
      const value = this.memberValue(inner);
      return value ? this.objectLiteral(value) : undefined;
    }
    return undefined;
  }

  /** The static key of a property or member: `a.b`, `a["b"]`, `a[-32000]`, `{ [-32000]: x }`. */
  keyOf(key: TSESTree.Node, computed: boolean): string | undefined {
    const name = staticKeyName(key, computed);
    if (name !== undefined || !computed) return name;
    const values = this.resolve(key);
    return values?.length === 1 && (typeof values[0] === "number" || typeof values[0] === "string")
      ? String(values[0])
      : undefined;
  }

  private resolveSyntactically(raw: TSESTree.Node): ValueSet | undefined {
    const node = unwrap(raw);
    switch (node.type) {
      case AST_NODE_TYPES.Literal:
        if (node.value === null && !("regex" in node) && !("bigint" in node)) return [null];
        return typeof node.value === "number" || typeof node.value === "string" || typeof node.value === "boolean"
          ? [node.value]
          : undefined;
      case AST_NODE_TYPES.TemplateLiteral:
        return node.expressions.length === 0 ? [node.quasis[0]?.value.cooked ?? ""] : undefined;
      case AST_NODE_TYPES.UnaryExpression:
        return this.unary(node);
      case AST_NODE_TYPES.BinaryExpression:
        return this.binary(node);
      case AST_NODE_TYPES.ConditionalExpression: {
        const a = this.resolve(node.consequent);
        const b = a && this.resolve(node.alternate);
        return a && b ? [...new Set([...a, ...b])] : undefined;
      }
      case AST_NODE_TYPES.Identifier:
        return this.identifier(node);
      case AST_NODE_TYPES.MemberExpression: {
        const value = this.memberValue(node);
        return value ? this.resolve(value) : undefined;
      }
      case AST_NODE_TYPES.TSEnumMember:
        return this.enumMember(node);
      default:
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
    if (!["+", "-", "*", "/"].includes(node.operator) || node.left.type === AST_NODE_TYPES.PrivateIdentifier) {
      return undefined;
    }
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
    const variable = variableOf(this.sourceCode, node);
    // No variable, or one without declarations (typescript-eslint's lib globals): a global.
    if (!variable || variable.defs.length === 0) {
      // Globals: only the ones whose value cannot be anything else.
      if (node.name === "undefined") return [undefined];
      if (node.name === "NaN") return [NaN];
      if (node.name === "Infinity") return [Infinity];
      return undefined;
    }
    if (variable.defs.length !== 1) return undefined;
    const def = variable.defs[0]!;
    if (def.type === "TSEnumMemberName") return this.enumMember(def.node as TSESTree.TSEnumMember);
    const init = this.constInit(node);
    return init ? this.resolve(init) : undefined;
  }

  /** The initializer of a variable that is written exactly once, by its declaration. */
  constInit(node: TSESTree.Identifier): TSESTree.Expression | undefined {
    const variable = variableOf(this.sourceCode, node);
    if (!variable) return undefined;
    // Every read of a variable asks again; its writes are scanned once.
    if (!this.inits.has(variable)) this.inits.set(variable, this.initOf(variable) ?? null);
    return this.inits.get(variable) ?? undefined;
  }

  private initOf(variable: TSESLint.Scope.Variable): TSESTree.Expression | undefined {
    if (variable.defs.length !== 1) return undefined;
    const def = variable.defs[0]!;
    if (def.type !== "Variable") return undefined;
    const declarator = def.node as TSESTree.VariableDeclarator;
    if (declarator.id.type !== AST_NODE_TYPES.Identifier || !declarator.init) return undefined;
    const writes = variable.references.filter((r) => r.isWrite());
    if (writes.length !== 1 || writes[0]!.writeExpr !== declarator.init) return undefined;
    if ((def.parent as TSESTree.VariableDeclaration).kind !== "const" && this.isDeclaredInLoop(declarator)) return undefined;
    return declarator.init;
  }

  private isDeclaredInLoop(node: TSESTree.Node): boolean {
    const parent = node.parent?.parent;
    return (
      parent?.type === AST_NODE_TYPES.ForInStatement ||
      parent?.type === AST_NODE_TYPES.ForOfStatement ||
      parent?.type === AST_NODE_TYPES.ForStatement
    );
  }

  /** The expression a member access reads: an object literal's property or an enum member. */
  private memberValue(node: TSESTree.MemberExpression): TSESTree.Node | undefined {
    const key = this.keyOf(node.property, node.computed);
    if (key === undefined) return undefined;
    const object = unwrap(node.object);
    if (object.type === AST_NODE_TYPES.Identifier) {
      const enumDecl = this.enumDeclaration(object);
      if (enumDecl) return this.enumMemberNode(enumDecl, key);
      if (this.isMemberWritten(object, key)) return undefined;
    }
    const literal = this.objectLiteral(object);
    if (!literal) return undefined;
    let value: TSESTree.Node | undefined;
    for (const prop of literal.properties) {
      if (prop.type === AST_NODE_TYPES.SpreadElement) {
        value = undefined; // a later spread may overwrite an earlier key: only keys after it count
        continue;
      }
      if (prop.kind === "init" && !prop.method && this.keyOf(prop.key, prop.computed) === key) value = prop.value;
    }
    return value;
  }

  /**
   * Whether a plain object bound to `object` may change: a member of it is written anywhere (through casts
   * and nested members too), or the object is aliased to another name that could write it.
   */
  private isMemberWritten(object: TSESTree.Identifier, key: string | undefined, depth = 0): boolean {
    const variable = variableOf(this.sourceCode, object);
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

  private enumDeclaration(node: TSESTree.Identifier): TSESTree.TSEnumDeclaration | undefined {
    const variable = variableOf(this.sourceCode, node);
    if (!variable || variable.defs.length !== 1 || variable.defs[0]!.type !== "TSEnumName") return undefined;
    return variable.defs[0]!.node as TSESTree.TSEnumDeclaration;
  }

  private enumMemberNode(decl: TSESTree.TSEnumDeclaration, key: string): TSESTree.Node | undefined {
    return decl.body.members.find((m) => this.keyOf(m.id, false) === key);
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
   * file does not define itself: a name imported or declared outside the file (`ErrorCodes.Busy`, `acp.CODES.x.y`),
   * declared without a value (`declare const`, a parameter's annotation,
   * `declare function busy(): -32042`). What the file defines has been followed already, and asking the checker
   * about any other expression (a call of a generic function, an unannotated callback's parameter) makes it infer
   * types the lint does not otherwise need, which costs more than everything else the plugin does.
   */
  private resolveByType(node: TSESTree.Node): ValueSet | undefined {
    if (!this.services || !this.isTypedOutside(unwrap(node))) return undefined;
    return typedValues(this.services, node, (id) => importBinding(variableOf(this.sourceCode, id)));
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
    const variable = variableOf(this.sourceCode, name);
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

/** Whether the parameter a name belongs to (`code: T`, `{ code }: T`, `code: T = x`) has a type annotation. */
function isAnnotatedParameter(name: TSESTree.Identifier): boolean {
  let node: TSESTree.Node = name;
  while (node.parent && PATTERN_PARTS.has(node.parent.type)) node = node.parent;
  const param = node.type === AST_NODE_TYPES.AssignmentPattern ? node.left : node;
  return "typeAnnotation" in param && param.typeAnnotation !== undefined;
}

const PATTERN_PARTS = new Set<string>([AST_NODE_TYPES.Property, AST_NODE_TYPES.ObjectPattern, AST_NODE_TYPES.ArrayPattern, AST_NODE_TYPES.RestElement, AST_NODE_TYPES.AssignmentPattern]);

/** Whether `node` (a member access) is written by `parent`: assigned, updated, deleted, or a destructuring target. */
function isWritePosition(node: TSESTree.Node, parent: TSESTree.Node): boolean {
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

/** `Object.freeze({ ... })` stands for its argument. */
function unwrapFreeze(node: TSESTree.Node): TSESTree.Node {
  if (
    node.type === AST_NODE_TYPES.CallExpression &&
    node.callee.type === AST_NODE_TYPES.MemberExpression &&
    node.callee.object.type === AST_NODE_TYPES.Identifier &&
    node.callee.object.name === "Object" &&
    staticKeyName(node.callee.property, node.callee.computed) === "freeze" &&
    node.arguments[0]
  ) {
    return unwrap(node.arguments[0]);
  }
  return node;
}
