/**
 * The module-level declarations of a case that real code shares between modules through an import rather than hands
 * to a function of another module: classes, functions, enums, and `const`s holding a literal, a table of literals or
 * a function. A store (`const sessions = new Map()`) is not among them: a manager of another module is handed the
 * store, or holds it.
 */
import { AST_NODE_TYPES, type Source, type TSESTree } from "./syntax.js";

export interface SharedDeclaration {
  readonly name: string;
  /** The statement that declares it, to export when it is not. */
  readonly statement: TSESTree.Node;
  readonly exported: boolean;
}

/** The declaration of the module-level `name` when real code would import it, else undefined. */
export function sharedDeclaration(source: Source, name: string): SharedDeclaration | undefined {
  const module = source.scopes.scopes.find((s) => s.type === "module") ?? source.scopes.globalScope;
  const variable = module?.set.get(name);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!def) return undefined;
  let statement: TSESTree.Node | undefined;
  switch (def.type) {
    case "ClassName":
    case "FunctionName":
    case "TSEnumName":
      statement = def.node as TSESTree.Node;
      break;
    case "Variable": {
      const declarator = def.node as TSESTree.VariableDeclarator;
      const declaration = source.parents.get(declarator) as TSESTree.VariableDeclaration;
      if (declaration.kind !== "const" || declaration.declare || declaration.declarations.length !== 1 || declarator.id.type !== AST_NODE_TYPES.Identifier) return undefined;
      if (!declarator.init || !isSharedValue(declarator.init)) return undefined;
      statement = declaration;
      break;
    }
    default:
      return undefined;
  }
  const parent = source.parents.get(statement);
  const exported = parent?.type === AST_NODE_TYPES.ExportNamedDeclaration;
  if (!exported && parent?.type !== AST_NODE_TYPES.Program) return undefined;
  return { name, statement, exported };
}

/** A literal, a table of literals (`as const` or not) or a function: a value a module shares. */
function isSharedValue(node: TSESTree.Node): boolean {
  switch (node.type) {
    case AST_NODE_TYPES.TSAsExpression:
    case AST_NODE_TYPES.TSSatisfiesExpression:
      return isSharedValue(node.expression);
    case AST_NODE_TYPES.Literal:
      return true;
    case AST_NODE_TYPES.TemplateLiteral:
      return node.expressions.length === 0;
    case AST_NODE_TYPES.UnaryExpression:
      return node.operator === "-" && node.argument.type === AST_NODE_TYPES.Literal;
    // An empty literal is a container filled later (`const chats: Record<string, Chat> = {}`): a store, handed in.
    case AST_NODE_TYPES.ArrayExpression:
      return node.elements.length > 0 && node.elements.every((e) => e !== null && e.type !== AST_NODE_TYPES.SpreadElement && isSharedValue(e));
    case AST_NODE_TYPES.ObjectExpression:
      return node.properties.length > 0 && node.properties.every((p) => p.type === AST_NODE_TYPES.Property && !p.computed && isSharedValue(p.value));
    case AST_NODE_TYPES.ArrowFunctionExpression:
    case AST_NODE_TYPES.FunctionExpression:
      return true;
    default:
      return false;
  }
}
