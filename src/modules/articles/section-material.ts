// What one section is written with: of the brief's keywords, terms and questions, those that
// belong to this section (they share its words), the facts of the ranking pages that speak to it,
// and the brand's pages to link to. The first section also carries the query's own keywords, as
// an introduction names what the article is about. Pure.
import { pickFacts } from "../../platform/page-analysis";
import type { InternalLink, SectionFact, SensitiveTopic } from "../../providers/generation/types";
import type { DraftMaterial } from "../briefs";
import { termSet } from "./words";

const MAX_KEYWORDS = 6;
const MAX_TERMS = 8;
const MAX_QUESTIONS = 4;
const MAX_FACTS = 5;

export interface SectionOutline {
  heading: string;
  subheadings: readonly string[];
  talkingPoints: readonly string[];
}

export interface SectionMaterial {
  query: string;
  keywords: string[];
  terms: string[];
  questions: string[];
  facts: SectionFact[];
  internalLinks: InternalLink[];
  sensitiveTopic: SensitiveTopic | null;
}

/** Whether a phrase shares a word of meaning with the section (folded, stop words aside). */
function sharesWords(phrase: string, sectionWords: ReadonlySet<string>): boolean {
  for (const word of termSet(phrase)) if (sectionWords.has(word)) return true;
  return false;
}

export function sectionMaterial(
  material: DraftMaterial,
  section: SectionOutline,
  options: { first: boolean; links: InternalLink[]; sensitiveTopic: SensitiveTopic | null },
): SectionMaterial {
  const text = [section.heading, ...section.subheadings, ...section.talkingPoints].join(" ");
  const words = termSet(text);
  const keywords = material.keywords
    .filter((k) => (options.first && k.type === "primary") || sharesWords(k.keyword, words))
    .map((k) => k.keyword)
    .slice(0, MAX_KEYWORDS);
  const terms = material.terms.filter((term) => sharesWords(term, words)).slice(0, MAX_TERMS);
  // A question the outline already asks (an FAQ subheading) is the section's, whatever its words.
  const asked = [...section.subheadings, ...section.talkingPoints].filter((line) => line.trim().endsWith("?"));
  const related = material.questions.filter((q) => !asked.includes(q) && sharesWords(q, words));
  const questions = [...asked, ...related].slice(0, MAX_QUESTIONS);
  const facts = pickFacts(
    material.pages.map((page) => ({ url: page.url, text: page.text })),
    { heading: section.heading, points: [...section.subheadings, ...section.talkingPoints], terms },
    MAX_FACTS,
  );
  return {
    query: material.query,
    keywords,
    terms,
    questions,
    facts,
    internalLinks: options.links,
    sensitiveTopic: options.sensitiveTopic,
  };
}
