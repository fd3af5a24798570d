/**
 * Builds the shared analysis model of a code string through ESLint's real `Linter`: a tiny probe rule calls
 * `getModel(context)` in `Program` and hands the model (and the source code) back to the test.
 */
import { fileURLToPath } from "node:url";
import * as tsParser from "@typescript-eslint/parser";
import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { Linter, type Rule } from "eslint";
import { walk } from "../../src/analysis/syntax/ast.js";
import { type ErrorSite, type ErrorSiteKind, type FileModel, getModel } from "../../src/analysis/index.js";

/** The fixture project for typed cases; its neighbours (codes.ts) exist on disk. */
export const typedDir = fileURLToPath(new URL("../fixtures/typed", import.meta.url));
export const typedFilename = `${typedDir}/file.ts`;

export interface ModelOptions {
  /** Lint with type information, as test/fixtures/typed/file.ts. */
  readonly typed?: boolean;
  /** ESLint `settings` (e.g. `{ acp: { protocolVersion: 2 } }`). */
  readonly settings?: Record<string, unknown>;
  /** The file name (untyped cases only); `file.ts` by default. */
  readonly filename?: string;
}

export interface Probed {
  readonly model: FileModel;
  readonly sourceCode: TSESLint.SourceCode;
  readonly ast: TSESTree.Program;
}

type AnyContext = Parameters<typeof getModel>[0];

/** Lints `code` with `probes` probe rules; each hands back what it saw. Throws on parse errors. */
export function probeAll(code: string, options: ModelOptions = {}, probes = 1): Probed[] {
  const seen: Probed[] = [];
  const rules: Record<string, Rule.RuleModule> = {};
  for (let i = 0; i < probes; i++) {
    rules[`probe${i}`] = {
      meta: { type: "problem", schema: [] },
      create(context) {
        return {
          Program() {
            const ctx = context as unknown as AnyContext;
            seen.push({
              model: getModel(ctx),
              sourceCode: ctx.sourceCode as TSESLint.SourceCode,
              ast: ctx.sourceCode.ast,
            });
          },
        };
      },
    };
  }
  const filename = options.typed ? typedFilename : (options.filename ?? "file.ts");
  const config: Linter.Config = {
    files: ["**/*.ts", "**/*.tsx", "**/*.mts", "**/*.cts", "**/*.js", "**/*.mjs", "**/*.cjs"],
    plugins: { acpProbe: { rules } },
    languageOptions: {
      parser: tsParser as unknown as Linter.Parser,
      ...(options.typed ? { parserOptions: { projectService: true, tsconfigRootDir: typedDir } } : {}),
    },
    rules: Object.fromEntries(Object.keys(rules).map((name) => [`acpProbe/${name}`, "error" as const])),
    ...(options.settings ? { settings: options.settings } : {}),
  };
  const messages = new Linter().verify(code, config, { filename });
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(`parse error at ${fatal.line}:${fatal.column}: ${fatal.message}`);
  if (seen.length !== probes) throw new Error(`the probe rules ran ${seen.length} times, expected ${probes}`);
  return seen;
}

/** The model of `code` and its source code. */
export function modelOf(code: string, options: ModelOptions = {}): Probed {
  return probeAll(code, options, 1)[0]!;
}

/** Every node below `root` that satisfies `test`, in source order. */
export function findAll<T extends TSESTree.Node>(
  probed: Probed,
  test: (node: TSESTree.Node) => node is T,
  root: TSESTree.Node = probed.ast,
): T[] {
  const out: T[] = [];
  walk(root, probed.sourceCode.visitorKeys, (node) => {
    if (test(node)) out.push(node);
  });
  return out;
}

/** The initializer of the (first) variable named `name`: `const probe = <expr>`. */
export function initOf(probed: Probed, name = "probe"): TSESTree.Expression {
  const declarator = findAll(
    probed,
    (n): n is TSESTree.VariableDeclarator =>
      n.type === AST_NODE_TYPES.VariableDeclarator && n.id.type === AST_NODE_TYPES.Identifier && n.id.name === name,
  )[0];
  if (!declarator?.init) throw new Error(`no initialised variable named ${name}`);
  return declarator.init;
}

/** The `nth` `new <callee>(...)` whose callee is written as `callee`. */
export function newOf(probed: Probed, callee: string, nth = 0): TSESTree.NewExpression {
  const found = findAll(
    probed,
    (n): n is TSESTree.NewExpression =>
      n.type === AST_NODE_TYPES.NewExpression && probed.sourceCode.getText(n.callee) === callee,
  )[nth];
  if (!found) throw new Error(`no new ${callee}(...) #${nth}`);
  return found;
}

/** The first argument of the `nth` `new <callee>(...)`. */
export function firstArgOf(probed: Probed, callee = "RequestError", nth = 0): TSESTree.Node {
  const arg = newOf(probed, callee, nth).arguments[0];
  if (!arg) throw new Error(`new ${callee}(...) #${nth} has no argument`);
  return arg;
}

/** What the model resolves the `probe` variable's initializer to. */
export function resolveProbe(code: string, options: ModelOptions = {}, name = "probe") {
  const probed = modelOf(code, options);
  return probed.model.values.resolve(initOf(probed, name));
}

/** The source text of a node; `null`/`undefined` stay as they are, so absent and unknown remain distinct. */
export function textOf(probed: Probed, node: TSESTree.Node | null | undefined): string | null | undefined {
  return node ? probed.sourceCode.getText(node) : node;
}

/** The error sites of one kind. */
export function sitesOf(probed: Probed, kind: ErrorSiteKind): ErrorSite[] {
  return probed.model.errorSites.filter((s) => s.kind === kind);
}

/** A site summarised as text, for compact assertions. */
export interface SiteSummary {
  kind: ErrorSiteKind;
  node: string;
  code: string | undefined;
  message: string | null | undefined;
  data: string | undefined;
  rpc: boolean;
  sdk: boolean;
  inErrorClass: boolean;
}

export function summary(probed: Probed, site: ErrorSite): SiteSummary {
  return {
    kind: site.kind,
    node: probed.sourceCode.getText(site.node),
    code: site.code ? probed.sourceCode.getText(site.code) : undefined,
    message: textOf(probed, site.message),
    data: site.data ? probed.sourceCode.getText(site.data) : undefined,
    rpc: site.rpc,
    sdk: site.sdk,
    inErrorClass: site.inErrorClass,
  };
}

/** All sites of `code`, summarised. */
export function summaries(probed: Probed): SiteSummary[] {
  return probed.model.errorSites.map((s) => summary(probed, s));
}
