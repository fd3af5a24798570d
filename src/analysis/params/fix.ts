import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { constructionText, errorObjectText, INVALID_PARAMS } from "../../protocol/codes.js";
import type { Answer } from "../errors/answers.js";
import type { ErrorSite } from "../errors/error-sites.js";
import { codeReplacement } from "../errors/code-replacement.js";
import type { HandlerStyle } from "../handlers/types.js";
import type { FileModel } from "../model.js";
import { factoryAdvice, plainErrorFactoryCall } from "../sdk/factory-advice.js";
import { unwrap } from "../syntax/ast.js";

type SourceCode = Readonly<TSESLint.SourceCode>;
type Model = Pick<FileModel, "sdk" | "hasFactory" | "codeTables" | "acpCodes" | "values">;

/** A replacement that answers with -32602 instead. */
export interface ParamsFix {
  readonly node: TSESTree.Node;
  readonly text: string;
}

/** The data key of a factory whose only argument is not `data`: `resourceNotFound(uri)` sends `{ uri }`. */
const DATA_KEYS: Readonly<Record<string, string>> = { uri: "uri", method: "method", "session-id": "sessionId" };

/**
 * What the messages tell to write where no rewrite names it, in full as the other rules' messages give it (whether or
 * not the file imports RequestError): what the handler's style sends as -32602. The SDKs send a RequestError as it
 * is; hand-rolled dispatch sends an error object; vscode-jsonrpc sends only its own ResponseError as it is.
 */
export function fixText(model: Pick<FileModel, "hasFactory">, style: HandlerStyle): string {
  if (style === "dispatch") return errorObjectText(INVALID_PARAMS, "data");
  if (style === "jsonrpc") return constructionText("ResponseError", INVALID_PARAMS, "data");
  return factoryAdvice(model, "invalidParams");
}

function argsOf(node: TSESTree.Node): readonly TSESTree.CallExpressionArgument[] | undefined {
  return node.type === AST_NODE_TYPES.NewExpression || node.type === AST_NODE_TYPES.CallExpression ? node.arguments : undefined;
}

/** `invalidParams(data, message)` arguments, omitting what is absent. */
function dataMessage(data: TSESTree.Node | undefined, message: TSESTree.Node | null | undefined, sourceCode: SourceCode): string {
  if (message) return `${data ? sourceCode.getText(data) : "undefined"}, ${sourceCode.getText(message)}`;
  return data ? sourceCode.getText(data) : "";
}

/** The SDK factory call for an SDK-built error, keeping its data and message. */
function sdkSiteFix(site: ErrorSite, sourceCode: SourceCode): string | undefined {
  const args = argsOf(site.node);
  if (!args || args.some((a) => a.type === AST_NODE_TYPES.SpreadElement)) return undefined;
  if (site.kind === "construct" && site.node.type === AST_NODE_TYPES.NewExpression) {
    return `${sourceCode.getText(site.node.callee)}.invalidParams(${dataMessage(site.data, site.message, sourceCode)})`;
  }
  if (site.kind !== "factory" || site.node.type !== AST_NODE_TYPES.CallExpression || !site.factory) return undefined;
  const callee = unwrap(site.node.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const owner = sourceCode.getText(callee.object);
  if (site.factory.args === "data-message") return `${owner}.invalidParams(${args.map((a) => sourceCode.getText(a)).join(", ")})`;
  const key = DATA_KEYS[site.factory.args];
  const [arg] = args;
  if (!key) return undefined;
  return `${owner}.invalidParams(${arg ? `{ ${key}: ${sourceCode.getText(arg)} }` : ""})`;
}

/**
 * How to answer with -32602 instead: the SDK's `invalidParams(data, message)` for errors the SDK builds or would
 * send as -32603 (a plain `Error`, a thrown object), keeping data and message; otherwise the code replaced by -32602.
 */
export function invalidParamsFix(answer: Answer, model: Model, sourceCode: SourceCode, sdkHandler: boolean): ParamsFix | undefined {
  const factory = model.hasFactory("invalidParams");
  const name = factory ? model.sdk.requestErrorName() : undefined;
  if (answer.kind === "internal") {
    const text = plainErrorFactoryCall(answer.node, "invalidParams", model, sourceCode);
    return text === undefined ? undefined : { node: answer.node, text };
  }
  if (answer.kind !== "site") return undefined;
  const { site } = answer;
  if (site.inErrorClass) return undefined;
  if (site.sdk && factory) {
    const text = sdkSiteFix(site, sourceCode);
    if (text) return { node: site.node, text };
  }
  // A thrown object or Error with a code is sent by the SDK as -32603: only a RequestError keeps -32602.
  if (sdkHandler && !site.sdk && name && (site.kind === "object" || site.kind === "assign")) {
    return { node: site.node, text: `${name}.invalidParams(${dataMessage(site.data, site.message, sourceCode)})` };
  }
  if (!site.code || site.kind === "class-code" || site.kind === "code-assignment") return undefined;
  const text = codeReplacement(site.code, INVALID_PARAMS, site.message, model);
  return text === undefined ? undefined : { node: site.code, text };
}

