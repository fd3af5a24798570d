import { statSync } from "node:fs";
import { isSingleRun } from "../single-run.js";
import { basename } from "node:path";
import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { calleeName, type FunctionNode, isFunction, staticKeyName, walk } from "../syntax/ast.js";
import { declaredName, returnedExpressions } from "../syntax/functions.js";
import { isUndeclared, variableOf } from "../syntax/variables.js";
import { functionTarget, calleeTarget, returnedValues } from "./callees.js";
import { boundArgument, mayBeCalledElsewhere } from "./bindings.js";
import { type ClassNode, classMemberFunction, fieldValue, instanceClass, namedClass } from "./classes.js";
import { moduleExports, namespaceExport } from "./module-exports.js";
import { isRelativeSpecifier, type ModuleReading, readModule, resolveModulePath } from "../modules/module-files.js";
import { type ModuleRef, moduleValue, variableModuleRef } from "./module-refs.js";
import { REEXPORTS, type TextQuestion, textHolds, textReaches } from "../modules/module-texts.js";
import { definesName } from "../modules/defined-names.js";
import { fileLintedNow, fileOf, type SourceFile } from "./source-files.js";
import { MAX_DEPTH, MAX_MODULE_HOPS, type Resolution, type Target } from "./resolution.js";
import { injectedDefault, originOf, unwrapValue } from "./expressions.js";
import type { TypedChecker } from "../typed-checker.js";
import { singleInit, soleInit, ValueResolver } from "./values.js";

type Variable = TSESLint.Scope.Variable;

const resolvers = new WeakMap<TSESTree.Program, Resolver>();

/** Forgets the linted file's resolver when its model is let go (see releaseModel). */
export function releaseResolver(program: TSESTree.Program): void {
  resolvers.delete(program);
}

/** The resolver of the linted file whose source code this is (built with the file's model). */
export function resolverOf(sourceCode: Readonly<TSESLint.SourceCode>): Resolver {
  const found = resolvers.get(sourceCode.ast);
  if (!found) throw new Error("eslint-plugin-acp: the file's model was not built before its resolver was asked for");
  return found;
}

/**
 * The resolution layer of one linted file: what names, members, calls and imports stand for, in this file and in the
 * project modules it imports (relative paths, tsconfig aliases). Every analysis asks it rather than following names
 * itself, so that a shape learned once (a `require()`, a class written as `var X = class {}`, a field holding
 * `new C()`, a factory's returned object) is seen by all of them.
 *
 * Every question is bounded: a depth limit (MAX_DEPTH), a limit on modules passed through (MAX_MODULE_HOPS), and a
 * question that leads back to itself is answered "unknown". Answers are cached by node for the linted file's life.
 */
export class Resolver implements Resolution {
  readonly values: ValueResolver;
  private readonly targets = new Map<TSESTree.Node, Target | null>();
  private readonly refs = new Map<Variable, ModuleRef | null>();
  private stats = new Map<string, { mtimeMs: number; size: number } | null>();
  private readonly paths = new Map<string, string | null>();
  private readonly reached = new Map<string, boolean>();
  private readonly modules = new Map<string, SourceFile | null>();
  private readonly instances = new Map<TSESTree.Node, ClassNode | null>();
  private readonly objects = new Map<TSESTree.Node, TSESTree.ObjectExpression | null>();
  private readonly returns = new Map<FunctionNode, readonly TSESTree.Expression[]>();
  private depth = 0;
  private hops = 0;
  readonly #callsByName = new Map<SourceFile, Map<string, TSESTree.CallExpression[]>>();
  readonly #callers = new Map<FunctionNode, readonly TSESTree.CallExpression[]>();
  readonly #bound = new Map<Variable, TSESTree.Node | null>();

  constructor(
    /** The file being linted. */
    readonly linted: SourceFile,
    /** How imported modules are read; undefined: no module is read (text that is no file). */
    private readonly reading: ModuleReading | undefined,
    /** The type checker, bounded by the lint root; present only when the parser has type information. */
    readonly typed: TypedChecker | undefined,
    /** The calls of a file: the linted file's, or a module's the layer read. */
    private readonly callsOfFile: (file: SourceFile) => readonly TSESTree.CallExpression[],
  ) {
    this.values = new ValueResolver(this);
    resolvers.set(linted.sourceCode.ast, this);
  }

