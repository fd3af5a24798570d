import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { staticKeyName, unwrap, walk } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";

/** A same-file `const` saying which protocol versions a client supports. */
export interface SupportedVersions {
  /** The constant's name: `SUPPORTED_VERSIONS`, `MIN_PROTOCOL_VERSION`. */
  readonly name: string;
  /** The versions it names (a list, or the minimum of a range). */
  readonly versions: readonly number[];
}

/** Names of lists, ranges and minimums of protocol versions. */
const LIST_NAME = /(support|accept|compat|known|allow)\w*version|version\w*(support|accept|compat|allow)/i;
const MIN_NAME = /(min|oldest|lowest|earliest)\w*version|version\w*(min|oldest|lowest)/i;
const MIN_KEY = /^(min|minimum|oldest|from|lowest)$/i;

function numberOf(node: TSESTree.Node, values: ValueResolver): number | undefined {
  const n = values.numbers(node);
  return n?.length === 1 ? n[0] : undefined;
}

/** The versions of a list literal, a range `{ min, max }` (its minimum), or a number (a minimum). */
function versionsOf(init: TSESTree.Node, name: string, values: ValueResolver): readonly number[] | undefined {
  const node = unwrap(init);
  if (node.type === AST_NODE_TYPES.ArrayExpression && LIST_NAME.test(name)) {
    const out: number[] = [];
    for (const el of node.elements) {
      const n = el && el.type !== AST_NODE_TYPES.SpreadElement ? numberOf(el, values) : undefined;
      if (n === undefined) return undefined;
      out.push(n);
    }
    return out.length > 0 ? out : undefined;
  }
  if (node.type === AST_NODE_TYPES.ObjectExpression && (LIST_NAME.test(name) || /version/i.test(name))) {
    for (const prop of node.properties) {
      if (prop.type !== AST_NODE_TYPES.Property || !MIN_KEY.test(staticKeyName(prop.key, prop.computed) ?? "")) continue;
      const n = numberOf(prop.value, values);
      return n === undefined ? undefined : [n];
    }
    return undefined;
  }
  if (MIN_NAME.test(name)) {
    const n = numberOf(node, values);
    return n === undefined ? undefined : [n];
  }
  return undefined;
}

/** `const` lists, ranges and minimums of protocol versions declared anywhere in the file. */
export function supportedVersionConstants(declarators: readonly TSESTree.VariableDeclarator[], values: ValueResolver): readonly SupportedVersions[] {
  const found: SupportedVersions[] = [];
  for (const node of declarators) {
    if (node.id.type !== AST_NODE_TYPES.Identifier || !node.init) continue;
    if (node.parent?.type !== AST_NODE_TYPES.VariableDeclaration || node.parent.kind !== "const") continue;
    const versions = versionsOf(node.init, node.id.name, values);
    if (versions) found.push({ name: node.id.name, versions });
  }
  return found;
}

/** Whether a node mentions an identifier of one of the names. */
export function mentions(root: TSESTree.Node, names: ReadonlySet<string>, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  let found = false;
  walk(root, sourceCode.visitorKeys, (node) => {
    if (!found && node.type === AST_NODE_TYPES.Identifier && names.has(node.name)) found = true;
  });
  return found;
}
