// Set-up of every quick test file (vitest.config.ts): the quick suite's workers run many files each (isolate: false),
// and this runs before each of them. It drops the modules the previous file evaluated through vitest (the plugin's
// sources, the test helpers), so this file imports them afresh, module-level hooks and state included; packages of
// node_modules stay loaded (Node cannot unload them), which is what makes the suite quick.
import { vi } from "vitest";

vi.resetModules();
