// Request bodies (docs/conventions.md §2): a POST/PUT/PATCH with no body at all (no Content-Length, or 0,
// as `curl -X POST` sends) is read as `{}` whatever its Content-Type; a non-empty body must be
// application/json (415 otherwise) and valid JSON (400 otherwise). A route may name other media
// types it takes (`bodyDecoders`: the map upload's text/csv), decoded into what its body schema
// validates; on every other route they stay a 415.
//
// One parser takes every content type, so that an empty body never reaches the JSON parser (which
// would call it invalid) and the media type is judged by the route, not by the parser: a path
// that is not a route answers 404 whatever its body says it is.
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from "fastify";
import { HttpError } from "./errors";
import { unsupportedMediaTypeDetail } from "./media-type-detail";
import type { BodyDecoder, RouteDef } from "./route";

/** A non-empty body that does not claim to be JSON: kept aside for requireJsonBody to refuse. */
const NOT_JSON: unique symbol = Symbol("not JSON");

const JSON_MEDIA_TYPE = /^application\/json\s*(?:;|$)/i;

function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && JSON_MEDIA_TYPE.test(contentType);
}

/** The route's definition: only routes defined in the registry read a body; 404s and 405s need not parse one. */
function routeDefOf(request: FastifyRequest): RouteDef | undefined {
  return request.routeOptions.config.routeDef;
}

/** The route's decoder for the body's media type (`text/csv; charset=utf-8` is text/csv), if it has one. */
function decoderFor(def: RouteDef, contentType: string | undefined): BodyDecoder | undefined {
  if (!def.bodyDecoders || contentType === undefined) return undefined;
  const semicolon = contentType.indexOf(";");
  const mediaType = (semicolon === -1 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase();
  return Object.hasOwn(def.bodyDecoders, mediaType) ? def.bodyDecoders[mediaType] : undefined;
}

export function installBodyParser(app: FastifyInstance): void {
  // Fastify's own, with its protection against `__proto__` and `constructor` keys.
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (text.length === 0) {
      done(null, {});
      return;
    }
    const def = routeDefOf(request);
    if (!def) {
      done(null, undefined);
      return;
    }
    const contentType = request.headers["content-type"];
    // Returned: Fastify awaits a parser that answers with a promise, as its own may.
    if (isJson(contentType)) return parseJson(request, text, done);
    const decoder = decoderFor(def, contentType);
    if (!decoder) {
      done(null, NOT_JSON);
      return;
    }
    decoder.decode(text).then(
      (decoded) => done(null, decoded),
      (err: unknown) => done(err as Error, undefined),
    );
  });
}

/**
 * POST/PUT/PATCH routes: the body Fastify did not parse (none was sent, so it did not try) is `{}`,
 * and one that is not JSON answers 415.
 */
export const requireJsonBody: preValidationHookHandler = (request, _reply, done) => {
  if (request.body === undefined) request.body = {};
  if (request.body === NOT_JSON) {
    done(new HttpError(415, unsupportedMediaTypeDetail(request.headers["content-type"], routeDefOf(request))));
    return;
  }
  done();
};
