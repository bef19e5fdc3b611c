// What an article drafted from a brief is written with, beyond its outline: the brief's query,
// terms, keywords and questions, the ranking pages' texts (from the page cache: the brief read them
// when it was written, so no page is read twice), the brief's map node and the links its request
// suggested.
import { eq } from "drizzle-orm";
import type { TaskContext } from "../../platform/tasks/define-task";
import { inWorkspace } from "../../platform/db/workspace";
import type { PageContent } from "../../providers/pages/types";
import { PAGES_READ, simulatedForeign } from "./grounding";
import { readRankingPages } from "./ranking-pages";
import type { SerpEntry } from "./serp-input";
import { briefs } from "./table";

export interface DraftMaterial {
  query: string;
  /** The terms the ranking pages share, most shared first. */
  terms: string[];
  /** The brief's keyword recommendations (the curated ones when the brief was curated). */
  keywords: { keyword: string; type: string }[];
  /** The SERP's People Also Ask questions. */
  questions: string[];
  /** The ranking pages read, with their texts: the facts' sources. */
  pages: PageContent[];
  /** The node of the brand's map the brief was written for, if any. */
  topicNode: string | null;
  /** Links the brief's request asked for. */
  suggestedLinks: { url: string; anchor_text: string }[];
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);
const objects = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === "object" && v !== null) : [];

export async function draftMaterial(ctx: TaskContext, briefId: string): Promise<DraftMaterial | null> {
  const [brief] = await ctx.db
    .select()
    .from(briefs)
    .where(inWorkspace(ctx, briefs, eq(briefs.id, briefId)));
  if (!brief) return null;
  const result = brief.resultJson ?? {};
  const curated = brief.curatedBriefJson ?? {};
  const params = brief.inputParams as {
    selected_serp_data?: SerpEntry[];
    serp_data_source?: string;
    internal_link_suggestions?: { url: string; anchor_text: string }[];
  };
  const recommendations = objects(
    Array.isArray(curated.keyword_recommendations) ? curated.keyword_recommendations : result.keyword_recommendations,
  );
  const urls = (params.selected_serp_data ?? []).slice(0, PAGES_READ).map((entry) => entry.url);
  const { pages } = simulatedForeign(ctx, params.serp_data_source) ? { pages: [] } : await readRankingPages(ctx, urls, {});
  return {
    query: brief.queryText,
    terms: objects(result.terms).flatMap((t) => (typeof t.term === "string" ? [t.term] : [])),
    keywords: recommendations.flatMap((r) =>
      typeof r.keyword === "string" && typeof r.type === "string" ? [{ keyword: r.keyword, type: r.type }] : [],
    ),
    questions: strings(result.people_also_ask),
    pages,
    topicNode: brief.topicNode,
    suggestedLinks: params.internal_link_suggestions ?? [],
  };
}
