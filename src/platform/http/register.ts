// Puts route definitions onto Fastify: schemas for validation and serialization, the handler
// wrapped so that object responses carry `_meta`, idempotent replays, and 405 answers for the
// methods a path does not support.
import { METHODS } from "node:http";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import { HttpError } from "./errors";
import { StreamedReply } from "./formats";
import { runIdempotent } from "./idempotency";
import { bodyFieldsHook } from "./read-only";
import "./request-state";
import type { Method, RouteDef } from "./route";
import { present } from "../present";

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value) && !(value instanceof StreamedReply)
  );
}

/** The route's fixed `_meta` fields; frozen, because every response of the route shares it. */
function baseMeta(def: RouteDef): Readonly<Record<string, unknown>> {
  return Object.freeze({ description: def.metaDescription ?? def.summary, ...def.meta });
}

function addMeta(def: RouteDef, result: unknown, base: Readonly<Record<string, unknown>> = baseMeta(def)): unknown {
  if (!isPlainObject(result)) return result;
  // A handler may add dynamic `_meta` fields (e.g. `data_source`); the route's fixed ones fill the rest.
  const own = result._meta;
  // Object.assign, not `{ ...result, _meta }`: V8 takes a slow path for a spread followed by
  // another property, which cost more than the rest of this function on every response.
  const withMeta: Record<string, unknown> = Object.assign({}, result);
  withMeta._meta = isPlainObject(own) ? Object.assign({}, base, own) : base;
  return withMeta;
}

function invoke(def: RouteDef, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  const params = request.params as never;
  const query = request.query as never;
  const body = request.body as never;
  if (def.auth === "public") return def.handler({ params, query, body, request, reply });
  // The pipeline's onRequest step (pipeline.ts) sets the context of every keyed route.
  return def.handler({ params, query, body, request, reply, ctx: present(request.ctx, "the keyed route's context") });
}

function routeSchema(def: RouteDef): FastifySchema {
  const schema: FastifySchema & Record<string, unknown> = { summary: def.summary, tags: [def.tag] };
  if (def.description) schema.description = def.description;
  if (def.auth === "public" && def.hidden) schema.hide = true;
  if (def.schemas.params) schema.params = def.schemas.params;
  if (def.schemas.querystring) schema.querystring = def.schemas.querystring;
  if (def.schemas.body) schema.body = def.schemas.body;
  if (def.schemas.response) schema.response = { [def.status]: def.schemas.response };
  return schema;
}

/** The methods routes are defined with, and those Fastify answers for them (HEAD, OPTIONS). */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Lets Fastify route every other method Node's parser accepts (PROPFIND, PURGE, QUERY, ...), so
 * that an existing path answers 405 to it, as DRF does, rather than the 404 of a path that does
 * not exist. They are all bodyless: no route reads their bodies, and Fastify would otherwise refuse
 * a QUERY without Content-Type before routing it. CONNECT is left out: Node hands it to the
 * server's 'connect' event, never to a route.
 */
function routeEveryMethod(app: FastifyInstance): void {
  for (const method of METHODS) {
    if (method !== "CONNECT" && !SERVED_METHODS.has(method)) app.addHttpMethod(method, { hasBody: false, overrideExisting: true });
  }
}

export function registerRoutes(app: FastifyInstance, routes: RouteDef[]): void {
  routeEveryMethod(app);
  for (const def of routes) {
    const meta = baseMeta(def);
    const bodyFields = bodyFieldsHook(def);
    app.route({
      method: def.method,
      url: def.path,
      config: { routeDef: def },
      ...(def.bodyLimit === undefined ? {} : { bodyLimit: def.bodyLimit }),
      // After the pipeline's own body hooks (an absent body read as `{}`, its text checked).
      ...(bodyFields ? { preValidation: [bodyFields] } : {}),
      schema: routeSchema(def),
      handler: async (request, reply) => {
        if (def.auth === "key" && def.idempotent) {
          const { statusCode, body } = await runIdempotent(request, def, async () => {
            const result = addMeta(def, await invoke(def, request, reply), meta);
            return { statusCode: def.status, body: result };
          });
          reply.code(statusCode);
          return body;
        }
        const result = await invoke(def, request, reply);
        if (reply.sent) return reply;
        reply.code(def.status);
        if (def.status === 204) return reply.send();
        // A stream is sent as it is: the hooks (audit, request log) run when it has been sent.
        if (result instanceof StreamedReply) return reply.headers(result.headers).type(result.contentType).send(result.open(meta));
        return addMeta(def, result, meta);
      },
    });
  }
  registerMethodNotAllowed(app, routes);
}

/** Every path answers 405 with an Allow header for the methods it does not have, whatever they are. */
function registerMethodNotAllowed(app: FastifyInstance, routes: RouteDef[]): void {
  const methodsByPath = new Map<string, Set<Method>>();
  for (const def of routes) {
    const methods = methodsByPath.get(def.path) ?? new Set<Method>();
    methods.add(def.method);
    methodsByPath.set(def.path, methods);
  }
  for (const [path, methods] of methodsByPath) {
    // Fastify answers HEAD itself for a GET route; OPTIONS is answered below.
    const allowed: string[] = [...methods, ...(methods.has("GET") ? ["HEAD"] : []), "OPTIONS"];
    const missing = app.supportedMethods.filter((m) => !allowed.includes(m));
    app.route({
      method: [...missing, "OPTIONS"],
      url: path,
      schema: { hide: true },
      config: { allowedMethods: allowed },
      handler: async (request, reply) => {
        reply.header("allow", allowed.join(", "));
        if (request.method === "OPTIONS") return reply.code(200).send();
        throw new HttpError(405, `Method "${request.method}" not allowed.`, { allow: allowed.join(", ") });
      },
    });
  }
}
