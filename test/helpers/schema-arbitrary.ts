// fast-check arbitraries from OpenAPI 3.0.3 Schema Objects, for fuzzing the service from its own
// document (test/app/fuzz-openapi.api.test.ts). Values are judged as canopy reads a JSON body
// (docs/conventions.md §2): a number may come as a numeric string, and a string holding a NUL or a lone
// surrogate is refused wherever it sits, object keys included; a field the schema does not name is
// refused (unless the object is free-form: `additionalProperties` true or untyped); null is refused
// where the schema is not nullable; text with a minLength may not be blank; free-form values nest
// at most 32 levels, and free-form objects hold at most 256 KB.
// - validValue: values the service must accept.
// - invalidValue: values it must refuse.
// - mutatedValue: both, mixed with hostile input it may accept (extra fields, numbers for text,
//   numeric-looking text such as "1e20", nested junk).
// A keyword that constrains values and is not understood here throws: a new kind of schema is
// then noticed, rather than fuzzed with "valid" values that are not.
import fc from "fast-check";

export interface SchemaObject {
  type?: "string" | "number" | "integer" | "boolean" | "array" | "object";
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: boolean | SchemaObject;
  items?: SchemaObject;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  /** OpenAPI 3.0: booleans that make `minimum`/`maximum` exclusive. */
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  nullable?: boolean;
  oneOf?: SchemaObject[];
  anyOf?: SchemaObject[];
}

const UNSUPPORTED = ["allOf", "not", "multipleOf", "uniqueItems", "minProperties", "maxProperties", "$ref", "discriminator"];
const FORMATS: Record<string, fc.Arbitrary<string>> = {
  uuid: fc.uuid(),
  "date-time": fc
    .date({ min: new Date("1970-01-01T00:00:00Z"), max: new Date("2199-12-31T00:00:00Z"), noInvalidDate: true })
    .map((d) => d.toISOString()),
  uri: fc.webUrl(),
  email: fc.emailAddress(),
};
/** Text a field of that format refuses. */
const NOT_FORMATS: Record<string, string[]> = {
  uuid: ["not-a-uuid", "00000000-0000-0000-0000-00000000000", "0000000000000000000000000000000g", "{00000000-0000-0000-0000-000000000000}"],
  "date-time": ["yesterday", "2024-13-45T25:61:00Z", "2024-01-01 noon"],
  uri: ["not a uri", "://missing-scheme"],
  email: ["not-an-email", "@example.com", "a@"],
};
/** Strings that look like something else: numbers a page parser may choke on, paths, markup, SQL. */
export const TRICKY_TEXT = [
  "1e20",
  "99999999999999999999",
  "-1",
  "0",
  "1.5",
  "Infinity",
  "NaN",
  "true",
  "null",
  "",
  " ",
  "\t",
  "../../etc/passwd",
  "%00",
  "%ff",
  "<script>alert(1)</script>",
  "' OR 1=1 --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text of a Log4Shell-style lookup, a probe the service must take as plain text
  "${jndi:x}",
  "\u202e",
  "😀",
];
const LONE_SURROGATES = ["\uD800", "\uDBFF", "\uDC00", "\uDFFF"];
/** The nesting and size free-form JSON may have (docs/conventions.md §2). */
export const FREE_FORM_DEPTH = 32;
const FREE_FORM_BYTES = 256 * 1024;
/** Arrays longer than this are not made to exceed maxItems (50,000 keywords would be a slow request). */
const MAX_OVERFLOW_ITEMS = 1000;
/** Extra items beyond minItems in a generated list: requests stay small. */
const SPARE_ITEMS = 4;

function check(schema: SchemaObject): void {
  for (const keyword of UNSUPPORTED) if (keyword in schema) throw new Error(`schema-arbitrary: unsupported keyword "${keyword}"`);
  if (schema.format !== undefined && !(schema.format in FORMATS))
    throw new Error(`schema-arbitrary: unsupported format "${schema.format}"`);
}

const codePoints = (s: string): number => Array.from(s).length;

/** Any text the service takes: every code point but NUL, from ASCII to astral planes. */
const cleanText = (maxLength: number): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.string({ unit: "grapheme-ascii", maxLength }),
      fc.string({ unit: "grapheme", maxLength }),
      fc.string({ unit: "binary", maxLength }),
    )
    .map((s) => s.replaceAll("\0", " "));

/** `text` cut or padded to `min`..`max` code points (Ajv counts code points, as PostgreSQL does). */
function fitLength(text: string, min: number, max: number): string {
  const chars = Array.from(text).slice(0, max);
  while (chars.length < min) chars.push("a");
  return chars.join("");
}

