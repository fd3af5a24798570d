import { resolve } from "node:path";
import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { ParserServicesWithTypeInformation, TSESLint, TSESTree } from "@typescript-eslint/utils";
import { codesOf, type ErrorCodeInfo } from "../protocol/codes.js";
import { unwrap } from "./syntax/ast.js";
import { fileNodes, type FileNodes, moduleNodes } from "./file-nodes.js";
import { type CodeTable, codeTable } from "./errors/code-tables.js";
import { BUILTIN_ERROR_CLASSES, type ClassNode, describeErrorClass, type ErrorClass, ErrorClasses, rpcErrorClass } from "./errors/error-classes.js";
import {
  assignSite,
  classCodeSite,
  codeAssignmentSite,
  constructSite,
  type ErrorSite,
  factorySite,
  objectSite,
  type SiteContext,
} from "./errors/error-sites.js";
import type { AnswerContext } from "./errors/answers.js";
import { findHandlers } from "./handlers/find-handlers.js";
import type { FileHandlers } from "./handlers/types.js";
import { helperCallSites, helperSiteText, importedHelperSite } from "./errors/helper-sites.js";
import { sendCallSite } from "./errors/send-calls.js";
import { SdkImports } from "./sdk/imports.js";
import { BUILTIN_SDK_MODULES } from "./sdk/module-names.js";
import { findSdk, sdkHasFactory, sdkVersionsOf } from "./sdk/sdk-version.js";
import { importsProjectModule } from "./imported-relevance.js";
import { fileRelevance, type LintedPath } from "./relevance.js";
import { type AcpSettings, acpSettings } from "./settings.js";
import { releaseReferences } from "./syntax/variables.js";
import { analyseSessions, type SessionFacts } from "./sessions/sessions.js";
import { readingKey } from "./modules/module-files.js";
import type { ValueResolver } from "./resolution/values.js";
import { releaseResolver, Resolver } from "./resolution/resolver.js";
import { fileOf, lintingNow, registerFile, type SourceFile, unregisterFile } from "./resolution/source-files.js";
import { typedChecker } from "./typed-checker.js";
import { className } from "./syntax/functions.js";

/** What one file says about ACP error handling; built once per file and shared by every rule. */
export interface FileModel {
  readonly settings: AcpSettings;
  /** The codes ACP defines for the configured protocol version. */
  readonly acpCodes: ReadonlyMap<number, ErrorCodeInfo>;
  readonly values: ValueResolver;
  /** What names, members, calls and imports stand for, in this file and the modules it imports. */
  readonly resolver: Resolver;
  readonly sdk: SdkImports;
  /**
   * The SDK version advice is for: `settings.acp.sdkVersion`, else the one installed for the file, else the lowest
   * its package.json's range allows; undefined if unknown.
   */
  readonly sdkVersion: string | undefined;
  /** The SDK versions the file may run with (see sdkVersionsOf): the version itself, or the declared range. */
  readonly sdkVersions: string | undefined;
  /** Whether that SDK declares the `RequestError` factory `name` (an unknown version: only what every version has). */
  hasFactory(name: string): boolean;
  readonly errorClasses: ErrorClasses;
  readonly errorSites: readonly ErrorSite[];
  /**
   * Sites inside helpers whose code comes from the caller: their code is judged at each call
   * (`fail(-32001)`), not from the parameter's declared type.
   */
  readonly delegated: ReadonlySet<ErrorSite>;
  readonly codeTables: readonly CodeTable[];
  /** The file's nodes by kind, in source order: analyses read these instead of walking the file again. */
  readonly nodes: Readonly<FileNodes>;
  /** The ACP handlers of the file; found on first use. */
  readonly handlers: FileHandlers;
  /** What session-scoped handlers do with the sessions their requests name; found on first use. */
  readonly sessions: SessionFacts;
  /** What analyses need to tell what a throw or return answers (the error sites by node); built on first use. */
  readonly answers: AnswerContext;
  /**
   * The model of a project module this file's analyses follow a call into (read with this file's settings), where
   * what a helper of that module does is found; undefined for this file itself, or beyond the depth followed.
   */
  moduleModel(file: SourceFile): FileModel | undefined;
  /**
   * Whether a function of another module is a handler of that module's own (a delegate typed with the SDK's
   * request): that module's lint judges it and what it calls, so a call of this file that reaches it reports nothing.
   */
  isHandlerAtHome(fn: TSESTree.Node): boolean;
  /** Whether the file names a module of the project (by a relative path or a tsconfig alias): its calls may lead there. */
  readonly readsModules: boolean;
}

