import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { AUTH_REQUIRED, INTERNAL_ERROR, INVALID_PARAMS, RESOURCE_NOT_FOUND } from "../../protocol/codes.js";
import type { Answer, AnswerContext } from "../errors/answers.js";
import type { ConnectionAnswer } from "../handlers/connection-answers.js";
import type { Handler } from "../handlers/types.js";
import type { FileModel } from "../model.js";
import { fileOf } from "../resolution/source-files.js";
import { branchAnswer } from "./branch-answer.js";
import { FailureFinder, type FailureKind, type ParamFailure } from "./failures.js";
import { losesRightCode, wireCodes } from "../lost-codes/wire-codes.js";
import { perModel } from "../syntax/per-model.js";
import { summariesOf } from "../summaries/summaries.js";

/** A failing validation of a request's params answered with another code than -32602. */
export interface ParamsFinding {
  readonly kind: FailureKind;
  readonly field?: string;
  readonly handler: Handler;
  readonly answer: Answer;
  /** The codes it goes out with (-32603 for a plain `Error`). */
  readonly codes: readonly number[];
  /** A thrown value that is not a RequestError: the SDK sends it as -32603, whatever code it carries. */
  readonly lost: boolean;
  /** A plain `Error` of hand-rolled dispatch, which the dispatcher's catch-all answers with its one code (`codes`). */
  readonly caught?: boolean;
  /** The project connection class whose catch sends the thrown error with `codes`, when one does. */
  readonly connection?: ConnectionAnswer;
  /** For an answer in a helper of another module, the handler's call that reaches it: where it is reported. */
  readonly reportAt?: TSESTree.CallExpression;
}

/** Whether what a failure is answered with breaks the rule, by the kind of validation that failed. */
function isWrong(failure: ParamFailure, codes: readonly number[]): boolean {
  if (codes.length === 0 || codes.every((c) => c === INVALID_PARAMS)) return false;
  switch (failure.kind) {
    // The issue names what a caught validation error must not become: -32603, or a plain Error.
    case "validation":
      return codes.every((c) => c === INTERNAL_ERROR);
    // A missing credential may ask for authentication; a missing session id may be answered as an unknown session.
    case "field":
      return !codes.includes(AUTH_REQUIRED) && !(failure.field === "sessionId" && codes.includes(RESOURCE_NOT_FOUND));
    default:
      return true;
  }
}

function find(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): readonly ParamsFinding[] {
  const requests = model.handlers.handlers.filter((h) => h.method.kind === "request" && h.method.side !== "protocol");
  if (requests.length === 0) return [];
  const ctx: AnswerContext = model.answers;
  const finder = new FailureFinder(sourceCode, model.nodes, (fn) => model.isHandlerAtHome(fn));
  const summaries = summariesOf(model.resolver);
  const out: ParamsFinding[] = [];
  const seen = new Set<TSESTree.Node>();
  for (const handler of requests) {
    for (const failure of finder.ofHandler(handler)) {
      // A branch of another module's helper answers through that module's model.
      const file = failure.entry ? fileOf(failure.root) : undefined;
      const branchCtx = file ? model.moduleModel(file)?.answers : ctx;
      if (!branchCtx) continue;
      const found = branchAnswer(failure.branch, branchCtx);
      if (!found || seen.has(failure.entry ?? found.answer.node) || summaries.isCaught(found.statement, failure.root)) continue;
      // A returned or sent error is an answer only in hand-rolled dispatch.
      if (!found.thrown && handler.style !== "dispatch") continue;
      // What goes on the wire: a connection class's catch, the SDK (-32603 for anything but a RequestError), a
      // hand-rolled catch-all's one code, or the answer's own.
      const wire = wireCodes(model, sourceCode, [handler], found.answer, found.thrown);
      if (!wire?.codes) continue;
      const lost = wire.via === "sdk" && wire.lost;
      // `throw { code: -32602 }` in an SDK handler goes out as -32603: no-lost-error-code's finding, not this one's.
      if (losesRightCode(wire, INVALID_PARAMS)) continue;
      const { codes } = wire;
      const byConnection = wire.via === "connection" && !wire.keeps;
      const caught = byConnection || wire.via === "catch-all";
      if (!isWrong(failure, codes)) continue;
      seen.add(failure.entry ?? found.answer.node);
      out.push({
        kind: failure.kind,
        ...(failure.field !== undefined ? { field: failure.field } : {}),
        handler,
        answer: found.answer,
        codes,
        lost,
        ...(caught ? { caught: true } : {}),
        ...(byConnection ? { connection: wire.connection } : {}),
        ...(failure.entry ? { reportAt: failure.entry } : {}),
      });
    }
  }
  return out;
}

/** The request handlers' failing validations of their params answered with another code than -32602; once per file. */
export const paramsFindings = perModel(find);
