// A migrated database is recognised with one read and left alone; a migration added to the
// journal after it is still applied.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lastJournalMillis, MIGRATIONS_FOLDER, migrationsPending, runMigrations } from "../../../src/platform/db/migrate";
import { createTestDatabase, type TestDatabase } from "../../helpers/database";

let testDb: TestDatabase | undefined;
let folder: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await runMigrations(testDb.database);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "canopy-migrations-"));
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
});
afterAll(async () => {
  await testDb?.drop();
  fs.rmSync(folder, { recursive: true, force: true });
});

describe("migrations with nothing to apply", () => {
  it("a migrated database has none pending", async () => {
    expect(await migrationsPending(testDb!.database)).toBe(false);
  });

  it("leaves a migrated database alone without reading the migration files", async () => {
    // Drizzle's migrator reads every file; the check before it reads only the journal.
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "canopy-migrations-journal-"));
    try {
      fs.cpSync(path.join(MIGRATIONS_FOLDER, "meta"), path.join(bare, "meta"), { recursive: true });
      await expect(runMigrations(testDb!.database, bare)).resolves.toBeUndefined();
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  it("applies a migration added to the journal after the last applied one", async () => {
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as {
      entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1)!;
    const tag = `${String(last.idx + 1).padStart(4, "0")}_skip_rule_probe`;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.writeFileSync(path.join(folder, `${tag}.sql`), "CREATE TABLE skip_rule_probe (id integer);");
    expect(lastJournalMillis(folder)).toBe(last.when + 1000);

    expect(await migrationsPending(testDb!.database, folder)).toBe(true);
    await runMigrations(testDb!.database, folder);
    const probe = await testDb!.database.db.execute(sql`select to_regclass('skip_rule_probe') is not null as present`);
    expect((probe as { rows: { present: boolean }[] }).rows[0]?.present).toBe(true);
    expect(await migrationsPending(testDb!.database, folder)).toBe(false);
  });
});
