import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { isFunction, memberName, unwrap } from "../syntax/ast.js";
import { functionOf, returnedExpressions } from "../syntax/functions.js";
import type { SessionScope, SessionScopes } from "./scopes.js";
import { isMapStore } from "./stores.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** A read of the session store by the requested id. */
export interface SessionLookup {
  readonly node: TSESTree.Node;
  /** `get`: gives the session or `undefined`; `has`: tells whether it exists (`has`, `in`, `delete`). */
  readonly kind: "get" | "has";
  /** A map or plain object, whose `get` certainly gives `undefined` on a miss. */
  readonly mapStore: boolean;
}

/** A test of whether the session exists, and the branch taken when it does not. */
export interface SessionGuard {
  readonly test: TSESTree.Node;
  /** The branch run for an unknown session; `null` when the `if` has no such branch. */
  readonly miss: TSESTree.Node | null;
}

const HAS_METHODS = new Set(["has", "delete"]);

/** The lookups of one scope: `store.get(id)`, `store[id]`, `store.has(id)`, `id in store`, `getSession(id)`. */
export function findLookups(sourceCode: SourceCode, scopes: SessionScopes, scope: SessionScope): SessionLookup[] {
  const out: SessionLookup[] = [];
  for (const node of scopes.nodesOf(scope)) {
    const lookup = lookupAt(sourceCode, scopes, scope, node);
    if (lookup) out.push(lookup);
  }
  return out;
}

function lookupAt(sourceCode: SourceCode, scopes: SessionScopes, scope: SessionScope, node: TSESTree.Node): SessionLookup | undefined {
  if (node.type === AST_NODE_TYPES.CallExpression) {
    const [first] = node.arguments;
    if (!first || !scopes.isSessionId(first, scope)) return undefined;
    const callee = unwrap(node.callee);
    if (callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type !== AST_NODE_TYPES.ThisExpression) {
      const name = memberName(callee);
      if (name === "get") return { node, kind: "get", mapStore: isMapStore(sourceCode, callee.object) };
      if (HAS_METHODS.has(name ?? "")) return { node, kind: "has", mapStore: isMapStore(sourceCode, callee.object) };
    }
    return lookupHelper(sourceCode, node);
  }
  if (node.type === AST_NODE_TYPES.MemberExpression && node.computed && scopes.isSessionId(node.property, scope)) {
    // `store[id] = x` writes the store; it is no lookup.
    const parent = node.parent;
    if (parent.type === AST_NODE_TYPES.AssignmentExpression && parent.left === node) return undefined;
    return { node, kind: "get", mapStore: isMapStore(sourceCode, node.object) };
  }
  if (node.type === AST_NODE_TYPES.BinaryExpression && node.operator === "in" && scopes.isSessionId(node.left, scope)) {
    return { node, kind: "has", mapStore: true };
  }
  return undefined;
}

/** `getSession(id)` whose body only returns `store.get(id)` / `store[id]` of its first parameter. */
function lookupHelper(sourceCode: SourceCode, call: TSESTree.CallExpression): SessionLookup | undefined {
  const fn = functionOf(sourceCode, call.callee);
  const param = fn?.params[0];
  if (!fn || param?.type !== AST_NODE_TYPES.Identifier) return undefined;
  // Only a function that is nothing but the lookup: one that does more may check, throw or create.
  const onlyReturns = fn.body.type !== AST_NODE_TYPES.BlockStatement || (fn.body.body.length === 1 && fn.body.body[0]!.type === AST_NODE_TYPES.ReturnStatement);
  const returned = onlyReturns ? returnedExpressions(fn, sourceCode.visitorKeys) : [];
  if (returned.length === 0) return undefined;
  const isParam = (n: TSESTree.Node) => {
    const inner = unwrap(n);
    return inner.type === AST_NODE_TYPES.Identifier && inner.name === param.name;
  };
  for (const expression of returned) {
    // `return sessions.get(id)!` asserts, it does not look up for the caller to check.
    if (expression.type === AST_NODE_TYPES.TSNonNullExpression) return undefined;
    const inner = unwrap(expression);
    const store =
      inner.type === AST_NODE_TYPES.CallExpression &&
      inner.callee.type === AST_NODE_TYPES.MemberExpression &&
      memberName(inner.callee) === "get" &&
      inner.arguments[0] &&
      isParam(inner.arguments[0])
        ? inner.callee.object
        : inner.type === AST_NODE_TYPES.MemberExpression && inner.computed && isParam(inner.property)
          ? inner.object
          : undefined;
    if (!store || !isMapStore(sourceCode, store)) return undefined;
  }
  return { node: call, kind: "get", mapStore: true };
}

