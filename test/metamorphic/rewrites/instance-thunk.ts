/**
 * Reach the handler through `() => instance`, the instance built earlier:
 * - a connection's factory that builds the handler object (`new AgentSideConnection(() => new A(), stream)`,
 *   `() => ({ async prompt(params) {…} })`) and ignores its parameter: `const instance = new A();` before the
 *   statement, and the factory becomes `() => instance`;
 * - a handler object held in a `const` (`const handlers = new Handlers()`, whose class or literal has a method named
 *   as an ACP method) and called as `handlers.prompt(…)`: `const getHandlers = () => handlers;` after it, and the
 *   calls go through `getHandlers().prompt(…)`;
 * - a class that `implements Agent` (or `Client`) and is built without arguments: the clause goes (types only), and
 *   `export function serve(stream) { const instance = new A(); return new AgentSideConnection(() => instance, stream); }`
 *   wires it as a connection's handler object instead, with the SDK module the file imports.
 */
import { type Piece, slice, sliceWith } from "../edit.js";
import { Edits, programOf, type Rewrite } from "../rewrite.js";
import { AST_NODE_TYPES, ancestors, expressionBodyRange, freshName, handlers, importOffset, indentAt, isFunction, type Node, type Source, statementList, type TSESTree, walk } from "../syntax.js";

const unwrap = (node: Node): Node => (node.type === AST_NODE_TYPES.TSAsExpression || node.type === AST_NODE_TYPES.TSSatisfiesExpression ? unwrap(node.expression) : node);

