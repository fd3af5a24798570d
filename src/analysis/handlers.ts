import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { MethodInfo } from "../protocol/methods.js";
import type { FunctionNode } from "./ast.js";
import { dispatchHandlers } from "./handlers-dispatch.js";
import { legacyHandlers } from "./handlers-legacy.js";
import { registeredHandlers } from "./handlers-registered.js";
import type { SdkImports } from "./imports.js";
import type { ValueResolver } from "./values.js";

/**
 * How a handler is written:
 * - `sdk`: `agent()/client()` apps of SDK 2.x, `.onRequest(methods.x, fn)`;
 * - `legacy`: a 0.x/1.x `Agent`/`Client` class or object, method names from the protocol tables;
 * - `jsonrpc`: `connection.onRequest("session/prompt", fn)` on another JSON-RPC connection;
 * - `dispatch`: hand-rolled `switch (msg.method)`, `if (method === "...")` chains and handler maps.
 */
export type HandlerStyle = "sdk" | "legacy" | "jsonrpc" | "dispatch";

/** A piece of code that answers one ACP method. */
export interface Handler {
  readonly method: MethodInfo;
  readonly style: HandlerStyle;
  /** What answers: the handler function, or the `case` / `if` branch of an inline dispatch. */
  readonly body: TSESTree.Node;
  /**
   * The function whose parameters hold the request: the handler itself, or the function that holds an inline
   * dispatch (`function route(msg) { switch (msg.method) ... }`).
   */
  readonly fn: FunctionNode | undefined;
  /** Where the method is named: the method argument, the member key, the `case` test. */
  readonly methodNode: TSESTree.Node;
}

/** `onRequest("*", fn)`: the handler for every request the app does not register. */
export interface FallbackHandler {
  readonly style: HandlerStyle;
  readonly side: "agent" | "client";
  readonly fn: FunctionNode | undefined;
  readonly node: TSESTree.CallExpression;
}

export interface FileHandlers {
  readonly handlers: readonly Handler[];
  readonly fallbacks: readonly FallbackHandler[];
}

export interface HandlerContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly sdk: SdkImports;
  readonly values: ValueResolver;
}

export interface HandlerNodes {
  readonly calls: readonly TSESTree.CallExpression[];
  readonly news: readonly TSESTree.NewExpression[];
  readonly classes: readonly (TSESTree.ClassDeclaration | TSESTree.ClassExpression)[];
  readonly objects: readonly TSESTree.ObjectExpression[];
  readonly switches: readonly TSESTree.SwitchStatement[];
  readonly ifs: readonly TSESTree.IfStatement[];
}

/** Every ACP handler of a file, in the three styles users write them. */
export function findHandlers(nodes: HandlerNodes, ctx: HandlerContext): FileHandlers {
  const registered = registeredHandlers(nodes.calls, ctx);
  const legacy = legacyHandlers(nodes, ctx);
  const claimed = new Set<TSESTree.Node>([...registered.handlers, ...legacy].map((h) => h.body));
  // An object already read as a legacy Agent is not also a handler map.
  const dispatch = dispatchHandlers(nodes, ctx, claimed);
  const handlers = [...registered.handlers, ...legacy, ...dispatch].sort((a, b) => a.methodNode.range[0] - b.methodNode.range[0]);
  return { handlers, fallbacks: registered.fallbacks };
}
