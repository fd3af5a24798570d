import { resolve } from "node:path";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { WIRE_NAMES } from "../protocol/methods.js";
import { quotedNamesPattern } from "./escape-pattern.js";
import { importsProjectModule } from "./imported-relevance.js";
import { type ClosureQuestion, importSpecifiers, importsSay, textFact } from "./modules/module-texts.js";
import type { LintedPath } from "./relevance.js";
import { BUILTIN_SDK_MODULES } from "./sdk/module-names.js";
import type { AcpSettings } from "./settings.js";

/**
 * Whether a file speaks another JSON-RPC protocol and not ACP: many agents ship an MCP server beside their ACP code,
 * and its `-32601` / `-32602` answers and its `initialize` handshake are MCP's, which no ACP rule judges.
 *
 * A file speaks MCP when it serves one of MCP's methods (a string `"tools/call"`, `"resources/read"`,
 * `"prompts/get"`…), names one of the MCP SDK's request schemas (`CallToolRequestSchema`, wherever it is imported
 * from: a bundle or a module of the project may re-export it) or imports `@modelcontextprotocol/sdk`. It still speaks
 * ACP when it names a method only ACP has (`initialize` and `elicitation/*` are both protocols') or imports the ACP
 * SDK for more than the types that describe an MCP server (`import type { McpServerStdio }`): such a file is judged
 * as ACP code.
 */
export function speaksOtherProtocol(text: string, settings: AcpSettings): boolean {
  const own = protocolFacts(text, settings);
  return own.mcp && !own.acp;
}

/** What a text shows of each protocol (see speaksOtherProtocol). */
interface ProtocolFacts {
  readonly mcp: boolean;
  readonly acp: boolean;
}

/** MCP's signs in a text, and ACP's: a method only ACP has, or the ACP SDK imported for more than MCP server types. */
function protocolFacts(text: string, settings: AcpSettings): ProtocolFacts {
  return { mcp: MCP.test(text) || MCP_SCHEMAS.test(text), acp: acpWiresFor().test(text) || importsAcpBeyondMcpTypes(text, settings) };
}

/**
 * Whether a file that shows neither protocol in its own text serves MCP's methods through constants of the project's
 * modules (`server.setRequestHandler(TOOLS_CALL, …)`, `case Methods.ToolsCall:`): the modules it imports, and those
 * they import, name MCP and none of them shows ACP.
 */
function speaksOtherProtocolThroughImports(text: string, settings: AcpSettings, file: LintedPath): boolean {
  const path = resolve(file.cwd, file.filename);
  if (!importsProjectModule(text, path, file.cwd)) return false;
  const facts = importsSay(path, importSpecifiers(text), file.cwd, closureQuestionFor(settings), { mcp: false, acp: true });
  return facts.mcp && !facts.acp;
}

const closureQuestions = new Map<string, ClosureQuestion<ProtocolFacts>>();

function closureQuestionFor(settings: AcpSettings): ClosureQuestion<ProtocolFacts> {
  const key = `protocols\0${settings.sdkModules.join("\0")}`;
  let found = closureQuestions.get(key);
  if (!found) {
    found = {
      key,
      of: (path, stats) => textFact(path, key, (text) => protocolFacts(text, settings), stats) ?? { mcp: false, acp: false },
      empty: { mcp: false, acp: false },
      union: (a, b) => ({ mcp: a.mcp || b.mcp, acp: a.acp || b.acp }),
      // A sign of ACP anywhere decides: the file is judged as ACP code.
      whole: (facts) => facts.acp,
    };
    closureQuestions.set(key, found);
  }
  return found;
}

/** An MCP method a server answers, as a string, or MCP's SDK as a module. */
const MCP = /["'`](?:tools\/(?:list|call)|resources\/(?:list|read|subscribe|unsubscribe|templates\/list)|prompts\/(?:list|get)|completion\/complete|logging\/setLevel|@modelcontextprotocol\/sdk)["'`/]/u;

/** Request schemas only the MCP SDK exports: a file that names one registers an MCP server's handler. */
const MCP_SCHEMAS =
  /\b(?:CallToolRequestSchema|ListToolsRequestSchema|ListResourcesRequestSchema|ListResourceTemplatesRequestSchema|ReadResourceRequestSchema|SubscribeRequestSchema|UnsubscribeRequestSchema|ListPromptsRequestSchema|GetPromptRequestSchema|CompleteRequestSchema|SetLevelRequestSchema)\b/u;

/** Wire names both protocols have: their presence says nothing of which one a file speaks. */
const SHARED_WIRES = new Set(["initialize", "elicitation/create", "elicitation/complete"]);

let acpWires: RegExp | undefined;

function acpWiresFor(): RegExp {
  if (!acpWires) {
    acpWires = new RegExp(quotedNamesPattern([...WIRE_NAMES].filter((w) => !SHARED_WIRES.has(w))), "u");
  }
  return acpWires;
}

/** The names an MCP server's configuration is described with in ACP's SDK (session/new's `mcpServers`). */
const MCP_CONFIG_TYPE = /^(?:type\s+)?(?:Mcp\w*|EnvVariable|HttpHeader)(?:\s+as\s+[\w$]+)?$/u;

/**
 * Whether the file reaches the ACP SDK for anything but MCP server configuration types: every mention of an SDK
 * module must be an `import type { … }` (or `import { type … }`) of such names.
 */
function importsAcpBeyondMcpTypes(text: string, settings: AcpSettings): boolean {
  for (const module of [...BUILTIN_SDK_MODULES, ...settings.sdkModules]) {
    let from = text.indexOf(module);
    while (from !== -1) {
      if (!isMcpTypeImport(text, from, module)) return true;
      from = text.indexOf(module, from + module.length);
    }
  }
  return false;
}

/** Whether the module name at `at` ends `import type { … } from "module"` whose names are all MCP configuration types. */
function isMcpTypeImport(text: string, at: number, module: string): boolean {
  const quote = text[at - 1];
  if (quote !== '"' && quote !== "'") return false;
  if (text[at + module.length] !== quote) return false;
  const statement = /import\s+(type\s+)?\{([^{}]*)\}\s*from\s*$/u.exec(text.slice(Math.max(0, at - 1 - 2000), at - 1));
  if (!statement) return false;
  const names = statement[2]!.split(",").map((n) => n.trim()).filter((n) => n !== "");
  const typeOnly = statement[1] !== undefined;
  return names.length > 0 && names.every((n) => MCP_CONFIG_TYPE.test(n) && (typeOnly || n.startsWith("type ")));
}

const byProgram = new WeakMap<TSESTree.Program, boolean>();

/**
 * Whether a linted file speaks another protocol, once per file (every rule of a file has the same settings): by its
 * own text (speaksOtherProtocol), or, showing neither protocol itself, by the project modules it imports.
 */
export function isOtherProtocolFile(sourceCode: Readonly<TSESLint.SourceCode>, settings: AcpSettings, file?: LintedPath): boolean {
  let found = byProgram.get(sourceCode.ast);
  if (found === undefined) byProgram.set(sourceCode.ast, (found = judge(sourceCode.text, settings, file)));
  return found;
}

function judge(text: string, settings: AcpSettings, file: LintedPath | undefined): boolean {
  const own = protocolFacts(text, settings);
  if (own.mcp || own.acp) return own.mcp && !own.acp;
  return file !== undefined && file.filename !== "<input>" && file.filename !== "<text>" && speaksOtherProtocolThroughImports(text, settings, file);
}
