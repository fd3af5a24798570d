/**
 * Pass the request on in a thunk: each handler's body runs inside `enqueue(() => { …the same body… })`, the
 * handler returning what `enqueue` returns; `enqueue` at the end of the module runs the task and returns its result
 * (a queue of one). An arrow keeps `this`, the params and `arguments`; an async handler's thunk is async.
 */
import { slice } from "../edit.js";
import { Edits, programOf, type Rewrite } from "../rewrite.js";
import { AST_NODE_TYPES, freshName, handlers, indentAt, type Source, walk } from "../syntax.js";

export const requestThunk: Rewrite = {
  name: "request-thunk",
  description: "pass the request on in a thunk",
  apply(source: Source) {
    const edits = new Edits(source.code);
    const name = freshName(source.code, "enqueue");
    const touched: (readonly [number, number])[] = [];
    for (const { fn } of handlers(source)) {
      if (fn.generator || yields(fn.body) || touched.some(([a, b]) => a <= fn.range[0] && fn.range[1] <= b)) continue;
      const arrow = `${fn.async ? "async " : ""}() =>`;
      const [from, to] = fn.body.range;
      if (fn.body.type === AST_NODE_TYPES.BlockStatement) {
        const indent = indentAt(source.code, to - 1);
        edits.replace(from, to, [`{\n${indent}  return ${name}(${arrow} `, slice(from, to), `);\n${indent}}`]);
      } else {
        edits.replace(from, to, [`${name}(${arrow} (`, slice(from, to), "))"]);
      }
      touched.push(fn.range);
    }
    if (touched.length === 0) return [];
    const signature = source.typescript ? `${name}<T>(task: () => T): T` : `${name}(task)`;
    edits.insert(source.code.length, [`\n\nfunction ${signature} {\n  return task();\n}\n`]);
    return programOf(edits, touched);
  },
};

function yields(body: Parameters<typeof walk>[0]): boolean {
  let found = false;
  walk(body, (node) => {
    if (node.type === AST_NODE_TYPES.YieldExpression) found = true;
    return !found && node.type !== AST_NODE_TYPES.FunctionExpression && node.type !== AST_NODE_TYPES.FunctionDeclaration;
  });
  return found;
}
