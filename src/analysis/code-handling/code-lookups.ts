import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { calleeName, children, isFunction, outermostThrough, unwrap, VALUE_WRAPPERS } from "../syntax/ast.js";
import type { FileModel } from "../model.js";
import { variableOf } from "../syntax/variables.js";

// Lookups of an error code in a table keyed by codes, and whether the code's absence from the table is handled.

type SourceCode = Readonly<TSESLint.SourceCode>;

/** What a lookup reads: the table and the key, as layout-free source text. */
interface Lookup {
  readonly table: string;
  readonly key: string;
}

/** Source text without layout or type assertions: two spellings of one expression compare equal. */
const text = (node: TSESTree.Node, sourceCode: SourceCode) => sourceCode.getText(unwrap(node)).replace(/\s+/g, "");

/** The code inside `String(c)`, `Number(c)`, `` `${c}` `` and `c.toString()`: a lookup key spelt another way. */
function keyCore(node: TSESTree.Node): TSESTree.Node {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.TemplateLiteral && inner.expressions.length === 1) {
    return inner.quasis.every((q) => q.value.cooked === "") ? keyCore(inner.expressions[0]!) : inner;
  }
  if (inner.type !== AST_NODE_TYPES.CallExpression) return inner;
  const callee = inner.callee;
  if (callee.type === AST_NODE_TYPES.Identifier && (callee.name === "String" || callee.name === "Number") && inner.arguments.length === 1) {
    return keyCore(inner.arguments[0]!);
  }
  if (callee.type === AST_NODE_TYPES.MemberExpression && calleeName(callee) === "toString" && inner.arguments.length === 0) {
    return keyCore(callee.object);
  }
  return inner;
}

/** An expression named as an error code: `code`, `errorCode`, `err.code`, `e.error.code`. */
function isCodeExpression(node: TSESTree.Node): boolean {
  const inner = keyCore(node);
  const name =
    inner.type === AST_NODE_TYPES.Identifier
      ? inner.name
      : inner.type === AST_NODE_TYPES.MemberExpression && !inner.computed && inner.property.type === AST_NODE_TYPES.Identifier
        ? inner.property.name
        : undefined;
  return name !== undefined && (name === "code" || name.endsWith("Code"));
}

/** Wrappers a looked-up value passes through unchanged, for the purpose of what is done with it. */
const LOOKED_UP_THROUGH: ReadonlySet<AST_NODE_TYPES> = new Set([...VALUE_WRAPPERS, AST_NODE_TYPES.ChainExpression]);
const outermost = (node: TSESTree.Node): TSESTree.Node => outermostThrough(node, LOOKED_UP_THROUGH);

const COMPARISONS = new Set(["===", "!==", "==", "!="]);

/** Which branch of a test code runs on: where the test holds, or where it fails. */
type Branch = "holds" | "fails";

/**
 * Whether the value at `node` is checked where it is used: tested (`if (h)`, `h ? a : b`, `!h`, `typeof h`,
 * `h === undefined`), given a fallback (`h ?? x`, `h || x`, `h && x`), read optionally (`h?.trim()`) or written.
 */
function isCheckedWhereUsed(node: TSESTree.Node): boolean {
  const value = outermost(node);
  const parent = value.parent;
  if (!parent) return false;
  switch (parent.type) {
    case AST_NODE_TYPES.LogicalExpression:
      return parent.left === value;
    case AST_NODE_TYPES.MemberExpression:
      return parent.object === value && parent.optional;
    case AST_NODE_TYPES.CallExpression:
      return parent.callee === value && parent.optional;
    case AST_NODE_TYPES.IfStatement:
    case AST_NODE_TYPES.WhileStatement:
    case AST_NODE_TYPES.DoWhileStatement:
    case AST_NODE_TYPES.ForStatement:
    case AST_NODE_TYPES.ConditionalExpression:
      return parent.test === value;
    case AST_NODE_TYPES.UnaryExpression:
      return parent.operator !== "-" && parent.operator !== "+" && parent.operator !== "~";
    case AST_NODE_TYPES.BinaryExpression:
      return COMPARISONS.has(parent.operator);
    case AST_NODE_TYPES.AssignmentExpression:
    case AST_NODE_TYPES.AssignmentPattern:
    case AST_NODE_TYPES.ForInStatement:
    case AST_NODE_TYPES.ForOfStatement:
      return parent.left === value;
    case AST_NODE_TYPES.UpdateExpression:
      return true;
    default:
      return false;
  }
}

