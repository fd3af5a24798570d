/**
 * The session rules on handlers written in delegate classes: bodies typed with the SDK's types in a class nothing
 * connects, and the same-file members a registration hands its params to. The caller's side of a method is no
 * handler, whatever it throws.
 */
import type { InvalidTestCase, TestCaseError } from "@typescript-eslint/rule-tester";
import deleteRule, { type MessageIds as DeleteIds } from "../../rules/idempotent-session-delete.js";
import checkRule, { type MessageIds as CheckIds } from "../../rules/require-session-check.js";
import { at, reportAt } from "../locate.js";
import { untypedTester } from "../rule-tester.js";

function invalid<M extends string>(name: string, code: string, errors: (code: string) => TestCaseError<M>[]): InvalidTestCase<M, []> {
  return { name, code, errors: errors(code) };
}
const report = reportAt;

const TYPES = `import { agent, methods, RequestError, type ClientSideConnection, type DeleteSessionRequest, type DeleteSessionResponse, type PromptRequest, type PromptResponse } from "@agentclientprotocol/sdk";
type Chat = { turns: number };
`;

const typedDelegate = `${TYPES}export class Turns {
  private readonly chats = new Map<string, Chat>();
  async prompt(params: PromptRequest): Promise<PromptResponse> {
    const chat = this.chats.get(params.sessionId);
    if (!chat) throw new Error("no such session");
    chat.turns += 1;
    return { stopReason: "end_turn" };
  }
}`;

const fieldDelegate = `${TYPES}const sessions = new Map<string, Chat>();
class Turns {
  run(params: { sessionId: string }) {
    const chat = sessions.get(params.sessionId);
    chat.turns += 1;
    return { stopReason: "end_turn" as const };
  }
}
export class Server {
  private readonly turns = new Turns();
  readonly app = agent({ name: "a" }).onRequest(methods.agent.session.prompt, (ctx) => this.turns.run(ctx.params));
}`;

untypedTester().run("require-session-check: delegate handlers", checkRule, {
  valid: [
    {
      name: "a client wrapper that forwards the request to its connection is the caller's side",
      code: `${TYPES}export class ChatClient {
  private readonly chats = new Map<string, Chat>();
  constructor(private readonly connection: ClientSideConnection) {}
  async prompt(params: PromptRequest): Promise<PromptResponse> {
    const chat = this.chats.get(params.sessionId);
    if (!chat) throw new Error("this session is closed");
    chat.turns += 1;
    return this.connection.prompt(params);
  }
}`,
    },
    {
      name: "a method with the legacy name and an untyped parameter in a class nothing connects is no handler",
      code: `${TYPES}export class Turns {
  private readonly chats = new Map<string, Chat>();
  async prompt(params: any) {
    const chat = this.chats.get(params.sessionId);
    if (!chat) throw new Error("no such session");
    return { stopReason: "end_turn" };
  }
}`,
    },
  ],
  invalid: [
    invalid<CheckIds>("a typed delegate throwing a plain Error answers -32603", typedDelegate, (c) => [report("internalError", c, 'new Error("no such session")')]),
    invalid<CheckIds>("a class field's member an SDK app delegates to uses its session unchecked", fieldDelegate, (c) => {
      const span = at(c, "chat.turns");
      return [{ messageId: "unguardedSession", line: span.line, column: span.column, endLine: span.line, endColumn: span.column + "chat".length }];
    }),
  ],
});

untypedTester().run("idempotent-session-delete: delegate handlers", deleteRule, {
  valid: [
    {
      name: "a typed delete that succeeds for a missing session",
      code: `${TYPES}export class Store {
  private readonly chats = new Map<string, Chat>();
  async deleteSession(params: DeleteSessionRequest): Promise<DeleteSessionResponse> {
    this.chats.delete(params.sessionId);
    return {};
  }
}`,
    },
  ],
  invalid: [
    invalid<DeleteIds>(
      "a typed delete that fails for a missing session",
      `${TYPES}export class Store {
  private readonly chats = new Map<string, Chat>();
  async remove(params: DeleteSessionRequest): Promise<DeleteSessionResponse> {
    if (!this.chats.has(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
    this.chats.delete(params.sessionId);
    return {};
  }
}`,
      (c) => [report("failsOnMissing", c, "RequestError.sessionNotFound(params.sessionId)")],
    ),
    invalid<DeleteIds>(
      "a delete an SDK app hands to a same-file class that fails for a missing session",
      `${TYPES}const chats = new Map<string, Chat>();
class Store {
  remove(params: { sessionId: string }) {
    if (!chats.delete(params.sessionId)) throw RequestError.sessionNotFound(params.sessionId);
    return {};
  }
}
const store = new Store();
export const app = agent({ name: "a" }).onRequest(methods.agent.session.delete, ({ params }) => store.remove(params));`,
      (c) => [report("failsOnMissing", c, "RequestError.sessionNotFound(params.sessionId)")],
    ),
  ],
});
