// The headers every answer carries, whatever produced it (a route, the error handler, the 404
// handler, the router's own errors): no MIME sniffing, so a JSON or text body is never run as a
// script or page; and no caching of anything answered to a request that carried a key, since such
// answers hold a workspace's data and, on POST /keys/ and rotation, a key's plaintext.
//
// A request counts as keyed when it sent an X-API-Key header at all, valid or not: an answer to a
// wrong key is not worth caching either, and the check needs no lookup.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

const NOSNIFF = "nosniff";
const NO_STORE = "no-store";

/** Sets both headers on `reply`; also called by the router's error answers, which skip the hooks. */
export function setSecurityHeaders(request: FastifyRequest, reply: FastifyReply): void {
  reply.header("x-content-type-options", NOSNIFF);
  if (request.headers["x-api-key"] !== undefined) reply.header("cache-control", NO_STORE);
}

export function installSecurityHeaders(app: FastifyInstance): void {
  // onSend runs last, after handlers set their own headers: a docs asset's `public` cache header
  // gives way to no-store when the request carried a key. Synchronous: an async hook costs a
  // promise per response on the hot path.
  app.addHook("onSend", (request, reply, payload, done) => {
    setSecurityHeaders(request, reply);
    done(null, payload);
  });
}
