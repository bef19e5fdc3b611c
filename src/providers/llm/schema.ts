// TypeBox schemas on their way to a model and back: the JSON Schema the provider sees, whether
// OpenAI's strict mode can take it, tolerant JSON extraction, and the check of the answer.
import type { TSchema } from "typebox";
import { Value } from "typebox/value";

type JsonObject = Record<string, unknown>;

/** The schema as plain JSON (TypeBox may keep non-JSON bookkeeping on its objects). */
export function toJsonSchema(schema: TSchema): JsonObject {
  return JSON.parse(JSON.stringify(schema)) as JsonObject;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * OpenAI's strict structured output accepts only objects that list every property as required
 * and forbid extra ones; anything else must go non-strict or the request is rejected.
 */
export function isStrictCompatible(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(isStrictCompatible);
  if (!isObject(schema)) return true;
  if (schema.type === "object" || isObject(schema.properties)) {
    const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
    const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : [];
    if (schema.additionalProperties !== false) return false;
    if (!properties.every((p) => required.includes(p))) return false;
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === "properties" && isObject(value)) {
      if (!Object.values(value).every(isStrictCompatible)) return false;
    } else if ((key === "items" || key === "anyOf" || key === "allOf" || key === "oneOf") && !isStrictCompatible(value)) {
      return false;
    }
  }
  return true;
}

/**
 * Local models often wrap JSON in a Markdown fence or a sentence; take the outermost object
 * or array. Returns undefined when nothing parses.
 */
export function extractJson(text: string): unknown {
  const trimmed = text.trim();
  const candidates = [trimmed];
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed);
  if (fenced?.[1]) candidates.push(fenced[1].trim());
  for (const [open, close] of [
    ["{", "}"],
    ["[", "]"],
  ] as const) {
    const start = trimmed.indexOf(open);
    const end = trimmed.lastIndexOf(close);
    if (start >= 0 && end > start) candidates.push(trimmed.slice(start, end + 1));
  }
  for (const candidate of candidates) {
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next candidate
    }
  }
  return undefined;
}

export type CheckResult<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Checks a value against the schema; problems name the path and what is wrong. */
export function checkAgainst<T>(schema: TSchema, value: unknown): CheckResult<T> {
  if (Value.Check(schema, value)) return { ok: true, value: value as T };
  const problems: string[] = [];
  for (const error of Value.Errors(schema, value)) {
    problems.push(`${error.instancePath || "/"} ${error.message}`);
    if (problems.length >= 5) break;
  }
  return { ok: false, problems: problems.length > 0 ? problems : ["does not match the schema"] };
}
