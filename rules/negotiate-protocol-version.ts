import { getModel, siteCodes } from "../src/analysis/index.js";
import { versionErrors } from "../src/analysis/initialization/version-errors.js";
import { clientVersionThrows } from "../src/analysis/initialization/client-version.js";
import { specUrl } from "../src/protocol/links.js";
import { createRule } from "../src/create-rule.js";

export type MessageIds = "errorForVersion" | "notUnsupportedVersion" | "clientRejectsOlder";

const UNSUPPORTED_PROTOCOL_VERSION = -32022;

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
      notUnsupportedVersion:
        "In protocol version 2 an unsupported protocol version is answered only with -32022 and data { requested, supported }: use {{fix}}.",
      clientRejectsOlder:
        "An agent MUST answer an unsupported requested version with the latest version it supports, so an older answer is expected: check whether you support the answered version instead of requiring the one you requested.",
    },
    schema: [],
  },
  defaultOptions: [],
  create(context) {
    return {
      Program() {
        const model = getModel(context);
        const v2 = model.settings.protocolVersion === 2;
        for (const thrown of clientVersionThrows(model, context.sourceCode)) context.report({ node: thrown, messageId: "clientRejectsOlder" });
        for (const { site } of versionErrors(model, context.sourceCode)) {
          if (!v2) {
            context.report({ node: site.node, messageId: "errorForVersion" });
            continue;
          }
          if (site.factory?.name === "unsupportedProtocolVersion") continue;
          const codes = siteCodes(site, model.values);
          if (codes?.length === 1 && codes[0] === UNSUPPORTED_PROTOCOL_VERSION && site.data) continue;
          const fix = model.hasFactory("unsupportedProtocolVersion")
            ? "RequestError.unsupportedProtocolVersion(requested, supported)"
            : "code -32022 with data { requested, supported }";
          context.report({ node: site.node, messageId: "notUnsupportedVersion", data: { fix } });
        }
      },
    };
  },
});
