import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { memberName, staticKeyName, unwrap } from "../syntax/ast.js";

/** Module names that are the ACP SDK, current and legacy; subpaths (`/unstable`) count too. */
export const BUILTIN_SDK_MODULES = ["@agentclientprotocol/sdk", "@zed-industries/agent-client-protocol"] as const;

/** Modules whose `ResponseError` / `RequestError` is a JSON-RPC error `(code, message, data)`. */
export const JSON_RPC_MODULES = ["vscode-jsonrpc", "vscode-languageserver", "vscode-languageserver-protocol"] as const;

/** What a file imports from the ACP SDK, and where its other imports come from. */
export class SdkImports {
  /** Local name -> exported name, for named imports from an SDK module. */
  readonly named = new Map<string, string>();
  /** Local names of `import * as acp from "<sdk>"`. */
  readonly namespaces = new Set<string>();

  constructor(private readonly modules: readonly string[]) {}

  isSdkModule(source: string): boolean {
    return this.modules.some((m) => source === m || source.startsWith(`${m}/`));
  }

  /** Local name -> module, for everything imported from other modules. */
  readonly foreign = new Map<string, string>();

  add(declaration: TSESTree.ImportDeclaration): void {
    if (!this.isSdkModule(declaration.source.value)) {
      for (const spec of declaration.specifiers) this.foreign.set(spec.local.name, declaration.source.value);
      return;
    }
    for (const spec of declaration.specifiers) {
      if (spec.type === AST_NODE_TYPES.ImportNamespaceSpecifier) this.namespaces.add(spec.local.name);
      else if (spec.type === AST_NODE_TYPES.ImportSpecifier) {
        const imported = staticKeyName(spec.imported, false);
        if (imported) this.named.set(spec.local.name, imported);
      }
    }
  }

  /** Whether the file can name the SDK's `RequestError` (named or through a namespace import). */
  get hasRequestError(): boolean {
    return this.namespaces.size > 0 || [...this.named.values()].includes("RequestError");
  }

  /** The SDK export a local name or `ns.name` stands for (`RpcError` for `import { RequestError as RpcError }`). */
  exportName(node: TSESTree.Node): string | undefined {
    const inner = unwrap(node);
    if (inner.type === AST_NODE_TYPES.Identifier) return this.named.get(inner.name);
    if (inner.type === AST_NODE_TYPES.MemberExpression && inner.object.type === AST_NODE_TYPES.Identifier) {
      return this.namespaces.has(inner.object.name) ? memberName(inner) : undefined;
    }
    return undefined;
  }

  /**
   * The package a callee comes from when that is neither the SDK, a JSON-RPC library nor the project
   * itself: an `@octokit/request-error` `RequestError` is no ACP error.
   */
  foreignModule(node: TSESTree.Node): string | undefined {
    const inner = unwrap(node);
    const root =
      inner.type === AST_NODE_TYPES.Identifier
        ? inner
        : inner.type === AST_NODE_TYPES.MemberExpression && inner.object.type === AST_NODE_TYPES.Identifier
          ? inner.object
          : undefined;
    const source = root && this.foreign.get(root.name);
    // The project's own modules (relative imports) define its own JSON-RPC errors.
    if (source === undefined || source.startsWith(".") || source.startsWith("/")) return undefined;
    return JSON_RPC_MODULES.some((m) => source === m || source.startsWith(`${m}/`)) ? undefined : source;
  }

  /** The SDK export a type name stands for: `Agent`, or `acp.Agent` through a namespace import. */
  typeExportName(name: TSESTree.EntityName): string | undefined {
    if (name.type === AST_NODE_TYPES.Identifier) return this.named.get(name.name);
    if (name.type === AST_NODE_TYPES.TSQualifiedName && name.left.type === AST_NODE_TYPES.Identifier) {
      return this.namespaces.has(name.left.name) ? name.right.name : undefined;
    }
    return undefined;
  }

  /** Whether `node` refers to the SDK export `name`: `name`, an alias of it, or `ns.name`. */
  refersTo(node: TSESTree.Node, name: string): boolean {
    return this.exportName(node) === name;
  }
}
