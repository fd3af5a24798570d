import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { children, type FunctionNode, isFunction, staticKeyName, unwrap } from "./ast.js";
import { variableOf } from "./variables.js";

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

/** A non-static method or function-valued field of a class body, by name. */
export function classMember(body: TSESTree.ClassBody, name: string): FunctionNode | undefined {
  for (const member of body.body) {
    if (member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.PropertyDefinition) continue;
    if (member.static || member.computed || staticKeyName(member.key, false) !== name) continue;
    if (member.type === AST_NODE_TYPES.MethodDefinition && member.kind !== "method") continue;
    const value = member.value && unwrap(member.value);
    if (value && isFunction(value)) return value;
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

/** The function a `const` or function declaration named by `id` holds. */
export function functionOfIdentifier(sourceCode: SourceCode, id: TSESTree.Identifier): FunctionNode | undefined {
  const variable = variableOf(sourceCode, id);
  if (!variable || variable.defs.length !== 1) return undefined;
  const def = variable.defs[0]!;
  // `declare function f()` and overload signatures have no body to follow.
  if (def.type === "FunctionName") return def.node.type === AST_NODE_TYPES.FunctionDeclaration ? def.node : undefined;
  if (def.type !== "Variable") return undefined;
  const declarator = def.node as TSESTree.VariableDeclarator;
  if ((def.parent as TSESTree.VariableDeclaration).kind !== "const" || !declarator.init) return undefined;
  const init = unwrap(declarator.init);
  return isFunction(init) ? init : undefined;
}

/** The same-file function an expression stands for: a function written there, a named one, or `this.method`. */
export function functionOf(sourceCode: SourceCode, node: TSESTree.Node): FunctionNode | undefined {
  const inner = unwrap(node);
  if (isFunction(inner)) return inner;
  if (inner.type === AST_NODE_TYPES.Identifier) return functionOfIdentifier(sourceCode, inner);
  // `this.onPrompt.bind(this)` is still `this.onPrompt`.
  if (
    inner.type === AST_NODE_TYPES.CallExpression &&
    inner.callee.type === AST_NODE_TYPES.MemberExpression &&
    staticKeyName(inner.callee.property, inner.callee.computed) === "bind"
  ) {
    return functionOf(sourceCode, inner.callee.object);
  }
  if (inner.type === AST_NODE_TYPES.MemberExpression && inner.object.type === AST_NODE_TYPES.ThisExpression) {
    const name = staticKeyName(inner.property, inner.computed);
    const body = thisClass(inner);
    return name !== undefined && body ? classMember(body, name) : undefined;
  }
  return undefined;
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
