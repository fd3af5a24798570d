// Advice that fits the user's SDK: each message and suggestion of the rules that name RequestError factories,
// under settings.acp.sdkVersion, with no SDK installed, with an SDK detected in a project, and with this
// repository's own SDK (2.4.0) detected.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { InvalidTestCase, TestCaseError, ValidTestCase } from "@typescript-eslint/rule-tester";
import preferErrorFactory, { type MessageIds as FactoryIds } from "../../rules/prefer-error-factory.js";
import requireSessionCheck, { type MessageIds as CheckIds } from "../../rules/require-session-check.js";
import sessionNotFoundData, { type MessageIds as DataIds } from "../../rules/session-not-found-data.js";
import { at, indexOf } from "../locate.js";
import { untypedTester } from "../rule-tester.js";
import { folderWithSdks } from "../sdk-install.js";

/** A file in a fresh directory outside the repository, with the SDK packages given installed (package.json only). */
function fileIn(packages: Record<string, string>): string {
  return join(folderWithSdks(packages, "acp-advice-"), "agent.ts");
}

/** A file in a fresh project whose package.json declares `dependencies`, with the SDK packages `installed`. */
function fileDeclaring(dependencies: Record<string, string>, installed: Record<string, string> = {}): string {
  const dir = folderWithSdks(installed, "acp-advice-");
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "agent", dependencies }));
  return join(dir, "agent.ts");
}

/** How a case learns its SDK version, and which version that is (undefined: unknown). */
interface Setup {
  readonly label: string;
  readonly version: string | undefined;
  readonly extra: { settings?: Record<string, unknown>; filename?: string };
}

const SETUPS: readonly Setup[] = [
  { label: "sdkVersion 0.28.1", version: "0.28.1", extra: { settings: { acp: { sdkVersion: "0.28.1" } } } },
  { label: "sdkVersion 1.8.0", version: "1.8.0", extra: { settings: { acp: { sdkVersion: "1.8.0" } } } },
  { label: "sdkVersion 1.9.0", version: "1.9.0", extra: { settings: { acp: { sdkVersion: "1.9.0" } } } },
  { label: "sdkVersion 2.0.0", version: "2.0.0", extra: { settings: { acp: { sdkVersion: "2.0.0" } } } },
  { label: "sdkVersion 2.4.0", version: "2.4.0", extra: { settings: { acp: { sdkVersion: "2.4.0" } } } },
  { label: "no SDK installed", version: undefined, extra: { filename: fileIn({}) } },
  { label: "SDK 1.9.0 detected in the file's project", version: "1.9.0", extra: { filename: fileIn({ "@agentclientprotocol/sdk": "1.9.0" }) } },
  { label: "the legacy package 0.4.5 detected", version: "0.4.5", extra: { filename: fileIn({ "@zed-industries/agent-client-protocol": "0.4.5" }) } },
  { label: "sdkVersion 2.4.0 over an installed 1.9.0", version: "2.4.0", extra: { settings: { acp: { sdkVersion: "2.4.0" } }, filename: fileIn({ "@agentclientprotocol/sdk": "1.9.0" }) } },
  { label: "this repository's SDK detected (2.4.0)", version: "2.4.0", extra: {} },
  // None installed (a fresh clone, CI before `npm ci`): the lowest version package.json's range allows.
  { label: "none installed, ^2.1.0 declared", version: "2.1.0", extra: { filename: fileDeclaring({ "@agentclientprotocol/sdk": "^2.1.0" }) } },
  { label: "none installed, ~2.0.2 declared", version: "2.0.2", extra: { filename: fileDeclaring({ "@agentclientprotocol/sdk": "~2.0.2" }) } },
  { label: "none installed, ^0.4.5 of the legacy package declared", version: "0.4.5", extra: { filename: fileDeclaring({ "@zed-industries/agent-client-protocol": "^0.4.5" }) } },
  { label: "none installed, latest declared", version: undefined, extra: { filename: fileDeclaring({ "@agentclientprotocol/sdk": "latest" }) } },
  { label: "1.9.0 installed over ^2.1.0 declared", version: "1.9.0", extra: { filename: fileDeclaring({ "@agentclientprotocol/sdk": "^2.1.0" }, { "@agentclientprotocol/sdk": "1.9.0" }) } },
];

const atLeast = (version: string | undefined, since: [number, number, number]) => {
  if (!version) return false;
  const parts = version.split(".").map(Number);
  for (let i = 0; i < 3; i++) if (parts[i] !== since[i]) return parts[i]! > since[i]!;
  return true;
};
/** What each version declares, written out here rather than taken from the plugin. */
const hasSessionNotFound = (v: string | undefined) => atLeast(v, [2, 1, 0]);
const hasRequestCancelled = (v: string | undefined) => atLeast(v, [0, 29, 0]);
const hasUnsupportedProtocolVersion = (v: string | undefined) => atLeast(v, [1, 9, 0]);

