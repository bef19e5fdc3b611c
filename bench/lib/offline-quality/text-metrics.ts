// Metrics of the words the world writes: harmful-domain terms the brand did not bring, and
// shop-shelf advice in the drafts of brands that sell no product.
import type { BrandText, BrandWords } from "./brand-words";
import { containsPhrase, findPhrases, PhraseIndex, type Phrase } from "./phrase-match";
import { SHOP_SHELF_MARKERS } from "./shop-shelf";
import { INNOCENT_PHRASES, unsafeTermDomains } from "./unsafe-terms";
import { stemSequence } from "./words";
import { present } from "../../../src/platform/present";

/** A text the world produced, and where: "node", "keyword", "cluster", "brief", "draft". */
export interface WorldText {
  where: string;
  text: string;
}

export interface UnsafeFinding {
  term: string;
  domain: string;
  /** How many times the term occurs across the brand's world. */
  mentions: number;
  /** The first place it occurs. */
  where: string;
  text: string;
}

const DOMAINS = unsafeTermDomains();
const UNSAFE = PhraseIndex.of([...DOMAINS.keys()]);
const INNOCENT = PhraseIndex.of(INNOCENT_PHRASES);
const SHOP_SHELF = PhraseIndex.of(SHOP_SHELF_MARKERS);

const sameStems = (a: readonly (string | null)[], b: readonly (string | null)[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether the brand's own text says the phrase. */
function brandSays(words: BrandWords, phrase: Phrase): boolean {
  return words.sequences.some((sequence) => containsPhrase(sequence, phrase));
}

/** Word positions inside an innocent phrase ("bullet point", "glue gun"). */
function innocentPositions(sequence: readonly string[]): Set<number> {
  const covered = new Set<number>();
  for (const hit of findPhrases(sequence, INNOCENT)) for (let i = hit.start; i < hit.end; i++) covered.add(i);
  return covered;
}

/**
 * Harmful-domain terms in the world's texts that the brand did not bring: not said in its own
 * words, and not one of its `allowedUnsafe` terms. One finding per term, in order of first use.
 */
export function unsafeTermsIntroduced(texts: readonly WorldText[], brand: BrandText, words: BrandWords): UnsafeFinding[] {
  const allowed = brand.allowedUnsafe.map(stemSequence);
  const brought = (phrase: Phrase) => brandSays(words, phrase) || allowed.some((a) => sameStems(a, phrase.parts));
  const findings = new Map<string, UnsafeFinding>();
  for (const { where, text } of texts) {
    const sequence = stemSequence(text);
    const innocent = innocentPositions(sequence);
    for (const hit of findPhrases(sequence, UNSAFE, brought)) {
      let inside = false;
      for (let i = hit.start; i < hit.end; i++) inside ||= innocent.has(i);
      if (inside) continue;
      const term = hit.phrase.text;
      const known = findings.get(term);
      if (known) known.mentions += 1;
      else
        findings.set(term, {
          term,
          domain: present(DOMAINS.get(term), `the domain of the unsafe term "${term}"`),
          mentions: 1,
          where,
          text,
        });
    }
  }
  return [...findings.values()];
}

/**
 * A draft's sentences: its lines, each split after ".", "!" or "?" (and any closing quote,
 * bracket or bold mark), with list, heading and bold marks taken off.
 */
export function sentences(draft: string): string[] {
  return draft
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)]|#+)\s+/, ""))
    .flatMap((line) => line.split(/(?<=[.!?]["')*]*)\s+(?=[*"'(\p{Lu}\d])/u))
    .map((s) => s.replace(/\*\*/g, "").trim())
    .filter((s) => s !== "");
}

/** Draft sentences holding a shop-shelf marker the brand's own words do not contain. */
export function shopShelfSentences(drafts: readonly string[], words: BrandWords): string[] {
  const ownMarker = (phrase: Phrase) => brandSays(words, phrase);
  return drafts.flatMap(sentences).filter((sentence) => findPhrases(stemSequence(sentence), SHOP_SHELF, ownMarker).length > 0);
}
