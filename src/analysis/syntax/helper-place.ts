import { basename } from "node:path";
import type { TSESTree } from "@typescript-eslint/utils";
import { enclosingClass, enclosingFunction } from "./ast.js";
import { className, declaredName } from "./functions.js";
import { fileOf } from "../resolution/source-files.js";

/** A function of another module and its file, as a report names them. */
export interface HelperPlace {
  readonly helper: string;
  readonly file: string;
}

/**
 * Where a branch of another module's helper is, for a report at the linted file's call that reaches it:
 * `NotesStore.append` and `notes-store.ts`; the function's name alone outside a class, `a helper` without one.
 */
export function helperPlace(node: TSESTree.Node): HelperPlace {
  const fn = enclosingFunction(node);
  const name = fn && declaredName(fn)?.name;
  const cls = fn && enclosingClass(fn);
  const owner = cls && className(cls);
  const helper = name === undefined ? "a helper" : `\`${owner ? `${owner}.${name}` : name}\``;
  const path = fileOf(node)?.path;
  return { helper, file: path === undefined ? "another module" : basename(path) };
}