export const instanceThunk: Rewrite = {
  name: "instance-thunk",
  description: "reach the handler through () => instance",
  apply(source: Source) {
    const edits = new Edits(source.code);
    const names = new Set<string>();
    const touched: (readonly [number, number])[] = [];
    const handlerFns = new Set(handlers(source).map((h) => h.fn as Node));
    const holdsHandlers = (node: Node) => {
      let found = false;
      walk(node, (n) => {
        if (handlerFns.has(n)) found = true;
        return !found;
      });
      return found;
    };
    walk(source.ast, (node) => {
      if (node.type !== AST_NODE_TYPES.NewExpression || !/SideConnection$/u.test(calleeName(node.callee) ?? "")) return;
      const factory = node.arguments[0];
      if (!factory || !isFunction(factory) || factory.params.some((p) => used(source, factory, p))) return;
      const built = builtBy(factory);
      if (!built || !(built.type === AST_NODE_TYPES.ObjectExpression ? holdsHandlers(built) : built.type === AST_NODE_TYPES.NewExpression)) return;
      const name = freshName(source.code, "instance", names);
      const declaration: Piece[] = [`const ${name} = `, slice(built.range[0], built.range[1], "moved"), ";"];
      const container = statementOrBody(source, node);
      if (!container) return;
      const thunk = { from: factory.range[0], to: factory.range[1], pieces: [`() => ${name}`] };
      if (container.type === "statement") {
        edits.insert(container.node.range[0], [...declaration, `\n${indentAt(source.code, container.node.range[0])}`]);
        edits.replace(factory.range[0], factory.range[1], [`() => ${name}`]);
      } else {
        const [from, to] = expressionBodyRange(source, container.node);
        edits.replace(from, to, ["{\n  ", ...declaration, "\n  return ", ...sliceWith(from, to, [thunk], "same"), ";\n}"]);
      }
      touched.push(heldRange(source, built));
    });
    // A handler object held in a const, reached through a getter.
    walk(source.ast, (node) => {
      if (node.type !== AST_NODE_TYPES.VariableDeclaration || node.kind !== "const" || node.declarations.length !== 1 || !statementList(source, node)) return;
      const declarator = node.declarations[0]!;
      if (declarator.id.type !== AST_NODE_TYPES.Identifier || !declarator.init) return;
      const init = unwrap(declarator.init);
      const holds = init.type === AST_NODE_TYPES.ObjectExpression ? holdsHandlers(init) : init.type === AST_NODE_TYPES.NewExpression && holdsHandlers(classOf(source, init)?.body ?? init);
      if (!holds) return;
      const variable = source.scopes.getDeclaredVariables(declarator)[0];
      const calls = (variable?.references ?? []).filter((r) => {
        const parent = source.parents.get(r.identifier);
        return r.isRead() && parent?.type === AST_NODE_TYPES.MemberExpression && parent.object === r.identifier && source.parents.get(parent)?.type === AST_NODE_TYPES.CallExpression;
      });
      if (calls.length === 0) return;
      const getter = freshName(source.code, `get${declarator.id.name[0]!.toUpperCase()}${declarator.id.name.slice(1)}`, names);
      edits.insert(node.range[1], [`\n${indentAt(source.code, node.range[0])}const ${getter} = () => ${declarator.id.name};`]);
      for (const r of calls) edits.replace(r.identifier.range[0], r.identifier.range[1], [`${getter}()`]);
      touched.push(heldRange(source, init), ...calls.map((r) => (ancestors(source, r.identifier).find(isFunction) ?? r.identifier).range));
    });
    // A legacy class known by its clause, known by its wiring instead.
    for (const statement of source.ast.body) {
      const declaration = statement.type === AST_NODE_TYPES.ExportNamedDeclaration ? statement.declaration : statement;
      if (declaration?.type !== AST_NODE_TYPES.ClassDeclaration || !declaration.id || declaration.implements.length !== 1) continue;
      const side = /^(Agent|Client)$/u.exec(calleeName(declaration.implements[0]!.expression) ?? "")?.[1];
      const sdk = sdkImport(source);
      if (!side || !sdk || !builtWithoutArguments(declaration) || touched.some(([a, b]) => a <= declaration.range[0] && declaration.range[1] <= b)) continue;
      const clause = implementsClause(source, declaration);
      if (!clause) continue;
      const imported = sdk.names.get(`${side}SideConnection`) ?? (sdk.namespace ? `${sdk.namespace}.${side}SideConnection` : undefined);
      const connection = imported ?? freshName(source.code, `${side}SideConnection`, names);
      const serve = freshName(source.code, "serve", names);
      const instance = freshName(source.code, "instance", names);
      edits.replace(clause[0], clause[1], []);
      if (!imported) {
        const alias = connection === `${side}SideConnection` ? "" : ` as ${connection}`;
        const at = importOffset(source);
        edits.insert(at, [`${at === 0 ? "" : "\n"}import { ${side}SideConnection${alias} } from "${sdk.module}";${at === 0 ? "\n" : ""}`]);
      }
      const stream = source.typescript ? "stream: never" : "stream";
      edits.insert(source.code.length, [
        `\n\nexport function ${serve}(${stream}) {\n  const ${instance} = new ${declaration.id.name}();\n  return new ${connection}(() => ${instance}, stream);\n}\n`,
      ]);
      touched.push(declaration.range);
    }
    return programOf(edits, touched);
  },
};

/** The SDK module the file imports values from, its namespace's name when imported as one, and its imported names. */
function sdkImport(source: Source): { module: string; namespace?: string; names: Map<string, string> } | undefined {
  let found: { module: string; namespace?: string; names: Map<string, string> } | undefined;
  for (const s of source.ast.body) {
    if (s.type !== AST_NODE_TYPES.ImportDeclaration || !/^(?:@agentclientprotocol\/sdk|@zed-industries\/agent-client-protocol)$/u.test(String(s.source.value))) continue;
    found ??= { module: String(s.source.value), names: new Map() };
    if (s.importKind === "type") continue;
    for (const x of s.specifiers) {
      if (x.type === AST_NODE_TYPES.ImportNamespaceSpecifier) found.namespace ??= x.local.name;
      if (x.type === AST_NODE_TYPES.ImportSpecifier && x.importKind !== "type" && x.imported.type === AST_NODE_TYPES.Identifier) found.names.set(x.imported.name, x.local.name);
    }
  }
  return found;
}

