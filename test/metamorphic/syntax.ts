/**
 * The shapes the rewrites look for, found with the real parser (@typescript-eslint/typescript-estree) and scope
 * manager: handler functions, the request's params, lookups keyed by them, the guards that test them, and what a
 * range of statements needs from around it to move elsewhere. The rewrites know nothing of the plugin's analysis.
 */
import { analyze, type Scope, type ScopeManager, type Variable } from "@typescript-eslint/scope-manager";
import { AST_NODE_TYPES, parse, type TSESTree } from "@typescript-eslint/typescript-estree";
import { visitorKeys } from "@typescript-eslint/visitor-keys";
import { METHODS, WIRE_NAMES } from "../../src/protocol/methods.js";
import { isWritePosition } from "../../src/analysis/resolution/values.js";

export type Node = TSESTree.Node;
type FunctionNode = TSESTree.ArrowFunctionExpression | TSESTree.FunctionDeclaration | TSESTree.FunctionExpression;

/** A parsed case: its tree, scopes and each node's parent. */
export interface Source {
  readonly code: string;
  readonly filename: string;
  readonly ast: TSESTree.Program;
  readonly scopes: ScopeManager;
  readonly parents: ReadonlyMap<Node, Node>;
  /** TypeScript (type annotations may be written). */
  readonly typescript: boolean;
}

const TYPESCRIPT = /\.(?:ts|tsx|mts|cts)$/u;
const JSX = /\.(?:tsx|jsx)$/u;

/** The parsed source, or undefined when it does not parse. */
export function parseSource(code: string, filename: string): Source | undefined {
  let ast: TSESTree.Program;
  try {
    ast = parse(code, { range: true, loc: false, jsx: JSX.test(filename), comment: false, filePath: filename });
  } catch {
    return undefined;
  }
  const parents = new Map<Node, Node>();
  walk(ast, (node, parent) => {
    if (parent) parents.set(node, parent);
  });
  const scopes = analyze(ast, { sourceType: "module", childVisitorKeys: visitorKeys });
  return { code, filename, ast, scopes, parents, typescript: TYPESCRIPT.test(filename) };
}

/** Visits `node` and its descendants, parents first; `visit` returning false skips a node's children. */
export function walk(node: Node, visit: (node: Node, parent: Node | undefined) => boolean | void, parent?: Node): void {
  if (visit(node, parent) === false) return;
  for (const key of visitorKeys[node.type] ?? []) {
    const child = (node as unknown as Record<string, unknown>)[key];
    for (const c of Array.isArray(child) ? child : [child]) {
      if (c && typeof (c as Node).type === "string") walk(c as Node, visit, node);
    }
  }
}

export const isFunction = (node: Node | undefined): node is FunctionNode =>
  node?.type === AST_NODE_TYPES.ArrowFunctionExpression ||
  node?.type === AST_NODE_TYPES.FunctionDeclaration ||
  node?.type === AST_NODE_TYPES.FunctionExpression;

export function ancestors(source: Source, node: Node): Node[] {
  const list: Node[] = [];
  for (let n = source.parents.get(node); n; n = source.parents.get(n)) list.push(n);
  return list;
}

export const enclosingFunction = (source: Source, node: Node): FunctionNode | undefined => ancestors(source, node).find(isFunction);

/** The list of statements `statement` is in (a block's, a case's, the program's), or undefined. */
export function statementList(source: Source, statement: Node): readonly TSESTree.Statement[] | undefined {
  const parent = source.parents.get(statement);
  switch (parent?.type) {
    case AST_NODE_TYPES.BlockStatement:
    case AST_NODE_TYPES.Program:
    case AST_NODE_TYPES.StaticBlock:
      return parent.body as TSESTree.Statement[];
    case AST_NODE_TYPES.SwitchCase:
      return parent.consequent.includes(statement as TSESTree.Statement) ? parent.consequent : undefined;
    default:
      return undefined;
  }
}

/** The whitespace that starts the line `offset` is on. */
export function indentAt(code: string, offset: number): string {
  const start = code.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/u.exec(code.slice(start))![0];
}

