import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { type Handler, requestParameters } from "../handlers/types.js";
import { calleeName, contains, type FunctionNode, memberName, staticKeyName, unwrap } from "../syntax/ast.js";
import { returnedExpressions } from "../syntax/functions.js";
import { resolverOf } from "../resolution/resolver.js";
import { parameterVariable } from "../resolution/bindings.js";
import { derivedReads, variableOf } from "../syntax/variables.js";
import { nodesWithin } from "../file-nodes.js";
import { type ReturnedExpression, summariesOf } from "../summaries/summaries.js";
import { carriesRequest, isRequestField, REQUEST_PARTS, type RequestReads } from "../summaries/request-values.js";

type Variable = TSESLint.Scope.Variable;
type SourceCode = Readonly<TSESLint.SourceCode>;

/** The request fields that name a client resource: the file of `fs/read_text_file`, the terminal of `terminal/*`. */
export type ResourceField = "path" | "terminalId";


/** Path functions whose result still names the requested file: `path.resolve(root, params.path)`. */
const PATH_FUNCTIONS = /^(resolve|join|normalize|fileURLToPath|toAbsolute|absolute|resolvePath|toFsPath|realpath(Sync)?)$/;

/** Whether a variable keeps the value it was given: no writes beyond its declaration. */
function isStable(variable: Variable): boolean {
  return variable.defs.length === 1 && variable.references.filter((r) => r.isWrite()).length <= 1;
}

function unwrapChain(node: TSESTree.Node): TSESTree.Node {
  let inner = unwrap(node);
  while (inner.type === AST_NODE_TYPES.ChainExpression || inner.type === AST_NODE_TYPES.AwaitExpression) {
    inner = unwrap(inner.type === AST_NODE_TYPES.ChainExpression ? inner.expression : inner.argument);
  }
  return inner;
}

/**
 * Which expressions of a handler (or of a helper it hands the field to) hold the request, its params, or the
 * requested path or terminal id: `params.path`, `ctx.params.terminalId`, `{ params: { path } }`, `const id = ...`.
 */
export class RequestFields {
  private readonly requests = new Set<Variable>();
  private readonly fields = new Map<Variable, ResourceField>();

  constructor(
    readonly sourceCode: SourceCode,
    readonly field: ResourceField,
    /** For a view from inside a callee (atCall): the caller's fields and the call's returned expression. */
    private readonly atCallOf?: { readonly caller: RequestFields; readonly returned: ReturnedExpression },
  ) {}

  /**
   * Whether an expression is the requested field: read as it is (plainField), or through what the summaries follow
   * (`idOf(params.terminalId)`, `p.path` of `const p = parse(params)`).
   */
  isField(node: TSESTree.Node): boolean {
    if (this.atCallOf) return isRequestField(this.atCallOf.returned.at(node), this.field, this.atCallOf.caller.reads);
    return this.plainField(node) || isRequestField(summariesOf(resolverOf(this.sourceCode)).valueOf(node), this.field, this.reads);
  }

  /** Whether an expression is the request, its params, or an object built to carry the field. */
  isRequest(node: TSESTree.Node): boolean {
    if (this.atCallOf) return carriesRequest(this.atCallOf.returned.at(node), this.field, this.atCallOf.caller.reads);
    return this.plainRequest(node) || carriesRequest(summariesOf(resolverOf(this.sourceCode)).valueOf(node), this.field, this.reads);
  }

  /**
   * These fields as seen from inside a callee whose result a call gives back (Summaries.returnedExpression): an
   * expression of the callee is the field when it is at the call (`nb.cells.get(key(params.path))` of
   * `resolveEntry(nb, params)`).
   */
  atCall(returned: ReturnedExpression): RequestFields {
    return new RequestFields(this.sourceCode, this.field, { caller: this, returned });
  }

  private readonly reads: RequestReads = { isField: (node) => this.plainField(node), isRequest: (node) => this.plainRequest(node) };

  /** The field an expression reads as it is. */
  private plainField(node: TSESTree.Node): boolean {
    const inner = unwrapChain(node);
    if (inner.type === AST_NODE_TYPES.MemberExpression) return memberName(inner) === this.field && this.plainRequest(inner.object);
    if (inner.type === AST_NODE_TYPES.Identifier) return this.fields.has(this.variable(inner)!);
    // `path.resolve(cwd, params.path)` names the same file, and so does a key a helper of this file derives from it.
    if (this.field === "path" && inner.type === AST_NODE_TYPES.CallExpression) {
      if (PATH_FUNCTIONS.test(calleeName(inner.callee) ?? "")) return inner.arguments.some((arg) => arg.type !== AST_NODE_TYPES.SpreadElement && this.isField(arg));
      return this.isDerivedKey(inner);
    }
    return false;
  }

