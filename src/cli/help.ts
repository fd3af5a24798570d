export const HELP = `Usage: acp-lint [options] [paths...]

Lints the TypeScript and JavaScript under paths (default: .) with eslint-plugin-acp, for the error-handling
rules of the Agent Client Protocol. Your own ESLint configuration is not used.

Options:
  --config <name>       recommended (default), strict or all
  --type-aware          lint with type information, from the nearest tsconfig.json at or above the
                        working directory (resolves codes imported from other files)
  -f, --format <name>   stylish (default), json or sarif (needs @microsoft/eslint-formatter-sarif)
  --max-warnings <n>    exit 1 when there are more than n warnings
  --quiet               report errors only
  -h, --help            show this help
  -v, --version         print the version

Ignored: node_modules, dist, build, out, coverage, .git and the patterns of ./.gitignore.
Exit codes: 0 no errors, 1 errors or too many warnings, 2 bad usage or a crash.
`;