  /** The source code of the file a node is in (the linted file's for a node of no known file). */
  sourceCodeOf(node: TSESTree.Node): Readonly<TSESLint.SourceCode> {
    return (fileOf(node) ?? this.linted).sourceCode;
  }

  /** Whether a node is in the linted file (where reports go). */
  isLinted(node: TSESTree.Node): boolean {
    const file = fileOf(node);
    return file === undefined || file === this.linted;
  }

  /** The variable an identifier names, in whichever file it is (syntax/variables.ts). */
  variableOf(id: TSESTree.Identifier | TSESTree.JSXIdentifier): Variable | null {
    return variableOf(this.linted.sourceCode, id);
  }

  /** What of another module a variable holds (an import, a `require()`), or undefined. */
  moduleRef(variable: Variable): ModuleRef | undefined {
    let ref = this.refs.get(variable);
    if (ref === undefined) this.refs.set(variable, (ref = variableModuleRef(variable) ?? null));
    return ref ?? undefined;
  }

  /**
   * Whether what this resolver has seen of other modules is still so: every file it looked at has the state it had,
   * and every specifier names the module it named. A resolver kept for a later lint (an imported module's model,
   * shared by the files that import it) is renewed first, and dropped when this is false; when true, it starts
   * over with the states just read.
   */
  renew(): boolean {
    // In a single run the files do not change while it lints (single-run.ts).
    if (isSingleRun()) return true;
    const now: typeof this.stats = new Map();
    for (const [path, seen] of this.stats) {
      let state: { mtimeMs: number; size: number } | null;
      try {
        const s = statSync(path);
        state = { mtimeMs: s.mtimeMs, size: s.size };
      } catch {
        state = null;
      }
      if (state?.mtimeMs !== seen?.mtimeMs || state?.size !== seen?.size) return false;
      now.set(path, state);
    }
    for (const [key, path] of this.paths) {
      const [from, source] = key.split("\0") as [string, string];
      // Folders stat'ed afresh (into `now`): a file added beside a module may name the specifier now.
      if ((resolveModulePath(from, source, this.reading!.root, now) ?? null) !== path) return false;
    }
    this.stats = now;
    this.reached.clear();
    return true;
  }

  /**
   * Whether a specifier names a module of the project from the file `from` is in: a relative one (found or not), or a
   * name the file's tsconfig path aliases map to a module. Any other names a package.
   */
  isProjectSource(from: TSESTree.Node | SourceFile, source: string): boolean {
    return isRelativeSpecifier(source) || this.modulePath(from, source) !== undefined;
  }

  /** The path of the project module a specifier names from the file `from` is in; undefined when there is none. */
  modulePath(from: TSESTree.Node | SourceFile, source: string): string | undefined {
    if (!this.reading) return undefined;
    const file = "sourceCode" in from ? from : fileOf(from) ?? this.linted;
    return file.path === undefined ? undefined : this.pathFrom(file.path, source);
  }

  /** The path of the project module a specifier names from the file at `fromPath`, memoised. */
  private readonly pathFrom = (fromPath: string, source: string): string | undefined => {
    const key = `${fromPath}\0${source}`;
    let found = this.paths.get(key);
    if (found === undefined) this.paths.set(key, (found = resolveModulePath(fromPath, source, this.reading!.root, this.stats) ?? null));
    return found ?? undefined;
  };

  /** The module a project specifier names from the file `from` is in, parsed; undefined when it cannot be read. */
  moduleFrom(from: TSESTree.Node | SourceFile, source: string): SourceFile | undefined {
    const path = this.modulePath(from, source);
    if (path === undefined) return undefined;
    // A module that imports the linted file back (a manager importing the agent's error class) reads it as it is.
    if (path === this.linted.path) return this.linted;
    let found = this.modules.get(path);
    if (found === undefined) this.modules.set(path, (found = readModule(path, this.reading!, this.stats)));
    return found ?? undefined;
  }

  /**
   * Whether a question about text (module-texts) holds for the module a project specifier names or one it imports:
   * when it holds for none, nothing followed through that module can be what the question is about, and the module
   * need not be parsed. False when no module is there; true when that cannot be told.
   */
  moduleTextReaches<T>(from: TSESTree.Node | SourceFile, source: string, question: TextQuestion<T>): boolean {
    const path = this.modulePath(from, source);
    if (path === undefined) return false;
    const key = `${path}\0${question.key}`;
    let found = this.reached.get(key);
    if (found === undefined) this.reached.set(key, (found = textReaches(path, this.reading!.root, this.pathFrom, question, this.stats)));
    return found;
  }