/** `base`, or `base2`, `base3`… : a name the code does not use yet (nor `taken`). */
export function freshName(code: string, base: string, taken: Set<string> = new Set()): string {
  for (let i = 1; ; i++) {
    const name = i === 1 ? base : `${base}${i}`;
    if (!taken.has(name) && !new RegExp(`(?<![\\w$])${name.replace(/\$/gu, "\\$")}(?![\\w$])`, "u").test(code)) {
      taken.add(name);
      return name;
    }
  }
}

const LEGACY_NAMES = new Set(METHODS.flatMap((m) => m.legacyNames));
const keyName = (key: Node, computed: boolean) =>
  !computed && key.type === AST_NODE_TYPES.Identifier ? key.name : key.type === AST_NODE_TYPES.Literal && typeof key.value === "string" ? key.value : undefined;

/** How a handler receives the request: its first parameter is the params (`direct`), or a context holding them. */
export interface Handler {
  readonly fn: FunctionNode;
  readonly paramsFirst: boolean;
}

/**
 * The functions that handle an ACP method, in the styles users write: the last function argument of
 * `x.onRequest(…)` / `x.onNotification(…)` (SDK 2.x apps, vscode-jsonrpc), a method of a class or object named
 * as a legacy `Agent` / `Client` method, a function keyed by a wire name in an object (a handler map).
 */
export function handlers(source: Source): Handler[] {
  const found: Handler[] = [];
  walk(source.ast, (node) => {
    if (node.type === AST_NODE_TYPES.CallExpression && node.callee.type === AST_NODE_TYPES.MemberExpression) {
      const name = keyName(node.callee.property, node.callee.computed);
      const fn = node.arguments.at(-1);
      if ((name === "onRequest" || name === "onNotification") && isFunction(fn)) {
        // vscode-jsonrpc's handlers take the params; the SDK's a context (`({ params })`, `(ctx) => ctx.params`).
        const first = fn.params[0];
        found.push({ fn, paramsFirst: first?.type === AST_NODE_TYPES.Identifier && first.name === "params" });
      }
    }
    if (node.type === AST_NODE_TYPES.MethodDefinition || node.type === AST_NODE_TYPES.Property || node.type === AST_NODE_TYPES.PropertyDefinition) {
      const name = keyName(node.key, node.computed);
      const fn = node.value;
      if (name && isFunction(fn as Node) && (LEGACY_NAMES.has(name) || (node.type === AST_NODE_TYPES.Property && WIRE_NAMES.has(name) && name.includes("/")))) {
        found.push({ fn: fn as FunctionNode, paramsFirst: true });
      }
    }
  });
  return found;
}

/** The variable `identifier` refers to (or declares), through the scope manager. */
export function variableOf(source: Source, identifier: TSESTree.Identifier): Variable | undefined {
  for (let scope: Scope | null = innermostScope(source, identifier); scope; scope = scope.upper) {
    const ref = scope.references.find((r) => r.identifier === identifier);
    if (ref) return ref.resolved ?? undefined;
    const declared = scope.variables.find((v) => v.identifiers.includes(identifier));
    if (declared) return declared;
  }
  return undefined;
}

function innermostScope(source: Source, node: Node): Scope | null {
  let best: Scope | null = null;
  for (const scope of source.scopes.scopes) {
    const [from, to] = scope.block.range;
    if (from <= node.range[0] && node.range[1] <= to && (!best || best.block.range[1] - best.block.range[0] >= to - from)) best = scope;
  }
  return best;
}

/**
 * Whether `expr` is the request's params: a binding named `params` (a parameter, `{ params }` of a context, a
 * `const params = msg.params`), `<x>.params`, or the first parameter of a handler that takes the params first.
 */
export function isParamsObject(source: Source, expr: Node, firstParams: ReadonlySet<Variable>): boolean {
  if (expr.type === AST_NODE_TYPES.Identifier) {
    if (!isReference(source, expr)) return false;
    if (expr.name === "params") return true;
    const variable = variableOf(source, expr);
    return variable !== undefined && firstParams.has(variable);
  }
  return expr.type === AST_NODE_TYPES.MemberExpression && !expr.computed && keyName(expr.property, false) === "params";
}

