// The installed ACP SDK's own shipped code, for tests that need real SDK source rather than a copy of it.
import { readFileSync } from "node:fs";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";

// The package exports no ./package.json: find dist/ above its main entry.
const sdkEntry = fileURLToPath(import.meta.resolve("@agentclientprotocol/sdk"));

/** The SDK's `dist/` folder. */
export const sdkDist = sdkEntry.slice(0, sdkEntry.lastIndexOf(`${sep}dist${sep}`) + `${sep}dist`.length);

/** The SDK's `RequestError` class as shipped, with every static factory definition. */
export const sdkRequestErrorClass: string = (() => {
  const source = readFileSync(join(sdkDist, "core", "jsonrpc.js"), "utf8");
  const start = source.indexOf("export class RequestError");
  const end = source.indexOf("\n}\n", start);
  if (start === -1 || end === -1 || !source.slice(start, end).includes("static sessionNotFound(")) {
    throw new Error("The SDK's RequestError class was not found where SDK 2.4.0 ships it (dist/core/jsonrpc.js).");
  }
  return source.slice(start, end + 2);
})();
