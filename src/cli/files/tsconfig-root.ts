import { dirname, join } from "node:path";
import { checkRegularFile, realPathOr } from "../../regular-file.js";
import { MAX_TYPESCRIPT_FILE_BYTES } from "../eslint/typescript-host.js";

/**
 * The directory of the nearest tsconfig.json at or above `from` and no higher than `checkout` (the repository
 * `from` is in), or undefined. A tsconfig.json that is no regular file inside the checkout (a link to a device or
 * out of it) does not count: TypeScript is not given it (see the host acp-lint gives TypeScript).
 */
export function findTsconfigRoot(from: string, checkout: string): string | undefined {
  const inside = realPathOr(checkout);
  for (let dir = from; ; dir = dirname(dir)) {
    const found = checkRegularFile(join(dir, "tsconfig.json"), { inside, maxBytes: MAX_TYPESCRIPT_FILE_BYTES, followLink: true });
    if ("real" in found) return dir;
    if (dir === checkout || dirname(dir) === dir) return undefined;
  }
}