  /**
   * Whether following `node` may reach text for which the question holds: not when the start of its member chain is
   * bound to an import of a project module whose module, and the modules that one imports, hold no such text (the
   * module need not be parsed to answer about it). True whenever that cannot be told from the text.
   */
  mayReach<T>(node: TSESTree.Node, question: TextQuestion<T>): boolean {
    const bound = this.projectImportOf(node);
    return !bound || this.moduleTextReaches(bound.root, bound.source, question);
  }

  mayDefineMember(node: TSESTree.Node, name: string): boolean {
    return this.mayReach(node, definesName(name));
  }

  /**
   * Whether following `node` may reach a function of a module whose own text the question holds for: like mayReach,
   * but the project module an import names must hold such text itself, unless it passes on what it imports
   * (REEXPORTS: then the modules it imports are asked as well). For questions about what a module's own functions
   * hold: an imported helper's error site is judged in that module's model, which follows no further imports.
   */
  mayDefine<T>(node: TSESTree.Node, question: TextQuestion<T>): boolean {
    const bound = this.projectImportOf(node);
    if (!bound || this.moduleTextHolds(bound.root, bound.source, question)) return true;
    return this.moduleTextHolds(bound.root, bound.source, REEXPORTS) && this.moduleTextReaches(bound.root, bound.source, question);
  }

  /**
   * The start of `node`'s member chain and the project specifier it is imported from, through locals whose only
   * write is a name or a member chain (`const zGuard = validate.zTitled`); undefined when it is not.
   */
  private projectImportOf(node: TSESTree.Node): { root: TSESTree.Identifier; source: string } | undefined {
    let value = unwrapValue(node);
    for (let step = 0; step < MAX_DEPTH; step++) {
      while (value.type === AST_NODE_TYPES.MemberExpression) value = unwrapValue(value.object);
      if (value.type !== AST_NODE_TYPES.Identifier) return undefined;
      const variable = this.variableOf(value);
      if (!variable) return undefined;
      const ref = this.moduleRef(variable);
      if (ref) return this.isProjectSource(value, ref.source) ? { root: value, source: ref.source } : undefined;
      const def = variable.defs.length === 1 ? variable.defs[0]! : undefined;
      const init = def?.type === "Variable" ? singleInit(variable, def.node, def.name) : undefined;
      if (!init) return undefined;
      value = unwrapValue(init);
    }
    return undefined;
  }

  /** Whether the question holds for the text of the module a project specifier names. */
  moduleTextHolds<T>(from: TSESTree.Node | SourceFile, source: string, question: TextQuestion<T>): boolean {
    const path = this.modulePath(from, source);
    return path !== undefined && textHolds(path, question, this.stats);
  }

  /** The project module at an absolute path (one the checker names), parsed; undefined when it cannot be read. */
  moduleAt(path: string): SourceFile | undefined {
    if (!this.reading || path === this.linted.path) return undefined;
    const key = `\0${path}`;
    let found = this.modules.get(key);
    if (found === undefined) {
      const real = resolveModulePath(path, `./${basename(path)}`, this.reading.root, this.stats);
      found = real === undefined ? null : readModule(real, this.reading, this.stats);
      this.modules.set(key, found);
    }
    return found ?? undefined;
  }

  /** What an expression stands for (see Target); undefined when that cannot be told. */
  target(node: TSESTree.Node): Target | undefined {
    const inner = unwrapValue(node);
    const cached = this.targets.get(inner);
    if (cached !== undefined) return cached ?? undefined;
    if (this.depth >= MAX_DEPTH) return undefined;
    // A question that leads back to itself is unknown.
    this.targets.set(inner, null);
    this.depth++;
    let found: Target | undefined;
    try {
      found = this.computeTarget(inner);
    } finally {
      this.depth--;
    }
    this.targets.set(inner, found ?? null);
    return found;
  }

  /** The node an expression stands for, when it is a node (not a package's export or a module). */
  targetNode(node: TSESTree.Node): TSESTree.Node | undefined {
    const found = this.target(node);
    return found?.kind === "node" ? found.node : undefined;
  }

