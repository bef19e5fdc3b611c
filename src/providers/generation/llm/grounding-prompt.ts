// What the SERP and the pages that rank say, as a model is shown it: the questions searchers ask,
// the headings and lengths of the pages that rank, the terms they share. Quoted as data inside
// the caller's <data> block, clipped so that a page of a hundred headings cannot crowd out the rest.
import type { BriefGrounding, SectionInput } from "../types";
import { clip } from "./clip";

const MAX_PAGES = 10;
const MAX_HEADINGS_PER_PAGE = 18;
const MAX_TERMS = 40;
const MAX_GROUPS = 15;

function list(title: string, items: readonly string[]): string {
  return items.length === 0 ? "" : `${title}:\n${items.map((item) => `- ${item}`).join("\n")}`;
}

/** The ranking pages read, each with its rank, length and H1-H3 outline. */
function pagesBlock(grounding: BriefGrounding): string {
  if (grounding.pages.length === 0) return "Ranking pages read: none (only the search results' titles and snippets are known).";
  const pages = grounding.pages.slice(0, MAX_PAGES).map((page) => {
    const headings = page.headings
      .slice(0, MAX_HEADINGS_PER_PAGE)
      .map((h) => `   ${"  ".repeat(h.level - 1)}H${h.level} ${clip(h.text, 150)}`)
      .join("\n");
    const rank = page.position === null ? "" : `#${page.position} `;
    return `${rank}${clip(page.title, 200)} (${clip(page.url, 300)}), ${page.wordCount} words\n${headings}`;
  });
  return `Ranking pages read (rank, title, address, length, headings):\n${pages.join("\n")}`;
}

/** Everything measured about the query before writing: questions, searches, pages, shared headings and terms, length. */
export function groundingBlock(grounding: BriefGrounding | undefined): string {
  if (grounding === undefined) return "";
  const length = grounding.recommendedWords;
  return [
    list(
      "People Also Ask (real questions searchers ask)",
      grounding.questions.map((q) => clip(q, 200)),
    ),
    list(
      "Related searches",
      grounding.relatedSearches.map((q) => clip(q, 150)),
    ),
    list(
      "Pages the AI Overview cites",
      grounding.aiReferences.map((r) => `${clip(r.title, 150)} (${clip(r.url, 300)})`),
    ),
    pagesBlock(grounding),
    list(
      "Headings the ranking pages share (how many pages)",
      grounding.commonHeadings.slice(0, MAX_GROUPS).map((g) => `${clip(g.heading, 150)} (${g.pages})`),
    ),
    list(
      "Terms the ranking pages share (pages using it; uses to aim for)",
      grounding.terms.slice(0, MAX_TERMS).map((t) => `${clip(t.term, 80)} (${t.pages}; ${t.min_count}-${t.max_count})`),
    ),
    length === null ? "" : `Length of the ranking pages: median ${length.target} words (${length.min}-${length.max}).`,
  ]
    .filter(Boolean)
    .join("\n\n");
}

const SENSITIVE_RULES: Record<NonNullable<SectionInput["sensitiveTopic"]>, string> = {
  health:
    "This is a health topic: give no dose, figure, success rate or claim of cure that is not in the facts above, and say where the reader should ask a qualified professional.",
  legal:
    "This is a legal topic: give no fee, deadline, form number or rule that is not in the facts above, and say that the reader's own case needs a qualified lawyer.",
  finance:
    "This is a finance topic: give no price, rate, return or limit that is not in the facts above, and do not advise the reader to buy or sell anything.",
};

/** The section's own material: keywords, terms, questions, sourced facts, the brand's pages to link. */
export function sectionSourcesBlock(input: SectionInput): string {
  return [
    input.query ? `Search query the article targets: ${clip(input.query, 300)}` : "",
    input.keywords?.length ? `Keywords to use: ${input.keywords.map((k) => clip(k, 100)).join(", ")}` : "",
    input.terms?.length ? `Terms the ranking pages use: ${input.terms.map((t) => clip(t, 80)).join(", ")}` : "",
    list(
      "Questions this section answers",
      (input.questions ?? []).map((q) => clip(q, 200)),
    ),
    list(
      "Facts from the ranking pages, each with its source",
      (input.facts ?? []).map((f) => `${clip(f.text, 400)} [source: ${clip(f.url, 300)}]`),
    ),
    list(
      "The brand's own pages to link to where they help the reader",
      (input.internalLinks ?? []).map((l) => `"${clip(l.anchor, 100)}" -> ${clip(l.url, 300)} (${l.relation})`),
    ),
  ]
    .filter(Boolean)
    .join("\n");
}

/** The rules about figures and sources every section is written under. */
export function sectionRules(input: SectionInput): string[] {
  return [
    "Invent no figures: every number, price, date or statistic you give must come from the facts above; without one, describe without numbers.",
    input.facts?.length ? "When you use a fact, link its source as a Markdown link on the words it supports." : "",
    input.internalLinks?.length ? "Link to one or two of the brand's pages listed, with natural anchor text, where they fit." : "",
    input.sensitiveTopic ? SENSITIVE_RULES[input.sensitiveTopic] : "",
  ].filter(Boolean);
}