/** Whether `new C()` builds the class: no constructor, or one whose parameters are all optional. */
function builtWithoutArguments(declaration: TSESTree.ClassDeclaration): boolean {
  const constructor = declaration.body.body.find((m) => m.type === AST_NODE_TYPES.MethodDefinition && m.kind === "constructor") as TSESTree.MethodDefinition | undefined;
  if (declaration.superClass) return false;
  return (constructor?.value.params ?? []).every((p) => p.type === AST_NODE_TYPES.AssignmentPattern || (p.type === AST_NODE_TYPES.Identifier && p.optional) || (p.type === AST_NODE_TYPES.TSParameterProperty && p.parameter.type === AST_NODE_TYPES.AssignmentPattern));
}

/** The range of ` implements X` in the class's head. */
function implementsClause(source: Source, declaration: TSESTree.ClassDeclaration): [number, number] | undefined {
  const type = declaration.implements[0]!;
  const head = source.code.slice(declaration.id!.range[1], type.range[0]);
  const at = head.lastIndexOf("implements");
  if (at === -1) return undefined;
  const from = declaration.id!.range[1] + at;
  const space = /\s*$/u.exec(source.code.slice(declaration.id!.range[1], from))![0].length;
  return [from - space, type.range[1]];
}

function calleeName(callee: Node): string | undefined {
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name;
  if (callee.type === AST_NODE_TYPES.MemberExpression && callee.property.type === AST_NODE_TYPES.Identifier) return callee.property.name;
  if (callee.type === AST_NODE_TYPES.TSQualifiedName) return callee.right.name;
  return undefined;
}

/** The object or instance a factory returns: its expression body, or the argument of its only statement's return. */
function builtBy(factory: TSESTree.ArrowFunctionExpression | TSESTree.FunctionExpression | TSESTree.FunctionDeclaration): Node | undefined {
  if (factory.body.type !== AST_NODE_TYPES.BlockStatement) return unwrap(factory.body);
  const only = factory.body.body.length === 1 ? factory.body.body[0] : undefined;
  return only?.type === AST_NODE_TYPES.ReturnStatement && only.argument ? unwrap(only.argument) : undefined;
}

/** Whether a factory reads its parameter (`(conn) => new A(conn)`: the instance cannot be built before it). */
function used(source: Source, factory: Node, param: Node): boolean {
  return source.scopes.getDeclaredVariables(factory).some((v) => v.identifiers.some((i) => param.range[0] <= i.range[0] && i.range[1] <= param.range[1]) && v.references.length > 0);
}

/** The class of the module `new C(…)` builds, when it has one. */
function classOf(source: Source, init: TSESTree.NewExpression): TSESTree.ClassDeclaration | undefined {
  if (init.callee.type !== AST_NODE_TYPES.Identifier) return undefined;
  const name = init.callee.name;
  for (const s of source.ast.body) {
    const declaration = s.type === AST_NODE_TYPES.ExportNamedDeclaration || s.type === AST_NODE_TYPES.ExportDefaultDeclaration ? s.declaration : s;
    if (declaration?.type === AST_NODE_TYPES.ClassDeclaration && declaration.id?.name === name) return declaration;
  }
  return undefined;
}

/** The range whose handlers an object or instance holds: the literal's, or the class's. */
const heldRange = (source: Source, built: Node): readonly [number, number] => (built.type === AST_NODE_TYPES.NewExpression ? classOf(source, built)?.range : undefined) ?? built.range;

/** The statement (in a list) `node` is part of, or the expression body of an arrow it is in, whichever is nearer. */
function statementOrBody(source: Source, node: Node): { type: "statement" | "body"; node: Node } | undefined {
  let child = node;
  for (const parent of ancestors(source, node)) {
    if (parent.type === AST_NODE_TYPES.ArrowFunctionExpression && parent.body === child) return { type: "body", node: child };
    if (statementList(source, child) && child.type !== AST_NODE_TYPES.ClassDeclaration) return { type: "statement", node: child };
    if (isFunction(parent)) return undefined;
    child = parent;
  }
  return undefined;
}
