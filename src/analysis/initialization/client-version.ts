import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { enclosingFunction, findProperty, memberName, unwrap } from "../syntax/ast.js";
import { methodRef } from "../handlers/method-names.js";
import type { FileModel } from "../model.js";
import { perModel } from "../syntax/per-model.js";
import { mentions, supportedVersionConstants, type SupportedVersions } from "./supported-versions.js";

/** A client's throw on any answered version but the requested one, while the file says it supports older ones. */
export interface ClientVersionThrow {
  readonly thrown: TSESTree.ThrowStatement;
  readonly requested: number;
  /** The ignored constant that names an older version the client supports. */
  readonly supported: SupportedVersions;
}

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

/** The throw a branch runs unconditionally: `if (...) throw e` or `if (...) { log(); throw e; }`. */
function directThrow(statement: TSESTree.Statement): TSESTree.ThrowStatement | undefined {
  if (statement.type === AST_NODE_TYPES.ThrowStatement) return statement;
  if (statement.type !== AST_NODE_TYPES.BlockStatement) return undefined;
  for (const s of statement.body) {
    if (s.type === AST_NODE_TYPES.ThrowStatement) return s;
    // Anything but plain statements before the throw may decide differently (a fallback to a supported version).
    if (s.type !== AST_NODE_TYPES.ExpressionStatement && s.type !== AST_NODE_TYPES.VariableDeclaration) return undefined;
  }
  return undefined;
}

/**
 * Clients that throw when the answered version is not exactly the one they requested
 * (`if (res.protocolVersion !== 2) throw ...`) although a same-file constant says they support an older one
 * (`SUPPORTED_VERSIONS = [1, 2]`, `MIN_PROTOCOL_VERSION = 1`) that nothing consults before the throw.
 * A client that supports only the version it requested is right to close on any other answer: not reported.
 * Ordering comparisons (`<`, `>`), lookups (`SUPPORTED.includes(v)`) and anything else count as comparing.
 */
export const clientVersionThrows = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly ClientVersionThrow[] => {
  const found: ClientVersionThrow[] = [];
  if (!sourceCode.text.includes("protocolVersion")) return found;
  let constants: readonly SupportedVersions[] | undefined;
  for (const node of model.nodes.calls) {
    const requested = requestedVersion(node, model);
    const reads = requested === undefined ? undefined : answeredVersionReader(node);
    const fn = reads && enclosingFunction(node);
    if (requested === undefined || !reads || !fn) continue;
    for (const inner of model.nodes.ifs) {
      // The ifs after the request, in the function that made it (nested functions included, as before).
      if (inner.range[0] < node.range[1] || inner.range[1] > fn.body.range[1]) continue;
      const test = unwrap(inner.test);
      if (test.type !== AST_NODE_TYPES.BinaryExpression || (test.operator !== "!==" && test.operator !== "!=")) continue;
      const other = reads(unwrap(test.left)) ? test.right : reads(unwrap(test.right)) ? test.left : undefined;
      const value = other && model.values.resolve(other);
      if (value?.length !== 1 || value[0] !== requested) continue;
      const thrown = directThrow(inner.consequent);
      if (!thrown) continue;
      constants ??= supportedVersionConstants(model.nodes.declarators, model.values);
      const older = constants.find((c) => c.versions.some((v) => v < requested));
      if (!older) continue;
      const names = new Set(constants.map((c) => c.name));
      // The list is ignored only if nothing between the request and the throw consults it.
      const consulted = fn.body.type === AST_NODE_TYPES.BlockStatement && fn.body.body.some((s) => s.range[1] > node.range[1] && s.range[0] < thrown.range[1] && s !== inner && mentions(s, names, sourceCode));
      if (consulted || mentions(inner, names, sourceCode)) continue;
      found.push({ thrown, requested, supported: older });
    }
  }
  return found;
});
