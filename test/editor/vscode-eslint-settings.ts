// The settings the VS Code ESLint extension answers the server's `workspace/configuration` request with
// (its defaults for a flat-config project; Neovim's nvim-lspconfig and Helix send the same shape). The server
// reads each of these fields without checking it is there, so a missing one stops validation.
import { pathToFileURL } from "node:url";
import { basename } from "node:path";

export function vscodeEslintSettings(workspaceDir: string) {
  return {
    validate: "on",
    packageManager: "npm",
    useESLintClass: false,
    useFlatConfig: true,
    experimental: {},
    codeAction: {
      disableRuleComment: { enable: true, location: "separateLine" },
      showDocumentation: { enable: true },
    },
    codeActionOnSave: { mode: "all" },
    format: false,
    quiet: false,
    onIgnoredFiles: "off",
    options: {},
    rulesCustomizations: [],
    run: "onType",
    problems: { shortenToSingleLine: false },
    nodePath: null,
    // "location": ESLint runs in the directory of the eslint.config.js nearest the file.
    workingDirectory: { mode: "location" },
    workspaceFolder: { name: basename(workspaceDir), uri: pathToFileURL(workspaceDir).href },
  };
}
