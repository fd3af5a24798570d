import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { ValueResolver } from "../resolution/values.js";
import { ERROR_CODES } from "../../protocol/codes.js";

export interface CodeTableMember {
  readonly key: string;
  /** The member's value expression (an enum member without initializer is the member itself). */
  readonly value: TSESTree.Node;
  readonly codes: readonly number[];
}

/** An object literal or enum where at least two members hold ACP-defined codes. */
export interface CodeTable {
  readonly node: TSESTree.ObjectExpression | TSESTree.TSEnumDeclaration;
  readonly members: readonly CodeTableMember[];
}

function membersOf(
  node: TSESTree.ObjectExpression | TSESTree.TSEnumDeclaration,
  values: ValueResolver,
): CodeTableMember[] {
  const members: CodeTableMember[] = [];
  if (node.type === AST_NODE_TYPES.TSEnumDeclaration) {
    for (const member of node.body.members) {
      const key = values.keyOf(member.id, false);
      const codes = values.numbers(member);
      if (key !== undefined && codes) members.push({ key, value: member.initializer ?? member, codes });
    }
    return members;
  }
  for (const prop of node.properties) {
    if (prop.type !== AST_NODE_TYPES.Property || prop.kind !== "init" || prop.method) continue;
    const key = values.keyOf(prop.key, prop.computed);
    const codes = values.numbers(prop.value);
    if (key !== undefined && codes) members.push({ key, value: prop.value, codes });
  }
  return members;
}

/** Values that are never a number, whatever their context: literals of other kinds, objects, arrays, functions. */
function isNeverNumber(node: TSESTree.Node): boolean {
  switch (node.type) {
    case AST_NODE_TYPES.Literal:
      return typeof node.value !== "number";
    case AST_NODE_TYPES.TemplateLiteral:
    case AST_NODE_TYPES.ObjectExpression:
    case AST_NODE_TYPES.ArrayExpression:
    case AST_NODE_TYPES.ArrowFunctionExpression:
    case AST_NODE_TYPES.FunctionExpression:
    case AST_NODE_TYPES.ClassExpression:
    case AST_NODE_TYPES.NewExpression:
      return true;
    default:
      return false;
  }
}

/** Every code ACP defines, in any version, is negative: a number literal is none (`-32601` is a unary minus). */
const LITERALS_ARE_NO_CODES = ERROR_CODES.every((info) => info.code < 0);

/** Whether two members of an object literal could hold ACP codes: resolving the values of every object is costly. */
function mayHoldTwoCodes(node: TSESTree.ObjectExpression): boolean {
  let candidates = 0;
  for (const prop of node.properties) {
    if (prop.type !== AST_NODE_TYPES.Property || prop.kind !== "init" || prop.method || isNeverNumber(prop.value)) continue;
    if (LITERALS_ARE_NO_CODES && prop.value.type === AST_NODE_TYPES.Literal) continue;
    if (++candidates === 2) return true;
  }
  return false;
}

/** The table `node` forms when two of its members resolve to ACP codes. */
export function codeTable(
  node: TSESTree.ObjectExpression | TSESTree.TSEnumDeclaration,
  values: ValueResolver,
  acpCodes: ReadonlyMap<number, unknown>,
): CodeTable | undefined {
  if (node.type === AST_NODE_TYPES.ObjectExpression && !mayHoldTwoCodes(node)) return undefined;
  const members = membersOf(node, values);
  const acpMembers = members.filter((m) => m.codes.length === 1 && acpCodes.has(m.codes[0]!));
  return acpMembers.length >= 2 ? { node, members } : undefined;
}
