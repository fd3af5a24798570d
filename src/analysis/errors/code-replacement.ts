import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { AUTH_REQUIRED } from "../../protocol/codes.js";
import type { FileModel } from "../model.js";
import { memberName, outermostWrapper, unwrap } from "../syntax/ast.js";
import { codeNumbers } from "../values/code-numbers.js";
import { isAboutAuth, misusedCode, NOT_INITIALIZED } from "../values/code-meaning.js";
import { caughtFailureMisuse } from "../values/caught-message.js";
import { messageText } from "../values/message-text.js";
import { isBareNumber } from "./code-leaves.js";
import type { CodeTable } from "./code-tables.js";

type Model = Pick<FileModel, "codeTables" | "acpCodes" | "values">;

/**
 * -32000 with a message about something else ("Terminal limit reached"): JSON-RPC's generic server error,
 * written where ACP means "authentication required". No rule names it AuthRequired.
 */
function isServerErrorMisread(code: number, message: TSESTree.Node | null | undefined, model: Pick<FileModel, "values">): boolean {
  if (code !== AUTH_REQUIRED || !message) return false;
  const text = messageText(message, model.values);
  return text !== undefined && !isAboutAuth(text);
}

/**
 * Whether prefer-error-factory leaves an ACP code written as a bare number unnamed, since naming it would cement a
 * mistake: -32000 for a failure that is not about authentication (by its message's words, or a caught failure's own message), or a code whose message tells a situation that
 * calls for an implementation-specific code (-32002 "terminal pool exhausted", code-meaning.ts).
 */
export function isLeftUnnamed(code: number, message: TSESTree.Node | null | undefined, model: Pick<FileModel, "values">): boolean {
  if (isServerErrorMisread(code, message, model)) return true;
  // -32000 with a caught failure's message: valid-error-object asks for the code that failure calls for.
  if (message && caughtFailureMisuse(code, message, model.values.resolver.sourceCodeOf(message))) return true;
  const text = messageText(message, model.values);
  // A code its message says is used for another meaning (-32000 "invalid session": -32002) is valid-error-object's one
  // finding, which names the code the failure needs: advice to name the code would be a second report of it. But a
  // request before initialize: require-initialize-gate's finding, whose edit prefer-error-factory's advice follows.
  const misuse = text === undefined ? undefined : misusedCode(code, text);
  return misuse !== undefined && misuse.code !== NOT_INITIALIZED.code;
}

/**
 * Whether `code` is an ACP code written as a bare number (or a string spelling one), the way prefer-error-factory
 * reports it: a suggestion may put another bare ACP code there without a finding the original did not have.
 */
export function isReportedBareAcpCode(code: TSESTree.Node, message: TSESTree.Node | null | undefined, model: Model): boolean {
  if (!isBareNumber(code)) return false;
  const codes = codeNumbers(code, model.values);
  return !!codes && codes.length > 0 && codes.every((c) => model.acpCodes.has(c) && !isLeftUnnamed(c, message, model));
}

/** How the table is named in code: `Codes` of `const Codes = {...}`, `enum Codes {...}`; undefined otherwise. */
function tableName(table: CodeTable): string | undefined {
  const node = table.node;
  if (node.type === AST_NODE_TYPES.TSEnumDeclaration) return node.id.name;
  // `const Codes = { ... } as const`, `... satisfies Record<string, number>`.
  const parent = outermostWrapper(node).parent;
  return parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.id.type === AST_NODE_TYPES.Identifier ? parent.id.name : undefined;
}

const memberFor = (table: CodeTable, wanted: number) =>
  table.members.find((m) => m.codes.length === 1 && m.codes[0] === wanted && /^[A-Za-z_$][\w$]*$/.test(m.key));

/**
 * The text a suggestion writes in place of the code `code` to answer with `wanted`, named as the file names codes:
 * the member of the code's own table (`Codes.InternalError` -> `Codes.InvalidParams`), a bare number where a bare
 * ACP code was written, else a member of any table of the file; undefined when none fits (a bare number would be
 * prefer-error-factory's next finding).
 */
export function codeReplacement(
  code: TSESTree.Node,
  wanted: number,
  message: TSESTree.Node | null | undefined,
  model: Model,
): string | undefined {
  const inner = unwrap(code);
  // `Codes.InternalError`: the member of that same table, found by its name, not by the key alone (another
  // table of the file may have an `InternalError` too).
  if (inner.type === AST_NODE_TYPES.MemberExpression && !inner.computed && inner.object.type === AST_NODE_TYPES.Identifier) {
    const key = memberName(inner);
    const owner = inner.object.name;
    const own = model.codeTables.find((t) => tableName(t) === owner && t.members.some((m) => m.key === key));
    const member = own && memberFor(own, wanted);
    if (member) return `${owner}.${member.key}`;
  }
  if (isReportedBareAcpCode(inner, message, model)) return String(wanted);
  for (const table of model.codeTables) {
    const member = memberFor(table, wanted);
    const name = member && tableName(table);
    if (name) return `${name}.${member.key}`;
  }
  return undefined;
}
