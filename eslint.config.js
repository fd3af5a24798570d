// Lints the repository itself: typescript-eslint, and eslint-plugin-eslint-plugin on the rules.
import js from "@eslint/js";
import eslintPlugin from "eslint-plugin-eslint-plugin";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["dist/**", "coverage/**", "test/fixtures/**", "examples/**", ".acp-eval-*/**", ".metamorphic-*/**", "node_modules/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["rules/**/*.ts", "src/**/*.ts"],
    ...eslintPlugin.configs.recommended,
  },
  {
    files: ["**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    // A rule reads the analysis through its one door, src/analysis/index.ts (issue 36): what a rule may know of the
    // analysis is what that module exports.
    files: ["rules/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^\\.\\./src/analysis/(?!index\\.js$)",
              message: "Import the analysis from ../src/analysis/index.js, and export what a rule needs from there.",
            },
          ],
        },
      ],
    },
  },
  {
    // What the plugin loads in every lint process: the root of @typescript-eslint/utils loads 38 modules (rule
    // testers, the ESLint class) for the few values the plugin takes from it, about 30 ms of each process's start.
    files: ["rules/**/*.ts", "src/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@typescript-eslint/utils",
              allowTypeImports: true,
              message: "Import values from where they live: @typescript-eslint/types, @eslint-community/eslint-utils (syntax/scope-utils.ts), @typescript-eslint/utils/eslint-utils, eslint.",
            },
          ],
        },
      ],
    },
  },
  {
    // Code that runs for every linted file must not leave old-space objects pointing at the file's structures:
    // V8 allocates the accessor pair of an object literal's getter, and a function assigned to a property, in old
    // space, and until the next full collection such an object, dead or not, keeps what it reaches alive through
    // every scavenge (248 instead of 171 MB promoted over the bench's quick real files, contexts copied, no pretenuring).
    files: ["rules/**/*.ts", "src/analysis/**/*.ts", "src/create-rule.ts"],
    rules: {
      // The model's parts are classes now: a method handed on unbound (`f(model.hasFactory)`) throws at its first
      // use of `this`, as prefer-error-factory's did. The typed rule catches that where a test might not reach it.
      "@typescript-eslint/unbound-method": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "ObjectExpression > Property[kind=/^[gs]et$/]",
          message: "A getter or setter of an object literal lives in old space and keeps what it captures alive: use a class.",
        },
        {
          // Any left side but a plain name or a pattern: `(x as T).f = () => {}` is a property once the types are gone.
          selector:
            "AssignmentExpression[operator='='][left.type!='Identifier'][left.type!='ObjectPattern'][left.type!='ArrayPattern'] > :matches(ArrowFunctionExpression, FunctionExpression).right",
          message: "A function assigned to a property is allocated in old space and keeps what it captures alive: build the object from entries or a literal.",
        },
      ],
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { console: "readonly", process: "readonly" } },
  },
);