type AnyContext = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

const NO_HANDLERS: FileHandlers = { handlers: [], fallbacks: [] };

const models = new WeakMap<TSESTree.Program, FileModel>();

/**
 * Forgets the file's model once no rule of the plugin will ask for it again (create-rule.ts): kept until the Program
 * node dies, it would stay reachable from the cache's table, which lives in old space, through every scavenge.
 */
export function releaseModel(program: TSESTree.Program): void {
  models.delete(program);
  releaseReferences(program);
  unregisterFile(program);
  releaseResolver(program);
}

/** The model of the file being linted, built on first use. */
export function getModel(context: AnyContext): FileModel {
  const program = context.sourceCode.ast;
  let model = models.get(program);
  if (!model) {
    const file = lintedFile(context.sourceCode, context.filename, context.cwd);
    lintingNow(file);
    model = buildModel(file, context.settings, context, undefined, 0);
    models.set(program, model);
  }
  return model;
}

/** The JSON-RPC error classes by name, then the local Error subclasses that take or hold a code. */
function errorClassesOf(settings: AcpSettings, classes: readonly ClassNode[]): Map<string, ErrorClass> {
  const byName = [...BUILTIN_ERROR_CLASSES, ...settings.errorClasses];
  const known = new Map<string, ErrorClass>(byName.map((name) => [name, rpcErrorClass(name)]));
  const described = new Set<ClassNode>();
  // Subclasses may come before their parents in the file: repeat until nothing new is learnt.
  for (let changed = true; changed; ) {
    changed = false;
    for (const node of classes) {
      const name = className(node);
      if (described.has(node) || !name || byName.includes(name)) continue;
      const cls = describeErrorClass(node, known);
      if (!cls) continue;
      described.add(node);
      known.set(name, cls);
      changed = true;
    }
  }
  return known;
}

/** The code tables among the file's object literals and enums. */
function tablesOf(found: FileNodes, values: ValueResolver, acpCodes: ReadonlyMap<number, ErrorCodeInfo>): CodeTable[] {
  const tables: CodeTable[] = [];
  for (const node of [...found.objects, ...found.enums]) {
    const table = codeTable(node, values, acpCodes);
    if (table) tables.push(table);
  }
  return tables;
}

/** The linted file as the resolution layer sees it; text that is no file (`<input>`) has no path, and imports nothing. */
function lintedFile(sourceCode: Readonly<TSESLint.SourceCode>, filename: string, cwd: string): SourceFile {
  const isFile = filename !== "<input>" && filename !== "<text>";
  const file: SourceFile = { path: isFile ? resolve(cwd, filename) : undefined, sourceCode, linted: true };
  registerFile(file);
  return file;
}

/** How deep models of imported modules are built for a linted file: an imported module's model follows no further. */
const MAX_MODULE_MODELS_DEPTH = 1;

/** Where models of modules come from; an imported module's model asks one that has none. */
interface ModelsOf {
  of(file: SourceFile, depth: number): FileModel | undefined;
}

const NO_MODELS: ModelsOf = { of: () => undefined };

/** An imported module's model, with what it was built with: reused only for the same settings, parser, options and folder. */
interface KeptModel {
  /** The file's settings of the plugin, as text: ESLint may hand each file its own settings object. */
  readonly settings: string;
  /** How the model's modules are read (module-files' readingKey). */
  readonly reading: string;
  readonly cwd: string;
  readonly model: FileModel;
}

