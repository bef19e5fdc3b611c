// An article's content score (src/platform/content-score): its current sections' texts against
// the outline they were drafted from (each section keeps its heading, subheadings and word
// target) and the terms of the brief that outline came from (its `terms` when it has them, else
// its query and keyword recommendations). Null when there is no outline to score against.
import { eq } from "drizzle-orm";
import { scoreContent, type BriefTerm, type ContentScore, type KeywordRecommendation } from "../../platform/content-score";
import type { HasDb } from "../../platform/db/transaction";
import { briefs } from "../briefs";
import type { ArticleSectionRow } from "./table";

/** What the score reads of a brief: its query, and its terms and recommendations (curated first). */
interface BriefTermsSource {
  queryText: string;
  resultJson: Record<string, unknown> | null;
  curatedBriefJson: Record<string, unknown> | null;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** The brief's keyword recommendations that have a keyword and a type, the curated ones first. */
function recommendationsOf(brief: BriefTermsSource): KeywordRecommendation[] {
  const curated = brief.curatedBriefJson?.keyword_recommendations;
  const list = Array.isArray(curated) ? curated : brief.resultJson?.keyword_recommendations;
  if (!Array.isArray(list)) return [];
  return list
    .filter(isObject)
    .flatMap((r) => (typeof r.keyword === "string" && typeof r.type === "string" ? [{ keyword: r.keyword, type: r.type }] : []));
}

/** The brief's measured terms, when it has them: entries with a term and both counts. */
function termsOf(brief: BriefTermsSource): BriefTerm[] {
  const list = brief.resultJson?.terms;
  if (!Array.isArray(list)) return [];
  return list
    .filter(isObject)
    .flatMap((t) =>
      typeof t.term === "string" && typeof t.min_count === "number" && typeof t.max_count === "number"
        ? [{ term: t.term, min_count: t.min_count, max_count: t.max_count, ...(typeof t.pages === "number" ? { pages: t.pages } : {}) }]
        : [],
    );
}

/** Read by id alone: the id is the article's own, and an article's brief is of its workspace. */
async function briefTermsSource(ctx: HasDb, briefId: string | null): Promise<BriefTermsSource | null> {
  if (briefId === null) return null;
  const [row] = await ctx.db
    .select({ queryText: briefs.queryText, resultJson: briefs.resultJson, curatedBriefJson: briefs.curatedBriefJson })
    .from(briefs)
    .where(eq(briefs.id, briefId));
  return row ?? null;
}

/**
 * The score of the sections against their outline and the brief's terms. A brief deleted since
 * leaves the outline (copied into the sections) and no terms.
 */
export function scoreSections(sections: readonly ArticleSectionRow[], brief: BriefTermsSource | null): ContentScore | null {
  if (sections.length === 0) return null;
  return scoreContent(
    {
      sections: sections.map((s) => ({ heading: s.heading, subheadings: s.subheadings, word_count_target: s.wordCountTarget })),
      query_text: brief?.queryText ?? null,
      keyword_recommendations: brief ? recommendationsOf(brief) : [],
      terms: brief ? termsOf(brief) : [],
    },
    sections.map((s) => s.aiDraft),
  );
}

/** The article's content score, from the brief its current version was drafted from. */
export async function articleContentScore(
  ctx: HasDb,
  sections: readonly ArticleSectionRow[],
  briefId: string | null,
): Promise<ContentScore | null> {
  if (sections.length === 0) return null;
  return scoreSections(sections, await briefTermsSource(ctx, briefId));
}