/** The variables of handlers' first parameters when the handler takes the params first. */
export function firstParamVariables(source: Source): Set<Variable> {
  const variables = new Set<Variable>();
  for (const { fn, paramsFirst } of handlers(source)) {
    const first = fn.params[0];
    const id = first?.type === AST_NODE_TYPES.AssignmentPattern ? first.left : first;
    if (!paramsFirst || id?.type !== AST_NODE_TYPES.Identifier) continue;
    const variable = variableOf(source, id);
    if (variable) variables.add(variable);
  }
  return variables;
}

/** A read of a field of the params: `params.sessionId` (not written, not called, not deleted). */
export interface ParamsRead {
  readonly node: TSESTree.MemberExpression;
  readonly object: Node;
  readonly field: string;
  /** Inside an optional chain (`req.params?.sessionId`). */
  readonly optional: boolean;
}

export function paramsReads(source: Source): ParamsRead[] {
  const firstParams = firstParamVariables(source);
  const reads: ParamsRead[] = [];
  walk(source.ast, (node) => {
    if (node.type !== AST_NODE_TYPES.MemberExpression || node.computed || !isParamsObject(source, node.object, firstParams)) return;
    const field = keyName(node.property, false);
    const parent = source.parents.get(node);
    if (!field || isWritten(node, parent) || (parent?.type === AST_NODE_TYPES.CallExpression && parent.callee === node)) return;
    const optional = node.optional || (node.object.type === AST_NODE_TYPES.MemberExpression && node.object.optional) || ancestors(source, node).some((a) => a.type === AST_NODE_TYPES.ChainExpression);
    reads.push({ node, object: node.object, field, optional });
  });
  return reads;
}

/** Whether `parent` writes `node` (the plugin's own test: assigned, updated, deleted, a destructuring target). */
export function isWritten(node: Node, parent: Node | undefined): boolean {
  return parent !== undefined && isWritePosition(node, parent);
}

const LOOKUP_METHODS = new Set(["get", "has", "delete", "find", "findIndex", "includes", "some", "indexOf", "load", "lookup", "resolve", "fetch", "read", "require"]);
const ID_NAME = /^id$|Id$/u;

/** Whether `node` is an identifier that names a value (not a property's key or a member's property name). */
function isReference(source: Source, node: TSESTree.Identifier): boolean {
  const parent = source.parents.get(node);
  if (parent?.type === AST_NODE_TYPES.MemberExpression) return parent.object === node || parent.computed;
  if (parent?.type === AST_NODE_TYPES.Property) return parent.value === node || parent.computed;
  return !(parent?.type === AST_NODE_TYPES.MethodDefinition || parent?.type === AST_NODE_TYPES.PropertyDefinition) || parent.value === node;
}

/** Whether `expr` reads the request: the params, a field of them, or a name ending in `Id` (a requested id). */
export function readsRequest(source: Source, expr: Node, firstParams: ReadonlySet<Variable>): boolean {
  let found = false;
  walk(expr, (node) => {
    if (found) return false;
    if (isParamsObject(source, node, firstParams)) found = true;
    else if (node.type === AST_NODE_TYPES.Identifier && ID_NAME.test(node.name) && isReference(source, node)) found = true;
    return !isFunction(node);
  });
  return found;
}

/**
 * Whether `expr` is a lookup keyed by the request: `x.get(id)`, `x.has(id)`, `x.delete(id)`, `list.includes(p.modeId)`,
 * `x.getSession(id)` (a call whose method name starts like a lookup's), `x[id]`, `id in x`, awaited or not.
 */
export function isLookup(source: Source, expr: Node, firstParams: ReadonlySet<Variable>): boolean {
  const node = expr.type === AST_NODE_TYPES.AwaitExpression ? expr.argument : expr;
  if (node.type === AST_NODE_TYPES.CallExpression && node.callee.type === AST_NODE_TYPES.MemberExpression) {
    const name = keyName(node.callee.property, node.callee.computed) ?? "";
    const lookupLike = LOOKUP_METHODS.has(name) || /^(?:get|find|load|lookup|require|resolve|fetch|read)[A-Z]/u.test(name);
    return lookupLike && node.arguments.some((a) => readsRequest(source, a, firstParams));
  }
  if (node.type === AST_NODE_TYPES.MemberExpression && node.computed) {
    return node.property.type !== AST_NODE_TYPES.Literal && readsRequest(source, node.property, firstParams);
  }
  return node.type === AST_NODE_TYPES.BinaryExpression && node.operator === "in" && readsRequest(source, node.left, firstParams);
}

