// Request bodies (DECISIONS 2): a POST/PUT/PATCH with no body at all (no Content-Length, or 0,
// as `curl -X POST` sends) is read as `{}` whatever its Content-Type; a non-empty body must be
// application/json (415 otherwise) and valid JSON (400 otherwise).
//
// One parser takes every content type, so that an empty body never reaches the JSON parser (which
// would call it invalid) and the media type is judged by the route, not by the parser: a path
// that is not a route answers 404 whatever its body says it is.
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from "fastify";
import { ApiError } from "./errors";

/** A non-empty body that does not claim to be JSON: kept aside for requireJsonBody to refuse. */
const NOT_JSON: unique symbol = Symbol("not JSON");

const JSON_MEDIA_TYPE = /^application\/json\s*(?:;|$)/i;

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_MEDIA_TYPE.test(contentType);
}

/** Only routes defined in the registry read a body; 404s and 405s need not parse one. */
function readsBody(request: FastifyRequest): boolean {
  return request.routeOptions.config.routeDef !== undefined;
}

export function installBodyParser(app: FastifyInstance): void {
  // Fastify's own, with its protection against `__proto__` and `constructor` keys.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(null, {});
    if (!readsBody(request)) return done(null, undefined);
    if (!isJson(request.headers["content-type"])) return done(null, NOT_JSON);
    parseJson(request, text, done);
  });
}

/**
 * POST/PUT/PATCH routes: the body Fastify did not parse (none was sent, so it did not try) is `{}`,
 * and one that is not JSON answers 415.
 */
export const requireJsonBody: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {};
  if (request.body === NOT_JSON) {
    done(new ApiError(415, `Unsupported media type "${request.headers["content-type"] ?? ""}" in request.`));
    return;
  }
  done();
};
