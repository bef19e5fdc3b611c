// The offline brief: an outline built from what the SERP asks and the ranking pages share, with
// no model and no template. Sections are the section headings several pages have, in the order
// they put them; the FAQ asks the People Also Ask questions as the search shows them; the parts
// report what was measured. The same input always gives the same brief.
import type { BriefGrounding, BriefInput, BriefOutput, HeaderSection } from "../types";
import { fallbackSections } from "./brief-fallback";
import { competitorData, keywordRecommendations, serpAnalysis } from "./brief-parts";
import { bestMatch, FAQ_HEADING, groundedSections, ownStems, type DraftSection } from "./brief-sections";
import { brandSenseContext } from "./brand-senses";
import { safeBrief, safeJson } from "./safe-output";
import { titleCase } from "./text";

export const OFFLINE_AGENT_VERSION = "canopy-offline-1";

/** Length of a brief when neither the request nor the pages say one. */
const DEFAULT_WORDS = 1500;
const WORDS_A_QUESTION = 70;
const MIN_SECTION_WORDS = 50;
const MAX_SECTION_WORDS = 5000;
const MAX_TITLE = 75;
const MAX_META = 155;

const EMPTY: BriefGrounding = {
  questions: [],
  relatedSearches: [],
  aiReferences: [],
  pages: [],
  terms: [],
  commonHeadings: [],
  recommendedWords: null,
  dataSource: "none",
};

function joinAnd(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : (items[0] ?? "");
}

/** The words the request asks for, when it asks for a sensible number. */
function requestedWords(info: Record<string, unknown> | undefined): number | null {
  for (const key of ["word_count", "target_word_count", "word_count_target", "wordCount"]) {
    const value = Number(info?.[key]);
    if (Number.isFinite(value) && value >= 300 && value <= 10000) return Math.round(value);
  }
  return null;
}

/** A section heading as a title's theme: "What Is Kombucha?" -> "What It Is", "How to Brew Kombucha" -> "How to Brew It". */
function themeOf(heading: string, query: string): string {
  const bare = heading.replace(/[?!.:]+$/, "").trim();
  const q = query.toLowerCase();
  const at = bare.toLowerCase().indexOf(q);
  const rest = at >= 0 ? `${bare.slice(0, at)}It${bare.slice(at + q.length)}`.replace(/\s+/g, " ").trim() : bare;
  const theme = at >= 0 && rest !== "It" ? rest.replace(/^What Is It\b/i, "What It Is") : bare;
  return titleCase(theme);
}

/** The query, title-cased, with the top two or three themes that fit. */
function titleOf(query: string, themes: readonly string[]): string {
  const head = titleCase(query.replace(/\?+$/, ""));
  const picked: string[] = [];
  for (const theme of themes.slice(0, 3)) {
    if (theme.toLowerCase() === head.toLowerCase()) continue;
    if (`${head}: ${joinAnd([...picked, theme])}`.length > MAX_TITLE) break;
    picked.push(theme);
  }
  return picked.length > 0 ? `${head}: ${joinAnd(picked)}` : head;
}

function metaOf(query: string, themes: readonly string[]): string {
  // Title case off inside a sentence; initialisms and mixed-case names stay as written.
  const lower = themes.map((t) => t.replace(/\b[A-Z][a-z'’]*\b/g, (w) => w.toLowerCase()));
  for (let n = Math.min(4, lower.length); n > 0; n--) {
    const text = `${titleCase(query)}: ${joinAnd(lower.slice(0, n))}.`;
    if (text.length <= MAX_META) return text;
  }
  return `A guide to ${query}.`.slice(0, MAX_META);
}

/** Each section's share of the words: the body split by weight, the FAQ a fixed length a question. */
function sized(sections: readonly DraftSection[], faq: readonly string[], total: number): HeaderSection[] {
  const faqWords = faq.length * WORDS_A_QUESTION;
  const body = Math.max(total - faqWords, MIN_SECTION_WORDS * sections.length);
  const weights = sections.reduce((sum, s) => sum + s.weight, 0);
  const clamp = (n: number) => Math.min(MAX_SECTION_WORDS, Math.max(MIN_SECTION_WORDS, Math.round(n / 10) * 10));
  const out: HeaderSection[] = sections.map(({ weight, ...s }) => ({
    ...s,
    level: "h2",
    word_count_target: clamp((body * weight) / Math.max(1, weights)),
  }));
  if (faq.length > 0) {
    out.push({ heading: FAQ_HEADING, level: "h2", subheadings: [...faq], talking_points: [], word_count_target: clamp(faqWords) });
  }
  return out;
}

/** The user's keywords and links, each in the section that talks about it (the first when none does). */
function placeRequests(input: BriefInput, sections: DraftSection[], query: string): void {
  const stems = sections.map((s) => ownStems([s.heading, ...s.subheadings, ...s.talking_points].join(" . "), query));
  const sectionFor = (text: string) => sections[Math.max(0, bestMatch(text, stems, query))];
  for (const keyword of input.userKeywords ?? []) {
    const k = keyword.trim();
    if (k) sectionFor(k)?.talking_points.push(`Use the keyword "${k.toLowerCase()}".`);
  }
  for (const link of input.internalLinks ?? []) {
    sectionFor(link.anchor_text)?.talking_points.push(`Link to "${link.anchor_text}" (${link.url}).`);
  }
}

export function offlineBrief(input: BriefInput): BriefOutput {
  const query = input.queryText.replace(/\s+/g, " ").trim();
  const grounding = input.grounding ?? EMPTY;
  const grounded = groundedSections(query, grounding);
  const { sections, questions } =
    grounded.sections.length > 0
      ? grounded
      : fallbackSections(query, grounding.questions, grounding.relatedSearches, input.serpResults, grounding.pages.length);
  placeRequests(input, sections, query);
  const total = requestedWords(input.contentInfo) ?? grounding.recommendedWords?.target ?? DEFAULT_WORDS;
  const themes = sections.map((s) => themeOf(s.heading, query));
  // What the pages carried that the brand and the query did not say, and that does harm, is
  // recommended nowhere (safe-output.ts); the competitors are reported as the search listed them.
  const own = brandSenseContext(input.brand, query).own;
  const outline = safeBrief(
    { title: titleOf(query, themes), meta_description: metaOf(query, themes), header_sections: sized(sections, questions, total) },
    own,
    titleCase(query),
  );
  return {
    agent_version: OFFLINE_AGENT_VERSION,
    ...outline,
    serp_analysis: safeJson(serpAnalysis(query, grounding, input.serpResults), own),
    competitor_data: competitorData(grounding, input.serpResults),
    keyword_recommendations: safeJson(keywordRecommendations(query, grounding, input.userKeywords ?? [], input.serpResults), own),
  };
}