  private computeTarget(inner: TSESTree.Node): Target | undefined {
    switch (inner.type) {
      case AST_NODE_TYPES.Identifier:
        return this.identifierTarget(inner);
      case AST_NODE_TYPES.MemberExpression:
        return this.memberTarget(inner);
      case AST_NODE_TYPES.CallExpression:
      case AST_NODE_TYPES.ImportExpression:
      case AST_NODE_TYPES.AwaitExpression: {
        const ref = moduleValue(inner);
        if (ref) return this.refTarget(ref, inner);
        if (inner.type === AST_NODE_TYPES.CallExpression && isObjectFreeze(inner)) return this.target(inner.arguments[0]!);
        return { kind: "node", node: inner };
      }
      case AST_NODE_TYPES.LogicalExpression: {
        const fallback = injectedDefault(inner, (id) => this.variableOf(id));
        return fallback ? this.target(fallback) : { kind: "node", node: inner };
      }
      default:
        return { kind: "node", node: inner };
    }
  }

  private identifierTarget(id: TSESTree.Identifier): Target | undefined {
    const variable = this.variableOf(id);
    if (!variable) return undefined;
    const ref = this.moduleRef(variable);
    if (ref) return this.refTarget(ref, id);
    // A class or enum merged with an interface or namespace of the same name adds definitions of its own.
    const defs = variable.defs.filter((d) => d.type !== "Type");
    if (defs.length !== 1) return undefined;
    const def = defs[0]!;
    switch (def.type) {
      case "FunctionName":
      case "ClassName":
      case "TSEnumName":
      case "TSModuleName":
        return { kind: "node", node: def.node };
      case "Variable": {
        const init = singleInit(variable, def.node as TSESTree.VariableDeclarator, def.name as TSESTree.Identifier);
        return init ? this.target(init) : undefined;
      }
      case "Parameter": {
        const bound = this.boundArgument(id);
        return bound ? this.target(bound) : undefined;
      }
      default:
        return undefined;
    }
  }

  private memberTarget(member: TSESTree.MemberExpression): Target | undefined {
    const key = this.values.keyOf(member.property, member.computed);
    if (key === undefined) return undefined;
    // A member written anywhere (`Codes.Busy = 1`, `A.b.c = 5` for `A.b`) may hold anything.
    const root = unwrapValue(member.object);
    if (root.type === AST_NODE_TYPES.Identifier && this.values.isMemberWritten(root, key)) return undefined;
    // `validate.zPrompt.and` of a module of schemas that writes no `and`: nothing to parse it for.
    if (!this.mayDefineMember(member.object, key)) return undefined;
    const object = this.target(member.object);
    if (object?.kind === "external") return object.name === undefined ? { kind: "external", source: object.source, name: key } : undefined;
    if (object?.kind === "module") return this.exportTarget(object.file, key);
    const literal = this.objectOf(member.object);
    if (literal) {
      const value = propertyValue(literal, key, this);
      return value ? this.target(value) : undefined;
    }
    // `ACP.error(…)` of `export namespace ACP { export function error(…) }`.
    if (object?.kind === "node" && object.node.type === AST_NODE_TYPES.TSModuleDeclaration) {
      const exported = namespaceExport(object.node, key);
      return exported ? this.target(exported) : undefined;
    }
    const cls = object?.kind === "node" ? asClass(object.node) : undefined;
    const value = cls && staticMember(cls, key);
    if (value) return { kind: "node", node: value };
    // `this.handlers`, `this.registry.table`: a field of the class whose instance the object holds.
    const owner = this.instanceClassOf(member.object);
    const field = owner && fieldValue(this, owner, key);
    return field ? this.target(field) : undefined;
  }

  /** What an import (or `require()`) stands for: a node of a project module, or a package's export. */
  refTarget(ref: ModuleRef, from: TSESTree.Node | SourceFile): Target | undefined {
    if (!this.isProjectSource(from, ref.source)) return { kind: "external", source: ref.source, name: ref.name };
    if (this.hops >= MAX_MODULE_HOPS) return undefined;
    const file = this.moduleFrom(from, ref.source);
    if (!file) return undefined;
    if (ref.name === undefined) return { kind: "module", file };
    return this.exportTarget(file, ref.name);
  }

