/**
 * Parse the params into a new object with a helper: in each function that reads fields of the request's params,
 * `const parsed = parseRequest(params);` comes before the first statement that reads one, and the reads
 * (`params.sessionId`, `const { sessionId } = params`) read `parsed` instead; `parseRequest` at the end of the module
 * builds `{ sessionId: raw.sessionId, … }` of the fields read. Reads in a `switch` case are parsed in that case; none
 * behind `?.` (the request may lack its params there), and no params that are written.
 */
import { type Piece, slice } from "../edit.js";
import { Edits, programOf, type Rewrite } from "../rewrite.js";
import {
  AST_NODE_TYPES,
  ancestors,
  firstParamVariables,
  expressionBodyRange,
  freshName,
  indentAt,
  isFunction,
  isParamsObject,
  isWritten,
  type Node,
  type ParamsRead,
  paramsReads,
  type Source,
  type TSESTree,
  variableOf,
  walk,
} from "../syntax.js";

/** A read to rewrite: a field read, or a destructuring of the params (the fields it takes). */
interface Read {
  readonly object: Node;
  /** The range replaced by the parsed object's name (`params` of `params.sessionId`, or the whole `ctx.params`). */
  readonly range: readonly [number, number];
  readonly fields: readonly string[];
}

export const parseParams: Rewrite = {
  name: "parse-params",
  description: "parse the params into a new object with a helper",
  apply(source: Source) {
    const groups = new Map<string, Read[]>();
    const blocked = new Set<string>();
    const firstParams = firstParamVariables(source);
    const keyOf = (object: Node) => {
      const root = object.type === AST_NODE_TYPES.MemberExpression ? object.object : object;
      const variable = root.type === AST_NODE_TYPES.Identifier ? variableOf(source, root) : undefined;
      const scope = variable?.scope.block ?? source.ast;
      // In a switch case, the case's own: the dispatcher's other cases may get other params.
      const kase = ancestors(source, object).find((a) => a.type === AST_NODE_TYPES.SwitchCase || isFunction(a));
      return `${scope.range}|${variable?.name ?? ""}|${object.type === AST_NODE_TYPES.MemberExpression ? ".params" : ""}|${kase?.type === AST_NODE_TYPES.SwitchCase ? kase.range : ""}`;
    };
    const add = (object: Node, read: Read) => groups.set(keyOf(object), [...(groups.get(keyOf(object)) ?? []), read]);
    for (const read of paramsReads(source)) {
      if (read.optional) blocked.add(keyOf(read.object));
      else add(read.object, { object: read.object, range: read.object.range, fields: [read.field] });
    }
    walk(source.ast, (node) => {
      if (!isParamsObject(source, node, firstParams)) return;
      const parent = source.parents.get(node);
      if (isWritten(node, parent) || (parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === node && isWritten(parent, source.parents.get(parent)))) blocked.add(keyOf(node));
      const fields = parent?.type === AST_NODE_TYPES.VariableDeclarator && parent.init === node ? patternFields(parent.id) : undefined;
      if (fields) add(node, { object: node, range: node.range, fields });
    });
    const edits = new Edits(source.code);
    const names = new Set<string>();
    const helpers: string[] = [];
    const touched: (readonly [number, number])[] = [];
    for (const [key, reads] of groups) {
      if (blocked.has(key)) continue;
      const anchor = firstStatement(source, reads);
      if (!anchor) continue;
      const parsed = freshName(source.code, "parsed", names);
      const helper = freshName(source.code, "parseRequest", names);
      const fields = [...new Set(reads.flatMap((r) => r.fields))];
      const object = reads[0]!.object;
      const declaration: Piece[] = [`const ${parsed} = ${helper}(`, slice(object.range[0], object.range[1], "moved"), ");"];
      if (anchor.type === "statement") edits.insert(anchor.node.range[0], [...declaration, `\n${indentAt(source.code, anchor.node.range[0])}`]);
      for (const read of reads) edits.replace(read.range[0], read.range[1], [parsed]);
      if (anchor.type === "body") {
        // An arrow's expression body becomes a block that parses, then returns the expression.
        const [from, to] = expressionBodyRange(source, anchor.node);
        edits.insert(from, ["{ ", ...declaration, " return ("]).insert(to, ["); }"]);
      }
      helpers.push(helperText(source, helper, fields));
      const fn = ancestors(source, object).find(isFunction);
      touched.push((fn ?? source.ast).range);
    }
    if (helpers.length === 0) return [];
    edits.insert(source.code.length, [`\n\n${helpers.join("\n")}`]);
    return programOf(edits, touched);
  },
};

/** The keys a destructuring takes, or undefined when it is no plain one (a rest, a computed key). */
function patternFields(pattern: Node): string[] | undefined {
  if (pattern.type !== AST_NODE_TYPES.ObjectPattern) return undefined;
  const fields: string[] = [];
  for (const p of pattern.properties) {
    if (p.type !== AST_NODE_TYPES.Property || p.computed || p.key.type !== AST_NODE_TYPES.Identifier) return undefined;
    fields.push(p.key.name);
  }
  return fields;
}

/**
 * Where the parse goes: before the first statement holding a read, in the innermost block or case holding them all,
 * or around the expression body of the arrow holding them all; none outside a function.
 */
function firstStatement(source: Source, reads: readonly Read[]): { type: "statement" | "body"; node: Node } | undefined {
  const chains = reads.map((r) => [r.object, ...ancestors(source, r.object)].reverse());
  const common = chains.reduce((a, b) => a.filter((n, i) => b[i] === n));
  for (const node of [...common].reverse()) {
    if (isFunction(node)) return node.body.type === AST_NODE_TYPES.BlockStatement ? undefined : { type: "body", node: node.body };
    if (node.type !== AST_NODE_TYPES.BlockStatement && node.type !== AST_NODE_TYPES.SwitchCase) continue;
    const statements: readonly TSESTree.Statement[] = node.type === AST_NODE_TYPES.BlockStatement ? node.body : node.consequent;
    const first = statements.find((s) => reads.some((r) => s.range[0] <= r.object.range[0] && r.object.range[1] <= s.range[1]));
    return first && ancestors(source, node).some(isFunction) ? { type: "statement", node: first } : undefined;
  }
  return undefined;
}

function helperText(source: Source, name: string, fields: readonly string[]): string {
  const body = `  return { ${fields.map((f) => `${f}: raw.${f}`).join(", ")} };`;
  if (!source.typescript) return `function ${name}(raw) {\n${body}\n}\n`;
  const keys = fields.map((f) => JSON.stringify(f)).join(" | ");
  return `function ${name}<T extends { [K in ${keys}]?: unknown }>(raw: T): Pick<T, ${keys}> {\n${body}\n}\n`;
}

export type { ParamsRead };
