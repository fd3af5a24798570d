import type { TSESTree } from "@typescript-eslint/utils";
import type { FunctionNode } from "../syntax/ast.js";

/** Code that answers requests for methods nobody registered. */
export interface FallbackSource {
  /**
   * `star`: SDK 2.x `onRequest("*")`; `extMethod`: legacy; `default`: of a dispatcher's method switch; `miss`: of a
   * handler map.
   */
  readonly kind: "star" | "extMethod" | "default" | "miss";
  /** The function whose own code (not nested functions) answers. */
  readonly fn: FunctionNode;
  /** The statements run for an unknown method. */
  readonly path: readonly TSESTree.Node[];
  /** The source text naming the unknown method (`method`, `ctx.method`, `msg.method`), if there is one. */
  readonly methodName: string | undefined;
}
