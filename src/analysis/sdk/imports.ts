import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { memberName, unwrap } from "../syntax/ast.js";
import { moduleExports } from "../resolution/module-exports.js";
import { moduleValue } from "../resolution/module-refs.js";
import type { TextQuestion } from "../modules/module-texts.js";
import type { Resolver } from "../resolution/resolver.js";
import type { SourceFile } from "../resolution/source-files.js";
import type { Target } from "../resolution/resolution.js";
import { isOneOf, JSON_RPC_MODULES } from "./module-names.js";

/** How deep a project module's `export *` chain is followed to find the SDK. */
const MAX_REEXPORT_DEPTH = 4;

/** The file's bindings of other modules, found on first use. */
interface Bindings {
  /** Local name -> exported name, for names bound to one export of the SDK. */
  readonly named: Map<string, string>;
  /** Local names bound to the SDK's namespace (or to a project module that re-exports it). */
  readonly namespaces: Set<string>;
  /** Local name -> package, for names bound to other packages' modules or exports. */
  readonly foreign: Map<string, string>;
  /** Local names of value (not type-only) bindings, by what they hold. */
  readonly valueNames: Map<string, Target>;
}

/**
 * What a file takes from the ACP SDK, however it reaches it: ESM imports, CommonJS `require()` (destructured,
 * whole, wrapped in a bundler's interop helper), `await import()`, and a project module that re-exports the SDK
 * (`import * as acp from "./acp.js"` where acp.ts says `export * from "@agentclientprotocol/sdk"`). Built on the
 * resolution layer: a name counts by the variable it is, wherever it is used.
 */
export class SdkImports {
  #bindings: Bindings | undefined;
  #sdkQuestion: TextQuestion<boolean> | undefined;

  constructor(
    private readonly modules: readonly string[],
    private readonly resolver: Resolver,
    /** The file's import declarations and variable declarators, where its module bindings are. */
    private readonly declarations: { readonly imports: readonly TSESTree.ImportDeclaration[]; readonly declarators: readonly TSESTree.VariableDeclarator[] },
  ) {}

  isSdkModule(source: string): boolean {
    return isOneOf(source, this.modules);
  }

  /** Local name -> exported name, for names bound to an SDK export (`import { RequestError as RE }`, `const { agent } = require(…)`). */
  get named(): ReadonlyMap<string, string> {
    return this.bindings().named;
  }

  /** Local names of the SDK's namespace (`import * as acp`, `const acp = require(…)`, a re-exporting project module). */
  get namespaces(): ReadonlySet<string> {
    return this.bindings().namespaces;
  }

  /** Local name -> package, for everything bound from other packages. */
  get foreign(): ReadonlyMap<string, string> {
    return this.bindings().foreign;
  }

  /** Whether the file binds anything of the SDK. */
  get importsSdk(): boolean {
    return this.named.size > 0 || this.namespaces.size > 0;
  }

  /**
   * Whether the file takes the SDK's `RequestError` (named, or through a namespace), as a value or as a type: where
   * it does, the SDK's factories are the advice, even when the file must import the class to use one.
   */
  get hasRequestError(): boolean {
    return [...this.named.values()].includes("RequestError") || this.namespaces.size > 0;
  }

  /**
   * How the file can name the SDK's `RequestError` as a value: its named binding (under its local name), else
   * `ns.RequestError` through a namespace; undefined when it binds neither (a type-only import is none).
   */
  requestErrorName(): string | undefined {
    const { valueNames } = this.bindings();
    let namespace: string | undefined;
    for (const [local, target] of valueNames) {
      if (target.kind === "external" && target.name === "RequestError") return local;
      namespace ??= this.isSdkNamespace(target) ? local : undefined;
    }
    return namespace && `${namespace}.RequestError`;
  }

  /** The SDK export an expression stands for (`RpcError` for `import { RequestError as RpcError }`, `acp.agent`). */
  exportName(node: TSESTree.Node): string | undefined {
    const copied = this.copiedExport(node);
    if (copied !== undefined) return copied;
    if (!this.mayReachSdk(node)) return undefined;
    const target = this.resolver.target(node);
    return target?.kind === "external" && target.name !== undefined && this.isSdkModule(target.source) ? target.name : undefined;
  }

