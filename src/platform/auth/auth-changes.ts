// Cross-process invalidation of cached principals. Writers call publishAuthChange inside the
// transaction that changes a key, user or membership: PostgreSQL delivers the NOTIFY at commit,
// to every process listening, including this one.
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database, Db } from "../db/client";

const AUTH_CHANNEL = "canopy_auth";

export async function publishAuthChange(db: Db): Promise<void> {
  await db.execute(sql`select pg_notify(${AUTH_CHANNEL}, '')`);
}

export interface AuthListener {
  stop(): Promise<void>;
}

/** Calls onChange on every notification, and after a reconnect (notifications may be lost). */
export async function listenForAuthChanges(
  database: Database,
  onChange: () => void,
  onError: (err: unknown) => void,
): Promise<AuthListener> {
  if (database.kind === "pglite") {
    const unsubscribe = await database.pglite.listen(AUTH_CHANNEL, () => onChange());
    return { stop: () => unsubscribe() };
  }
  let stopped = false;
  let client: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: database.connectionString });
    next.on("notification", () => onChange());
    next.on("error", (err) => {
      onError(err);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`LISTEN ${AUTH_CHANNEL}`);
    client = next;
    // Anything may have changed while no listener was connected.
    onChange();
  };
  const scheduleReconnect = (): void => {
    if (stopped || retryTimer) return;
    const old = client;
    client = null;
    old?.end().catch(() => undefined);
    retryTimer = setTimeout(() => {
      retryTimer = null;
      connect().catch((err: unknown) => {
        onError(err);
        scheduleReconnect();
      });
    }, 1000);
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      if (retryTimer) clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
