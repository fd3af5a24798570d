// eslint-doc-generator reads the built plugin (dist/) and writes the README rule table and page headers.
/** @type {import('eslint-doc-generator').GenerateOptions} */
const config = {
  configEmoji: [
    ["recommended", "✅"],
    ["strict", "🔒"],
  ],
  ignoreConfig: ["all"],
  ruleDocTitleFormat: "desc-parens-prefix-name",
  ruleListColumns: ["name", "description", "configsError", "configsWarn", "fixable", "hasSuggestions", "options"],
  urlRuleDoc: (name) => `docs/rules/${name}.md`,
};

export default config;
