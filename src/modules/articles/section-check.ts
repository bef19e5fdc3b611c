// The checks that decide a drafted section's status (spec, docs/conventions.md §6): a section is approved
// when its draft is non-empty, its length is within 25% of its word target, and it mentions
// the heading's topic, and gives no figure that none of its sources gives; otherwise it needs
// attention, with every failed check said in plain English. A writer's skeleton (the offline
// model's draft) is complete as a skeleton when it is non-empty: it is short by design and is not
// held to the prose checks. Pure: the job stores what this returns.
import type { DraftKind } from "./draft-kind";
import { focusOf } from "./heading-focus";
import { isStopword } from "../../providers/generation/offline/text";
import { fold, joinAnd, tokens, wordCount } from "./words";

/**
 * Words a heading uses for its shape rather than its subject ("Common Mistakes", "Key
 * Takeaways", "Final Thoughts"). They never count as the topic: a draft about espresso that says
 * "common" has not shown it covers "Common Espresso Mistakes"; "espresso" has to appear.
 */
const HEADING_SHAPE_WORDS = new Set(
  `introduction intro conclusion conclusions summary overview recap wrap closing final thoughts takeaways takeaway faq faqs
  frequently asked question questions answers answer guide guides tip tips tricks ideas basics essentials common mistakes
  mistake avoid step steps complete ultimate quick simple easy practical important matter matters started start closer
  explained right choose choosing key`.split(/\s+/),
);

/**
 * The words of a heading that name its topic: the words of its focus (focusOf: the heading
 * without lead-ins such as "Understanding" or "Frequently Asked Questions About", and without
 * a subtitle after ":"), less stopwords, bare numbers, single letters and heading-shape words.
 * When the focus leaves none ("Step 1: Grind the Beans" has focus "step 1"), the whole heading's
 * words are used; when that leaves none either ("Key Takeaways", "FAQ"), the heading names no
 * topic and there is nothing to check. Two-letter words count, so "What Is AI?" needs "AI".
 */
export function topicWords(heading: string): string[] {
  const pick = (text: string) =>
    [...new Set(tokens(text))].filter((w) => w.length >= 2 && !isStopword(w) && !/^\d+$/.test(w) && !HEADING_SHAPE_WORDS.has(w));
  const fromFocus = pick(focusOf(heading));
  return fromFocus.length > 0 ? fromFocus : pick(heading);
}

/**
 * Whether a draft mentions a heading's topic: at least one topic word appears in the draft,
 * compared after fold (so plurals and -ing/-ed forms match: "Grinders" ~ "grinder",
 * "Brewing Methods" ~ "brew"). True when the heading names no topic.
 */
export function mentionsTopic(heading: string, draft: string): boolean {
  const wanted = topicWords(heading).map(fold);
  if (wanted.length === 0) return true;
  const have = new Set(tokens(draft).map(fold));
  return wanted.some((w) => have.has(w));
}

/**
 * Words of a draft as the check counts them: whitespace-separated tokens holding a letter or a
 * digit, so a stray "-" bullet or "—" is not a word (a markdown link's text and URL count as
 * the writer typed them, as the drafter counts).
 */
export function draftWordCount(draft: string): number {
  return wordCount(draft);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function checkSection(input: {
  heading: string;
  draft: string | null;
  wordCountTarget: number | null;
  kind?: DraftKind;
  /** Figures of the draft found in none of the ranking pages it was written from. */
  unsourcedFigures?: readonly string[];
}): {
  status: "approved" | "needs_attention";
  problems: string[];
} {
  const draft = input.draft ?? "";
  if (draft.trim() === "" || draftWordCount(draft) === 0) {
    // The other checks would only repeat this one.
    return { status: "needs_attention", problems: ["The draft is empty."] };
  }
  if (input.kind === "skeleton") return { status: "approved", problems: [] };

  const problems: string[] = [];
  const target = input.wordCountTarget;
  if (target !== null && Number.isFinite(target) && target > 0) {
    const count = draftWordCount(draft);
    // |count - target| <= 25% of target, exactly at the edges (4 * diff <= target avoids 0.25 * x rounding).
    const diff = count - target;
    if (4 * Math.abs(diff) > target) {
      const shown = Math.round(target * 100) / 100;
      problems.push(`${plural(count, "word", "words")} for a ${shown}-word target (more than 25% ${diff < 0 ? "short" : "over"}).`);
    }
  }

  if (!mentionsTopic(input.heading, draft)) {
    const wanted = topicWords(input.heading).map((w) => `"${w}"`);
    problems.push(
      wanted.length === 1
        ? `The draft does not mention the heading's topic: ${wanted[0]} never appears.`
        : `The draft does not mention the heading's topic: none of ${joinAnd(wanted, "or")} appears.`,
    );
  }

  const figures = input.unsourcedFigures ?? [];
  if (figures.length > 0)
    problems.push(
      `${figures.length === 1 ? "A figure" : "Figures"} in none of the sources: ${joinAnd(figures.map((f) => `"${f}"`))}. Check ${figures.length === 1 ? "it" : "them"} against a source, or take ${figures.length === 1 ? "it" : "them"} out.`,
    );

  return { status: problems.length === 0 ? "approved" : "needs_attention", problems };
}
