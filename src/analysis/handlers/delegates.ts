import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { findMethodByRequestType, isResponseTypeOf, type MethodInfo } from "../../protocol/methods.js";
import type { SdkImports } from "../sdk/imports.js";
import type { FunctionNode } from "../syntax/ast.js";
import { declaredName, memberOwner } from "../syntax/functions.js";
import { forwardsRequest } from "./forwarding.js";
import type { Handler, HandlerContext } from "./types.js";

/** What a result type may come wrapped in: `Promise<PromptResponse>`, the legacy interfaces' `MaybePromise<...>`. */
const ASYNC_WRAPPERS = new Set(["Promise", "PromiseLike", "MaybePromise"]);

/** The SDK type an annotation names: `PromptRequest`, an alias of it, `acp.PromptRequest`; nothing generic. */
function sdkTypeOf(type: TSESTree.TypeNode | undefined, sdk: SdkImports): string | undefined {
  if (type?.type !== AST_NODE_TYPES.TSTypeReference || type.typeArguments) return undefined;
  return sdk.typeExportName(type.typeName);
}

/** A parameter's annotation: `(params: T)`, `({ sessionId }: T)`, `(params: T = fallback)`. */
function paramType(parameter: TSESTree.Parameter | undefined): TSESTree.TypeNode | undefined {
  const param = parameter?.type === AST_NODE_TYPES.AssignmentPattern ? parameter.left : parameter;
  const typed = param?.type === AST_NODE_TYPES.Identifier || param?.type === AST_NODE_TYPES.ObjectPattern;
  return typed ? param.typeAnnotation?.typeAnnotation : undefined;
}

/**
 * The parameter typed with a method's SDK request type: the first one, or a later one after a runtime or context
 * the function takes first (`runPrompt(rt: Runtime, request: PromptRequest)`); the first such parameter.
 */
function requestParam(fn: FunctionNode, sdk: SdkImports): { index: number; type: TSESTree.TypeNode; method: MethodInfo } | undefined {
  for (let index = 0; index < fn.params.length; index++) {
    const type = paramType(fn.params[index]);
    const typeName = sdkTypeOf(type, sdk);
    const method = typeName === undefined ? undefined : findMethodByRequestType(typeName);
    if (method && type) return { index, type, method };
  }
  return undefined;
}

/** `Promise<T>` as T (and `MaybePromise<T>`); anything else as itself. */
function awaited(type: TSESTree.TypeNode): TSESTree.TypeNode {
  if (type.type !== AST_NODE_TYPES.TSTypeReference || type.typeArguments?.params.length !== 1) return type;
  const name = type.typeName.type === AST_NODE_TYPES.TSQualifiedName ? type.typeName.right.name : type.typeName.type === AST_NODE_TYPES.Identifier ? type.typeName.name : "";
  return ASYNC_WRAPPERS.has(name) ? type.typeArguments.params[0]! : type;
}

const isNothing = (type: TSESTree.TypeNode) =>
  type.type === AST_NODE_TYPES.TSVoidKeyword || type.type === AST_NODE_TYPES.TSUndefinedKeyword || type.type === AST_NODE_TYPES.TSNullKeyword;

/**
 * Whether the return annotation is the method's result: its response type, bare, in a promise, or `| void` as the
 * legacy interfaces allow; `void` or `Promise<void>` for a notification, which has none.
 */
function returnsResult(fn: FunctionNode, method: MethodInfo, sdk: SdkImports): boolean {
  const annotation = fn.returnType?.typeAnnotation;
  if (!annotation) return false;
  const result = awaited(annotation);
  const members = result.type === AST_NODE_TYPES.TSUnionType ? result.types : [result];
  if (method.responseTypes.length === 0) return members.every(isNothing);
  const named = members.filter((m) => !isNothing(m));
  return named.length === 1 && isResponseTypeOf(method, sdkTypeOf(named[0], sdk) ?? "");
}

/**
 * Handlers written anywhere: a named function or method whose first parameter is typed with a method's SDK params
 * type, and that returns the method's result type or bears its legacy name
 * (`async setSessionMode(params: SetSessionModeRequest): Promise<SetSessionModeResponse>`). One that passes the
 * request on (a client's `prompt(params) { return this.connection.prompt(params); }`) sends it and is none.
 */
export function typedDelegates(
  functions: readonly FunctionNode[],
  ctx: HandlerContext,
  taken: ReadonlySet<TSESTree.Node>,
  legacySides: ReadonlyMap<TSESTree.Node, ReadonlySet<string>> = new Map(),
): Handler[] {
  const out: Handler[] = [];
  for (const fn of functions) {
    if (fn.params.length === 0 || taken.has(fn)) continue;
    const found = requestParam(fn, ctx.sdk);
    if (!found) continue;
    const { index, type, method } = found;
    // A legacy Agent's own `terminalOutput(params: TerminalOutputRequest)` is a helper of the agent: the connection
    // dispatches only the agent's methods to that class.
    const owner = memberOwner(fn);
    const sides = owner && legacySides.get(owner);
    if (sides && !sides.has(method.side)) continue;
    const named = declaredName(fn);
    if (!named) continue;
    if (!method.legacyNames.includes(named.name) && !returnsResult(fn, method, ctx.sdk)) continue;
    if (forwardsRequest(fn, method, named.name, ctx, index)) continue;
    out.push({ method, style: "delegate", body: fn, fn, methodNode: type, ...(index === 0 ? {} : { requestParam: index }) });
  }
  return out;
}
