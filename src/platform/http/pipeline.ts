// The request pipeline every keyed route runs, in DRF's order: authenticate (401), throttle
// (429), check the scope (403), select the workspace (403); then the handler; then the audit
// entry, off the request path.
//
// The steps are attached to each route as it is added (Fastify's onRoute), with the route's
// definition in hand, instead of one global hook that looks the route up on every request; a
// global hook remains only for paths that match no route. With a cached key and the in-memory
// rate limit nothing on the way waits, and the code does not await what is already there.
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from "fastify";
import { authFailureDetail, type AuthResult, type Authenticator } from "../auth/authenticate";
import type { Principal } from "../auth/principal";
import type { AuditWriter } from "../audit/audit-writer";
import type { Platform, Workspace } from "../context";
import type { RateDecision } from "../ratelimit/sliding-window";
import type { RateLimitStore } from "../ratelimit/store";
import { installBodyParser, requireJsonBody } from "./body";
import { Forbidden, NotFound, Unauthorized } from "../errors";
import { Throttled } from "./errors";
import "./request-state";
import { rejectInvalidText } from "./text";
import type { KeyedRoute } from "./route";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const API_PREFIX = "/api/v1/";
const BODY_METHODS = new Set(["POST", "PUT", "PATCH"]);

/** One onRequest hook of a route: Fastify takes a callback-style one or an async one (awaited, without `done`). */
type RouteOnRequestHook = Exclude<NonNullable<RouteOptions["onRequest"]>, unknown[]>;

/** A team's name or slug in X-Team-ID: the header takes its id, and the answer says where to find it. */
export const TEAM_ID_NOT_UUID =
  "X-Team-ID must be a team's id (a UUID), not its name or slug. GET /api/v1/me/teams/ lists your teams with their ids.";

export interface PipelineDeps {
  platform: Platform;
  authenticator: Authenticator;
  rateLimits: RateLimitStore;
  audit: AuditWriter;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function selectWorkspace(request: FastifyRequest, principal: Principal): Workspace {
  const teamHeader = headerValue(request.headers["x-team-id"]);
  if (teamHeader === undefined || teamHeader === "") return { id: principal.user.id, kind: "personal" };
  if (!UUID_PATTERN.test(teamHeader)) throw new Forbidden(TEAM_ID_NOT_UUID);
  const teamId = teamHeader.toLowerCase();
  if (!principal.teams.has(teamId)) throw new Forbidden("You are not an active member of this team.");
  return { id: teamId, kind: "team" };
}

/** The endpoint as audited: the path without its query string. */
export function auditedEndpoint(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

function withFirst<T>(first: T, existing: T | T[] | undefined): T[] {
  if (existing === undefined) return [first];
  return [first, ...(Array.isArray(existing) ? existing : [existing])];
}

export function installPipeline(app: FastifyInstance, deps: PipelineDeps): void {
  const { authenticator, rateLimits, audit, platform } = deps;

  function applyDecision(reply: FastifyReply, decision: RateDecision): void {
    reply.header("x-ratelimit-limit", decision.limit);
    reply.header("x-ratelimit-remaining", decision.remaining);
    reply.header("x-ratelimit-reset", decision.resetSeconds);
    if (!decision.allowed) throw new Throttled(decision.resetSeconds);
  }

  /** Counts the request against its key's limit: synchronous with the in-memory store. */
  function throttle(principal: Principal, reply: FastifyReply): void | Promise<void> {
    const decision = rateLimits.hit(principal.key.id, platform.config.rateLimits[principal.key.type]);
    if (decision instanceof Promise) return decision.then((d) => applyDecision(reply, d));
    applyDecision(reply, decision);
  }

  function authenticate(request: FastifyRequest): AuthResult | Promise<AuthResult> {
    return authenticator.authenticate(headerValue(request.headers["x-api-key"]), request.ip);
  }

  /** Routes with a definition that takes a key: every step, the key required. */
  function keyedRequest(route: KeyedRoute): onRequestAsyncHookHandler {
    return async function keyedPipeline(request, reply) {
      const pending = authenticate(request);
      const result = pending instanceof Promise ? await pending : pending;
      if (!result.ok) {
        throw new Unauthorized(authFailureDetail(result.failure, headerValue(request.headers["x-api-key"]), request.headers.authorization));
      }
      const principal = result.principal;
      request.principal = principal;
      const throttled = throttle(principal, reply);
      if (throttled) await throttled;
      if (route.scope && !principal.key.scopes.has(route.scope)) {
        throw new Forbidden(`This API key lacks the required scope: ${route.scope}.`);
      }
      if (route.staffOnly && !principal.user.isStaff) {
        throw new Forbidden("Admin analytics are available to staff users only.");
      }
      const workspace = selectWorkspace(request, principal);
      request.ctx = {
        platform,
        db: platform.database.db,
        principal,
        userId: principal.user.id,
        workspace,
        log: request.log,
      };
    };
  }

  /**
   * API paths without a definition (unknown routes, unsupported methods): 404/405 whoever asks,
   * but a request that carried a valid key is throttled and audited like any other.
   */
  const optionalKeyRequest = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (!request.url.startsWith(API_PREFIX)) return;
    const pending = authenticate(request);
    const result = pending instanceof Promise ? await pending : pending;
    if (!result.ok) return;
    request.principal = result.principal;
    await throttle(result.principal, reply);
  };

  installBodyParser(app);

  app.addHook("onRoute", (route: RouteOptions) => {
    const def = route.config?.routeDef;
    // Before schema validation, first of all: a body route reads a missing body as `{}` (or
    // refuses one that is not JSON), then every defined route, public ones too, checks its text.
    if (def) route.preValidation = withFirst(rejectInvalidText, route.preValidation);
    if (def && BODY_METHODS.has(def.method)) route.preValidation = withFirst(requireJsonBody, route.preValidation);
    if (def?.auth === "public") return;
    if (def) {
      route.onRequest = withFirst<RouteOnRequestHook>(keyedRequest(def), route.onRequest);
    } else {
      route.onRequest = withFirst<RouteOnRequestHook>(optionalKeyRequest, route.onRequest);
    }
  });

  // Paths that match no route get no route hooks: this covers them, and passes over the rest.
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.is404) {
      done();
      return;
    }
    optionalKeyRequest(request, reply).then(() => done(), done);
  });

  app.addHook("onResponse", (request, reply, done) => {
    const principal = request.principal;
    if (principal) {
      audit.record({
        userId: principal.user.id,
        apiKeyId: principal.key.id,
        apiKeyName: principal.key.name,
        apiKeyPrefix: principal.key.prefix,
        endpoint: auditedEndpoint(request.url),
        method: request.method,
        statusCode: reply.statusCode,
        ipAddress: request.ip,
        responseTimeMs: Math.round(reply.elapsedTime),
        timestamp: new Date(),
      });
    }
    done();
  });

  app.setNotFoundHandler(async () => {
    throw new NotFound("Not found.");
  });
}