/**
 * Models of imported modules, kept across linted files by module: a session manager that twenty handlers' files
 * import is analysed once. A module's SourceFile is replaced when the file changes (module-files reads by
 * modification time), and a kept model is renewed before each reuse: if a module it looked at changed, it is
 * built again. Weak: a module the reader forgets takes its models with it.
 */
const keptModels = new WeakMap<SourceFile, KeptModel[]>();

/**
 * The models of the project modules a linted file's analyses follow calls into, with the linted file's settings
 * and parser options: what a session manager or send helper of another module does is read from its model and
 * judged at the linted file's call. Built on first use, or taken from keptModels.
 */
class ModuleModels implements ModelsOf {
  readonly #built = new Map<SourceFile, FileModel | null>();
  #settingsKey: string | undefined;
  #readingKey: string | undefined;

  constructor(
    private readonly rawSettings: AnyContext["settings"],
    private readonly context: ModelContext,
  ) {}

  of(file: SourceFile, depth: number): FileModel | undefined {
    if (file.linted || !file.path || depth > MAX_MODULE_MODELS_DEPTH) return undefined;
    const cached = this.#built.get(file);
    if (cached !== undefined) return cached ?? undefined;
    // A module that leads back to itself while its model is built gets none.
    this.#built.set(file, null);
    const model = this.kept(file) ?? this.build(file, depth);
    this.#built.set(file, model);
    return model;
  }

  private get settingsKey(): string {
    this.#settingsKey ??= JSON.stringify(acpSettings(this.rawSettings));
    return this.#settingsKey;
  }

  private get readingKey(): string {
    this.#readingKey ??= readingKey(this.context.languageOptions as Readonly<Record<string, unknown>> | undefined);
    return this.#readingKey;
  }

  private kept(file: SourceFile): FileModel | undefined {
    const list = keptModels.get(file);
    const settings = this.settingsKey;
    const reading = this.readingKey;
    const index = list?.findIndex((k) => k.settings === settings && k.reading === reading && k.cwd === this.context.cwd) ?? -1;
    if (index < 0) return undefined;
    const { model } = list![index]!;
    if (model.resolver.renew()) return model;
    list!.splice(index, 1);
    return undefined;
  }

  private build(file: SourceFile, depth: number): FileModel {
    // The rule context's properties live on its prototype: copied one by one, not spread (and not kept: the kept
    // model must not hold the linted file's context, nor this object, which holds it).
    const context: ModelContext = { filename: file.path!, cwd: this.context.cwd, languageOptions: this.context.languageOptions };
    const model = buildModel(file, this.rawSettings, context, depth < MAX_MODULE_MODELS_DEPTH ? this : NO_MODELS, depth);
    if (depth >= MAX_MODULE_MODELS_DEPTH) {
      let list = keptModels.get(file);
      if (!list) keptModels.set(file, (list = []));
      list.push({ settings: this.settingsKey, reading: this.readingKey, cwd: this.context.cwd, model });
    }
    return model;
  }
}

type ModelContext = Pick<AnyContext, "filename" | "cwd"> & { readonly languageOptions?: unknown };

