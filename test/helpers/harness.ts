// Boots the real app on a fresh database and makes users, teams and keys with one call each.
// Requests go through app.inject, with the real key verification, limits and audit.
import type { LightMyRequestResponse } from "fastify";
import { buildCanopy, type BuildOptions, type Canopy } from "../../src/app/app";
import { loadConfig, type Config, type KeyType } from "../../src/platform/config";
import { grantCredits } from "../../src/platform/credits/ledger";
import type { CreditKind } from "../../src/platform/credits/split";
import { createKey } from "../../src/modules/keys";
import { addTeamMember, createTeam, type TeamRole } from "../../src/modules/teams";
import { createUser, updateUser, type Plan, type UserRow } from "../../src/modules/users";
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase } from "./database";

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

export interface TestKey {
  id: string;
  key: string;
  prefix: string;
  userId: string;
  email: string;
}

/**
 * An injected answer whose JSON body is `unknown` until the test names its type, usually one of
 * the API document's schemas (`res.json<Schemas["Brand"]>()`), so a test reads fields the API
 * declares rather than whatever an `any` allows.
 */
export type TestResponse = Omit<LightMyRequestResponse, "json"> & { json<T = unknown>(): NoInfer<T> };

export type { Schemas } from "../../clients/typescript/src/index";

export interface RequestOptions {
  key?: string | null;
  teamId?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  ip?: string;
}

export interface Harness {
  canopy: Canopy;
  config: Config;
  testDb: TestDatabase;
  createUser(options?: {
    email?: string;
    plan?: Plan;
    staff?: boolean;
    beta?: boolean;
    firstName?: string;
    lastName?: string;
  }): Promise<UserRow>;
  createKey(
    user: UserRow,
    options?: { type?: KeyType; scopes?: string[]; name?: string; expiresAt?: string; allowedIps?: string[] },
  ): Promise<TestKey>;
  /** A user with a key holding the given scopes (default: every scope but admin). */
  userWithKey(scopes?: string[], type?: KeyType): Promise<TestKey & { user: UserRow }>;
  createTeam(owner: UserRow, name?: string): Promise<{ id: string; name: string; slug: string }>;
  addMember(teamId: string, user: UserRow, role?: TeamRole): Promise<void>;
  grant(user: { id: string }, amount: number, kind?: CreditKind): Promise<void>;
  updateUser(email: string, changes: { plan?: Plan; active?: boolean; beta?: boolean; staff?: boolean }): Promise<void>;
  request(method: string, url: string, options?: RequestOptions): Promise<TestResponse>;
  close(): Promise<void>;
}

export const EVERY_USER_SCOPE = [
  "user:read",
  "keys:write",
  "brands:read",
  "brands:write",
  "briefs:read",
  "briefs:write",
  "content:read",
  "content:write",
  "maps:read",
  "maps:write",
  "authority:read",
  "authority:write",
  "research:read",
  "research:write",
  "clustering:read",
  "clustering:write",
];

export async function createHarness(
  options: { env?: Record<string, string>; workers?: boolean } & Pick<BuildOptions, "extraRoutes" | "extraJobs" | "logStream"> = {},
): Promise<Harness> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: "silent",
    ...(TEST_REDIS_URL ? { REDIS_URL: TEST_REDIS_URL } : {}),
    ...options.env,
  });
  const canopy = await buildCanopy({
    config,
    database: testDb.database,
    workers: options.workers ?? true,
    // Logging only for a test that reads the lines (at the LOG_LEVEL it gives in `env`).
    logger: options.logStream !== undefined,
    logStream: options.logStream,
    extraRoutes: options.extraRoutes,
    extraJobs: options.extraJobs,
  });
  const ctx = { db: testDb.database.db, platform: canopy.platform };

  const harness: Harness = {
    canopy,
    config,
    testDb,
    createUser: (o = {}) =>
      createUser(ctx, {
        email: o.email ?? `${unique("user")}@example.com`,
        plan: o.plan,
        staff: o.staff,
        beta: o.beta,
        firstName: o.firstName,
        lastName: o.lastName,
      }),
    async createKey(user, o = {}) {
      const created = await createKey(ctx, user.id, {
        name: o.name ?? unique("key"),
        type: o.type ?? "Integration",
        scopes: o.scopes,
        expiresAt: o.expiresAt ?? null,
        allowedIps: o.allowedIps,
      });
      return { id: created.id, key: created.key, prefix: created.prefix, userId: user.id, email: user.email };
    },
    async userWithKey(scopes = EVERY_USER_SCOPE, type = "Integration") {
      const user = await harness.createUser({ staff: type === "Admin" });
      const key = await harness.createKey(user, { scopes, type });
      return { ...key, user };
    },
    createTeam: (owner, name) => createTeam(ctx, { name: name ?? unique("team"), ownerEmail: owner.email }),
    async addMember(teamId, user, role = "member") {
      await addTeamMember(ctx, { teamId, email: user.email, role });
    },
    async grant(user, amount, kind = "payg") {
      await grantCredits(ctx, { userId: user.id, amount, kind });
    },
    async updateUser(email, changes) {
      await updateUser(ctx, { email, ...changes });
    },
    request(method, url, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.key) headers["x-api-key"] = o.key;
      if (o.teamId) headers["x-team-id"] = o.teamId;
      if (o.body !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
      return canopy.app.inject({
        method: method as "GET",
        url,
        headers,
        query: o.query,
        remoteAddress: o.ip,
        payload: o.body === undefined ? undefined : typeof o.body === "string" ? o.body : JSON.stringify(o.body),
      });
    },
    async close() {
      await canopy.close();
      await testDb.drop();
    },
  };
  return harness;
}
