// A brand's own words: what it typed about itself (name, description, tagline, audience) and its
// core topic. Every metric that asks "did the world stay with what the user said" reads these.
import { contentStems, stemSequence } from "./words";

export interface BrandText {
  name: string;
  description: string;
  tagline: string;
  targetAudience: string;
  coreTopic: string;
  /** Harmful-domain terms the brand's business names (the set's only label). */
  allowedUnsafe: readonly string[];
}

export interface BrandWords {
  /** Stems of the content words, for on-topic checks. */
  topicStems: ReadonlySet<string>;
  /** The texts as stem sequences, for "does the brand itself say this phrase". */
  sequences: ReadonlyArray<readonly string[]>;
}

export function brandWords(brand: BrandText): BrandWords {
  // Each field is its own sequence, so a phrase never spans the end of one and the start of the next.
  const fields = [brand.name, brand.description, brand.tagline, brand.targetAudience, brand.coreTopic];
  return {
    topicStems: new Set(fields.flatMap(contentStems)),
    sequences: fields.map(stemSequence),
  };
}

/** The core topic as a map keyword would hold it: lowercase, trimmed, whitespace collapsed. */
export function normalizedTopic(coreTopic: string): string {
  return coreTopic.toLowerCase().trim().replace(/\s+/g, " ");
}
