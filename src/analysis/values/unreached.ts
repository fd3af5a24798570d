import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { alwaysExits, type FunctionNode, isFunction, staticKeyName } from "../syntax/ast.js";
import { thisClass } from "../syntax/functions.js";
import { unwrapValue } from "../resolution/expressions.js";
import type { ValueResolver } from "../resolution/values.js";

/**
 * Whether no run reaches `node`: it follows, in its function, an `if` whose test is always true and whose branch
 * always leaves (`if (!Agent.DELETE_ENABLED) throw RequestError.methodNotFound(…)` of a `static readonly
 * DELETE_ENABLED = false`), or it is the branch of an `if` its constant test never takes, or in a function whose every
 * call (all of them known: a private method, a function the file only calls) is. A feature switched off by a
 * constant leaves its handler's code in place; a finding there is about code that never runs.
 */
export function isUnreached(node: TSESTree.Node, values: ValueResolver, depth = 0): boolean {
  let child = node;
  // A closure is made where its expression runs (`runWith({ run: () => … })`): what cannot reach there cannot run it.
  for (let parent = node.parent; parent && !isNamedFunction(child); child = parent, parent = parent.parent) {
    if (parent.type === AST_NODE_TYPES.IfStatement && child !== parent.test) {
      const truth = constantTruth(parent.test, values);
      if (truth !== undefined && truth !== (child === parent.consequent)) return true;
    }
    const statements = parent.type === AST_NODE_TYPES.BlockStatement || parent.type === AST_NODE_TYPES.Program ? parent.body : parent.type === AST_NODE_TYPES.SwitchCase ? parent.consequent : undefined;
    const at = statements ? statements.indexOf(child as TSESTree.Statement) : -1;
    for (let i = 0; i < at; i++) if (alwaysLeaves(statements![i]!, values)) return true;
  }
  // A function of the file whose every call is unreached (a helper the switched-off code calls) is unreached too.
  if (!isNamedFunction(child) || depth >= MAX_CALLERS_DEPTH) return false;
  const calls = values.resolver.callersOf(child);
  return calls !== undefined && calls.length > 0 && calls.every((call) => isUnreached(call, values, depth + 1));
}

/** A function run by its name rather than where it is written: a declaration, a method, a function held in a name or field. */
function isNamedFunction(node: TSESTree.Node): node is FunctionNode {
  if (!isFunction(node)) return false;
  const parent = node.parent;
  return node.type === AST_NODE_TYPES.FunctionDeclaration || parent?.type === AST_NODE_TYPES.MethodDefinition || parent?.type === AST_NODE_TYPES.PropertyDefinition || parent?.type === AST_NODE_TYPES.VariableDeclarator;
}

/** How many functions a report is followed out of to the calls that reach it. */
const MAX_CALLERS_DEPTH = 4;

/** `if (<always true>) <returns or throws>` with no else: what follows it never runs. */
function alwaysLeaves(statement: TSESTree.Node, values: ValueResolver): boolean {
  return statement.type === AST_NODE_TYPES.IfStatement && !statement.alternate && constantTruth(statement.test, values) === true && alwaysExits(statement.consequent);
}

/**
 * The truth of a test that cannot change: `true`, `false`, a `const` written with one, a `readonly` field written with
 * one (`static readonly ENABLED = false`, `this.ENABLED` of a `readonly` one), through `!`. Not a field of an object
 * literal or any other value code may write later (`turn.cancelled` of `const turn = { cancelled: false }` that a
 * cancel handler sets): undefined.
 */
function constantTruth(test: TSESTree.Node, values: ValueResolver): boolean | undefined {
  const inner = unwrapValue(test);
  if (inner.type === AST_NODE_TYPES.UnaryExpression && inner.operator === "!") {
    const truth = constantTruth(inner.argument, values);
    return truth === undefined ? undefined : !truth;
  }
  if (inner.type === AST_NODE_TYPES.Literal) return typeof inner.value === "boolean" ? inner.value : undefined;
  if (inner.type === AST_NODE_TYPES.Identifier) return constTruth(inner, values.resolver);
  if (inner.type === AST_NODE_TYPES.MemberExpression && !inner.computed && inner.property.type === AST_NODE_TYPES.Identifier) {
    const object = unwrapValue(inner.object);
    const cls = object.type === AST_NODE_TYPES.ThisExpression ? thisClass(object) : values.resolver.classOf(object)?.body;
    const field = cls?.body.find((member): member is TSESTree.PropertyDefinition => member.type === AST_NODE_TYPES.PropertyDefinition && member.readonly && !member.computed && staticKeyName(member.key, false) === (inner.property as TSESTree.Identifier).name && member.static === (object.type !== AST_NODE_TYPES.ThisExpression));
    return field?.value?.type === AST_NODE_TYPES.Literal && typeof field.value.value === "boolean" ? field.value.value : undefined;
  }
  return undefined;
}

/** A `const` declared with `true` or `false`. */
function constTruth(id: TSESTree.Identifier, resolver: ValueResolver["resolver"]): boolean | undefined {
  const def = resolver.variableOf(id)?.defs;
  const declarator = def?.length === 1 && def[0]!.type === "Variable" ? (def[0]!.node as TSESTree.VariableDeclarator) : undefined;
  if (!declarator || declarator.id.type !== AST_NODE_TYPES.Identifier || (declarator.parent as TSESTree.VariableDeclaration).kind !== "const") return undefined;
  const init = declarator.init && unwrapValue(declarator.init);
  return init?.type === AST_NODE_TYPES.Literal && typeof init.value === "boolean" ? init.value : undefined;
}
