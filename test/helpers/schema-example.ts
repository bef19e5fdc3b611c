// A minimal valid value of a route's JSON Schema (as TypeBox emits it), for tests that must get
// past validation to reach what they test: the BOLA matrix sends every route a valid body, so
// that a 400 cannot stand in for the ownership check it is after.
//
// Deterministic and small: an object gets its required properties only, a string the shortest
// text its bounds allow (never empty: services refuse blank names), a number its lower bound, an
// array its minimum number of items. `fields` gives values for top-level properties by name
// (optional ones included) where the service needs meaning the schema cannot express, such as
// tree paths that exist. A schema it cannot satisfy (a required `pattern`, say) throws, naming
// the property, rather than producing a value that would fail validation quietly.

type Schema = Record<string, unknown>;

const FORMATS: Record<string, string> = {
  uuid: "00000000-0000-4000-8000-000000000000",
  "date-time": "2030-01-01T00:00:00.000Z",
  date: "2030-01-01",
  email: "someone@example.com",
  uri: "https://example.com/",
};

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}

function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  // ["string", "null"]: the first type that is not null.
  if (Array.isArray(type)) return type.find((t) => t !== "null") as string | undefined;
  return type as string | undefined;
}

function stringExample(schema: Schema, where: string): string {
  if (typeof schema.format === "string") {
    const formatted = FORMATS[schema.format];
    if (formatted === undefined) throw new Error(`${where}: no example for format ${schema.format}`);
    return formatted;
  }
  if (schema.pattern !== undefined)
    throw new Error(
      `${where}: no example for pattern ${typeof schema.pattern === "string" ? schema.pattern : JSON.stringify(schema.pattern)}`,
    );
  const min = typeof schema.minLength === "number" ? schema.minLength : 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : Infinity;
  const length = Math.min(Math.max(min, 1), max);
  return "x".repeat(length);
}

function numberExample(schema: Schema, integer: boolean): number {
  let value = 0;
  if (typeof schema.minimum === "number") value = schema.minimum;
  else if (typeof schema.exclusiveMinimum === "number") value = schema.exclusiveMinimum + 1;
  else if (typeof schema.maximum === "number" && schema.maximum < 0) value = schema.maximum;
  return integer ? Math.ceil(value) : value;
}

function example(schema: unknown, where: string, fields: Readonly<Record<string, unknown>> = {}): unknown {
  if (!isSchema(schema)) throw new Error(`${where}: not a schema`);
  if ("const" in schema) return schema.const;
  if (isList(schema.enum)) return schema.enum[0];
  for (const union of ["anyOf", "oneOf"] as const) {
    const members = schema[union];
    if (isList(members)) {
      const member = members.find((m) => isSchema(m) && m.type !== "null") ?? members[0];
      return example(member, where);
    }
  }
  switch (typeOf(schema)) {
    case "object": {
      const properties = isSchema(schema.properties) ? schema.properties : {};
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(properties)) {
        if (Object.hasOwn(fields, name)) out[name] = fields[name];
        else if (required.has(name)) out[name] = example(property, `${where}.${name}`);
      }
      return out;
    }
    case "array": {
      const count = typeof schema.minItems === "number" ? schema.minItems : 0;
      return Array.from({ length: count }, (_, i) => example(schema.items, `${where}[${i}]`));
    }
    case "string":
      return stringExample(schema, where);
    case "integer":
      return numberExample(schema, true);
    case "number":
      return numberExample(schema, false);
    case "boolean":
      return false;
    case "null":
      return null;
    case undefined:
      // Type.Unknown(): anything goes.
      return null;
    default:
      throw new Error(`${where}: no example for type ${String(schema.type)}`);
  }
}

/** A minimal value `schema` accepts; `fields` fills top-level properties by name. */
export function exampleOf(schema: unknown, fields: Readonly<Record<string, unknown>> = {}): unknown {
  return example(schema, "$", fields);
}
