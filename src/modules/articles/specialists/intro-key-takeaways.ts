// The intro and key takeaways specialist: an opening paragraph and 3 to 6 takeaways drawn from
// the drafted sections themselves. A takeaway is the sentence of a section that says most about
// its heading's subject (sharing its words, giving a figure or naming something), never a
// transition ("Having covered ..."), a question or a link line. The intro leads with the
// sentence that best answers the title and then says what the article covers, section by section.
import { focusOf } from "../heading-focus";
import { topicWords } from "../section-check";
import { fold, joinAnd, sentencesOf, termSet, wordCount } from "../words";
import { drafted, namedThings, numbersIn, similarity, type DraftedSection } from "./common";

/**
 * {
 *   intro: string,              // "" when no section has a draft
 *   key_takeaways: string[],    // 3 to 6, in article order, each a draft's sentence (links as their text);
 *                               // fewer only when the drafts hold fewer than 3 sentences that say
 *                               // something about their section's subject or give a figure
 * }
 */
export interface IntroKeyTakeawaysResult {
  intro: string;
  key_takeaways: string[];
}

const MIN_TAKEAWAYS = 3;
const MAX_TAKEAWAYS = 6;
/** Sections whose focus the intro's "covers" sentence lists, at most. */
const MAX_COVERED = 5;

// Sentences that move the reader along rather than say something.
const TRANSITIONS =
  /^(this section|below,|above,|having covered|in short|to recap|to sum up|a common question|for more detail|it is worth|next comes|next,|the short answer|the short version|before going into|as mentioned|in this (section|article|guide|post)|let's|let us|now,|so,)/i;

interface Candidate {
  position: number;
  index: number;
  text: string;
  terms: Set<string>;
  score: number;
}

/** How much a sentence says about `subject` (folded words): shared words, figures, names. */
function scoreOf(text: string, subject: Set<string>): number {
  const terms = termSet(text);
  let shared = 0;
  for (const t of subject) if (terms.has(t)) shared += 1;
  const n = wordCount(text);
  return shared * 2 + (numbersIn(text).length > 0 ? 2 : 0) + (namedThings(text).length > 0 ? 1 : 0) + (n >= 10 && n <= 25 ? 1 : 0);
}

function usable(text: string): boolean {
  const n = wordCount(text);
  return n >= 6 && n <= 40 && !/\?["”’)]?$/.test(text) && !/:$/.test(text) && !TRANSITIONS.test(text);
}

function candidatesOf(section: DraftedSection): Candidate[] {
  const subject = new Set(topicWords(section.heading).map(fold));
  return (
    sentencesOf(section.draft)
      .filter(usable)
      .map((text, index) => ({ position: section.position, index, text, terms: termSet(text), score: scoreOf(text, subject) }))
      // A takeaway must say something about the section's subject or carry a fact.
      .filter((c) => c.score >= 2)
      .sort((a, b) => b.score - a.score || a.index - b.index)
  );
}

/** A heading's subject as a phrase for a sentence: "What Is the Best Grind?" -> "best grind". */
function subjectOf(heading: string): string {
  const focus = focusOf(heading)
    .replace(/^(what|why|how|when|which|who|where)\s+(is|are|do|does|to|can|should)\s+/i, "")
    .replace(/^(the|a|an|you|i)\s+/i, "");
  return focus.trim() || focusOf(heading);
}

const inOrder = (a: Candidate, b: Candidate) => a.position - b.position || a.index - b.index;

export function introKeyTakeaways(title: string, sections: readonly DraftedSection[]): IntroKeyTakeawaysResult {
  const usableSections = drafted(sections);
  const [firstSection] = usableSections;
  if (firstSection === undefined) return { intro: "", key_takeaways: [] };

  const perSection = usableSections.map(candidatesOf);
  const chosen: Candidate[] = [];
  const isNew = (c: Candidate) => chosen.every((o) => similarity(o.terms, c.terms) < 0.8);
  // The best sentence of each section first; then, while under the minimum, the next best of any.
  for (const list of perSection) {
    const best = list.find(isNew);
    if (best) chosen.push(best);
  }
  if (chosen.length > MAX_TAKEAWAYS) {
    const keep = [...chosen].sort((a, b) => b.score - a.score || inOrder(a, b)).slice(0, MAX_TAKEAWAYS);
    chosen.splice(0, chosen.length, ...keep);
  }
  const rest = perSection.flat().sort((a, b) => b.score - a.score || inOrder(a, b));
  for (const c of rest) {
    if (chosen.length >= MIN_TAKEAWAYS) break;
    if (!chosen.includes(c) && isNew(c)) chosen.push(c);
  }
  chosen.sort(inOrder);

  // The lead: from the first drafted section (a brief's first section answers the query), the
  // sentence sharing most with the title that is not a takeaway already; any section's when the
  // first has none, a takeaway's only when nothing else is left.
  const titleTerms = termSet(title);
  const taken = new Set(chosen.map((c) => c.text));
  const leadOf = (s: DraftedSection, fresh: boolean) =>
    sentencesOf(s.draft)
      .filter((text) => usable(text) && !(fresh && taken.has(text)))
      .map((text, index) => ({ text, index, score: scoreOf(text, titleTerms) }))
      .sort((a, b) => b.score - a.score || a.index - b.index)[0]?.text;
  const lead =
    leadOf(firstSection, true) ??
    usableSections.map((s) => leadOf(s, true)).find((t) => t !== undefined) ??
    leadOf(firstSection, false) ??
    "";

  const focuses: string[] = [];
  for (const s of usableSections.slice(1)) {
    if (topicWords(s.heading).length === 0) continue;
    const focus = subjectOf(s.heading);
    if (!focuses.some((f) => f.toLowerCase() === focus.toLowerCase())) focuses.push(focus);
  }
  const listed = focuses.slice(0, MAX_COVERED);
  const list = focuses.length > listed.length ? `${listed.join(", ")} and more` : joinAnd(listed);
  const covers = listed.length > 0 ? `This article covers ${list}.` : "";
  return { intro: [lead, covers].filter(Boolean).join(" "), key_takeaways: chosen.map((c) => c.text) };
}
