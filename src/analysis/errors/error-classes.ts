import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { TextQuestion } from "../modules/module-texts.js";
import type { Resolver } from "../resolution/resolver.js";
import type { SdkImports } from "../sdk/imports.js";
import { calleeName, staticKeyName } from "../syntax/ast.js";
import { isUndeclared, variableOf } from "../syntax/variables.js";
import { className } from "../syntax/functions.js";

/** Where a constructor takes the parts of an error response. */
export interface ErrorClass {
  readonly name: string;
  readonly codeIndex?: number;
  readonly messageIndex?: number;
  readonly dataIndex?: number;
  /** `code = -32001` held by the class itself (a class field or `this.code = ...` of a non-parameter). */
  readonly heldCode?: TSESTree.Node;
  /** The default of the code parameter (`constructor(message, readonly code = -32002)`): the code when none is passed. */
  readonly codeDefault?: TSESTree.Node;
  /** A JSON-RPC error class (`RequestError`, `ResponseError`, configured names), not a local Error subclass. */
  readonly rpc: boolean;
}

export type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** The JSON-RPC error classes every file knows by name: `(code, message, data)`. */
export const BUILTIN_ERROR_CLASSES = ["RequestError", "ResponseError"] as const;

/** The built-in error constructors a local class may extend: none of them is a RequestError. */
export const BUILTIN_ERRORS: ReadonlySet<string> = new Set([
  "Error",
  "TypeError",
  "RangeError",
  "ReferenceError",
  "SyntaxError",
  "EvalError",
  "URIError",
  "AggregateError",
]);

/** The plain errors a handler throws when it has no code to give: the SDKs send each as -32603. */
const PLAIN_ERRORS: ReadonlySet<string> = new Set(["Error", "TypeError", "RangeError"]);

/** `new Error(…)`, `TypeError(…)`, `new RangeError(…)`: a plain error built (by name, as the SDKs receive it). */
export function isPlainError(node: TSESTree.Node): node is TSESTree.NewExpression | TSESTree.CallExpression {
  return (node.type === AST_NODE_TYPES.NewExpression || node.type === AST_NODE_TYPES.CallExpression) && PLAIN_ERRORS.has(calleeName(node.callee) ?? "");
}

/** Whether `name` at `node` is the global built-in error, not something the file declares or imports under that name. */
export function isBuiltinError(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Identifier): boolean {
  if (!BUILTIN_ERRORS.has(node.name)) return false;
  return isUndeclared(variableOf(sourceCode, node));
}

export function rpcErrorClass(name: string): ErrorClass {
  return { name, codeIndex: 0, messageIndex: 1, dataIndex: 2, rpc: true };
}


function paramName(param: TSESTree.Parameter): string | undefined {
  const inner = param.type === AST_NODE_TYPES.TSParameterProperty ? param.parameter : param;
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name;
  if (inner.type === AST_NODE_TYPES.AssignmentPattern && inner.left.type === AST_NODE_TYPES.Identifier) {
    return inner.left.name;
  }
  return undefined;
}

/** The default value of a parameter (`code = -32002`, `readonly code = -32002`). */
function paramDefault(param: TSESTree.Parameter): TSESTree.Node | undefined {
  const inner = param.type === AST_NODE_TYPES.TSParameterProperty ? param.parameter : param;
  return inner.type === AST_NODE_TYPES.AssignmentPattern ? inner.right : undefined;
}

function isThisMember(node: TSESTree.Node, name: string): boolean {
  return (
    node.type === AST_NODE_TYPES.MemberExpression &&
    node.object.type === AST_NODE_TYPES.ThisExpression &&
    staticKeyName(node.property, node.computed) === name
  );
}

/**
 * Describes a local class that extends `Error` (or another error class) and takes or holds a code;
 * `known` gives the error classes already described, so subclasses inherit their parameter positions.
 */
