// Every suggestion the rule suites assert still type-checks under `strict` (issue 35, item 6): the suites' invalid
// cases with suggestions are collected through test/rule-tester.ts, each asserted suggestion output is compiled with
// the real TypeScript compiler and the ACP SDK's types beside the case's original code, all in one Program, and a
// suggestion may add no compiler diagnostic the original does not have (the original itself may not compile: a
// case declares only what its rule needs).
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import plugin from "../src/index.js";
import { detectSdkVersion } from "../src/analysis/sdk/sdk-version.js";
import { collectSuites, type SuggestionSuite, suggestionSuites } from "./rule-tester.js";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const SUITES = join(REPO, "test/rules");

/** The module names of the ACP SDK: the current package and the package the legacy API was first published as. */
const SDK_MODULE = /^(@agentclientprotocol\/sdk|@zed-industries\/agent-client-protocol)(\/.*)?$/u;

/** The SDK versions installed for the check (package.json's devDependencies), oldest first, by their package name. */
const INSTALLED_SDKS: readonly { readonly version: string; readonly name: string }[] = [
  "acp-sdk-0-28",
  "acp-sdk-0-29",
  "acp-sdk-1-8",
  "acp-sdk-legacy",
  "acp-sdk-2-0",
  "acp-sdk-2-1",
  "@agentclientprotocol/sdk",
].map((name) => ({ name, version: (JSON.parse(readFileSync(join(REPO, "node_modules", name, "package.json"), "utf8")) as { version: string }).version }));

/** The SDK 1.9.0 package, the newest with the legacy API (`AgentSideConnection`, `Agent`, `Client`), which 2.x dropped. */
const LEGACY_SDK = "acp-sdk-legacy";
/** Code that uses the legacy API: its connection classes, or its `Agent` / `Client` interfaces imported or implemented. */
const LEGACY_ONLY = /\b(?:AgentSideConnection|ClientSideConnection)\b|\b(?:implements|type)\s+(?:\w+\.)?(?:Agent|Client)\b|[{,]\s*(?:type\s+)?(?:Agent|Client)\s*[,}]/u;

const OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  lib: ["lib.es2023.d.ts"],
  types: ["node"],
  jsx: ts.JsxEmit.Preserve,
  skipLibCheck: true,
  noEmit: true,
  // Every case is a module of its own, even one without import or export: no case sees another's declarations.
  moduleDetection: ts.ModuleDetectionKind.Force,
};

const compare = (a: string, b: string) => a.split(".").map(Number).reduce((d, n, i) => d || n - Number(b.split(".")[i]), 0);

/** The installed SDK closest to `version` from below (the oldest for a version older than all). */
function installedFor(version: string): string {
  return INSTALLED_SDKS.findLast((sdk) => compare(sdk.version, version) <= 0)?.name ?? INSTALLED_SDKS[0]!.name;
}

/** What a case's SDK imports resolve to: a package, or the legacy API with the `RequestError` of a 2.x package. */
interface Sdk {
  readonly name: string;
  readonly legacyApiWith?: string;
}

/** The declarations of a module that is the legacy API with `sdk`'s `RequestError` (its factories). */
const legacyApiWith = (sdk: string) => `export * from "${LEGACY_SDK}";\nexport { RequestError } from "${sdk}";\n`;

/**
 * What a case's SDK imports resolve to: the SDK version the plugin advised for, the one its settings name or else
 * the one found for its file as the plugin finds it (this repository's 2.4.0 for most cases; with no SDK found, the plugin gives
 * advice that works with every version: the oldest). Code written against the legacy API (`AgentSideConnection`,
 * `Agent`, `Client`), which 2.x dropped, gets the legacy API with that version's `RequestError`.
 */
