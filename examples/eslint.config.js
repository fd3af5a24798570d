import tseslint from "typescript-eslint";
import acp from "eslint-plugin-acp";

export default [
  { files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } },
  acp.configs.recommended,
];
