// What a generated name may say about a topic, worked out from WordNet directly (not through
// the generator's own choices): the topic's words; the facet tables and qualifiers; a few
// function words; and every word of a lemma within reach of the topic's words in WordNet (the
// senses of each word and of each run of words, their kinds, parts, broader class and its
// kinds, compounds of the words and of the broader class, lemmas their definitions name).
import { compoundsOf, lemmasIn } from "../../../src/providers/lexicon/entity-facts";
import { nounLemma, related, sensesOf, synset, type Synset } from "../../../src/providers/lexicon/wordnet";
import { facetWords, QUALIFIERS } from "../../../src/providers/serp/offline-facets";
import { stem } from "../../../src/providers/serp/offline-keywords";
import type { ResearchNodeOut } from "../../../src/providers/generation/types";
import { LOCAL_SEARCH_WORDS } from "../../../src/providers/generation/offline/local-pillar";
import { phraseTableWords } from "../../../src/providers/generation/offline/topic-phrases";

const FUNCTION_WORDS = ["a", "an", "the", "and", "or", "of", "for", "to", "in", "on", "at", "with", "vs", "is", "are", "what", "how"];

export function namesOf(nodes: ResearchNodeOut[]): string[] {
  return nodes.flatMap((n) => [n.name, ...n.keywords, ...namesOf(n.children)]);
}

function neighbourhood(lemma: string): string[] {
  const out: string[] = [lemma];
  for (const offset of sensesOf(lemma).slice(0, 3)) {
    const s = synset(offset);
    const broader = related(s, "@");
    const near: Synset[] = [s, ...related(s, "~", "%p", "%s", "%m"), ...broader, ...broader.flatMap((b) => related(b, "~"))];
    for (const n of near) out.push(...n.lemmas, ...lemmasIn(n.gloss));
    for (const b of [s, ...broader]) for (const l of b.lemmas) out.push(...compoundsOf(l.split(" ").at(-1)!));
  }
  return out;
}

/** A test for the words a generated name about `topic` may use. */
export function allowedWords(topic: string): (word: string) => boolean {
  const words = topic.toLowerCase().split(/\s+/).filter(Boolean);
  const lemmas = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (let j = i + 1; j <= words.length; j++) {
      const run = [...words.slice(i, j - 1), nounLemma(words[j - 1]!) ?? words[j - 1]!].join(" ");
      for (const l of neighbourhood(run)) lemmas.add(l);
    }
  }
  const allowed = new Set(
    [
      ...words,
      ...facetWords(),
      ...phraseTableWords(),
      ...QUALIFIERS,
      ...FUNCTION_WORDS,
      ...LOCAL_SEARCH_WORDS,
      ...[...lemmas].flatMap((l) => l.split(" ")),
    ].map(stem),
  );
  return (word) => allowed.has(stem(word)) || allowed.has(word);
}
