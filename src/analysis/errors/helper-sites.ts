import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { children, type FunctionNode, isFunction, staticKeyName, unwrap } from "../syntax/ast.js";
import { type ErrorSite, helperCallSite } from "./error-sites.js";
import { variableOf } from "../syntax/variables.js";
import type { FileModel } from "../model.js";
import type { Resolver } from "../resolution/resolver.js";
import { fileOf, type SourceFile } from "../resolution/source-files.js";

/** Which parameters of a helper become the code, message and data of an error site inside it. */
interface HelperSlots {
  readonly code: number;
  readonly message?: number;
  readonly data?: number;
}

/** The function and parameter index an identifier names, when it is a parameter. */
function parameterOf(
  sourceCode: Readonly<TSESLint.SourceCode>,
  node: TSESTree.Node | null | undefined,
): { fn: FunctionNode; index: number } | undefined {
  const id = node ? unwrap(node) : undefined;
  if (id?.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = variableOf(sourceCode, id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== "Parameter" || !isFunction(def.node as TSESTree.Node)) return undefined;
  const fn = def.node as FunctionNode;
  // A parameter that is reassigned in the body no longer carries the caller's value (its default does not count).
  const isDefault = (r: TSESLint.Scope.Reference) => r.writeExpr?.parent?.type === AST_NODE_TYPES.AssignmentPattern && fn.params.includes(r.writeExpr.parent as TSESTree.Parameter);
  if (variable!.references.some((r) => r.isWrite() && !isDefault(r))) return undefined;
  const index = fn.params.findIndex((p) => {
    const inner = p.type === AST_NODE_TYPES.AssignmentPattern ? p.left : p;
    return inner.type === AST_NODE_TYPES.Identifier && inner.name === id.name;
  });
  return index === -1 ? undefined : { fn, index };
}

/** The calls of a same-file function: by its name, or `this.name(...)` for a method of the same class. */
function callsOf(sourceCode: Readonly<TSESLint.SourceCode>, fn: FunctionNode): TSESTree.CallExpression[] {
  const parent = fn.parent;
  let id: TSESTree.Identifier | undefined;
  if (fn.type === AST_NODE_TYPES.FunctionDeclaration && fn.id) id = fn.id;
  else if (parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === fn && parent.id.type === AST_NODE_TYPES.Identifier) {
    id = parent.id;
  }
  if (id) {
    const variable = variableOf(sourceCode, id);
    if (!variable || variable.references.filter((r) => r.isWrite()).length > 1) return [];
    return variable.references.flatMap((ref) => {
      const call = ref.identifier.parent;
      return call?.type === AST_NODE_TYPES.CallExpression && call.callee === ref.identifier ? [call] : [];
    });
  }
  // A method, or an arrow function held by a class field (`private fail = (code) => ...`).
  const isMember =
    (parent?.type === AST_NODE_TYPES.MethodDefinition || parent?.type === AST_NODE_TYPES.PropertyDefinition) &&
    parent.value === fn &&
    !parent.computed &&
    !parent.static;
  if (isMember) {
    const name = staticKeyName(parent.key, false);
    const classBody = parent.parent;
    if (!name) return [];
    return collectThisCalls(sourceCode, classBody, name);
  }
  return [];
}

/** `this.name(...)` calls inside a class body, where `this` is still the class's (not in nested classes or plain functions). */
function collectThisCalls(sourceCode: Readonly<TSESLint.SourceCode>, root: TSESTree.Node, name: string): TSESTree.CallExpression[] {
  const out: TSESTree.CallExpression[] = [];
  const visit = (node: TSESTree.Node): void => {
    if (
      node.type === AST_NODE_TYPES.CallExpression &&
      node.callee.type === AST_NODE_TYPES.MemberExpression &&
      node.callee.object.type === AST_NODE_TYPES.ThisExpression &&
      staticKeyName(node.callee.property, node.callee.computed) === name
    ) {
      out.push(node);
    }
    for (const child of children(node, sourceCode.visitorKeys)) {
      if (child.type === AST_NODE_TYPES.ClassBody) continue;
      const ownsThis = child.type === AST_NODE_TYPES.FunctionExpression || child.type === AST_NODE_TYPES.FunctionDeclaration;
      const isMethodBody = child.parent?.type === AST_NODE_TYPES.MethodDefinition || child.parent?.type === AST_NODE_TYPES.PropertyDefinition;
      if (ownsThis && !isMethodBody) continue;
      visit(child);
    }
  };
  visit(root);
  return out;
}

/**
 * The error sites at the calls of same-file helpers whose parameter becomes a site's code
 * (`fail(id, -32001, "x")`), followed through helpers that call helpers.
 */
export function helperCallSites(sourceCode: Readonly<TSESLint.SourceCode>, sites: readonly ErrorSite[]): ErrorSite[] {
  const found: ErrorSite[] = [];
  const seenHelpers = new Set<FunctionNode>();
  let pending = [...sites];
  while (pending.length > 0) {
    const next: ErrorSite[] = [];
    for (const site of pending) {
      const code = parameterOf(sourceCode, site.code);
      if (!code || seenHelpers.has(code.fn)) continue;
      seenHelpers.add(code.fn);
      const sameFn = (node: TSESTree.Node | null | undefined) => {
        const p = parameterOf(sourceCode, node);
        return p && p.fn === code.fn ? p.index : undefined;
      };
      const message = sameFn(site.message);
      const data = sameFn(site.data);
      const slots: HelperSlots = {
        code: code.index,
        ...(message === undefined ? {} : { message }),
        ...(data === undefined ? {} : { data }),
      };
      for (const call of callsOf(sourceCode, code.fn)) {
        const callSite = helperCallSite(call, site, slots);
        if (callSite) next.push(callSite);
      }
    }
    found.push(...next);
    pending = next;
  }
  return found;
}

/** The sites of a module's model whose code its function's parameter gives, by function: found once per model. */
const delegatedByModel = new WeakMap<FileModel, Map<FunctionNode, { site: ErrorSite; slots: HelperSlots } | null>>();

/** The site of `fn` (in the model of its module) whose code is one of `fn`'s parameters, and where the others go. */
function delegatedSite(model: FileModel, fn: FunctionNode): { site: ErrorSite; slots: HelperSlots } | undefined {
  let byFn = delegatedByModel.get(model);
  if (!byFn) delegatedByModel.set(model, (byFn = new Map()));
  const cached = byFn.get(fn);
  if (cached !== undefined) return cached ?? undefined;
  const sourceCode = model.resolver.linted.sourceCode;
  let found: { site: ErrorSite; slots: HelperSlots } | undefined;
  for (const site of model.errorSites) {
    if (site.node.range[0] < fn.range[0] || site.node.range[1] > fn.range[1]) continue;
    const code = parameterOf(sourceCode, site.code);
    if (!code || code.fn !== fn) continue;
    const sameFn = (node: TSESTree.Node | null | undefined) => {
      const p = parameterOf(sourceCode, node);
      return p && p.fn === fn ? p.index : undefined;
    };
    const message = sameFn(site.message);
    const data = sameFn(site.data);
    found = { site, slots: { code: code.index, ...(message === undefined ? {} : { message }), ...(data === undefined ? {} : { data }) } };
    break;
  }
  byFn.set(fn, found ?? null);
  return found;
}

/**
 * `sendError(msg.id, -32001, "x")` where `sendError` is a function of another module (read by the resolution layer)
 * whose parameter becomes the code of an error site there: that site, judged at this call, where the code is given.
 */
export function importedHelperSite(call: TSESTree.CallExpression, resolver: Resolver, modelOf: (file: SourceFile) => FileModel | undefined): ErrorSite | undefined {
  if (call.arguments.length === 0) return undefined;
  const fn = resolver.calleeOf(call);
  const file = fn && !resolver.isLinted(fn) ? fileOf(fn) : undefined;
  const model = file && modelOf(file);
  const delegated = model && delegatedSite(model, fn!);
  return delegated && helperCallSite(call, delegated.site, delegated.slots);
}
