import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { memberName, outermostWrapper, unwrap } from "../syntax/ast.js";
import type { ValueResolver } from "../resolution/values.js";
import type { CancelEffects } from "./cancel-effects.js";
import { variableOf } from "../syntax/variables.js";
import { givenBack } from "../summaries/summaries.js";

export interface TurnSignalContext {
  readonly sourceCode: Readonly<TSESLint.SourceCode>;
  readonly values: ValueResolver;
  readonly cancel: CancelEffects;
}

/** A timer's controller: its abort is no cancellation. */
const TIMER = /timeout|deadline|timer/i;

function strip(node: TSESTree.Node): TSESTree.Node {
  let inner = unwrap(node);
  while (inner.type === AST_NODE_TYPES.ChainExpression) inner = unwrap(inner.expression);
  return inner;
}

/** The names along a chain and its root: `this.turns.get(id)?.abort.signal` gives signal, abort, get, turns. */
function chain(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): { names: string[]; root: TSESTree.Node } {
  const names: string[] = [];
  let current = strip(node);
  for (;;) {
    if (current.type === AST_NODE_TYPES.MemberExpression) {
      const name = memberName(current);
      if (name) names.push(name);
      current = strip(current.object);
    } else if (current.type === AST_NODE_TYPES.CallExpression) {
      // A helper's call is what it gives back (`turnOf(params).abort.signal`), else its callee's chain.
      current = strip(givenBack(sourceCode, current) ?? current.callee);
    } else break;
  }
  if (current.type === AST_NODE_TYPES.Identifier) names.push(current.name);
  return { names, root: current };
}

const namesTarget = (names: readonly string[], ctx: TurnSignalContext) => names.some((n) => ctx.cancel.abortTargets.has(n));

/**
 * Whether a local controller is stored where the cancel handler aborts it: `turns.set(id, controller)`,
 * `chat.turn = controller`, `this.pendingPrompt = controller`.
 */
function isStoredAsTarget(id: TSESTree.Identifier, ctx: TurnSignalContext): boolean {
  const variable = variableOf(ctx.sourceCode, id);
  return (variable?.references ?? []).some((ref) => {
    const node = outermostWrapper(ref.identifier);
    const parent = node.parent;
    if (parent?.type === AST_NODE_TYPES.CallExpression && parent.arguments.includes(node as TSESTree.CallExpressionArgument)) {
      return namesTarget(chain(parent.callee, ctx.sourceCode).names, ctx);
    }
    if (parent?.type === AST_NODE_TYPES.AssignmentExpression && parent.right === node) return namesTarget(chain(parent.left, ctx.sourceCode).names, ctx);
    return false;
  });
}

/**
 * Whether a signal is the one of the turn the `session/cancel` handler aborts: its chain names the aborted
 * controller (`turn.abort.signal`, `this.controller.signal`), or it is the signal of a local controller stored
 * there, directly or through a `const` (`const signal = controller.signal`). A timer's signal never is.
 */
export function isTurnSignal(node: TSESTree.Node, ctx: TurnSignalContext, depth = 0): boolean {
  const { names, root } = chain(node, ctx.sourceCode);
  if (names.some((n) => TIMER.test(n)) || depth > 3) return false;
  if (namesTarget(names, ctx)) return true;
  if (root.type !== AST_NODE_TYPES.Identifier) return false;
  const init = ctx.values.constInit(root);
  if (init) {
    const inner = strip(init);
    if (inner.type === AST_NODE_TYPES.NewExpression) return isStoredAsTarget(root, ctx);
    return isTurnSignal(init, ctx, depth + 1);
  }
  return isStoredAsTarget(root, ctx);
}
