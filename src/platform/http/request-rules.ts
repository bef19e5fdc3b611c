// The field rules of docs/conventions.md §2 that JSON Schema cannot say, or that Ajv's type coercion would
// undo, added to every request schema when it is compiled (the schemas, and so the OpenAPI
// document, stay as written):
//
// - an unknown body field is an error, not ignored (`additionalProperties: false` on every object of
//   a body schema that does not allow extra members by design), so a typo never silently changes
//   what is done or spends credits;
// - `null` for a field that is not nullable is "This field may not be null.": Ajv's coercion would
//   otherwise read it as false, 0 or "" (so `{"published": null}` unpublished a node);
// - text that must not be empty (`minLength` 1 or more) may not be blank either: "   " is no query;
// - free-form JSON has bounded nesting and size (see free-form.ts).
//
// Each is a custom Ajv keyword. `notNull` sits on the object (or array) holding the field, because a
// keyword on the field itself would see the value after Ajv had coerced it; keywords without a type
// run before the `properties` keyword that coerces.
import { BLANK_MESSAGE, NULL_MESSAGE } from "./field-messages";
import { FREE_FORM_MAX_DEPTH, freeFormProblems } from "./free-form";

interface KeywordError {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
  instancePath?: string;
}

interface DataContext {
  instancePath: string;
  parentData: Record<string | number, unknown>;
  parentDataProperty: string | number;
}

export interface KeywordValidate {
  (data: unknown, context?: DataContext): boolean;
  errors?: KeywordError[];
}

export interface KeywordDefinition<Spec> {
  keyword: string;
  modifying: boolean;
  errors: boolean;
  schemaType: string;
  compile(spec: Spec): KeywordValidate;
}

/** A JSON Pointer segment (RFC 6901), as Ajv writes instance paths. */
function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, "~0").replace(/\//g, "~1");
}

// ---- notNull ---------------------------------------------------------------------------

export interface NotNullSpec {
  /** Properties that may not be null. */
  properties?: string[];
  /** Items of the array may not be null. */
  items?: boolean;
}

function compileNotNull(spec: NotNullSpec): KeywordValidate {
  const validate: KeywordValidate = (data, context) => {
    const base = context?.instancePath ?? "";
    const errors: KeywordError[] = [];
    const refuse = (key: string | number) =>
      errors.push({ keyword: "notNull", message: NULL_MESSAGE, params: {}, instancePath: `${base}/${pointerSegment(key)}` });
    if (Array.isArray(data)) {
      if (spec.items) for (const [index, item] of data.entries()) if (item === null) refuse(index);
    } else if (typeof data === "object" && data !== null && spec.properties) {
      const object = data as Record<string, unknown>;
      for (const name of spec.properties) if (Object.hasOwn(object, name) && object[name] === null) refuse(name);
    }
    validate.errors = errors;
    return errors.length === 0;
  };
  return validate;
}

// ---- notBlank --------------------------------------------------------------------------

function compileNotBlank(): KeywordValidate {
  const validate: KeywordValidate = (data) => {
    if (typeof data !== "string" || data.trim() !== "") return true;
    validate.errors = [{ keyword: "notBlank", message: BLANK_MESSAGE, params: {} }];
    return false;
  };
  return validate;
}

// ---- freeForm --------------------------------------------------------------------------

export interface FreeFormSpec {
  /** The object's defined fields, which are not counted in its free-form size. */
  known: string[];
  /** Whether the size limit applies (free-form objects); nesting is bounded for every free-form value. */
  sized: boolean;
}

function compileFreeForm(spec: FreeFormSpec): KeywordValidate {
  const validate: KeywordValidate = (data) => {
    const problems = freeFormProblems(data, spec);
    if (problems.length === 0) return true;
    validate.errors = problems.map((message) => ({ keyword: "freeForm", message, params: { maxDepth: FREE_FORM_MAX_DEPTH } }));
    return false;
  };
  return validate;
}

export const REQUEST_RULE_KEYWORDS = [
  {
    keyword: "notNull",
    modifying: false,
    errors: true,
    schemaType: "object",
    compile: compileNotNull,
  } satisfies KeywordDefinition<NotNullSpec>,
  {
    keyword: "notBlank",
    modifying: false,
    errors: true,
    schemaType: "boolean",
    compile: compileNotBlank,
  } satisfies KeywordDefinition<boolean>,
  {
    keyword: "freeForm",
    modifying: false,
    errors: true,
    schemaType: "object",
    compile: compileFreeForm,
  } satisfies KeywordDefinition<FreeFormSpec>,
];

