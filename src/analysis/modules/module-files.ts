import { realpathSync, statSync } from "node:fs";
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from "node:path";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { SourceCode as EslintSourceCode } from "eslint";
import * as typescriptParser from "@typescript-eslint/parser";
import { analyze, type AnalyzeOptions } from "@typescript-eslint/scope-manager";
import { parse as parseTypeScript } from "@typescript-eslint/typescript-estree";
import { visitorKeys as typescriptVisitorKeys } from "@typescript-eslint/visitor-keys";
import { isInside, readRegularFile } from "../../regular-file.js";
import { clearRealRoots, folderOf, realRoot, statOf, type Stats } from "./folders.js";
import { projectAliases } from "./project-aliases.js";
import { nativeTree } from "./native-parse.js";
import { aliasedPaths } from "./tsconfig-paths.js";
import { registerFile, setParents, type SourceFile } from "../resolution/source-files.js";

/** ESLint's SourceCode, typed as typescript-eslint types it (imported from ESLint, already loaded by every lint). */
const SourceCode = EslintSourceCode as unknown as typeof TSESLint.SourceCode;

/**
 * Reading the project modules a linted file imports (by a relative path or a tsconfig alias), without type information:
 * each is parsed with the linted file's parser and options (type-aware options left out), once per path and
 * modification time, as eslint-plugin-import-x's export map does (its cache is keyed by path and checked against the
 * file's mtime on every use). Unlike that cache this one is bounded: at most MAX_FILES parsed modules, the least
 * recently used forgotten first; a file larger than MAX_BYTES, outside the project's folder, inside node_modules, or
 * that does not parse is never read as a module. With typescript-eslint's parser (or espree, which has no
 * `parseForESLint`) a module is read without tokens, comments and the nodes' line and column locations, which no
 * analysis of an imported module reads (a report lands only at a node of the linted file; ranges are kept): they were
 * most of the time and of the memory that reading a module took. /

/** Parsed modules kept at once. */
const MAX_FILES = 256;
/** A module larger than this is not read (a bundle or generated file; the linted file's own size is ESLint's business). */
export const MAX_BYTES = 1_000_000;

/** The extensions a module may have, TypeScript's first: `./x.js` in TypeScript source names `./x.ts`. */
const SCRIPT_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"] as const;
const JS_TO_TS: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

/** Parser options that make a parse type-aware (a program per file): imported modules are read without types. */
const TYPE_AWARE_OPTIONS = new Set(["project", "projectService", "programs", "EXPERIMENTAL_useProjectService", "EXPERIMENTAL_useSourceOfProjectReferenceRedirect"]);

interface Parser {
  readonly meta?: { readonly name?: string };
  parseForESLint?(text: string, options: Record<string, unknown>): {
    ast: TSESTree.Program;
    scopeManager?: unknown;
    visitorKeys?: Record<string, readonly string[]>;
    services?: unknown;
  };
}

/** How the linted file is parsed, and where its project lies: what the modules it imports are read with. */
export interface ModuleReading {
  /** `context.languageOptions` of the linted file. */
  readonly languageOptions: Readonly<Record<string, unknown>> | undefined;
  /** The folder modules must lie in (the lint's working directory). */
  readonly root: string;
}

interface Entry {
  readonly mtimeMs: number;
  readonly size: number;
  readonly parser: object;
  readonly options: string;
  readonly file: SourceFile | null;
}

const parsed = new Map<string, Entry>();

/** The files a specifier may name when it names `base` (a path without its extension, or with one), most likely first. */
function candidatePaths(base: string): string[] {
  const ext = extname(base);
  const out: string[] = [];
  const stem = JS_TO_TS[ext] ? base.slice(0, -ext.length) : undefined;
  if (stem !== undefined) for (const ts of JS_TO_TS[ext]!) out.push(stem + ts);
  if ((SCRIPT_EXTENSIONS as readonly string[]).includes(ext)) out.push(base);
  else {
    for (const e of SCRIPT_EXTENSIONS) out.push(base + e);
    for (const e of SCRIPT_EXTENSIONS) out.push(`${base}${sep}index${e}`);
  }
  return out;
}

/** Whether a module specifier is relative (`./x`, `../x`). */
export function isRelativeSpecifier(specifier: string): boolean {
  return specifier === "." || specifier === ".." || specifier.startsWith("./") || specifier.startsWith("../");
}

/**
 * The regular file a specifier names from `fromFile`, inside `root` and in no node_modules: a relative specifier, or
 * one the path aliases of the file's tsconfig map (project-aliases.ts); undefined when there is none (a package's
 * name). Candidates are looked up in their folder's listing (folderOf): one `stat` of the folder instead of one of each
 * candidate.
 */
