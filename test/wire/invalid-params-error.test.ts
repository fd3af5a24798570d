// invalid-params-error: what goes on the wire for failing params, in the docs' examples and the rule's messages.
import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import {
  type ListSessionsRequest,
  RequestError as LegacyRequestError,
  type SetSessionConfigOptionRequest,
  type SetSessionModeRequest,
} from "acp-sdk-legacy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z, ZodError } from "zod";
import { askOnce, connect, errorOf, rejectionOf, type Wire } from "./harness.js";
import { connectLegacy, MinimalAgent } from "./legacy-harness.js";

const MODES = ["ask", "code"];
const setMode = (modeId: string) => ({ sessionId: "s-1", modeId });
const Cwd = z.object({ cwd: z.string().min(1) });

/** The error an SDK 2.4.0 agent sends when its set_mode handler throws `thrown(modeId)` for an unknown mode. */
async function setModeError(thrown: (modeId: string) => unknown): Promise<unknown> {
  const app = agent({ name: "mode-agent" }).onRequest(methods.agent.session.setMode, ({ params }) => {
    if (!MODES.includes(params.modeId)) throw thrown(params.modeId);
    return {};
  });
  return errorOf((await askOnce(app, "session/set_mode", setMode("yolo"))).answer);
}

describe("the docs' incorrect agent (SDK 2.4.0)", () => {
  let wire: Wire;
  beforeAll(() => {
    const app = agent({ name: "dev-agent" });
    app.onRequest(methods.agent.session.setMode, ({ params }) => {
      if (!MODES.includes(params.modeId)) throw RequestError.internalError({ modeId: params.modeId });
      return {};
    });
    app.onRequest(methods.agent.session.list, ({ params }) => {
      try {
        JSON.parse(Buffer.from(params.cursor ?? "e30=", "base64").toString("utf8"));
      } catch {
        throw new Error("bad cursor");
      }
      return { sessions: [] };
    });
    app.onRequest(methods.agent.session.new, ({ params }) => {
      try {
        Cwd.parse(params);
      } catch (e) {
        throw new Error(`invalid params: ${(e as Error).name}`, { cause: e });
      }
      return { sessionId: "s-1" };
    });
    wire = connect(app);
  });
  afterAll(() => wire.close());

  it("internalError for an unknown mode is sent as -32603 Internal error", async () => {
    const { answer, outcome } = await wire.ask("session/set_mode", setMode("yolo"));
    expect(errorOf(answer)).toStrictEqual({ code: -32603, message: "Internal error", data: { modeId: "yolo" } });
    expect(rejectionOf(outcome)).toStrictEqual({ name: "RequestError", code: -32603, message: "Internal error", data: { modeId: "yolo" } });
  });

  it("a plain Error for a cursor that does not decode is sent as -32603, its message in data.details", async () => {
    const { answer } = await wire.ask("session/list", { cursor: "bm90IGpzb24" });
    expect(errorOf(answer)).toStrictEqual({ code: -32603, message: "Internal error", data: { details: "bad cursor" } });
  });

  it("a zod error caught and rethrown as a plain Error is sent as -32603", async () => {
    const { answer } = await wire.ask("session/new", { cwd: "", mcpServers: [] });
    expect(errorOf(answer)).toStrictEqual({ code: -32603, message: "Internal error", data: { details: "invalid params: ZodError" } });
  });
});

describe("the wrong answers the rule's messages name (SDK 2.4.0)", () => {
  it("a thrown { code, message } object is not a RequestError: -32603, whatever its code", async () => {
    expect(await setModeError(() => ({ code: -32602, message: "Unknown mode" }))).toStrictEqual({
      code: -32603,
      message: "Internal error",
      data: { details: "Unknown mode" },
    });
  });

  it("so are Object.assign(new Error(m), { code }) and an Error subclass holding a code", async () => {
    class ModeError extends Error {
      code = -32001;
    }
    const lost = { code: -32603, message: "Internal error", data: { details: "Unknown mode" } };
    expect(await setModeError(() => Object.assign(new Error("Unknown mode"), { code: -32001 }))).toStrictEqual(lost);
    expect(await setModeError(() => new ModeError("Unknown mode"))).toStrictEqual(lost);
  });

  it("a thrown string is -32603 too", async () => {
    expect(await setModeError((id) => `unknown mode ${id}`)).toStrictEqual({ code: -32603, message: "Internal error", data: {} });
  });

  it("other codes go out as thrown: -32001, resourceNotFound's -32002, authRequired's -32000", async () => {
    expect(await setModeError(() => new RequestError(-32001, "Unknown mode"))).toStrictEqual({ code: -32001, message: "Unknown mode" });
    expect(await setModeError((id) => RequestError.resourceNotFound(id))).toStrictEqual({ code: -32002, message: "Resource not found: yolo", data: { uri: "yolo" } });
    expect(await setModeError((id) => RequestError.authRequired({ modeId: id }))).toStrictEqual({
      code: -32000,
      message: "Authentication required",
      data: { modeId: "yolo" },
    });
  });

  it("the SDK checks the params' shape itself (-32602 before the handler runs), not whether a mode exists", async () => {
    let ran = 0;
    const app = agent({ name: "shape-agent" }).onRequest(methods.agent.session.setMode, () => {
      ran += 1;
      return {};
    });
    const malformed = errorOf((await askOnce(app, "session/set_mode", { sessionId: "s-1" })).answer) as { code: unknown };
    expect(malformed.code).toBe(-32602);
    expect(ran).toBe(0);
    const unknown = await askOnce(app, "session/set_mode", setMode("yolo"));
    expect(unknown.answer.result).toStrictEqual({});
    expect(ran).toBe(1);
  });
});

