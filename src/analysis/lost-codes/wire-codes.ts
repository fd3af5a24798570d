import type { TSESLint } from "@typescript-eslint/utils";
import { INTERNAL_ERROR } from "../../protocol/codes.js";
import { answerCodes } from "../errors/answer-codes.js";
import { type Answer, keepsCodeThroughSdk } from "../errors/answers.js";
import { type ConnectionAnswer, projectConnection } from "../handlers/connection-answers.js";
import { type Handler, sdkSendsThrown } from "../handlers/types.js";
import type { FileModel } from "../model.js";
import { catchAllCode } from "./catch-alls.js";

/**
 * The codes an answer of some handlers goes out with, and what decides them (one idea of it for every rule):
 * - `connection`: thrown out of a connection class of the project's own, whose catch sends the code the answer
 *   carries (`keeps`, when it keeps codes) or its own; `codes` undefined when that catch's code cannot be read;
 * - `sdk`: thrown out of an SDK handler (or a delegate one calls), which sends anything but a RequestError as -32603:
 *   `lost` when the answer carried a code of its own (`own`: no-lost-error-code's finding where it meant the right one);
 * - `catch-all`: a plain error thrown in hand-rolled dispatch, which every handler's catch-all answers with one code;
 * - `own`: the answer's own codes (a returned or sent error, a RequestError thrown, an error object of hand-rolled
 *   dispatch).
 */
export type WireCodes =
  | { readonly via: "connection"; readonly connection: ConnectionAnswer; readonly keeps: boolean; readonly codes: readonly number[] | undefined }
  | { readonly via: "sdk"; readonly lost: boolean; readonly codes: readonly number[]; readonly own?: readonly number[] | undefined }
  | { readonly via: "catch-all"; readonly codes: readonly number[] }
  | { readonly via: "own"; readonly codes: readonly number[] | undefined };

/**
 * What `answer` of `handlers` goes out with (see WireCodes), `thrown` or else returned or sent; undefined when nothing
 * can be told: a plain error thrown in hand-rolled dispatch that no one catch-all answers, or handed back to it.
 */
export function wireCodes(model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>, handlers: readonly Handler[], answer: Answer, thrown: boolean): WireCodes | undefined {
  // What a dispatcher makes of a plain error or text it is handed back is its own business.
  if (!thrown) return answer.kind === "internal" ? undefined : { via: "own", codes: answerCodes(answer, model.values) };
  const connection = projectConnection(handlers, model.resolver, model.values);
  if (connection) {
    const keeps = answer.kind !== "internal" && connection.keepsCode;
    const codes = keeps ? answerCodes(answer, model.values) : connection.code === undefined ? undefined : [connection.code];
    return { via: "connection", connection, keeps, codes };
  }
  if (handlers.some(sdkSendsThrown)) return thrownThroughSdk(model, answer);
  if (answer.kind !== "internal") return { via: "own", codes: answerCodes(answer, model.values) };
  const codes = new Set(handlers.map((h) => catchAllCode(model, sourceCode, h)));
  const code = codes.size === 1 ? [...codes][0] : undefined;
  return code === undefined ? undefined : { via: "catch-all", codes: [code] };
}

/** What an answer thrown out of code the SDK runs goes out with: its own code only for a RequestError, else -32603. */
export function thrownThroughSdk(model: FileModel, answer: Answer): WireCodes {
  if (answer.kind === "internal") return { via: "sdk", lost: false, codes: [INTERNAL_ERROR] };
  if (!keepsCodeThroughSdk(answer, model.errorClasses)) return { via: "sdk", lost: true, codes: [INTERNAL_ERROR], own: answerCodes(answer, model.values) };
  return { via: "own", codes: answerCodes(answer, model.values) };
}

/** Whether the SDK loses the answer's own code, which was `code`: a mistake no-lost-error-code reports, not another rule. */
export function losesRightCode(wire: WireCodes | undefined, code: number): boolean {
  return wire?.via === "sdk" && wire.lost && wire.own?.includes(code) === true;
}
