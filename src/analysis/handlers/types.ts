import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { MethodInfo } from "../../protocol/methods.js";
import type { SdkImports } from "../sdk/imports.js";
import { type FunctionNode, isFunction } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";
import type { Resolver } from "../resolution/resolver.js";

/**
 * How a handler is written:
 * - `sdk`: `agent()/client()` apps of SDK 2.x, `.onRequest(methods.x, fn)`;
 * - `legacy`: a 0.x/1.x `Agent`/`Client` class or object, method names from the protocol tables;
 * - `jsonrpc`: `connection.onRequest("session/prompt", fn)` on another JSON-RPC connection;
 * - `dispatch`: hand-rolled `switch (msg.method)`, `if (method === "...")` chains and handler maps;
 * - `delegate`: a function or method written anywhere, even in a class that neither implements `Agent` nor is
 *   passed to a connection: one whose first parameter is typed with the method's SDK params type
 *   (`setSessionMode(params: SetSessionModeRequest): Promise<SetSessionModeResponse>`), or the same-file function
 *   or method a handler hands its request to (`(ctx) => agent.setSessionMode(ctx.params)`). Its first parameter
 *   holds the params; whoever calls it is expected to send what it throws as the SDKs do.
 */
export type HandlerStyle = "sdk" | "legacy" | "jsonrpc" | "dispatch" | "delegate";

/** A piece of code that answers one ACP method. */
export interface Handler {
  readonly method: MethodInfo;
  readonly style: HandlerStyle;
  /**
   * What answers: the handler function, the `case` / `if` branch of an inline dispatch, or a thunk the handler runs
   * and gives back the result of (`({ params }) => enqueue(() => { … })`; see thunks.ts).
   */
  readonly body: TSESTree.Node;
  /**
   * The function whose parameters hold the request: the handler itself, or the function that holds an inline
   * dispatch (`function route(msg) { switch (msg.method) ... }`).
   */
  readonly fn: FunctionNode | undefined;
  /**
   * Where the method is named: the method argument, the member key, the `case` test; for a delegate, its
   * parameter's type annotation, or its name.
   */
  readonly methodNode: TSESTree.Node;
  /**
   * The index of the parameter that holds the request, for a delegate that takes it after others (`runPrompt(rt:
   * Runtime, request: PromptRequest)`); absent when it is the first.
   */
  readonly requestParam?: number;
}

/**
 * Whether the SDKs run the handler and send what it throws: a plain `Error` (or any value that is not a
 * RequestError) goes out as -32603 Internal error (2.x apps, legacy classes, and the delegates they call; see the
 * wire tests). What hand-rolled dispatch sends for it is its own code's business.
 */
export function sdkSendsThrown(handler: Handler): boolean {
  return handler.style === "sdk" || handler.style === "legacy" || handler.style === "delegate";
}

/** The function whose throws and returns answer for a handler: a thunk it runs (thunks.ts), else its own function. */
export function answeringFunction(handler: Handler): FunctionNode | undefined {
  return handler.body !== handler.fn && isFunction(handler.body) ? handler.body : handler.fn;
}

/**
 * The parameters that hold a handler's request: for a handler function its first (or `requestParam`), for an inline
 * dispatch every parameter of the dispatching function (the request is whatever it was given).
 */
export function requestParameters(handler: Handler): readonly TSESTree.Parameter[] {
  const { fn } = handler;
  if (!fn) return [];
  if (handler.body !== fn) return fn.params;
  const param = fn.params[handler.requestParam ?? 0];
  return param ? [param] : [];
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
  readonly resolver: Resolver;
  /** The SDK versions the file may run with (an exact version or a declared range): which legacy member names its connection calls. */
  readonly sdkVersions?: string | undefined;
}

export interface HandlerNodes {
  readonly calls: readonly TSESTree.CallExpression[];
  readonly news: readonly TSESTree.NewExpression[];
  readonly classes: readonly (TSESTree.ClassDeclaration | TSESTree.ClassExpression)[];
  readonly objects: readonly TSESTree.ObjectExpression[];
  readonly switches: readonly TSESTree.SwitchStatement[];
  readonly ifs: readonly TSESTree.IfStatement[];
  /** Every function of the file: declarations, expressions and arrows. */
  readonly functions: readonly FunctionNode[];
}