/** The variable a `get` lookup is stored in: `const s = store.get(id)`. */
export function lookupVariable(sourceCode: SourceCode, lookup: SessionLookup): TSESLint.Scope.Variable | undefined {
  let node: TSESTree.Node = lookup.node;
  while (node.parent?.type === AST_NODE_TYPES.TSAsExpression || node.parent?.type === AST_NODE_TYPES.AwaitExpression) node = node.parent;
  const declarator = node.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.init !== node || declarator.id.type !== AST_NODE_TYPES.Identifier) {
    return undefined;
  }
  return sourceCode.scopeManager?.getDeclaredVariables(declarator)[0];
}

/** Whether `node` tests that a session exists: `true` when a truthy test means it does, `false` when it means it does not. */
function presence(sourceCode: SourceCode, node: TSESTree.Node, lookups: readonly SessionLookup[], vars: ReadonlySet<TSESLint.Scope.Variable>): boolean | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "!") {
    const p = presence(sourceCode, inner.argument, lookups, vars);
    return p === undefined ? undefined : !p;
  }
  if (inner.type === AST_NODE_TYPES.BinaryExpression && ["===", "==", "!==", "!="].includes(inner.operator)) {
    const negated = inner.operator.startsWith("!");
    const isConstant = (n: TSESTree.Node) => isNullish(n) || isFalse(n);
    const [subject, other] = isConstant(inner.right) ? [inner.left, inner.right] : [inner.right, inner.left];
    if (isNullish(other) && isSession(subject, lookups, vars, "get")) return negated;
    if (isFalse(other) && isSession(subject, lookups, vars, "has")) return negated;
    if (isTypeofUndefined(inner) && isSession(typeofArgument(inner)!, lookups, vars, "get")) return negated;
    return undefined;
  }
  return isSession(inner, lookups, vars, "any") ? true : undefined;
}

function isSession(node: TSESTree.Node, lookups: readonly SessionLookup[], vars: ReadonlySet<TSESLint.Scope.Variable>, kind: "get" | "has" | "any"): boolean {
  const inner = unwrap(node);
  const lookup = lookups.find((l) => l.node === inner);
  if (lookup) return kind === "any" || lookup.kind === kind;
  if (inner.type !== AST_NODE_TYPES.Identifier || kind === "has") return false;
  for (const variable of vars) if (variable.references.some((r) => r.identifier === inner)) return true;
  return false;
}

function isNullish(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  return (
    (inner.type === AST_NODE_TYPES.Identifier && inner.name === "undefined") ||
    (inner.type === AST_NODE_TYPES.Literal && inner.value === null && !("regex" in inner)) ||
    (inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "void")
  );
}

function isFalse(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  return inner.type === AST_NODE_TYPES.Literal && inner.value === false;
}

function typeofArgument(node: TSESTree.BinaryExpression): TSESTree.Node | undefined {
  for (const side of [node.left, node.right]) {
    if (side.type === AST_NODE_TYPES.UnaryExpression && side.operator === "typeof") return side.argument;
  }
  return undefined;
}

function isTypeofUndefined(node: TSESTree.BinaryExpression): boolean {
  const other = node.left.type === AST_NODE_TYPES.UnaryExpression ? node.right : node.left;
  return typeofArgument(node) !== undefined && other.type === AST_NODE_TYPES.Literal && other.value === "undefined";
}

/** The `if` statements and conditional expressions of a scope that test whether the session exists. */
export function findGuards(sourceCode: SourceCode, scopes: SessionScopes, scope: SessionScope, lookups: readonly SessionLookup[]): SessionGuard[] {
  const vars = new Set<TSESLint.Scope.Variable>();
  for (const lookup of lookups) {
    const variable = lookup.kind === "get" ? lookupVariable(sourceCode, lookup) : undefined;
    if (variable && variable.references.filter((r) => r.isWrite()).length === 1) vars.add(variable);
  }
  const out: SessionGuard[] = [];
  for (const node of scopes.nodesOf(scope)) {
    if (node.type !== AST_NODE_TYPES.IfStatement && node.type !== AST_NODE_TYPES.ConditionalExpression) continue;
    const present = presence(sourceCode, node.test, lookups, vars);
    if (present === undefined) continue;
    out.push({ test: node.test, miss: present ? (node.alternate ?? null) : node.consequent });
  }
  return out;
}

