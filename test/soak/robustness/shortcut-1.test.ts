// The relevance shortcut changes no message: share 1 of the corpus (share 1 also takes the repository's own ACP files).
import { describe } from "vitest";
import { shortcutShareTest } from "./shortcut-share.js";

describe("the relevance shortcut, on real files", () => shortcutShareTest(0, 2));
