import { BUILD_FOLDERS, NEVER_WALKED, TEST_FILES_DESCRIPTION } from "../files/file-kinds.js";

export const HELP = `Usage: acp-lint [options] [paths...]

Lints the TypeScript and JavaScript under paths (default: .) with eslint-plugin-acp, for the error-handling
rules of the Agent Client Protocol. Your own ESLint configuration is not used. A path outside the working
directory is linted from the root of its own repository, with that repository's .gitignore. A path may be a
glob pattern ('src/**/*.ts'), expanded by acp-lint.

Options:
  --config <name>       recommended (default), strict or all
  --type-aware          lint with type information, each file in the TypeScript project of the nearest
                        tsconfig.json above it; a file in none is linted without (resolves codes
                        imported from other files)
  -f, --format <name>   stylish (default), json, sarif (needs @microsoft/eslint-formatter-sarif) or
                        github (GitHub Actions annotations)
  -o, --output-file <p> write the report to this file; the console still gets the stylish report
                        when --format is another
  --max-warnings <n>    exit 1 when there are more than n warnings (-1: no limit)
  --quiet               report errors only
  --color, --no-color   force colours on or off (default: on a terminal, unless NO_COLOR is set)
  --include-tests       lint test files too (left out by default below the paths named:
                        ${TEST_FILES_DESCRIPTION})
  --ignore-pattern <p>  leave out files matching this glob too (repeatable), as ESLint's
  --no-ignore           leave out nothing: not .gitignore, --ignore-pattern nor the build folders
  --no-error-on-unmatched-pattern
                        skip a path or glob that gives nothing to lint instead of exiting 2
  --no-inline-config    read no /* eslint */ nor eslint-disable comment
  --stdin               lint standard input
  --stdin-filename <p>  the file name standard input is linted as (default: stdin.ts)
  --concurrency <n>     lint in n worker threads, auto or off (default), as ESLint's --concurrency
  --cache               lint only changed files, as ESLint's --cache
  --cache-location <p>  the cache file, or a folder ending in / (default: .eslintcache)
  --suppress-all        record every error in the suppressions file: later runs report only new ones
  --suppress-rule <id>  the same for one rule (repeatable), e.g. acp/no-reserved-error-code
  --prune-suppressions  drop suppressions of errors that no longer occur
  --suppressions-location <p>
                        the suppressions file (default: acp-lint-suppressions.json)
  --pass-on-unpruned-suppressions
                        do not exit 2 when suppressions go unused
  --list-rules          list the rules, the configs that enable them and what they check
  --explain <rule>      print a rule's documentation
  --print-config <file> print the configuration a file is linted with, as ESLint's --print-config
  -h, --help            show this help
  -v, --version         print the version

Left out below the paths named: ${[...BUILD_FOLDERS, NEVER_WALKED].join(", ")}, test files and what the
repository's .gitignore files ignore (read as git reads them); a file named is linted even there, unless a
.gitignore or --ignore-pattern names it.
settings.acp and acp/ rule options come from acp-lint.json (at or above the folder linted, in the repository);
no eslint.config is read.
Only regular files inside the folder a path is linted from are linted, and every other file read (.gitignore,
acp-lint.json, the cache, suppressions, tsconfig.json) must be a regular file inside the checkout: no
symbolic link out of it, no FIFO or device. acp-lint changes no file (no --fix).
Exit codes: 0 no errors, 1 errors or too many warnings, 2 bad usage, unused suppressions or a crash.
`;
