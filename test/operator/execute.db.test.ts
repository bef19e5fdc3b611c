// Operator commands parsed and executed in this process on a fresh database, as `canopy` runs
// them (directly or inside the server): users list and teams list, one team name per owner, and
// values a service refuses reported by the flag the operator typed.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/platform/config";
import type { ServiceCtx } from "../../src/platform/context";
import { parseOperatorCommand } from "../../src/operator/commands";
import { executeOperatorCommand, type DataCommand } from "../../src/operator/execute";
import { describeFailure } from "../../src/operator/failures";
import { runMigrations } from "../../src/platform/db/migrate";
import { noJobs } from "../../src/platform/jobs/queue";
import { getModelRegistry } from "../../src/providers/models/registry";
import { createPageReader } from "../../src/providers/pages";
import { createSerpProvider } from "../../src/providers/serp";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { match } from "../helpers/matchers";

describe("operator commands executed on a database", () => {
  let testDb: TestDatabase;
  let ctx: ServiceCtx;
  const run = (...argv: string[]) => executeOperatorCommand(ctx, parseOperatorCommand(argv) as DataCommand);
  /** The exit code and message the command line would show for `run(...argv)`'s failure. */
  const failure = async (...argv: string[]) => {
    const err = await run(...argv).then(
      () => null,
      (e: unknown) => e,
    );
    if (err === null) throw new Error(`${argv.join(" ")} succeeded`);
    const described = describeFailure(err);
    if (!described) throw err instanceof Error ? err : new Error(`${argv.join(" ")} failed with a non-Error`, { cause: err });
    return described;
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // A PostgreSQL test database starts empty; the embedded one is a migrated copy already.
    await runMigrations(testDb.database);
    const config = loadConfig({ LOG_LEVEL: "silent" });
    const serp = createSerpProvider(config);
    const platform = {
      config,
      database: testDb.database,
      log: pino({ level: "silent" }),
      authChanged: async () => undefined,
      jobs: noJobs,
      models: getModelRegistry(config),
      serp,
      pages: createPageReader(config, serp),
    };
    ctx = { db: testDb.database.db, platform };
    await run("users", "create", "--email", "ann@example.com");
    await run("users", "create", "--email", "ben@example.com", "--plan", "pro", "--staff");
    await run("users", "create", "--email", "cat@example.com");
    await run("users", "update", "--email", "cat@example.com", "--active", "false");
  });
  afterAll(async () => testDb.drop());

  it("users list: every user oldest first, in the shape users create answers; filters narrow it", async () => {
    const all = await run("users", "list");
    expect(Object.keys(all)).toEqual(["users"]);
    const users = all.users as Record<string, unknown>[];
    expect(users.map((u) => u.email)).toEqual(["ann@example.com", "ben@example.com", "cat@example.com"]);
    expect(Object.keys(users[0]!).sort()).toEqual(
      ["beta_access", "date_joined", "email", "first_name", "id", "is_active", "is_staff", "last_name", "plan"].sort(),
    );
    const emails = async (...filters: string[]) =>
      ((await run("users", "list", ...filters)).users as { email: string }[]).map((u) => u.email);
    expect(await emails("--plan", "pro")).toEqual(["ben@example.com"]);
    expect(await emails("--staff", "false", "--active", "true")).toEqual(["ann@example.com"]);
    expect(await emails("--active", "false")).toEqual(["cat@example.com"]);
    expect(await emails("--plan", "free")).toEqual([]);
  });

  it("teams create refuses a name its owner already has, whatever the case; another owner may use it", async () => {
    const team = await run("teams", "create", "--name", "Acme Content", "--owner", "ann@example.com");
    expect(team).toMatchObject({ name: "Acme Content", slug: "acme-content", owner: "ann@example.com" });
    const again = await failure("teams", "create", "--name", "  ACME content ", "--owner", "Ann@Example.com");
    expect(again.exitCode).toBe(1);
    expect(again.message).toBe(`ann@example.com already owns a team named "Acme Content" (id ${String(team.id)}).`);
    const other = await run("teams", "create", "--name", "Acme Content", "--owner", "ben@example.com");
    expect(other).toMatchObject({ name: "Acme Content", slug: "acme-content-2", owner: "ben@example.com" });
    // Being a member (not the owner) of a team does not reserve its name.
    await run("teams", "add-member", "--team", String(other.id), "--email", "cat@example.com");
    expect(await run("teams", "create", "--name", "acme content", "--owner", "cat@example.com")).toMatchObject({ slug: "acme-content-3" });
  });

  it("teams list: every team with its owner and members; --email only that user's teams", async () => {
    const all = await run("teams", "list");
    expect(Object.keys(all)).toEqual(["teams"]);
    const teams = all.teams as Record<string, unknown>[];
    expect(teams.map((t) => [t.slug, t.owner])).toEqual([
      ["acme-content", "ann@example.com"],
      ["acme-content-2", "ben@example.com"],
      ["acme-content-3", "cat@example.com"],
    ]);
    expect(Object.keys(teams[1]!).sort()).toEqual(["created_at", "id", "members", "name", "owner", "plan_name", "slug"]);
    expect(teams[1]!.members).toEqual([
      { email: "ben@example.com", role: "owner", status: "active" },
      { email: "cat@example.com", role: "member", status: "active" },
    ]);

    const cats = await run("teams", "list", "--email", "CAT@example.com");
    expect(cats.email).toBe("cat@example.com");
    expect((cats.teams as { slug: string }[]).map((t) => t.slug)).toEqual(["acme-content-2", "acme-content-3"]);
    expect(await run("teams", "list", "--email", "ann@example.com")).toMatchObject({ teams: [{ slug: "acme-content" }] });
    await run("users", "create", "--email", "dan@example.com");
    expect(await run("teams", "list", "--email", "dan@example.com")).toEqual({ email: "dan@example.com", teams: [] });
    expect(await failure("teams", "list", "--email", "nobody@example.com")).toEqual({
      exitCode: 1,
      message: "No user with email nobody@example.com.",
    });
  });

  it("keys create: a value the service refuses is a usage error naming the flag, never the field", async () => {
    const key = (...flags: string[]) =>
      failure("keys", "create", "--email", "ann@example.com", "--name", "k", "--type", "Integration", ...flags);
    expect(await key("--expires", "tomorrow")).toEqual({ exitCode: 2, message: "--expires: Must be an ISO 8601 date or date-time." });
    expect(await key("--expires", "2001-01-01")).toEqual({ exitCode: 2, message: "--expires: Must be in the future." });
    expect(await key("--scopes", "brands:read,root")).toEqual({ exitCode: 2, message: "--scopes: Unknown scopes: root." });
    const badIp = await key("--allow-ip", "10.0.0.300");
    expect(badIp.exitCode).toBe(2);
    expect(badIp.message).toMatch(/^--allow-ip: /);
    const long = await failure("keys", "create", "--email", "ann@example.com", "--name", "n".repeat(1000), "--type", "Integration");
    expect(long).toEqual({ exitCode: 2, message: match.stringMatching(/^--name: Name must be 1 to \d+ characters\.$/) });
    for (const message of [badIp.message, long.message]) expect(message).not.toMatch(/expires_at|allowed_ips/);
  });
});
