// What the installed ACP SDKs (2.4.0 and the aliased older versions) declare, read from their .d.ts files with the
// TypeScript compiler: the names each entry point exports, the schema that describes it, and the legacy
// Agent / Client interfaces' method signatures.
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";

/** One entry point of one installed SDK version, with the schema file its types are generated from. */
interface EntryPoint {
  /** The import specifier: "acp-sdk-0-28", "@agentclientprotocol/sdk/unstable". */
  readonly module: string;
  readonly schema: string;
}

const V2_SDK_ENTRIES = (pkg: string): EntryPoint[] => [
  { module: pkg, schema: `${pkg}/schema/v1/schema.json` },
  { module: `${pkg}/unstable`, schema: `${pkg}/schema/v1/schema.unstable.json` },
  { module: `${pkg}/experimental/v2`, schema: `${pkg}/schema/v2/schema.json` },
  { module: `${pkg}/experimental/v2/unstable`, schema: `${pkg}/schema/v2/schema.unstable.json` },
];
const V1_SDK_ENTRIES = (pkg: string): EntryPoint[] => [
  { module: pkg, schema: `${pkg}/schema/schema.json` },
  { module: `${pkg}/experimental/v2`, schema: `${pkg}/schema/v2/schema.unstable.json` },
];

const ENTRY_POINTS: readonly EntryPoint[] = [
  ...V2_SDK_ENTRIES("@agentclientprotocol/sdk"),
  ...V2_SDK_ENTRIES("acp-sdk-2-1"),
  ...V2_SDK_ENTRIES("acp-sdk-2-0"),
  ...V1_SDK_ENTRIES("acp-sdk-legacy"),
  ...V1_SDK_ENTRIES("acp-sdk-1-8"),
  { module: "acp-sdk-0-29", schema: "acp-sdk-0-29/schema/schema.json" },
  { module: "acp-sdk-0-28", schema: "acp-sdk-0-28/schema/schema.json" },
];

/** A method of a legacy `Agent` / `Client` interface as declared: `prompt(params: schema.PromptRequest): Promise<...>`. */
export interface DeclaredSignature {
  readonly side: "agent" | "client";
  readonly name: string;
  /** The first parameter's type name, without its namespace: "PromptRequest". */
  readonly param: string | undefined;
  /** Every type name the return type mentions, without namespaces: ["MaybePromise", "PromptResponse"]. */
  readonly returned: readonly string[];
}

export interface DeclaredEntry {
  readonly module: string;
  readonly exports: ReadonlySet<string>;
  /** Schema definitions that belong to a method: name -> `x-side` and `x-method`. */
  readonly schemaTypes: ReadonlyMap<string, { readonly side: string; readonly wire: string }>;
  readonly signatures: readonly DeclaredSignature[];
}

function declarationFile(module: string): string {
  const file = fileURLToPath(import.meta.resolve(module)).replace(/\.js$/, ".d.ts");
  if (!existsSync(file)) throw new Error(`${module} has no declarations at ${file}`);
  return file;
}

function schemaTypes(specifier: string): Map<string, { side: string; wire: string }> {
  const schema = JSON.parse(readFileSync(fileURLToPath(import.meta.resolve(specifier)), "utf8")) as {
    $defs: Record<string, Record<string, unknown>>;
  };
  const out = new Map<string, { side: string; wire: string }>();
  for (const [name, def] of Object.entries(schema.$defs)) {
    if (def["x-method"] !== undefined) out.set(name, { side: String(def["x-side"]), wire: String(def["x-method"]) });
  }
  return out;
}

/** `schema.PromptRequest` and `PromptRequest` both as "PromptRequest". */
function typeNames(node: ts.Node | undefined): string[] {
  const out: string[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isTypeReferenceNode(n)) out.push(ts.isQualifiedName(n.typeName) ? n.typeName.right.text : n.typeName.text);
    ts.forEachChild(n, visit);
  };
  if (node) visit(node);
  return out;
}

function interfaceSignatures(checker: ts.TypeChecker, symbol: ts.Symbol, side: "agent" | "client"): DeclaredSignature[] {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const out: DeclaredSignature[] = [];
  for (const declaration of target.declarations ?? []) {
    if (!ts.isInterfaceDeclaration(declaration)) continue;
    for (const member of declaration.members) {
      if (!ts.isMethodSignature(member) || !ts.isIdentifier(member.name)) continue;
      out.push({ side, name: member.name.text, param: typeNames(member.parameters[0]?.type)[0], returned: typeNames(member.type) });
    }
  }
  return out;
}

let cached: readonly DeclaredEntry[] | undefined;

/** Every entry point of every installed SDK version; one compiler program reads them all, once. */
export function declaredEntries(): readonly DeclaredEntry[] {
  if (cached) return cached;
  const files = ENTRY_POINTS.map((e) => declarationFile(e.module));
  const program = ts.createProgram(files, {
    noEmit: true,
    skipLibCheck: true,
    types: [],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  });
  const checker = program.getTypeChecker();
  cached = ENTRY_POINTS.map((entry, index) => {
    const source = program.getSourceFile(files[index]!);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`the compiler did not read ${entry.module}`);
    const exported = checker.getExportsOfModule(moduleSymbol);
    const signatures: DeclaredSignature[] = [];
    for (const symbol of exported) {
      if (symbol.name === "Agent") signatures.push(...interfaceSignatures(checker, symbol, "agent"));
      if (symbol.name === "Client") signatures.push(...interfaceSignatures(checker, symbol, "client"));
    }
    return { module: entry.module, exports: new Set(exported.map((s) => s.name)), schemaTypes: schemaTypes(entry.schema), signatures };
  });
  return cached;
}
