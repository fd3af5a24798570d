import type { TSESTree } from "@typescript-eslint/utils";
import type { FunctionNode } from "../syntax/ast.js";

/**
 * Code that runs for a message nobody answers: a notification handler function, or the branch of a hand-rolled
 * dispatcher taken by a message without `id`.
 */
export interface NotificationTarget {
  /** What the report names: the wire method, or a phrase for a catch-all. */
  readonly method: string;
  /** The handler function, or the branch. */
  readonly body: TSESTree.Node;
  /** The function whose throw or result leaves the target. */
  readonly fn: FunctionNode;
  /** A branch is left by `return` too, but not by everything the function returns elsewhere. */
  readonly isBranch: boolean;
}
