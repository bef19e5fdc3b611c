// One log line per request, at info (docs/conventions.md §10): method, route pattern, status, time in ms and
// the key's display prefix, never the key. It replaces Fastify's "incoming request" / "request
// completed" pair, which stays disabled.
//
// The request path is benchmarked, so the line costs one object and nothing else: each route gets
// an onResponse hook holding its own pattern (request.routeOptions would build an object per
// call), and none is added when info is off. Requests that match no route have no route hooks;
// Fastify's log controller, which it calls once per finished request anyway, logs theirs.
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onResponseHookHandler,
} from "fastify";
import { displayPrefix, isWellFormedKey } from "../auth/key-format";
import "../http/request-state";

type Logger = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/** Fastify's logger when it is off has no isLevelEnabled: nothing to log then. */
function infoEnabled(log: FastifyBaseLogger): boolean {
  return (log as Logger).isLevelEnabled?.("info") === true;
}

function keyPrefix(request: FastifyRequest): string | undefined {
  const principal = request.principal;
  if (principal) return principal.key.prefix;
  const presented = request.headers["x-api-key"];
  const key = Array.isArray(presented) ? presented[0] : presented;
  // A refused key is named too, but only by what has a key's shape: any other text in the header
  // may be some other secret pasted by mistake.
  return key !== undefined && isWellFormedKey(key) ? displayPrefix(key) : undefined;
}

function logRequest(request: FastifyRequest, reply: FastifyReply, route: string | null): void {
  const log = request.log;
  if (!infoEnabled(log)) return;
  log.info(
    {
      method: request.method,
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 100) / 100,
      key_prefix: keyPrefix(request),
    },
    "request",
  );
}

function lineFor(route: string): onResponseHookHandler {
  return function requestLine(request, reply, done) {
    logRequest(request, reply, route);
    done();
  };
}

/** Logs the line of requests that matched no route (404s and the like). */
export class RequestLogController extends LogController {
  constructor() {
    super({ disableRequestLogging: true });
  }

  override requestCompleted(_error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (request.is404) logRequest(request, reply, null);
  }
}

/** Adds the line to every route added from now on; call it before the routes are registered. */
export function installRequestLog(app: FastifyInstance): void {
  if (!infoEnabled(app.log)) return;
  app.addHook("onRoute", (route) => {
    const existing = route.onResponse;
    const line = lineFor(route.url);
    route.onResponse = existing === undefined ? [line] : [line, ...(Array.isArray(existing) ? existing : [existing])];
  });
}