/** `text` with a NUL or a lone surrogate put in at a code-point boundary. */
const poisoned = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(text, fc.constantFrom("\0", ...LONE_SURROGATES), fc.nat()).map(([s, bad, at]) => {
    const chars = Array.from(s);
    chars.splice(at % (chars.length + 1), 0, bad);
    // A high surrogate must not meet a low one after it: that would be a pair, which is text.
    return chars.join("").replace(/([\uD800-\uDBFF])(?=[\uDC00-\uDFFF])/, "$1x");
  });

/** Whether `schema` takes any JSON value (`{}`, once the document's annotations are set aside). */
export function isAnySchema(schema: SchemaObject): boolean {
  return Object.keys(schema).every((key) => key === "description" || key === "title" || key === "default" || key === "example");
}

/** An object whose extra members are free-form by design. */
export function isFreeFormObject(schema: SchemaObject): boolean {
  const extra = schema.additionalProperties;
  return schema.type === "object" && (extra === true || (typeof extra === "object" && isAnySchema(extra)));
}

/** A value of no JSON type the schema could coerce to: nested lists and objects `depth` deep. */
export function nested(depth: number, leaf: unknown = "junk"): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? [value] : { junk: value };
  return value;
}

/** Any JSON value the service takes where any value is allowed (no `__proto__`: the parser refuses it). */
const anyJson: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 2 })
  .filter((v) => !/"(__proto__|constructor)"|\\u0000/.test(JSON.stringify(v)));

const nullable = (schema: SchemaObject, arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  schema.nullable ? fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) }) : arb;

// ---- valid ------------------------------------------------------------------------------------

function validString(schema: SchemaObject): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 1000);
  const inBounds = (s: string) => codePoints(s) >= min && codePoints(s) <= max;
  if (schema.format) return FORMATS[schema.format]!.filter(inBounds);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => inBounds(s) && !s.includes("\0"));
  // Text that must not be empty may not be blank either.
  const short = cleanText(Math.min(max, min + 24)).map((s) => fitLength(min > 0 && s.trim() === "" ? "a" : s, min, max));
  // The longest value allowed, in one-, two- and four-byte characters.
  const longest = fc.constantFrom("a", "é", "😀").map((c) => c.repeat(max));
  return fc.oneof({ weight: 6, arbitrary: short }, { weight: 1, arbitrary: longest });
}

function validNumber(schema: SchemaObject): fc.Arbitrary<unknown> {
  const integer = schema.type === "integer";
  let value: fc.Arbitrary<number>;
  if (integer) {
    const min = schema.minimum === undefined ? -1e9 : Math.ceil(schema.minimum) + (schema.exclusiveMinimum ? 1 : 0);
    const max = schema.maximum === undefined ? min + 2e9 : Math.floor(schema.maximum) - (schema.exclusiveMaximum ? 1 : 0);
    value = fc.integer({ min, max });
  } else {
    value = fc.double({
      min: schema.minimum,
      max: schema.maximum,
      minExcluded: schema.exclusiveMinimum === true,
      maxExcluded: schema.exclusiveMaximum === true,
      noNaN: true,
      noDefaultInfinity: true,
    });
  }
  // A numeric string is a number too (docs/conventions.md §2), as DRF reads one.
  return fc.oneof({ weight: 3, arbitrary: value }, { weight: 1, arbitrary: value.map(String) });
}

function validObject(schema: SchemaObject): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shape = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, validValue(property)]));
  const declared = fc.record(shape, { requiredKeys: schema.required ?? [] });
  const extra = schema.additionalProperties;
  if (typeof extra !== "object") return declared;
  const extras = fc.dictionary(extraKey(properties), validValue(extra), { maxKeys: 2 });
  return fc.tuple(extras, declared).map(([more, own]) => ({ ...more, ...own }));
}

const extraKey = (properties: Record<string, unknown>): fc.Arbitrary<string> =>
  fc.string({ minLength: 1, maxLength: 12 }).filter((k) => !(k in properties) && k !== "__proto__" && k !== "constructor");

