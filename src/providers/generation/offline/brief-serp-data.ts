// The free-form data a brief carries beside its outline, read from the ranking pages: the
// SERP analysis (what the pages cover, where they leave gaps, how their titles are built), the
// competitors page by page, and the keywords to work in. brief.ts runs each through the safety
// net before it leaves (safe-output.ts).
import type { Intent, ReadResult } from "./serp-reading";
import { words } from "./text";
import type { Term } from "./vocabulary";

export function serpAnalysis(query: string, intent: Intent, results: ReadResult[], themes: Term[]): Record<string, unknown> {
  const count = (angle: string) => results.filter((r) => r.angle === angle).length;
  const avg = (values: number[]) => (values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 10) / 10);
  const shared = themes.filter((t) => t.documents >= 2);
  const gaps = themes.filter((t) => t.documents === 1).slice(0, 5);
  const domains = [...new Set(results.map((r) => r.domain))];
  const summaryParts = [
    `${results.length} ranking page${results.length === 1 ? "" : "s"} from ${domains.length} domain${domains.length === 1 ? "" : "s"} were read for "${query}".`,
    `The search intent looks ${intent}.`,
    shared.length > 0
      ? `Most pages cover ${shared
          .slice(0, 4)
          .map((t) => t.text)
          .join(", ")}.`
      : "The pages share few common themes, which leaves room for a clearer structure.",
    gaps.length > 0
      ? `Only one page mentions ${gaps
          .slice(0, 3)
          .map((t) => t.text)
          .join(", ")}: a chance to go deeper.`
      : "",
  ];
  return {
    summary: summaryParts.filter(Boolean).join(" "),
    search_intent: intent,
    result_count: results.length,
    domains,
    common_themes: shared.map((t) => ({ theme: t.text, pages: t.documents })),
    content_gaps: gaps.map((t) => t.text),
    title_patterns: {
      how_to: count("how-to"),
      list: count("list"),
      question: count("question"),
      comparison: count("comparison"),
      guide: count("guide"),
      review: count("review"),
    },
    average_title_length: avg(results.map((r) => r.title.length)),
    average_snippet_words: avg(results.map((r) => words(r.snippet).length)),
  };
}

export function competitorData(results: ReadResult[], themes: Term[]): Record<string, unknown>[] {
  return results.map((r) => ({
    position: r.position,
    url: r.url,
    domain: r.domain,
    title: r.title,
    snippet: r.snippet,
    angle: r.angle,
    themes_covered: themes.filter((t) => t.sources.includes(r.position - 1)).map((t) => t.text),
  }));
}

export function keywordRecommendations(
  query: string,
  core: string,
  themes: Term[],
  userKeywords: string[],
  questions: string[],
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const add = (keyword: string, type: string, source: string, extra: Record<string, unknown> = {}) => {
    const k = keyword.toLowerCase().replace(/\s+/g, " ").trim();
    if (k === "" || seen.has(k)) return;
    seen.add(k);
    out.push({ keyword: k, type, source, ...extra });
  };
  add(query, "primary", "query");
  for (const k of userKeywords) add(k, "secondary", "user");
  for (const t of themes.filter((t) => t.documents >= 2)) add(`${t.text} ${core}`, "secondary", "serp", { pages: t.documents });
  for (const t of themes.filter((t) => t.documents < 2).slice(0, 4)) add(t.text, "supporting", "serp", { pages: t.documents });
  for (const q of questions.slice(0, 3)) add(q.replace(/\?$/, ""), "question", "serp");
  return out;
}
