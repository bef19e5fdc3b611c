// The tables of the platform. Module tables (brands, research, ...) live beside their modules in
// their table.ts; drizzle-kit reads these and every module's (drizzle.config.ts).
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    plan: text("plan").notNull().default("agency"),
    subscriptionInterval: text("subscription_interval").notNull().default("monthly"),
    isActive: boolean("is_active").notNull().default(true),
    betaAccess: boolean("beta_access").notNull().default(true),
    isStaff: boolean("is_staff").notNull().default(false),
    dateJoined: timestamp("date_joined", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    lastActive: timestamp("last_active", { withTimezone: true, mode: "date" }),
  },
  // Signups per day (admin analytics) read a range of join dates.
  (t) => [index("users_date_joined_idx").on(t.dateJoined)],
);

export const teams = pgTable("teams", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  planName: text("plan_name").notNull().default("agency"),
  createdAt: createdAt(),
});

export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index("team_members_user_idx").on(t.userId)],
);

/**
 * One row per workspace: a user's personal workspace has the user's id, a team's workspace the
 * team's id. Every workspace-owned row references this table, so one column and one helper
 * (workspace.ts) scope every query.
 */
export const workspaces = pgTable("workspaces", {
  id: uuid("id").primaryKey(),
  kind: text("kind").notNull(),
  userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").notNull(),
    scopes: text("scopes").array().notNull(),
    keyHash: text("key_hash").notNull(),
    prefix: text("prefix").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    allowedIps: text("allowed_ips").array().notNull().default(sql`'{}'::text[]`),
    status: text("status").notNull().default("Active"),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    replacedBy: uuid("replaced_by"),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("api_keys_hash_idx").on(t.keyHash), index("api_keys_user_idx").on(t.userId)],
);

/**
 * The audit log is written a batch at a time: one row per user per flush, its entries as one JSON
 * text (format in src/platform/audit/audit-blocks.ts). A row per entry cost more database
 * work per request than the rest of the request path together (three index insertions and a heap
 * tuple each; on the embedded database all of it on the request thread); a block costs one row
 * and one text value for a whole batch. The /me/audit-logs/ pages are read from the blocks in
 * bounded steps (src/platform/audit/audit-read.ts); the audit_logs view below unpacks them one
 * row per entry for everything else (the user_id condition reaches the blocks' index).
 */
export const auditLogBlocks = pgTable(
  "audit_log_blocks",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    firstAt: timestamp("first_at", { withTimezone: true, mode: "date" }).notNull(),
    lastAt: timestamp("last_at", { withTimezone: true, mode: "date" }).notNull(),
    entryCount: integer("entry_count").notNull(),
    /** The keys and the statuses its entries hold: a filter on either skips blocks without them. */
    keyIds: uuid("key_ids").array().notNull(),
    statusCodes: integer("status_codes").array().notNull(),
    entries: text("entries").notNull(),
    /**
     * How many entries of each (key id, endpoint, method, status) the block holds:
     * `[[key id, endpoint, method, status, count], ...]`. Filters are asked of these few values,
     * so that counting and locating a filtered page unpack no entries (src/platform/audit/audit-read.ts).
     */
    facets: jsonb("facets").notNull(),
  },
  (t) => [index("audit_log_blocks_user_idx").on(t.userId, t.lastAt.desc()), index("audit_log_blocks_last_at_idx").on(t.lastAt)],
);

/** The audit entries one row each: a view over audit_log_blocks (created by migration 0004). */
export const auditLogs = pgView("audit_logs", {
  id: uuid("id").notNull(),
  userId: uuid("user_id").notNull(),
  apiKeyId: uuid("api_key_id").notNull(),
  apiKeyName: text("api_key_name").notNull(),
  apiKeyPrefix: text("api_key_prefix").notNull(),
  endpoint: text("endpoint").notNull(),
  method: text("method").notNull(),
  statusCode: integer("status_code").notNull(),
  ipAddress: text("ip_address").notNull(),
  responseTimeMs: integer("response_time_ms").notNull(),
  timestamp: timestamp("timestamp", { withTimezone: true, mode: "date" }).notNull(),
  /** The latest time in the entry's block: lets a newest-first page skip older blocks. */
  blockLastAt: timestamp("block_last_at", { withTimezone: true, mode: "date" }).notNull(),
  /** The keys and statuses in the entry's block (see auditLogBlocks): let a filter skip blocks. */
  blockKeyIds: uuid("block_key_ids").array().notNull(),
  blockStatusCodes: integer("block_status_codes").array().notNull(),
}).existing();

