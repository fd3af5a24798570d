// The JSON schemas the installed SDK ships, read for the tests that check the protocol tables against them.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";

export interface JsonSchema {
  readonly $ref?: string;
  readonly const?: string;
  readonly title?: string;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
}
export type Defs = Readonly<Record<string, JsonSchema>>;

const require = createRequire(import.meta.url);

/** The `$defs` of a schema file of the SDK (`schema/v1/schema.json`). */
export function defsOf(file: string): Defs {
  const path = require.resolve(`@agentclientprotocol/sdk/${file}`);
  return (JSON.parse(readFileSync(path, "utf8")) as { $defs: Defs }).$defs;
}