// ---- the schema rewrite ----------------------------------------------------------------

type JsonObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Keywords that say nothing about the value: a schema with only these accepts anything. */
const ANNOTATIONS = new Set(["title", "description", "default", "examples", "example", "deprecated", "readOnly", "writeOnly"]);

/** `{}` (TypeBox's Unknown): any JSON value, by design. */
function isAnySchema(schema: unknown): boolean {
  return isPlainObject(schema) && Object.keys(schema).every((key) => ANNOTATIONS.has(key));
}

function typesOf(schema: JsonObject): unknown[] {
  return typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
}

/** Whether the schema accepts null (OpenAPI's `nullable`, a `null` type or enum member, or anything). */
function acceptsNull(schema: unknown): boolean {
  if (!isPlainObject(schema)) return true;
  if (isAnySchema(schema) || schema.nullable === true || typesOf(schema).includes("null")) return true;
  if (Array.isArray(schema.enum) && schema.enum.includes(null)) return true;
  const members = [schema.anyOf, schema.oneOf].find(Array.isArray) as unknown[] | undefined;
  return members?.some(acceptsNull) === true;
}

/** An object whose extra members are free-form by design: `additionalProperties: true`, or a record of anything. */
function isFreeFormObject(schema: JsonObject): boolean {
  if (schema.additionalProperties === true || isAnySchema(schema.additionalProperties)) return true;
  const patterns = schema.patternProperties;
  return isPlainObject(patterns) && Object.keys(patterns).length > 0 && Object.values(patterns).every(isAnySchema);
}

function isObjectSchema(schema: JsonObject): boolean {
  return typesOf(schema).includes("object") || isPlainObject(schema.properties);
}

/** Subschema positions that hold one schema, a list of schemas, or a map of schemas by name. */
const ONE_SCHEMA = new Set(["items", "additionalProperties", "not"]);
const SCHEMA_LISTS = new Set(["anyOf", "oneOf", "allOf"]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties"]);

export interface RuleOptions {
  /** A JSON body: unknown fields, nulls and free-form values are checked (query strings have no nulls and may carry extras). */
  body: boolean;
}

/** Adds the rules' keywords to one schema node, seen as it was written. */
function addRules(original: JsonObject, copy: JsonObject, options: RuleOptions): void {
  const types = typesOf(original);
  if (types.includes("string") && typeof original.minLength === "number" && original.minLength >= 1) copy.notBlank = true;
  if (!options.body) return;
  if (isAnySchema(original)) {
    copy.freeForm = { known: [], sized: false } satisfies FreeFormSpec;
    return;
  }
  if (isObjectSchema(original)) {
    const properties = isPlainObject(original.properties) ? original.properties : {};
    if (isFreeFormObject(original)) copy.freeForm = { known: Object.keys(properties), sized: true } satisfies FreeFormSpec;
    else if (original.additionalProperties === undefined && original.patternProperties === undefined) copy.additionalProperties = false;
    const notNull = Object.keys(properties).filter((name) => !acceptsNull(properties[name]));
    if (notNull.length > 0) copy.notNull = { properties: notNull } satisfies NotNullSpec;
  } else if (types.includes("array") && isPlainObject(original.items) && !acceptsNull(original.items)) {
    copy.notNull = { items: true } satisfies NotNullSpec;
  }
}

/**
 * A copy of a request schema with the rules' keywords added at every level. Free-form values are
 * not descended into: their members are checked by `freeForm`, not schema by schema.
 */
export function withRequestRules(schema: unknown, options: RuleOptions): unknown {
  if (Array.isArray(schema)) return schema.map((member) => withRequestRules(member, options));
  if (!isPlainObject(schema)) return schema;
  const freeForm = options.body && isObjectSchema(schema) && isFreeFormObject(schema);
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ONE_SCHEMA.has(key) || SCHEMA_LISTS.has(key))
      copy[key] = freeForm && key === "additionalProperties" ? value : withRequestRules(value, options);
    else if (SCHEMA_MAPS.has(key) && isPlainObject(value) && !(freeForm && key === "patternProperties")) {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, member]) => [name, withRequestRules(member, options)]));
    } else copy[key] = value;
  }
  addRules(schema, copy, options);
  return copy;
}
