import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AUTH_REQUIRED, INTERNAL_ERROR } from "../../protocol/codes.js";
import { isFunction, memberName, unwrap } from "../syntax/ast.js";
import { variableOf } from "../syntax/variables.js";
import { isAboutAuth, type MisusedCode } from "./code-meaning.js";

/**
 * What a message made of a caught failure says: `err.message`, `String(err)`, `` `Write failed: ${err}` ``,
 * `e instanceof Error ? e.message : "Failed"` — whatever failed, as the failure itself tells it. A caught failure is
 * a catch clause's parameter, or the first parameter of a function handed to a call (`fs.readFile(p, (err) => …)`,
 * `.catch((e) => …)`), as Node's callbacks and promises hand their errors on.
 */
export interface CaughtMessage {
  /** The message's fixed text (a template's parts, a branch's string), joined by spaces: what it says of the failure. */
  readonly fixed: string;
}

/**
 * -32000 answered with a caught failure's own message (`{ code: -32000, message: err.message }` for a file that could
 * not be read): JSON-RPC's first server error code, which ACP made "Authentication required", so a client asks its
 * user to log in for any failure. Not when the message's own words are about authentication (`Login failed: ${e}`).
 */
export function caughtFailureMisuse(code: number, message: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): MisusedCode | undefined {
  if (code !== AUTH_REQUIRED) return undefined;
  const caught = caughtMessage(message, sourceCode);
  if (!caught || isAboutAuth(caught.fixed)) return undefined;
  return { situation: "a failure caught here (the caught error's own message)", instead: "-32603 Internal error", code: INTERNAL_ERROR };
}

/** Locals followed from a message to the caught failure it is built from (`const msg = e instanceof Error ? …`). */
const MAX_LOCALS = 2;

/** The caught message `node` is, or undefined when no part of it reads a caught failure. */
export function caughtMessage(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): CaughtMessage | undefined {
  const fixed: string[] = [];
  return reads(node, sourceCode, fixed, 0) ? { fixed: fixed.join(" ") } : undefined;
}

/** Whether `node` reads a caught failure; its fixed strings are gathered into `fixed`. */
function reads(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>, fixed: string[], locals: number): boolean {
  const inner = unwrap(node);
  switch (inner.type) {
    case AST_NODE_TYPES.Literal:
      if (typeof inner.value === "string") fixed.push(inner.value);
      return false;
    case AST_NODE_TYPES.TemplateLiteral: {
      for (const quasi of inner.quasis) fixed.push(quasi.value.cooked ?? "");
      return inner.expressions.map((e) => reads(e, sourceCode, fixed, locals)).some(Boolean);
    }
    case AST_NODE_TYPES.ConditionalExpression:
      return [reads(inner.consequent, sourceCode, fixed, locals), reads(inner.alternate, sourceCode, fixed, locals)].some(Boolean);
    case AST_NODE_TYPES.LogicalExpression:
      return [reads(inner.left, sourceCode, fixed, locals), reads(inner.right, sourceCode, fixed, locals)].some(Boolean);
    case AST_NODE_TYPES.BinaryExpression:
      return inner.operator === "+" && [reads(inner.left, sourceCode, fixed, locals), reads(inner.right, sourceCode, fixed, locals)].some(Boolean);
    case AST_NODE_TYPES.MemberExpression:
      return memberName(inner) === "message" && isCaughtFailure(inner.object, sourceCode);
    case AST_NODE_TYPES.CallExpression: {
      const [argument] = inner.arguments;
      // `String(err)`, `err.toString()`.
      if (inner.callee.type === AST_NODE_TYPES.Identifier && inner.callee.name === "String" && argument) return isCaughtFailure(argument, sourceCode);
      return inner.callee.type === AST_NODE_TYPES.MemberExpression && memberName(inner.callee) === "toString" && isCaughtFailure(inner.callee.object, sourceCode);
    }
    case AST_NODE_TYPES.Identifier: {
      if (isCaughtFailure(inner, sourceCode)) return true;
      const init = locals < MAX_LOCALS ? constInit(inner, sourceCode) : undefined;
      return init !== undefined && reads(init, sourceCode, fixed, locals + 1);
    }
    default:
      return false;
  }
}

/** The initialiser of the `const` an identifier names, when it is one. */
function constInit(id: TSESTree.Identifier, sourceCode: Readonly<TSESLint.SourceCode>): TSESTree.Expression | undefined {
  const variable = variableOf(sourceCode, id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  const declarator = def?.node;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.id.type !== AST_NODE_TYPES.Identifier) return undefined;
  return declarator.parent.kind === "const" && declarator.init ? declarator.init : undefined;
}

/** Whether `node` names a caught failure: a catch clause's parameter, or the first parameter of a callback. */
function isCaughtFailure(node: TSESTree.Node, sourceCode: Readonly<TSESLint.SourceCode>): boolean {
  const inner = unwrap(node);
  if (inner.type !== AST_NODE_TYPES.Identifier) return false;
  const variable = variableOf(sourceCode, inner);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!def || def.name.type !== AST_NODE_TYPES.Identifier) return false;
  if (def.type === "CatchClause") return true;
  if (def.type !== "Parameter" || !isFunction(def.node)) return false;
  const fn = def.node;
  const call = fn.parent;
  // Written back (`err = …`) it holds something else.
  if (fn.params[0] !== def.name || call?.type !== AST_NODE_TYPES.CallExpression || variable!.references.some((r) => r.isWrite())) return false;
  // `.catch((e) => …)`; or a Node callback, the call's last argument, that tests its first parameter (`if (err)`):
  // the first parameter of `items.map((item) => …)` is no failure.
  if (call.callee.type === AST_NODE_TYPES.MemberExpression && memberName(call.callee) === "catch" && call.arguments[0] === fn) return true;
  return call.arguments.at(-1) === fn && variable!.references.some((r) => isTested(r.identifier as TSESTree.Identifier));
}

/** Whether an identifier is the test of an `if` or a `? :`, or negated there (`if (!err)`). */
function isTested(id: TSESTree.Identifier): boolean {
  const node = id.parent?.type === AST_NODE_TYPES.UnaryExpression && id.parent.operator === "!" ? id.parent : id;
  const parent = node.parent;
  return (parent?.type === AST_NODE_TYPES.IfStatement || parent?.type === AST_NODE_TYPES.ConditionalExpression) && parent.test === node;
}
