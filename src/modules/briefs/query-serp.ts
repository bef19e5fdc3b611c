// One query's SERP for a brand: the step between a new query and its brief. A standalone brief is
// written from SERP results; a query outside the brand's topical map has none stored, so this
// fetches them (in the brand's country and language), keeps them with the brand, and the brief
// then finds them. A fetch within a day of the last one answers from what is kept, with no call.
import { and, eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { inWorkspace } from "../../platform/db/workspace";
import { BadRequest, Unavailable } from "../../platform/errors";
import { normalizeKeyword } from "../../platform/text/keyword";
import { findBrand } from "../brands";
import { querySerps } from "./table";

/** How long a kept SERP is answered again without a new call. */
const FRESH_MS = 24 * 60 * 60 * 1000;

type QuerySerpRow = typeof querySerps.$inferSelect;

function serpView(row: QuerySerpRow, fromCache: boolean) {
  return {
    brand_id: row.brandId,
    query_text: row.keyword,
    data_source: row.dataSource,
    fetched_at: row.fetchedAt.toISOString(),
    from_cache: fromCache,
    serp_results: row.results,
    people_also_ask: row.peopleAlsoAsk,
    related_searches: row.relatedSearches,
    ai_overview: row.aiOverview,
    _meta: { data_source: row.dataSource },
  };
}

/** The SERP kept for a brand's query, whatever its age, or null. */
export async function keptQuerySerp(ctx: RequestContext, brandId: string, keyword: string): Promise<QuerySerpRow | null> {
  const [row] = await ctx.db
    .select()
    .from(querySerps)
    .where(inWorkspace(ctx, querySerps, and(eq(querySerps.brandId, brandId), eq(querySerps.keyword, keyword))));
  return row ?? null;
}

export async function fetchQuerySerp(ctx: RequestContext, body: { brand_id: string; query_text: string }) {
  const brand = await findBrand(ctx, body.brand_id);
  const keyword = normalizeKeyword(body.query_text.replace(/\s+/g, " "));
  if (keyword === "") throw new BadRequest("query_text is empty.");
  const kept = await keptQuerySerp(ctx, brand.id, keyword);
  const now = new Date();
  if (kept && now.getTime() - kept.fetchedAt.getTime() < FRESH_MS) return serpView(kept, true);

  const [outcome] = await ctx.platform.serp.fetchSerps([{ keyword, country: brand.countryCode ?? "us", language: brand.language }]);
  if (!outcome?.ok) throw new Unavailable(`The search results could not be fetched: ${outcome?.error ?? "no answer"}`);
  const row: QuerySerpRow = {
    brandId: brand.id,
    workspaceId: ctx.workspace.id,
    keyword,
    results: outcome.data.results.map(({ position, url, title, snippet, domain }) => ({ position, url, title, snippet, domain })),
    peopleAlsoAsk: outcome.data.peopleAlsoAsk,
    relatedSearches: outcome.data.relatedSearches,
    aiOverview: outcome.data.aiOverview,
    dataSource: outcome.data.dataSource,
    fetchedAt: outcome.data.fetchedAt,
  };
  await ctx.db
    .insert(querySerps)
    .values(row)
    .onConflictDoUpdate({
      target: [querySerps.brandId, querySerps.keyword],
      set: {
        results: row.results,
        peopleAlsoAsk: row.peopleAlsoAsk,
        relatedSearches: row.relatedSearches,
        aiOverview: row.aiOverview,
        dataSource: row.dataSource,
        fetchedAt: row.fetchedAt,
      },
    });
  return serpView(row, false);
}
