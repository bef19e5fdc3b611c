// A map upload writes its rows in chunks before the one transaction that makes them the map. These
// tests hold an upload between two chunks (the writer's chunk functions wrapped, the rest real) to
// show what others see meanwhile, fail one mid-way, and leave the rows of a dead upload behind.
import { NO_LIMITS, fundedOwner } from "../../../helpers/owners";
import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newMapVersion } from "../../../../src/modules/maps/map-version";
import { topicalMapKeywords, topicalMaps } from "../../../../src/modules/maps/table";
import { uploadedMapRows } from "../../../../src/modules/maps/upload/map";
import { ROWS_PER_INSERT, STALE_VERSION_MS, stageMapRows } from "../../../../src/modules/maps/writer";
import { createHarness, type Harness, type Schemas } from "../../../helpers/harness";
import type { Owner } from "../../clustering/helpers";
import { createBrand } from "../../research/helpers";

/** Called before each chunk the upload writes, with its number (0 first); may wait, or throw. */
const hooks = vi.hoisted(() => ({ beforeChunk: null as ((chunk: number) => Promise<void>) | null, chunks: 0 }));

vi.mock("../../../../src/modules/maps/writer", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../../src/modules/maps/writer")>();
  return {
    ...actual,
    stageMapRows: async (...args: Parameters<typeof actual.stageMapRows>) => {
      await hooks.beforeChunk?.(hooks.chunks++);
      return actual.stageMapRows(...args);
    },
    // The embedded database's way of writing the same chunk.
    copyMapRows: async (...args: Parameters<typeof actual.copyMapRows>) => {
      await hooks.beforeChunk?.(hooks.chunks++);
      return actual.copyMapRows(...args);
    },
  };
});

describe("a map upload, seen from outside while it writes", () => {
  let h: Harness;
  let owner: Owner;
  const url = (brandId: string) => `/api/v1/maps/${brandId}/`;
  const put = (brandId: string, keywords: string[]) =>
    h.request("PUT", url(brandId), { key: owner.key, body: { keywords: keywords.map((keyword, i) => ({ keyword, search_volume: i })) } });
  const read = async (brandId: string) => (await h.request("GET", url(brandId), { key: owner.key })).json<Schemas["TopicalMap"]>();
  const rowsOf = (brandId: string) => h.testDb.database.db.select().from(topicalMapKeywords).where(eq(topicalMapKeywords.brandId, brandId));
  /** Three chunks' worth: the upload can be held or failed after its first. */
  const many = (prefix: string) => Array.from({ length: ROWS_PER_INSERT * 2 + 10 }, (_, i) => `${prefix} ${i}`);

  beforeAll(async () => {
    h = await createHarness({ workers: false, env: NO_LIMITS });
    owner = await fundedOwner(h, 100);
  });
  afterAll(async () => h.close());

  it("shows the previous map whole until the last chunk is in, then the new one whole", async () => {
    const brandId = await createBrand(h, owner, "Held");
    expect((await put(brandId, ["old one", "old two"])).statusCode).toBe(200);
    const before = await read(brandId);
    const hierarchyBefore = (await h.request("GET", `/api/v1/authority/${brandId}/`, { key: owner.key })).json<
      Schemas["AuthorityHierarchy"]
    >();

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    hooks.chunks = 0;
    hooks.beforeChunk = async (chunk) => {
      if (chunk !== 2) return;
      held();
      await released;
    };
    try {
      const upload = put(brandId, many("new"));
      await holding;
      // Two chunks written, the third waiting: others read the old map, as it was.
      expect(await read(brandId)).toEqual(before);
      expect((await h.request("GET", `/api/v1/authority/${brandId}/`, { key: owner.key })).json<Schemas["AuthorityHierarchy"]>()).toEqual(
        hierarchyBefore,
      );
      expect((await h.request("GET", url(brandId), { key: owner.key, query: { format: "csv" } })).body.split("\r\n").length).toBe(2 + 2);
      release();
      const done = await upload;
      expect([done.statusCode, done.json<Schemas["TopicalMapUploadSummary"]>().keyword_count], done.payload).toEqual([
        200,
        ROWS_PER_INSERT * 2 + 10,
      ]);
    } finally {
      hooks.beforeChunk = null;
    }
    const after = await read(brandId);
    expect(after.clusters.flatMap((c) => c.keywords.map((k) => k.keyword)).sort()).toEqual(many("new").sort());
    // The old rows are gone from the table, not only from sight.
    expect(await rowsOf(brandId)).toHaveLength(ROWS_PER_INSERT * 2 + 10);
  });

  it("leaves the previous map whole, and none of its own rows, when it fails mid-way", async () => {
    const brandId = await createBrand(h, owner, "Failed");
    expect((await put(brandId, ["kept one", "kept two", "kept three"])).statusCode).toBe(200);
    const before = await read(brandId);
    hooks.chunks = 0;
    hooks.beforeChunk = async (chunk) => {
      if (chunk === 2) throw new Error("the database went away");
    };
    try {
      expect((await put(brandId, many("lost"))).statusCode).toBe(500);
    } finally {
      hooks.beforeChunk = null;
    }
    expect(await read(brandId)).toEqual(before);
    expect((await rowsOf(brandId)).map((r) => r.keyword).sort()).toEqual(["kept one", "kept three", "kept two"]);
  });

  it("deletes the rows a dead upload left behind once they are old, and leaves a recent one's", async () => {
    const brandId = await createBrand(h, owner, "Swept");
    const ctx = { db: h.testDb.database.db };
    const { rows } = uploadedMapRows([{ keyword: "orphan", cluster: null, searchVolume: 1, cpc: 0, competition: 0, path: [] }]);
    const dead = newMapVersion(Date.now() - STALE_VERSION_MS - 60_000);
    const recent = newMapVersion();
    await stageMapRows(ctx, brandId, dead, rows);
    await stageMapRows(ctx, brandId, recent, rows);
    expect((await put(brandId, ["fresh"])).statusCode).toBe(200);
    const [map] = await h.testDb.database.db.select().from(topicalMaps).where(eq(topicalMaps.brandId, brandId));
    const others = await h.testDb.database.db
      .select({ version: topicalMapKeywords.version })
      .from(topicalMapKeywords)
      .where(and(eq(topicalMapKeywords.brandId, brandId), ne(topicalMapKeywords.version, map!.version)));
    expect(others).toEqual([{ version: recent }]);
    expect((await read(brandId)).clusters.map((c) => c.centroid)).toEqual(["fresh"]);
  });
});
