// The build's embedded database template (dist/embedded-template.tgz, made by the build that
// the test run starts with): a first start unpacks it instead of creating a database from nothing,
// so it must hold a database that is fully migrated, with the job queue's schema, and its marker
// (PG_VERSION) must be its last entry, so that an unpacking cut short leaves no database behind.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { list } from "tar";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/platform/db/client";
import { EMBEDDED_DATABASE_MARKER, hasEmbeddedDatabase } from "../../src/platform/db/data-dir";
import { embeddedTemplateFile, unpackEmbeddedTemplate } from "../../src/platform/db/embedded-template-file";
import { migrationsPending } from "../../src/platform/db/migrate";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "canopy-template-test-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

function builtTemplate(): string {
  const file = embeddedTemplateFile();
  if (!file) throw new Error("the build made no dist/embedded-template.tgz");
  return file;
}

describe("the embedded database template", () => {
  it("is there after a build, and is absent where no file is", () => {
    expect(builtTemplate()).toMatch(/dist[/\\]embedded-template\.tgz$/);
    expect(embeddedTemplateFile(path.join(scratch, "none.tgz"))).toBeNull();
  });

  it("ends with the database's marker, so a cut-short unpacking leaves no database", async () => {
    const entries: string[] = [];
    await list({ file: builtTemplate(), onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.length).toBeGreaterThan(100);
    expect(entries.at(-1)).toBe(EMBEDDED_DATABASE_MARKER);
    expect(entries.filter((entry) => entry === EMBEDDED_DATABASE_MARKER)).toHaveLength(1);
  });

  it("unpacks into a database that opens with every migration applied and the queue's schema", { timeout: 120_000 }, async () => {
    const dir = path.join(scratch, "data");
    fs.mkdirSync(dir);
    expect(hasEmbeddedDatabase(dir)).toBe(false);
    unpackEmbeddedTemplate(builtTemplate(), dir);
    expect(hasEmbeddedDatabase(dir)).toBe(true);
    const database = await openDatabase({ databaseUrl: null, dataDir: dir });
    try {
      expect(await migrationsPending(database)).toBe(false);
      const result = await database.db.execute(
        sql`select to_regclass('pgboss.job') is not null as queue, to_regclass('public.brands') is not null as brands`,
      );
      expect((result as { rows: unknown[] }).rows[0]).toEqual({ queue: true, brands: true });
    } finally {
      await database.close();
    }
  });
});