function sdkFor(code: string, file: string, settings: unknown): Sdk {
  const version = (settings as { acp?: { sdkVersion?: string } } | undefined)?.acp?.sdkVersion ?? detectSdkVersion(file, "/");
  const name = version ? installedFor(version) : INSTALLED_SDKS[0]!.name;
  const hasLegacyApi = compare(INSTALLED_SDKS.find((sdk) => sdk.name === name)!.version, "2.0.0") < 0;
  return LEGACY_ONLY.test(code) && !hasLegacyApi ? { name, legacyApiWith: name } : { name };
}

/** One suggestion output to check, beside its case's original code. */
interface Check {
  readonly label: string;
  readonly original: string;
  readonly output: string;
}

interface Collected {
  /** Every TypeScript file to compile (originals and outputs), with its text and the SDK it is compiled against. */
  readonly files: Map<string, { text: string; sdk?: Sdk }>;
  readonly checks: Check[];
  /** Suggestions of JavaScript cases: they need no types and are not compiled. */
  readonly javascript: number;
}

const TYPESCRIPT = /\.(?:ts|tsx|mts|cts)$/u;

/** The files of every case's original and distinct suggestion outputs, named beside the file the case is linted as. */
function collect(suites: readonly SuggestionSuite[]): Collected {
  const files: Collected["files"] = new Map();
  const checks: Check[] = [];
  let javascript = 0;
  let index = 0;
  for (const { ruleName, typing, cases } of suites) {
    for (const testCase of cases) {
      const jsx = (testCase.languageOptions?.parserOptions as { ecmaFeatures?: { jsx?: boolean } } | undefined)?.ecmaFeatures?.jsx;
      const file = resolve(typing?.tsconfigRootDir ?? REPO, testCase.filename ?? (jsx ? "react.tsx" : "file.ts"));
      const outputs = new Map<string, string>();
      for (const error of testCase.errors) {
        for (const [k, suggestion] of (Array.isArray(error.suggestions) ? error.suggestions : []).entries()) {
          if (typeof suggestion.output !== "string" || outputs.has(suggestion.output)) continue;
          outputs.set(suggestion.output, `${ruleName} > ${testCase.name ?? testCase.code.slice(0, 60)} > ${error.messageId} suggestion ${k} (${suggestion.messageId})`);
        }
      }
      if (!TYPESCRIPT.test(file) || file.endsWith(".d.ts")) {
        javascript += outputs.size;
        continue;
      }
      const ext = extname(file);
      const name = (tag: string) => join(dirname(file), `${basename(file, ext)}.case-${index}${tag}${ext}`);
      const sdk = sdkFor(testCase.code, file, testCase.settings);
      const original = name("");
      files.set(original, { text: testCase.code, sdk });
      [...outputs].forEach(([output, label], k) => {
        files.set(name(`-suggestion-${k}`), { text: output, sdk });
        checks.push({ label, original, output: name(`-suggestion-${k}`) });
      });
      index++;
    }
  }
  return { files, checks, javascript };
}

const installedFiles = new Map<string, ts.SourceFile | undefined>();

/** A compiler host that adds the virtual case files and resolves each one's SDK imports to its SDK's package. */
function hostFor(files: Collected["files"]): ts.CompilerHost {
  const host = ts.createCompilerHost(OPTIONS, true);
  const cache = ts.createModuleResolutionCache(host.getCurrentDirectory(), (f) => host.getCanonicalFileName(f), OPTIONS);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (f) => files.has(f) || fileExists.call(host, f);
  host.readFile = (f) => files.get(f)?.text ?? readFile.call(host, f);
  host.getSourceFile = (f, language, ...rest) => {
    const virtual = files.get(f);
    if (virtual) return ts.createSourceFile(f, virtual.text, language, true);
    // The libraries' declarations (TypeScript's, Node's, the SDKs') are parsed once for all the programs.
    const key = `${f}\0${JSON.stringify(language)}`;
    if (!installedFiles.has(key)) installedFiles.set(key, getSourceFile.call(host, f, language, ...rest));
    return installedFiles.get(key);
  };
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, options, containing) =>
    literals.map((literal) => {
      const sdk = files.get(containingFile)?.sdk;
      const [, module, subpath = ""] = SDK_MODULE.exec(literal.text) ?? [];
      if (sdk && module && !subpath && sdk.legacyApiWith) {
        const shim = join(REPO, `legacy-api-with-${sdk.legacyApiWith.replace(/\W/gu, "-")}.d.ts`);
        files.set(shim, { text: legacyApiWith(sdk.legacyApiWith) });
        return { resolvedModule: { resolvedFileName: shim, extension: ts.Extension.Dts, isExternalLibraryImport: false } };
      }
      const mode = ts.getModeForUsageLocation(containing, literal, options);
      // The SDK packages are installed here, whatever folder the case is linted in.
      if (sdk && module) return ts.resolveModuleName(`${sdk.name}${subpath}`, join(REPO, "index.ts"), options, host, cache, redirected, mode);
      return ts.resolveModuleName(literal.text, containingFile, options, host, cache, redirected, mode);
    });
  return host;
}