/** Whether the lookup's result is kept in a variable (`const h = HINTS[c]`) that is checked or never read. */
function isCheckedThroughVariable(node: TSESTree.Node, lookup: Lookup, sourceCode: SourceCode): boolean {
  const value = outermost(node);
  const parent = value.parent;
  let target: TSESTree.Node | undefined;
  if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === value) target = parent.id;
  if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.right === value && parent.operator === "=") target = parent.left;
  if (target?.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = variableOf(sourceCode, target);
  if (!variable) return false;
  const reads = variable.references.filter((ref) => ref.isRead());
  return reads.length === 0 || reads.some((ref) => isCheckedWhereUsed(ref.identifier) || isGuarded(ref.identifier, lookup, sourceCode));
}

/**
 * Calls that ask whether a table has a key: `Object.hasOwn(T, k)`, `T.hasOwnProperty(k)`,
 * `Object.prototype.hasOwnProperty.call(T, k)`, `Object.keys(T).includes(k)`, a helper `has(T, k)`.
 */
function isMembershipCall(node: TSESTree.CallExpression, lookup: Lookup, sourceCode: SourceCode): boolean {
  const callee = unwrap(node.callee);
  const receiver = callee.type === AST_NODE_TYPES.MemberExpression ? unwrap(callee.object) : undefined;
  let name = calleeName(callee);
  if (name === "call" && receiver) name = calleeName(receiver);
  if (!name || !["hasOwn", "hasOwnProperty", "includes", "has"].includes(name)) return false;
  const operands = node.arguments.map((arg) => text(keyCore(arg), sourceCode));
  // `T.hasOwnProperty(k)`, or `Object.keys(T).includes(k)`: the table is the receiver or the receiver's argument.
  const receivers = !receiver
    ? []
    : receiver.type === AST_NODE_TYPES.CallExpression
      ? receiver.arguments.map((arg) => text(arg, sourceCode))
      : [text(receiver, sourceCode)];
  return (operands.includes(lookup.table) || receivers.includes(lookup.table)) && operands.includes(lookup.key);
}

/** Whether the value at `node` is tested somewhere between it and `root`: `if (!T[k])`, `T[k] === undefined`. */
function isTestedWithin(node: TSESTree.Node, root: TSESTree.Node): boolean {
  for (let child = node, parent = node.parent; parent && child !== root; child = parent, parent = parent.parent) {
    switch (parent.type) {
      case AST_NODE_TYPES.IfStatement:
      case AST_NODE_TYPES.WhileStatement:
      case AST_NODE_TYPES.DoWhileStatement:
      case AST_NODE_TYPES.ForStatement:
      case AST_NODE_TYPES.ConditionalExpression:
        if (parent.test === child) return true;
        break;
      case AST_NODE_TYPES.UnaryExpression:
        if (parent.operator === "!" || parent.operator === "typeof") return true;
        break;
      case AST_NODE_TYPES.BinaryExpression:
        if (COMPARISONS.has(parent.operator)) return true;
        break;
      default:
        break;
    }
  }
  return false;
}

/**
 * Whether a test or statement checks that the table has the key: `k in T`, a membership call, or a tested read
 * of `T[k]` (any read, when `root` is itself a test). On the branch a test holds on, `k === x` counts too (and on
 * the branch it fails on, `k !== x`): the key is known
 * there. Functions inside `root` run at another time and are not looked into.
 */
function checksKey(
  root: TSESTree.Node,
  lookup: Lookup,
  sourceCode: SourceCode,
  { branch, isTest }: { branch: Branch | undefined; isTest: boolean },
): boolean {
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isFunction(node)) continue;
    if (node.type === AST_NODE_TYPES.BinaryExpression && node.left.type !== AST_NODE_TYPES.PrivateIdentifier) {
      const left = text(keyCore(node.left), sourceCode);
      if (node.operator === "in" && left === lookup.key && text(node.right, sourceCode) === lookup.table) return true;
      const fixesKey = node.operator.startsWith("!") ? branch === "fails" : branch === "holds";
      if (fixesKey && COMPARISONS.has(node.operator) && (left === lookup.key || text(keyCore(node.right), sourceCode) === lookup.key)) {
        return true;
      }
    }
    if (node.type === AST_NODE_TYPES.CallExpression && isMembershipCall(node, lookup, sourceCode)) return true;
    if (
      node.type === AST_NODE_TYPES.MemberExpression &&
      node.computed &&
      text(node.object, sourceCode) === lookup.table &&
      text(keyCore(node.property), sourceCode) === lookup.key &&
      (isTest || isTestedWithin(node, root))
    ) {
      return true;
    }
    stack.push(...children(node, sourceCode.visitorKeys));
  }
  return false;
}

/**
 * Whether a guard around or before `node` checks the key: the branch of a conditional, `if` or `&&`/`||` whose
 * test checks it, a case of a switch on the key itself, or an earlier statement of an enclosing block that
 * checks it (`if (!(c in HINTS)) return`).
 */
