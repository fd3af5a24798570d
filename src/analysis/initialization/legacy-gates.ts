import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { enclosingClass, enclosingFunction, type FunctionNode, memberName, unwrap, walk } from "../syntax/ast.js";
import type { FileModel } from "../model.js";
import { resolverOf } from "../resolution/resolver.js";
import { summariesOf } from "../summaries/summaries.js";
import { assignedNames } from "./init-state.js";

type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** Whether a function tests one of the members in a condition (`if (!this.initialized)`). */
function testsMember(fn: TSESTree.Node, names: ReadonlySet<string>, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  let found = false;
  walk(fn, sourceCode.visitorKeys, (node) => {
    if (found || (node.type !== AST_NODE_TYPES.IfStatement && node.type !== AST_NODE_TYPES.ConditionalExpression)) return;
    walk(node.test, sourceCode.visitorKeys, (inner) => {
      if (inner.type === AST_NODE_TYPES.MemberExpression && inner.object.type === AST_NODE_TYPES.ThisExpression && inner.property.type === AST_NODE_TYPES.Identifier && names.has(inner.property.name)) found = true;
    });
  });
  return found;
}

/** `this.agent.initialize(params)`, awaited or not: the same request sent to an agent the class holds. */
function isMemberInitialize(node: TSESTree.Node): boolean {
  let inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = unwrap(inner.argument);
  if (inner.type !== AST_NODE_TYPES.CallExpression) return false;
  const callee = unwrap(inner.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "initialize") return false;
  const target = unwrap(callee.object);
  return target.type === AST_NODE_TYPES.MemberExpression && unwrap(target.object).type === AST_NODE_TYPES.ThisExpression;
}

/**
 * Whether an `initialize` returns what another agent answers (`return this.agent.initialize(params)`): the class is
 * a decorator on the client's side that forwards to the real agent, receives no requests and has nothing to gate.
 */
function forwardsInitialize(fn: FunctionNode, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const summaries = summariesOf(resolverOf(sourceCode));
  // Also through a call that gives back what a closure it runs returns (`return enqueue(() => this.agent.initialize(p))`).
  const forwards = (value: TSESTree.Node): boolean => {
    if (isMemberInitialize(value)) return true;
    let inner = unwrap(value);
    if (inner.type === AST_NODE_TYPES.AwaitExpression) inner = unwrap(inner.argument);
    const returned = inner.type === AST_NODE_TYPES.CallExpression ? summaries.returnedExpression(inner) : undefined;
    return returned !== undefined && isMemberInitialize(returned.node);
  };
  if (fn.body.type !== AST_NODE_TYPES.BlockStatement) return forwards(fn.body);
  let found = false;
  walk(fn.body, sourceCode.visitorKeys, (node) => {
    if (found || node.type !== AST_NODE_TYPES.ReturnStatement || !node.argument) return;
    if (enclosingFunction(node) === fn && forwards(node.argument)) found = true;
  });
  return found;
}

/**
 * Legacy Agent classes with request handlers and no initialization flag their other handlers check; not one whose
 * `initialize` forwards to another agent.
 */
export function ungatedLegacyClasses(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly ClassNode[] {
  const legacy = model.handlers.handlers.filter((h) => h.style === "legacy" && h.method.side === "agent");
  const byClass = new Map<ClassNode, typeof legacy>();
  for (const h of legacy) {
    const cls = enclosingClass(h.body);
    if (!cls) continue;
    byClass.set(cls, [...(byClass.get(cls) ?? []), h]);
  }
  const found: ClassNode[] = [];
  for (const [cls, handlers] of byClass) {
    const init = handlers.find((h) => h.method.wire === "initialize");
    const others = handlers.filter((h) => h.method.wire !== "initialize" && h.method.kind === "request");
    if (!init || others.length === 0) continue;
    if (init.fn && forwardsInitialize(init.fn, sourceCode)) continue;
    const flags = assignedNames(init.body, sourceCode.visitorKeys);
    if (flags.size > 0 && others.some((h) => testsMember(h.body, flags, sourceCode))) continue;
    found.push(cls);
  }
  return found;
}
