import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import type { ParserServicesWithTypeInformation, TSESTree } from "@typescript-eslint/utils";
import type * as ts from "typescript";
import { isInside, realPathOr } from "../regular-file.js";

/**
 * The type checker, asked only about what is declared inside the lint root: the working directory ESLint lints from
 * (`context.cwd`), by real path, the folder the untyped layer reads imported modules from. With type information the
 * program follows a symbolic link, a relative import, a `paths` alias or a `tsconfig.json` `include` out of that
 * folder, and the checker's literal types, declarations and signatures would carry what a file there says into the
 * lint's messages. So a value, a declaration or a type the checker gives is used only when every declaration it may
 * come from lies in a source file whose real path is inside the root (or in TypeScript's own lib folder); otherwise it
 * is unknown, as it is to the untyped layer, which does not read such a file at all.
 *
 * When every source file of the program lies inside (the usual project), nothing more is asked. Otherwise a value is
 * traced: the declarations its names stand for (aliases followed to the end), then the statement each declaration is
 * written in (its type annotation, initializer, body, the class or enum it belongs to) and every declaration the
 * names there stand for, and so on, within a bound; a declaration of TypeScript's lib folder ends the trace (lib files
 * import nothing, and a global merged into one by another file is a declaration of that file, met where it is used).
 */

/** ts.SymbolFlags.Alias; the plugin does not load TypeScript itself. */
const ALIAS_FLAG = 2097152;

/** How many nodes one trace may read: beyond it the value's origin is not established, so it is unknown. */
const MAX_TRACED_NODES = 20_000;

/** What of a TypeScript node a trace reads beyond its public type (JSDoc types count in JavaScript files). */
interface TracedNode extends ts.Node {
  readonly jsDoc?: readonly ts.Node[];
  readonly statements?: unknown;
  readonly declarations?: unknown;
  readonly type?: unknown;
  readonly initializer?: unknown;
  readonly escapedText?: unknown;
  readonly members?: unknown;
  readonly heritageClauses?: readonly ts.Node[];
  readonly typeParameters?: readonly ts.Node[];
}

/** What of an expression's TypeScript node tells a call and a member access apart. */
interface AccessNode extends ts.Node {
  readonly expression?: ts.Node;
  readonly arguments?: unknown;
  readonly name?: ts.Node;
  readonly argumentExpression?: ts.Node;
}

let typescriptLib: string | null | undefined;

/**
 * The real path of TypeScript's lib folder, where the parser resolves TypeScript from (@typescript-eslint/
 * typescript-estree's own `typescript`): its `lib.*.d.ts` files are TypeScript's, wherever it is installed.
 */
function typescriptLibFolder(): string | undefined {
  if (typescriptLib === undefined) {
    try {
      const estree = createRequire(import.meta.url).resolve("@typescript-eslint/typescript-estree");
      typescriptLib = realpathSync.native(dirname(createRequire(estree).resolve("typescript")));
    } catch {
      typescriptLib = null;
    }
  }
  return typescriptLib ?? undefined;
}

/** Per real root, where each source file lies: a source file object lives as long as a program keeps it. */
const placesByRoot = new Map<string, WeakMap<ts.SourceFile, Place>>();

/** The real path of a file the checker names: of the file, else of its folder (a file not saved yet), else the path. */
function realPathOfFile(fileName: string): string {
  try {
    return realpathSync.native(fileName);
  } catch {
    return join(realPathOr(dirname(fileName)), basename(fileName));
  }
}

/** Where a source file lies: inside the root, in TypeScript's lib folder, or outside both. */
type Place = "root" | "lib" | "outside";

/** What is known of one program's files under one root. */
class ProgramOrigins {
  private everyFileInside: boolean | undefined;
  private readonly places: WeakMap<ts.SourceFile, Place>;
  /**
   * Scopes whose trace reaches outside. Kept across questions: a later trace that meets one would reach outside too,
   * or stop at the bound first, so the answer is the same whichever question came first (with or without worker
   * threads). Scopes whose trace stays inside are not kept: a trace that skipped them would spend less of its bound
   * than one that read them, and answer differently by the order of the questions.
   */
  private readonly open = new WeakSet<ts.Node>();

  constructor(
    private readonly program: ts.Program,
    private readonly root: string,
  ) {
    let places = placesByRoot.get(root);
    if (!places) placesByRoot.set(root, (places = new WeakMap()));
    this.places = places;
  }

  /** Where a source file lies, by real path; TypeScript's lib folder first (it may be inside the root too). */
  placeOf(file: ts.SourceFile): Place {
    let place = this.places.get(file);
    if (place === undefined) {
      const real = realPathOfFile(file.fileName);
      const lib = typescriptLibFolder();
      place = lib !== undefined && isInside(real, lib) ? "lib" : isInside(real, this.root) ? "root" : "outside";
      this.places.set(file, place);
    }
    return place;
  }

