import type { TSESTree } from "@typescript-eslint/utils";
import type { SourceFile } from "./source-files.js";

/**
 * What an expression stands for, once names, imports and members are followed:
 * - `node`: a node that gives the value, in this file or another (a function, a class, an object literal, a literal,
 *   an enum, or any expression that cannot be followed further);
 * - `external`: an export of a package (`RequestError` of `@agentclientprotocol/sdk`), or its namespace (`name`
 *   undefined);
 * - `module`: the namespace of a module of the project (`import * as acp from "./acp.js"`).
 */
export type Target =
  | { readonly kind: "node"; readonly node: TSESTree.Node }
  | { readonly kind: "external"; readonly source: string; readonly name: string | undefined }
  | { readonly kind: "module"; readonly file: SourceFile };

/** How far any one question is followed (names, members, calls, modules): beyond this the answer is "unknown". */
export const MAX_DEPTH = 48;

/** How many modules a question may pass through from the linted file. */
export const MAX_MODULE_HOPS = 4;
