// Whether a section covers its outline entry. Three checks, each worth a third of the
// section's heading credit:
// - long enough: at least 40% of its word target (40 words when it has none), so a stub that
//   only names the topic does not count;
// - on topic: at least one of the heading's content words appears (a heading that names no
//   subject, such as "Key Takeaways", passes);
// - its subheadings: a subheading is mentioned when at least half (rounded up) of its content
//   words appear; the credit is the share mentioned.
// A section is covered when it is long enough, on topic, and mentions at least half of its
// subheadings (rounded up): a writer may fold two subtopics into one paragraph, but not skip
// most of them.
import { contentWords } from "./text";
import type { OutlineSection } from "./types";

const MIN_SHARE_OF_TARGET = 0.4;
const MIN_WORDS_WITHOUT_TARGET = 40;

export interface Coverage {
  covered: boolean;
  /** 0..1: the mean of the three checks. */
  credit: number;
}

/** How many of the wanted words the text has. */
const found = (wanted: readonly string[], have: ReadonlySet<string>) => wanted.filter((w) => have.has(w)).length;

/** A subheading is mentioned when at least half of its content words appear (all of one word). */
function mentionsSubheading(subheading: string, have: ReadonlySet<string>): boolean {
  const wanted = contentWords(subheading);
  return found(wanted, have) >= Math.ceil(wanted.length / 2);
}

/** `folded`: the section text's folded words; `words`: its word count. */
export function coverage(section: OutlineSection, folded: readonly string[], words: number, target: number | null): Coverage {
  if (words === 0) return { covered: false, credit: 0 };
  const longEnough = words >= (target === null ? MIN_WORDS_WITHOUT_TARGET : MIN_SHARE_OF_TARGET * target);
  const have = new Set(folded);
  const topic = contentWords(section.heading);
  const onTopic = topic.length === 0 || found(topic, have) > 0;
  const subheadings = (section.subheadings ?? []).filter((s) => contentWords(s).length > 0);
  const mentioned = subheadings.filter((s) => mentionsSubheading(s, have)).length;
  const subShare = subheadings.length === 0 ? 1 : mentioned / subheadings.length;
  return {
    covered: longEnough && onTopic && mentioned >= Math.ceil(subheadings.length / 2),
    credit: ((longEnough ? 1 : 0) + (onTopic ? 1 : 0) + subShare) / 3,
  };
}
