import { AST_NODE_TYPES, type TSESLint, type TSESTree } from "@typescript-eslint/utils";
import { enclosingFunction, findProperty, memberName, unwrap, walk } from "../syntax/ast.js";
import { methodRef } from "../handlers/method-names.js";
import type { FileModel } from "../model.js";

const cache = new WeakMap<FileModel, readonly TSESTree.ThrowStatement[]>();

/** The requested version of an initialize request sent by a client: `ctx.request(initialize, {...})`, `conn.initialize({...})`. */
function requestedVersion(call: TSESTree.CallExpression, model: FileModel): number | undefined {
  const callee = unwrap(call.callee);
  if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const name = memberName(callee);
  let params: TSESTree.Node | undefined;
  if (name === "request" && call.arguments.length === 2 && call.arguments[0] && methodRef(call.arguments[0], model.sdk, model.values)?.wire === "initialize") params = call.arguments[1];
  else if (name === "initialize" && call.arguments.length === 1) params = call.arguments[0];
  if (params?.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
  const version = findProperty(params, "protocolVersion");
  if (!version || !findProperty(params, "clientCapabilities")) return undefined;
  const value = model.values.resolve(version.value);
  return value?.length === 1 && typeof value[0] === "number" ? value[0] : undefined;
}

/** The answered version as written after `const res = await ...` or `const { protocolVersion } = await ...`. */
function answeredVersionReader(call: TSESTree.CallExpression): ((node: TSESTree.Node) => boolean) | undefined {
  const awaited = call.parent?.type === AST_NODE_TYPES.AwaitExpression ? call.parent : undefined;
  const declarator = awaited?.parent;
  if (declarator?.type !== AST_NODE_TYPES.VariableDeclarator || declarator.parent?.kind !== "const") return undefined;
  const id = declarator.id;
  if (id.type === AST_NODE_TYPES.Identifier) {
    const name = id.name;
    return (node) => node.type === AST_NODE_TYPES.MemberExpression && node.object.type === AST_NODE_TYPES.Identifier && node.object.name === name && memberName(node) === "protocolVersion";
  }
  if (id.type === AST_NODE_TYPES.ObjectPattern) {
    for (const prop of id.properties) {
      if (prop.type === AST_NODE_TYPES.Property && prop.key.type === AST_NODE_TYPES.Identifier && prop.key.name === "protocolVersion" && prop.value.type === AST_NODE_TYPES.Identifier) {
        const local = prop.value.name;
        return (node) => node.type === AST_NODE_TYPES.Identifier && node.name === local;
      }
    }
  }
  return undefined;
}

/** The throw a branch runs directly: `if (...) throw e` or `if (...) { ...; throw e; }`. */
function directThrow(statement: TSESTree.Statement): TSESTree.ThrowStatement | undefined {
  if (statement.type === AST_NODE_TYPES.ThrowStatement) return statement;
  if (statement.type === AST_NODE_TYPES.BlockStatement) return statement.body.find((s): s is TSESTree.ThrowStatement => s.type === AST_NODE_TYPES.ThrowStatement);
  return undefined;
}

/**
 * Clients that throw when the answered version is not exactly the one they requested
 * (`if (res.protocolVersion !== 1) throw ...`): an older answered version is never compared with what they support.
 * Ordering comparisons (`<`, `>`), lookups (`SUPPORTED.includes(v)`) and anything else count as comparing.
 */
export function clientVersionThrows(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly TSESTree.ThrowStatement[] {
  const cached = cache.get(model);
  if (cached) return cached;
  const found: TSESTree.ThrowStatement[] = [];
  cache.set(model, found);
  if (!sourceCode.text.includes("protocolVersion")) return found;
  walk(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type !== AST_NODE_TYPES.CallExpression) return;
    const requested = requestedVersion(node, model);
    const reads = requested === undefined ? undefined : answeredVersionReader(node);
    const fn = reads && enclosingFunction(node);
    if (!reads || !fn) return;
    walk(fn.body, sourceCode.visitorKeys, (inner) => {
      if (inner.type !== AST_NODE_TYPES.IfStatement || inner.range[0] < node.range[1]) return;
      const test = unwrap(inner.test);
      if (test.type !== AST_NODE_TYPES.BinaryExpression || (test.operator !== "!==" && test.operator !== "!=")) return;
      const other = reads(unwrap(test.left)) ? test.right : reads(unwrap(test.right)) ? test.left : undefined;
      const value = other && model.values.resolve(other);
      if (value?.length !== 1 || value[0] !== requested) return;
      const thrown = directThrow(inner.consequent);
      if (thrown) found.push(thrown);
    });
  });
  return found;
}