export function describeErrorClass(node: ClassNode, known: ReadonlyMap<string, ErrorClass>): ErrorClass | undefined {
  const name = className(node);
  const superName = node.superClass ? calleeName(node.superClass) : undefined;
  if (!name || !superName) return undefined;
  const parent = known.get(superName);
  if (!parent && superName !== "Error") return undefined;

  const ctor = node.body.body.find(
    (m): m is TSESTree.MethodDefinition => m.type === AST_NODE_TYPES.MethodDefinition && m.kind === "constructor",
  );
  let heldCode: TSESTree.Node | undefined;
  for (const member of node.body.body) {
    if (
      member.type === AST_NODE_TYPES.PropertyDefinition &&
      !member.static &&
      member.value &&
      staticKeyName(member.key, member.computed) === "code"
    ) {
      heldCode = member.value;
    }
  }
  if (!ctor) {
    // No constructor: `new Sub(...)` passes its arguments straight to the parent.
    if (parent) return { ...parent, name, heldCode: heldCode ?? parent.heldCode };
    return heldCode ? { name, heldCode, messageIndex: 0, rpc: false } : undefined;
  }

  const params = ctor.value.params;
  const indexOf = (id: string | undefined) => {
    const i = params.findIndex((p) => paramName(p) === id);
    return i === -1 ? undefined : i;
  };
  let codeIndex = indexOf("code");
  let messageIndex: number | undefined;
  let dataIndex = indexOf("data");

  for (const statement of ctor.value.body?.body ?? []) {
    if (statement.type !== AST_NODE_TYPES.ExpressionStatement) continue;
    const expr = statement.expression;
    if (expr.type === AST_NODE_TYPES.CallExpression && expr.callee.type === AST_NODE_TYPES.Super) {
      // super(message) for Error; super(code, message, data) for a JSON-RPC error parent.
      const slots = parent
        ? { code: parent.codeIndex, message: parent.messageIndex, data: parent.dataIndex }
        : { code: undefined, message: 0, data: undefined };
      const argParam = (i: number | undefined) => {
        const arg = i === undefined ? undefined : expr.arguments[i];
        return arg?.type === AST_NODE_TYPES.Identifier ? indexOf(arg.name) : undefined;
      };
      codeIndex ??= argParam(slots.code);
      messageIndex ??= argParam(slots.message);
      dataIndex ??= argParam(slots.data);
      if (parent && slots.code !== undefined && expr.arguments[slots.code] && codeIndex === undefined) {
        heldCode ??= expr.arguments[slots.code];
      }
    } else if (expr.type === AST_NODE_TYPES.AssignmentExpression && isThisMember(expr.left, "code")) {
      const fromParam = expr.right.type === AST_NODE_TYPES.Identifier ? indexOf(expr.right.name) : undefined;
      if (fromParam !== undefined) codeIndex ??= fromParam;
      else heldCode ??= expr.right;
    } else if (expr.type === AST_NODE_TYPES.AssignmentExpression && isThisMember(expr.left, "data")) {
      if (expr.right.type === AST_NODE_TYPES.Identifier) dataIndex ??= indexOf(expr.right.name);
    }
  }
  if (codeIndex === undefined && heldCode === undefined) return undefined;
  const codeDefault = codeIndex === undefined ? undefined : paramDefault(params[codeIndex]!);
  return {
    name,
    rpc: parent?.rpc ?? false,
    ...(codeIndex === undefined ? {} : { codeIndex }),
    ...(codeDefault === undefined ? {} : { codeDefault }),
    ...(messageIndex === undefined ? {} : { messageIndex }),
    ...(dataIndex === undefined ? {} : { dataIndex }),
    ...(heldCode === undefined || codeIndex !== undefined ? {} : { heldCode }),
  };
}

/** How deep the classes an imported error class extends are followed. */
const MAX_PARENTS = 8;

/**
 * The error classes a file can construct: the JSON-RPC ones by name (`RequestError`, `ResponseError`, the names of
 * `settings.acp.errorClasses`), its own Error subclasses that take or hold a code (by name, as `byName` holds them),
 * and, through the resolution layer, such classes of the project modules it imports (`new AgentError(code, msg)`
 * with `AgentError` declared in `./errors.ts`), described with the classes they extend.
 */
