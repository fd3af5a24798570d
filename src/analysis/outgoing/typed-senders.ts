import type { TSESTree } from "@typescript-eslint/utils";
import type { TypedChecker } from "../typed-checker.js";
import { SDK_SENDERS, type Sender } from "./senders.js";
const SDK_PACKAGE = /node_modules\/(@agentclientprotocol\/sdk|@zed-industries\/agent-client-protocol|acp-sdk-[^/]+)\//;
const JSONRPC_PACKAGE = /node_modules\/vscode-(jsonrpc|languageserver)[^/]*\//;

/**
 * With type information: the sender a receiver's declared type is (`AgentContext`, `MessageConnection`, …), when that
 * type comes from inside the lint root (the SDK installed there).
 */
export function typedSender(receiver: TSESTree.Node, typed: TypedChecker): Sender | undefined {
  const type = typed.typeOf(receiver);
  const symbol = type && (type.getSymbol() ?? type.aliasSymbol);
  const name = symbol?.getName();
  const source = symbol?.declarations?.[0]?.getSourceFile();
  if (name === undefined || source === undefined || !typed.fileInside(source)) return undefined;
  const file = source.fileName;
  if (SDK_PACKAGE.test(file)) return SDK_SENDERS[name];
  if (JSONRPC_PACKAGE.test(file) && name === "MessageConnection") return { library: "jsonrpc", peer: undefined };
  return undefined;
}