  /** Whether every source file of the program lies inside: then whatever the checker says comes from inside. */
  allInside(): boolean {
    this.everyFileInside ??= this.program.getSourceFiles().every((file) => this.placeOf(file) !== "outside");
    return this.everyFileInside;
  }

  /**
   * Whether every declaration the names in `starts` (nodes of the program) stand for lies inside, and every one the
   * scopes of those declarations name, and so on (see the module's comment), within MAX_TRACED_NODES.
   */
  traceInside(checker: ts.TypeChecker, starts: readonly ts.Node[]): boolean {
    if (this.allInside()) return true;
    const queue: ts.Node[] = [...starts];
    /** The scope each queued scope was met from (undefined for a start). */
    const from = new Map<ts.Node, ts.Node | undefined>(starts.map((start) => [start, undefined]));
    const reachesOutside = (at: ts.Node | undefined): false => {
      // What led here reaches outside too.
      for (let node = at; node !== undefined; node = from.get(node)) if (!starts.includes(node)) this.open.add(node);
      return false;
    };
    let budget = MAX_TRACED_NODES;
    try {
      for (let at = 0; at < queue.length; at++) {
        const scope = queue[at]!;
        if (this.open.has(scope)) return reachesOutside(from.get(scope));
        const stack: ts.Node[] = [scope];
        while (stack.length > 0) {
          const node = stack.pop() as TracedNode;
          if (--budget < 0) return false;
          let leaf = true;
          node.forEachChild((child) => {
            leaf = false;
            stack.push(child);
          });
          if (node.jsDoc) stack.push(...node.jsDoc);
          if (!leaf) continue;
          for (const symbol of symbolsAt(checker, node)) {
            for (const declaration of declarationsOf(symbol)) {
              const place = this.placeOf(declaration.getSourceFile());
              if (place === "outside") return reachesOutside(scope);
              if (place === "lib") continue;
              for (const next of scopesOf(declaration)) {
                if (from.has(next)) continue;
                from.set(next, scope);
                queue.push(next);
              }
            }
          }
        }
      }
    } catch {
      // The checker failed on a node: the origin is not established.
      return false;
    }
    return true;
  }
}

/** The symbols a leaf node stands for: its own (an alias followed to its end), and the value a shorthand `{ x }` reads. */
function symbolsAt(checker: ts.TypeChecker, node: TracedNode): ts.Symbol[] {
  const found: ts.Symbol[] = [];
  const own = checker.getSymbolAtLocation(node);
  if (own) found.push(aliased(checker, own));
  if (typeof node.escapedText === "string") {
    const value = checker.getShorthandAssignmentValueSymbol(node.parent);
    if (value) found.push(aliased(checker, value));
  }
  return found;
}

function aliased(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  return symbol.flags & ALIAS_FLAG ? checker.getAliasedSymbol(symbol) : symbol;
}

function declarationsOf(symbol: ts.Symbol): readonly ts.Node[] {
  const declarations = symbol.declarations ?? [];
  return symbol.valueDeclaration && !declarations.includes(symbol.valueDeclaration) ? [...declarations, symbol.valueDeclaration] : declarations;
}

/**
 * What to read of a declaration to learn everything its type may come from: a member of a class or an interface with
 * the clauses and type parameters of its owner (`extends Base<T>`), any other declaration with the whole statement it
 * is written in (a variable's annotation and initializer, a function's text, an enum's members, an object literal's
 * properties). A variable declared with neither a type nor a value takes its type from the writes of it: the whole
 * block or file it is declared in. Nothing for a module (a source file): its members are traced where they are named.
 */
function scopesOf(declaration: ts.Node): ts.Node[] {
  if (!declaration.parent) return [];
  let node = declaration;
  for (;;) {
    const parent = node.parent as TracedNode | undefined;
    if (!parent) return [node];
    if (Array.isArray(parent.statements)) break;
    // A class or an interface (they have heritage clauses, perhaps none).
    if ("heritageClauses" in parent && Array.isArray(parent.members)) {
      return [node, ...(parent.heritageClauses ?? []), ...(parent.typeParameters ?? [])];
    }
    node = parent;
  }
  const untyped =
    Array.isArray((declaration.parent as TracedNode).declarations) &&
    (declaration as TracedNode).type === undefined &&
    (declaration as TracedNode).initializer === undefined;
  return [untyped ? node.parent! : node];
}

/** Number and string literal values of a type (a union gives each member); undefined when it has others. */
function literalValues(type: ts.Type): (string | number)[] | undefined {
  const parts = type.isUnion() ? type.types : [type];
  const values: (string | number)[] = [];
  for (const part of parts) {
    if (part.isNumberLiteral() || part.isStringLiteral()) values.push(part.value);
    else return undefined;
  }
  return values;
}

