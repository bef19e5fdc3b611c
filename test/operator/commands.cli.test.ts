// The operator command line on the embedded database with no server running: every command's
// one JSON object, the refusals of docs/conventions.md §1, and usage errors. Each test builds on the
// data the ones before it created, in one data directory.
import { lstat } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonOf, leaveStaleSocket, runCli, tempDataDir, type CliResult } from "../helpers/cli";

const INTEGRATION_SCOPES = ["brands:read", "brands:write", "briefs:read", "briefs:write", "content:read", "content:write", "maps:read"];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SLOW = 120_000;

function expectRefused(result: CliResult, message: RegExp, code = 1): void {
  expect(result.stdout).toBe("");
  expect(result.code).toBe(code);
  expect(result.stderr).toMatch(message);
}

describe("canopy operator commands on the embedded database", () => {
  let dataDir: Awaited<ReturnType<typeof tempDataDir>>;
  const cli = (...args: string[]) => runCli(args, { DATA_DIR: dataDir.dir });
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = await tempDataDir();
    // Only migrate creates a database (test/operator/no-server.cli.test.ts).
    jsonOf(await cli("migrate"));
    // A server that died left its socket behind: commands must not wait for it.
    await leaveStaleSocket(path.join(dataDir.dir, "canopy.sock"));
  }, SLOW);
  afterAll(async () => dataDir.remove());

  it("users create: defaults to the agency plan, beta access, not staff", { timeout: SLOW }, async () => {
    const user = jsonOf(await cli("users", "create", "--email", "Alice@Example.com"));
    expect(user).toMatchObject({
      email: "alice@example.com",
      first_name: "",
      last_name: "",
      plan: "agency",
      is_active: true,
      beta_access: true,
      is_staff: false,
    });
    expect(user.id).toMatch(UUID);
    expect(new Date(user.date_joined as string).toISOString()).toBe(user.date_joined);
    // The stale socket was cleared and this command's own socket removed on the way out.
    await expect(lstat(path.join(dataDir.dir, "canopy.sock"))).rejects.toThrow(/ENOENT/);
  });

  it("users create with options, several at once (they take turns on the embedded database)", { timeout: SLOW }, async () => {
    const [bob, carol, dave] = (
      await Promise.all([
        cli("users", "create", "--email", "bob@example.com", "--plan", "pro"),
        cli("users", "create", "--email", "carol@example.com", "--no-beta"),
        cli("users", "create", "--email", "dave@example.com", "--staff", "--first-name", "Dave", "--last-name", "Staff"),
      ])
    ).map(jsonOf);
    expect(bob).toMatchObject({ plan: "pro", beta_access: true, is_staff: false });
    expect(carol).toMatchObject({ plan: "agency", beta_access: false, is_staff: false });
    expect(dave).toMatchObject({ first_name: "Dave", last_name: "Staff", plan: "agency", beta_access: true, is_staff: true });
  });

  it("users update changes only what it is given", { timeout: SLOW }, async () => {
    const bob = jsonOf(await cli("users", "update", "--email", "bob@example.com", "--plan", "starter", "--active", "false"));
    expect(bob).toMatchObject({ email: "bob@example.com", plan: "starter", is_active: false, beta_access: true, is_staff: false });
  });

  it("teams create answers {id, name, slug, ...}; teams add-member adds a member", { timeout: SLOW }, async () => {
    const team = jsonOf(await cli("teams", "create", "--name", "Acme Content", "--owner", "alice@example.com"));
    expect(team).toMatchObject({ name: "Acme Content", slug: "acme-content", owner: "alice@example.com" });
    expect(team.id).toMatch(UUID);
    const added = jsonOf(await cli("teams", "add-member", "--team", team.id as string, "--email", "dave@example.com", "--role", "admin"));
    expect(added).toMatchObject({ team: { id: team.id, slug: "acme-content" }, email: "dave@example.com", role: "admin" });
  });

  it("keys create: an Integration key with its type's default scopes, shown once in plaintext", { timeout: SLOW }, async () => {
    const key = jsonOf(await cli("keys", "create", "--email", "alice@example.com", "--name", "ci", "--type", "Integration"));
    expect(key).toMatchObject({
      name: "ci",
      type: "Integration",
      status: "Active",
      scopes: INTEGRATION_SCOPES,
      expires_at: null,
      allowed_ips: [],
    });
    expect(key.id).toMatch(UUID);
    expect(key.key).toMatch(/^cnpy_live_[0-9a-f]{32}$/);
    expect(key.prefix).toBe((key.key as string).slice(0, 12));
    ids.integration = key.id as string;
  });

  it("keys create: --scopes replaces the defaults; --expires and --allow-ip are kept", { timeout: SLOW }, async () => {
    const key = jsonOf(
      await cli(
        "keys",
        "create",
        "--email",
        "alice@example.com",
        "--name",
        "dev",
        "--type",
        "Developer",
        "--scopes",
        "user:read,maps:read",
        "--expires",
        "2099-01-01T00:00:00Z",
        "--allow-ip",
        "10.0.0.0/8, 192.168.1.7",
      ),
    );
    expect(key).toMatchObject({
      name: "dev",
      type: "Developer",
      scopes: ["user:read", "maps:read"],
      expires_at: "2099-01-01T00:00:00.000Z",
      allowed_ips: ["10.0.0.0/8", "192.168.1.7"],
    });
    ids.developer = key.id as string;
  });

  it("keys create: an Admin key for a staff user gets admin:read and user:read", { timeout: SLOW }, async () => {
    const key = jsonOf(await cli("keys", "create", "--email", "dave@example.com", "--name", "ops", "--type", "Admin"));
    expect(key).toMatchObject({ type: "Admin", scopes: ["admin:read", "user:read"] });
  });

  it("keys create refuses non-agency users, users without beta, and Admin keys for non-staff", { timeout: SLOW }, async () => {
    const [nonAgency, noBeta, adminForNonStaff] = await Promise.all([
      cli("keys", "create", "--email", "bob@example.com", "--name", "x", "--type", "Integration"),
      cli("keys", "create", "--email", "carol@example.com", "--name", "x", "--type", "Integration"),
      cli("keys", "create", "--email", "alice@example.com", "--name", "x", "--type", "Admin"),
    ]);
    expectRefused(nonAgency, /agency plan/);
    expectRefused(noBeta, /beta/);
    expectRefused(adminForNonStaff, /staff/);
  });

  it("keys list shows the user's keys without their secrets", { timeout: SLOW }, async () => {
    const listed = jsonOf(await cli("keys", "list", "--email", "alice@example.com"));
    expect(listed.email).toBe("alice@example.com");
    const keys = listed.keys as Record<string, unknown>[];
    expect(keys.map((k) => k.id).sort()).toEqual([ids.integration, ids.developer].sort());
    for (const key of keys) expect(key).not.toHaveProperty("key");
  });

  it("keys revoke marks the key revoked", { timeout: SLOW }, async () => {
    const revoked = jsonOf(await cli("keys", "revoke", "--id", ids.integration!));
    expect(revoked).toMatchObject({ id: ids.integration, status: "Revoked" });
    expect(revoked.revoked_at).toEqual(expect.any(String));
  });

  it("keys rotate answers a new key with the old one's settings", { timeout: SLOW }, async () => {
    const rotated = jsonOf(await cli("keys", "rotate", "--id", ids.developer!));
    expect(rotated).toMatchObject({ name: "dev", type: "Developer", scopes: ["user:read", "maps:read"], replaces: ids.developer });
    expect(rotated.id).toMatch(UUID);
    expect(rotated.id).not.toBe(ids.developer);
    expect(rotated.key).toMatch(/^cnpy_live_[0-9a-f]{32}$/);
  });

  it("credits grant answers the new balance", { timeout: SLOW }, async () => {
    const granted = jsonOf(await cli("credits", "grant", "--email", "alice@example.com", "--amount", "250", "--kind", "monthly"));
    expect(granted).toMatchObject({ email: "alice@example.com", granted: 250, kind: "monthly", monthly_credits: 250 });
    expect(granted.total_credits).toBe((granted.free_credits as number) + 250 + (granted.payg_credits as number));
  });

  it("users list and teams list print one object each; an owner's second team of the same name is refused", { timeout: SLOW }, async () => {
    const users = jsonOf(await cli("users", "list", "--staff", "false"));
    // bob and carol were created at the same time: the order between them is not fixed.
    expect((users.users as { email: string }[]).map((u) => u.email).sort()).toEqual([
      "alice@example.com",
      "bob@example.com",
      "carol@example.com",
    ]);
    const teams = jsonOf(await cli("teams", "list", "--email", "dave@example.com"));
    expect(teams).toMatchObject({ email: "dave@example.com", teams: [{ slug: "acme-content", owner: "alice@example.com" }] });
    expectRefused(
      await cli("teams", "create", "--name", "ACME CONTENT", "--owner", "alice@example.com"),
      /already owns a team named "Acme Content"/,
    );
    expect((jsonOf(await cli("teams", "list")).teams as unknown[]).length).toBe(1);
  });

  it("a value the service refuses exits 2 and names the flag as typed", { timeout: SLOW }, async () => {
    const result = await cli("keys", "create", "--email", "alice@example.com", "--name", "x", "--type", "Integration", "--expires", "soon");
    expectRefused(result, /^canopy: --expires: Must be an ISO 8601 date or date-time\.\n$/, 2);
  });

  it("migrate answers {migrated: true}", { timeout: SLOW }, async () => {
    expect(jsonOf(await cli("migrate"))).toMatchObject({ migrated: true, database: "pglite" });
  });

  it("a refusal of the service (unknown user) exits 1 with a message and no output", { timeout: SLOW }, async () => {
    expectRefused(await cli("keys", "list", "--email", "nobody@example.com"), /nobody@example\.com/);
  });

  it("unknown commands, unknown options and missing arguments exit 2", { timeout: SLOW }, async () => {
    const [command, option, missing] = await Promise.all([
      cli("users", "delete", "--email", "alice@example.com"),
      cli("keys", "list", "--email", "alice@example.com", "--verbose"),
      cli("credits", "grant", "--email", "alice@example.com"),
    ]);
    expectRefused(command, /unknown command "users delete"/, 2);
    expectRefused(option, /--verbose/, 2);
    expectRefused(missing, /--amount is required/, 2);
  });

  it("--help after a command prints its options on stdout and exits 0, without a configuration", { timeout: SLOW }, async () => {
    const [create, group, serve] = await Promise.all([cli("keys", "create", "--help"), cli("users", "--help"), cli("serve", "--help")]);
    for (const result of [create, group, serve]) {
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe("");
    }
    expect(create.stdout).toMatch(/^usage: canopy keys create \[options\]\n {2}--email VALUE/);
    expect(group.stdout).toMatch(/^usage: canopy users create [\s\S]*usage: canopy users update [\s\S]*usage: canopy users list /);
    expect(serve.stdout).toMatch(/^usage: canopy <command>\n/);
  });

  it("canopy alone prints the usage on stderr and exits 2; --help and help print it on stdout", { timeout: SLOW }, async () => {
    const [bare, help, word] = await Promise.all([cli(), cli("--help"), cli("help")]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe("");
    expect(bare.stderr).toMatch(/^canopy: a command is required\nusage: canopy <command>\n/);
    for (const result of [help, word]) {
      expect(result.code).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(/^usage: canopy <command>\n[\s\S]*users create\|update\|list/);
    }
  });

  it("cluster --input - reads the export from standard input", { timeout: SLOW }, async () => {
    const urls = Array.from({ length: 10 }, (_, i) => `https://site${i}.example/`);
    const input = JSON.stringify([
      { keyword: "espresso grinder", urls },
      { keyword: "Coffee Grinder", search_volume: 900, urls },
    ]);
    const clustered = jsonOf(await runCli(["cluster", "--input", "-"], { DATA_DIR: dataDir.dir }, { input }));
    expect(clustered).toEqual({ clusters: [{ id: "c1", centroid: "coffee grinder", keywords: ["coffee grinder", "espresso grinder"] }] });
    const broken = await runCli(["cluster", "--input", "-"], { DATA_DIR: dataDir.dir }, { input: "[{" });
    expectRefused(broken, /--input - \(standard input\) is not valid JSON/);
  });

  it("canopy worker refuses to run without DATABASE_URL", { timeout: SLOW }, async () => {
    const result = await cli("worker");
    expect(result.code).not.toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/DATABASE_URL/);
  });
});
