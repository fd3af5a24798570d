// prefer-error-factory: what each RequestError factory sends, next to the bare-number construction the rule replaces.
import { RequestError } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { sentErrorFor } from "./harness.js";

const method = "_acme/ping";
const uri = "file:///work/notes.md";
const sessionId = "s-1";
const cwd = "work";
const failure = "disk full";

type Row = [factory: string, bare: () => RequestError, built: () => RequestError, sent: object];

describe("factories that send exactly what the bare number did (SDK 2.4.0)", () => {
  const rows: Row[] = [
    ["parseError()", () => new RequestError(-32700, "Parse error"), () => RequestError.parseError(), { code: -32700, message: "Parse error" }],
    ["invalidRequest()", () => new RequestError(-32600, "Invalid request"), () => RequestError.invalidRequest(), { code: -32600, message: "Invalid request" }],
    ["invalidParams()", () => new RequestError(-32602, "Invalid params"), () => RequestError.invalidParams(), { code: -32602, message: "Invalid params" }],
    ["internalError()", () => new RequestError(-32603, "Internal error"), () => RequestError.internalError(), { code: -32603, message: "Internal error" }],
    ["requestCancelled()", () => new RequestError(-32800, "Request cancelled"), () => RequestError.requestCancelled(), { code: -32800, message: "Request cancelled" }],
    ["authRequired()", () => new RequestError(-32000, "Authentication required"), () => RequestError.authRequired(), { code: -32000, message: "Authentication required" }],
    ["resourceNotFound()", () => new RequestError(-32002, "Resource not found"), () => RequestError.resourceNotFound(), { code: -32002, message: "Resource not found" }],
    [
      "sessionNotFound(sessionId)",
      () => new RequestError(-32002, "Resource not found", { sessionId }),
      () => RequestError.sessionNotFound(sessionId),
      { code: -32002, message: "Resource not found", data: { sessionId } },
    ],
    [
      "unsupportedProtocolVersion(requested, supported)",
      () => new RequestError(-32022, "Unsupported protocol version", { requested: 3, supported: [1, 2] }),
      () => RequestError.unsupportedProtocolVersion(3, [1, 2]),
      { code: -32022, message: "Unsupported protocol version", data: { requested: 3, supported: [1, 2] } },
    ],
    ["invalidParams(data), keeping the data", () => new RequestError(-32602, "Invalid params", { cwd }), () => RequestError.invalidParams({ cwd }), { code: -32602, message: "Invalid params", data: { cwd } }],
    [
      'invalidParams(data, "…") for "Invalid params: …"',
      () => new RequestError(-32602, "Invalid params: cwd must be absolute", { cwd }),
      () => RequestError.invalidParams({ cwd }, "cwd must be absolute"),
      { code: -32602, message: "Invalid params: cwd must be absolute", data: { cwd } },
    ],
    [
      "internalError(undefined, `${e}`) for `Internal error: ${e}`",
      () => new RequestError(-32603, `Internal error: ${failure}`),
      () => RequestError.internalError(undefined, `${failure}`),
      { code: -32603, message: "Internal error: disk full" },
    ],
  ];

  it.each(rows)("%s", async (_, bare, built, sent) => {
    expect(await sentErrorFor(bare)).toStrictEqual(sent);
    expect(await sentErrorFor(built)).toStrictEqual(sent);
  });
});

describe("factories whose message differs from the bare construction's (SDK 2.4.0)", () => {
  it('methodNotFound(m) sends the message "Method not found": m, quotes included, and data { method }', async () => {
    expect(await sentErrorFor(() => new RequestError(-32601, "Method not found", { method }))).toStrictEqual({
      code: -32601,
      message: "Method not found",
      data: { method },
    });
    expect(await sentErrorFor(() => RequestError.methodNotFound(method))).toStrictEqual({
      code: -32601,
      message: '"Method not found": _acme/ping',
      data: { method },
    });
  });

  it("resourceNotFound(uri) appends the uri to the message and sends data { uri }", async () => {
    expect(await sentErrorFor(() => new RequestError(-32002, "Resource not found", { uri }))).toStrictEqual({
      code: -32002,
      message: "Resource not found",
      data: { uri },
    });
    expect(await sentErrorFor(() => RequestError.resourceNotFound(uri))).toStrictEqual({
      code: -32002,
      message: "Resource not found: file:///work/notes.md",
      data: { uri },
    });
  });

  it("a message other than the standard one becomes the additional message, after the standard one", async () => {
    expect(await sentErrorFor(() => new RequestError(-32602, "Unknown mode", { modeId: "yolo" }))).toStrictEqual({
      code: -32602,
      message: "Unknown mode",
      data: { modeId: "yolo" },
    });
    expect(await sentErrorFor(() => RequestError.invalidParams({ modeId: "yolo" }, "Unknown mode"))).toStrictEqual({
      code: -32602,
      message: "Invalid params: Unknown mode",
      data: { modeId: "yolo" },
    });
  });

  it("sessionNotFound replaces a custom -32002 message with the standard one", async () => {
    expect(await sentErrorFor(() => new RequestError(-32002, "Session not found", { sessionId }))).toStrictEqual({
      code: -32002,
      message: "Session not found",
      data: { sessionId },
    });
    expect(await sentErrorFor(() => RequestError.sessionNotFound(sessionId))).toStrictEqual({
      code: -32002,
      message: "Resource not found",
      data: { sessionId },
    });
  });
});

describe("the (data?, additionalMessage?) factories' first argument is the data (SDK 2.4.0)", () => {
  it('invalidParams("cwd must be absolute") sends the standard message with the string as data', async () => {
    expect(await sentErrorFor(() => RequestError.invalidParams("cwd must be absolute"))).toStrictEqual({
      code: -32602,
      message: "Invalid params",
      data: "cwd must be absolute",
    });
  });

  it.each([
    ["parseError", RequestError.parseError, -32700, "Parse error"],
    ["invalidRequest", RequestError.invalidRequest, -32600, "Invalid request"],
    ["invalidParams", RequestError.invalidParams, -32602, "Invalid params"],
    ["internalError", RequestError.internalError, -32603, "Internal error"],
    ["requestCancelled", RequestError.requestCancelled, -32800, "Request cancelled"],
    ["authRequired", RequestError.authRequired, -32000, "Authentication required"],
  ] as const)("%s(data, extra) sends `<standard>: extra` and the data", async (_, factory, code, standard) => {
    expect(await sentErrorFor(() => factory({ cwd }, "cwd must be absolute"))).toStrictEqual({
      code,
      message: `${standard}: cwd must be absolute`,
      data: { cwd },
    });
  });
});
