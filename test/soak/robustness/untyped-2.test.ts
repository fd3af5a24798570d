// The untyped corpus in shares, so that vitest lints them in parallel: share 2.
import { describe } from "vitest";
import { lintShareTest } from "./untyped-share.js";

describe("real files from node_modules, untyped", () => lintShareTest(1, 4));
