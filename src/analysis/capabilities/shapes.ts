import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
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

/** The params of an `initialize` request a message or call of the file writes: `send("initialize", { protocolVersion, … })`. */
function initializeParams(node: TSESTree.ObjectExpression | TSESTree.CallExpression, values: ValueResolver): TSESTree.ObjectExpression | undefined {
  const [method, params] =
    node.type === AST_NODE_TYPES.CallExpression ? [node.arguments[0], node.arguments[1]] : [findProperty(node, "method")?.value, findProperty(node, "params")?.value];
  if (!method || !params || method.type === AST_NODE_TYPES.SpreadElement || params.type === AST_NODE_TYPES.SpreadElement) return undefined;
  const named = values.resolve(method);
  if (named?.length !== 1 || named[0] !== "initialize") return undefined;
  const literal = literalObject(params, values);
  return literal && findProperty(literal, "protocolVersion") ? literal : undefined;
}

/**
 * The client capabilities of the one `initialize` request a hand-rolled client writes (a call given the method and
 * its params, or a JSON-RPC message), with the request's params: the `field` literal, or "none" when the params are
 * a literal without it or a spread. Undefined when the file writes no such request or several, or the field is not
 * a literal.
 */
export function sentClientCapabilities(
  calls: readonly TSESTree.CallExpression[],
  objects: readonly TSESTree.ObjectExpression[],
  field: string,
  values: ValueResolver,
): { capabilities: TSESTree.ObjectExpression | "none"; request: TSESTree.ObjectExpression } | undefined {
  const found = new Set<TSESTree.ObjectExpression>();
  for (const node of [...calls, ...objects]) {
    const params = initializeParams(node, values);
    if (params) found.add(params);
  }
  if (found.size !== 1) return undefined;
  const [params] = found;
  const capabilities = paramsCapabilities(params!, field, values);
  return capabilities && { capabilities, request: params! };
}

/**
 * The client capabilities an `initialize` request's params carry: the `field` literal, or "none" when the params are
 * a literal without it (and no spread); undefined when they cannot be told.
 */
export function paramsCapabilities(params: TSESTree.Node, field: string, values: ValueResolver): TSESTree.ObjectExpression | "none" | undefined {
  const literal = literalObject(params, values);
  if (!literal) return undefined;
  const prop = findProperty(literal, field);
  return prop ? literalObject(prop.value, values) : hasSpread(literal) ? undefined : "none";
}
