// Issue 36's metamorphic suite on every case of the session, resource, params, prompt, lost-code and initialization
// rule suites (about 75 s on one core, too long for the quick suite, which runs one case in 4): per rewrite, the
// share of reports that survive at least floors.json's `full` floor, and no more reports added to valid cases.
import { floorTests } from "../metamorphic/floors.js";

floorTests("full", 900_000);
