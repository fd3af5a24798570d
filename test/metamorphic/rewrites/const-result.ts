/**
 * Keep the lookup result in a `const` and test it later: `if (!sessions.has(id)) throw …` becomes
 * `const found = sessions.has(id);` before the `if`, which tests `found`. Only a lookup the test always evaluates
 * (not behind `&&`, `||`, `??` or `?:`, nor in an optional chain), so it runs as often, and in the same order.
 */
import { slice } from "../edit.js";
import { Edits, programOf, type Rewrite } from "../rewrite.js";
import { AST_NODE_TYPES, enclosingFunction, firstParamVariables, freshName, indentAt, isLookup, type Node, type Source, statementList, walk } from "../syntax.js";

export const constResult: Rewrite = {
  name: "const-result",
  description: "keep the lookup result in a const and test it later",
  apply(source: Source) {
    const firstParams = firstParamVariables(source);
    const edits = new Edits(source.code);
    const touched: (readonly [number, number])[] = [];
    const names = new Set<string>();
    walk(source.ast, (node) => {
      if (node.type !== AST_NODE_TYPES.IfStatement || !statementList(source, node)) return;
      const fn = enclosingFunction(source, node);
      const lookup = alwaysEvaluated(node.test).find((n) => isLookup(source, n, firstParams));
      if (!fn || !lookup) return;
      const name = freshName(source.code, "found", names);
      edits.insert(node.range[0], [`const ${name} = `, slice(lookup.range[0], lookup.range[1], "moved"), `;\n${indentAt(source.code, node.range[0])}`]);
      edits.replace(lookup.range[0], lookup.range[1], [name], "call");
      touched.push(fn.range);
    });
    return programOf(edits, touched);
  },
};

/** The parts of `test` that are evaluated whenever it is, outermost first. */
function alwaysEvaluated(test: Node): Node[] {
  const found: Node[] = [test];
  switch (test.type) {
    case AST_NODE_TYPES.UnaryExpression:
    case AST_NODE_TYPES.TSNonNullExpression:
    case AST_NODE_TYPES.TSAsExpression:
      found.push(...alwaysEvaluated(test.type === AST_NODE_TYPES.UnaryExpression ? test.argument : test.expression));
      break;
    case AST_NODE_TYPES.BinaryExpression:
      found.push(...alwaysEvaluated(test.left), ...alwaysEvaluated(test.right));
      break;
    case AST_NODE_TYPES.LogicalExpression:
      found.push(...alwaysEvaluated(test.left));
      break;
    default:
      break;
  }
  return found;
}
