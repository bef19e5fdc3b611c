// Builds the HTTP app on the platform (runtime.ts) from the configuration. No business logic.
import Fastify, { type FastifyInstance } from "fastify";
import type { Config } from "../platform/config";
import { Authenticator } from "../platform/auth/authenticate";
import type { PrincipalCache } from "../platform/auth/principal-cache";
import { AuditWriter } from "../platform/audit/audit-writer";
import type { Platform } from "../platform/context";
import type { Database } from "../platform/db/client";
import { guardConnections } from "../platform/http/connection-guard";
import { refusalReport } from "../platform/http/refusal-report";
import { registerDocs } from "../platform/openapi/docs";
import { registerErrorHandler } from "../platform/http/errors";
import { DEFAULT_BODY_LIMIT } from "../platform/http/limits";
import { installPipeline } from "../platform/http/pipeline";
import { installContinueCheck } from "../platform/http/oversized-body";
import { installProtocolChecks } from "../platform/http/protocol-checks";
import { registerRoutes } from "../platform/http/register";
import { installSecurityHeaders } from "../platform/http/security-headers";
import { clientErrorHandler, frameworkErrors } from "../platform/http/server-errors";
import { responseSerializerFactory } from "../platform/http/serialization";
import { requestValidatorFactory } from "../platform/http/validation";
import type { RouteDef } from "../platform/http/route";
import type { JobDefinition, JobQueue } from "../platform/jobs/queue";
import { loggerOptions, type LogDestination } from "../platform/log/logger";
import { installRequestLog, RequestLogController } from "../platform/log/request-log";
import { MemoryRateLimitStore } from "../platform/ratelimit/memory-store";
import type { RateLimitStore } from "../platform/ratelimit/store";
import { allRoutes } from "./modules";
import { createPlatform } from "./runtime";
import { checkRedisUrl } from "../platform/reachability";

declare module "fastify" {
  interface FastifyInstance {
    platform: Platform;
  }
}

export interface BuildOptions {
  config: Config;
  /** An already open database (tests share one); opened from config otherwise. */
  database?: Database;
  /** Run job handlers in this process (`canopy serve` without --no-workers). */
  workers: boolean;
  /** Extra routes (tests use this to exercise platform features before modules use them). */
  extraRoutes?: RouteDef[];
  extraJobs?: JobDefinition[];
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogDestination;
  /**
   * Compile every route's validators and serializers when the app becomes ready, as Fastify does
   * by default, instead of on each route's first use (a test checks every schema this way).
   */
  compileSchemasAtStart?: boolean;
}

export interface Canopy {
  app: FastifyInstance;
  platform: Platform;
  queue: JobQueue;
  audit: AuditWriter;
  authCache: PrincipalCache;
  /** Graceful: stop taking requests, finish in-flight ones, flush audit, release jobs. */
  close(): Promise<void>;
}

/** The shared counters in Redis; the Redis client is loaded only when REDIS_URL names a server. */
async function openRedisRateLimits(url: string): Promise<RateLimitStore> {
  const { RedisRateLimitStore } = await import("../platform/ratelimit/redis-store");
  const store = new RedisRateLimitStore(url);
  await store.ready();
  return store;
}

const SHUTTING_DOWN = "canopy is shutting down; try again in a moment.";

export async function buildCanopy(options: BuildOptions): Promise<Canopy> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config, options.logStream),
    // One line per request of our own (request-log.ts) instead of Fastify's two.
    logController: new RequestLogController(),
    trustProxy: config.trustProxy,
    // A client must send its whole request (headers and body) within requestTimeout and its
    // headers within headersTimeout, else it gets 408 and the connection closes (Node checks
    // every second); an idle keep-alive connection closes after Fastify's 72 s.
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: 1000,
      // Node's own refusal of an HTTP/1.1 request without Host has an empty body; protocol-checks.ts answers it as {detail}.
      requireHostHeader: false,
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A request routed while shutting down is refused by our own hook below, in the wire's
    // `{detail}` shape and with the security headers; Fastify's own 503 skips every hook.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    // Validators and serializers are compiled on a route's first use, not at start-up
    // (validation.ts, serialization.ts).
    schemaController: {
      compilersFactory: {
        buildValidator: requestValidatorFactory({ lazy: !options.compileSchemasAtStart }),
        buildSerializer: responseSerializerFactory({ lazy: !options.compileSchemasAtStart }),
      },
    },
    // Errors of the router and of Node's HTTP parser, answered in the wire's `{detail}` shape.
    frameworkErrors,
    clientErrorHandler,
  });
  // Each start-up step is logged with the time since the process started (`startup_ms`), so the
  // log shows where a slow start spends it (module loading is what comes before the first line).
  const progress = (fields: Record<string, unknown>, message: string) =>
    app.log.info({ ...fields, startup_ms: Math.round(performance.now()) }, message);
  // Redis holds the HTTP app's rate limits only: checked here, before the database is opened.
  if (config.redisUrl) {
    progress({}, "connecting to the Redis server (REDIS_URL)");
    await checkRedisUrl(config.redisUrl);
  }
  const runtime = await createPlatform({
    config,
    log: app.log,
    workers: options.workers,
    progress,
    ...(options.database ? { database: options.database } : {}),
    ...(options.extraJobs ? { extraJobs: options.extraJobs } : {}),
  });
  const { platform, queue, authCache } = runtime;
  const { database } = platform;
  app.decorate("platform", platform);
  const rateLimits: RateLimitStore = config.redisUrl ? await openRedisRateLimits(config.redisUrl) : new MemoryRateLimitStore();
  // On the embedded database a batch runs on the request thread; written as blocks, 1000 entries
  // take a few milliseconds there, so one size serves both databases.
  const audit = new AuditWriter(database.db, app.log, { maxBatch: 1000 });

  // Connections past the caps (in all, and from one address) are closed as they arrive, so a flood
  // of clients cannot exhaust the process's sockets and memory, nor one address lock others out.
  const limits = { total: config.http.maxConnections, "per-address": config.http.maxConnectionsPerAddress };
  guardConnections(app.server, config.http, refusalReport(app.log, limits));
  // While shutting down, a request that still reaches the router (one whose headers were arriving
  // on a connection already open) is sent elsewhere: 503, before any key is looked up.
  let shuttingDown = false;
  app.addHook("onRequest", (_request, reply, done) => {
    if (shuttingDown) void reply.code(503).header("retry-after", "1").send({ detail: SHUTTING_DOWN });
    else done();
  });
  registerErrorHandler(app);
  installSecurityHeaders(app);
  installRequestLog(app);
  installProtocolChecks(app);
  installPipeline(app, { platform, authenticator: new Authenticator(database.db, authCache), rateLimits, audit });
  const routes = [...allRoutes, ...(options.extraRoutes ?? [])];
  installContinueCheck(app, Math.max(DEFAULT_BODY_LIMIT, ...routes.map((route) => route.bodyLimit ?? 0)));
  progress({}, "registering the routes");
  await registerDocs(app, routes);
  registerRoutes(app, routes);

  // While shutting down, answers close their connection: a keep-alive connection whose request
  // was in flight would otherwise hold the server open until its idle timeout.
  // Synchronous on purpose: an async hook costs a promise per response on the hot path.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (shuttingDown) reply.header("connection", "close");
    done(null, payload);
  });

  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      shuttingDown = true;
      await app.close();
      await audit.close();
      await rateLimits.close();
      await runtime.close();
    })());

  return { app, platform, queue, audit, authCache, close };
}
