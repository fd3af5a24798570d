import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FileModel } from "../model.js";
import { isFunction, memberName, unwrap } from "../syntax/ast.js";
import { declaredName } from "../resolution/declared-types.js";
import { soleInit } from "../resolution/values.js";
import { perModel } from "../syntax/per-model.js";
import { variableOf } from "../syntax/variables.js";
import { sdkApp } from "../sdk/apps.js";

/** Which peer a sender talks to: the side whose methods it calls; undefined when only the wire name can tell. */
export type PeerSide = "agent" | "client" | undefined;

/** An object tied to a library that sends ACP messages, and the library's names for its two calls. */
export interface Sender {
  readonly library: "sdk" | "legacy" | "jsonrpc";
  readonly peer: PeerSide;
}

type SourceCode = Readonly<TSESLint.SourceCode>;

/** The SDK's types that send messages, by their export names. */
export const SDK_SENDERS: Readonly<Record<string, Sender>> = {
  AgentContext: { library: "sdk", peer: "client" },
  ClientContext: { library: "sdk", peer: "agent" },
  AgentSideConnection: { library: "legacy", peer: "client" },
  ClientSideConnection: { library: "legacy", peer: "agent" },
};

/** vscode-jsonrpc's (and vscode-languageserver's) packages. */
const JSONRPC_SOURCE = /^vscode-(jsonrpc|languageserver)/;

/** The side of an SDK 2.x app expression (`agent({...})`, a chain on it, or a name holding one). */
function appSide(node: TSESTree.Node, model: FileModel): "agent" | "client" | undefined {
  return sdkApp(node, model.sdk, model.resolver)?.side;
}

/** The initializer of a `const`/`let` binding that is never reassigned. */
function singleInit(id: TSESTree.Identifier, sourceCode: SourceCode): TSESTree.Expression | undefined {
  const variable = variableOf(sourceCode, id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.node.type !== AST_NODE_TYPES.VariableDeclarator || def.node.id.type !== AST_NODE_TYPES.Identifier) return undefined;
  return soleInit(variable!, def.node);
}

const other = (side: "agent" | "client"): "agent" | "client" => (side === "agent" ? "client" : "agent");

type Side = "agent" | "client" | undefined;

/** The side of each SDK handler function, then of each fallback's, by function: listed once per file. */
const handlerSides = perModel((model: FileModel): ReadonlyMap<TSESTree.Node, Side> => {
  const found = new Map<TSESTree.Node, Side>();
  for (const h of model.handlers.handlers) {
    if (h.style !== "sdk" || !h.fn || found.has(h.fn)) continue;
    found.set(h.fn, h.method.side === "client" ? "client" : h.method.side === "agent" ? "agent" : undefined);
  }
  for (const f of model.handlers.fallbacks) if (f.style === "sdk" && f.fn && !found.has(f.fn)) found.set(f.fn, f.side);
  return found;
});

/**
 * The context an SDK handler function receives: the app's side, from the model's handlers and fallbacks (the first
 * that has the function). Asked for every send of every handler: searching the handlers each time was quadratic.
 */
const handlerSide = (fn: TSESTree.Node, model: FileModel): Side => handlerSides(model).get(fn);

/** The app side of the callback `fn` when it is `app.connectWith(stream, fn)`. */
function connectWithSide(fn: TSESTree.Node, sourceCode: SourceCode, model: FileModel): "agent" | "client" | undefined {
  const call = fn.parent;
  if (call?.type !== AST_NODE_TYPES.CallExpression || call.arguments[1] !== fn) return undefined;
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression || memberName(callee) !== "connectWith") return undefined;
  return appSide(callee.object, model);
}

