import { AST_NODE_TYPES, type ParserServicesWithTypeInformation, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { type FunctionNode, memberName, staticKeyName, unwrap, walk } from "../syntax/ast.js";
import { functionOf } from "../syntax/functions.js";
import type { Handler } from "../handlers/types.js";
import { type FileNodes, nodesWithin } from "../file-nodes.js";
import { inSourceOrder } from "../syntax/source-order.js";

type Variable = TSESLint.Scope.Variable;
type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * Code that answers session-scoped requests: a handler's body, or a same-file helper a handler calls with the
 * requested session id (`this.requireSession(params.sessionId)`), which belongs to every handler that calls it.
 */
export interface SessionScope {
  readonly root: TSESTree.Node;
  readonly handlers: Handler[];
  /** Variables that hold the request or its params: `x.sessionId` and `x.params.sessionId` on them are the id. */
  readonly requests: Set<Variable>;
  /** Variables that hold the requested session id. */
  readonly ids: Set<Variable>;
  /** For a helper, the calls that hand it the id, and the scopes they are made from. */
  readonly callers: { readonly call: TSESTree.CallExpression; readonly from: SessionScope }[];
}

/** String methods that keep an id what it is. */
const ID_NORMALISERS = new Set(["trim", "toString", "valueOf"]);

/** Members that lead from a request to its params: `ctx.params`, `message.request.params`. */
const REQUEST_PARTS = new Set(["params", "request"]);

/** The variable a declared identifier introduces. */
function declaredVariable(sourceCode: SourceCode, id: TSESTree.Identifier): Variable | undefined {
  const scope = sourceCode.getScope(id);
  for (let s: TSESLint.Scope.Scope | null = scope; s; s = s.upper) {
    const found = s.set.get(id.name);
    if (found?.identifiers.includes(id)) return found;
  }
  return undefined;
}

/** Whether a variable keeps the value it was given: no writes beyond its declaration. */
function isStable(variable: Variable): boolean {
  return variable.references.filter((r) => r.isWrite()).length <= 1 && variable.defs.length === 1;
}

export class SessionScopes {
  readonly scopes: SessionScope[] = [];
  private readonly byRoot = new Map<TSESTree.Node, SessionScope>();
  private readonly nodeLists = new Map<TSESTree.Node, readonly TSESTree.Node[]>();
  private readonly callLists = new Map<TSESTree.Node, readonly TSESTree.CallExpression[]>();
  private readonly owners = new Map<TSESTree.Identifier | TSESTree.JSXIdentifier, Variable>();

  constructor(
    private readonly sourceCode: SourceCode,
    private readonly fileNodes: Readonly<FileNodes>,
    /** Present only when the parser has type information. */
    readonly services?: ParserServicesWithTypeInformation,
  ) {}

  /** The calls of a scope's code, in source order; found once, read when following helpers and finding lookups. */
  private callsOf(scope: SessionScope): readonly TSESTree.CallExpression[] {
    let calls = this.callLists.get(scope.root);
    if (!calls) this.callLists.set(scope.root, (calls = nodesWithin(this.fileNodes.calls, scope.root)));
    return calls;
  }

  /** The calls, computed members and `in` tests of a scope's code, in source order: where it may look a session up. */
  lookupSites(scope: SessionScope): readonly TSESTree.Node[] {
    const ins = nodesWithin(this.fileNodes.binaries, scope.root).filter((node) => node.operator === "in");
    return inSourceOrder<TSESTree.Node>(this.callsOf(scope), nodesWithin(this.fileNodes.lookups, scope.root), ins);
  }

  /** The `if` statements and conditional expressions of a scope's code, in source order: where it may test a session. */
  testsOf(scope: SessionScope): readonly (TSESTree.IfStatement | TSESTree.ConditionalExpression)[] {
    return inSourceOrder<TSESTree.IfStatement | TSESTree.ConditionalExpression>(
      nodesWithin(this.fileNodes.ifs, scope.root),
      nodesWithin(this.fileNodes.conditionals, scope.root),
    );
  }

  /** Every node of a scope's code, in source order; listed once, on first use: only a use left unchecked needs them all. */
  nodesOf(scope: SessionScope): readonly TSESTree.Node[] {
    let nodes = this.nodeLists.get(scope.root);
    if (!nodes) {
      const list: TSESTree.Node[] = [];
      walk(scope.root, this.sourceCode.visitorKeys, (node) => list.push(node));
      nodes = list;
      this.nodeLists.set(scope.root, nodes);
    }
    return nodes;
  }

  /** Whether an expression is the session id the request names (`params.sessionId`, a variable holding it). */
  isSessionId(node: TSESTree.Node, scope: SessionScope): boolean {
    const inner = unwrapChain(node);
    if (inner.type === AST_NODE_TYPES.LogicalExpression && inner.operator !== "&&") return this.isSessionId(inner.left, scope);
    // `params.sessionId.trim()` is still the requested id.
    if (inner.type === AST_NODE_TYPES.CallExpression && inner.arguments.length === 0 && inner.callee.type === AST_NODE_TYPES.MemberExpression) {
      return ID_NORMALISERS.has(memberName(inner.callee) ?? "") && this.isSessionId(inner.callee.object, scope);
    }
    if (inner.type === AST_NODE_TYPES.MemberExpression) return memberName(inner) === "sessionId" && this.isRequest(inner.object, scope);
    return inner.type === AST_NODE_TYPES.Identifier && this.holds(inner, scope.ids);
  }

  /** Whether an expression is the request, its params, or a part of them that is no id (`ctx`, `ctx.params`). */
  isRequest(node: TSESTree.Node, scope: SessionScope): boolean {
    let inner = unwrapChain(node);
    while (inner.type === AST_NODE_TYPES.MemberExpression && REQUEST_PARTS.has(memberName(inner) ?? "")) inner = unwrapChain(inner.object);
    return inner.type === AST_NODE_TYPES.Identifier && this.holds(inner, scope.requests);
  }

  private holds(id: TSESTree.Identifier, set: ReadonlySet<Variable>): boolean {
    const variable = this.owners.get(id);
    return variable !== undefined && set.has(variable);
  }

  /** Remembers which variable each reference of `variable` reads, so `holds` is one lookup. */
  private track(variable: Variable, set: Set<Variable>): void {
    set.add(variable);
    for (const ref of variable.references) this.owners.set(ref.identifier, variable);
  }

  /** Adds the scope of a session-scoped handler, then the helpers it hands the id to. */
  addHandler(handler: Handler): void {
    const scope = this.scopeOf(handler.body);
    if (scope.handlers.includes(handler)) return;
    scope.handlers.push(handler);
    if (handler.fn) {
      // Inline dispatch: the request is whatever the dispatching function was given.
      const params = handler.body === handler.fn ? handler.fn.params.slice(0, 1) : handler.fn.params;
      for (const param of params) this.bindPattern(param, "request", scope);
      if (handler.body !== handler.fn) this.bindPrelude(handler.fn, handler.body, scope);
    }
    this.bindDeclarations(scope);
    this.followHelpers(scope, new Set());
  }

  private scopeOf(root: TSESTree.Node): SessionScope {
    let scope = this.byRoot.get(root);
    if (!scope) {
      scope = { root, handlers: [], requests: new Set(), ids: new Set(), callers: [] };
      this.byRoot.set(root, scope);
      this.scopes.push(scope);
    }
    return scope;
  }

  /** `ctx`, `{ params }`, `{ params: { sessionId } }`, `{ sessionId }` as parameters or declarations. */
  private bindPattern(pattern: TSESTree.Node, role: "request" | "id", scope: SessionScope): void {
    const inner = pattern.type === AST_NODE_TYPES.AssignmentPattern ? pattern.left : pattern;
    if (inner.type === AST_NODE_TYPES.Identifier) {
      const variable = declaredVariable(this.sourceCode, inner);
      if (variable && isStable(variable)) this.track(variable, role === "id" ? scope.ids : scope.requests);
      return;
    }
    if (inner.type === AST_NODE_TYPES.TSParameterProperty) return;
    if (inner.type !== AST_NODE_TYPES.ObjectPattern || role === "id") return;
    for (const prop of inner.properties) {
      if (prop.type !== AST_NODE_TYPES.Property) continue;
      const key = staticKeyName(prop.key, prop.computed);
      if (key === "sessionId") this.bindPattern(prop.value, "id", scope);
      else if (key === "params" || key === "request") this.bindPattern(prop.value, "request", scope);
    }
  }

  /** `const p = ctx.params`, `const { sessionId } = params`, `const id = params.sessionId` inside the scope. */
  private bindDeclarations(scope: SessionScope): void {
    for (const node of nodesWithin(this.fileNodes.declarators, scope.root)) {
      if (!node.init) continue;
      if (this.isSessionId(node.init, scope)) this.bindPattern(node.id, "id", scope);
      else if (this.isRequest(node.init, scope)) this.bindPattern(node.id, "request", scope);
    }
  }

  /**
   * Inline dispatch may read the id once before its branches: `const sessionId = req.params?.sessionId ?? ""`
   * among the dispatching function's own statements before the branch.
   */
  private bindPrelude(fn: FunctionNode, branch: TSESTree.Node, scope: SessionScope): void {
    if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return;
    for (const statement of fn.body.body) {
      if (statement.range[0] >= branch.range[0]) break;
      if (statement.type !== AST_NODE_TYPES.VariableDeclaration) continue;
      for (const declarator of statement.declarations) {
        if (!declarator.init) continue;
        if (this.isSessionId(declarator.init, scope)) this.bindPattern(declarator.id, "id", scope);
        else if (this.isRequest(declarator.init, scope)) this.bindPattern(declarator.id, "request", scope);
      }
    }
  }

  /** Helpers called with the id or the request; each gets the handlers of its callers. */
  private followHelpers(scope: SessionScope, seen: Set<SessionScope>): void {
    if (seen.has(scope)) return;
    seen.add(scope);
    for (const call of this.callsOf(scope)) {
      const fn = functionOf(this.sourceCode, call.callee);
      if (!fn || fn === scope.root || isInside(call, fn)) continue;
      const helper = this.helperFor(fn, call, scope);
      if (!helper) continue;
      for (const handler of scope.handlers) if (!helper.handlers.includes(handler)) helper.handlers.push(handler);
      this.followHelpers(helper, seen);
    }
  }

  private helperFor(fn: FunctionNode, call: TSESTree.CallExpression, caller: SessionScope): SessionScope | undefined {
    let helper: SessionScope | undefined;
    call.arguments.forEach((arg, index) => {
      const param = fn.params[index];
      if (!param || arg.type === AST_NODE_TYPES.SpreadElement) return;
      const role = this.isSessionId(arg, caller) ? "id" : this.isRequest(arg, caller) ? "request" : undefined;
      if (!role) return;
      helper ??= this.scopeOf(fn);
      this.bindPattern(param, role, helper);
    });
    if (helper) {
      if (!helper.callers.some((c) => c.call === call)) helper.callers.push({ call, from: caller });
      this.bindDeclarations(helper);
    }
    return helper;
  }
}

/** `a?.b` is `a.b` for what it names. */
function unwrapChain(node: TSESTree.Node): TSESTree.Node {
  const inner = unwrap(node);
  return inner.type === AST_NODE_TYPES.ChainExpression ? unwrap(inner.expression) : inner;
}

function isInside(node: TSESTree.Node, outer: TSESTree.Node): boolean {
  return outer.range[0] <= node.range[0] && node.range[1] <= outer.range[1];
}
