import { createRequire } from "node:module";
import type { TSESTree } from "@typescript-eslint/utils";
import type { VisitorKeys } from "../syntax/ast.js";

/**
 * An imported module's tree from oxc-parser (native), in typescript-estree's shape: about 3 times faster to parse than
 * typescript-estree on the same text (2,096 files of node_modules, 12.5 MB: 3.2 s against 9.7 s; with the scope
 * analysis 6.0 s against 14.0 s), and the same tree there, node for node and property for property, once
 * parentheses are dropped and the optional properties below read `undefined` as typescript-estree's do. Used only
 * where the linted file's parser is typescript-eslint's, whose tree this is.
 */

interface OxcResult {
  readonly program: TSESTree.Program;
  readonly errors: readonly unknown[];
}

interface Oxc {
  parseSync(filename: string, text: string, options: Readonly<Record<string, unknown>>): OxcResult;
}

const OPTIONS = { astType: "ts", range: true, preserveParens: false, sourceType: "module" } as const;
/** A CommonJS module (`.cjs`, `.cts`) may `return` at its top, as ESLint's `globalReturn` lets it. */
const COMMONJS_OPTIONS = { ...OPTIONS, sourceType: "commonjs" } as const;

/**
 * Properties typescript-estree leaves `undefined` when absent and oxc sets to `null` (the analyses test some with
 * `=== undefined`); `typeArguments` of a `TSImportType` and `typeAnnotation` of a `TSTypePredicate` are `null` in
 * both. From typescript-estree's AST spec: every other node with one of these declares it `| undefined`.
 */
const OPTIONAL = ["typeAnnotation", "typeParameters", "typeArguments", "returnType", "accessibility", "directive", "superTypeArguments", "constraint", "default", "readonly", "initializer"] as const;
const NULL_IN_BOTH: Readonly<Record<string, string>> = { TSImportType: "typeArguments", TSTypePredicate: "typeAnnotation" };
/** Node types whose one property is `undefined` in typescript-estree when oxc has `null`. */
const OPTIONAL_OF_TYPE: Readonly<Record<string, string>> = { RestElement: "value", TSDeclareFunction: "body" };

/** oxc-parser once loaded; null where it does not load (no native binding for this platform, an old Node). */
let oxc: Oxc | null | undefined;

function loadOxc(): Oxc | null {
  if (oxc === undefined) {
    try {
      oxc = createRequire(import.meta.url)("oxc-parser") as Oxc;
    } catch {
      oxc = null;
    }
  }
  return oxc;
}

/**
 * The tree of `text` (the module at `path`, whose extension tells TypeScript, JSX or JavaScript), without parents;
 * undefined when oxc-parser cannot load or finds an error (the caller parses with typescript-estree instead, which
 * may still read it: oxc-parser reads every module as an ES module, where `await` is no name).
 */
export function nativeTree(path: string, text: string, visitorKeys: VisitorKeys, commonjs = false): TSESTree.Program | undefined {
  const parser = loadOxc();
  if (!parser) return undefined;
  let result: OxcResult;
  try {
    result = parser.parseSync(path, text, commonjs ? COMMONJS_OPTIONS : OPTIONS);
  } catch {
    return undefined;
  }
  if (result.errors.length > 0) return undefined;
  asTypescriptEstree(result.program, visitorKeys);
  return result.program;
}

/** Sets the optional properties oxc leaves `null` to `undefined` and drops `hashbang`, in one walk of the tree. */
function asTypescriptEstree(program: TSESTree.Program, visitorKeys: VisitorKeys): void {
  delete (program as { hashbang?: unknown }).hashbang;
  const stack: Record<string, unknown>[] = [program as unknown as Record<string, unknown>];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const type = node["type"] as string;
    for (const key of OPTIONAL) if (node[key] === null && NULL_IN_BOTH[type] !== key) node[key] = undefined;
    const own = OPTIONAL_OF_TYPE[type];
    if (own && node[own] === null) node[own] = undefined;
    for (const key of visitorKeys[type] ?? []) {
      const child = node[key];
      if (Array.isArray(child)) {
        for (const item of child) if (item && typeof item.type === "string") stack.push(item);
      } else if (child && typeof (child as { type?: unknown }).type === "string") stack.push(child as Record<string, unknown>);
    }
  }
}