/** One diagnostic of a file, as compared across files: no line, no file name. */
interface Found {
  /** `TS<code>: <message>`, the whole chain. */
  readonly text: string;
  /** The code and the first message of the chain with its quoted names and types left out: what it is about. */
  readonly shape: string;
  /** The line it is on, to show. */
  readonly line: string;
}

function diagnosticsOf(program: ts.Program, file: string): Found[] {
  const sourceFile = program.getSourceFile(file)!;
  const stem = basename(file, extname(file));
  return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map((d) => {
    const head = typeof d.messageText === "string" ? d.messageText : d.messageText.messageText;
    const line = d.start === undefined ? "" : sourceFile.text.split("\n")[sourceFile.getLineAndCharacterOfPosition(d.start).line]!.trim();
    return {
      text: `TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, " ").replaceAll(stem, "<case>")}`,
      shape: `TS${d.code}: ${head.replace(/'[^']*'/gu, "'…'")}`,
      line,
    };
  });
}

/**
 * The diagnostics of `after` that `before` does not have: first matched by their whole text; then a diagnostic whose
 * text changed only in the names and types it quotes (the suggestion changed a type an error of the original shows)
 * matches one of the same shape that the original has and the output lost.
 */
function added(before: readonly Found[], after: readonly Found[]): Found[] {
  const unmatched = [...before];
  const take = (key: keyof Found, found: Found) => {
    const index = unmatched.findIndex((b) => b[key] === found[key]);
    if (index !== -1) unmatched.splice(index, 1);
    return index !== -1;
  };
  return after.filter((found) => !take("text", found)).filter((found) => !take("shape", found));
}

/** What each check's output adds to its original's diagnostics, one line per added diagnostic. */
function addedDiagnostics(collected: Collected): string[] {
  const program = ts.createProgram({ rootNames: [...collected.files.keys()], options: OPTIONS, host: hostFor(collected.files) });
  const originals = new Map<string, Found[]>();
  return collected.checks.flatMap((check) => {
    if (!originals.has(check.original)) originals.set(check.original, diagnosticsOf(program, check.original));
    return added(originals.get(check.original)!, diagnosticsOf(program, check.output)).map((found) => `${check.label}: ${found.text} at \`${found.line}\``);
  });
}

/** A suite of one rule's cases, each with one suggestion: `[name, code, output, settings?]`. */
function suiteOf(ruleName: string, cases: readonly (readonly [string, string, string, Record<string, unknown>?])[]): SuggestionSuite {
  return {
    ruleName,
    rule: { create: () => ({}) },
    typing: undefined,
    cases: cases.map(([name, code, output, settings]) => ({
      name,
      code,
      ...(settings ? { settings } : {}),
      errors: [{ messageId: "found", suggestions: [{ messageId: "fix", output }] }],
    })),
  };
}

const UNKNOWN_CATCH = `declare function send(message: unknown): void;
export function answer(run: () => void) {
  try {
    run();
  } catch (err) {
    send({ error: { code: -32603, message: String(err) } });
  }
}`;

