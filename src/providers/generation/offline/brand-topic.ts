// The topic of a research tree whose core topic is the brand's name (the default). A name is a
// topic only when the lexicon knows it ("Espresso"); otherwise the topic is read from what the
// brand says it does (its description, then its tagline), then whom it serves (its target
// audience), then the words of its web address ("beanthere.example" -> "bean"), and only then
// the name itself.
import { entityFacts, type EntityClass } from "../../lexicon/entity-facts";
import { NO_CONTEXT, type SenseContext } from "../../lexicon/sense";
import { isLemma, isWord, nounLemma } from "../../lexicon/wordnet";
import { brandSenseContext } from "./brand-senses";
import type { BrandContext } from "../types";
import { cleanName } from "../tree-shape";
import { isStopword, words } from "./text";

const RANK: Partial<Record<EntityClass, number>> = { food: 0, artifact: 1, living: 2, activity: 3 };

/** The best noun phrase of a text: a run of nouns and adjectives whose head the lexicon knows, foods and things first. */
function nounPhraseOf(text: string | null | undefined, context: SenseContext = NO_CONTEXT): string | null {
  if (!text) return null;
  let best: { phrase: string; rank: number; at: number } | null = null;
  const clauses = text.toLowerCase().split(/[,.;:!?()]+/);
  let at = 0;
  for (const clause of clauses) {
    let current: string[] = [];
    const runs = [current];
    for (const w of words(clause)) {
      const usable = !isStopword(w) && !w.endsWith("ing") && /^[a-z]+$/.test(w) && (nounLemma(w) !== null || isLemma(w, "adj"));
      if (usable) {
        current.push(w);
      } else {
        current = [];
        runs.push(current);
      }
    }
    for (const run of runs) {
      // Nouns name the thing; leading adjectives ("whole", "small") are dropped.
      const start = run.findIndex((w) => nounLemma(w) !== null);
      if (start === -1) continue;
      const phrase = run.slice(Math.max(start, run.length - 2));
      const head = phrase.at(-1);
      if (head === undefined || nounLemma(head) === null) continue;
      const facts = entityFacts(
        phrase.map((w) => nounLemma(w) ?? w),
        context,
      );
      const rank = facts ? (RANK[facts.entityClass] ?? 4) : 5;
      if (!best || rank < best.rank) best = { phrase: phrase.join(" "), rank, at: at++ };
    }
  }
  return best && best.rank <= 4 ? best.phrase : null;
}

/** "beanthere.example" -> ["bean", "there"]: the host's first label split into known words. */
function addressWords(url: string | null | undefined): string[] {
  if (!url) return [];
  let host: string;
  try {
    host = new URL(/^[a-z]+:\/\//i.test(url) ? url : `https://${url}`).hostname;
  } catch {
    return [];
  }
  const label =
    host
      .replace(/^www\./, "")
      .split(".")[0]
      ?.toLowerCase()
      .replace(/[^a-z]/g, "") ?? "";
  // Fewest words covering the label, each a word the lexicon knows (longest first on ties).
  const best: Array<string[] | null> = [[]];
  for (let end = 1; end <= label.length; end++) {
    best[end] = null;
    for (let start = Math.max(0, end - 20); start < end; start++) {
      const piece = label.slice(start, end);
      const before = best[start];
      if (!before || piece.length < 2 || !isWord(piece)) continue;
      const candidate = [...before, piece];
      const known = best[end];
      if (!known || candidate.length < known.length) best[end] = candidate;
    }
  }
  return best[label.length] ?? [];
}

export function topicFromBrand(brand: BrandContext): string {
  const name = cleanName(brand.name);
  const nameWords = words(name).filter((w) => !isStopword(w));
  // The brand's words decide which sense its name and phrases have ("Jaguar" the car or the cat).
  const context = brandSenseContext(brand);
  const facts =
    nameWords.length > 0
      ? entityFacts(
          nameWords.map((w) => nounLemma(w) ?? w),
          context,
        )
      : null;
  if (facts && facts.span[0] === 0 && facts.span[1] === nameWords.length) return nameWords.join(" ");
  const described =
    nounPhraseOf(brand.description, context) ?? nounPhraseOf(brand.tagline, context) ?? nounPhraseOf(brand.targetAudience, context);
  if (described) return described;
  const address = nounPhraseOf(addressWords(brand.websiteUrl).join(" "));
  return address ?? (name || "content");
}
