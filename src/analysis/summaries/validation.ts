import { AST_NODE_TYPES } from "@typescript-eslint/types";
import type { TSESTree } from "@typescript-eslint/utils";
import type { Resolver } from "../resolution/resolver.js";
import { memberName, unwrap } from "../syntax/ast.js";

/** The methods of a zod schema that give back the value they validate (or throw): `Schema.parse(raw)`. */
const PARSE_METHODS: ReadonlySet<string> = new Set(["parse", "parseAsync"]);
/** zod's packages: `zod`, `zod/v4`, `zod/mini`. */
const ZOD = /^zod(?:\/|$)/u;
/** How far a schema's definition is followed (`A = B.extend(…)`, `B = z.object(…)`). */
const MAX_STEPS = 12;

/**
 * The argument a zod schema's `parse` gives back (`SessionPromptParams.parse(raw)` is `raw`, validated): the schema
 * followed through names, imports and method chains to a value of zod (`z.object({ … }).strict()`). Undefined for
 * any other call, `JSON.parse` among them.
 */
export function validatedArgument(resolver: Resolver, call: TSESTree.CallExpression, methods: ReadonlySet<string> = PARSE_METHODS): TSESTree.Node | undefined {
  const callee = unwrap(call.callee);
  const [argument] = call.arguments;
  if (callee.type !== AST_NODE_TYPES.MemberExpression || !methods.has(memberName(callee) ?? "")) return undefined;
  if (call.arguments.length !== 1 || !argument || argument.type === AST_NODE_TYPES.SpreadElement) return undefined;
  return isZodValue(resolver, callee.object) ? argument : undefined;
}

/** The methods of a zod schema that give back `{ success, data }`, `data` the value they validate. */
const SAFE_PARSE_METHODS: ReadonlySet<string> = new Set(["safeParse", "safeParseAsync"]);

/** The argument whose validated value a zod schema's `safeParse` gives back as `data` (`S.safeParse(raw).data`). */
export function safeParsedArgument(resolver: Resolver, call: TSESTree.CallExpression): TSESTree.Node | undefined {
  return validatedArgument(resolver, call, SAFE_PARSE_METHODS);
}

function isZodValue(resolver: Resolver, node: TSESTree.Node): boolean {
  let current = unwrap(node);
  for (let step = 0; step < MAX_STEPS; step++) {
    if (current.type === AST_NODE_TYPES.CallExpression) current = unwrap(current.callee);
    else if (current.type === AST_NODE_TYPES.MemberExpression) current = unwrap(current.object);
    else if (current.type === AST_NODE_TYPES.Identifier) {
      const target = resolver.target(current);
      if (target?.kind === "external") return ZOD.test(target.source);
      if (target?.kind !== "node" || target.node === current) return false;
      current = unwrap(target.node);
    } else return false;
  }
  return false;
}