  /**
   * The export a name or `ns.name` takes from a project module that is a copy of the SDK (see isSdkCopy): what it
   * is called there is what it is in the SDK.
   */
  private copiedExport(node: TSESTree.Node): string | undefined {
    const inner = unwrap(node);
    if (inner.type === AST_NODE_TYPES.Identifier) {
      const variable = this.resolver.variableOf(inner);
      const ref = variable && this.resolver.moduleRef(variable);
      return ref?.name !== undefined && this.isCopyModule(ref.source, inner) ? ref.name : undefined;
    }
    if (inner.type !== AST_NODE_TYPES.MemberExpression) return undefined;
    const object = unwrap(inner.object);
    const variable = object.type === AST_NODE_TYPES.Identifier ? this.resolver.variableOf(object) : null;
    const ref = variable && this.resolver.moduleRef(variable);
    return ref && ref.name === undefined && this.isCopyModule(ref.source, object) ? memberName(inner) : undefined;
  }

  private isCopyModule(source: string, from: TSESTree.Node): boolean {
    if (!this.resolver.isProjectSource(from, source) || !this.resolver.moduleTextHolds(from, source, DECLARES_CONNECTION)) return false;
    const file = this.resolver.moduleFrom(from, source);
    return file !== undefined && isSdkCopy(file);
  }