/**
 * The UTC days on which each user made a request with a valid key: one row per user and day,
 * written by the audit writer with the users' last use (audit-batch.ts). Daily, weekly and
 * monthly active users (admin analytics) count these rows: a few per user, where the audit
 * blocks hold one row per user per flush (up to two a second while a key is busy) and are kept
 * 90 days only. Migration 0008 filled it from the audit blocks and the users' last activity.
 */
export const userActivityDays = pgTable(
  "user_activity_days",
  {
    day: date("day", { mode: "string" }).notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  // Day first: every read is a range of days.
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);

/**
 * The balance is a cache of the ledger's sum, kept in the same transaction as every ledger row.
 * The CHECK constraints make a negative balance impossible even under a bug in the service.
 */
export const creditBalances = pgTable(
  "credit_balances",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    free: integer("free").notNull().default(0),
    monthly: integer("monthly").notNull().default(0),
    payg: integer("payg").notNull().default(0),
    monthlyLastReset: timestamp("monthly_last_reset", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    renewalDate: timestamp("renewal_date", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [
    check("credit_free_nonnegative", sql`${t.free} >= 0`),
    check("credit_monthly_nonnegative", sql`${t.monthly} >= 0`),
    check("credit_payg_nonnegative", sql`${t.payg} >= 0`),
  ],
);

/** Append-only: rows are inserted, never updated or deleted. */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    operation: text("operation").notNull(),
    referenceId: text("reference_id"),
    freeDelta: integer("free_delta").notNull().default(0),
    monthlyDelta: integer("monthly_delta").notNull().default(0),
    paygDelta: integer("payg_delta").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // A reference (a job) can be charged once and refunded once: a retried job or a second
    // worker cannot charge or refund twice.
    uniqueIndex("credit_ledger_reference_kind_idx")
      .on(t.referenceId, t.kind)
      .where(sql`${t.referenceId} is not null and ${t.kind} in ('charge', 'refund')`),
    index("credit_ledger_user_idx").on(t.userId, t.createdAt),
    // Admin analytics sum the ledger of a period across all users.
    index("credit_ledger_created_idx").on(t.createdAt),
  ],
);

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    route: text("route").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index("idempotency_created_idx").on(t.createdAt)],
);

/**
 * The user-visible record of a background task (research generation, clustering, briefs,
 * articles). The durable queue (pg-boss) carries the work; this row carries what status
 * endpoints report and is written in the same transaction as the credits the task cost.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    type: text("type").notNull(),
    subjectId: uuid("subject_id"),
    /** The pg-boss queue and job that carry the work. */
    queue: text("queue").notNull(),
    jobId: text("job_id"),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    progressCurrent: integer("progress_current").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    message: text("message").notNull().default(""),
    error: text("error"),
    input: jsonb("input").notNull().default(sql`'{}'::jsonb`),
    result: jsonb("result"),
    creditsCharged: integer("credits_charged").notNull().default(0),
    /**
     * The task whose charge this one's failure refunds: its own (null) or, for a free follow-up
     * of paid work (a brief continued after review), the task that was charged.
     */
    chargeReferenceId: uuid("charge_reference_id"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    index("tasks_subject_idx").on(t.subjectId, t.type, t.createdAt),
    index("tasks_workspace_idx").on(t.workspaceId, t.createdAt),
    index("tasks_open_idx").on(t.status).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * The tokens a task's model calls used, per model: prompt and completion tokens as the provider
 * reported them, and the calls that reported them. Added to after each attempt of the task
 * (tasks/usage.ts), so retries count; the day of `created_at` is the task's first call's.
 */
export const taskModelUsage = pgTable(
  "task_model_usage",
  {
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    modelId: text("model_id").notNull(),
    calls: integer("calls").notNull().default(0),
    promptTokens: integer("prompt_tokens").notNull().default(0),
    completionTokens: integer("completion_tokens").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.modelId] }), index("task_model_usage_created_idx").on(t.createdAt)],
);
