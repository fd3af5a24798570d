import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { children, type FunctionNode, isFunction, isValueWrapper, staticKeyName } from "./ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The class whose `this` a node sees: the nearest non-arrow function must be one of its members. */
export function thisClass(node: TSESTree.Node): TSESTree.ClassBody | undefined {
  for (let p = node.parent; p; p = p.parent) {
    if (p.type === AST_NODE_TYPES.ArrowFunctionExpression) continue;
    if (p.type === AST_NODE_TYPES.FunctionExpression || p.type === AST_NODE_TYPES.FunctionDeclaration) {
      const member = p.parent;
      const isMember = member?.type === AST_NODE_TYPES.MethodDefinition || member?.type === AST_NODE_TYPES.PropertyDefinition;
      return isMember && member.parent.type === AST_NODE_TYPES.ClassBody ? member.parent : undefined;
    }
    // Class field initialisers (`fail = () => this.x()`) see the instance too.
    if (p.type === AST_NODE_TYPES.PropertyDefinition && p.parent.type === AST_NODE_TYPES.ClassBody) return p.parent;
    if (p.type === AST_NODE_TYPES.StaticBlock) return undefined;
  }
  return undefined;
}

/**
 * The name a function is declared under, and the node that names it: a method's or field's key, an object
 * property's key, a function declaration's id, a variable's id. Getters, setters, constructors and computed keys
 * have none.
 */
export function declaredName(fn: FunctionNode): { readonly name: string; readonly node: TSESTree.Node } | undefined {
  if (fn.type === AST_NODE_TYPES.FunctionDeclaration) return fn.id ? { name: fn.id.name, node: fn.id } : undefined;
  const parent = fn.parent;
  let key: TSESTree.Node | undefined;
  if (parent.type === AST_NODE_TYPES.MethodDefinition && parent.kind === "method" && !parent.computed) key = parent.key;
  else if (parent.type === AST_NODE_TYPES.PropertyDefinition && parent.value === fn && !parent.computed) key = parent.key;
  else if (parent.type === AST_NODE_TYPES.Property && parent.kind === "init" && parent.value === fn && !parent.computed) key = parent.key;
  else if (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.init === fn) key = parent.id;
  const name = key ? staticKeyName(key, false) : undefined;
  return key && name !== undefined ? { name, node: key } : undefined;
}

/** The expressions a function gives back: its expression body, or the argument of each `return` of its own. */
export function returnedExpressions(fn: FunctionNode, visitorKeys: SourceCode["visitorKeys"]): TSESTree.Expression[] {
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return [fn.body];
  const out: TSESTree.Expression[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (node.type === AST_NODE_TYPES.ReturnStatement) {
      if (node.argument) out.push(node.argument);
      return;
    }
    if (isFunction(node) || node.type === AST_NODE_TYPES.ClassBody) return;
    for (const child of children(node, visitorKeys)) visit(child);
  };
  for (const statement of fn.body.body) visit(statement);
  return out;
}

/** The name a class is known by: its id, or the variable it is assigned to (`const E = class ...`). */
export function className(node: TSESTree.ClassDeclaration | TSESTree.ClassExpression): string | undefined {
  if (node.id) return node.id.name;
  const parent = node.parent;
  if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier) {
    return parent.id.name;
  }
  return undefined;
}

/**
 * The class or object literal a function is a member of (a method, a field's value, a property's value, through
 * `as` and parentheses).
 */
export function memberOwner(fn: FunctionNode): TSESTree.ClassDeclaration | TSESTree.ClassExpression | TSESTree.ObjectExpression | undefined {
  let value: TSESTree.Node = fn;
  while (value.parent && isValueWrapper(value.parent)) value = value.parent;
  const member = value.parent;
  if ((member?.type === AST_NODE_TYPES.MethodDefinition || member?.type === AST_NODE_TYPES.PropertyDefinition) && member.value === value) return member.parent.parent;
  return member?.type === AST_NODE_TYPES.Property && member.value === value ? (member.parent as TSESTree.ObjectExpression) : undefined;
}
