import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/utils";
import { describe, expect, it } from "vitest";
import { type AnswerContext, answerOf, sentAnswer } from "../../src/analysis/errors/answers.js";
import { answerCodes } from "../../src/analysis/errors/answer-codes.js";
import { findAll, modelOf, type ModelOptions, type Probed } from "./model-of.js";

function contextOf(probed: Probed): AnswerContext {
  const { model, sourceCode } = probed;
  return { sourceCode, values: model.values, sitesByNode: new Map(model.errorSites.map((s) => [s.node, s])), errorClasses: model.errorClasses };
}

/** For each `return x` of the code: x, the kind and node of the site it answers with, and the codes. */
function returnedAnswers(code: string, options: ModelOptions = {}) {
  const probed = modelOf(code, options);
  const ctx = contextOf(probed);
  const text = (node: TSESTree.Node) => probed.sourceCode.getText(node);
  return findAll(probed, (n): n is TSESTree.ReturnStatement => n.type === AST_NODE_TYPES.ReturnStatement && n.argument !== null).map((r) => {
    const answer = answerOf(r.argument!, ctx);
    return answer?.kind === "site"
      ? [text(r.argument!), answer.site.kind, text(answer.node), answerCodes(answer, probed.model.values)]
      : [text(r.argument!), answer?.kind];
  });
}

/** For each expression statement of the code: the statement, and the kind and node of the site it sends. */
function sentAnswers(code: string, options: ModelOptions = {}) {
  const probed = modelOf(code, options);
  const ctx = contextOf(probed);
  const text = (node: TSESTree.Node) => probed.sourceCode.getText(node);
  return findAll(probed, (n): n is TSESTree.ExpressionStatement => n.type === AST_NODE_TYPES.ExpressionStatement).map((s) => {
    const answer = sentAnswer(s, ctx);
    return answer?.kind === "site" ? [text(s), answer.site.kind, text(answer.node)] : [text(s)];
  });
}

const DISPATCH = `type Id = string | number | null;
type Failure = { code: number; message: string; data?: unknown };
declare function send(message: unknown): void;
const Errors = { invalidParams: -32602, notFound: -32002, busy: -32020 };
function refuse(id: Id, code: number, message: string, data?: unknown) {
  const error: Failure = { code, message, data };
  return { jsonrpc: "2.0" as const, id, error };
}
`;

describe("answers of returned responses", () => {
  it("answers with the helper call that builds the response, with the code of the file's table", () => {
    expect(returnedAnswers(`${DISPATCH}export function handle(req: { id: Id; method: string }) {
  if (req.method === "session/prompt") return refuse(req.id, Errors.invalidParams, "no such session");
  return refuse(req.id, -32601, "Method not found");
}
`).slice(1)).toEqual([
      [`refuse(req.id, Errors.invalidParams, "no such session")`, "helper-call", `refuse(req.id, Errors.invalidParams, "no such session")`, [-32602]],
      [`refuse(req.id, -32601, "Method not found")`, "helper-call", `refuse(req.id, -32601, "Method not found")`, [-32601]],
    ]);
  });

  it("answers with the error of a response held in a variable, built by a helper or sent by the return", () => {
    expect(returnedAnswers(`${DISPATCH}function toError(code: number, message: string) { return { code, message }; }
function fail(id: Id, code: number) { return refuse(id, code, "Busy"); }
export function a(id: Id) { const error = { code: -32001, message: "x" }; return { jsonrpc: "2.0", id, error }; }
export function b(id: Id) { return { jsonrpc: "2.0", id, error: toError(-32003, "y") }; }
export function c(id: Id) { const response = refuse(id, -32004, "z"); return response; }
export function d(id: Id) { return send({ jsonrpc: "2.0", id, error: { code: -32005, message: "w" } }); }
export function e(id: Id) { return fail(id, -32006); }
export function f(id: Id) { return { jsonrpc: "2.0", id, result: {} }; }
`).slice(3)).toEqual([
      ["{ jsonrpc: \"2.0\", id, error }", "object", `{ code: -32001, message: "x" }`, [-32001]],
      [`{ jsonrpc: "2.0", id, error: toError(-32003, "y") }`, "helper-call", `toError(-32003, "y")`, [-32003]],
      ["response", "helper-call", `refuse(id, -32004, "z")`, [-32004]],
      [`send({ jsonrpc: "2.0", id, error: { code: -32005, message: "w" } })`, "object", `{ code: -32005, message: "w" }`, [-32005]],
      ["fail(id, -32006)", "helper-call", "fail(id, -32006)", [-32006]],
      [`{ jsonrpc: "2.0", id, result: {} }`, undefined],
    ]);
  });
});