/** The lookups inside `expr`, outermost first, not looking into nested functions. */
export function lookupsIn(source: Source, expr: Node, firstParams: ReadonlySet<Variable>): Node[] {
  const found: Node[] = [];
  walk(expr, (node) => {
    if (isFunction(node)) return false;
    if (isLookup(source, node, firstParams)) found.push(node);
  });
  return found;
}

/** What a range of statements uses from around it, and what keeps it from moving into a function of its own. */
export interface Needs {
  /** Variables declared in the enclosing functions (not the module) that the range reads, in order of first use. */
  readonly closure: readonly string[];
  /** Variables of the module (imports excluded) that the range reads, in order of first use. */
  readonly module: readonly string[];
  /** `this` of the enclosing function, outside nested non-arrow functions. */
  readonly thisAt: readonly TSESTree.ThisExpression[];
  readonly awaits: boolean;
  readonly privateNames: boolean;
  readonly superOrArguments: boolean;
  /** Why the range cannot become a function's body (a `return`, `yield`, a jump out, a write to a variable outside). */
  readonly blocker: string | undefined;
}

/** What the statements `[from, to)` inside function `fn` need to move into a function of their own. */
export function needsOf(source: Source, from: number, to: number): Needs {
  const inRange = (n: Node) => from <= n.range[0] && n.range[1] <= to;
  const closure: string[] = [];
  const module: string[] = [];
  const thisAt: TSESTree.ThisExpression[] = [];
  let blocker: string | undefined;
  let awaits = false;
  let privateNames = false;
  let superOrArguments = false;
  for (const scope of source.scopes.scopes) {
    for (const ref of scope.references) {
      if (!inRange(ref.identifier) || !ref.isValueReference) continue;
      const variable = ref.resolved;
      if (!variable) {
        if (ref.identifier.name === "arguments") superOrArguments = true;
        continue;
      }
      const declaredInside = variable.defs.some((d) => inRange(d.name));
      if (declaredInside) continue;
      // The globals TypeScript's lib declares (`Error`, `Map`) and imports are there wherever the code goes.
      if (variable.defs.length === 0 || variable.defs.some((d) => d.type === "ImportBinding")) continue;
      const moduleLevel = variable.scope.type === "module" || variable.scope.type === "global";
      if (ref.isWrite()) blocker ??= `writes ${variable.name}, declared outside`;
      const list = moduleLevel ? module : closure;
      if (!list.includes(variable.name)) list.push(variable.name);
    }
  }
  // Only what lies inside the range: a function, loop or label around it is the range's context, not its content.
  const visit = (node: Node, arrowDepth: number, loops: number) => {
    switch (node.type) {
      case AST_NODE_TYPES.FunctionDeclaration:
      case AST_NODE_TYPES.FunctionExpression:
      case AST_NODE_TYPES.ClassBody:
        if (privateNamesIn(node)) privateNames = true;
        return;
      case AST_NODE_TYPES.ArrowFunctionExpression:
        for (const child of [...node.params, node.body]) visit(child, arrowDepth + 1, 0);
        return;
      case AST_NODE_TYPES.ThisExpression:
        thisAt.push(node);
        break;
      case AST_NODE_TYPES.Super:
      case AST_NODE_TYPES.MetaProperty:
        superOrArguments = true;
        break;
      case AST_NODE_TYPES.PrivateIdentifier:
        privateNames = true;
        break;
      case AST_NODE_TYPES.AwaitExpression:
        if (arrowDepth === 0) awaits = true;
        break;
      case AST_NODE_TYPES.ForOfStatement:
        if (node.await && arrowDepth === 0) awaits = true;
        break;
      case AST_NODE_TYPES.ReturnStatement:
        if (arrowDepth === 0) blocker ??= "returns";
        break;
      case AST_NODE_TYPES.YieldExpression:
        blocker ??= "yields";
        break;
      case AST_NODE_TYPES.LabeledStatement:
        blocker ??= "has a label";
        break;
      case AST_NODE_TYPES.BreakStatement:
      case AST_NODE_TYPES.ContinueStatement:
        if (loops === 0 && arrowDepth === 0) blocker ??= "jumps out";
        break;
      default:
        break;
    }
    const loop = /^(?:For|ForIn|ForOf|While|DoWhile|Switch)Statement$/u.test(node.type) ? 1 : 0;
    for (const key of visitorKeys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const c of Array.isArray(child) ? child : [child]) {
        if (c && typeof (c as Node).type === "string") visit(c as Node, arrowDepth, loops + loop);
      }
    }
  };
  walk(source.ast, (node) => {
    if (!inRange(node)) return node.range[0] < to && from < node.range[1];
    visit(node, 0, 0);
    return false;
  });
  return { closure, module, thisAt, awaits, privateNames, superOrArguments, blocker };
}