const STOP_REASONS = `import { agent, methods } from "@agentclientprotocol/sdk";
declare const done: boolean;
export const app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, () => (done ? { stopReason: "canceled" } : { stopReason: "done" }));
log("registered");`;

const LEGACY = `import { type Agent, RequestError } from "@agentclientprotocol/sdk";
const sessions = new Set<string>();
export class A implements Pick<Agent, "prompt"> {
  async prompt(params: { sessionId: string }) {
    if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
    return { stopReason: "end_turn" as const };
  }
}`;

describe("the compile check", () => {
  it("finds a suggestion that reads a property of a catch parameter TypeScript types unknown (no-lost-error-code's, once), and a factory the case's SDK lacks", () => {
    const suite = suiteOf("r", [
      ["unknown catch", UNKNOWN_CATCH, UNKNOWN_CATCH.replace("-32603", 'typeof err?.code === "number" ? err.code : -32603')],
      ["legacy Agent, sdkVersion 1.9.0", LEGACY, LEGACY.replace("resourceNotFound", "sessionNotFound"), { acp: { sdkVersion: "1.9.0" } }],
    ]);
    const read = "at `send({ error: { code: typeof err?.code === \"number\" ? err.code : -32603, message: String(err) } });`";
    expect(addedDiagnostics(collect([suite]))).toEqual([
      `r > unknown catch > found suggestion 0 (fix): TS2339: Property 'code' does not exist on type '{}'. ${read}`,
      `r > unknown catch > found suggestion 0 (fix): TS2339: Property 'code' does not exist on type '{}'. ${read}`,
      "r > legacy Agent, sdkVersion 1.9.0 > found suggestion 0 (fix): TS2339: Property 'sessionNotFound' does not exist on type 'typeof RequestError'. at `if (!sessions.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);`",
    ]);
  });

  it("passes suggestions that add no diagnostic: the original's own errors kept, one whose quoted types change, the legacy API with the SDK's factories", () => {
    const suite = suiteOf("r", [
      ["undeclared log, one stop reason fixed", STOP_REASONS, STOP_REASONS.replace('"canceled"', '"cancelled"')],
      ["the unknown catch's code tested first", UNKNOWN_CATCH, UNKNOWN_CATCH.replace("-32603", 'typeof err === "object" && err !== null && "code" in err && typeof err.code === "number" ? err.code : -32603')],
      ["legacy Agent, SDK 2.4.0's sessionNotFound", LEGACY, LEGACY.replace("resourceNotFound", "sessionNotFound")],
    ]);
    expect(addedDiagnostics(collect([suite]))).toEqual([]);
  });
});

describe("the rule suites' suggestions compile", () => {
  let suites: SuggestionSuite[];
  let collected: Collected;

  beforeAll(async () => {
    // Imported once vitest has collected this file: their runs record their cases, and their tests are not registered.
    suites = suggestionSuites(
      await collectSuites(async () => {
        for (const entry of readdirSync(SUITES).filter((f) => f.endsWith(".test.ts")).sort()) {
          const path = join(SUITES, entry);
          if (readFileSync(path, "utf8").includes("../rule-tester.js")) await import(path);
        }
      }),
    );
    collected = collect(suites);
  });

  it("collects the suggestions of every rule that has some, nearly all of them in TypeScript", () => {
    const suggesting = Object.entries(plugin.rules).filter(([, rule]) => rule.meta?.hasSuggestions);
    expect(suggesting.filter(([, rule]) => !suites.some((suite) => suite.rule === rule)).map(([name]) => name)).toEqual([]);
    expect(collected.checks.length).toBeGreaterThan(400);
    expect(collected.javascript).toBeLessThan(10);
  });

  it("no suggestion adds a compiler diagnostic under strict", () => {
    expect(addedDiagnostics(collected)).toEqual([]);
  });
});