/** The fix the session rules' messages name. */
const fixFor = (v: string | undefined) =>
  hasSessionNotFound(v) ? "RequestError.sessionNotFound(sessionId)" : 'new RequestError(-32002, "Resource not found", { sessionId })';

const SDK = `import { agent, methods, RequestError } from "@agentclientprotocol/sdk";
type Chat = { turns: number };
const sessions = new Map<string, Chat>();
export const app = agent({ name: "a" });
app.onRequest(methods.agent.session.new, () => {
  const id = crypto.randomUUID();
  sessions.set(id, { turns: 0 });
  return { sessionId: id };
});
`;

// ---------------------------------------------------------------------------------------------------------------
// require-session-check: every message names the fix the version has.
// ---------------------------------------------------------------------------------------------------------------

const sessionCheckCode = `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  const chat = sessions.get(params.sessionId);
  chat.turns += 1;
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.setMode, ({ params }) => {
  sessions.get(params.sessionId)!.turns = 0;
  return {};
});
app.onRequest(methods.agent.session.load, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(-32001, "No such session");
  return {};
});
app.onRequest(methods.agent.session.resume, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new Error("No such session");
  return {};
});`;

function sessionCheckErrors(version: string | undefined): TestCaseError<CheckIds>[] {
  const fix = fixFor(version);
  const code = sessionCheckCode;
  const chat = at(code, "chat.turns += 1");
  const bang = at(code, "sessions.get(params.sessionId)!");
  return [
    { messageId: "unguardedSession", data: { fix }, line: chat.line, column: chat.column, endLine: chat.line, endColumn: chat.column + 4 },
    { messageId: "assertedSession", data: { fix }, line: bang.endLine, column: bang.endColumn - 1, endLine: bang.endLine, endColumn: bang.endColumn },
    { messageId: "wrongCode", data: { code: -32001, name: "an implementation-specific code", fix }, ...at(code, 'new RequestError(-32001, "No such session")') },
    { messageId: "internalError", data: { fix }, ...at(code, 'new Error("No such session")') },
  ];
}

