import { isBuiltin } from "node:module";
import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { BUILTIN_SDK_MODULES, isOneOf, JSON_RPC_MODULES } from "../sdk/module-names.js";
import { type FunctionNode, isFunction, memberName, staticKeyName } from "../syntax/ast.js";
import { thisClass } from "../syntax/functions.js";
import { isUndeclared } from "../syntax/variables.js";
import type { Resolution } from "./resolution.js";
import type { SourceFile } from "./source-files.js";
import { unwrapValue } from "./expressions.js";

/**
 * The function an expression stands for: a function written there, a name bound to one (`function f`, `const f =
 * () => …`, an import of one), `this.m` and `x.m` for a method of the class whose instance `this` or `x` holds
 * (inherited ones too), a member of an object literal or of what a factory returns, `f.bind(…)`.
 */
export function functionTarget(resolver: Resolution, node: TSESTree.Node): FunctionNode | undefined {
  const inner = unwrapValue(node);
  if (isFunction(inner)) return inner;
  if (inner.type === AST_NODE_TYPES.CallExpression && inner.callee.type === AST_NODE_TYPES.MemberExpression && memberName(inner.callee) === "bind") {
    return functionTarget(resolver, inner.callee.object);
  }
  if (inner.type === AST_NODE_TYPES.MemberExpression && !inner.computed) {
    const name = staticKeyName(inner.property, false);
    // A member of a project module's value is a function written with that name there, or in a module it imports.
    if (name !== undefined && !resolver.mayDefineMember(inner.object, name)) return undefined;
    const object = unwrapValue(inner.object);
    const cls = name === undefined ? undefined : object.type === AST_NODE_TYPES.ThisExpression ? thisClass(object)?.parent : resolver.instanceClassOf(object);
    const member = cls && name !== undefined ? resolver.memberFunction(cls, name) : undefined;
    if (member) return member;
  }
  const found = resolver.targetNode(inner);
  if (found === inner) return undefined;
  if (found && isFunction(found)) return found;
  // `export function f` and `export default function` give the declaration; a declared one has no body to follow.
  return undefined;
}

/** The function a call (or construction) runs: syntactically, else with type information what the checker names. */
export function calleeTarget(resolver: Resolution, call: TSESTree.CallExpression | TSESTree.NewExpression): FunctionNode | undefined {
  if (call.type === AST_NODE_TYPES.NewExpression) return undefined;
  const found = functionTarget(resolver, call.callee);
  if (found || !resolver.typed || !resolver.isLinted(call) || isDeclaredInLibraries(resolver, call.callee)) return found;
  return typedDeclaration(resolver, call.callee);
}

/** Global constructors of collections, whose methods TypeScript's lib declares. */
const COLLECTIONS: ReadonlySet<string> = new Set(["Map", "Set", "WeakMap", "WeakSet", "Array"]);

/** Whether a module specifier is one of Node's modules (`node:fs`, `fs/promises`). */
function isNodeModule(source: string): boolean {
  return source.startsWith("node:") || isBuiltin(source);
}

/**
 * Whether the checker would name a declaration without a body for `callee`, whatever the project holds: a member
 * chain rooted at an import of the ACP SDK, a JSON-RPC library or one of Node's modules (`RequestError.invalidParams`,
 * `readFile`), or a method of a name holding a new global collection (`sessions.get` for `const sessions = new
 * Map()`): their declarations are in declaration files. Asking the checker anyway makes it resolve types no rule needs,
 * kept in its caches for the program's life. (A chain rooted at another package's export may lead to project code
 * through its generics: that one is asked.)
 */
