// Reading the served OpenAPI document in tests: `dereference` inlines every `$ref` (named
// schemas, shared responses and headers), so that a test walks one operation's schemas as if
// the document had been written inline; `schemaValidator` checks values against its OpenAPI 3.0
// Schema Objects with Ajv, as strictly as Redocly's example rules: an object may not carry a
// field its schema does not name (unless the schema says otherwise).
import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function pointer(document: JsonObject, ref: string): unknown {
  if (!ref.startsWith("#/")) throw new Error(`not a local reference: ${ref}`);
  let target: unknown = document;
  for (const part of ref.slice(2).split("/")) {
    target = isObject(target) ? target[part.replaceAll("~1", "/").replaceAll("~0", "~")] : undefined;
    if (target === undefined) throw new Error(`unresolved reference: ${ref}`);
  }
  return target;
}

/**
 * A copy of `document` with every `$ref` replaced by what it names. A one-member `allOf` (how
 * the document gives a referenced schema a description of its own) is merged into its parent.
 */
export function dereference<T>(document: T): T {
  const root = document as unknown as JsonObject;
  const resolve = (value: unknown, depth: number): unknown => {
    if (depth > 64) throw new Error("reference cycle");
    if (Array.isArray(value)) return value.map((v) => resolve(v, depth));
    if (!isObject(value)) return value;
    if (typeof value.$ref === "string") return resolve(pointer(root, value.$ref), depth + 1);
    const out: JsonObject = {};
    for (const [key, v] of Object.entries(value)) out[key] = key === "example" || key === "examples" ? v : resolve(v, depth);
    if (Array.isArray(out.allOf) && out.allOf.length === 1 && isObject(out.allOf[0])) {
      const { allOf, ...rest } = out;
      return { ...(allOf as JsonObject[])[0], ...rest };
    }
    return out;
  };
  return resolve(document, 0) as T;
}

/**
 * The JSON Schema Ajv reads for an OpenAPI 3.0 Schema Object: the boolean exclusive bounds in
 * their numeric form, examples dropped, and `additionalProperties: false` wherever an object
 * with properties leaves it unsaid.
 */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === "example" || key === "title" || key.startsWith("x-")) continue;
    if (key === "properties" && isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v)]));
    else if (key === "exclusiveMinimum" || key === "exclusiveMaximum") continue;
    else out[key] = toJsonSchema(value);
  }
  if (schema.exclusiveMinimum === true) {
    out.exclusiveMinimum = schema.minimum;
    delete out.minimum;
  }
  if (schema.exclusiveMaximum === true) {
    out.exclusiveMaximum = schema.maximum;
    delete out.maximum;
  }
  if (isObject(schema.properties) && schema.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

export interface SchemaValidator {
  /** What is wrong with `value` against the (dereferenced) `schema`: nothing when it conforms. */
  problems(schema: unknown, value: unknown): string[];
}

export function schemaValidator(): SchemaValidator {
  // `nullable` is OpenAPI's; Ajv knows it. Not strict: the document's own annotations pass.
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = new WeakMap<object, ValidateFunction>();
  return {
    problems(schema, value) {
      if (!isObject(schema)) throw new Error("not a schema");
      let validate = compiled.get(schema);
      if (!validate) {
        validate = ajv.compile(toJsonSchema(schema) as JsonObject);
        compiled.set(schema, validate);
      }
      if (validate(value)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"} ${JSON.stringify(e.params)}`);
    },
  };
}
