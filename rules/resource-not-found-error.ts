import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint } from "@typescript-eslint/utils";
import { caughtCodeIs, connectionFix, type EditedFile, fixFor, isThrownValue, projectConnection, type ResourceMiss, resourceMisses } from "../src/analysis/index.js";
import { INTERNAL_ERROR, INVALID_PARAMS, RESOURCE_NOT_FOUND } from "../src/protocol/codes.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds =
  | "fileWrongCode"
  | "fileInternalError"
  | "catchAllCode"
  | "swallowed"
  | "fileSuccess"
  | "fileStub"
  | "terminalWrongCode"
  | "terminalInternalError"
  | "terminalSuccess"
  | "useFix"
  | "mapEnoent";

type Suggestions = TSESLint.SuggestionReportDescriptor<MessageIds>[];

/** The code the protocol wants for the missing resource: -32002, or for a terminal in version 2 -32602. */
function expectedCode(miss: ResourceMiss, protocolVersion: number): number {
  return miss.field === "terminalId" && protocolVersion === 2 ? INVALID_PARAMS : RESOURCE_NOT_FOUND;
}

/** A plain `Error` goes out as -32603 only where an SDK or JSON-RPC library sends what a handler throws. */
function sendsInternalError(miss: ResourceMiss): boolean {
  return miss.thrown && miss.handlers.some((h) => h.style !== "dispatch");
}


/**
 * `if (err?.code === "ENOENT") throw <fix>;` before the catch's answer (where TypeScript types `err` as `unknown`, a
 * test of its shape first: caught-values.ts): the missing file gets -32002 and every other error, `null` and
 * `undefined` included, keeps the answer it had.
 */
function mapEnoent(at: NonNullable<ResourceMiss["catchAnswer"]>, fixText: string, file: EditedFile): TSESLint.SuggestionReportDescriptor<MessageIds> | undefined {
  const test = caughtCodeIs(at.caught, "ENOENT", at.statement, file);
  if (test === undefined) return undefined;
  const indent = " ".repeat(at.statement.loc.start.column);
  return {
    messageId: "mapEnoent",
    data: { fix: fixText },
    fix: (fixer) => fixer.insertTextBefore(at.statement, `if (${test}) throw ${fixText};\n${indent}`),
  };
}

/** The edits offered for an answer of the linted file: the fix in its place, and for a catch-all, a test for ENOENT. */
function suggestionsFor(miss: ResourceMiss, fix: { writable: boolean; text: string }, file: EditedFile): Suggestions {
  const { answer } = miss;
  const suggest: Suggestions = [];
  if (fix.writable && answer.kind !== "success" && isThrownValue(answer.node)) {
    suggest.push({ messageId: "useFix", data: { fix: fix.text }, fix: (fixer) => fixer.replaceText(answer.node, fix.text) });
  } else if (fix.writable && answer.kind === "success" && !miss.handlers.some((h) => h.style === "dispatch")) {
    const isReturn = answer.node.type === AST_NODE_TYPES.ReturnStatement;
    const replacement = isReturn ? `throw ${fix.text};` : `{ throw ${fix.text}; }`;
    suggest.push({ messageId: "useFix", data: { fix: fix.text }, fix: (fixer) => fixer.replaceText(answer.node, replacement) });
  }
  if (fix.writable && miss.catchAnswer && !miss.handlers.some((h) => h.style === "dispatch")) {
    const enoent = mapEnoent(miss.catchAnswer, fix.text, file);
    if (enoent) suggest.unshift(enoent);
  }
  return suggest;
}