/**
 * A module's text that may declare a subclass (an error class always is one): the word `class` and, after it, the
 * word `extends`. `extends` alone is no sign: interfaces and type parameters say it in most TypeScript modules.
 */
const DECLARES_SUBCLASS: TextQuestion<boolean> = {
  key: "class extends",
  compute: (text) => {
    const at = text.search(/\bclass\b/u);
    return at !== -1 && /\bextends\b/u.test(text.slice(at));
  },
  holds: (fact) => fact,
};

export class ErrorClasses {
  readonly #imported = new Map<ClassNode, ErrorClass | null>();

  constructor(
    /** The JSON-RPC classes and the file's own, by name. */
    readonly byName: ReadonlyMap<string, ErrorClass>,
    private readonly resolver: Resolver,
    private readonly sdk: SdkImports,
  ) {}

  get(name: string): ErrorClass | undefined {
    return this.byName.get(name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /**
   * The name a constructor expression is known by as an error class: `RequestError` for the SDK's under any name, else
   * its own name where that may be taken at its word (Resolver.mayNameClass); undefined for a name bound to a value
   * its name says nothing about (a parameter, a catch binding, `const RequestError = makeClass()`).
   */
  nameOf(callee: TSESTree.Node): string | undefined {
    if (this.sdk.exportName(callee) === "RequestError") return "RequestError";
    const name = calleeName(callee);
    return name !== undefined && this.resolver.mayNameClass(callee) ? name : undefined;
  }

  /** The error class a constructor expression names: the SDK's `RequestError` under any name, the file's, an imported one. */
  ofCallee(callee: TSESTree.Node): ErrorClass | undefined {
    const name = this.nameOf(callee);
    // A name bound to a parameter or an unknown value constructs what the caller passed: no class can be told, but for
    // a parameter every call fills with the same class (boundArgument).
    if (name === undefined && calleeName(callee) !== undefined) return this.boundClass(callee);
    const known = name === undefined ? undefined : this.byName.get(name);
    if (known) return known;
    // An error class extends one. An imported name is declared by its module or passed on by it (mayDefine); a member
    // of an import (`errors.NotFound`) may be gathered from anywhere the module's imports reach.
    const declaredThere = callee.type === AST_NODE_TYPES.Identifier ? this.resolver.mayDefine(callee, DECLARES_SUBCLASS) : this.resolver.mayReach(callee, DECLARES_SUBCLASS);
    if (!declaredThere) return undefined;
    const cls = this.resolver.classOf(callee);
    return cls && !this.resolver.isLinted(cls) ? this.describeImported(cls, 0) : undefined;
  }

  /** The error class a parameter stands for when every call hands it the same class. */
  private boundClass(callee: TSESTree.Node): ErrorClass | undefined {
    if (callee.type !== AST_NODE_TYPES.Identifier || !this.resolver.boundArgument(callee)) return undefined;
    const cls = this.resolver.classOf(callee);
    return cls ? this.describeImported(cls, 0) : undefined;
  }

  private describeImported(cls: ClassNode, depth: number): ErrorClass | undefined {
    const cached = this.#imported.get(cls);
    if (cached !== undefined) return cached ?? undefined;
    this.#imported.set(cls, null);
    const superName = cls.superClass ? calleeName(cls.superClass) : undefined;
    let parent: ErrorClass | undefined;
    if (cls.superClass && superName !== "Error" && depth < MAX_PARENTS) {
      const base = this.resolver.classOf(cls.superClass);
      parent = base ? this.describeImported(base, depth + 1) : this.ofCallee(cls.superClass);
    }
    const known = new Map<string, ErrorClass>(parent && superName !== undefined ? [[superName, parent]] : []);
    const described = describeErrorClass(cls, known) ?? null;
    this.#imported.set(cls, described);
    return described ?? undefined;
  }
}
