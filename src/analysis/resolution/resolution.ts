import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import type { FunctionNode } from "../syntax/ast.js";
import type { ModuleRef } from "./module-refs.js";
import type { SourceFile } from "./source-files.js";
import type { TypedChecker } from "../typed-checker.js";

/**
 * What an expression stands for, once names, imports and members are followed:
 * - `node`: a node that gives the value, in this file or another (a function, a class, an object literal, a literal,
 *   an enum, or any expression that cannot be followed further);
 * - `external`: an export of a package (`RequestError` of `@agentclientprotocol/sdk`), or its namespace (`name`
 *   undefined);
 * - `module`: the namespace of a module of the project (`import * as acp from "./acp.js"`).
 */
export type Target =
  | { readonly kind: "node"; readonly node: TSESTree.Node }
  | { readonly kind: "external"; readonly source: string; readonly name: string | undefined }
  | { readonly kind: "module"; readonly file: SourceFile };

export type ClassNode = TSESTree.ClassDeclaration | TSESTree.ClassExpression;

/** How far any one question is followed (names, members, calls, modules): beyond this the answer is "unknown". */
export const MAX_DEPTH = 48;

/** How many modules a question may pass through from the linted file. */
export const MAX_MODULE_HOPS = 4;

/** The most modules one question about what a file's imports hold reads: beyond it the answer is "maybe". */
export const MAX_REACHED = 512;

/**
 * What the resolution layer answers (the Resolution of resolver.ts), as the modules that make it up ask one another:
 * what an expression stands for, which function a call runs, which class an instance is of, what a name is bound to.
 */
export interface Resolution {
  /** The file being linted. */
  readonly linted: SourceFile;
  /**
   * The type checker, bounded by the lint root (typed-checker.ts); present only when the parser has type information
   * (for the linted file's nodes).
   */
  readonly typed: TypedChecker | undefined;
  sourceCodeOf(node: TSESTree.Node): Readonly<TSESLint.SourceCode>;
  isLinted(node: TSESTree.Node): boolean;
  variableOf(id: TSESTree.Identifier | TSESTree.JSXIdentifier): TSESLint.Scope.Variable | null;
  moduleRef(variable: TSESLint.Scope.Variable): ModuleRef | undefined;
  moduleAt(path: string): SourceFile | undefined;
  refTarget(ref: ModuleRef, from: TSESTree.Node | SourceFile): Target | undefined;
  exportTarget(file: SourceFile, name: string): Target | undefined;
  target(node: TSESTree.Node): Target | undefined;
  /**
   * Whether a member `name` of what `node` stands for may be defined where following `node` leads: not when it starts
   * from a project module that, with the modules it imports, defines no such name (modules/defined-names.ts).
   */
  mayDefineMember(node: TSESTree.Node, name: string): boolean;
  targetNode(node: TSESTree.Node): TSESTree.Node | undefined;
  objectOf(node: TSESTree.Node): TSESTree.ObjectExpression | undefined;
  functionOf(node: TSESTree.Node): FunctionNode | undefined;
  calleeOf(call: TSESTree.CallExpression | TSESTree.NewExpression): FunctionNode | undefined;
  classOf(node: TSESTree.Node): ClassNode | undefined;
  instanceClassOf(node: TSESTree.Node): ClassNode | undefined;
  memberFunction(cls: ClassNode, name: string): FunctionNode | undefined;
  returnedBy(fn: FunctionNode): readonly TSESTree.Expression[];
  callersOf(fn: FunctionNode): readonly TSESTree.CallExpression[] | undefined;
  boundArgument(id: TSESTree.Identifier): TSESTree.Node | undefined;
}
