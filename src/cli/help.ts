export const HELP = `Usage: acp-lint [options] [paths...]

Lints the TypeScript and JavaScript under paths (default: .) with eslint-plugin-acp, for the error-handling
rules of the Agent Client Protocol. Your own ESLint configuration is not used. A path outside the working
directory is linted from the root of its own repository, with that repository's .gitignore.

Options:
  --config <name>       recommended (default), strict or all
  --type-aware          lint with type information, from the nearest tsconfig.json at or above the
                        working directory (resolves codes imported from other files)
  -f, --format <name>   stylish (default), json or sarif (needs @microsoft/eslint-formatter-sarif)
  --max-warnings <n>    exit 1 when there are more than n warnings
  --quiet               report errors only
  --concurrency <n>     lint in n worker threads, auto or off (default), as ESLint's --concurrency
  --cache               lint only changed files, as ESLint's --cache
  --cache-location <p>  the cache file or folder (default: .eslintcache)
  --suppress-all        record every error in the suppressions file: later runs report only new ones
  --suppress-rule <id>  the same for one rule (repeatable), e.g. acp/no-reserved-error-code
  --prune-suppressions  drop suppressions of errors that no longer occur
  --suppressions-location <p>
                        the suppressions file (default: acp-lint-suppressions.json)
  --pass-on-unpruned-suppressions
                        do not exit 2 when suppressions go unused
  -h, --help            show this help
  -v, --version         print the version

Ignored: node_modules, dist, build, out, coverage, .git and the patterns of the .gitignore.
Exit codes: 0 no errors, 1 errors or too many warnings, 2 bad usage, unused suppressions or a crash.
`;
