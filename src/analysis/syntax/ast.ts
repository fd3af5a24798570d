import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";

/** The TypeScript-only wrappers that do not change a value: `x as T`, `x!`, `x satisfies T`, `<T>x`, `f<T>`. */
export const VALUE_WRAPPERS: ReadonlySet<AST_NODE_TYPES> = new Set([
  AST_NODE_TYPES.TSAsExpression,
  AST_NODE_TYPES.TSNonNullExpression,
  AST_NODE_TYPES.TSSatisfiesExpression,
  AST_NODE_TYPES.TSTypeAssertion,
  AST_NODE_TYPES.TSInstantiationExpression,
]);

type ValueWrapper =
  | TSESTree.TSAsExpression
  | TSESTree.TSNonNullExpression
  | TSESTree.TSSatisfiesExpression
  | TSESTree.TSTypeAssertion
  | TSESTree.TSInstantiationExpression;

/** Whether `node` is one of VALUE_WRAPPERS. */
export function isValueWrapper(node: TSESTree.Node): node is ValueWrapper {
  return VALUE_WRAPPERS.has(node.type);
}

/** VALUE_WRAPPERS and `await`: what a promise's result passes through unchanged (`await (read() as Promise<T>)`). */
export const AWAITED_VALUE: ReadonlySet<AST_NODE_TYPES> = new Set([...VALUE_WRAPPERS, AST_NODE_TYPES.AwaitExpression]);

/** `node` with every enclosing node of a type in `types` around it: the expression whose parent uses the value. */
export function outermostThrough(node: TSESTree.Node, types: ReadonlySet<AST_NODE_TYPES>): TSESTree.Node {
  let current = node;
  while (current.parent && types.has(current.parent.type)) current = current.parent;
  return current;
}

/**
 * `node` with the wrappers of VALUE_WRAPPERS around it: the expression whose parent says what is done with the value
 * (`(err as Coded).code`, `(f() satisfies Promise<T>)`).
 */
export function outermostWrapper(node: TSESTree.Node): TSESTree.Node {
  return outermostThrough(node, VALUE_WRAPPERS);
}

/** Strips the wrappers of VALUE_WRAPPERS. */
export function unwrap(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (VALUE_WRAPPERS.has(current.type)) current = (current as ValueWrapper).expression;
  return current;
}

/**
 * The static name of a property key or member property: `a.b`, `a["b"]`, `{ b: 1 }`, `{ "b": 1 }`; a private name
 * keeps its `#` (`this.#require` is `#require`, another member than `require`).
 */
export function staticKeyName(key: TSESTree.Node, computed: boolean): string | undefined {
  if (!computed && key.type === AST_NODE_TYPES.Identifier) return key.name;
  if (key.type === AST_NODE_TYPES.PrivateIdentifier) return `#${key.name}`;
  if (key.type === AST_NODE_TYPES.Literal && (typeof key.value === "string" || typeof key.value === "number")) {
    return String(key.value);
  }
  if (key.type === AST_NODE_TYPES.TemplateLiteral && key.expressions.length === 0) {
    return key.quasis[0]?.value.cooked ?? undefined;
  }
  return undefined;
}

export function memberName(node: TSESTree.MemberExpression): string | undefined {
  return staticKeyName(node.property, node.computed);
}

/** The name a callee or constructor is known by: `Foo`, `ns.Foo`, `this.foo`. */
export function calleeName(node: TSESTree.Node): string | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name;
  if (inner.type === AST_NODE_TYPES.MemberExpression) return memberName(inner);
  return undefined;
}

/** A property of an object literal by static name (the last one wins, as at run time). */
export function findProperty(object: TSESTree.ObjectExpression, name: string): TSESTree.Property | undefined {
  let found: TSESTree.Property | undefined;
  for (const prop of object.properties) {
    if (prop.type === AST_NODE_TYPES.Property && prop.kind === "init" && staticKeyName(prop.key, prop.computed) === name) {
      found = prop;
    }
  }
  return found;
}

export function hasSpread(object: TSESTree.ObjectExpression): boolean {
  return object.properties.some((p) => p.type === AST_NODE_TYPES.SpreadElement);
}

export type FunctionNode =
  | TSESTree.FunctionDeclaration
  | TSESTree.FunctionExpression
  | TSESTree.ArrowFunctionExpression;

export function isFunction(node: TSESTree.Node): node is FunctionNode {
  return (
    node.type === AST_NODE_TYPES.FunctionDeclaration ||
    node.type === AST_NODE_TYPES.FunctionExpression ||
    node.type === AST_NODE_TYPES.ArrowFunctionExpression
  );
}

/**
 * Whether `node` lies inside `outer` (or is it). Nodes of different files (a module the resolution layer read) never
 * contain each other, whatever their ranges.
 */