/** Values the service must accept for `schema`. */
export function validValue(schema: SchemaObject): fc.Arbitrary<unknown> {
  check(schema);
  if (schema.enum) return nullable(schema, fc.constantFrom(...schema.enum));
  const union = schema.oneOf ?? schema.anyOf;
  // oneOf is read as anyOf: the members are taken to be disjoint.
  if (union) return nullable(schema, fc.oneof(...union.map(validValue)));
  switch (schema.type) {
    case "string":
      return nullable(schema, validString(schema));
    case "number":
    case "integer":
      return nullable(schema, validNumber(schema));
    case "boolean":
      return nullable(schema, fc.boolean());
    case "array": {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? Infinity, minLength + SPARE_ITEMS);
      return nullable(schema, fc.array(validValue(schema.items ?? {}), { minLength, maxLength }));
    }
    case "object":
      return nullable(schema, validObject(schema));
    default:
      return anyJson;
  }
}

// ---- invalid ----------------------------------------------------------------------------------

const NOT_NUMBERS: unknown[] = [true, false, "Infinity", "-Infinity", "NaN", "1e400", "", "abc", "0x10", "1,5", {}, [1]];

function invalidString(schema: SchemaObject): fc.Arbitrary<unknown>[] {
  const options: fc.Arbitrary<unknown>[] = [];
  const { minLength = 0, maxLength } = schema;
  if (maxLength !== undefined) options.push(fc.integer({ min: 1, max: 8 }).map((n) => "x".repeat(maxLength + n)));
  if (minLength > 0) options.push(fc.nat(minLength - 1).map((n) => "x".repeat(n)));
  if (schema.format) options.push(fc.constantFrom(...NOT_FORMATS[schema.format]!));
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    options.push(cleanText(20).filter((s) => !pattern.test(s)));
  }
  return options;
}

function invalidNumber(schema: SchemaObject): fc.Arbitrary<unknown>[] {
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom(...NOT_NUMBERS)];
  const { minimum, maximum } = schema;
  const step = schema.type === "integer" ? fc.integer({ min: 1, max: 1e6 }) : fc.double({ min: 1e-3, max: 1e6, noNaN: true });
  if (minimum !== undefined)
    options.push(step.map((d) => minimum - d).filter((n) => n < minimum || (schema.exclusiveMinimum === true && n === minimum)));
  if (maximum !== undefined)
    options.push(step.map((d) => maximum + d).filter((n) => n > maximum || (schema.exclusiveMaximum === true && n === maximum)));
  if (schema.type === "integer") options.push(fc.constantFrom(1.5, "2.5", 1e20, "1e20", 2 ** 53 + 2));
  return options;
}

/** A key holding a NUL or a lone surrogate: refused in any object, as in any value. */
const poisonedKey = poisoned(fc.string({ minLength: 1, maxLength: 8 })).filter((k) => k !== "__proto__" && k !== "constructor");

/** Free-form JSON past its bounds: nested 33 to 200 levels, or (`sized`) over 256 KB. */
function overBounds(sized: boolean): fc.Arbitrary<unknown>[] {
  // Not thousands of levels: fast-check prints a counterexample recursively (the fuzz test sends 5,000 as text).
  const deep = fc.integer({ min: FREE_FORM_DEPTH + 1, max: 200 }).map((depth) => nested(depth));
  return sized ? [deep, fc.constant("x".repeat(FREE_FORM_BYTES + 1))] : [deep];
}

function invalidObject(schema: SchemaObject): fc.Arbitrary<unknown>[] {
  const properties = schema.properties ?? {};
  const base = validObject(schema);
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom([], "object", 42)];
  options.push(fc.tuple(base, poisonedKey, anyJson).map(([value, key, member]) => ({ ...value, [key]: member })));
  if (isFreeFormObject(schema)) {
    options.push(
      ...overBounds(true).map((bad) =>
        fc.tuple(base, extraKey(properties), bad).map(([value, key, member]) => ({ ...value, [key]: member })),
      ),
    );
  } else if (schema.additionalProperties === undefined || schema.additionalProperties === false) {
    // A field the object does not define, whatever its value.
    options.push(fc.tuple(base, extraKey(properties), anyJson).map(([value, key, member]) => ({ ...value, [key]: member })));
  }
  const required = schema.required ?? [];
  if (required.length > 0) {
    options.push(fc.tuple(base, fc.constantFrom(...required)).map(([value, key]) => omit(value, key)));
  }
  for (const key of Object.keys(properties))
    options.push(fc.tuple(base, invalidValue(properties[key]!)).map(([value, bad]) => ({ ...value, [key]: bad })));
  // A typed additionalProperties checks every extra value; otherwise only text rules reach them.
  const extra = typeof schema.additionalProperties === "object" ? invalidValue(schema.additionalProperties) : poisoned(cleanText(20));
  options.push(fc.tuple(base, extraKey(properties), extra).map(([value, key, bad]) => ({ ...value, [key]: bad })));
  return options;
}

