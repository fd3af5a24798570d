import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { sourceCodeOf } from "../syntax/variables.js";
import { type FunctionNode, memberName, staticKeyName, unwrap, VALUE_WRAPPERS, contains } from "../syntax/ast.js";

import { type Handler, requestParameters } from "../handlers/types.js";
import type { FileNodes } from "../file-nodes.js";
import { ScopeNodes } from "./scope-nodes.js";
import { resolverOf } from "../resolution/resolver.js";
import type { TypedChecker } from "../typed-checker.js";
import { summariesOf } from "../summaries/summaries.js";
import { carriesRequest, isRequestField, REQUEST_PARTS, type RequestReads } from "../summaries/request-values.js";

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

/** What stands between a request and its `.sessionId` without changing the value: `unwrap`'s wrappers and `?.` chains. */
const PASSED_THROUGH: ReadonlySet<AST_NODE_TYPES> = new Set([...VALUE_WRAPPERS, AST_NODE_TYPES.ChainExpression]);

/** The outermost expression a read of the request stays the request or its params in: through `.params`, `.request`, `?.` and type assertions. */
function requestPart(id: TSESTree.Node): TSESTree.Node {
  let node = id;
  for (let parent = node.parent; parent; node = parent, parent = node.parent) {
    const part = parent.type === AST_NODE_TYPES.MemberExpression && parent.object === node && REQUEST_PARTS.has(memberName(parent) ?? "");
    if (!PASSED_THROUGH.has(parent.type) && !part) break;
  }
  return node;
}

