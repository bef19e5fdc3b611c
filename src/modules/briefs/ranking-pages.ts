// The pages that rank for a brief's query, read once a week at most per workspace: a page read
// within the last 7 days by the same source (PAGE_SOURCE) is answered from `page_reads`; any
// other is read through the platform's page reader, at most 4 at a time, and kept as soon as it
// is read, so that a read cut short keeps what it had. With PAGE_SOURCE=off nothing is read and
// nothing is kept. Callable from a request's context or a task's (both have these handles).
import { eq, gte, inArray } from "drizzle-orm";
import type { Platform } from "../../platform/context";
import type { HasDb } from "../../platform/db/transaction";
import { inWorkspace, type HasWorkspace } from "../../platform/db/workspace";
import type { PageContent, PageSourceName } from "../../providers/pages";
import { mapWithConcurrency } from "../../providers/serp/concurrency";
import { pageReads } from "./table";

/** How long a page read is answered again without reading it anew. */
const FRESH_MS = 7 * 24 * 60 * 60 * 1000;
/** Pages read at once: a brief reads about ten, and the sites it reads are not ours to flood. */
const READS_AT_ONCE = 4;

export interface RankingPagesContext extends HasDb, HasWorkspace {
  platform: Pick<Platform, "pages">;
}

export interface RankingPagesOptions {
  signal?: AbortSignal;
  /** After each page, kept or read: how many of the addresses are settled. */
  onProgress?: (done: number, total: number) => void;
}

export interface RankingPages {
  /** The pages read, in the order of the addresses asked for. */
  pages: PageContent[];
  /** The addresses that could not be read, and why (safe to show). */
  failures: { url: string; error: string }[];
}

type PageReadRow = typeof pageReads.$inferSelect;

function pageOf(row: PageReadRow): PageContent {
  return {
    url: row.url,
    title: row.title,
    headings: row.headings,
    wordCount: row.wordCount,
    text: row.text,
    fetchedAt: row.fetchedAt,
    source: row.source,
  };
}

async function keptPages(ctx: RankingPagesContext, urls: string[], source: PageSourceName): Promise<Map<string, PageContent>> {
  if (urls.length === 0) return new Map();
  const since = new Date(Date.now() - FRESH_MS);
  const rows = await ctx.db
    .select()
    .from(pageReads)
    .where(inWorkspace(ctx, pageReads, inArray(pageReads.url, urls), eq(pageReads.source, source), gte(pageReads.fetchedAt, since)));
  return new Map(rows.map((row) => [row.url, pageOf(row)]));
}

async function keep(ctx: RankingPagesContext, page: PageContent): Promise<void> {
  const row = {
    workspaceId: ctx.workspace.id,
    url: page.url,
    source: page.source,
    title: page.title,
    headings: page.headings,
    wordCount: page.wordCount,
    text: page.text,
    fetchedAt: page.fetchedAt,
  };
  const { workspaceId: _workspace, url: _url, ...changed } = row;
  await ctx.db
    .insert(pageReads)
    .values(row)
    .onConflictDoUpdate({ target: [pageReads.workspaceId, pageReads.url], set: changed });
}

export async function readRankingPages(
  ctx: RankingPagesContext,
  urls: readonly string[],
  options: RankingPagesOptions = {},
): Promise<RankingPages> {
  const wanted = [...new Set(urls)];
  const reader = ctx.platform.pages;
  const settled = new Map<string, { page: PageContent } | { error: string }>();
  if (reader.source !== "off") {
    for (const [url, page] of await keptPages(ctx, wanted, reader.source)) settled.set(url, { page });
  }
  let done = settled.size;
  if (done > 0) options.onProgress?.(done, wanted.length);

  const missing = wanted.filter((url) => !settled.has(url));
  await mapWithConcurrency(
    missing,
    READS_AT_ONCE,
    async (url) => {
      const outcome = await reader.read(url, { signal: options.signal });
      if (outcome.ok) {
        if (reader.source !== "off") await keep(ctx, outcome.page);
        settled.set(url, { page: outcome.page });
      } else {
        settled.set(url, { error: outcome.error });
      }
      done += 1;
      options.onProgress?.(done, wanted.length);
    },
    { signal: options.signal },
  );

  const result: RankingPages = { pages: [], failures: [] };
  for (const url of wanted) {
    const entry = settled.get(url);
    if (entry && "page" in entry) result.pages.push(entry.page);
    else result.failures.push({ url, error: entry?.error ?? "not read" });
  }
  return result;
}
