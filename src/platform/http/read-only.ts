// Read-only fields in request bodies (docs/conventions.md §2). A route that writes a resource names it
// (`readOnlyFrom`, the resource as the API answers it): the fields of that answer which the body
// schema does not define (`id`, `stage`, `created_at`, `_meta`, ...) are accepted and dropped before
// validation, so that a resource read with GET, edited and sent back is taken; they are never
// written, nor stored with the request's inputs. Every other field the body schema does not define
// answers 400 `Unknown field.` (request-rules.ts), and so does every field of a body sent to a
// POST/PUT/PATCH route that takes none.
import type { preValidationHookHandler } from "fastify";
import { ValidationFailed } from "../errors";
import { UNKNOWN_FIELD_MESSAGE } from "./field-messages";
import type { RouteDef } from "./route";

function propertyNames(schema: unknown): string[] {
  const properties = (schema as { properties?: unknown } | undefined)?.properties;
  return typeof properties === "object" && properties !== null ? Object.keys(properties) : [];
}

/** The fields a body of the route may carry and that are dropped unread: the resource's, less the body's own. */
function readOnlyFields(def: RouteDef): string[] {
  if (!def.readOnlyFrom || !def.schemas.body) return [];
  const writable = new Set(propertyNames(def.schemas.body));
  return propertyNames(def.readOnlyFrom).filter((name) => !writable.has(name));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Drops the read-only fields of a body: the body is replaced by a copy without them, when it has any. */
function dropFields(names: readonly string[]): preValidationHookHandler {
  return (request, _reply, done) => {
    const body = request.body;
    if (isPlainObject(body) && names.some((name) => Object.hasOwn(body, name))) {
      request.body = Object.fromEntries(Object.entries(body).filter(([key]) => !names.includes(key)));
    }
    done();
  };
}

/** A route without a body schema takes no field at all. */
const refuseFields: preValidationHookHandler = (request, _reply, done) => {
  const body = request.body;
  const fields = isPlainObject(body) ? Object.keys(body) : [];
  if (fields.length === 0) done();
  else done(new ValidationFailed(Object.fromEntries(fields.map((name) => [name, [UNKNOWN_FIELD_MESSAGE]]))));
};

/** The hook a route runs on its body before validation, if any. */
export function bodyFieldsHook(def: RouteDef): preValidationHookHandler | null {
  if (def.method !== "POST" && def.method !== "PUT" && def.method !== "PATCH") return null;
  if (!def.schemas.body) return refuseFields;
  const names = readOnlyFields(def);
  return names.length > 0 ? dropFields(names) : null;
}