  /** What a project module exports under `name`: its own declaration or value, or what it re-exports. */
  exportTarget(file: SourceFile, name: string): Target | undefined {
    if (this.hops >= MAX_MODULE_HOPS) return undefined;
    this.hops++;
    try {
      const exports = moduleExports(file);
      const local = exports.local.get(name);
      if (local) return this.target(local);
      const from = exports.from.get(name);
      if (from) return this.refTarget(from, file);
      let external: Target | undefined;
      for (const source of exports.stars) {
        if (!this.isProjectSource(file, source)) {
          external ??= { kind: "external", source, name };
          continue;
        }
        const inner = this.moduleFrom(file, source);
        const found = inner && this.exportTarget(inner, name);
        if (found) return found;
      }
      return external;
    } finally {
      this.hops--;
    }
  }

  /** The object literal an expression stands for: one written there, a name bound to one, a factory's result. */
  objectOf(node: TSESTree.Node): TSESTree.ObjectExpression | undefined {
    return this.cached(this.objects, node, () => {
      const found = this.targetNode(node);
      if (found?.type === AST_NODE_TYPES.ObjectExpression) return found;
      if (found?.type !== AST_NODE_TYPES.CallExpression) return undefined;
      // `createHandlers(store)`: every value the factory returns is the same object literal.
      const objects = returnedValues(this, found).map((value) => this.objectOf(value));
      const first = objects[0];
      return first && objects.every((o) => o === first) ? first : undefined;
    });
  }

  /** What a function gives back (its expression body, each `return`'s argument), found once per function. */
  returnedBy(fn: FunctionNode): readonly TSESTree.Expression[] {
    let found = this.returns.get(fn);
    if (!found) this.returns.set(fn, (found = returnedExpressions(fn, this.sourceCodeOf(fn).visitorKeys)));
    return found;
  }

  /**
   * A question's answer for a node, computed once: asked again while it is being computed (a factory that returns
   * its own result), or beyond the depth limit, it is unknown.
   */
  private cached<T extends object>(cache: Map<TSESTree.Node, T | null>, node: TSESTree.Node, compute: () => T | undefined): T | undefined {
    const known = cache.get(node);
    if (known !== undefined) return known ?? undefined;
    if (this.depth >= MAX_DEPTH) return undefined;
    cache.set(node, null);
    this.depth++;
    let found: T | undefined;
    try {
      found = compute();
    } finally {
      this.depth--;
    }
    cache.set(node, found ?? null);
    return found;
  }

  /** The function an expression stands for: one written there, a name, a member of a class or object, an import. */
  functionOf(node: TSESTree.Node): FunctionNode | undefined {
    return functionTarget(this, node);
  }

  /** functionOf, when the function is in the linted file: for analyses whose findings are reported where they are. */
  localFunctionOf(node: TSESTree.Node): FunctionNode | undefined {
    const fn = this.functionOf(node);
    return fn && this.isLinted(fn) ? fn : undefined;
  }

  /** calleeOf, when the function is in the linted file. */
  localCalleeOf(call: TSESTree.CallExpression): FunctionNode | undefined {
    const fn = this.calleeOf(call);
    return fn && this.isLinted(fn) ? fn : undefined;
  }

  /**
   * localCalleeOf, or, for a module's model, a function of the file ESLint lints now that the module imports back
   * (fileLintedNow), as that file's own tree holds it: what it throws is that file's code, reported where it is. For a
   * question asked on behalf of the linted file, never for a fact a kept model keeps: the answer depends on which file
   * is linted.
   */
  nearCalleeOf(call: TSESTree.CallExpression): FunctionNode | undefined {
    const fn = this.calleeOf(call);
    if (!fn || this.isLinted(fn)) return fn;
    const now = fileLintedNow();
    return now && now !== this.linted && fileOf(fn)?.path === now.path ? sameFunctionIn(now, fn) : undefined;
  }

  /** The function a call runs, when it can be told (with type information, also what the checker names). */
  calleeOf(call: TSESTree.CallExpression | TSESTree.NewExpression): FunctionNode | undefined {
    return calleeTarget(this, call);
  }

  /**
   * The expression a value is taken from unchanged, for what it names (see originOf): `String(p.sessionId ?? "")`
   * is `p.sessionId`.
   */
  origin(node: TSESTree.Node): TSESTree.Node {
    return originOf(node, (id) => this.variableOf(id));
  }

  /**
   * The calls of the linted file that run `fn`: those named like it (`f(…)`, `this.f(…)`, `x.f(…)`) whose callee
   * resolves to it.
   */
  callsOf(fn: FunctionNode): readonly TSESTree.CallExpression[] {
    let found = this.#callers.get(fn);
    if (!found) this.#callers.set(fn, (found = this.callsIn(this.linted, fn)));
    return found;
  }

