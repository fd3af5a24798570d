/**
 * Invalid option shapes of a rule, generated from its `meta.schema`: for each property (nested ones too) a value of
 * each wrong type, an unknown property in each object, a missing required property, a duplicate in a unique array,
 * a value outside an enum, a number beyond its minimum or maximum, an array shorter than its minItems, and one option
 * more than the schema takes. Each case says what ESLint's message must name.
 */

export interface OptionCase {
  /** What is wrong, for the test's name. */
  readonly what: string;
  /** The rule's options (without the severity). */
  readonly options: readonly unknown[];
  /** Texts ESLint's message must contain besides the rule id. */
  readonly named: readonly string[];
}

/** The parts of a JSON schema (draft 4, as ESLint reads rule schemas) the cases are generated from. */
interface Schema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[] | boolean;
  readonly additionalProperties?: boolean | Schema;
  readonly items?: Schema | readonly Schema[];
  readonly uniqueItems?: boolean;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
}

const typeOf = (schema: Schema): string | undefined => (typeof schema.type === "string" ? schema.type : undefined);

/** The schema of an array's elements (one for all of them; a tuple's first). */
const itemSchema = (schema: Schema): Schema => (Array.isArray(schema.items) ? (schema.items[0] ?? {}) : ((schema.items as Schema | undefined) ?? {}));

/** A value `schema` accepts, as small as possible. */
export function validValue(schema: Schema): unknown {
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case "boolean":
      return true;
    case "integer":
    case "number":
      return Math.min(Math.max(0, schema.minimum ?? 0), schema.maximum ?? Infinity);
    case "string":
      return "x";
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue(itemSchema(schema)));
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = Array.isArray(schema.required) ? schema.required : [];
      return Object.fromEntries(required.map((key) => [key, validValue(properties[key] ?? {})]));
    }
    default:
      return {};
  }
}

/** Values of other JSON types than `schema` takes, each with the word ESLint's message uses for the expected type. */
function wrongTypes(schema: Schema): unknown[] {
  const type = typeOf(schema);
  const all: Record<string, unknown[]> = {
    boolean: ["not-a-boolean", 1, null],
    integer: [1.5, "7", true],
    number: ["7", false],
    string: [7, true],
    array: ["not-an-array", { length: 1 }],
    object: ["not-an-object", [], 3],
  };
  return type ? (all[type] ?? []) : [];
}

/** A copy of `base` with `path` (keys and array indexes) set to `value`, or deleted when `value` is `DELETE`. */
const DELETE = Symbol("delete");
function withValue(base: unknown, path: readonly (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy: Record<string | number, unknown> = Array.isArray(base) ? [...(base as unknown[])] as never : { ...(base as object) };
  if (rest.length === 0 && value === DELETE) delete copy[head];
  else copy[head] = withValue(copy[head], rest, value);
  return copy;
}

const label = (path: readonly (string | number)[]) => path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("");

/** The invalid cases inside one value of `schema` at `path` of the options. */
function casesIn(schema: Schema, path: readonly (string | number)[], options: unknown[]): OptionCase[] {
  const cases: OptionCase[] = [];
  const type = typeOf(schema);
  const at = `options${label(path)}`;
  for (const wrong of wrongTypes(schema)) {
    cases.push({ what: `${at} = ${JSON.stringify(wrong)} (not ${type})`, options: withValue(options, path, wrong) as unknown[], named: [JSON.stringify(wrong), `should be ${type}`] });
  }
  if (schema.minimum !== undefined) {
    const wrong = schema.minimum - 1;
    cases.push({ what: `${at} = ${wrong} (below the minimum)`, options: withValue(options, path, wrong) as unknown[], named: [`Value ${wrong} should be >= ${schema.minimum}`] });
  }
  if (schema.maximum !== undefined) {
    const wrong = schema.maximum + 1;
    cases.push({ what: `${at} = ${wrong} (above the maximum)`, options: withValue(options, path, wrong) as unknown[], named: [`Value ${wrong} should be <= ${schema.maximum}`] });
  }
  if (type === "array" && schema.minItems) {
    const short = Array.from({ length: schema.minItems - 1 }, () => validValue(itemSchema(schema)));
    cases.push({ what: `${at} with fewer than ${schema.minItems} elements`, options: withValue(options, path, short) as unknown[], named: [`should NOT have fewer than ${schema.minItems} items`] });
  }
  if (schema.enum) {
    const wrong = "not-one-of-the-values";
    cases.push({ what: `${at} = "${wrong}" (not in the enum)`, options: withValue(options, path, wrong) as unknown[], named: [JSON.stringify(wrong), "should be equal to one of the allowed values"] });
  }
  if (type === "object") {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const base = validValue(schema) as Record<string, unknown>;
    const here = withValue(options, path, base) as unknown[];
    if (schema.additionalProperties === false) {
      const unknown = "notAnOption";
      cases.push({ what: `${at}.${unknown} (an unknown property)`, options: withValue(here, [...path, unknown], true) as unknown[], named: [`Unexpected property "${unknown}"`, ...Object.keys(properties).map((key) => `"${key}"`)] });
    }
    for (const key of Array.isArray(schema.required) ? schema.required : []) {
      cases.push({ what: `${at}.${key} missing (required)`, options: withValue(here, [...path, key], DELETE) as unknown[], named: [`should have required property '${key}'`] });
    }
    for (const [key, property] of Object.entries(properties)) cases.push(...casesIn(property, [...path, key], withValue(here, [...path, key], validValue(property)) as unknown[]));
  }
  if (type === "array" && schema.items && !Array.isArray(schema.items)) {
    const items = schema.items as Schema;
    const element = validValue(items);
    const here = withValue(options, path, [element]) as unknown[];
    cases.push(...casesIn(items, [...path, 0], here));
    if (schema.uniqueItems) {
      cases.push({ what: `${at} with a duplicate element`, options: withValue(options, path, [element, element]) as unknown[], named: ["should NOT have duplicate items"] });
    }
  }
  return cases;
}

/** The rule's schema as an array of option schemas (ESLint's forms: an array, one object schema, or none). */
export function optionSchemas(schema: unknown): Schema[] | undefined {
  if (schema === undefined || schema === false) return undefined;
  if (Array.isArray(schema)) return schema as Schema[];
  return undefined;
}

/** Every invalid case of a rule's options; also the valid options they start from. */
export function invalidOptionCases(schema: unknown): { valid: unknown[]; cases: OptionCase[] } {
  const schemas = optionSchemas(schema);
  if (!schemas) throw new Error("only array schemas are generated: a rule with another schema form needs its cases added here");
  const valid = schemas.map(validValue);
  const cases = schemas.flatMap((item, index) => casesIn(item, [index], valid));
  cases.push({ what: `one option more than the ${schemas.length} the schema takes`, options: [...valid, { extra: true }], named: [`should NOT have more than ${schemas.length} items`] });
  return { valid, cases };
}
