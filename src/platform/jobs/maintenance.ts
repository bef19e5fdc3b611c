// Daily retention: audit entries older than 90 days and idempotency keys older than 24 hours.
// (The minutely reconciliation of tasks is the tasks' own: ../tasks/reconcile-job.ts.)
import { lt } from "drizzle-orm";
import { auditLogBlocks, idempotencyKeys } from "../db/schema";
import type { Db } from "../db/client";
import { IDEMPOTENCY_TTL_MS } from "../http/idempotency";
import { defineJob } from "./queue";

const AUDIT_RETENTION_DAYS = 90;

export async function purgeExpired(db: Db, now = new Date()): Promise<{ auditLogs: number; idempotencyKeys: number }> {
  const auditCutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  // A block goes when its last entry is past the cutoff: its entries span one flush (seconds).
  const audit = await db
    .delete(auditLogBlocks)
    .where(lt(auditLogBlocks.lastAt, auditCutoff))
    .returning({ count: auditLogBlocks.entryCount });
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return { auditLogs: audit.reduce((sum, block) => sum + block.count, 0), idempotencyKeys: keys.length };
}

export const retentionJob = defineJob({
  name: "platform-retention",
  cron: "17 3 * * *",
  retryLimit: 3,
  async handler(ctx) {
    const purged = await purgeExpired(ctx.db);
    ctx.log.info({ purged }, "retention purge done");
  },
});
