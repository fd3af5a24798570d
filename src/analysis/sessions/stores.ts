import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { calleeName, memberName, staticKeyName, unwrap, walk } from "../syntax/ast.js";
import { thisClass } from "../syntax/functions.js";
import { variableOf } from "../syntax/variables.js";
import { resolverOf } from "../resolution/resolver.js";

type SourceCode = Readonly<TSESLint.SourceCode>;

/** Containers whose lookups give `undefined` on a miss. */
const MAP_TYPES = new Set(["Map", "WeakMap", "ReadonlyMap", "Record", "Partial"]);
const MAP_CONSTRUCTORS = new Set(["Map", "WeakMap"]);

/** `new Map()`, `{}`, `Object.create(null)`: a value whose lookups miss with `undefined`. */
function isMapValue(node: TSESTree.Node | null | undefined): boolean {
  if (!node) return false;
  const inner = unwrap(node);
  if (inner.type === AST_NODE_TYPES.NewExpression) return MAP_CONSTRUCTORS.has(calleeName(inner.callee) ?? "");
  if (inner.type === AST_NODE_TYPES.ObjectExpression) return true;
  return (
    inner.type === AST_NODE_TYPES.CallExpression &&
    inner.callee.type === AST_NODE_TYPES.MemberExpression &&
    calleeName(inner.callee.object) === "Object" &&
    memberName(inner.callee) === "create"
  );
}

/** `Map<K, V>`, `Record<K, V>`, `{ [id: string]: V }`. */
function isMapType(annotation: TSESTree.TSTypeAnnotation | undefined): boolean {
  const type = annotation?.typeAnnotation;
  if (!type) return false;
  if (type.type === AST_NODE_TYPES.TSTypeReference) {
    return type.typeName.type === AST_NODE_TYPES.Identifier && MAP_TYPES.has(type.typeName.name);
  }
  return type.type === AST_NODE_TYPES.TSTypeLiteral && type.members.some((m) => m.type === AST_NODE_TYPES.TSIndexSignature);
}

function variableIsMap(sourceCode: SourceCode, id: TSESTree.Identifier): boolean {
  const variable = variableOf(sourceCode, id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!def) return false;
  if (def.type === "Variable") {
    const declarator = def.node as TSESTree.VariableDeclarator;
    const annotation = declarator.id.type === AST_NODE_TYPES.Identifier ? declarator.id.typeAnnotation : undefined;
    return isMapType(annotation) || isMapValue(declarator.init);
  }
  if (def.type === "Parameter" && def.name.type === AST_NODE_TYPES.Identifier) return isMapType(def.name.typeAnnotation);
  return false;
}

/** `this.sessions` declared as a field, a parameter property, or assigned a map in the constructor. */
function fieldIsMap(sourceCode: SourceCode, self: TSESTree.ThisExpression, name: string | undefined): boolean {
  const body = thisClass(self);
  if (name === undefined || !body) return false;
  for (const member of body.body) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition && !member.static && staticKeyName(member.key, member.computed) === name) {
      if (isMapType(member.typeAnnotation) || isMapValue(member.value)) return true;
    }
    if (member.type !== AST_NODE_TYPES.MethodDefinition || member.kind !== "constructor") continue;
    for (const param of member.value.params) {
      if (param.type !== AST_NODE_TYPES.TSParameterProperty) continue;
      const inner = param.parameter.type === AST_NODE_TYPES.AssignmentPattern ? param.parameter.left : param.parameter;
      if (inner.type === AST_NODE_TYPES.Identifier && inner.name === name && isMapType(inner.typeAnnotation)) return true;
    }
    let assigned = false;
    walk(member.value.body ?? member.value, sourceCode.visitorKeys, (n) => {
      if (
        n.type === AST_NODE_TYPES.AssignmentExpression &&
        n.left.type === AST_NODE_TYPES.MemberExpression &&
        n.left.object.type === AST_NODE_TYPES.ThisExpression &&
        staticKeyName(n.left.property, n.left.computed) === name &&
        isMapValue(n.right)
      ) {
        assigned = true;
      }
    });
    if (assigned) return true;
  }
  return false;
}

/**
 * Whether a store is certainly a map or a plain object, so that a lookup in it gives `undefined` for an unknown
 * id. A store of another kind (`this.manager.get(id)`) may throw or create on a miss: its lookups are not judged.
 */
export function isMapStore(sourceCode: SourceCode, store: TSESTree.Node, field?: string): boolean {
  const inner = unwrap(store);
  // A field of `this` that a helper reads from the object it is handed (`self.sessions` of `resolve(params, this)`).
  if (field !== undefined) return inner.type === AST_NODE_TYPES.ThisExpression && fieldIsMap(sourceCode, inner, field);
  // `new Map()` itself: what a store handed to a helper is, followed to its value (returned-lookups.ts).
  if (isMapValue(inner)) return true;
  if (inner.type === AST_NODE_TYPES.Identifier) {
    // A parameter every call fills with the same store (boundArgument) is that store.
    const bound = resolverOf(sourceCode).boundArgument(inner);
    return bound ? isMapStore(sourceCode, bound) : variableIsMap(sourceCode, inner);
  }
  if (inner.type !== AST_NODE_TYPES.MemberExpression) return false;
  let object = unwrap(inner.object);
  // `owner.sessions` where every call hands `this` as `owner`.
  if (object.type === AST_NODE_TYPES.Identifier) object = unwrap(resolverOf(sourceCode).boundArgument(object) ?? object);
  return object.type === AST_NODE_TYPES.ThisExpression && fieldIsMap(sourceCode, object, staticKeyName(inner.property, inner.computed));
}
