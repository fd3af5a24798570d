import type { TSESTree } from "@typescript-eslint/utils";
import type { ErrorSite } from "../errors/error-sites.js";
import type { Handler } from "../handlers/types.js";
import type { RequestFields, ResourceField } from "./fields.js";

/**
 * What the code answers a missing file or an unknown terminal with:
 * - `error`: an error response whose codes are known (a `RequestError`, an error object, a local error class);
 * - `internal`: a plain `Error` or another value the SDKs send as -32603 Internal error;
 * - `success`: a result: the request succeeds although the resource does not exist.
 */
export type ResourceAnswer =
  | { readonly kind: "error"; readonly node: TSESTree.Node; readonly codes: readonly number[]; readonly site?: ErrorSite }
  | { readonly kind: "internal"; readonly node: TSESTree.Node }
  | { readonly kind: "success"; readonly node: TSESTree.Node };

/**
 * Where the missing resource is recognised:
 * - `lookup`: the miss branch of a lookup keyed by the requested id or path (`if (!terminals.get(id))`);
 * - `check`: the miss branch of an existence check of the path (`if (!existsSync(path))`);
 * - `catch`: the path a read's error takes through the `catch` around the read (or a `.catch()` callback);
 * - `after-catch`: the statements after a `catch` that lets the read's error through without answering;
 * - `stub`: a handler that reads no file and answers every path with empty content, while the capability is advertised.
 */
export type MissKind = "lookup" | "check" | "catch" | "after-catch" | "stub";

/** One place where a client handler answers a missing file or an unknown terminal. */
export interface ResourceMiss {
  readonly field: ResourceField;
  readonly kind: MissKind;
  /** The handlers whose request reaches this answer (several for a shared helper). */
  readonly handlers: readonly Handler[];
  readonly answer: ResourceAnswer;
  /** The answer is thrown (or rejected), not returned or sent. */
  readonly thrown: boolean;
  /** The requested path or terminal id as the code names it where it is looked up, checked or read. */
  readonly subject: TSESTree.Node | undefined;
  /**
   * The answer also runs when the resource exists (the statement after a branch that falls through to it, or after
   * a test joined with another condition): an edit of it would change those answers too.
   */
  readonly shared?: boolean;
  /** A `catch` converts every error of the read, the missing file's included. */
  readonly catchAll: boolean;
  /** For such a `catch`: its parameter and the statement of its body that answers, where a test for ENOENT fits. */
  readonly catchAnswer?: { readonly caught: TSESTree.Identifier; readonly statement: TSESTree.Node };
  /**
   * For an answer in a helper of another module, the calls of the linted file that reach it: where it is reported.
   * Undefined for an answer in the linted file, reported where it is.
   */
  readonly reportAt?: readonly TSESTree.Node[];
}

/** Code that answers for a resource: a handler's body, or a same-file helper a handler hands the path or id to. */
export interface ResourceScope {
  readonly root: TSESTree.Node;
  readonly fields: RequestFields;
  readonly handlers: Handler[];
  /**
   * A helper: what it throws answers the request; what it returns goes back to the caller, and answers only through
   * the calls in `answeredBy`.
   */
  readonly helper: boolean;
  /** Hand-rolled dispatch: a `return` there is the response, and a response sent answers the request. */
  readonly dispatch: boolean;
  /**
   * A response sent answers the request: in dispatch, and in a dispatch branch's helper whose value the branch drops
   * (`this.handleRead(id, params);`), where what it returns still goes to the caller.
   */
  readonly sends?: boolean;
  /** For a helper of another module: the calls of the linted file through which it is reached. */
  readonly entries?: TSESTree.CallExpression[];
  /**
   * For a helper: the calls of the linted file through which what it returns is the handler's answer (the handler
   * gives it back or sends it as the result); empty when it is no answer.
   */
  readonly answeredBy?: TSESTree.CallExpression[];
  /**
   * For a helper that returns nothing: the calls of the linted file, made as statements, after which the handler
   * answers with a result; a miss the helper returns from silently is answered so.
   */
  readonly continuedBy?: TSESTree.CallExpression[];
}

