import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESLint, TSESTree } from "@typescript-eslint/utils";
import { clientVersionThrows, siteCodes, versionErrors } from "../src/analysis/index.js";
import { UNSUPPORTED_PROTOCOL_VERSION } from "../src/protocol/codes.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "errorForVersion" | "errorForVersionThrough" | "notUnsupportedVersion" | "notUnsupportedVersionThrough" | "clientRejectsOlder" | "useUnsupportedProtocolVersion";

const readsVersion = (node: TSESTree.Node) => node.type === AST_NODE_TYPES.MemberExpression && !node.computed && node.property.type === AST_NODE_TYPES.Identifier && node.property.name === "protocolVersion";

/** `RequestError.unsupportedProtocolVersion(requested, [supported])` from a guard `params.protocolVersion !== SUPPORTED`. */
function factoryText(guard: TSESTree.Node, name: string, sourceCode: Readonly<TSESLint.SourceCode>): string | undefined {
  if (guard.type !== AST_NODE_TYPES.BinaryExpression || guard.left.type === AST_NODE_TYPES.PrivateIdentifier) return undefined;
  const [requested, supported] = readsVersion(guard.left) ? [guard.left, guard.right] : readsVersion(guard.right) ? [guard.right, guard.left] : [];
  if (!requested || !supported) return undefined;
  return `${name}.unsupportedProtocolVersion(${sourceCode.getText(requested)}, [${sourceCode.getText(supported)}])`;
}

export default createRule<[], MessageIds>({
  name: "negotiate-protocol-version",
  meta: {
    type: "problem",
    docs: {
      description: "Require initialize to answer an unsupported requested protocol version with the latest supported one",
      spec: {
        requirement:
          "If the Agent supports the requested version, it MUST respond with the same version. Otherwise, the Agent MUST respond with the latest version it supports.",
        url: specUrl("initialization"),
      },
      recommended: "error",
    },
    messages: {
      errorForVersion:
        "An agent MUST answer a protocol version it does not support with the latest version it supports, not an error: return protocolVersion: Math.min(params.protocolVersion, LATEST).",
      errorForVersionThrough:
        "This call reaches {{helper}} ({{file}}), which throws for a protocol version it does not support: an agent MUST answer such a version with the latest version it supports, not an error: return protocolVersion: Math.min(params.protocolVersion, LATEST).",
      notUnsupportedVersionThrough:
        "This call reaches {{helper}} ({{file}}), which answers a protocol version it does not support with another error: in protocol version 2 that is answered only with -32022 and data { requested, supported }: use {{fix}} there.",
      notUnsupportedVersion:
        "In protocol version 2 an unsupported protocol version is answered only with -32022 and data { requested, supported }: use {{fix}}.",
      clientRejectsOlder:
        "An agent that does not support version {{requested}} MUST answer the latest version it supports, and {{supported}} says this client supports an older one too, yet it throws on any answer but {{requested}}: check the answered version against {{supported}} instead.",
      useUnsupportedProtocolVersion: "Answer with {{text}}.",
    },
    hasSuggestions: true,
    schema: [],
  },
  defaultOptions: [],
  check(model, report, { sourceCode }) {
    const v2 = model.settings.protocolVersion === 2;
    for (const { thrown, requested, supported } of clientVersionThrows(model, sourceCode)) {
      report({ node: thrown, messageId: "clientRejectsOlder", data: { requested: String(requested), supported: supported.name } });
    }
    // Another module's site is reported at the handler's call that reaches it, each call once (createRule).
    for (const { site, guard, through } of versionErrors(model, sourceCode)) {
      const place = through ? { node: through.call, data: { helper: through.helper, file: through.file } } : { node: site.node };
      if (!v2) {
        report({ ...place, messageId: through ? "errorForVersionThrough" : "errorForVersion" });
        continue;
      }
      if (site.factory?.name === "unsupportedProtocolVersion") continue;
      const codes = siteCodes(site, model.values);
      if (codes?.length === 1 && codes[0] === UNSUPPORTED_PROTOCOL_VERSION && site.data) continue;
      const fix = model.hasFactory("unsupportedProtocolVersion")
        ? "RequestError.unsupportedProtocolVersion(requested, supported)"
        : "code -32022 with data { requested, supported }";
      const name = model.hasFactory("unsupportedProtocolVersion") ? model.sdk.requestErrorName() : undefined;
      if (through) {
        report({ node: through.call, messageId: "notUnsupportedVersionThrough", data: { fix, helper: through.helper, file: through.file } });
        continue;
      }
      const text = name && factoryText(guard, name, sourceCode);
      const suggest = text ? [{ messageId: "useUnsupportedProtocolVersion" as const, data: { text }, fix: (f: TSESLint.RuleFixer) => f.replaceText(site.node, text) }] : [];
      report({ node: site.node, messageId: "notUnsupportedVersion", data: { fix }, suggest });
    }
  },
});
