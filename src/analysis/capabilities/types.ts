import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { SdkImports } from "../sdk/imports.js";
import type { ValueResolver } from "../resolution/values.js";

/** A method a handler is registered for, and where it is named (method argument, member key, case test). */
export interface Registration {
  readonly wire: string;
  readonly node: TSESTree.Node;
}

/** One app, class or dispatcher: the handlers it registers and the capabilities it advertises. */
export interface CapabilityOwner {
  readonly side: "agent" | "client";
  readonly kind: "app" | "class" | "dispatch";
  readonly registrations: readonly Registration[];
  /** Handlers may be registered where this file cannot see (the app is passed on, a `*` fallback may serve them). */
  readonly open: boolean;
  /** A fallback that always throws answers what has no handler, instead of the SDK's -32601. */
  readonly throwingFallback: boolean;
  /**
   * The literal capabilities object, when the file writes exactly one for this owner; "none" when the one
   * `initialize` message it writes leaves them out (a literal without the field or a spread): nothing is advertised.
   */
  readonly capabilities: TSESTree.ObjectExpression | "none" | undefined;
}

/** What the owners of a file are found with. */
export interface AppContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly sdk: SdkImports;
  readonly values: ValueResolver;
  readonly fields: Readonly<Record<"agent" | "client", string>>;
  /** The SDK versions the file may run with (an exact version or a declared range): which legacy member names its connection calls. */
  readonly sdkVersions?: string | undefined;
  /** The file's calls and `new` expressions (the model's gathered nodes). */
  readonly calls: readonly TSESTree.CallExpression[];
  readonly news: readonly TSESTree.NewExpression[];
}
