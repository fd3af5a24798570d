import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import { calleeName, memberName, unwrap } from "../syntax/ast.js";

/**
 * What a test of a caught error says of a missing file:
 * - `when-missing`: it is true whenever the file is missing (`err.code === "ENOENT"`, `isNotFound(err)`);
 * - `not-missing`: it is true only for other errors (`err.code !== "ENOENT"`, `err.code === "EACCES"`).
 */
export type MissingTest = "when-missing" | "not-missing";

/** Node's code for a missing file; the other codes of `fs` name other failures. */
const MISSING_CODE = "ENOENT";

/** Predicates that recognise a missing file: `isENOENT(e)`, `isNotFoundError(e)`, `isFileMissing(e)`. */
const MISSING_PREDICATES = /enoent|not_?found|missing|nosuch|doesnotexist/i;

/** Texts of a missing file's error message. */
const MISSING_TEXT = /ENOENT|no such file/i;

/** Error classes no `fs` call throws: a test for them is false for a missing file. */
const RPC_ERRORS = new Set(["RequestError", "ResponseError", "AbortError", "DOMException"]);

function stringOf(node: TSESTree.Node): string | undefined {
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.Literal && typeof inner.value === "string") return inner.value;
  if (inner.type === AST_NODE_TYPES.TemplateLiteral && inner.expressions.length === 0) return inner.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** `err.code`, `(err as NodeJS.ErrnoException).code`, `err?.code`: the member `name` of the error. */
function isErrorMember(node: TSESTree.Node, name: string): boolean {
  let inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.ChainExpression) inner = unwrap(inner.expression);
  return inner.type === AST_NODE_TYPES.MemberExpression && memberName(inner) === name;
}

function flip(test: MissingTest | undefined): MissingTest | undefined {
  if (test === undefined) return undefined;
  return test === "when-missing" ? "not-missing" : "when-missing";
}

/** `err.code === "ENOENT"`, `err.name === "AbortError"` and their negations. */
function comparison(node: TSESTree.BinaryExpression): MissingTest | undefined {
  if (!["===", "==", "!==", "!="].includes(node.operator)) return undefined;
  const negated = node.operator.startsWith("!");
  const [member, text] = stringOf(node.right) !== undefined ? [node.left, stringOf(node.right)!] : [node.right, stringOf(node.left)];
  if (text === undefined) return undefined;
  let equal: MissingTest | undefined;
  if (isErrorMember(member, "code")) equal = text === MISSING_CODE ? "when-missing" : "not-missing";
  // A missing file's error is named "Error"; any other name is another failure.
  else if (isErrorMember(member, "name")) equal = text === "Error" ? undefined : "not-missing";
  return negated ? flip(equal) : equal;
}

/** `["ENOENT", "ENOTDIR"].includes(err.code)`, `isNotFound(err)`, `err.message.includes("ENOENT")`. */
function call(node: TSESTree.CallExpression): MissingTest | undefined {
  const callee = unwrap(node.callee);
  const name = calleeName(callee);
  const [arg] = node.arguments;
  if (name === "includes" && callee.type === AST_NODE_TYPES.MemberExpression && arg && arg.type !== AST_NODE_TYPES.SpreadElement) {
    const list = unwrap(callee.object);
    if (list.type === AST_NODE_TYPES.ArrayExpression && isErrorMember(arg, "code")) {
      const texts = list.elements.map((e) => (e && e.type !== AST_NODE_TYPES.SpreadElement ? stringOf(e) : undefined));
      if (texts.some((t) => t === undefined)) return undefined;
      return texts.includes(MISSING_CODE) ? "when-missing" : "not-missing";
    }
    const text = stringOf(arg);
    return text !== undefined && MISSING_TEXT.test(text) ? "when-missing" : undefined;
  }
  if (name === "test" && callee.type === AST_NODE_TYPES.MemberExpression) {
    const pattern = unwrap(callee.object);
    const isMissingPattern = pattern.type === AST_NODE_TYPES.Literal && "regex" in pattern && MISSING_TEXT.test(pattern.regex.pattern);
    return isMissingPattern ? "when-missing" : undefined;
  }
  return name !== undefined && MISSING_PREDICATES.test(name) ? "when-missing" : undefined;
}

/** A test of the caught error's shape: `isNodeError(err)`, `typeof err === "object"`, `"code" in err`. */
function isShapeGuard(node: TSESTree.Node, caught: TSESTree.Identifier | undefined): boolean {
  if (!caught) return false;
  const inner = unwrap(node);
  const isCaught = (n: TSESTree.Node | undefined) => n !== undefined && unwrap(n).type === AST_NODE_TYPES.Identifier && (unwrap(n) as TSESTree.Identifier).name === caught.name;
  if (inner.type === AST_NODE_TYPES.CallExpression) return inner.arguments.length === 1 && isCaught(inner.arguments[0]) && /^is(\w*Error|Errno\w*)$/.test(calleeName(inner.callee) ?? "");
  if (inner.type === AST_NODE_TYPES.BinaryExpression && inner.operator === "in") return isCaught(inner.right);
  if (inner.type === AST_NODE_TYPES.BinaryExpression && ["===", "=="].includes(inner.operator)) {
    const side = inner.left.type === AST_NODE_TYPES.UnaryExpression && inner.left.operator === "typeof" ? inner.left.argument : undefined;
    return isCaught(side) && stringOf(inner.right) === "object";
  }
  return false;
}

/**
 * What a test inside a `catch` says of the missing file's error. `fsError`: the error is what `fs` throws (the
 * `try` raises no `RequestError` of its own), so a test for a JSON-RPC error class is false for it.
 */
export function missingTest(node: TSESTree.Node, caught: TSESTree.Identifier | undefined, fsError: boolean): MissingTest | undefined {
  const inner = unwrap(node);
  switch (inner.type) {
    case AST_NODE_TYPES.UnaryExpression:
      return inner.operator === "!" ? flip(missingTest(inner.argument, caught, fsError)) : undefined;
    case AST_NODE_TYPES.LogicalExpression: {
      const left = missingTest(inner.left, caught, fsError);
      const right = missingTest(inner.right, caught, fsError);
      if (inner.operator === "||") {
        if (left === "when-missing" || right === "when-missing") return "when-missing";
        return left === "not-missing" && right === "not-missing" ? "not-missing" : undefined;
      }
      if (inner.operator === "&&") {
        if (left === "not-missing" || right === "not-missing") return "not-missing";
        // `isErrnoException(err) && err.code === "ENOENT"`: a guard on the error's shape holds for fs errors.
        const holds = (test: MissingTest | undefined, node: TSESTree.Node) => test === "when-missing" || (test === undefined && isShapeGuard(node, caught));
        return holds(left, inner.left) && holds(right, inner.right) && (left === "when-missing" || right === "when-missing") ? "when-missing" : undefined;
      }
      return undefined;
    }
    case AST_NODE_TYPES.BinaryExpression: {
      if (inner.operator === "instanceof") {
        const name = calleeName(inner.right);
        if (name === "Error") return "when-missing";
        return fsError && name !== undefined && RPC_ERRORS.has(name) ? "not-missing" : undefined;
      }
      return comparison(inner);
    }
    case AST_NODE_TYPES.CallExpression:
      return call(inner);
    case AST_NODE_TYPES.Identifier:
      // `if (err)`: a missing file's error is an object.
      return caught && inner.name === caught.name ? "when-missing" : undefined;
    default:
      return undefined;
  }
}