export default createRule<[], MessageIds>({
  name: "resource-not-found-error",
  meta: {
    type: "problem",
    hasSuggestions: true,
    docs: {
      description: "Require client handlers to answer a missing file or an unknown terminal with -32002 Resource not found",
      spec: {
        requirement: "Clients SHOULD respond with -32002 when fs/read_text_file names a file that does not exist, or a terminal/* method names an unknown terminal.",
        url: specUrl("error", "unknown-sessions"),
      },
      recommended: "error",
    },
    messages: {
      fileWrongCode:
        "A missing file is answered {{where}} with {{code}} ({{name}}): answer fs/read_text_file for a file that does not exist with -32002 Resource not found ({{fix}}).",
      fileInternalError:
        "A missing file is answered {{where}} as -32603 Internal error, since a thrown value that is not a RequestError loses its meaning: throw {{fix}} instead.",
      catchAllCode:
        "This catch answers every failure of the read, a missing file included, with {{code}} ({{name}}): answer ENOENT with -32002 Resource not found ({{fix}}) and rethrow the other errors.",
      swallowed:
        "A failed read, a missing file included, is answered {{where}} with a successful result, so the agent cannot tell a missing file from an empty one: answer a missing file with -32002 Resource not found ({{fix}}).",
      fileStub:
        "This handler reads no file and answers every path with empty content, a missing file included, while the client advertises fs.readTextFile: answer a file that does not exist with -32002 Resource not found ({{fix}}), or stop advertising the capability.",
      fileSuccess:
        "A missing file is answered {{where}} with a successful result: answer fs/read_text_file for a file that does not exist with -32002 Resource not found ({{fix}}).",
      terminalWrongCode:
        "An unknown terminal is answered {{where}} with {{code}} ({{name}}): answer {{method}} for a terminalId it does not know with {{expected}} ({{fix}}).",
      terminalInternalError:
        "An unknown terminal is answered {{where}} as -32603 Internal error, since a thrown value that is not a RequestError loses its meaning: answer {{method}} for a terminalId it does not know with {{expected}} ({{fix}}).",
      terminalSuccess:
        "An unknown terminal is answered {{where}} with a successful result: answer {{method}} for a terminalId it does not know with {{expected}} ({{fix}}).",
      useFix: "Throw {{fix}} instead.",
      mapEnoent: "Throw {{fix}} for ENOENT first, and leave the other errors to this answer.",
    },
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode, filename }) {
    const misses = resourceMisses(model, sourceCode);
    const version = model.settings.protocolVersion;
    for (const miss of misses) {
      const { answer } = miss;
      const expected = expectedCode(miss, version);
      // Out of a connection class of the project's own, a thrown error goes out as that class's catch sends it.
      const connection = miss.thrown ? projectConnection(miss.handlers, model.resolver, model.values) : undefined;
      const byConnection = connection !== undefined && answer.kind !== "success" && !(answer.kind === "error" && connection.keepsCode);
      const sent = byConnection ? connection.code : undefined;
      const fix = connection ? { text: connectionFix(connection, expected), writable: false } : fixFor(miss, model, sourceCode);
      let code: number;
      if (byConnection) {
        // What the class sends cannot be read: nothing is quoted, and nothing reported.
        if (sent === undefined || sent === expected) continue;
        code = sent;
      } else if (answer.kind === "internal") {
        if (!sendsInternalError(miss)) continue;
        code = INTERNAL_ERROR;
      } else if (answer.kind === "error") {
        if (answer.codes.every((c) => c === expected)) continue;
        code = answer.codes.find((c) => c !== expected)!;
      } else {
        code = 0;
      }
      // An answer of a helper in another module is reported at this file's calls of it, with no edit to offer there.
      const places = miss.reportAt ?? [answer.node];
      // An answer the existing resource reaches too is not edited: the edit would answer that with -32002 as well.
      const suggest: Suggestions = miss.reportAt || miss.shared ? [] : suggestionsFor(miss, fix, { sourceCode, filename });
      const name = model.acpCodes.get(code)?.message ?? "an implementation-specific code";
      const data = { code, name, fix: fix.text };
      if (miss.field === "terminalId") {
        const method = miss.handlers[0]?.method.wire ?? "terminal/*";
        const expectedText = `${expected} ${model.acpCodes.get(expected)?.message ?? ""}`.trim();
        const messageId = answer.kind === "success" ? "terminalSuccess" : answer.kind === "internal" && !byConnection ? "terminalInternalError" : "terminalWrongCode";
        for (const node of places) report({ node, from: answer.node, messageId, data: { ...data, method, expected: expectedText }, suggest });
        continue;
      }
      const inCatch = miss.kind === "catch" || miss.kind === "after-catch";
      const messageId =
        miss.kind === "stub"
          ? "fileStub"
          : answer.kind === "success"
          ? inCatch && miss.catchAll
            ? "swallowed"
            : "fileSuccess"
          : inCatch && miss.catchAll
            ? "catchAllCode"
            : answer.kind === "internal" && !byConnection
              ? "fileInternalError"
              : "fileWrongCode";
      for (const node of places) report({ node, from: answer.node, messageId, data, suggest });
    }
  },
});