/** The statement that answers in a branch: the first `throw` or `return` among its own statements. */
export function answerStatement(branch: TSESTree.Node): TSESTree.ThrowStatement | TSESTree.ReturnStatement | TSESTree.Expression | undefined {
  if (branch.type === AST_NODE_TYPES.ThrowStatement || branch.type === AST_NODE_TYPES.ReturnStatement) return branch;
  if (branch.type === AST_NODE_TYPES.BlockStatement) {
    for (const statement of branch.body) {
      if (statement.type === AST_NODE_TYPES.ThrowStatement || statement.type === AST_NODE_TYPES.ReturnStatement) return statement;
    }
    return undefined;
  }
  // The miss branch of `s ? use(s) : fail()`.
  if (branch.type.endsWith("Statement") || branch.type.endsWith("Declaration")) return undefined;
  return branch as TSESTree.Expression;
}

/** The first use of a looked-up session that dereferences it before anything tests it. */
export function unguardedUse(sourceCode: SourceCode, scopes: SessionScopes, scope: SessionScope, lookup: SessionLookup): TSESTree.Node | undefined {
  if (lookup.kind !== "get" || !lookup.mapStore) return undefined;
  const parent = lookup.node.parent;
  if (parent?.type === AST_NODE_TYPES.TSNonNullExpression) return hasEarlierMention(scopes, scope, lookup, parent) ? undefined : parent;
  if (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === lookup.node && !parent.optional) {
    return hasEarlierMention(scopes, scope, lookup, parent) ? undefined : lookup.node;
  }
  const variable = lookupVariable(sourceCode, lookup);
  if (!variable || variable.references.filter((r) => r.isWrite()).length !== 1) return undefined;
  const reads = variable.references.filter((r) => r.isRead()).sort((a, b) => a.identifier.range[0] - b.identifier.range[0]);
  const first = reads[0]?.identifier;
  if (!first || isInNestedFunction(first, scope.root, lookup.node)) return undefined;
  const use = first.parent;
  // `s!.x` asserts what was never checked: reported at the `!`.
  if (use?.type === AST_NODE_TYPES.TSNonNullExpression) return hasEarlierMention(scopes, scope, lookup, first) ? undefined : use;
  const dereferences =
    (use?.type === AST_NODE_TYPES.MemberExpression && use.object === first && !use.optional) ||
    (use?.type === AST_NODE_TYPES.CallExpression && use.callee === first && !use.optional);
  if (!dereferences) return undefined;
  return hasEarlierMention(scopes, scope, lookup, first) ? undefined : first;
}

/** A function between `node` and the lookup's own function: a callback that may run later, or never. */
function isInNestedFunction(node: TSESTree.Node, root: TSESTree.Node, lookup: TSESTree.Node): boolean {
  const owner = (n: TSESTree.Node) => {
    for (let p = n.parent; p && p !== root; p = p.parent) if (isFunction(p)) return p;
    return root;
  };
  return owner(node) !== owner(lookup);
}

/**
 * Whether the id is mentioned between the start of the scope and `use` other than by the lookup: a `has` check,
 * a write (`store[id] ??= fresh()`), a helper that may throw. Any of them may be a guard, so the use is not judged.
 */
function hasEarlierMention(scopes: SessionScopes, scope: SessionScope, lookup: SessionLookup, use: TSESTree.Node): boolean {
  for (const node of scopes.nodesOf(scope)) {
    if (node.range[0] >= use.range[0]) return false;
    if (lookup.node.range[0] <= node.range[0] && node.range[1] <= lookup.node.range[1]) continue;
    // `const id = params.sessionId` only names the id.
    if (node.parent?.type === AST_NODE_TYPES.VariableDeclarator && node.parent.init === node) continue;
    const isIdRead =
      (node.type === AST_NODE_TYPES.MemberExpression || node.type === AST_NODE_TYPES.Identifier) &&
      !isDeclarationName(node) &&
      scopes.isSessionId(node, scope);
    if (isIdRead) return true;
  }
  return false;
}

function isDeclarationName(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === AST_NODE_TYPES.VariableDeclarator) return parent.id === node;
  if (parent.type === AST_NODE_TYPES.Property) return parent.parent.type === AST_NODE_TYPES.ObjectPattern;
  if (parent.type === AST_NODE_TYPES.MemberExpression) return parent.property === node && !parent.computed;
  return isFunction(parent) && parent.params.includes(node as TSESTree.Parameter);
}