  /**
   * Every call of `fn` there is, when they can all be known (see mayBeCalledElsewhere): for a function of the linted
   * file, its calls here; for one of another module, the calls of the linted file and of that module.
   */
  callersOf(fn: FunctionNode): readonly TSESTree.CallExpression[] | undefined {
    const file = fileOf(fn);
    if (!file || file === this.linted) return mayBeCalledElsewhere(this, fn) ? undefined : this.callsOf(fn);
    const calls = [...this.callsOf(fn)];
    // And the calls of the modules the linted file imports whose text calls it by name (a helper of the linted file's
    // helper: `owner.checks.requireSession(…)` in the module between), its own module's among them.
    const name = declaredName(fn)?.name;
    const modules = new Set([file, ...(name === undefined ? [] : this.importedCalling(name))]);
    for (const module of modules) if (module !== this.linted) calls.push(...this.callsIn(module, fn));
    return calls;
  }

  /** The project modules the linted file imports whose text has `name(`: parsed only when it does. */
  private importedCalling(name: string): SourceFile[] {
    const question: TextQuestion<boolean> = { key: `calls\0${name}`, compute: (text) => text.includes(`${name}(`), holds: (fact) => fact };
    const found: SourceFile[] = [];
    for (const statement of this.linted.sourceCode.ast.body) {
      if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === "type") continue;
      const source = statement.source.value;
      if (!this.isProjectSource(this.linted, source) || !this.moduleTextHolds(this.linted, source, question)) continue;
      const module = this.moduleFrom(this.linted, source);
      if (module) found.push(module);
    }
    return found;
  }

  /** The calls of a file named like `fn` (`f(…)`, `this.f(…)`, `x.f(…)`) whose callee is it. */
  private callsIn(file: SourceFile, fn: FunctionNode): readonly TSESTree.CallExpression[] {
    const name = declaredName(fn)?.name;
    let byName = this.#callsByName.get(file);
    if (!byName) {
      this.#callsByName.set(file, (byName = new Map()));
      for (const call of this.callsOfFile(file)) {
        const callee = calleeName(unwrapValue(call.callee));
        if (callee === undefined) continue;
        const list = byName.get(callee);
        if (list) list.push(call);
        else byName.set(callee, [call]);
      }
    }
    return name === undefined ? [] : (byName.get(name) ?? []).filter((call) => this.calleeOf(call) === fn);
  }

  /** See boundArgument (bindings.ts): found once per parameter. */
  boundArgument(id: TSESTree.Identifier): TSESTree.Node | undefined {
    const variable = this.variableOf(id);
    if (!variable) return undefined;
    let found = this.#bound.get(variable);
    if (found === undefined) {
      this.#bound.set(variable, null);
      this.#bound.set(variable, (found = boundArgument(this, id) ?? null));
    }
    return found ?? undefined;
  }

  /**
   * Whether a constructor expression may be taken at its name (`RequestError`, `rpc.ResponseError`): the name its
   * member chain starts with is a global the file neither declares nor imports, an import or `require()`, a class
   * (or a function declaration, a constructor of its own), or a `const` alias of one of those (`const RE =
   * acp.RequestError`, `const { ResponseError } = rpc`). A name bound to anything else (a parameter, a catch clause's
   * binding, `const RequestError = makeClass()`) holds a value its name says nothing about: what it constructs is
   * unknown. A chain that starts with no name (`this.X`, `require("m").X`) is taken at its name.
   */
  mayNameClass(node: TSESTree.Node, depth = 0): boolean {
    let root = unwrapValue(node);
    while (root.type === AST_NODE_TYPES.MemberExpression) root = unwrapValue(root.object);
    if (root.type !== AST_NODE_TYPES.Identifier) return true;
    const variable = this.variableOf(root);
    if (isUndeclared(variable) || this.moduleRef(variable!)) return true;
    // A class merged with an interface or a namespace has more definitions; a type alias gives no value.
    const defs = variable!.defs.filter((d) => d.type !== "Type");
    if (defs.some((d) => d.type === "ClassName" || d.type === "FunctionName" || d.type === "ImportBinding")) return true;
    const def = defs.length === 1 ? defs[0]! : undefined;
    if (def?.type !== "Variable" || depth >= MAX_DEPTH) return false;
    const declarator = def.node as TSESTree.VariableDeclarator;
    // `declare const RequestError: typeof import("m").RequestError`: a class as the types declare it.
    if ((declarator.parent as TSESTree.VariableDeclaration).declare) return true;
    const init = declarator.id.type === AST_NODE_TYPES.ObjectPattern ? soleInit(variable!, declarator) : singleInit(variable!, declarator, def.name as TSESTree.Identifier);
    const value = init && unwrapValue(init);
    if (!value) return false;
    if (value.type === AST_NODE_TYPES.ClassExpression) return true;
    return (value.type === AST_NODE_TYPES.Identifier || value.type === AST_NODE_TYPES.MemberExpression) && this.mayNameClass(value, depth + 1);
  }

  /** The class a name stands for: `C` of `new C()`, `extends C`, a `: C` annotation (this file or another). */
  classOf(node: TSESTree.Node): ClassNode | undefined {
    return namedClass(this, node);
  }

  /** The class whose instance an expression holds: `new C()`, a `: C` name, a field set up so, a factory's result. */
  instanceClassOf(node: TSESTree.Node): ClassNode | undefined {
    return this.cached(this.instances, node, () => instanceClass(this, node));
  }

  /** A method (or function-valued field) of a class or of the classes it extends. */
  memberFunction(cls: ClassNode, name: string): FunctionNode | undefined {
    return classMemberFunction(this, cls, name);
  }
}


