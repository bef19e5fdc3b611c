// A long audit log for one user, written straight into the database before the server starts
// (the embedded database serves one process): `count` entries over the last 30 days, in blocks
// as the audit writer stores them (one per flush, 1 to 1,000 entries), with the mix a busy
// integration makes: mostly reads of a few endpoints, some writes to brands and research, a
// few errors, three keys. Seeded, so every run reads the same log.
import { eq } from "drizzle-orm";
import { auditBatchStatement } from "../../src/platform/audit/audit-batch";
import type { AuditEntry } from "../../src/platform/audit/audit-writer";
import { openDatabase } from "../../src/platform/db/client";
import { apiKeys, users } from "../../src/platform/db/schema";
import type { Env } from "./processes";
import { present } from "../../src/platform/present";
import { seeded } from "./seeded";

const DAY_MS = 24 * 60 * 60 * 1000;
const BRANDS = Array.from({ length: 20 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`);

/** [method, endpoint] of one request, by weight. */
function request(random: () => number): [string, string] {
  const r = random();
  const brand = present(BRANDS[Math.floor(random() * BRANDS.length)], "a brand");
  if (r < 0.5) return ["GET", "/api/v1/me/profile/"];
  if (r < 0.6) return ["GET", "/api/v1/me/credits/"];
  if (r < 0.75) return ["GET", `/api/v1/brands/${brand}/`];
  if (r < 0.85) return ["GET", `/api/v1/research/${brand}/task-status/`];
  if (r < 0.9) return ["POST", `/api/v1/research/${brand}/generate/`];
  if (r < 0.95) return ["PATCH", `/api/v1/brands/${brand}/`];
  if (r < 0.98) return ["POST", "/api/v1/brands/"];
  return ["DELETE", `/api/v1/brands/${brand}/`];
}

function status(random: () => number, method: string): number {
  const r = random();
  if (r < 0.02) return 404;
  if (r < 0.03) return 429;
  if (r < 0.04) return 400;
  return method === "POST" ? 201 : 200;
}

/** Writes `count` entries for the user with `email`; returns the number of blocks. */
export async function seedAuditLog(env: Env, email: string, count: number): Promise<number> {
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL ?? null, dataDir: env.DATABASE_URL ? null : (env.DATA_DIR ?? null) });
  try {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email} to seed`);
    const [key] = await database.db.select({ id: apiKeys.id, prefix: apiKeys.prefix }).from(apiKeys).where(eq(apiKeys.userId, user.id));
    if (!key) throw new Error(`${email} has no key`);
    // The bench key, and two keys revoked since (their entries stay).
    const keys = [
      { apiKeyId: key.id, apiKeyName: "bench", apiKeyPrefix: key.prefix },
      { apiKeyId: "00000000-0000-4000-8000-00000000aaa1", apiKeyName: "old laptop", apiKeyPrefix: "cnpy_live_a1" },
      { apiKeyId: "00000000-0000-4000-8000-00000000aaa2", apiKeyName: "ci", apiKeyPrefix: "cnpy_live_a2" },
    ];
    const random = seeded(11);
    const end = Date.now() - 60_000;
    const step = (30 * DAY_MS) / count;
    let written = 0;
    let blocks = 0;
    while (written < count) {
      const size = Math.min(count - written, 1 + Math.floor(random() * 1000));
      const batch: AuditEntry[] = [];
      for (let i = 0; i < size; i++, written++) {
        const [method, endpoint] = request(random);
        batch.push({
          userId: user.id,
          ...present(keys[random() < 0.8 ? 0 : random() < 0.5 ? 1 : 2], "a key"),
          endpoint,
          method,
          statusCode: status(random, method),
          ipAddress: random() < 0.9 ? "203.0.113.7" : "198.51.100.23",
          responseTimeMs: 1 + Math.floor(random() * 40),
          timestamp: new Date(Math.round(end - (count - written) * step)),
        });
      }
      await database.db.execute(auditBatchStatement(batch));
      blocks++;
    }
    return blocks;
  } finally {
    await database.close();
  }
}