export function resolveModulePath(fromFile: string, specifier: string, root: string, stats?: Stats): string | undefined {
  if (!isAbsolute(fromFile) || typeof root !== "string" || root === "" || specifier === "") return undefined;
  const bases = isRelativeSpecifier(specifier) ? [resolve(dirname(fromFile), specifier)] : aliasedPaths(projectAliases(fromFile, root, stats), specifier);
  for (const base of bases) {
    const found = fileOfBase(base, root, stats);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The regular file inside `root` a specifier naming `base` stands for (candidatePaths), if any. */
function fileOfBase(base: string, root: string, stats: Stats | undefined): string | undefined {
  for (const candidate of candidatePaths(base)) {
    const folder = folderOf(dirname(candidate), stats);
    const name = basename(candidate);
    const kind = folder?.entries.get(name);
    if (!folder || kind === undefined) continue;
    let real = join(folder.real, name);
    if (kind === "check") {
      try {
        // A link (or an entry of unknown type) is followed: what counts is where the file really is.
        if (!statSync(candidate, { throwIfNoEntry: false })?.isFile()) continue;
        real = realpathSync.native(candidate);
      } catch {
        continue;
      }
    }
    return isModuleOfRoot(real, root) ? real : undefined;
  }
  return undefined;
}

/** Whether a real path is a module of the lint root: below it (by real path), and in no node_modules. */
function isModuleOfRoot(path: string, root: string): boolean {
  const real = realRoot(root);
  return path !== real && isInside(path, real) && !relative(real, path).split(sep).includes("node_modules");
}

/** The parser a linted file's options name; @typescript-eslint/parser when it has no `parseForESLint` (espree). */
function parserOf(reading: ModuleReading): Parser {
  const parser = reading.languageOptions?.["parser"] as Parser | undefined;
  return parser && typeof parser.parseForESLint === "function" ? parser : (typescriptParser as Parser);
}

/** The linted file's parser options without the type-aware ones, for a module at `path`. */
function optionsFor(reading: ModuleReading, path: string): Record<string, unknown> {
  const languageOptions = reading.languageOptions ?? {};
  const given = (languageOptions["parserOptions"] ?? {}) as Record<string, unknown>;
  const options: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) if (!TYPE_AWARE_OPTIONS.has(key)) options[key] = value;
  const ext = extname(path);
  const commonjs = ext === ".cjs" || ext === ".cts";
  const features = (options["ecmaFeatures"] ?? {}) as Record<string, unknown>;
  return {
    ...options,
    ecmaVersion: languageOptions["ecmaVersion"] ?? "latest",
    sourceType: commonjs ? "script" : "module",
    ecmaFeatures: { ...features, jsx: ext === ".jsx" || ext === ".tsx" || features["jsx"] === true, ...(commonjs ? { globalReturn: true } : {}) },
    filePath: path,
    range: true,
    loc: true,
    tokens: true,
    comment: true,
  };
}

const parserIds = new WeakMap<object, number>();
let parsers = 0;

/**
 * What a way of reading modules comes to, as text: the parser (by identity) and its options. Two files linted with
 * equal keys read every module alike (ESLint may hand each file its own, equal, options object).
 */
export function readingKey(languageOptions: Readonly<Record<string, unknown>> | undefined): string {
  const parser = parserOf({ languageOptions, root: "" });
  let id = parserIds.get(parser);
  if (id === undefined) parserIds.set(parser, (id = ++parsers));
  return `${id}\0${optionsKey(optionsFor({ languageOptions, root: "" }, ""))}`;
}

/** `JSON.stringify` of options that may hold functions or cycles: what is not JSON counts as always different. */
function optionsKey(options: Record<string, unknown>): string {
  try {
    return JSON.stringify(options);
  } catch {
    return String(Math.random());
  }
}

/**
 * The module at `path` (from resolveModulePath), parsed; null when it is too large, cannot be read or does not parse.
 * `stats` memoises one `statSync` per path for the caller (a linted file asks about its imports many times).
 */
export function readModule(path: string, reading: ModuleReading, stats: Stats): SourceFile | null {
  const stat = statOf(path, stats);
  if (!stat || stat.size > MAX_BYTES) return null;
  const parser = parserOf(reading);
  const options = optionsFor(reading, path);
  const key = optionsKey(options);
  const cached = parsed.get(path);
  if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size && cached.parser === parser && cached.options === key) {
    // Most recently used last.
    parsed.delete(path);
    parsed.set(path, cached);
    return cached.file;
  }
  const file = parse(path, realRoot(reading.root), parser, options);
  parsed.delete(path);
  parsed.set(path, { mtimeMs: stat.mtimeMs, size: stat.size, parser, options: key, file });
  if (parsed.size > MAX_FILES) parsed.delete(parsed.keys().next().value!);
  return file;
}

/**
 * The module at `path` parsed; null when it is not a regular file inside `root` (by real path) of at most MAX_BYTES,
 * or does not parse. resolveModulePath found it so, but a folder's listing is kept (by its modification time, or for
 * the whole of a single run): a file replaced since by a FIFO, a device or a link is not opened.
 */
