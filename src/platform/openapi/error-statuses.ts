// The error statuses a route can answer, read from its definition, and what each one means
// there: the OpenAPI document and llms.txt list the same ones the pipeline really sends.
import type { RouteDef } from "../http/route";

export const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input: `{detail}` or field errors `{field: [messages]}`",
  401: "Missing, invalid, expired or revoked key; inactive user; plan or beta access; IP not allowed",
  402: "Insufficient credits; `detail` names the cost and the balance",
  403: "The key lacks the route's scope, or X-Team-ID is invalid or names a team the user is not in",
  404: "Not found, or not in the selected workspace",
  405: "Method not allowed",
  409: "Conflict",
  413: "Payload too large",
  415: "Content-Type must be application/json",
  429: "Rate limit exceeded; see Retry-After",
  500: "Server error",
  503: "Unavailable",
};

export function errorStatuses(def: RouteDef): number[] {
  // Every route checks the text of its path and query string, parameters it declares or not: a
  // NUL, a lone surrogate or an escape that is not UTF-8 answers 400.
  const statuses = new Set<number>([400, ...(def.errors ?? []), ...(def.failureReport?.statuses ?? [])]);
  // Every body is read the same way: over the size limit 413, not JSON 415.
  if (def.method === "POST" || def.method === "PUT" || def.method === "PATCH") for (const s of [413, 415]) statuses.add(s);
  if (def.auth === "key") {
    for (const s of [401, 403, 429]) statuses.add(s);
    if (def.schemas.params) statuses.add(404);
    // An Idempotency-Key used before with another body is a 409 (a malformed one a 400).
    if (def.idempotent) statuses.add(409);
  }
  return [...statuses].sort((a, b) => a - b);
}

/**
 * What an error status means on this route: the shared text, but a route that takes more than
 * JSON says so for 415, and a staff-only route names its own 403.
 */
export function errorText(def: RouteDef, status: number): string {
  if (status === 403 && def.auth === "key" && def.staffOnly) return `${ERROR_TEXT[403]}; or the key's user is not staff (admin analytics)`;
  if (status === 415 && def.bodyDecoders) return `Content-Type must be application/json or ${Object.keys(def.bodyDecoders).join(" or ")}`;
  return ERROR_TEXT[status] ?? "Error";
}