describe("the fix (SDK 2.4.0)", () => {
  it("RequestError.invalidParams({ modeId }) is sent as -32602 Invalid params with its data", async () => {
    expect(await setModeError((modeId) => RequestError.invalidParams({ modeId }))).toStrictEqual({ code: -32602, message: "Invalid params", data: { modeId: "yolo" } });
  });

  it("invalidParams(undefined, message) keeps the message after the standard one", async () => {
    expect(await setModeError(() => RequestError.invalidParams(undefined, "unknown mode"))).toStrictEqual({ code: -32602, message: "Invalid params: unknown mode" });
  });

  it("new RequestError(-32602, message) is sent as written", async () => {
    expect(await setModeError(() => new RequestError(-32602, "Unknown mode"))).toStrictEqual({ code: -32602, message: "Unknown mode" });
  });

  it("a zod error rethrown unchanged is sent as -32602 Invalid params", async () => {
    const app = agent({ name: "zod-agent" }).onRequest(methods.agent.session.new, ({ params }) => {
      try {
        Cwd.parse(params);
      } catch (e) {
        if (e instanceof ZodError) throw e;
        throw RequestError.internalError();
      }
      return { sessionId: "s-1" };
    });
    const error = errorOf((await askOnce(app, "session/new", { cwd: "", mcpServers: [] })).answer) as { code: unknown; message: unknown };
    expect({ code: error.code, message: error.message }).toStrictEqual({ code: -32602, message: "Invalid params" });
  });

  it("a known mode still succeeds", async () => {
    const app = agent({ name: "mode-agent" }).onRequest(methods.agent.session.setMode, ({ params }) => {
      if (!MODES.includes(params.modeId)) throw RequestError.invalidParams({ modeId: params.modeId });
      return {};
    });
    expect((await askOnce(app, "session/set_mode", setMode("code"))).answer.result).toStrictEqual({});
  });
});

describe("a legacy Agent class (SDK 1.9.0)", () => {
  class ModeAgent extends MinimalAgent {
    constructor(private readonly fail: (modeId: string) => unknown) {
      super();
    }
    setSessionMode(params: SetSessionModeRequest) {
      if (!MODES.includes(params.modeId)) throw this.fail(params.modeId);
      return {};
    }
    setSessionConfigOption(params: SetSessionConfigOptionRequest) {
      if (typeof params.value !== "string") throw new Error("value must be a string");
      return { configOptions: [] };
    }
    listSessions(params: ListSessionsRequest) {
      if (typeof params.cursor === "string" && Number.isNaN(Number(params.cursor))) throw this.fail(params.cursor);
      return { sessions: [] };
    }
  }

  async function legacyError(fail: (modeId: string) => unknown, method = "session/set_mode"): Promise<{ error: unknown; outcome: unknown }> {
    const wire = connectLegacy(new ModeAgent(fail));
    try {
      const { answer, outcome } =
        method === "session/set_mode"
          ? await wire.ask(method, (a) => a.setSessionMode(setMode("yolo")))
          : method === "session/list"
            ? await wire.ask(method, (a) => a.listSessions({ cursor: "not-a-number" }))
            : await wire.ask(method, (a) => a.setSessionConfigOption({ sessionId: "s-1", configId: "fast", type: "boolean", value: true }));
      return { error: errorOf(answer), outcome };
    } finally {
      await wire.close();
    }
  }

  it("internalError is sent as -32603, and ClientSideConnection rejects with it", async () => {
    const { error, outcome } = await legacyError((modeId) => LegacyRequestError.internalError({ modeId }));
    expect(error).toStrictEqual({ code: -32603, message: "Internal error", data: { modeId: "yolo" } });
    expect(rejectionOf(outcome as never)).toStrictEqual({ name: "RequestError", code: -32603, message: "Internal error", data: { modeId: "yolo" } });
  });

  it("a plain Error is sent as -32603 with data.details (set_mode, list, set_config_option)", async () => {
    expect((await legacyError(() => new Error("unknown mode"))).error).toStrictEqual({ code: -32603, message: "Internal error", data: { details: "unknown mode" } });
    expect((await legacyError(() => new Error("bad cursor"), "session/list")).error).toStrictEqual({ code: -32603, message: "Internal error", data: { details: "bad cursor" } });
    expect((await legacyError(() => undefined, "session/set_config_option")).error).toStrictEqual({
      code: -32603,
      message: "Internal error",
      data: { details: "value must be a string" },
    });
  });

  it("a thrown { code, message } object loses its code there too", async () => {
    expect((await legacyError(() => ({ code: -32001, message: "Unknown mode" }))).error).toStrictEqual({
      code: -32603,
      message: "Internal error",
      data: { details: "Unknown mode" },
    });
  });

  it("the fix: invalidParams is sent as -32602", async () => {
    expect((await legacyError((modeId) => LegacyRequestError.invalidParams({ modeId }))).error).toStrictEqual({
      code: -32602,
      message: "Invalid params",
      data: { modeId: "yolo" },
    });
    expect((await legacyError(() => LegacyRequestError.invalidParams(undefined, "bad cursor"), "session/list")).error).toStrictEqual({
      code: -32602,
      message: "Invalid params: bad cursor",
    });
  });
});
