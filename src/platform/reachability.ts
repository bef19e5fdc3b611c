// Start-up checks of the servers the configuration names: an unreachable PostgreSQL or Redis
// fails start-up within seconds with a message naming the variable, rather than a driver's
// retries (Redis) or a connection attempt that waits on a silent host (PostgreSQL).
import pg from "pg";
import { ConfigError } from "./config";

const CONNECT_TIMEOUT_MS = 10_000;

/** host:port/database of a connection string, without its credentials. */
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || "default port"}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return "the configured address";
  }
}

export async function checkDatabaseUrl(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An error after connect (the server going away) must not crash the process through the client.
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.query("select 1");
  } catch (err) {
    throw new ConfigError("DATABASE_URL", `cannot use the PostgreSQL server at ${describeUrl(url)}: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function checkRedisUrl(url: string): Promise<void> {
  // Loaded here: without REDIS_URL the Redis client is never needed, and a start skips loading it.
  const { Redis } = await import("ioredis");
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The socket's own error says why ("connect ECONNREFUSED ..."); connect() then only rejects with
  // "Connection is closed". Without a listener ioredis would print it as unhandled.
  // A field rather than a `let`: the listener sets it, and the compiler would take a `let` for still empty below.
  const socket: { error?: Error } = {};
  client.on("error", (err: Error) => (socket.error ??= err));
  try {
    await client.connect();
    await client.ping();
  } catch (err) {
    throw new ConfigError("REDIS_URL", `cannot use the Redis server at ${describeUrl(url)}: ${(socket.error ?? (err as Error)).message}`);
  } finally {
    client.disconnect();
  }
}
