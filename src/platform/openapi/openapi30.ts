// JSON Schema, as TypeBox emits it (2020-12: `const`, `type: "null"`, ...), rewritten into the
// OpenAPI 3.0 dialect the document is published in. Pure: used by the document builder
// (docs.ts) and llms.txt alike.

import { present } from "../present";

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Array.isArray, without its `any[]`: a schema's lists hold values unknown until looked at. */
function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value);
}

// Keywords an OpenAPI 3.0 Schema Object allows; anything else (`$id`, `$schema`, `additionalItems`,
// `contentMediaType`, ...) is dropped rather than published as an invalid document.
const OAS30_KEYWORDS = new Set([
  "title",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxProperties",
  "minProperties",
  "required",
  "enum",
  "type",
  "allOf",
  "oneOf",
  "anyOf",
  "not",
  "items",
  "properties",
  "additionalProperties",
  "description",
  "format",
  "default",
  "nullable",
  "discriminator",
  "readOnly",
  "writeOnly",
  "xml",
  "externalDocs",
  "example",
  "deprecated",
  "$ref",
]);

function isNullSchema(schema: unknown): boolean {
  return isObject(schema) && schema.type === "null" && !("properties" in schema);
}

/** A union of single-type enums (TypeBox literals) reads better, and lints cleaner, as one enum. */
function collapseLiterals(members: JsonObject[]): JsonObject | null {
  const [first] = members;
  if (first === undefined) return null;
  const type = first.type;
  const values: unknown[] = [];
  for (const member of members) {
    const memberValues = member.enum;
    if (!isArray(memberValues) || member.type !== type) return null;
    if (Object.keys(member).some((k) => k !== "type" && k !== "enum")) return null;
    values.push(...memberValues);
  }
  return type === undefined ? { enum: values } : { type, enum: values };
}

function convertUnion(key: "anyOf" | "oneOf", raw: unknown[], out: JsonObject): JsonObject {
  const nonNull = raw.filter((m) => !isNullSchema(m));
  const nullable = nonNull.length < raw.length;
  const members = nonNull.map((m) => toOpenApi30(m) as JsonObject);
  const single = collapseLiterals(members) ?? (members.length === 1 ? present(members[0], "a union's only member") : null);
  let result: JsonObject;
  if (single) {
    // The outer keywords (description, default) win over the member's.
    result = { ...single, ...out };
  } else if (members.length === 0) {
    result = { ...out, enum: [null] };
  } else {
    result = { ...out, [key]: nullable ? members.map((m) => ({ ...m, nullable: true })) : members };
    return result;
  }
  if (nullable) result.nullable = true;
  return result;
}

/**
 * Rewrites a JSON Schema (as TypeBox emits it) into an OpenAPI 3.0 Schema Object: `const` becomes
 * a one-value enum, `null` in a union or type list becomes `nullable: true`, numeric
 * `exclusiveMinimum`/`exclusiveMaximum` become the 3.0 boolean form, tuples become arrays,
 * `patternProperties` becomes `additionalProperties`. Pure; the input is not modified.
 */
export function toOpenApi30(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toOpenApi30);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  let union: { key: "anyOf" | "oneOf"; members: unknown[] } | null = null;
  for (const [key, value] of Object.entries(schema)) {
    switch (key) {
      case "properties":
        if (isObject(value)) out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toOpenApi30(v)]));
        break;
      case "additionalProperties":
        out.additionalProperties = typeof value === "boolean" ? value : toOpenApi30(value);
        break;
      case "patternProperties":
        if (isObject(value) && !("additionalProperties" in schema)) {
          const first = Object.values(value)[0];
          out.additionalProperties = first === undefined ? true : toOpenApi30(first);
        }
        break;
      case "items":
      case "prefixItems":
        if (Array.isArray(value)) {
          // A tuple of one type ([number, number]) is an array of that type, not a union of copies.
          const members = [...new Map(value.map((m) => [JSON.stringify(toOpenApi30(m)), toOpenApi30(m)])).values()];
          out.items = members.length === 1 ? members[0] : members.length > 1 ? { anyOf: members } : {};
        } else if (key === "items") {
          out.items = toOpenApi30(value);
        }
        break;
      case "anyOf":
      case "oneOf":
        if (Array.isArray(value)) union = { key, members: value };
        break;
      case "allOf":
        if (Array.isArray(value)) out.allOf = value.map(toOpenApi30);
        break;
      case "not":
        out.not = toOpenApi30(value);
        break;
      case "const":
        out.enum = [value];
        break;
      case "examples":
        if (Array.isArray(value) && value.length > 0 && !("example" in schema)) out.example = value[0];
        break;
      case "exclusiveMinimum":
      case "exclusiveMaximum":
        if (typeof value === "number") {
          out[key === "exclusiveMinimum" ? "minimum" : "maximum"] = value;
          out[key] = true;
        } else {
          out[key] = value;
        }
        break;
      case "minimum":
      case "maximum":
        // A numeric exclusive bound (set above or below) is the tighter one.
        if (typeof schema[key === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"] !== "number") out[key] = value;
        break;
      case "required":
        // 3.0 requires a non-empty list.
        if (Array.isArray(value) && value.length > 0) out.required = value;
        break;
      case "type":
        if (isArray(value)) {
          const types = value.filter((t) => t !== "null");
          if (types.length < value.length) out.nullable = true;
          if (types.length === 1) out.type = types[0];
          else if (types.length > 1) union ??= { key: "anyOf", members: types.map((t) => ({ type: t })) };
        } else if (value === "null") {
          out.nullable = true;
          out.enum = [null];
        } else {
          out.type = value;
        }
        break;
      default:
        if (OAS30_KEYWORDS.has(key) || key.startsWith("x-")) out[key] = value;
    }
  }
  if (union) return convertUnion(union.key, union.members, out);
  return out;
}
