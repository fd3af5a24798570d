/** The rewrites of the metamorphic suite (issue 36's acceptance), in the issue's order. */
import type { Rewrite } from "../rewrite.js";
import { closureInObject } from "./closure-in-object.js";
import { constResult } from "./const-result.js";
import { helperFunction } from "./helper-function.js";
import { instanceThunk } from "./instance-thunk.js";
import { moduleClass } from "./module-class.js";
import { parseParams } from "./parse-params.js";
import { privateMethod } from "./private-method.js";
import { requestThunk } from "./request-thunk.js";
import { wrapIdIdentity } from "./wrap-id-identity.js";
import { wrapIdValidating } from "./wrap-id-validating.js";

export const REWRITES: readonly Rewrite[] = [
  helperFunction,
  privateMethod,
  moduleClass,
  wrapIdIdentity,
  wrapIdValidating,
  parseParams,
  constResult,
  instanceThunk,
  requestThunk,
  closureInObject,
];