/** `ctx.client` of an agent handler (sends to the client), `conn.agent` of `clientApp.connect(stream)`, … */
function contextMember(node: TSESTree.MemberExpression, sourceCode: SourceCode, model: FileModel): Sender | undefined {
  const name = memberName(node);
  if (name !== "client" && name !== "agent") return undefined;
  const object = unwrap(node.object);
  if (object.type !== AST_NODE_TYPES.Identifier) return undefined;
  const variable = variableOf(sourceCode, object);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  let side: "agent" | "client" | undefined;
  if (def?.type === "Parameter" && isFunction(def.node) && def.node.params[0] === def.name) side = handlerSide(def.node, model);
  else if (def?.node.type === AST_NODE_TYPES.VariableDeclarator && def.node.init) {
    const init = unwrap(def.node.init);
    const call = init.type === AST_NODE_TYPES.AwaitExpression ? unwrap(init.argument) : init;
    if (call.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrap(call.callee);
      if (callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "connect") side = appSide(callee.object, model);
    }
  }
  // An agent's context calls the client, a client's the agent; the member must name that peer.
  return side && name === other(side) ? { library: "sdk", peer: name } : undefined;
}

/** An identifier bound to an SDK, legacy or vscode-jsonrpc sender. */
function boundSender(id: TSESTree.Identifier, sourceCode: SourceCode, model: FileModel): Sender | undefined {
  const variable = variableOf(sourceCode, id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!def) return undefined;
  if (def.type === "Parameter" && isFunction(def.node)) {
    const fn = def.node;
    const param = fn.params[0];
    if (param === def.name) {
      const side = connectWithSide(fn, sourceCode, model);
      return side ? { library: "sdk", peer: other(side) } : undefined;
    }
    // `({ client }) => client.request(...)` in an SDK handler.
    if (param?.type === AST_NODE_TYPES.ObjectPattern) {
      const side = handlerSide(fn, model);
      const prop = param.properties.find((p) => p.type === AST_NODE_TYPES.Property && p.value === def.name);
      const key = prop?.type === AST_NODE_TYPES.Property && !prop.computed && prop.key.type === AST_NODE_TYPES.Identifier ? prop.key.name : undefined;
      return side && key === other(side) ? { library: "sdk", peer: key } : undefined;
    }
    return undefined;
  }
  const init = singleInit(id, sourceCode);
  if (!init) return undefined;
  const value = unwrap(init);
  if (value.type === AST_NODE_TYPES.CallExpression && value.callee.type === AST_NODE_TYPES.Identifier) {
    const source = model.sdk.foreign.get(value.callee.name);
    if (value.callee.name === "createMessageConnection" && source !== undefined && JSONRPC_SOURCE.test(source)) {
      return { library: "jsonrpc", peer: undefined };
    }
  }
  // `const { client } = app.connect(stream)` and `const conn = app.connect(stream)` used as `conn.client`.
  return value.type === AST_NODE_TYPES.MemberExpression ? contextMember(value, sourceCode, model) : undefined;
}

/**
 * A receiver declared or built as one of the SDK's senders or a vscode-jsonrpc `MessageConnection`:
 * `private connection: AgentSideConnection` read as `this.connection`, a parameter or an interface's member typed so
 * (declared-types.ts).
 */
function declaredSender(receiver: TSESTree.Node, model: FileModel): Sender | undefined {
  const named = declaredName(model.resolver, receiver);
  if (!named) return undefined;
  const exported = model.sdk.exportName(named);
  if (exported !== undefined) return Object.hasOwn(SDK_SENDERS, exported) ? SDK_SENDERS[exported] : undefined;
  const source = named.type === AST_NODE_TYPES.Identifier ? model.sdk.foreign.get(named.name) : undefined;
  return source !== undefined && JSONRPC_SOURCE.test(source) && named.type === AST_NODE_TYPES.Identifier && named.name === "MessageConnection" ? { library: "jsonrpc", peer: undefined } : undefined;
}

/** The sender a call's receiver is, found from the code alone. */
export function syntacticSender(receiver: TSESTree.Node, sourceCode: SourceCode, model: FileModel): Sender | undefined {
  const inner = unwrap(receiver);
  const found =
    inner.type === AST_NODE_TYPES.Identifier ? boundSender(inner, sourceCode, model) : inner.type === AST_NODE_TYPES.MemberExpression ? contextMember(inner, sourceCode, model) : undefined;
  return found ?? declaredSender(inner, model);
}