function buildModel(file: SourceFile, rawSettings: AnyContext["settings"], context: ModelContext, modules: ModelsOf | undefined, depth: number): FileModel {
  const sourceCode = file.sourceCode;
  const settings = acpSettings(rawSettings);
  const sdkFound = settings.sdkVersion === undefined ? findSdk(context.filename, context.cwd) : undefined;
  const sdkVersion = settings.sdkVersion ?? sdkFound?.version;
  const sdkVersions = settings.sdkVersion ?? sdkVersionsOf(sdkFound);
  const acpCodes = codesOf(settings.protocolVersion);
  const services = sourceCode.parserServices;
  const typed = services?.program ? (services as ParserServicesWithTypeInformation) : undefined;
  const reading = file.path ? { languageOptions: context.languageOptions as Record<string, unknown> | undefined, root: context.cwd } : undefined;
  const resolver = new Resolver(file, reading, typed && typedChecker(typed, context.cwd), (other) => (other === file ? found.calls : moduleNodes(other.sourceCode).calls));
  const values = resolver.values;
  const found = fileNodes(sourceCode);
  const moduleModels = modules ?? new ModuleModels(rawSettings, context);
  const modelOf = (other: SourceFile) => moduleModels.of(other, depth + 1);
  // The model of an imported module judges no helpers of further modules: it is built for one question (what a
  // helper there does), and a helper's own imports are that module's business when it is linted. A file that names
  // no module of the project (by a relative path or a tsconfig alias) reaches none.
  const readsModules = importsProjectModule(sourceCode.text, file.path, context.cwd);
  const helperModelOf = depth < MAX_MODULE_MODELS_DEPTH && readsModules ? modelOf : undefined;
  const helperText = helperSiteText(settings.errorClasses);

  const sdk = new SdkImports([...BUILTIN_SDK_MODULES, ...settings.sdkModules], resolver, found);
  const errorClasses = new ErrorClasses(errorClassesOf(settings, found.classes), resolver, sdk);
  const ctx: SiteContext = { sdk, errorClasses, values, configuredClasses: new Set(settings.errorClasses), sourceCode };

  const sites: ErrorSite[] = [];
  // Arguments of a recognised construction are its data, not error objects of their own.
  const claimed = new Set<TSESTree.Node>();
  // One site per code expression: `this.code = -32001` is both an assignment and the class's held code.
  const codes = new Set<TSESTree.Node>();
  const add = (site: ErrorSite | undefined) => {
    if (!site || (site.code && codes.has(site.code))) return;
    sites.push(site);
    if (site.code) codes.add(site.code);
    if (site.node.type === AST_NODE_TYPES.NewExpression || site.node.type === AST_NODE_TYPES.CallExpression) {
      for (const arg of site.node.arguments) claimed.add(unwrap(arg));
    }
  };
  for (const node of found.news) add(constructSite(node, ctx));
  // A call of another module's helper that builds or sends an error is that helper's site, judged here.
  for (const node of found.calls) add(factorySite(node, ctx) ?? assignSite(node, ctx) ?? (helperModelOf && importedHelperSite(node, resolver, helperModelOf, helperText)) ?? sendCallSite(node, ctx));
  for (const node of found.assignments) add(codeAssignmentSite(node, ctx));
  for (const node of found.classes) {
    const cls = errorClasses.get(className(node) ?? "");
    const held = cls?.heldCode && node.range[0] <= cls.heldCode.range[0] && cls.heldCode.range[1] <= node.range[1];
    if (cls && held) add(classCodeSite(cls, node));
  }
  for (const node of found.objects) if (!claimed.has(node)) add(objectSite(node, ctx));
  const helperCalls = helperCallSites(resolver, sites);
  for (const site of helperCalls) add(site);
  const delegated = new Set(helperCalls.map((site) => site.inner!));
  // Objects were taken before the helper calls were known: an argument of one is its data, not an error.
  const errorSites = sites.filter((site) => site.kind !== "object" || !claimed.has(site.node));

  const parts = { settings, acpCodes, values, resolver, sdk, sdkVersion, sdkVersions, errorClasses, errorSites, delegated, nodes: found, readsModules };
  return new LazyFileModel(sourceCode, { filename: context.filename, cwd: context.cwd }, modelOf, parts);
}

/** What a model knows once it is built; the rest (FileModel's getters) is found on first use. */
type BuiltParts = Pick<FileModel, "settings" | "acpCodes" | "values" | "resolver" | "sdk" | "sdkVersion" | "sdkVersions" | "errorClasses" | "errorSites" | "delegated" | "nodes" | "readsModules">;

/**
 * A class, not an object literal with getters: V8 keeps a literal's getters in an accessor pair it allocates in old
 * space, so after the file, until the next full collection, every scavenge found the file's structures reachable
 * from there and copied them, then promoted them (see bench/README.md).
 */
