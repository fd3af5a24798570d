import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { Handler } from "../handlers/types.js";
import { calleeName, memberName, unwrap, walk } from "../syntax/ast.js";

import { ownNodes } from "./handler-nodes.js";
import { variableOf } from "../syntax/variables.js";
import { resolverOf } from "../resolution/resolver.js";
import { givenBack } from "../summaries/summaries.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** What the file's `session/cancel` handlers do to the running turn. */
export interface CancelEffects {
  /** A cancel handler aborts a controller or sets a cancelled flag. */
  readonly cancels: boolean;
  /** The names the aborted controllers are reached by: `turn` in `chat.turn?.abort()`, `turns` in `this.turns.get(id)?.abort()`. */
  readonly abortTargets: ReadonlySet<string>;
  /** Members set to `true`: `cancelled` in `this.cancelled = true`, `turn.cancelled = true`. */
  readonly flagMembers: ReadonlySet<string>;
  /** Variables set to `true`: `cancelled = true`. */
  readonly flagVariables: ReadonlySet<TSESLint.Scope.Variable>;
  /**
   * What a cancel handler stops by a call rather than a signal: `backend` in `this.backend.interrupt(id)`, `pending`
   * in `this.pending.get(id)?.resolve()` (a promise the turn awaits, resolved early).
   */
  readonly stopTargets: ReadonlySet<string>;
}

export const NO_CANCEL: CancelEffects = { cancels: false, abortTargets: new Set(), flagMembers: new Set(), flagVariables: new Set(), stopTargets: new Set() };

/** Calls that stop work or settle what the turn awaits: `interrupt()`, `cancel(id)`, `stop()`, `kill()`, `resolve()`. */
const STOPS = /^(?:(?:stop|cancel|interrupt|halt|kill|terminate)(?:Turn|Prompt|Run|Query|Generation|Task)?|resolve)$/u;

/** Names an AbortController goes by (`controller`, `this.aborts.get(id)`, `turnAbort`): its abort is followed by its signal. */
const CONTROLLERS = /controller|abort|signal/iu;

/** Objects whose stop or resolve is no turn's: `path.resolve()`, `Promise.resolve()`. */
const NOT_TURNS = new Set(["console", "path", "Promise", "process", "url", "URL"]);

/** The name a controller is reached by: the last member, or the collection a lookup reads (`this.turns.get(id)`). */
function targetName(node: TSESTree.Node, sourceCode: SourceCode): string | undefined {
  let inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.ChainExpression) inner = unwrap(inner.expression);
  if (inner.type === AST_NODE_TYPES.Identifier) return inner.name;
  if (inner.type === AST_NODE_TYPES.MemberExpression) return memberName(inner);
  if (inner.type === AST_NODE_TYPES.CallExpression) {
    // `resolveEntry(params)` returning `this.turns.get(p.sessionId)`: what the helper gives back.
    const given = givenBack(sourceCode, inner);
    if (given) return targetName(given, sourceCode);
    const callee = unwrap(inner.callee);
    return callee.type === AST_NODE_TYPES.MemberExpression ? targetName(callee.object, sourceCode) : calleeName(callee);
  }
  return undefined;
}

interface Collected {
  abortTargets: Set<string>;
  flagMembers: Set<string>;
  flagVariables: Set<TSESLint.Scope.Variable>;
  stopTargets: Set<string>;
}

function collect(nodes: readonly TSESTree.Node[], sourceCode: SourceCode, into: Collected, seen: Set<TSESTree.Node>, depth: number): void {
  for (const node of nodes) {
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const callee = unwrap(node.callee);
      if (callee.type === AST_NODE_TYPES.MemberExpression && memberName(callee) === "abort") {
        const name = targetName(callee.object, sourceCode);
        if (name) into.abortTargets.add(name);
        // `this.sdk.session.abort({ sessionID })`: a service's abort, which stops the work a call on it runs, as
        // `backend.interrupt(id)` does (opencode-derived agents); an AbortController's is followed by its signal.
        if (name && !CONTROLLERS.test(name) && !NOT_TURNS.has(name)) into.stopTargets.add(name);
        continue;
      }
      // `this.stopTurn(id)`: a same-file helper that aborts for the handler.
      const local = resolverOf(sourceCode).localCalleeOf(node);
      // `backend.interrupt(id)` of something the file does not define: the turn is stopped by a call.
      if (!local && callee.type === AST_NODE_TYPES.MemberExpression && STOPS.test(memberName(callee) ?? "")) {
        const name = targetName(callee.object, sourceCode);
        if (name && !NOT_TURNS.has(name)) into.stopTargets.add(name);
        continue;
      }
      const helper = depth < 2 ? local : undefined;
      if (helper && !seen.has(helper)) {
        seen.add(helper);
        const inner: TSESTree.Node[] = [];
        walk(helper.body, sourceCode.visitorKeys, (n) => inner.push(n));
        collect(inner, sourceCode, into, seen, depth + 1);
      }
    } else if (node.type === AST_NODE_TYPES.AssignmentExpression && node.operator === "=") {
      const right = unwrap(node.right);
      if (right.type !== AST_NODE_TYPES.Literal || right.value !== true) continue;
      const left = unwrap(node.left);
      if (left.type === AST_NODE_TYPES.MemberExpression) {
        const name = memberName(left);
        if (name) into.flagMembers.add(name);
      } else if (left.type === AST_NODE_TYPES.Identifier) {
        const variable = variableOf(sourceCode, left);
        if (variable) into.flagVariables.add(variable);
      }
    }
  }
}

/** What the cancel handlers abort or flag, their nested callbacks and same-file helpers included. */
export function cancelEffects(cancels: readonly Handler[], sourceCode: SourceCode): CancelEffects {
  if (cancels.length === 0) return NO_CANCEL;
  const into: Collected = { abortTargets: new Set(), flagMembers: new Set(), flagVariables: new Set(), stopTargets: new Set() };
  const seen = new Set<TSESTree.Node>();
  for (const handler of cancels) collect(ownNodes(handler, sourceCode, true), sourceCode, into, seen, 0);
  const cancelsTurn = into.abortTargets.size > 0 || into.flagMembers.size > 0 || into.flagVariables.size > 0 || into.stopTargets.size > 0;
  return { cancels: cancelsTurn, ...into };
}