export function contains(outer: TSESTree.Node, node: TSESTree.Node): boolean {
  if (outer.range[0] > node.range[0] || node.range[1] > outer.range[1]) return false;
  if (outer === node) return true;
  return rootOf(outer) === rootOf(node);
}

function rootOf(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (current.parent) current = current.parent;
  return current;
}

export function enclosingFunction(node: TSESTree.Node): FunctionNode | undefined {
  for (let p = node.parent; p; p = p.parent) if (isFunction(p)) return p;
  return undefined;
}

export function enclosingClass(node: TSESTree.Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === AST_NODE_TYPES.ClassDeclaration || p.type === AST_NODE_TYPES.ClassExpression) return p;
  }
  return undefined;
}

export type VisitorKeys = Readonly<Record<string, readonly string[] | undefined>>;

/** The child nodes of `node`, in source order, following the parser's visitor keys. */
export function children(node: TSESTree.Node, visitorKeys: VisitorKeys): TSESTree.Node[] {
  const out: TSESTree.Node[] = [];
  for (const key of visitorKeys[node.type] ?? []) {
    const child = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(child)) {
      for (const item of child) if (item && typeof (item as TSESTree.Node).type === "string") out.push(item as TSESTree.Node);
    } else if (child && typeof (child as TSESTree.Node).type === "string") {
      out.push(child as TSESTree.Node);
    }
  }
  return out;
}

/** Calls `visit` for every node below `root` (itself included), parents first, in source order. */
export function walk(root: TSESTree.Node, visitorKeys: VisitorKeys, visit: (node: TSESTree.Node) => void): void {
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    // Children pushed last to first, straight onto the stack: this runs for every node of every file.
    const keys = visitorKeys[node.type];
    if (!keys) continue;
    for (let k = keys.length - 1; k >= 0; k--) {
      const child = (node as unknown as Record<string, unknown>)[keys[k]!];
      if (Array.isArray(child)) {
        for (let i = child.length - 1; i >= 0; i--) {
          const item = child[i] as TSESTree.Node | null;
          if (item && typeof item.type === "string") stack.push(item);
        }
      } else if (child && typeof (child as TSESTree.Node).type === "string") {
        stack.push(child as TSESTree.Node);
      }
    }
  }
}

/** `undefined`, `null` or `void x`: a test against it asks whether something is there. */
export function isNullish(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  return (
    (inner.type === AST_NODE_TYPES.Identifier && inner.name === "undefined") ||
    (inner.type === AST_NODE_TYPES.Literal && inner.value === null && !("regex" in inner)) ||
    (inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "void")
  );
}

/** The literal `false`. */
export function isFalse(node: TSESTree.Node): boolean {
  const inner = unwrap(node);
  return inner.type === AST_NODE_TYPES.Literal && inner.value === false;
}

/** Whether a statement never completes normally: it returns or throws on every path. */
export function alwaysExits(node: TSESTree.Node): boolean {
  switch (node.type) {
    case AST_NODE_TYPES.ReturnStatement:
    case AST_NODE_TYPES.ThrowStatement:
      return true;
    case AST_NODE_TYPES.BlockStatement:
      return node.body.some(alwaysExits);
    case AST_NODE_TYPES.IfStatement:
      return node.alternate !== null && alwaysExits(node.consequent) && alwaysExits(node.alternate);
    default:
      return false;
  }
}

/** Whether a branch ends in a `return`: what follows it runs only when its test is false. */
export function endsWithReturn(node: TSESTree.Node): boolean {
  if (node.type === AST_NODE_TYPES.ReturnStatement) return true;
  if (node.type !== AST_NODE_TYPES.BlockStatement) return false;
  const last = node.body[node.body.length - 1];
  return last !== undefined && endsWithReturn(last);
}

/** The statement a branch ends with: a block's last, or the branch itself; undefined for an empty block. */
export function lastStatement(branch: TSESTree.Node): TSESTree.Node | undefined {
  return branch.type === AST_NODE_TYPES.BlockStatement ? branch.body.at(-1) : branch;
}

/** Whether a statement is the last of the body of `fn` (of any function when `fn` is not given). */
export function isLastOfFunction(statement: TSESTree.Node, fn?: TSESTree.Node): boolean {
  const block = statement.parent;
  return block?.type === AST_NODE_TYPES.BlockStatement && block.body.at(-1) === statement && block.parent !== undefined && (fn === undefined ? isFunction(block.parent) : block.parent === fn);
}

/** Whether a branch ends by going on to the next statement: no `return`, `throw`, `break` or `continue` last. */
export function fallsThrough(branch: TSESTree.Node): boolean {
  const last = lastStatement(branch);
  return !last || !EXITS.has(last.type);
}

const EXITS: ReadonlySet<AST_NODE_TYPES> = new Set([AST_NODE_TYPES.ReturnStatement, AST_NODE_TYPES.ThrowStatement, AST_NODE_TYPES.BreakStatement, AST_NODE_TYPES.ContinueStatement]);