  /**
   * `cellKey(nb, params.path)`: a function of this file given the path, every value of which is computed from that
   * parameter (`path.relative(nb.root, absolute).split(sep).join("/")`), or from locals computed from it (`const abs =
   * resolve(base, p); return normalizePath(relative(base, abs))`): a key for the same file.
   */
  private isDerivedKey(call: TSESTree.CallExpression): boolean {
    const index = call.arguments.findIndex((arg) => arg.type !== AST_NODE_TYPES.SpreadElement && this.isField(arg));
    const resolver = index < 0 ? undefined : resolverOf(this.sourceCode);
    const fn = resolver?.localCalleeOf(call);
    const param = fn && parameterVariable(resolver!, fn, index);
    if (!fn || !param || fn.async || fn.generator) return false;
    const returned = returnedExpressions(fn, this.sourceCode.visitorKeys);
    const reads = derivedReads(this.sourceCode, fn, param);
    return returned.length > 0 && returned.every((value) => reads.some((read) => contains(value, read)));
  }

  private plainRequest(node: TSESTree.Node): boolean {
    let inner = unwrapChain(node);
    while (inner.type === AST_NODE_TYPES.MemberExpression && REQUEST_PARTS.has(memberName(inner) ?? "")) inner = unwrapChain(inner.object);
    return inner.type === AST_NODE_TYPES.Identifier && this.requests.has(this.variable(inner)!);
  }

  /** Whether an argument hands the field over: itself or an object with it (`{ terminalId }`). */
  handsField(arg: TSESTree.CallExpressionArgument): boolean {
    if (arg.type === AST_NODE_TYPES.SpreadElement) return false;
    if (this.isField(arg)) return true;
    const inner = unwrap(arg);
    return (
      inner.type === AST_NODE_TYPES.ObjectExpression &&
      inner.properties.some((p) => p.type === AST_NODE_TYPES.Property && this.isField(p.value))
    );
  }

  private variable(id: TSESTree.Identifier): Variable | undefined {
    return variableOf(this.sourceCode, id) ?? undefined;
  }

  /** Binds a parameter or declared pattern as the request (`ctx`, `{ params }`) or as the field itself. */
  bind(pattern: TSESTree.Node, role: "request" | "field"): void {
    const inner = pattern.type === AST_NODE_TYPES.AssignmentPattern ? pattern.left : pattern;
    if (inner.type === AST_NODE_TYPES.Identifier) {
      const variable = this.variable(inner);
      if (!variable || !isStable(variable)) return;
      if (role === "field") this.fields.set(variable, this.field);
      else this.requests.add(variable);
      return;
    }
    if (inner.type !== AST_NODE_TYPES.ObjectPattern || role === "field") return;
    for (const prop of inner.properties) {
      if (prop.type !== AST_NODE_TYPES.Property) continue;
      const key = staticKeyName(prop.key, prop.computed);
      if (key === this.field) this.bind(prop.value, "field");
      else if (key !== undefined && REQUEST_PARTS.has(key)) this.bind(prop.value, "request");
    }
  }

  /**
   * `const p = ctx.params`, `const { path } = params`, `const file = resolve(cwd, params.path)` inside `fn`, from
   * the file's declarators (in source order: one may bind what the next reads).
   */
  private bindDeclarations(fn: FunctionNode, declarators: readonly TSESTree.VariableDeclarator[]): void {
    for (const node of nodesWithin(declarators, fn)) {
      if (!node.init) continue;
      if (this.isField(node.init)) this.bind(node.id, "field");
      else if (this.isRequest(node.init)) this.bind(node.id, "request");
    }
  }

  /** The fields of a handler function: its request parameters, then its declarations. */
  static ofHandler(sourceCode: SourceCode, declarators: readonly TSESTree.VariableDeclarator[], field: ResourceField, fn: FunctionNode, handler: Handler): RequestFields {
    const fields = new RequestFields(sourceCode, field);
    for (const param of requestParameters(handler)) fields.bind(param, "request");
    fields.bindDeclarations(fn, declarators);
    return fields;
  }

  /** The fields of a helper given the field (or the request that carries it) as argument `index`. */
  static ofHelper(
    sourceCode: SourceCode,
    declarators: readonly TSESTree.VariableDeclarator[],
    field: ResourceField,
    fn: FunctionNode,
    index: number,
    role: "field" | "request",
  ): RequestFields | undefined {
    const param = fn.params[index];
    if (!param || param.type === AST_NODE_TYPES.RestElement) return undefined;
    const fields = new RequestFields(sourceCode, field);
    fields.bind(param, role);
    fields.bindDeclarations(fn, declarators);
    return fields;
  }
}