function isGuarded(node: TSESTree.Node, lookup: Lookup, sourceCode: SourceCode): boolean {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    const test = branchTest(parent, child);
    if (test && checksKey(test.node, lookup, sourceCode, { branch: test.branch, isTest: true })) return true;
    if (parent.type === AST_NODE_TYPES.SwitchCase) {
      if (parent.test && text(keyCore(parent.parent.discriminant), sourceCode) === lookup.key) return true;
      if (checkedBefore(parent, parent.consequent, child, lookup, sourceCode)) return true;
    }
    if (parent.type === AST_NODE_TYPES.BlockStatement || parent.type === AST_NODE_TYPES.Program) {
      if (checkedBefore(parent, parent.body, child, lookup, sourceCode)) return true;
    }
  }
  return false;
}

/**
 * The test `child` runs under, when `parent` branches on one: a conditional's or `if`'s test (an equality test
 * fixes the key only in the consequent), or the left side of `&&` / `||` for the right side.
 */
function branchTest(parent: TSESTree.Node, child: TSESTree.Node): { node: TSESTree.Node; branch: Branch } | undefined {
  if (parent.type === AST_NODE_TYPES.ConditionalExpression || parent.type === AST_NODE_TYPES.IfStatement) {
    return parent.test === child ? undefined : { node: parent.test, branch: parent.consequent === child ? "holds" : "fails" };
  }
  if (parent.type === AST_NODE_TYPES.LogicalExpression && parent.right === child) {
    return { node: parent.left, branch: parent.operator === "&&" ? "holds" : "fails" };
  }
  return undefined;
}

// Per statement list and lookup, the first statement that checks the key: many lookups share one block.
const firstChecks = new WeakMap<TSESTree.Node, Map<string, TSESTree.Node | null>>();

/** Whether a statement of `statements` (the body of `owner`) before `child` checks the key. */
function checkedBefore(
  owner: TSESTree.Node,
  statements: readonly TSESTree.Node[],
  child: TSESTree.Node,
  lookup: Lookup,
  sourceCode: SourceCode,
): boolean {
  let byLookup = firstChecks.get(owner);
  if (!byLookup) firstChecks.set(owner, (byLookup = new Map()));
  const id = `${lookup.table}\0${lookup.key}`;
  let first = byLookup.get(id);
  if (first === undefined) {
    first = statements.find((s) => checksKey(s, lookup, sourceCode, { branch: undefined, isTest: false })) ?? null;
    byLookup.set(id, first);
  }
  return first !== null && first.range[1] <= child.range[0];
}

// Each read of a table asks which object literal it is; the answer depends only on the variable read.
const tablesByVariable = new WeakMap<TSESLint.Scope.Variable, TSESTree.ObjectExpression | null>();

/** The object literal a table expression stands for, answered once per variable (files read a table often). */
function tableLiteral(object: TSESTree.Expression, model: FileModel, sourceCode: SourceCode): TSESTree.ObjectExpression | undefined {
  const inner = unwrap(object);
  const variable = inner.type === AST_NODE_TYPES.Identifier ? variableOf(sourceCode, inner) : null;
  if (!variable) return model.values.objectLiteral(object);
  let table = tablesByVariable.get(variable);
  if (table === undefined) {
    table = model.values.objectLiteral(inner) ?? null;
    tablesByVariable.set(variable, table);
  }
  return table ?? undefined;
}

/** An object literal with at least two ACP codes among its keys (`{ [-32000]: "sign in", "-32601": "upgrade" }`). */
function isCodeKeyedTable(object: TSESTree.ObjectExpression, model: FileModel): boolean {
  const codeKeys = object.properties.filter((prop) => {
    if (prop.type !== AST_NODE_TYPES.Property) return false;
    const key = model.values.keyOf(prop.key, prop.computed);
    return key !== undefined && String(Number(key)) === key && model.acpCodes.has(Number(key));
  });
  return codeKeys.length >= 2;
}

/**
 * Whether `node` reads a code-keyed table at an error code that is not known statically (`HINTS[err.code]`),
 * with nothing to handle a code the table lacks: no fallback, test or guard.
 */
export function isUnguardedCodeLookup(node: TSESTree.MemberExpression, model: FileModel, sourceCode: SourceCode): boolean {
  if (!node.computed || !isCodeExpression(node.property)) return false;
  // A key the rule can resolve is a known code, not an unknown one.
  if (model.values.resolve(node.property) !== undefined) return false;
  const table = tableLiteral(node.object, model, sourceCode);
  if (!table || !isCodeKeyedTable(table, model)) return false;
  const lookup: Lookup = { table: text(node.object, sourceCode), key: text(keyCore(node.property), sourceCode) };
  return !isCheckedWhereUsed(node) && !isCheckedThroughVariable(node, lookup, sourceCode) && !isGuarded(node, lookup, sourceCode);
}