/** The variable a declared identifier introduces. */
function declaredVariable(sourceCode: SourceCode, id: TSESTree.Identifier): Variable | undefined {
  const scope = sourceCodeOf(id, sourceCode).getScope(id);
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

/**
 * What is kept of a scope to tell at once whether something is already there: a helper every handler calls is
 * reached once per call, and comparing with each handler and caller so far made that quadratic.
 */
interface ScopeMembership {
  readonly handlers: Set<Handler>;
  readonly calls: Set<TSESTree.CallExpression>;
  /** The parameters bound, by role: binding one again finds what it found before. */
  readonly params: Map<TSESTree.Node, Set<"request" | "id">>;
  /** How many variables the scope held when binding its declarations last found nothing new. */
  settled: number | undefined;
}

export class SessionScopes {
  readonly scopes: SessionScope[] = [];
  private readonly byRoot = new Map<TSESTree.Node, SessionScope>();
  private readonly known = new Map<SessionScope, ScopeMembership>();
  private readonly owners = new Map<TSESTree.Identifier | TSESTree.JSXIdentifier, Variable>();
  private readonly tracked = new Set<Variable>();
  private readonly reads = new Map<SessionScope, RequestReads>();

  /** Each scope's nodes by kind: where its lookups, tests and reads of the id are looked for. */
  readonly nodes: ScopeNodes;

  /**
   * Calls of helpers known to check the session at their top and throw on a miss (answered-checks.ts), once the
   * scopes' guards are judged: handing them the id is a known check, not a mention that may have checked anything.
   */
  readonly checkingCalls = new Set<TSESTree.Node>();

  constructor(
    readonly sourceCode: SourceCode,
    fileNodes: Readonly<FileNodes>,
    /** The type checker, bounded by the lint root; present only when the parser has type information. */
    readonly typed?: TypedChecker,
  ) {
    this.nodes = new ScopeNodes(fileNodes);
  }

  /**
   * The identifiers and members of a scope's code that read the requested id (what `isSessionId` holds for), in
   * no particular order: found from the references of the variables that hold the id or the request, and the
   * `.sessionId` members above a request's, rather than by going through every node of the scope.
   */
  idReads(scope: SessionScope): TSESTree.Node[] {
    const [start, end] = scope.root.range;
    const out: TSESTree.Node[] = [];
    const add = (node: TSESTree.Node) => {
      if (start <= node.range[0] && node.range[1] <= end && this.isSessionId(node, scope)) out.push(node);
    };
    for (const variable of scope.ids) {
      for (const id of this.nodes.referencesIn(variable, scope.root)) if (id.type === AST_NODE_TYPES.Identifier) add(id);
      // `const id = this.checkedId(params)`: the call that gives the id back reads it too (and may check it).
      const def = variable.defs[0];
      if (def?.type === "Variable" && def.node.init) add(def.node.init);
    }
    for (const variable of scope.requests) {
      for (const id of this.nodes.referencesIn(variable, scope.root)) {
        // Up from the request through `.params`, `.request`, `?.` and type assertions to a `.sessionId`.
        const parent = requestPart(id).parent;
        if (parent?.type === AST_NODE_TYPES.MemberExpression && memberName(parent) === "sessionId") add(parent);
      }
    }
    return out;
  }

  /**
   * The calls of a scope handed the request or its params as an argument (`requireSession(params, this)`), which
   * may check the session the request names: a function of the project (`console.log(params)` checks nothing), and
   * not one that only builds its value from its arguments (Summaries.checksNothing).
   */
  requestHandedOn(scope: SessionScope): TSESTree.CallExpression[] {
    const resolver = resolverOf(this.sourceCode);
    const summaries = summariesOf(resolver);
    const out: TSESTree.CallExpression[] = [];
    for (const variable of scope.requests) {
      for (const id of this.nodes.referencesIn(variable, scope.root)) {
        const node = requestPart(id);
        const call = node.parent;
        if (call?.type === AST_NODE_TYPES.CallExpression && call.arguments.includes(node as TSESTree.CallExpressionArgument) && resolver.calleeOf(call) && !summaries.checksNothing(call) && !summaries.checksOnlyShape(call)) out.push(call);
      }
    }
    return out;
  }

  /**
   * Whether an expression is the session id the request names (`params.sessionId`, a variable holding it), also
   * through what the summaries follow: `idOf(params.sessionId)`, `p.sessionId` of `const p = parse(params)`.
   */
  isSessionId(node: TSESTree.Node, scope: SessionScope): boolean {
    return isRequestField(summariesOf(resolverOf(this.sourceCode)).valueOf(node), "sessionId", this.readsIn(scope));
  }

  /**
   * Whether an expression is the request, its params, or a part of them that is no id (`ctx`, `ctx.params`), or an
   * object built to carry the id (`parse(params)` returning `{ sessionId: raw.sessionId }`).
   */
  isRequest(node: TSESTree.Node, scope: SessionScope): boolean {
    return carriesRequest(summariesOf(resolverOf(this.sourceCode)).valueOf(node), "sessionId", this.readsIn(scope));
  }

  /** What the scope's tracked variables say of an expression read as it is (one object per scope). */
  private readsIn(scope: SessionScope): RequestReads {
    let reads = this.reads.get(scope);
    if (!reads) this.reads.set(scope, (reads = this.newReads(scope)));
    return reads;
  }

  private newReads(scope: SessionScope): RequestReads {
    return {
      isField: (node) => {
        const inner = resolverOf(this.sourceCode).origin(node);
        if (inner.type === AST_NODE_TYPES.MemberExpression) return memberName(inner) === "sessionId" && this.isRequestRead(inner.object, scope);
        return inner.type === AST_NODE_TYPES.Identifier && this.holds(inner, scope.ids);
      },
      isRequest: (node) => this.isRequestRead(node, scope),
    };
  }

  /** `node` is the request or its params: `ctx`, `ctx.params`, `message.request`. */
  private isRequestRead(node: TSESTree.Node, scope: SessionScope): boolean {
    let inner = unwrapChain(node);
    while (inner.type === AST_NODE_TYPES.MemberExpression && REQUEST_PARTS.has(memberName(inner) ?? "")) inner = unwrapChain(inner.object);
    return inner.type === AST_NODE_TYPES.Identifier && this.holds(inner, scope.requests);
  }

  private holds(id: TSESTree.Identifier, set: ReadonlySet<Variable>): boolean {
    const variable = this.owners.get(id);
    return variable !== undefined && set.has(variable);
  }

  /**
   * Remembers which variable each reference of `variable` reads, so `holds` is one lookup; once per variable, not
   * once per scope that holds it (a dispatcher's message is the request of every branch).
   */
  private track(variable: Variable, set: Set<Variable>): void {
    set.add(variable);
    if (this.tracked.has(variable)) return;
    this.tracked.add(variable);
    for (const ref of variable.references) this.owners.set(ref.identifier, variable);
  }

  /** Adds the scope of a session-scoped handler, then the helpers it hands the id to. */
  addHandler(handler: Handler): void {
    const scope = this.scopeOf(handler.body);
    if (!this.addTo(scope, handler)) return;
    if (handler.fn) {
      for (const param of requestParameters(handler)) this.bindPattern(param, "request", scope);
      if (handler.body !== handler.fn) this.bindPrelude(handler.fn, handler.body, scope);
    }
    this.bindDeclarations(scope);
    this.followHelpers(scope, new Set());
  }

  /** The scope whose root is `root`, when a handler or a helper it calls has one. */
  scopeAt(root: TSESTree.Node): SessionScope | undefined {
    return this.byRoot.get(root);
  }

  private scopeOf(root: TSESTree.Node): SessionScope {
    let scope = this.byRoot.get(root);
    if (!scope) {
      scope = { root, handlers: [], requests: new Set(), ids: new Set(), callers: [] };
      this.byRoot.set(root, scope);
      this.known.set(scope, { handlers: new Set(), calls: new Set(), params: new Map(), settled: undefined });
      this.scopes.push(scope);
    }
    return scope;
  }

  /** Adds a handler to a scope; false when it was there already. */
  private addTo(scope: SessionScope, handler: Handler): boolean {
    const { handlers } = this.known.get(scope)!;
    if (handlers.has(handler)) return false;
    handlers.add(handler);
    scope.handlers.push(handler);
    return true;
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

  /**
   * `const p = ctx.params`, `const { sessionId } = params`, `const id = params.sessionId` inside the scope. Skipped
   * when the scope holds the same variables as after the last pass that bound nothing new: it would bind nothing.
   */
  private bindDeclarations(scope: SessionScope): void {
    const known = this.known.get(scope)!;
    const held = () => scope.ids.size + scope.requests.size;
    const before = held();
    if (known.settled === before) return;
    for (const node of this.nodes.declarators(scope.root)) {
      if (!node.init) continue;
      if (this.isSessionId(node.init, scope)) this.bindPattern(node.id, "id", scope);
      else if (this.isRequest(node.init, scope)) this.bindPattern(node.id, "request", scope);
    }
    known.settled = held() === before ? before : undefined;
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
    for (const call of this.nodes.calls(scope.root)) {
      // Cheap first: a call handed neither the id nor the request makes no helper, whatever it calls.
      if (!call.arguments.some((arg) => arg.type !== AST_NODE_TYPES.SpreadElement && this.roleOf(arg, scope))) continue;
      // A helper of another module (a session manager) is followed too: what it does is judged at the call.
      const fn = resolverOf(this.sourceCode).calleeOf(call);
      if (!fn || fn === scope.root || contains(fn, call)) continue;
      const helper = this.helperFor(fn, call, scope);
      if (!helper) continue;
      for (const handler of scope.handlers) this.addTo(helper, handler);
      this.followHelpers(helper, seen);
    }
  }

  /** What an argument hands a helper: the id, the request, or neither. */
  private roleOf(arg: TSESTree.Node, scope: SessionScope): "id" | "request" | undefined {
    return this.isSessionId(arg, scope) ? "id" : this.isRequest(arg, scope) ? "request" : undefined;
  }

  private helperFor(fn: FunctionNode, call: TSESTree.CallExpression, caller: SessionScope): SessionScope | undefined {
    let helper: SessionScope | undefined;
    call.arguments.forEach((arg, index) => {
      const param = fn.params[index];
      if (!param || arg.type === AST_NODE_TYPES.SpreadElement) return;
      const role = this.roleOf(arg, caller);
      if (!role) return;
      helper ??= this.scopeOf(fn);
      // Every call of a helper hands it the same parameters: each is bound once per role.
      const params = this.known.get(helper)!.params;
      const roles = params.get(param) ?? new Set();
      if (roles.has(role)) return;
      params.set(param, roles.add(role));
      this.bindPattern(param, role, helper);
    });
    if (helper) {
      const { calls } = this.known.get(helper)!;
      if (!calls.has(call)) {
        calls.add(call);
        helper.callers.push({ call, from: caller });
      }
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

