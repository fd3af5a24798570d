import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { constructionText, errorObjectText, INVALID_PARAMS, RESOURCE_NOT_FOUND } from "../../protocol/codes.js";
import type { FileModel } from "../model.js";
import { isOneOf, JSON_RPC_MODULES } from "../sdk/module-names.js";
import { unwrap } from "../syntax/ast.js";
import { variableOf } from "../syntax/variables.js";
import type { ResourceMiss } from "./types.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** `ResponseError` imported from vscode-jsonrpc (or a language-server package): what its connections send as is. */
function responseErrorName(model: FileModel): string | undefined {
  const module = model.sdk.foreign.get("ResponseError");
  return module !== undefined && isOneOf(module, JSON_RPC_MODULES) ? "ResponseError" : undefined;
}

/** Whether the subject can be written at `place`: not a variable declared in a block that does not hold it. */
function isInScope(sourceCode: SourceCode, subject: TSESTree.Node, place: TSESTree.Node): boolean {
  let root = unwrap(subject);
  while (root.type === AST_NODE_TYPES.MemberExpression && !root.computed) root = unwrap(root.object);
  if (root.type !== AST_NODE_TYPES.Identifier) return false;
  const block = variableOf(sourceCode, root)?.scope.block;
  return block !== undefined && block.range[0] <= place.range[0] && place.range[1] <= block.range[1];
}

/** What answers the missing resource right, written for the file: `RequestError.resourceNotFound(params.path)`. */
export interface Fix {
  /** The expression, with the subject the code names or a placeholder name. */
  readonly text: string;
  /** Whether `text` can replace the answer as it is: the SDK's class is imported and the subject is in scope. */
  readonly writable: boolean;
}

export function fixFor(miss: ResourceMiss, model: FileModel, sourceCode: SourceCode): Fix {
  const imported = model.sdk.requestErrorName();
  const name = imported ?? "RequestError";
  // The subject of an answer in another module's helper is written in that module: named by a placeholder here.
  const usable = !miss.reportAt && miss.subject !== undefined && isInScope(sourceCode, miss.subject, miss.answer.node);
  const subject = usable ? sourceCode.getText(miss.subject!) : miss.field === "path" ? "path" : "terminalId";
  let text: string;
  const v2Terminal = miss.field === "terminalId" && model.settings.protocolVersion === 2;
  // Hand-rolled dispatch answers with the error object it sends.
  if (!miss.thrown && miss.handlers.every((h) => h.style === "dispatch")) {
    text = v2Terminal
      ? errorObjectText(INVALID_PARAMS, `{ terminalId: ${subject} }`)
      : errorObjectText(RESOURCE_NOT_FOUND, `{ uri: ${subject} }`);
    return { text, writable: false };
  }
  // vscode-jsonrpc sends only its own ResponseError as is; anything else it throws (an ACP RequestError too) as -32603.
  // No rewrite: prefer-error-factory would ask for the ACP factory in place of its bare code.
  if (miss.handlers.every((h) => h.style === "jsonrpc")) {
    const responseError = responseErrorName(model) ?? "ResponseError";
    text = v2Terminal
      ? constructionText(responseError, INVALID_PARAMS, `{ terminalId: ${subject} }`)
      : constructionText(responseError, RESOURCE_NOT_FOUND, `{ uri: ${subject} }`);
    return { text, writable: false };
  }
  if (v2Terminal) {
    text = `${name}.invalidParams({ terminalId${subject === "terminalId" ? "" : `: ${subject}`} })`;
  } else if (model.hasFactory("resourceNotFound")) {
    text = `${name}.resourceNotFound(${subject})`;
  } else {
    // No SDK version lacks the factory; for one set by hand, name the construction but offer no rewrite, since
    // prefer-error-factory asks for a named constant instead of its bare -32002.
    text = constructionText(name, RESOURCE_NOT_FOUND, `{ uri${subject === "uri" ? "" : `: ${subject}`} }`);
    return { text, writable: false };
  }
  return { text, writable: imported !== undefined && usable };
}
