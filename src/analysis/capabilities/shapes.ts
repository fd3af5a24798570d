import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { children, findProperty, type FunctionNode, hasSpread, isFunction, unwrap } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";

type VisitorKeys = TSESLint.SourceCode["visitorKeys"];

/** Whether every path through a function ends in a throw: a fallback that serves nothing. */
export function alwaysThrows(fn: FunctionNode | undefined, visitorKeys: VisitorKeys): boolean {
  if (!fn || fn.body.type !== AST_NODE_TYPES.BlockStatement) return false;
  const last = fn.body.body.at(-1);
  if (last?.type !== AST_NODE_TYPES.ThrowStatement) return false;
  let returns = false;
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.ReturnStatement) returns = true;
    if (returns || (node !== fn && isFunction(node))) return;
    for (const child of children(node, visitorKeys)) visit(child);
  };
  for (const statement of fn.body.body) visit(statement);
  return !returns;
}

/** The object literal a value is, directly or through a same-file `const`; undefined for anything else. */
function literalObject(value: TSESTree.Node, values: ValueResolver): TSESTree.ObjectExpression | undefined {
  let inner = unwrap(value);
  if (inner.type === AST_NODE_TYPES.Identifier) inner = unwrap(values.constInit(inner) ?? inner);
  return inner.type === AST_NODE_TYPES.ObjectExpression ? inner : undefined;
}

/**
 * The capabilities literal an `initialize` answer or request inside `root` holds: the `field` of an object that
 * also has `protocolVersion`. Undefined unless there is exactly one such field and it is an object literal.
 */
export function capabilitiesIn(root: TSESTree.Node, field: string, values: ValueResolver, visitorKeys: VisitorKeys): TSESTree.ObjectExpression | undefined {
  const found: TSESTree.Property[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.ObjectExpression && findProperty(node, "protocolVersion")) {
      const prop = findProperty(node, field);
      if (prop || hasSpread(node)) found.push(prop ?? (node as unknown as TSESTree.Property));
    }
    for (const child of children(node, visitorKeys)) visit(child);
  };
  visit(root);
  if (found.length !== 1 || found[0]!.type !== AST_NODE_TYPES.Property) return undefined;
  return literalObject(found[0]!.value, values);
}
