// What a 415 says: shared by the body parser, which knows the route, and the error handler, which
// answers Fastify's own refusals.
import type { RouteDef } from "./route";

/**
 * The 415's detail: DRF's sentence first (clients may match it), then what to send instead, with
 * the route's other media types where it takes some (the map upload's text/csv).
 */
export function unsupportedMediaTypeDetail(contentType: string | undefined, def?: RouteDef): string {
  const others = Object.keys(def?.bodyDecoders ?? {});
  const instead = others.length > 0 ? `, or as ${others.join(" or ")} with that Content-Type` : "";
  return `Unsupported media type "${contentType ?? ""}" in request. Send the body as JSON with the header Content-Type: application/json${instead}.`;
}