const origins = new WeakMap<ts.Program, Map<string, ProgramOrigins>>();

function originsOf(program: ts.Program, root: string): ProgramOrigins {
  let byRoot = origins.get(program);
  if (!byRoot) origins.set(program, (byRoot = new Map()));
  let found = byRoot.get(root);
  if (!found) byRoot.set(root, (found = new ProgramOrigins(program, root)));
  return found;
}

/**
 * The checker of a linted file's program, bounded by the lint root: every question the analyses ask the checker goes
 * through one of these, so that none can take a fact from a file outside.
 */
export class TypedChecker {
  readonly checker: ts.TypeChecker;
  private readonly origins: ProgramOrigins;

  constructor(
    readonly services: ParserServicesWithTypeInformation,
    /** The lint root: ESLint's working directory. */
    root: string,
  ) {
    this.checker = services.program.getTypeChecker();
    this.origins = originsOf(services.program, realPathOr(root));
  }

  /** The TypeScript node of a node of the linted file. */
  tsNode(node: TSESTree.Node): ts.Node {
    return this.services.esTreeNodeToTSNodeMap.get(node);
  }

  /** Whether a source file of the program lies inside the root (by real path) or in TypeScript's lib folder. */
  /** The symbol a name stands for, an import's followed to what it imports. */
  symbolAt(node: TSESTree.Node): ts.Symbol | undefined {
    const symbol = this.checker.getSymbolAtLocation(this.tsNode(node));
    return symbol && aliased(this.checker, symbol);
  }

  fileInside(file: ts.SourceFile): boolean {
    return this.origins.placeOf(file) !== "outside";
  }

  /** Whether everything the checker may say of an expression of the linted file comes from inside the root. */
  expressionInside(node: TSESTree.Node): boolean {
    return this.origins.allInside() || this.origins.traceInside(this.checker, [this.tsNode(node)]);
  }

  /** Whether everything the checker may say of a symbol (a declaration's type, its value) comes from inside. */
  symbolInside(symbol: ts.Symbol): boolean {
    if (this.origins.allInside()) return true;
    const declarations = declarationsOf(aliased(this.checker, symbol));
    const scopes: ts.Node[] = [];
    for (const declaration of declarations) {
      const place = this.origins.placeOf(declaration.getSourceFile());
      if (place === "outside") return false;
      if (place === "root") scopes.push(...scopesOf(declaration));
    }
    return declarations.length > 0 && this.origins.traceInside(this.checker, scopes);
  }

  /**
   * The checker's type of an expression of the linted file, when everything it may come from lies inside the root;
   * undefined otherwise.
   */
  typeOf(node: TSESTree.Node): ts.Type | undefined {
    return this.expressionInside(node) ? this.services.getTypeAtLocation(node) : undefined;
  }

  /**
   * Whether the literal `values` the checker gives for an expression of the linted file (a name, a member chain, a
   * call) come from inside: the expression's symbol (the callee's, for a call) must be found, everything it traces to
   * lie inside, and the values be among those its declaration gives (a value narrowed to at that place, by a guard
   * declared elsewhere, is not).
   */
  literalsInside(node: TSESTree.Node, values: readonly (string | number)[]): boolean {
    if (this.origins.allInside()) return true;
    const tsNode = this.tsNode(node) as AccessNode;
    const isCall = Array.isArray(tsNode.arguments) && tsNode.expression !== undefined;
    const named = isCall ? (tsNode.expression as AccessNode) : tsNode;
    // A member's symbol is at its name (`a.b`, `a["b"]`), a name's at itself.
    const symbol = this.checker.getSymbolAtLocation(named.name ?? named.argumentExpression ?? named);
    if (!symbol || !this.origins.traceInside(this.checker, [tsNode])) return false;
    const declared = this.checker.getTypeOfSymbol(aliased(this.checker, symbol));
    const allowed = isCall
      ? declared.getCallSignatures().flatMap((signature) => literalValues(signature.getReturnType()) ?? [])
      : (literalValues(declared) ?? []);
    return values.every((value) => allowed.includes(value));
  }
}

const checkers = new WeakMap<ParserServicesWithTypeInformation, Map<string, TypedChecker>>();

/** The bounded checker of a linted file's parser services (one per file and root). */
export function typedChecker(services: ParserServicesWithTypeInformation, root: string): TypedChecker {
  let byRoot = checkers.get(services);
  if (!byRoot) checkers.set(services, (byRoot = new Map()));
  let found = byRoot.get(root);
  if (!found) byRoot.set(root, (found = new TypedChecker(services, root)));
  return found;
}