function omit(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _omitted, ...copy } = value;
  return copy;
}

function invalidArray(schema: SchemaObject): fc.Arbitrary<unknown>[] {
  const items = schema.items ?? {};
  const { minItems = 0, maxItems } = schema;
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom("list", { list: true }, 42)];
  if (maxItems === undefined || maxItems > 0) {
    const length = { minLength: Math.max(1, minItems), maxLength: Math.min(maxItems ?? Infinity, Math.max(1, minItems) + SPARE_ITEMS) };
    options.push(
      fc
        .tuple(fc.array(validValue(items), length), invalidValue(items), fc.nat())
        .map(([list, bad, at]) => list.map((v, i) => (i === at % list.length ? bad : v))),
    );
  }
  if (maxItems !== undefined && maxItems <= MAX_OVERFLOW_ITEMS) {
    options.push(fc.array(validValue(items), { minLength: maxItems + 1, maxLength: maxItems + 2 }));
  }
  if (minItems > 0) options.push(fc.array(validValue(items), { maxLength: minItems - 1 }));
  return options;
}

/** Values the service must refuse for `schema`. */
export function invalidValue(schema: SchemaObject): fc.Arbitrary<unknown> {
  check(schema);
  // A NUL or a lone surrogate is refused in any string, whatever the schema.
  const options: fc.Arbitrary<unknown>[] = [poisoned(cleanText(20))];
  const union = schema.oneOf ?? schema.anyOf;
  if (schema.enum) {
    const values = schema.enum;
    options.push(
      cleanText(20).filter((s) => !values.includes(s)),
      fc.constantFrom({}, [[]]),
    );
  } else if (union) {
    // Only what no member takes: poisoned text, and deep lists when no member is a list or untyped.
    if (union.every((m) => m.type !== undefined && m.type !== "array")) options.push(fc.constant(nested(3)));
  } else if (schema.type === undefined && isAnySchema(schema)) {
    options.push(...overBounds(false));
  } else if (schema.type === "string") {
    options.push(...invalidString(schema), fc.constantFrom({}, ["text"], nested(4)));
    if ((schema.minLength ?? 0) > 0 && !schema.pattern && !schema.format)
      options.push(fc.constantFrom(" ", "\t\n", " ".repeat(schema.minLength ?? 1)));
    // A string inside the value is checked too: a poisoned valid value.
    if (!schema.format && !schema.pattern) options.push(poisoned(validString(schema)));
  } else if (schema.type === "number" || schema.type === "integer") {
    options.push(...invalidNumber(schema));
  } else if (schema.type === "boolean") {
    options.push(fc.constantFrom("maybe", 2, {}, []));
  } else if (schema.type === "array") {
    options.push(...invalidArray(schema));
  } else if (schema.type === "object") {
    options.push(...invalidObject(schema));
  }
  // null is refused where the schema does not allow it (never read as "", 0 or false).
  if (!schema.nullable && schema.type !== undefined) options.push(fc.constant(null));
  return fc.oneof(...options);
}

// ---- mutated ----------------------------------------------------------------------------------

/** Hostile input the service may well accept: it must still answer in the wire's shape. */
function hostileValue(schema: SchemaObject): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [fc.constantFrom(...TRICKY_TEXT), fc.constantFrom(42, -1, 0.5, true, null, 1e20)];
  if (schema.type === "object" && !schema.oneOf && !schema.anyOf && !schema.enum) {
    const properties = schema.properties ?? {};
    const mutatedProperty = Object.keys(properties).map((key) =>
      fc.tuple(validObject(schema), mutatedValue(properties[key]!)).map(([value, bad]) => ({ ...value, [key]: bad })),
    );
    const withExtras = fc
      .tuple(validObject(schema), fc.dictionary(extraKey(properties), anyJson, { minKeys: 1, maxKeys: 4 }))
      .map(([value, extras]) => ({ ...extras, ...value }));
    options.push(withExtras, ...mutatedProperty);
  }
  if (schema.type === "array" && schema.items) options.push(fc.array(mutatedValue(schema.items), { maxLength: 3 }));
  // Deep nesting that JSON.stringify still writes (bodies deeper than that are written by hand).
  options.push(fc.integer({ min: 5, max: 500 }).map((depth) => nested(depth)));
  return fc.oneof(...options);
}

/** Valid, invalid and hostile values for `schema`, about a third each. */
export function mutatedValue(schema: SchemaObject): fc.Arbitrary<unknown> {
  return fc.oneof(validValue(schema), invalidValue(schema), hostileValue(schema));
}
