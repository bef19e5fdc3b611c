// Whole-word phrase matching on stem sequences (words.ts), so "car bombs" matches "car bomb"
// and "bomb" never matches inside "bombastic". A "*" in a phrase stands for a gap of up to
// MAX_GAP words, for advice such as "switch the router off".
import { stemSequence } from "./words";

const MAX_GAP = 4;

/** A phrase as stems; null marks a gap. */
export interface Phrase {
  text: string;
  parts: ReadonlyArray<string | null>;
}

function compilePhrase(text: string): Phrase {
  const parts = text
    .trim()
    .split(/\s+/)
    .flatMap((word): Array<string | null> => (word === "*" ? [null] : stemSequence(word)));
  // A phrase opens with a word, which is what PhraseIndex files it under.
  if (typeof parts[0] !== "string") throw new Error(`A phrase starts with a word: "${text}"`);
  return { text, parts };
}

/** Phrases filed by their first stem: a few hundred phrases meet thousands of words per brand. */
export class PhraseIndex {
  private readonly byFirst = new Map<string, Phrase[]>();

  constructor(readonly phrases: readonly Phrase[]) {
    for (const phrase of phrases) {
      const first = phrase.parts[0] as string;
      const filed = this.byFirst.get(first);
      if (filed) filed.push(phrase);
      else this.byFirst.set(first, [phrase]);
    }
  }

  static of(texts: readonly string[]): PhraseIndex {
    return new PhraseIndex(texts.map(compilePhrase));
  }

  startingWith(stem: string): readonly Phrase[] {
    return this.byFirst.get(stem) ?? [];
  }
}

/** The end (exclusive) of the shortest match of `phrase` starting at `start`, or -1. */
function matchEnd(sequence: readonly string[], phrase: Phrase, start: number, part = 0): number {
  if (part === phrase.parts.length) return start;
  const wanted = phrase.parts[part];
  if (wanted === null) {
    for (let gap = 0; gap <= MAX_GAP && start + gap <= sequence.length; gap++) {
      const end = matchEnd(sequence, phrase, start + gap, part + 1);
      if (end !== -1) return end;
    }
    return -1;
  }
  return sequence[start] === wanted ? matchEnd(sequence, phrase, start + 1, part + 1) : -1;
}

export function containsPhrase(sequence: readonly string[], phrase: Phrase): boolean {
  for (let i = 0; i < sequence.length; i++) if (matchEnd(sequence, phrase, i) !== -1) return true;
  return false;
}

export interface PhraseHit {
  phrase: Phrase;
  start: number;
  end: number;
}

/**
 * Non-overlapping hits, scanning left to right and taking the longest phrase that matches at each
 * word: "car bomb" is one hit, not "car bomb" and "bomb". Phrases `skip` rejects are passed over,
 * so a brand's own "bomb" does not hide the "car bomb" the world added next to it.
 */
export function findPhrases(sequence: readonly string[], index: PhraseIndex, skip: (phrase: Phrase) => boolean = () => false): PhraseHit[] {
  const hits: PhraseHit[] = [];
  let i = 0;
  for (let word = sequence[i]; word !== undefined; word = sequence[i]) {
    let best: PhraseHit | null = null;
    for (const phrase of index.startingWith(word)) {
      const end = matchEnd(sequence, phrase, i);
      if (end === -1 || skip(phrase)) continue;
      if (best === null || end > best.end) best = { phrase, start: i, end };
    }
    if (best === null) i += 1;
    else {
      hits.push(best);
      i = best.end;
    }
  }
  return hits;
}
