// The shape of what the offline generator knows how to say about one aspect of a subject
// ("equipment needed", "warranty", "opening hours"; ASPECTS in serp/offline-text.ts): a
// heading a writer would use, instructions for a brief's talking points, and sentences of
// advice a draft can use. Slots: {s} the subject as written ("coffee beans", "vegan dinner",
// "kubernetes"), {S} the subject in title case (headings only), and {plural/singular} a word
// that agrees with the subject ("{s} {need/needs}"). Everything else is written so that it
// reads right whether the subject is plural, singular or a mass noun: no article before the
// subject and no other verb that would have to agree with it.
export interface AspectProse {
  /** A section heading, title case, naming {S}: "What You Need for {S}". */
  heading: string;
  /** What the writer should cover, as instructions: "List the equipment a first attempt at {s} needs." */
  points: readonly string[];
  /** Sentences of a draft, each naming {s} or standing on its own, each a distinct piece of advice. */
  sentences: readonly string[];
}

/** A class's general advice, never empty: its first piece's heading and points stand in where an aspect has none that fit. */
export type FallbackProse = readonly [AspectProse, ...AspectProse[]];

/** Fills the slots of a heading, point or sentence for a subject, plural ("coffee beans") or not. */
export function fillProse(template: string, subject: string, titleSubject: string, plural: boolean): string {
  return template
    .replace(/\{S\}/g, titleSubject)
    .replace(/\{s\}/g, subject)
    .replace(/\{([A-Za-z]+)\/([A-Za-z]+)\}/g, (_, many: string, one: string) => (plural ? many : one));
}
