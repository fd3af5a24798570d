import type { TSESLint } from "@typescript-eslint/utils";
import type { Handler } from "../handlers/types.js";
import type { FileModel } from "../model.js";
import { perModel } from "../syntax/per-model.js";
import { type CancelEffects, cancelEffects, NO_CANCEL } from "./cancel-effects.js";
import { cancelHandlers, promptHandlers } from "./handler-nodes.js";
import { type HandlerExit, handlerExits, type PromptResult } from "./results.js";
import { type StopLeaf, stopLeaves } from "./stop-values.js";

/** One value a prompt result's `stopReason` may take. */
export interface ResultLeaf {
  readonly result: PromptResult;
  readonly leaf: StopLeaf;
}

/** A `session/prompt` handler, the ways out of it and the stop reasons of its results. */
export interface PromptHandlerFacts {
  readonly handler: Handler;
  readonly exits: readonly HandlerExit[];
  readonly leaves: readonly ResultLeaf[];
}

export interface PromptFacts {
  readonly prompts: readonly PromptHandlerFacts[];
  /** What the file's `session/cancel` handlers do to a running turn. */
  readonly cancel: CancelEffects;
}

const EMPTY: PromptFacts = { prompts: [], cancel: NO_CANCEL };

/** The prompt handlers of a file with their results, and what its cancel handlers do; built once per file. */
export const promptFacts = perModel((model: FileModel, sourceCode: Readonly<TSESLint.SourceCode>): PromptFacts => {
  const handlers = model.handlers.handlers;
  const prompts = promptHandlers(handlers);
  if (prompts.length === 0) return EMPTY;
  const ctx = { sourceCode, values: model.values };
  return {
    prompts: prompts.map((handler) => {
      const exits = handlerExits(handler, ctx);
      const leaves = exits.flatMap((exit) =>
        (exit.results ?? []).flatMap((result) => stopLeaves(result.value, ctx, result.bindings).map((leaf) => ({ result, leaf }))),
      );
      return { handler, exits, leaves };
    }),
    cancel: cancelEffects(cancelHandlers(handlers), sourceCode),
  };
});