/**
 * What runs when the test of an `if` with no else is false, besides nothing: the next statement, when the branch
 * returns (what follows runs only when the test is false), or a `return` right after a branch that falls through to
 * it (`if (t) { t.kill(); } return {};`: the `return` runs either way). Undefined for an `if` with an else.
 */
export function statementAfterBranch(node: TSESTree.IfStatement): TSESTree.Node | undefined {
  if (node.alternate) return undefined;
  const next = followingStatement(node);
  if (!next) return undefined;
  return endsWithReturn(node.consequent) || (next.type === AST_NODE_TYPES.ReturnStatement && fallsThrough(node.consequent)) ? next : undefined;
}

/**
 * Whether nothing runs after `statement` in function `fn` (any function when not given): it is the function's last
 * statement, or the last of a branch of an `if` that is (`function touch(p) { if (p.id) { …; if (s) s.turns++; } }`).
 */
export function endsFunction(statement: TSESTree.Node, fn?: TSESTree.Node): boolean {
  for (let current: TSESTree.Node | undefined = statement; current; current = ifEndedBy(current)) {
    if (isLastOfFunction(current, fn)) return true;
  }
  return false;
}

/**
 * The statement that runs right after `statement`: the next one in its block, or, for the last statement of a branch
 * of an `if`, the one after that `if` (`if (id && mode) { …; if (session) await update(session); } return {};`).
 * Not out of a loop (which may run the branch again) or a `try` (whose `finally` runs between).
 */
export function followingStatement(statement: TSESTree.Node): TSESTree.Node | undefined {
  for (let current: TSESTree.Node | undefined = statement; current; current = ifEndedBy(current)) {
    const next = nextStatement(current)?.[0];
    if (next) return next;
  }
  return undefined;
}

/** The `if` whose branch `statement` ends (the branch itself, or its block's last statement); undefined when none. */
function ifEndedBy(statement: TSESTree.Node): TSESTree.IfStatement | undefined {
  if (nextStatement(statement)) return undefined;
  const parent = statement.parent;
  const branch = parent?.type === AST_NODE_TYPES.BlockStatement ? parent : statement;
  const owner = branch.parent;
  return owner?.type === AST_NODE_TYPES.IfStatement && (owner.consequent === branch || owner.alternate === branch) ? owner : undefined;
}

/** Whether an expression is the value a `throw` throws (through the wrappers a value passes unchanged). */
export function isThrownValue(node: TSESTree.Node): boolean {
  const child = outermostWrapper(node);
  return child.parent?.type === AST_NODE_TYPES.ThrowStatement && child.parent.argument === child;
}

/** The node that takes an expression's value, past an `await` of it: the statement of `await f();`, the return of `return f()`. */
export function holderPastAwait(node: TSESTree.Node): TSESTree.Node | undefined {
  return (node.parent?.type === AST_NODE_TYPES.AwaitExpression ? node.parent : node).parent;
}

/**
 * The statement right after `statement` in its block: the answer to a failed test only when nothing runs between
 * (`if (MODES.includes(id)) return {}; throw ...`); an error thrown after more work may be about that work.
 */
export function nextStatement(statement: TSESTree.Node): readonly TSESTree.Node[] | undefined {
  const parent = statement.parent;
  const body = parent?.type === AST_NODE_TYPES.BlockStatement || parent?.type === AST_NODE_TYPES.Program ? parent.body : parent?.type === AST_NODE_TYPES.SwitchCase ? parent.consequent : undefined;
  const next = body?.[body.indexOf(statement as TSESTree.Statement) + 1];
  return next ? [next] : undefined;
}

/** The statements a statement holds directly: a block's, the branches, loop bodies, cases, the parts of a try. */
export function innerStatements(node: TSESTree.Node): readonly (TSESTree.Node | null | undefined)[] {
  switch (node.type) {
    case AST_NODE_TYPES.BlockStatement:
      return node.body;
    case AST_NODE_TYPES.IfStatement:
      return [node.consequent, node.alternate];
    case AST_NODE_TYPES.TryStatement:
      return [node.block, node.handler?.body, node.finalizer];
    case AST_NODE_TYPES.SwitchStatement:
      return node.cases.flatMap((c) => c.consequent);
    case AST_NODE_TYPES.SwitchCase:
      return node.consequent;
    case AST_NODE_TYPES.ForStatement:
    case AST_NODE_TYPES.ForInStatement:
    case AST_NODE_TYPES.ForOfStatement:
    case AST_NODE_TYPES.WhileStatement:
    case AST_NODE_TYPES.DoWhileStatement:
    case AST_NODE_TYPES.LabeledStatement:
    case AST_NODE_TYPES.WithStatement:
      return [node.body];
    default:
      return [];
  }
}
