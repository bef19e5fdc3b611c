// The pages that rank, kept per workspace and address with their date: a second read within 7
// days answers from `page_reads` without reading again; a page kept from another source, or
// older than a week, is read again; one workspace never sees another's pages; failures and
// PAGE_SOURCE=off keep nothing; at most 4 pages are read at once.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readRankingPages, type RankingPagesContext } from "../../../src/modules/briefs/ranking-pages";
import { pageReads } from "../../../src/modules/briefs/table";
import type { Db } from "../../../src/platform/db/client";
import { workspaces } from "../../../src/platform/db/schema";
import type { PageOutcome, PageReader, PageSourceName } from "../../../src/providers/pages/types";
import { useMigratedDatabase } from "../../helpers/database";

const migrated = useMigratedDatabase();
let db: Db;

beforeAll(async () => {
  db = migrated.db;
});

async function newWorkspace(): Promise<string> {
  const id = randomUUID();
  await db.insert(workspaces).values({ id, kind: "user" });
  return id;
}

/** A reader that counts its reads and the most in flight at once; addresses with "broken" fail. */
class CountingReader implements PageReader {
  readonly reads: string[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(readonly source: PageSourceName = "direct") {}

  async read(url: string): Promise<PageOutcome> {
    this.reads.push(url);
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    // Hand the loop back, so that the reads the service started overlap as real ones would.
    await new Promise((resolve) => setImmediate(resolve));
    this.inFlight -= 1;
    if (this.source === "off") return { ok: false, url, error: "Page reading is off (PAGE_SOURCE=off).", transient: false };
    if (url.includes("broken")) return { ok: false, url, error: "HTTP 404", transient: false };
    const name = new URL(url).pathname.slice(1);
    return {
      ok: true,
      page: {
        url,
        title: `About ${name}`,
        headings: [{ level: 1, text: `About ${name}` }],
        wordCount: 3,
        text: `About ${name}`,
        fetchedAt: new Date(),
        source: this.source,
      },
    };
  }
}

const context = (workspaceId: string, pages: PageReader): RankingPagesContext => ({
  db,
  workspace: { id: workspaceId },
  platform: { pages },
});

const URLS = ["https://a.example/one", "https://b.example/broken", "https://c.example/two"];

describe("readRankingPages", () => {
  it("reads each page once a week, keeps the pages in the order asked, and says which failed", async () => {
    const workspaceId = await newWorkspace();
    const reader = new CountingReader();
    const progress: [number, number][] = [];
    const first = await readRankingPages(context(workspaceId, reader), [...URLS, URLS[0] as string], {
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(first.pages.map((p) => [p.url, p.title, p.source])).toEqual([
      ["https://a.example/one", "About one", "direct"],
      ["https://c.example/two", "About two", "direct"],
    ]);
    expect(first.failures).toEqual([{ url: "https://b.example/broken", error: "HTTP 404" }]);
    expect(reader.reads.sort()).toEqual([...URLS].sort());
    expect(progress.at(-1)).toEqual([3, 3]);

    const second = await readRankingPages(context(workspaceId, reader), URLS);
    expect(second.pages).toEqual(first.pages);
    // Only the failure is read again: nothing of it was kept.
    expect(reader.reads.filter((url) => url !== "https://b.example/broken")).toHaveLength(2);
    expect(reader.reads).toHaveLength(4);
  });

  it("reads again a page older than a week, or kept from another source", async () => {
    const workspaceId = await newWorkspace();
    const direct = new CountingReader("direct");
    await readRankingPages(context(workspaceId, direct), ["https://a.example/old", "https://a.example/recent"]);
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    await db
      .update(pageReads)
      .set({ fetchedAt: eightDaysAgo })
      .where(and(eq(pageReads.workspaceId, workspaceId), eq(pageReads.url, "https://a.example/old")));
    await readRankingPages(context(workspaceId, direct), ["https://a.example/old", "https://a.example/recent"]);
    expect(direct.reads).toEqual(["https://a.example/old", "https://a.example/recent", "https://a.example/old"]);

    const parsed = new CountingReader("dataforseo");
    const bySource = await readRankingPages(context(workspaceId, parsed), ["https://a.example/recent"]);
    expect(parsed.reads).toEqual(["https://a.example/recent"]);
    expect(bySource.pages[0]?.source).toBe("dataforseo");
    const [kept] = await db
      .select()
      .from(pageReads)
      .where(and(eq(pageReads.workspaceId, workspaceId), eq(pageReads.url, "https://a.example/recent")));
    expect(kept?.source).toBe("dataforseo");
  });

  it("keeps one workspace's pages to itself", async () => {
    const mine = await newWorkspace();
    const theirs = await newWorkspace();
    const reader = new CountingReader();
    await readRankingPages(context(mine, reader), ["https://shared.example/page"]);
    await readRankingPages(context(theirs, reader), ["https://shared.example/page"]);
    expect(reader.reads).toEqual(["https://shared.example/page", "https://shared.example/page"]);
    const rows = await db
      .select({ workspaceId: pageReads.workspaceId })
      .from(pageReads)
      .where(eq(pageReads.url, "https://shared.example/page"));
    expect(rows.map((r) => r.workspaceId).sort()).toEqual([mine, theirs].sort());
  });

  it("keeps nothing when page reading is off", async () => {
    const workspaceId = await newWorkspace();
    const off = new CountingReader("off");
    const result = await readRankingPages(context(workspaceId, off), URLS);
    expect(result.pages).toEqual([]);
    expect(result.failures.map((f) => f.error)).toEqual(URLS.map(() => "Page reading is off (PAGE_SOURCE=off)."));
    expect(await db.select().from(pageReads).where(eq(pageReads.workspaceId, workspaceId))).toEqual([]);
  });

  it("reads at most 4 pages at once", async () => {
    const workspaceId = await newWorkspace();
    const reader = new CountingReader();
    const urls = Array.from({ length: 10 }, (_, i) => `https://many.example/page${i}`);
    const result = await readRankingPages(context(workspaceId, reader), urls);
    expect(result.pages.map((p) => p.url)).toEqual(urls);
    expect(reader.maxInFlight).toBe(4);
  });
});
