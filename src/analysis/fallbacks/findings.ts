import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { siteCodes } from "../errors/answer-codes.js";
import type { ErrorSite } from "../errors/error-sites.js";
import type { FileModel } from "../model.js";
import { calleeName, unwrap } from "../syntax/ast.js";
import { type FallbackSource, fallbackSources } from "./sources.js";
import { exits, unknownPath } from "./unknown-path.js";

export const METHOD_NOT_FOUND = -32601;
const INTERNAL_ERROR = -32603;

/** An answer a fallback gives an unknown method that is not -32601. */
export interface FallbackFinding {
  readonly kind: "code" | "success";
  readonly node: TSESTree.Node;
  readonly source: FallbackSource;
  /** The code sent, for `code` findings. */
  readonly code?: number;
  readonly site?: ErrorSite;
  /** The expression naming the unknown method in the fallback (`method`, `ctx.method`), if any. */
  readonly methodName?: string;
}

const PLAIN_ERRORS = new Set(["Error", "TypeError", "RangeError"]);

/** How the fallback can name the method it was given. */
function methodNameOf(source: FallbackSource): string | undefined {
  const param = source.fn.params[0];
  if (!param) return undefined;
  if (source.kind === "extMethod") return param.type === AST_NODE_TYPES.Identifier ? param.name : undefined;
  if (param.type === AST_NODE_TYPES.Identifier) return `${param.name}.method`;
  if (param.type === AST_NODE_TYPES.ObjectPattern) {
    for (const p of param.properties) {
      if (p.type === AST_NODE_TYPES.Property && !p.computed && p.key.type === AST_NODE_TYPES.Identifier && p.key.name === "method" && p.value.type === AST_NODE_TYPES.Identifier) {
        return p.value.name;
      }
    }
  }
  return undefined;
}

function judgeThrown(arg: TSESTree.Node, sites: ReadonlyMap<TSESTree.Node, ErrorSite>, model: FileModel): { code: number; site?: ErrorSite } | undefined {
  const node = unwrap(arg);
  const site = sites.get(node);
  if (site) {
    const codes = siteCodes(site, model.values);
    if (!codes || codes.length === 0 || codes.includes(METHOD_NOT_FOUND)) return undefined;
    return codes.length === 1 ? { code: codes[0]!, site } : undefined;
  }
  if ((node.type === AST_NODE_TYPES.NewExpression || node.type === AST_NODE_TYPES.CallExpression) && PLAIN_ERRORS.has(calleeName(node.callee) ?? "")) {
    return { code: INTERNAL_ERROR };
  }
  return undefined;
}

/** A returned object literal that is a result, not an error: `{ ok: false }`. */
function isSuccess(node: TSESTree.Node, sites: ReadonlyMap<TSESTree.Node, ErrorSite>): boolean {
  const value = unwrap(node);
  if (value.type !== AST_NODE_TYPES.ObjectExpression || sites.has(value)) return false;
  return value.properties.every(
    (p) => p.type === AST_NODE_TYPES.Property && !p.computed && !(p.key.type === AST_NODE_TYPES.Identifier && ["error", "code"].includes(p.key.name)),
  );
}

function findingsOf(source: FallbackSource, model: FileModel, sites: ReadonlyMap<TSESTree.Node, ErrorSite>, keys: FileKeys): FallbackFinding[] {
  const out: FallbackFinding[] = [];
  const methodName = methodNameOf(source);
  for (const exit of exits(unknownPath(source.fn, keys), keys)) {
    if (exit.type === AST_NODE_TYPES.ThrowStatement) {
      const judged = judgeThrown(exit.argument, sites, model);
      if (judged) out.push({ kind: "code", node: unwrap(exit.argument), source, methodName, ...judged });
    } else {
      const value = exit.type === AST_NODE_TYPES.ReturnStatement ? exit.argument : exit;
      if (!value) continue;
      const inner = unwrap(value);
      const awaited = inner.type === AST_NODE_TYPES.AwaitExpression ? unwrap(inner.argument) : inner;
      if (isSuccess(awaited, sites)) out.push({ kind: "success", node: awaited, source, methodName });
    }
  }
  return out;
}

type FileKeys = Parameters<typeof unknownPath>[1];

const cache = new WeakMap<FileModel, readonly FallbackFinding[]>();

/** What the file's fallbacks answer an unknown method with, where that is not -32601. */
export function fallbackFindings(model: FileModel, keys: FileKeys): readonly FallbackFinding[] {
  let found = cache.get(model);
  if (found) return found;
  const sources: FallbackSource[] = model.handlers.handlers.length === 0 && model.handlers.fallbacks.length === 0 ? [] : fallbackSources(model);
  if (sources.length === 0) found = [];
  else {
    const sites = new Map(model.errorSites.map((s) => [s.node, s] as const));
    found = sources.flatMap((s) => findingsOf(s, model, sites, keys));
  }
  cache.set(model, found);
  return found;
}

