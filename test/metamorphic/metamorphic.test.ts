// Issue 36's metamorphic suite in the quick suite: one in 4 of the valid and invalid cases of the session, resource,
// params, prompt, lost-code and initialization rule suites (chosen by a hash of each case), linted as it is and through
// each rewrite of test/metamorphic/rewrites; per rewrite the share of reports that survive may not fall below today's
// floor (floors.json), nor may the rewrites of valid cases add reports beyond today's. The soak suite runs every case
// (test/soak/metamorphic.test.ts); `npm run metamorphic` prints the table. Issue 36's work raises the floors to 95%.
import { floorTests } from "./floors.js";

floorTests("sample", 120_000);