/** `Object.freeze(x)` stands for `x`. */
function isObjectFreeze(node: TSESTree.CallExpression): boolean {
  const callee = node.callee;
  return (
    callee.type === AST_NODE_TYPES.MemberExpression &&
    callee.object.type === AST_NODE_TYPES.Identifier &&
    callee.object.name === "Object" &&
    staticKeyName(callee.property, callee.computed) === "freeze" &&
    node.arguments.length === 1 &&
    node.arguments[0]!.type !== AST_NODE_TYPES.SpreadElement
  );
}

/** The value of an object literal's property (the last one wins; a later spread hides an earlier key). */
export function propertyValue(object: TSESTree.ObjectExpression, key: string, resolver: Resolver): TSESTree.Node | undefined {
  let value: TSESTree.Node | undefined;
  for (const prop of object.properties) {
    if (prop.type === AST_NODE_TYPES.SpreadElement) {
      value = undefined;
      continue;
    }
    if (prop.kind !== "init" || resolver.values.keyOf(prop.key, prop.computed) !== key) continue;
    value = prop.value.type === AST_NODE_TYPES.AssignmentPattern ? undefined : prop.value;
  }
  return value;
}

function asClass(node: TSESTree.Node): ClassNode | undefined {
  return node.type === AST_NODE_TYPES.ClassDeclaration || node.type === AST_NODE_TYPES.ClassExpression ? node : undefined;
}

/** A static method or field of a class: `RequestError.invalidParams` of a local class. */
function staticMember(cls: ClassNode, key: string): TSESTree.Node | undefined {
  for (const member of cls.body.body) {
    if ((member.type !== AST_NODE_TYPES.MethodDefinition && member.type !== AST_NODE_TYPES.PropertyDefinition) || !member.static) continue;
    if (member.computed || staticKeyName(member.key, false) !== key || !member.value) continue;
    return isFunction(member.value) || member.type === AST_NODE_TYPES.PropertyDefinition ? member.value : undefined;
  }
  return undefined;
}

/** Per linted tree, its functions by kind and place (sameFunctionIn). */
const functionsByPlace = new WeakMap<TSESTree.Program, Map<string, FunctionNode>>();

/**
 * The function of the linted file's tree that `fn`, of another parse of the same file (a module that imports the
 * linted file back), is: the one of the same kind at the same place, when both parses read the same text (an editor's
 * unsaved text is not the file's).
 */
function sameFunctionIn(linted: SourceFile, fn: FunctionNode): FunctionNode | undefined {
  const program = linted.sourceCode.ast;
  if (fileOf(fn)?.sourceCode.text !== linted.sourceCode.text) return undefined;
  let byPlace = functionsByPlace.get(program);
  if (!byPlace) {
    const found = new Map<string, FunctionNode>();
    walk(program, linted.sourceCode.visitorKeys, (node) => {
      if (isFunction(node)) found.set(`${node.type}:${node.range[0]}:${node.range[1]}`, node);
    });
    functionsByPlace.set(program, (byPlace = found));
  }
  return byPlace.get(`${fn.type}:${fn.range[0]}:${fn.range[1]}`);
}
