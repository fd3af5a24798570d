import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { BUILTIN_ERROR_CLASSES, BUILTIN_ERRORS, type ClassNode, describeErrorClass, type ErrorClass, isBuiltinError, rpcErrorClass } from "../errors/error-classes.js";
import { className } from "../syntax/functions.js";

/**
 * The same file's error classes as this rule judges them: `rpc` for RequestError and its subclasses (and names
 * configured in `settings.acp.errorClasses` that the file does not define), otherwise a class whose base is a
 * built-in error and that takes or holds a code. A class whose base is imported is left out: its base is unknown.
 *
 * Unlike the model's table, a configured name that the file defines is judged by its definition.
 */
export function localErrorClasses(
  sourceCode: Readonly<TSESLint.SourceCode>,
  classes: readonly ClassNode[],
  configured: readonly string[],
): ReadonlyMap<ClassNode, ErrorClass> {
  const defined = new Set(classes.map(className).filter((n): n is string => n !== undefined));
  const known = new Map<string, ErrorClass>();
  for (const name of [...BUILTIN_ERROR_CLASSES, ...configured]) {
    if (!defined.has(name) || (BUILTIN_ERROR_CLASSES as readonly string[]).includes(name)) known.set(name, rpcErrorClass(name));
  }
  const out = new Map<ClassNode, ErrorClass>();
  // Code-less classes on the way from a built-in error to a coded one (`class AppError extends Error {}`).
  const plain = new Set<ClassNode>();
  // Subclasses may come before their parents in the file: repeat until nothing new is learnt.
  for (let changed = true; changed; ) {
    changed = false;
    for (const node of classes) {
      const name = className(node);
      if (out.has(node) || !name || (BUILTIN_ERROR_CLASSES as readonly string[]).includes(name)) continue;
      const bases = withBuiltinBase(sourceCode, node, known);
      const cls = bases && describeErrorClass(node, bases);
      if (cls && (cls.codeIndex !== undefined || cls.heldCode !== undefined || cls.rpc)) {
        out.set(node, cls);
        known.set(name, cls);
        changed = true;
      } else if (bases && !plain.has(node) && isPlainBase(sourceCode, node, known)) {
        plain.add(node);
        known.set(name, plainClass(node, name, known));
        changed = true;
      }
    }
  }
  return out;
}

/** Whether a class extends the global `Error` (or another built-in error) or a code-less class known to. */
function isPlainBase(sourceCode: Readonly<TSESLint.SourceCode>, node: ClassNode, known: ReadonlyMap<string, ErrorClass>): boolean {
  const base = node.superClass;
  if (base?.type !== AST_NODE_TYPES.Identifier) return false;
  const parent = known.get(base.name);
  return parent ? !parent.rpc && parent.codeIndex === undefined && parent.heldCode === undefined : isBuiltinError(sourceCode, base);
}

/**
 * A code-less error class as a parent: where its message comes from, when that can be told (its arguments passed on
 * unchanged, or a parameter handed to `super` where the parent takes its message).
 */
function plainClass(node: ClassNode, name: string, known: ReadonlyMap<string, ErrorClass>): ErrorClass {
  const ctor = node.body.body.find((m): m is TSESTree.MethodDefinition => m.type === AST_NODE_TYPES.MethodDefinition && m.kind === "constructor");
  const parent = node.superClass?.type === AST_NODE_TYPES.Identifier ? known.get(node.superClass.name) : undefined;
  const parentIndex = parent ? parent.messageIndex : 0;
  let messageIndex = ctor ? undefined : parentIndex;
  for (const statement of ctor?.value.body?.body ?? []) {
    const call = statement.type === AST_NODE_TYPES.ExpressionStatement ? statement.expression : undefined;
    if (call?.type !== AST_NODE_TYPES.CallExpression || call.callee.type !== AST_NODE_TYPES.Super || parentIndex === undefined) continue;
    const arg = call.arguments[parentIndex];
    const index = arg?.type === AST_NODE_TYPES.Identifier ? ctor!.value.params.findIndex((p) => p.type === AST_NODE_TYPES.Identifier && p.name === arg.name) : -1;
    if (index !== -1) messageIndex = index;
  }
  return { name, rpc: false, ...(messageIndex === undefined ? {} : { messageIndex }) };
}

/**
 * `known`, plus the class's base when that is a built-in error other than `Error` (which describeErrorClass knows);
 * undefined when the base is named `Error` but is not the global one.
 */
function withBuiltinBase(
  sourceCode: Readonly<TSESLint.SourceCode>,
  node: ClassNode,
  known: ReadonlyMap<string, ErrorClass>,
): ReadonlyMap<string, ErrorClass> | undefined {
  const base = node.superClass;
  if (base?.type !== AST_NODE_TYPES.Identifier || !BUILTIN_ERRORS.has(base.name)) return known;
  if (!isBuiltinError(sourceCode, base)) return base.name === "Error" ? undefined : known;
  if (base.name === "Error") return known;
  return new Map([...known, [base.name, { name: base.name, messageIndex: 0, rpc: false }]]);
}
