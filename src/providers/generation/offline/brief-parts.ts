// The parts of the offline brief beside its outline, all measured, none invented: the SERP
// analysis (intent and its evidence, the sections the pages share, the questions none of them
// heads, length, formats), the competitors result by result, and the keywords to work in.
import { headingKey, queryStems, sharedTerms } from "../../../platform/page-analysis";
import type { BriefGrounding, RankingPage } from "../types";
import { bareTitle } from "./brief-fallback";
import { domainOf } from "./text";

type Intent = "informational" | "commercial" | "transactional";

const INTENT_WORDS: readonly [Exclude<Intent, "informational">, RegExp][] = [
  ["transactional", /\b(buy|price|prices|pricing|cost|costs|cheap|deal|deals|discount|coupon|for sale|order|hire|near me|shop)\b/i],
  ["commercial", /\b(best|top|vs|versus|review|reviews|compare|comparison|alternatives?|rated)\b/i],
];
const INFORMATIONAL = /^(how|what|why|when|where|who|which|is|are|can|does|do)\b|\b(guide|tutorial|tips|ideas|meaning|examples?)\b/i;
const MAX_SECONDARY = 10;
const MAX_SERP_TERMS = 15;

const FORMATS: readonly [string, RegExp][] = [
  ["list", /^(top )?\d+\s|\b\d+ (best|ways|tips|ideas|things|reasons|steps|types|mistakes)\b/i],
  ["how-to guide", /\bhow to\b|\bstep[- ]by[- ]step\b|\bguide\b|\btutorial\b/i],
  ["comparison", /\bvs\.?\b|\bversus\b|\bcompar/i],
  ["review", /\breviews?\b|\btested\b/i],
  ["recipe", /\brecipes?\b/i],
  ["questions and answers", /\?\s*$|\bfaqs?\b|\bquestions\b/i],
];

interface SerpResult {
  url: string;
  title?: string;
  snippet?: string;
}

/** The intent the query and the result titles point to, and what says so. */
function intentOf(query: string, titles: readonly string[]): { intent: Intent; evidence: string[] } {
  const evidence: string[] = [];
  for (const [intent, words] of INTENT_WORDS) {
    const inQuery = words.exec(query)?.[0];
    const inTitles = titles.filter((t) => words.test(t)).length;
    if (inQuery) evidence.push(`The query says "${inQuery.toLowerCase()}".`);
    if (inTitles * 2 >= titles.length && inTitles > 0) evidence.push(`${inTitles} of ${titles.length} result titles read as ${intent}.`);
    if (evidence.length > 0) return { intent, evidence };
  }
  if (INFORMATIONAL.test(query)) evidence.push("The query asks a question or asks for a guide.");
  const guides = titles.filter((t) => INFORMATIONAL.test(t)).length;
  if (guides > 0) evidence.push(`${guides} of ${titles.length} result titles are guides or answers.`);
  if (evidence.length === 0) evidence.push("Nothing in the query or the titles points to buying or comparing.");
  return { intent: "informational", evidence };
}

/** Whether any page read has a heading that asks the question. */
function isHeaded(question: string, pages: readonly RankingPage[], query: string): boolean {
  const q = queryStems(query);
  const key = headingKey(question, q);
  return pages.some((p) =>
    p.headings.some((h) => {
      const other = headingKey(h.text, q);
      return [...key.all].every((s) => other.all.has(s));
    }),
  );
}

function formatsOf(texts: readonly string[][]): string[] {
  return FORMATS.map(([format, pattern]) => ({ format, count: texts.filter((t) => t.some((x) => pattern.test(x))).length }))
    .filter((f) => f.count > 0)
    .sort((a, b) => b.count - a.count)
    .map((f) => f.format);
}

/** One plain sentence or three of what was measured: results, pages read, their length, what they share. */
function summaryOf(query: string, intent: string, grounding: BriefGrounding, results: number): string {
  const read = grounding.pages.length;
  const length = grounding.recommendedWords;
  const shared = grounding.commonHeadings.slice(0, 3).map((g) => `"${g.heading}"`);
  return [
    `${results} result${results === 1 ? "" : "s"} for "${query}"; ${read} ranking page${read === 1 ? "" : "s"} read${length ? `, ${length.target} words at the median` : ""}.`,
    shared.length > 0 ? `Two or more of them share ${shared.join(", ")}.` : "",
    `The search intent looks ${intent}.`,
  ]
    .filter(Boolean)
    .join(" ");
}

export function serpAnalysis(query: string, grounding: BriefGrounding, serp: readonly SerpResult[]): Record<string, unknown> {
  const titles = serp.map((r) => r.title ?? "").filter(Boolean);
  const { intent, evidence } = intentOf(query, titles);
  const pageTexts = serp.map((r) => {
    const page = grounding.pages.find((p) => p.url === r.url);
    return [r.title ?? "", ...(page?.headings.filter((h) => h.level < 3).map((h) => h.text) ?? [])];
  });
  return {
    summary: summaryOf(query, intent, grounding, serp.length),
    search_intent: intent,
    intent_evidence: evidence,
    themes: grounding.commonHeadings.map((g) => ({ theme: g.heading, pages: g.pages })),
    gaps: grounding.pages.length === 0 ? [] : grounding.questions.filter((q) => !isHeaded(q, grounding.pages, query)),
    recommended_word_count: grounding.recommendedWords,
    content_formats: formatsOf(pageTexts),
    result_count: serp.length,
    pages_read: grounding.pages.length,
    data_source: grounding.dataSource,
  };
}

/** One entry a result: its length and headings when it was read, and the shared sections it has. */
export function competitorData(grounding: BriefGrounding, serp: readonly SerpResult[]): Record<string, unknown>[] {
  return serp.map((r, i) => {
    const page = grounding.pages.find((p) => p.url === r.url);
    const wordings = new Set(page?.headings.map((h) => h.text.toLowerCase()) ?? []);
    return {
      position: page?.position ?? i + 1,
      url: r.url,
      title: bareTitle(r.title ?? page?.title ?? ""),
      domain: domainOf(r.url),
      ...(r.snippet ? { snippet: r.snippet } : {}),
      word_count: page?.wordCount ?? null,
      headings: page?.headings.map((h) => ({ level: h.level, text: h.text })) ?? [],
      strengths: grounding.commonHeadings
        .filter((g) => g.variants.some((v) => [...wordings].some((w) => w.includes(v.toLowerCase()))))
        .map((g) => `Has the shared section "${g.heading}".`),
    };
  });
}

/** The query first, then the user's keywords, the pages' terms (the most shared as secondary) and the related searches. */
export function keywordRecommendations(
  query: string,
  grounding: BriefGrounding,
  userKeywords: readonly string[],
  serp: readonly SerpResult[],
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
  grounding.terms.forEach((t, i) => {
    add(t.term, i < MAX_SECONDARY ? "secondary" : "supporting", "pages", {
      pages: t.pages,
      min_count: t.min_count,
      max_count: t.max_count,
    });
  });
  // No page read: the words of the results' titles and snippets, as leads rather than measured terms.
  if (grounding.terms.length === 0) {
    const results = serp.map((r) => ({ text: `${r.title ?? ""}. ${r.snippet ?? ""}`, headings: [], wordCount: 0 }));
    for (const t of sharedTerms(results, null, { minPages: 1, minShare: 0 }).slice(0, MAX_SERP_TERMS)) {
      add(t.term, "supporting", "serp", { pages: t.pages });
    }
  }
  for (const r of grounding.relatedSearches) add(r, "long_tail", "serp");
  return out;
}
