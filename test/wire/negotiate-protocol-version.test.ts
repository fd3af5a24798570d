// negotiate-protocol-version: what an SDK 2.4.0 agent sends for initialize with protocolVersion 99.
import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { askOnce, errorOf } from "./harness.js";

const LATEST = 1;
const REQUEST = { protocolVersion: 99, clientCapabilities: {} };

describe("initialize with protocolVersion 99 (SDK 2.4.0)", () => {
  it("the incorrect agent sends an error: -32600 from RequestError.invalidRequest", async () => {
    const app = agent({ name: "strict" }).onRequest(methods.agent.initialize, ({ params }) => {
      if (params.protocolVersion !== LATEST) throw RequestError.invalidRequest({ supported: LATEST });
      return { protocolVersion: LATEST, agentCapabilities: {} };
    });
    const { answer } = await askOnce(app, "initialize", REQUEST);
    expect(errorOf(answer)).toMatchObject({ code: -32600, data: { supported: LATEST } });
  });

  it("the fix answers with the latest supported version, protocolVersion: 1", async () => {
    const app = agent({ name: "negotiating" }).onRequest(methods.agent.initialize, ({ params }) => ({
      protocolVersion: Math.min(params.protocolVersion, LATEST),
      agentCapabilities: {},
    }));
    const { answer } = await askOnce(app, "initialize", REQUEST);
    expect(answer).toMatchObject({ result: { protocolVersion: 1 } });
  });

  it("v2's unsupportedProtocolVersion sends -32022 with data { requested, supported }", async () => {
    const app = agent({ name: "v2" }).onRequest(methods.agent.initialize, ({ params }) => {
      throw RequestError.unsupportedProtocolVersion(params.protocolVersion, [LATEST]);
    });
    const { answer } = await askOnce(app, "initialize", REQUEST);
    expect(errorOf(answer)).toMatchObject({ code: -32022, data: { requested: 99, supported: [LATEST] } });
  });
});
