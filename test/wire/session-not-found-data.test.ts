// session-not-found-data: what resourceNotFound and the suggested fixes put in a -32002's data on the wire.
import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { RequestError as RequestError20 } from "acp-sdk-2-0";
import { RequestError as RequestError21 } from "acp-sdk-2-1";
import { RequestError as LegacyRequestError } from "acp-sdk-legacy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, errorOf, rejectionOf, sentErrorFor, type Wire } from "./harness.js";
import { legacySentErrorFor } from "./legacy-harness.js";

const missing = "s-missing";

describe("the docs' incorrect agent (SDK 2.4.0)", () => {
  let wire: Wire;
  beforeAll(() => {
    const chats = new Map<string, { modes: string[] }>();
    const app = agent({ name: "dev-agent" });
    app.onRequest(methods.agent.session.setConfigOption, ({ params }) => {
      if (!chats.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
      return { configOptions: [] };
    });
    app.onRequest(methods.agent.session.close, ({ params }) => {
      if (!chats.delete(params.sessionId)) throw new RequestError(-32002, "Resource not found");
      return {};
    });
    wire = connect(app);
  });
  afterAll(() => wire.close());

  it("RequestError.resourceNotFound(id) sends -32002 with the id in data.uri and no data.sessionId", async () => {
    const { answer } = await wire.ask("session/set_config_option", { sessionId: missing, configId: "model", value: "fast" });
    expect(errorOf(answer)).toStrictEqual({ code: -32002, message: "Resource not found: s-missing", data: { uri: missing } });
  });

  it("a bare -32002 sends no data at all; the 2.4.0 client then takes it for a successful session/close", async () => {
    const { answer, outcome } = await wire.ask("session/close", { sessionId: missing });
    expect(errorOf(answer)).toStrictEqual({ code: -32002, message: "Resource not found" });
    expect(outcome).toStrictEqual({ value: {} });
  });

  it("a hand-built -32002 with { id } sends data.id, not data.sessionId", async () => {
    const unknownSession = (id: string) => new RequestError(-32002, `Session ${id} not found`, { id });
    expect(await sentErrorFor(() => unknownSession(missing))).toStrictEqual({ code: -32002, message: "Session s-missing not found", data: { id: missing } });
  });
});

describe("the suggested fixes (SDK 2.4.0)", () => {
  it("RequestError.sessionNotFound(id) sends -32002 with data.sessionId", async () => {
    expect(await sentErrorFor(() => RequestError.sessionNotFound(missing))).toStrictEqual({
      code: -32002,
      message: "Resource not found",
      data: { sessionId: missing },
    });
  });

  it('new RequestError(-32002, "Resource not found", { sessionId }) sends the same', async () => {
    expect(await sentErrorFor(() => new RequestError(-32002, "Resource not found", { sessionId: missing }))).toStrictEqual({
      code: -32002,
      message: "Resource not found",
      data: { sessionId: missing },
    });
  });

  it("the docs' correct session/close sends data.sessionId", async () => {
    const chats = new Map<string, { modes: string[] }>();
    const app = agent({ name: "dev-agent" }).onRequest(methods.agent.session.close, ({ params }) => {
      const { sessionId } = params;
      if (!chats.delete(sessionId)) throw new RequestError(-32002, "Resource not found", { sessionId });
      return {};
    });
    const wire = connect(app);
    const { answer } = await wire.ask("session/close", { sessionId: missing });
    await wire.close();
    expect(errorOf(answer)).toStrictEqual({ code: -32002, message: "Resource not found", data: { sessionId: missing } });
  });
});

describe("SDKs before 2.1", () => {
  it("sessionNotFound first appears in 2.1.0: 1.9.0 and 2.0.2 lack it", () => {
    expect(["sessionNotFound" in LegacyRequestError, "sessionNotFound" in RequestError20, "sessionNotFound" in RequestError21]).toStrictEqual([
      false,
      false,
      true,
    ]);
  });

  it("on 1.9.0, resourceNotFound(id) sends data.uri and the hand-built fix sends data.sessionId", async () => {
    const before = await legacySentErrorFor((id) => LegacyRequestError.resourceNotFound(id));
    expect(before.error).toStrictEqual({ code: -32002, message: "Resource not found: s-missing", data: { uri: missing } });
    const after = await legacySentErrorFor((sessionId) => new LegacyRequestError(-32002, "Resource not found", { sessionId }));
    expect(after.error).toStrictEqual({ code: -32002, message: "Resource not found", data: { sessionId: missing } });
    expect(rejectionOf(after.outcome)).toStrictEqual({ name: "RequestError", code: -32002, message: "Resource not found", data: { sessionId: missing } });
  });
});