untypedTester().run("require-session-check (SDK versions)", requireSessionCheck, {
  valid: [],
  invalid: SETUPS.map(
    (setup): InvalidTestCase<CheckIds, []> => ({
      name: `${setup.label}: the fix named is ${fixFor(setup.version)}`,
      code: sessionCheckCode,
      ...setup.extra,
      errors: sessionCheckErrors(setup.version),
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------------------
// session-not-found-data: the messages name the version's fix; the one suggestion is what the version can write.
// ---------------------------------------------------------------------------------------------------------------

const sessionDataCode = `${SDK}app.onRequest(methods.agent.session.prompt, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw RequestError.resourceNotFound(params.sessionId);
  return { stopReason: "end_turn" };
});
app.onRequest(methods.agent.session.load, ({ params: { sessionId } }) => {
  if (!sessions.has(sessionId)) throw RequestError.resourceNotFound(sessionId);
  return {};
});
app.onRequest(methods.agent.session.resume, ({ params }) => {
  if (!sessions.has(params.sessionId)) throw new RequestError(-32002, "Resource not found", { reason: "gone" });
  return {};
});`;

/** `resourceNotFoundForSession` on `RequestError.resourceNotFound(<id>)`, with the suggestion the version gets. */
function resourceNotFound(version: string | undefined, id: string): TestCaseError<DataIds> {
  const code = sessionDataCode;
  const text = `RequestError.resourceNotFound(${id})`;
  const start = indexOf(code, text);
  const replace = (from: number, to: number, by: string) => code.slice(0, from) + by + code.slice(to);
  const data = id === "sessionId" ? "{ sessionId }" : `{ sessionId: ${id} }`;
  const suggestion = hasSessionNotFound(version)
    ? { messageId: "useSessionNotFound" as const, data: { id }, output: replace(start, start + text.length, `RequestError.sessionNotFound(${id})`) }
    : {
        messageId: "useRequestError" as const,
        data: { id },
        output: replace(start, start + text.length, `new RequestError(-32002, "Resource not found", ${data})`),
      };
  return { messageId: "resourceNotFoundForSession", data: { fix: fixFor(version) }, ...at(code, text), suggestions: [suggestion] };
}

untypedTester().run("session-not-found-data (SDK versions)", sessionNotFoundData, {
  valid: [],
  invalid: SETUPS.map(
    (setup): InvalidTestCase<DataIds, []> => ({
      name: `${setup.label}: ${hasSessionNotFound(setup.version) ? "useSessionNotFound" : "useRequestError"}`,
      code: sessionDataCode,
      ...setup.extra,
      errors: [
        resourceNotFound(setup.version, "params.sessionId"),
        resourceNotFound(setup.version, "sessionId"),
        {
          messageId: "missingSessionId",
          data: { fix: fixFor(setup.version) },
          ...at(sessionDataCode, 'new RequestError(-32002, "Resource not found", { reason: "gone" })'),
          suggestions: [],
        },
      ],
    }),
  ),
});

// ---------------------------------------------------------------------------------------------------------------
// prefer-error-factory: a factory is asked for only where the version declares it.
// ---------------------------------------------------------------------------------------------------------------

const FACTORY_SDK = 'import { RequestError } from "@agentclientprotocol/sdk";\n';
const sessionGoneCode = `${FACTORY_SDK}export const gone = (sessionId: string) => new RequestError(-32002, "Resource not found", { sessionId });`;
const cancelledCode = `${FACTORY_SDK}export const cancelled = () => new RequestError(-32800, "Request cancelled");`;
const unsupportedCode = `${FACTORY_SDK}export const unsupported = (requested: number) =>
  new RequestError(-32022, "Unsupported protocol version", { requested, supported: [1, 2] });`;
/** Without type information a resource's -32002 still has resourceNotFound, in every version. */
const resourceCode = `${FACTORY_SDK}export const missing = (uri: string) => new RequestError(-32002, "Resource not found", { uri });`;

/** A `useFactory` report on the bare `code` of `source`, with the one suggestion that rewrites `from` to `to`. */
function useFactory(source: string, code: number, name: string, factory: string, from: string, to: string): TestCaseError<FactoryIds> {
  const start = indexOf(source, from);
  return {
    messageId: "useFactory",
    data: { code, name, meaning: "", factory },
    ...at(source, String(code)),
    suggestions: [{ messageId: "replaceWithFactory", data: { factory }, output: source.slice(0, start) + to + source.slice(start + from.length) }],
  };
}

function useNamedConstant(source: string, code: number, name: string): TestCaseError<FactoryIds> {
  return { messageId: "useNamedConstant", data: { code, name, meaning: "", constant: name }, ...at(source, String(code)), suggestions: [] };
}

const factoryValid: ValidTestCase<[]>[] = [];
const factoryInvalid: InvalidTestCase<FactoryIds, []>[] = [];
for (const setup of SETUPS) {
  const v = setup.version;
  const from = (code: string) => code.slice(code.indexOf("new RequestError("), code.lastIndexOf(")") + 1);

  // -32002 with exactly { sessionId }: sessionNotFound from 2.1.0; before it, the construction is how to write it.
  if (hasSessionNotFound(v)) {
    factoryInvalid.push({
      name: `${setup.label}: -32002 with { sessionId } asks for sessionNotFound`,
      code: sessionGoneCode,
      ...setup.extra,
      errors: [useFactory(sessionGoneCode, -32002, "ResourceNotFound", "sessionNotFound", from(sessionGoneCode), "RequestError.sessionNotFound(sessionId)")],
    });
  } else {
    factoryValid.push({ name: `${setup.label}: -32002 with { sessionId } is how this SDK writes it`, code: sessionGoneCode, ...setup.extra });
  }

  factoryInvalid.push({
    name: `${setup.label}: -32800 ${hasRequestCancelled(v) ? "asks for requestCancelled" : "asks for a named constant"}`,
    code: cancelledCode,
    ...setup.extra,
    errors: [
      hasRequestCancelled(v)
        ? useFactory(cancelledCode, -32800, "RequestCancelled", "requestCancelled", from(cancelledCode), "RequestError.requestCancelled()")
        : useNamedConstant(cancelledCode, -32800, "RequestCancelled"),
    ],
  });

  // -32022 is an ACP code under protocol version 2 only.
  const v2 = { ...setup.extra, settings: { acp: { ...(setup.extra.settings?.["acp"] as object), protocolVersion: 2 } } };
  factoryInvalid.push({
    name: `${setup.label}, protocolVersion 2: -32022 ${hasUnsupportedProtocolVersion(v) ? "asks for unsupportedProtocolVersion" : "asks for a named constant"}`,
    code: unsupportedCode,
    ...v2,
    errors: [
      hasUnsupportedProtocolVersion(v)
        ? useFactory(
            unsupportedCode,
            -32022,
            "UnsupportedProtocolVersion",
            "unsupportedProtocolVersion",
            from(unsupportedCode),
            "RequestError.unsupportedProtocolVersion(requested, [1, 2])",
          )
        : useNamedConstant(unsupportedCode, -32022, "UnsupportedProtocolVersion"),
    ],
  });

  factoryInvalid.push({
    name: `${setup.label}: -32002 with { uri } asks for resourceNotFound, which every version has`,
    code: resourceCode,
    ...setup.extra,
    errors: [useFactory(resourceCode, -32002, "ResourceNotFound", "resourceNotFound", from(resourceCode), "RequestError.resourceNotFound(uri)")],
  });
}

untypedTester().run("prefer-error-factory (SDK versions)", preferErrorFactory, { valid: factoryValid, invalid: factoryInvalid });