function isDeclaredInLibraries(resolver: Resolution, callee: TSESTree.Node): boolean {
  let root = unwrapValue(callee);
  let members = 0;
  for (; root.type === AST_NODE_TYPES.MemberExpression; members++) root = unwrapValue(root.object);
  if (root.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = resolver.variableOf(root);
  if (!variable) return false;
  const ref = resolver.moduleRef(variable);
  if (ref) return isOneOf(ref.source, BUILTIN_SDK_MODULES) || isOneOf(ref.source, JSON_RPC_MODULES) || isNodeModule(ref.source);
  if (members !== 1) return false;
  // What the name holds, as the resolver follows any name (its one write).
  const value = resolver.targetNode(root);
  if (value?.type !== AST_NODE_TYPES.NewExpression || value.callee.type !== AST_NODE_TYPES.Identifier || !COLLECTIONS.has(value.callee.name)) return false;
  return isUndeclared(resolver.variableOf(value.callee));
}

/** What the function a call runs gives back: its expression body or each `return`'s argument; none when unknown. */
export function returnedValues(resolver: Resolution, call: TSESTree.CallExpression): TSESTree.Expression[] {
  const fn = calleeTarget(resolver, call);
  if (!fn || fn.generator) return [];
  return [...resolver.returnedBy(fn)];
}

/**
 * With type information: the function the checker says a callee names (`this.registry.get`, an imported helper the
 * syntax could not follow), found as a node of the linted file or of the project module that declares it, which is
 * read like any module a relative import names. Declarations in `.d.ts` files and in node_modules have no body to
 * follow; one outside the lint root, or named through a type that comes from outside it, is not followed (the
 * untyped layer does not read such a module either).
 */
export function typedDeclaration(resolver: Resolution, callee: TSESTree.Node): FunctionNode | undefined {
  const typed = resolver.typed;
  if (!typed) return undefined;
  const named = callee.type === AST_NODE_TYPES.MemberExpression ? callee.property : callee;
  if (named.type !== AST_NODE_TYPES.Identifier) return undefined;
  const symbol = typed.symbolAt(named);
  const declaration = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  if (!declaration) return undefined;
  const sourceFile = declaration.getSourceFile();
  if (sourceFile.isDeclarationFile || /[\\/]node_modules[\\/]/.test(sourceFile.fileName)) return undefined;
  if (!typed.fileInside(sourceFile) || !typed.expressionInside(callee)) return undefined;
  const start = declaration.getStart(sourceFile);
  const file = sourceFile.fileName === resolver.linted.path ? resolver.linted : resolver.moduleAt(sourceFile.fileName);
  return file ? functionAt(file, start, declaration.end) : undefined;
}

/** The function a declaration at [start, end) of a file gives: a function, a method's, a variable's or field's value. */
function functionAt(file: SourceFile, start: number, end: number): FunctionNode | undefined {
  const node = nodeAt(file.sourceCode.ast, start, end);
  if (!node) return undefined;
  if (isFunction(node)) return node;
  const value =
    node.type === AST_NODE_TYPES.MethodDefinition || node.type === AST_NODE_TYPES.PropertyDefinition
      ? node.value
      : node.type === AST_NODE_TYPES.VariableDeclarator
        ? node.init
        : node.type === AST_NODE_TYPES.Property
          ? node.value
          : undefined;
  return value && isFunction(value) ? value : undefined;
}

/** The outermost node of `program` that spans exactly [start, end), found by descending through the nodes that contain it. */
function nodeAt(program: TSESTree.Program, start: number, end: number): TSESTree.Node | undefined {
  let current: TSESTree.Node = program;
  for (let depth = 0; depth < 256; depth++) {
    if (current.range[0] === start && current.range[1] === end && current.type !== AST_NODE_TYPES.Program) return current;
    let next: TSESTree.Node | undefined;
    for (const [key, value] of Object.entries(current)) {
      if (key === "parent" || key === "tokens" || key === "comments") continue;
      const items = Array.isArray(value) ? value : [value];
      for (const item of items) {
        const child = item as TSESTree.Node | null;
        if (!child || typeof child !== "object" || typeof child.type !== "string" || child === current.parent || !child.range) continue;
        if (child.range[0] <= start && end <= child.range[1]) next = child;
      }
      if (next) break;
    }
    if (!next) return undefined;
    current = next;
  }
  return undefined;
}