class LazyFileModel implements FileModel {
  readonly settings: AcpSettings;
  readonly acpCodes: ReadonlyMap<number, ErrorCodeInfo>;
  readonly values: ValueResolver;
  /** What names, members, calls and imports stand for, in this file and the modules it imports. */
  readonly resolver: Resolver;
  readonly sdk: SdkImports;
  readonly sdkVersion: string | undefined;
  readonly sdkVersions: string | undefined;
  readonly errorClasses: ErrorClasses;
  readonly errorSites: readonly ErrorSite[];
  readonly delegated: ReadonlySet<ErrorSite>;
  readonly nodes: Readonly<FileNodes>;
  readonly readsModules: boolean;
  readonly #sourceCode: Readonly<TSESLint.SourceCode>;
  readonly #lintedPath: LintedPath;
  readonly #modelOf: (file: SourceFile) => FileModel | undefined;
  readonly #factories = new Map<string, boolean>();
  // Code tables, like the handlers and what depends on them, are found on first use: most files need none.
  #codeTables: readonly CodeTable[] | undefined;
  #handlers: FileHandlers | undefined;
  #sessions: SessionFacts | undefined;
  #answers: AnswerContext | undefined;

  constructor(sourceCode: Readonly<TSESLint.SourceCode>, lintedPath: LintedPath, modelOf: (file: SourceFile) => FileModel | undefined, parts: BuiltParts) {
    this.#sourceCode = sourceCode;
    this.#lintedPath = lintedPath;
    this.#modelOf = modelOf;
    this.settings = parts.settings;
    this.acpCodes = parts.acpCodes;
    this.values = parts.values;
    this.resolver = parts.resolver;
    this.sdk = parts.sdk;
    this.sdkVersion = parts.sdkVersion;
    this.sdkVersions = parts.sdkVersions;
    this.errorClasses = parts.errorClasses;
    this.errorSites = parts.errorSites;
    this.delegated = parts.delegated;
    this.nodes = parts.nodes;
    this.readsModules = parts.readsModules;
  }

  moduleModel(file: SourceFile): FileModel | undefined {
    return this.#modelOf(file);
  }

  hasFactory(name: string): boolean {
    let has = this.#factories.get(name);
    if (has === undefined) this.#factories.set(name, (has = sdkHasFactory(this.sdkVersion, name)));
    return has;
  }

  get codeTables(): readonly CodeTable[] {
    // Two members must resolve to ACP codes: in a file that writes none and imports no SDK constant, none do.
    this.#codeTables ??= fileRelevance(this.#sourceCode, this.settings, this.#lintedPath).codes ? tablesOf(this.nodes, this.values, this.acpCodes) : [];
    return this.#codeTables;
  }

  get handlers(): FileHandlers {
    // A file that names neither the SDK nor a method holds no handler in any style (see fileRelevance).
    this.#handlers ??= fileRelevance(this.#sourceCode, this.settings, this.#lintedPath).handlers
      ? findHandlers(this.nodes, { sourceCode: this.#sourceCode, sdk: this.sdk, values: this.values, resolver: this.resolver, sdkVersions: this.sdkVersions })
      : NO_HANDLERS;
    return this.#handlers;
  }

  get sessions(): SessionFacts {
    this.#sessions ??= analyseSessions(
      this.#sourceCode,
      this.nodes,
      this.handlers.handlers,
      this.answers,
      (node) => {
        const file = fileOf(node);
        return file ? this.moduleModel(file)?.answers : undefined;
      },
      (fn) => this.isHandlerAtHome(fn),
    );
    return this.#sessions;
  }

  /** Whether a function of another module is a handler of that module's own (a delegate): its own lint judges it. */
  isHandlerAtHome(fn: TSESTree.Node): boolean {
    const file = fileOf(fn);
    const home = file && this.moduleModel(file);
    return !!home && home.handlers.handlers.some((h) => h.fn === fn || h.body === fn);
  }

  get answers(): AnswerContext {
    this.#answers ??= {
      sourceCode: this.#sourceCode,
      values: this.values,
      sitesByNode: new Map(this.errorSites.map((site) => [site.node, site])),
      errorClasses: this.errorClasses,
    };
    return this.#answers;
  }
}
