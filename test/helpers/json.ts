// JSON a test reads without a schema to name: parsed as `unknown` rather than `any`, and the
// members of the API document's free-form objects (`{[key: string]: unknown}`: a brief's
// result_json and input_params, say), which the document names in prose only.

/** JSON.parse, answering `unknown`: what a test reads in it, it narrows or names first. */
export function parseJson(text: string): unknown {
  return JSON.parse(text);
}

/** The list under `key` of a free-form object; throws, naming what it found, when there is none. */
export function listIn(record: Readonly<Record<string, unknown>> | null | undefined, key: string): readonly unknown[] {
  const value = record?.[key];
  if (!isList(value)) throw new Error(`expected a list under ${key}, found ${JSON.stringify(value)}`);
  return value;
}

function isList(value: unknown): value is readonly unknown[] {
  return Array.isArray(value);
}