function parse(path: string, root: string, parser: Parser, options: Record<string, unknown>): SourceFile | null {
  const read = readRegularFile(path, { inside: root, maxBytes: MAX_BYTES });
  if (!("text" in read)) return null;
  const text = read.text;
  try {
    const result = isTypeScriptEslint(parser) ? parseTree(path, text, options) : parser.parseForESLint!(text, options);
    const visitorKeys = result.visitorKeys;
    const scopes = "scopes" in result ? lazyScopes(result.ast, result.scopes) : result.scopeManager;
    if (!scopes || !visitorKeys) return null;
    setParents(result.ast, visitorKeys);
    const sourceCode = new SourceCode({
      text,
      ast: result.ast as TSESLint.SourceCode.Program,
      // Read without type information: no program behind it.
      parserServices: null,
      scopeManager: scopes as TSESLint.Scope.ScopeManager,
      visitorKeys,
    });
    const file: SourceFile = { path, sourceCode, linted: false };
    registerFile(file);
    return file;
  } catch {
    return null;
  }
}

/** Where a whole text starts and ends, as ESLint counts lines (`\r\n`, `\r`, `\n`, U+2028, U+2029) and columns. */
function programLoc(text: string): TSESTree.SourceLocation {
  const lines = text.split(/\r\n|[\r\n\u2028\u2029]/u);
  return { start: { line: 1, column: 0 }, end: { line: lines.length, column: lines[lines.length - 1]!.length } };
}

function isTypeScriptEslint(parser: Parser): boolean {
  return parser === typescriptParser || parser.meta?.name === "typescript-eslint/parser";
}

/**
 * What typescript-eslint's `parseForESLint` makes of a module without type information (the same tree, its options
 * passed on as it passes them; its scopes on first use), without the tokens, comments and line and column locations
 * it always makes and the node maps it keeps. The tree is oxc-parser's where it loads and reads the text without
 * error (native-parse.ts), typescript-estree's otherwise.
 */
function parseTree(path: string, text: string, options: Record<string, unknown>): { ast: TSESTree.Program; scopes: () => TSESLint.Scope.ScopeManager; visitorKeys: Record<string, readonly string[]> } {
  const features = options["ecmaFeatures"] as { jsx?: boolean; globalReturn?: boolean };
  const sourceType = options["sourceType"] === "module" ? "module" : "script";
  const ast =
    nativeTree(path, text, typescriptVisitorKeys, features.globalReturn === true) ??
    (parseTypeScript(text, {
      jsx: features.jsx === true,
      ...options,
      comment: false,
      tokens: false,
      loc: false,
      range: true,
    }) as TSESTree.Program);
  (ast as { sourceType: string }).sourceType = sourceType;
  // ESLint's SourceCode requires both lists and the Program's location; nothing reads them for an imported module.
  Object.assign(ast, { tokens: [], comments: [], loc: programLoc(text) });
  const scopes = () =>
    analyze(ast, {
      globalReturn: features.globalReturn,
      jsxFragmentName: options["jsxFragmentName"] as string | undefined,
      jsxPragma: options["jsxPragma"] as string | undefined,
      lib: options["lib"] as AnalyzeOptions["lib"],
      sourceType,
    }) as TSESLint.Scope.ScopeManager;
  return { ast, scopes, visitorKeys: typescriptVisitorKeys as Record<string, readonly string[]> };
}

/**
 * A module's scopes, made when something first asks them anything: as much time as the parse itself, and many
 * modules are parsed only to find an export or a class's method, never a variable. (ESLint's SourceCode is frozen,
 * so the scope manager it holds stands in for the real one, whose methods run on the real one.)
 */
function lazyScopes(ast: TSESTree.Program, make: () => TSESLint.Scope.ScopeManager): TSESLint.Scope.ScopeManager {
  let made: TSESLint.Scope.ScopeManager | undefined;
  const real = () => {
    if (!made) {
      try {
        made = make();
      } catch {
        // Found now rather than at the parse: the module's variables are unknown, as for a module that did not parse.
        made = analyze({ ...ast, body: [] }, { sourceType: ast.sourceType }) as TSESLint.Scope.ScopeManager;
      }
      scoped.add(ast);
    }
    return made;
  };
  return new Proxy({} as TSESLint.Scope.ScopeManager, {
    get(_, key) {
      const value: unknown = Reflect.get(real(), key);
      return typeof value === "function" ? value.bind(real()) : value;
    },
    has: (_, key) => Reflect.has(real(), key),
  });
}

/** The trees of the modules whose scopes were made (tests). */
const scoped = new WeakSet<TSESTree.Program>();

/** Whether the scopes of a module read by the layer were made (tests: a module asked only for an export needs none). */
export function hasScopes(file: SourceFile): boolean {
  return scoped.has(file.sourceCode.ast);
}

/** Whether a parse of the module at `path` is kept (tests: a question its text answered parses nothing). */
export function hasParsed(path: string): boolean {
  return parsed.has(path);
}

/** Forgets every parsed module (tests). */
export function clearModuleCache(): void {
  parsed.clear();
  clearRealRoots();
}
