// The request pipeline every keyed route runs, in DRF's order: authenticate (401), throttle
// (429), check the scope (403), select the workspace (403); then the handler; then the audit
// entry, off the request path.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AUTH_DETAILS, type Authenticator } from "../auth/authenticate";
import type { AuditWriter } from "../audit/audit-writer";
import type { Platform, Workspace } from "../context";
import type { RateLimitStore } from "../ratelimit/store";
import { Forbidden, NotFound, Throttled, Unauthorized, ApiError } from "./errors";
import "./request-state";
import type { KeyedRoute } from "./route";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const API_PREFIX = "/api/v1/";

export interface PipelineDeps {
  platform: Platform;
  authenticator: Authenticator;
  rateLimits: RateLimitStore;
  audit: AuditWriter;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function selectWorkspace(request: FastifyRequest): Workspace {
  const principal = request.principal!;
  const teamHeader = headerValue(request.headers["x-team-id"]);
  if (teamHeader === undefined || teamHeader === "") return { id: principal.user.id, kind: "personal" };
  if (!UUID_PATTERN.test(teamHeader)) throw new Forbidden("X-Team-ID must be a valid team UUID.");
  const teamId = teamHeader.toLowerCase();
  if (!principal.teams.has(teamId)) throw new Forbidden("You are not an active member of this team.");
  return { id: teamId, kind: "team" };
}

export function installPipeline(app: FastifyInstance, deps: PipelineDeps): void {
  const { authenticator, rateLimits, audit, platform } = deps;

  async function throttle(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const principal = request.principal!;
    const limit = platform.config.rateLimits[principal.key.type];
    const decision = await rateLimits.hit(principal.key.id, limit);
    reply.header("x-ratelimit-limit", decision.limit);
    reply.header("x-ratelimit-remaining", decision.remaining);
    reply.header("x-ratelimit-reset", decision.resetSeconds);
    if (!decision.allowed) throw new Throttled(decision.resetSeconds);
  }

  app.addHook("onRequest", async (request, reply) => {
    if (!request.url.startsWith(API_PREFIX)) return;
    const config = request.routeOptions.config;
    const def = config.routeDef;
    if (def?.auth === "public") return;
    const header = headerValue(request.headers["x-api-key"]);
    const result = await authenticator.authenticate(header, request.ip);
    if (!def) {
      // Unknown route or unsupported method: 404/405 whoever asks, but a request that carried
      // a valid key is throttled and audited like any other.
      if (result.ok) {
        request.principal = result.principal;
        await throttle(request, reply);
      }
      return;
    }
    if (!result.ok) throw new Unauthorized(AUTH_DETAILS[result.failure]);
    request.principal = result.principal;
    await throttle(request, reply);
    const route = def as KeyedRoute;
    if (route.scope && !result.principal.key.scopes.has(route.scope)) {
      throw new Forbidden(`This API key lacks the required scope: ${route.scope}.`);
    }
    if (route.staffOnly && !result.principal.user.isStaff) {
      throw new Forbidden("Admin analytics are available to staff users only.");
    }
    const workspace = selectWorkspace(request);
    request.ctx = {
      platform,
      db: platform.database.db,
      principal: result.principal,
      userId: result.principal.user.id,
      workspace,
      log: request.log,
    };
  });

  // POST/PUT/PATCH need a JSON body (spec, Authentication 2). Fastify answers 415 itself for a
  // body of another type; this covers a request that sends no Content-Type at all.
  app.addHook("preValidation", async (request) => {
    if (!request.routeOptions.config.routeDef || request.routeOptions.config.routeDef.auth !== "key") return;
    if (request.method !== "POST" && request.method !== "PUT" && request.method !== "PATCH") return;
    const type = request.headers["content-type"];
    if (!type || !/^application\/json\b/i.test(type)) {
      throw new ApiError(415, `Unsupported media type "${type ?? ""}" in request.`);
    }
  });

  app.addHook("onResponse", async (request, reply) => {
    const principal = request.principal;
    if (!principal) return;
    audit.record({
      userId: principal.user.id,
      apiKeyId: principal.key.id,
      apiKeyName: principal.key.name,
      apiKeyPrefix: principal.key.prefix,
      endpoint: request.url.split("?")[0]!,
      method: request.method,
      statusCode: reply.statusCode,
      ipAddress: request.ip,
      responseTimeMs: Math.round(reply.elapsedTime),
      timestamp: new Date(),
    });
  });

  app.setNotFoundHandler(async () => {
    throw new NotFound("Not found.");
  });
}