  /** What a project module's text must say for the SDK to be reached through it: an SDK module's name, or a copy's class. */
  get #sdkText(): TextQuestion<boolean> {
    this.#sdkQuestion ??= {
      key: `names the SDK\0${this.modules.join("\0")}`,
      compute: (text) => this.modules.some((m) => text.includes(m)) || DECLARES_CONNECTION.compute(text),
      holds: (fact) => fact,
    };
    return this.#sdkQuestion;
  }

  /**
   * Whether following `node` may lead to the SDK: not when it is bound to an import of a project module whose module,
   * and the modules that one imports, never name the SDK nor declare its connection classes (such a module is not
   * parsed).
   */
  private mayReachSdk(node: TSESTree.Node): boolean {
    return this.resolver.mayReach(node, this.#sdkText);
  }

  private mayReachSdkThrough(source: string, from: TSESTree.Node): boolean {
    return !this.resolver.isProjectSource(from, source) || this.resolver.moduleTextReaches(from, source, this.#sdkText);
  }

  /** Whether `node` refers to the SDK export `name`: `name`, an alias of it, `ns.name`, `require(sdk).name`. */
  refersTo(node: TSESTree.Node, name: string): boolean {
    return this.exportName(node) === name;
  }

  /** The SDK export a type name stands for: `Agent`, `acp.Agent`, one re-exported by a project module. */
  typeExportName(name: TSESTree.EntityName): string | undefined {
    if (name.type === AST_NODE_TYPES.Identifier) return this.exportName(name);
    if (name.type !== AST_NODE_TYPES.TSQualifiedName || name.left.type !== AST_NODE_TYPES.Identifier || !this.mayReachSdk(name.left)) return undefined;
    const namespace = this.resolver.target(name.left);
    if (namespace?.kind === "external") return namespace.name === undefined && this.isSdkModule(namespace.source) ? name.right.name : undefined;
    if (namespace?.kind !== "module") return undefined;
    if (isSdkCopy(namespace.file)) return name.right.name;
    const found = this.resolver.exportTarget(namespace.file, name.right.name);
    return found?.kind === "external" && found.name !== undefined && this.isSdkModule(found.source) ? found.name : undefined;
  }

  /**
   * The SDK path a member chain names, whatever binds its start: `acp.methods.agent.x`, `methods.agent.x` and
   * `require(sdk).methods.agent.x` all give ["methods", "agent", "x"].
   */
  sdkPath(node: TSESTree.Node): string[] | undefined {
    const rest: string[] = [];
    let current = unwrap(node);
    for (let depth = 0; depth < 16; depth++) {
      const name = this.exportName(current);
      if (name !== undefined) return rest.length > 0 ? [name, ...rest] : undefined;
      if (current.type !== AST_NODE_TYPES.MemberExpression) return undefined;
      const key = memberName(current);
      if (key === undefined) return undefined;
      rest.unshift(key);
      current = unwrap(current.object);
    }
    return undefined;
  }

  /**
   * The package a callee comes from when that is neither the SDK, a JSON-RPC library nor the project itself: an
   * `@octokit/request-error` `RequestError` is no ACP error.
   */
  foreignModule(node: TSESTree.Node): string | undefined {
    const inner = unwrap(node);
    const root = inner.type === AST_NODE_TYPES.MemberExpression ? unwrap(inner.object) : inner;
    const target = root.type === AST_NODE_TYPES.Identifier ? this.resolver.target(root) : undefined;
    if (target?.kind !== "external" || this.isSdkModule(target.source)) return undefined;
    const source = target.source;
    // The project's own modules (relative and absolute paths) define its own JSON-RPC errors.
    if (source.startsWith(".") || source.startsWith("/")) return undefined;
    return isOneOf(source, JSON_RPC_MODULES) ? undefined : source;
  }

  /** Whether a target is the SDK's namespace: the SDK, a copy of it, or a project module that `export *`s either. */
  isSdkNamespace(target: Target | undefined, depth = 0): boolean {
    if (target?.kind === "external") return target.name === undefined && this.isSdkModule(target.source);
    if (target?.kind !== "module" || depth > MAX_REEXPORT_DEPTH) return false;
    return isSdkCopy(target.file) || reexportsSdk(target.file, this, this.resolver, depth);
  }

  private bindings(): Bindings {
    this.#bindings ??= this.findBindings();
    return this.#bindings;
  }

  private findBindings(): Bindings {
    const bindings: Bindings = { named: new Map(), namespaces: new Set(), foreign: new Map(), valueNames: new Map() };
    const add = (local: TSESTree.Identifier, source: string, typeOnly: boolean) => {
      // A project module that never names the SDK binds nothing of it (it is not parsed for that).
      if (!this.mayReachSdkThrough(source, local)) return;
      const target = this.resolver.target(local);
      if (this.isSdkNamespace(target)) bindings.namespaces.add(local.name);
      else if (target?.kind === "external" && target.name !== undefined && this.isSdkModule(target.source)) bindings.named.set(local.name, target.name);
      else if (!this.isSdkModule(source) && !this.resolver.isProjectSource(local, source)) bindings.foreign.set(local.name, source);
      if (target && !typeOnly) bindings.valueNames.set(local.name, target);
    };
    for (const declaration of this.declarations.imports) {
      const typeOnly = declaration.importKind === "type";
      for (const spec of declaration.specifiers) add(spec.local, declaration.source.value, typeOnly || (spec.type === AST_NODE_TYPES.ImportSpecifier && spec.importKind === "type"));
    }
    for (const declarator of this.declarations.declarators) {
      const ref = declarator.init ? moduleValue(declarator.init) : undefined;
      if (!ref) continue;
      if (declarator.id.type === AST_NODE_TYPES.Identifier) add(declarator.id, ref.source, false);
      else if (declarator.id.type === AST_NODE_TYPES.ObjectPattern) {
        for (const prop of declarator.id.properties) {
          const value = prop.type === AST_NODE_TYPES.Property ? (prop.value.type === AST_NODE_TYPES.AssignmentPattern ? prop.value.left : prop.value) : undefined;
          if (value?.type === AST_NODE_TYPES.Identifier) add(value, ref.source, false);
        }
      }
    }
    return bindings;
  }
}

/** Whether a project module re-exports all of the SDK (`export * from "@agentclientprotocol/sdk"`), directly or through another. */
function reexportsSdk(file: SourceFile, sdk: SdkImports, resolver: Resolver, depth: number): boolean {
  for (const source of moduleExports(file).stars) {
    if (sdk.isSdkModule(source)) return true;
    const inner = resolver.moduleFrom(file, source);
    if (inner && sdk.isSdkNamespace({ kind: "module", file: inner }, depth + 1)) return true;
  }
  return false;
}

/** The classes only the SDK's connection code declares: a project module that exports one is a copy of the SDK. */
const CONNECTION_CLASSES = ["AgentSideConnection", "ClientSideConnection"];

const copies = new WeakMap<SourceFile, boolean>();

/** A module's text that may declare a connection class (a copy of the SDK is parsed only then). */
const DECLARES_CONNECTION: TextQuestion<boolean> = {
  key: "declares an SDK connection class",
  compute: (text) => /\bclass\s+(?:AgentSideConnection|ClientSideConnection)\b/u.test(text),
  holds: (fact) => fact,
};

/**
 * Whether a project module is a copy of the SDK, as some agents vendor the connection code (`./acp.js` declaring
 * `export class AgentSideConnection`, `export interface Agent`, `export class RequestError`): its exports are the
 * SDK's by their names.
 */
export function isSdkCopy(file: SourceFile): boolean {
  let found = copies.get(file);
  if (found === undefined) {
    const local = moduleExports(file).local;
    found = CONNECTION_CLASSES.some((name) => local.get(name)?.type === AST_NODE_TYPES.ClassDeclaration);
    copies.set(file, found);
  }
  return found;
}