describe("sentAnswer: statements that send an error response", () => {
  it("tells the sending statements of a class that writes its responses", () => {
    expect(sentAnswers(`${DISPATCH}declare const transport: { error(id: Id, code: number, message: string): void };
declare const ws: { send(text: string): void };
export class Server {
  private write(message: unknown) { process.stdout.write(JSON.stringify(message) + "\\n"); }
  sendError(id: Id, code: number, message: string) { this.write({ jsonrpc: "2.0", id, error: { code, message } }); }
  reply(id: Id, code: number, message: string) { this.write(refuse(id, code, message)); }
  async handle(id: Id) {
    this.sendError(id, -32602, "x");
    await this.reply(id, -32002, "Resource not found");
    transport.error(id, -32602, "Unknown sessionId");
    send({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });
    ws.send(JSON.stringify(refuse(id, -32003, "busy")));
    void send(\`\${JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32004, message: "gone" } })}\\n\`);
    refuse(id, -32005, "built and dropped");
    console.log({ jsonrpc: "2.0", id, error: { code: -32006, message: "logged" } });
    send({ jsonrpc: "2.0", id, result: {} });
    send({ ok: false, error: { code: -32007, message: "no response" } });
  }
}
`).slice(3)).toEqual([
      [`this.sendError(id, -32602, "x");`, "helper-call", `this.sendError(id, -32602, "x")`],
      [`await this.reply(id, -32002, "Resource not found");`, "helper-call", `this.reply(id, -32002, "Resource not found")`],
      [`transport.error(id, -32602, "Unknown sessionId");`, "send-call", `transport.error(id, -32602, "Unknown sessionId")`],
      [`send({ jsonrpc: "2.0", id, error: { code: -32601, message: "Method not found" } });`, "object", `{ code: -32601, message: "Method not found" }`],
      [`ws.send(JSON.stringify(refuse(id, -32003, "busy")));`, "helper-call", `refuse(id, -32003, "busy")`],
      ['void send(`${JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32004, message: "gone" } })}\\n`);', "object", `{ code: -32004, message: "gone" }`],
      [`refuse(id, -32005, "built and dropped");`],
      [`console.log({ jsonrpc: "2.0", id, error: { code: -32006, message: "logged" } });`],
      [`send({ jsonrpc: "2.0", id, result: {} });`],
      [`send({ ok: false, error: { code: -32007, message: "no response" } });`],
    ]);
  });

  it("tells a helper that throws from one that sends", () => {
    expect(sentAnswers(`import { RequestError } from "@agentclientprotocol/sdk";
function fail(code: number, message: string): never { throw new RequestError(code, message); }
fail(-32002, "Resource not found");
`)).toEqual([[`fail(-32002, "Resource not found");`]]);
  });

  it("with type information, takes a sender of another file by its signature", () => {
    expect(sentAnswers(`import { Transport } from "./transport.js";
declare const transport: Transport;
transport.error(1, -32002, "Resource not found", { sessionId: "s" });
transport.result(1, { code: -32002, message: "a result" });
`, { typed: true })).toEqual([
      [`transport.error(1, -32002, "Resource not found", { sessionId: "s" });`, "send-call", `transport.error(1, -32002, "Resource not found", { sessionId: "s" })`],
      [`transport.result(1, { code: -32002, message: "a result" });`],
    ]);
  });
});