function privateNamesIn(node: Node): boolean {
  let found = false;
  walk(node, (n) => {
    if (n.type === AST_NODE_TYPES.PrivateIdentifier) found = true;
    return !found;
  });
  return found;
}

/**
 * The class whose instance `this` is inside `fn`: through arrows, up to a method, constructor or field of a class
 * (not a static one). Undefined when `this` there is anything else.
 */
export function classOfThis(source: Source, fn: FunctionNode): TSESTree.ClassBody | undefined {
  let current: Node = fn;
  for (;;) {
    const parent = source.parents.get(current);
    if (!parent) return undefined;
    if (current.type === AST_NODE_TYPES.FunctionExpression || current.type === AST_NODE_TYPES.ArrowFunctionExpression) {
      if ((parent.type === AST_NODE_TYPES.MethodDefinition || parent.type === AST_NODE_TYPES.PropertyDefinition) && parent.value === current && !parent.static) {
        const body = source.parents.get(parent);
        return body?.type === AST_NODE_TYPES.ClassBody ? body : undefined;
      }
      if (current.type === AST_NODE_TYPES.FunctionExpression) return undefined;
    }
    if (current.type === AST_NODE_TYPES.FunctionDeclaration) return undefined;
    current = parent;
  }
}

/** The range of an arrow's expression body with the parentheses around it (`=> ({ … })`). */
export function expressionBodyRange(source: Source, body: Node): [number, number] {
  let [from, to] = body.range;
  const before = source.code.slice(source.code.lastIndexOf("=>", from) + 2, from);
  const opened = (before.match(/\(/gu) ?? []).length;
  for (let i = 0; i < opened; i++) {
    from = source.code.lastIndexOf("(", from - 1);
    to = source.code.indexOf(")", to) + 1;
  }
  return [from, to];
}

/** The offset after the program's last import declaration (0 without one), where an import is added. */
export function importOffset(source: Source): number {
  const imports = source.ast.body.filter((s) => s.type === AST_NODE_TYPES.ImportDeclaration);
  return imports.at(-1)?.range[1] ?? 0;
}

/** Whether the module is CommonJS: no import or export, and a `require(…)` call. */
export function isCommonJs(source: Source): boolean {
  if (/\.cjs$/u.test(source.filename)) return true;
  const esm = source.ast.body.some((s) => /^(?:Import|Export)/u.test(s.type));
  return !esm && /\brequire\s*\(/u.test(source.code);
}

/** The expression that names the SDK's `RequestError` in the module (`RequestError`, `acp.RequestError`), or undefined. */
export function requestErrorName(source: Source): string | undefined {
  for (const s of source.ast.body) {
    if (s.type !== AST_NODE_TYPES.ImportDeclaration || s.importKind === "type") continue;
    if (!/^(?:@agentclientprotocol\/sdk|@zed-industries\/agent-client-protocol)$/u.test(String(s.source.value))) continue;
    for (const spec of s.specifiers) {
      if (spec.type === AST_NODE_TYPES.ImportNamespaceSpecifier) return `${spec.local.name}.RequestError`;
      if (spec.type === AST_NODE_TYPES.ImportSpecifier && spec.importKind !== "type" && keyName(spec.imported, false) === "RequestError") return spec.local.name;
    }
  }
  return undefined;
}

export { AST_NODE_TYPES, type TSESTree };
