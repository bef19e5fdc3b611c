// A JSON schema, in the OpenAPI 3.0 form the document publishes, written out as plain text for
// llms.txt: one line per field, nested fields as `parent.child` and `list[].child`, each with its
// type, whether it is required, its constraints and its description.
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asSchema(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

function members(schema: JsonObject): JsonObject[] {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? list.map(asSchema) : [];
}

function isObjectLike(schema: JsonObject): boolean {
  return schema.type === "object" || isObject(schema.properties) || Array.isArray(schema.allOf);
}

/** A short type expression: `string (uuid)`, `array of object`, `one of "a", "b"`, `integer or null`. */
function typeText(schema: JsonObject): string {
  let text: string;
  if (typeof schema.$ref === "string") {
    text = `see ${schema.$ref}`;
  } else if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((v) => v !== null).map((v) => JSON.stringify(v));
    text = values.length === 1 ? `${values[0]} (constant)` : `one of ${values.join(", ")}`;
  } else if (members(schema).length > 0) {
    text = members(schema).map(typeText).join(" | ");
  } else if (schema.type === "array") {
    text = `array of ${typeText(asSchema(schema.items))}`;
  } else if (isObjectLike(schema)) {
    const extra = schema.additionalProperties;
    text = !isObject(schema.properties) && isObject(extra) ? `object of ${typeText(extra)} by key` : "object";
    if (typeof schema.title === "string") text += ` (${schema.title})`;
  } else if (typeof schema.type === "string") {
    text = typeof schema.format === "string" ? `${schema.type} (${schema.format})` : schema.type;
  } else {
    text = "any";
  }
  return schema.nullable === true ? `${text} or null` : text;
}

/** A constraint's value as the document writes it: numbers and text as they are, anything else as JSON. */
function valueText(value: unknown): string {
  return typeof value === "number" || typeof value === "string" ? String(value) : JSON.stringify(value);
}

/** Validation constraints in words: `min length 1`, `maximum 599`, `default 50`, ... */
function constraintsText(schema: JsonObject): string[] {
  const notes: string[] = [];
  const exclusive = (key: string) => schema[key] === true;
  const note = (key: string, words: (value: string) => string) => {
    if (schema[key] !== undefined) notes.push(words(valueText(schema[key])));
  };
  note("minLength", (v) => `min length ${v}`);
  note("maxLength", (v) => `max length ${v}`);
  note("minimum", (v) => `${exclusive("exclusiveMinimum") ? "greater than" : "minimum"} ${v}`);
  note("maximum", (v) => `${exclusive("exclusiveMaximum") ? "less than" : "maximum"} ${v}`);
  note("multipleOf", (v) => `multiple of ${v}`);
  note("pattern", (v) => `pattern \`${v}\``);
  note("minItems", (v) => `at least ${v} items`);
  note("maxItems", (v) => `at most ${v} items`);
  if (schema.uniqueItems === true) notes.push("unique items");
  note("minProperties", (v) => `at least ${v} keys`);
  note("maxProperties", (v) => `at most ${v} keys`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.type === "array") notes.push(...constraintsText(asSchema(schema.items)).map((n) => `each ${n}`));
  return notes;
}

interface FieldRow {
  name: string;
  schema: JsonObject;
  required: boolean;
  variant?: string;
  /** Replaces the description (the shared `_meta`). */
  note?: string;
}

const MAX_DEPTH = 8;

/** Every field of an object schema, nested ones as `parent.child` and `list[].child`. */
function fieldRows(schema: JsonObject, prefix = "", depth = 0, variant?: string): FieldRow[] {
  if (depth > MAX_DEPTH) return [];
  const rows: FieldRow[] = [];
  for (const part of Array.isArray(schema.allOf) ? schema.allOf.map(asSchema) : []) rows.push(...fieldRows(part, prefix, depth, variant));
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [name, value] of Object.entries(asSchema(schema.properties))) {
    const field = asSchema(value);
    const path = prefix ? `${prefix}.${name}` : name;
    if (depth === 0 && name === "_meta") {
      rows.push({ name: path, schema: field, required: required.has(name), note: "`_meta.description` and more; see Conventions" });
      continue;
    }
    rows.push({ name: path, schema: field, required: required.has(name), variant });
    rows.push(...nestedRows(field, path, depth + 1, variant));
  }
  if (!isObject(schema.properties) && isObject(schema.additionalProperties) && isObjectLike(schema.additionalProperties)) {
    rows.push(...fieldRows(schema.additionalProperties, `${prefix}{key}`, depth + 1, variant));
  }
  return rows;
}

function nestedRows(schema: JsonObject, path: string, depth: number, variant?: string): FieldRow[] {
  if (schema.type === "array") return nestedRows(asSchema(schema.items), `${path}[]`, depth, variant);
  const options = members(schema);
  if (options.length > 0) {
    const objects = options.filter(isObjectLike);
    return objects.flatMap((option, i) =>
      fieldRows(option, path, depth, objects.length > 1 ? [variant, `variant ${i + 1} of ${path}`].filter(Boolean).join(", ") : variant),
    );
  }
  if (isObjectLike(schema)) return fieldRows(schema, path, depth, variant);
  return [];
}

function rowText(row: FieldRow): string {
  const facts = [typeText(row.schema), row.required ? "required" : "optional", ...constraintsText(row.schema)];
  if (row.variant) facts.push(`in ${row.variant}`);
  const description = row.note ?? (typeof row.schema.description === "string" ? row.schema.description : "");
  return `- \`${row.name}\` (${facts.join("; ")})${description ? `: ${description}` : ""}`;
}

/** The fields of a body or response; a bare array or union is described first, then its fields. */
export function schemaLines(schema: JsonObject): string[] {
  const lines: string[] = [];
  if (!isObject(schema.properties) && !Array.isArray(schema.allOf)) {
    lines.push(`- (the whole body) (${[typeText(schema), ...constraintsText(schema)].join("; ")})`);
    const nested = nestedRows(schema, "", 1);
    return [...lines, ...nested.map(rowText)];
  }
  const rows = fieldRows(schema);
  if (rows.length === 0) lines.push("- a JSON object with no fields (send `{}`)");
  return [...lines, ...rows.map(rowText)];
}
