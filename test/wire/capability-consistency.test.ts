// capability-consistency: the SDK answers by the handlers an app registers, never by what its initialize advertises.
import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import type { LoadSessionResponse } from "acp-sdk-legacy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connect, errorOf, type Exchange, type Wire } from "./harness.js";
import { connectLegacy, MinimalAgent } from "./legacy-harness.js";

const INIT = { protocolVersion: 1, clientCapabilities: {} };
const notFound = (method: string) => ({ code: -32601, message: `"Method not found": ${method}`, data: { method } });

/** Initializes (the two-argument initialize handler turns the SDK's -32600 gate on), then sends one request. */
async function askAfterInitialize(app: Parameters<typeof connect>[0], method: string, params: unknown): Promise<Exchange> {
  const wire = connect(app);
  try {
    await wire.ask("initialize", INIT);
    return await wire.ask(method, params);
  } finally {
    await wire.close();
  }
}

describe("the docs' incorrect agent (SDK 2.4.0): handlers without capabilities, a capability without handler", () => {
  let wire: Wire;
  const ran: string[] = [];
  beforeAll(() => {
    const app = agent({ name: "lifecycle-agent" })
      .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { loadSession: true } }))
      .onRequest(methods.agent.session.delete, () => {
        ran.push("session/delete");
        return {};
      });
    wire = connect(app);
  });
  afterAll(() => wire.close());

  it("initialize advertises loadSession and no sessionCapabilities.delete", async () => {
    const { answer } = await wire.ask("initialize", INIT);
    expect(answer.result).toMatchObject({ agentCapabilities: { loadSession: true } });
    expect(JSON.stringify(answer.result)).not.toContain("delete");
  });

  it("the un-advertised session/delete handler runs anyway and its result is sent", async () => {
    const { answer } = await wire.ask("session/delete", { sessionId: "s1" });
    expect(answer.result).toStrictEqual({});
    expect(ran).toStrictEqual(["session/delete"]);
  });

  it("the advertised session/load has no handler: the client's session/load gets -32601", async () => {
    const { answer, outcome } = await wire.ask("session/load", { sessionId: "s1", cwd: "/", mcpServers: [] });
    expect(errorOf(answer)).toStrictEqual(notFound("session/load"));
    expect(outcome).toHaveProperty("error");
  });
});

describe("an agent that does not advertise loadSession but registers its handler (SDK 2.4.0)", () => {
  it("the handler runs and its result is sent, where the spec wants -32601", async () => {
    let ran = false;
    const app = agent({ name: "a" })
      .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: {} }))
      .onRequest(methods.agent.session.load, () => {
        ran = true;
        return {};
      });
    const wire = connect(app);
    try {
      await wire.ask("initialize", INIT);
      const { answer } = await wire.ask("session/load", { sessionId: "s1", cwd: "/", mcpServers: [] });
      expect(answer.result).toStrictEqual({});
      expect(ran).toBe(true);
    } finally {
      await wire.close();
    }
  });
});

describe("the fixes (SDK 2.4.0)", () => {
  it("advertised and handled: session/load succeeds", async () => {
    const app = agent({ name: "a" })
      .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { loadSession: true, sessionCapabilities: { delete: {} } } }))
      .onRequest(methods.agent.session.load, () => ({}))
      .onRequest(methods.agent.session.delete, () => ({}));
    const wire = connect(app);
    try {
      const { answer } = await wire.ask("initialize", INIT);
      expect(answer.result).toMatchObject({ agentCapabilities: { loadSession: true, sessionCapabilities: { delete: {} } } });
      expect((await wire.ask("session/load", { sessionId: "s1", cwd: "/", mcpServers: [] })).answer.result).toStrictEqual({});
      expect((await wire.ask("session/delete", { sessionId: "s1" })).answer.result).toStrictEqual({});
    } finally {
      await wire.close();
    }
  });

  it("neither advertised nor handled: session/delete gets -32601, as the spec wants", async () => {
    const app = agent({ name: "a" }).onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: {} }));
    const { answer } = await askAfterInitialize(app, "session/delete", { sessionId: "s1" });
    expect(errorOf(answer)).toStrictEqual(notFound("session/delete"));
  });
});

describe("an advertised method without handler behind a `*` fallback that always throws (SDK 2.4.0)", () => {
  it("is answered with the fallback's error, not -32601", async () => {
    const app = agent({ name: "a" })
      .onRequest(methods.agent.initialize, () => ({ protocolVersion: 1, agentCapabilities: { loadSession: true } }))
      .onRequest("*", ({ method }) => {
        throw RequestError.internalError({ reason: `${method} is not supported` });
      });
    const { answer } = await askAfterInitialize(app, "session/load", { sessionId: "s1", cwd: "/", mcpServers: [] });
    expect(errorOf(answer)).toMatchObject({ code: -32603 });
  });
});

describe("legacy classes (SDK 1.9.0)", () => {
  it("a loadSession member runs whatever initialize advertises", async () => {
    class Loading extends MinimalAgent {
      loadSession(): LoadSessionResponse {
        return {};
      }
    }
    const wire = connectLegacy(new Loading());
    try {
      const init = await wire.ask("initialize", (a) => a.initialize(INIT));
      expect(JSON.stringify(init.answer.result)).not.toContain("loadSession");
      const { answer } = await wire.ask("session/load", (a) => a.loadSession({ sessionId: "s1", cwd: "/", mcpServers: [] }));
      expect(answer.result).toStrictEqual({});
    } finally {
      await wire.close();
    }
  });

  it("an advertised loadSession without the member: session/load gets -32601", async () => {
    class Advertising extends MinimalAgent {
      override initialize() {
        return { protocolVersion: 1, agentCapabilities: { loadSession: true } };
      }
    }
    const wire = connectLegacy(new Advertising());
    try {
      const { answer } = await wire.ask("session/load", (a) => a.loadSession({ sessionId: "s1", cwd: "/", mcpServers: [] }));
      expect(errorOf(answer)).toMatchObject({ code: -32601 });
    } finally {
      await wire.close();
    }
  });

  it("a member under the name older releases called (unstable_listSessions) is never run by 1.9.0: session/list gets -32601", async () => {
    class OldName extends MinimalAgent {
      override initialize() {
        return { protocolVersion: 1, agentCapabilities: { sessionCapabilities: { list: {} } } };
      }
      unstable_listSessions() {
        return { sessions: [] };
      }
    }
    const wire = connectLegacy(new OldName());
    try {
      const { answer } = await wire.ask("session/list", (a) => a.listSessions({}));
      expect(errorOf(answer)).toMatchObject({ code: -32601 });
    } finally {
      await wire.close();
    }
  });
});
