// A brief's result_json: what the generator wrote (outline and parts), with what was measured of
// the SERP and the ranking pages beside it: the People Also Ask questions, the shared terms, each
// competitor's headings and length. The measured parts are canopy's own, whichever model wrote the
// rest, so a model cannot misquote them. Pure.
import type { BriefOutline, BriefParts, RankingPage } from "../../providers/generation/types";
import type { GatheredGrounding } from "./grounding";

/** Each competitor as the generator described it, with the headings and length of its page as read. */
function withPages(competitors: Record<string, unknown>[] | null, pages: readonly RankingPage[]): Record<string, unknown>[] | null {
  if (competitors === null) return null;
  const byUrl = new Map(pages.map((page) => [page.url, page]));
  const byPosition = new Map(pages.map((page) => [page.position, page]));
  return competitors.map((competitor) => {
    const page =
      (typeof competitor.url === "string" ? byUrl.get(competitor.url) : undefined) ??
      (typeof competitor.position === "number" ? byPosition.get(competitor.position) : undefined);
    return { ...competitor, word_count: page?.wordCount ?? null, headings: page?.headings ?? [] };
  });
}

export function groundedResult(outline: BriefOutline, parts: BriefParts | null, { grounding, unread }: GatheredGrounding) {
  return {
    agent_version: outline.agent_version,
    header_sections: outline.header_sections,
    serp_analysis: parts?.serp_analysis ?? outline.serp_analysis ?? null,
    competitor_data: withPages(parts?.competitor_data ?? null, grounding.pages),
    keyword_recommendations: parts?.keyword_recommendations ?? null,
    people_also_ask: grounding.questions,
    related_searches: grounding.relatedSearches,
    terms: grounding.terms,
    recommended_word_count: grounding.recommendedWords,
    pages_read: grounding.pages.length,
    pages_unread: unread,
  };
}
