// The vocabulary of a topic as the ranking pages use it: the words and two-word phrases that
// recur across competitors' titles and snippets, ranked by how many pages use them.
import { present } from "../../../platform/present";
import { isStopword, words } from "./text";

export interface Term {
  /** The surface form most pages use, lowercase. */
  text: string;
  /** How many documents mention it. */
  documents: number;
  /** How many times it occurs in all. */
  occurrences: number;
  /** Indexes of the documents that mention it. */
  sources: number[];
}

/** Folds simple English plurals so "tool" and "tools" count as one term. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith("sses")) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss") && !word.endsWith("us") && !word.endsWith("is")) {
    return word.slice(0, -1);
  }
  return word;
}

/** A coarser fold, for telling whether a word is the topic's own ("brew" in "brewing"). */
function root(word: string): string {
  const base = stem(word);
  if (base.length > 5 && base.endsWith("ing")) return base.slice(0, -3);
  if (base.length > 4 && base.endsWith("ed")) return base.slice(0, -2);
  return base;
}

// Words every ranking page uses about itself rather than about its subject.
const GENERIC = new Set(
  `guide guides compare compared comparison comparisons cover covers covered learn learning method methods beginner beginners
  tip tips step steps need needs want wants including include includes help helps helping easy simple complete ultimate
  review reviews list article articles post posts blog online free great good better important matter matters start started
  know discover explore read check try updated update latest everything anything something thing info information ideas
  example examples overview introduction basic basics different types type kind kinds choose choosing right perfect
  quick fast full depth detailed expert experts tutorial tutorials common question questions mistake mistakes avoid angle
  matters start where keep keeps extract extracts give gives take takes bring brings turn turns hold holds set sets put puts
  run runs add adds explain explains works offer offers provide provides show shows allow allows let lets call calls look looks seem seems
  looked plain words page pages brief covering answered actually work how-to guides news`.split(/\s+/),
);

function stemKey(phrase: string): string {
  return words(phrase).map(stem).join(" ");
}

interface Tally {
  forms: Map<string, number>;
  /** The word after each occurrence ("pour" is nearly always "pour over"). */
  followers: Map<string, number>;
  documents: Set<number>;
  occurrences: number;
}

function bump(tallies: Map<string, Tally>, key: string, form: string, doc: number, follower = ""): void {
  const tally: Tally = tallies.get(key) ?? { forms: new Map(), followers: new Map(), documents: new Set(), occurrences: 0 };
  tally.forms.set(form, (tally.forms.get(form) ?? 0) + 1);
  tally.followers.set(follower, (tally.followers.get(follower) ?? 0) + 1);
  tally.documents.add(doc);
  tally.occurrences += 1;
  tallies.set(key, tally);
}

function toTerms(tallies: Map<string, Tally>): Term[] {
  const terms: Term[] = [];
  for (const tally of tallies.values()) {
    // bump() gave every tally a form.
    const [commonest] = present(
      [...tally.forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0],
      "a form of a tallied term",
    );
    let text = commonest;
    // A word always followed by the same short word is half of a set phrase: keep the phrase.
    const [follower, times] = [...tally.followers.entries()].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    if (follower && times === tally.occurrences && tally.occurrences >= 2 && ["over", "up", "in", "out", "off", "on"].includes(follower)) {
      text = `${text} ${follower}`;
    }
    terms.push({
      text,
      documents: tally.documents.size,
      occurrences: tally.occurrences,
      sources: [...tally.documents].sort((a, b) => a - b),
    });
  }
  return terms.sort((a, b) => b.documents - a.documents || b.occurrences - a.occurrences || a.text.localeCompare(b.text));
}

export interface Vocabulary {
  /** Single words, most widely used first. */
  words: Term[];
  /** Adjacent word pairs used by at least two documents, most widely used first. */
  phrases: Term[];
}

/**
 * Terms of `documents`, leaving out the words of `exclude` (the query or topic itself, which
 * every page repeats and which say nothing about the angle a page takes).
 */
export function vocabularyOf(documents: string[], exclude: string): Vocabulary {
  const excluded = new Set(words(exclude).map(root));
  const unigrams = new Map<string, Tally>();
  const bigrams = new Map<string, Tally>();
  documents.forEach((doc, index) => {
    // A pair never spans punctuation: "Top Picks. Everything about" holds no phrase "picks everything".
    const tokens = doc.split(/[,.;:!?()|"“”]+/).flatMap((clause) => [...words(clause), ""]);
    for (const [i, word] of tokens.entries()) {
      if (word === "") continue;
      const meaningful = (w: string) => w.length >= 3 && !isStopword(w) && !/^\d+$/.test(w) && !excluded.has(root(w));
      const following = tokens[i + 1];
      if (meaningful(word) && !GENERIC.has(word)) bump(unigrams, stem(word), word, index, following ?? "");
      if (following && meaningful(word) && meaningful(following) && !(GENERIC.has(word) && GENERIC.has(following))) {
        bump(bigrams, `${stem(word)} ${stem(following)}`, `${word} ${following}`, index);
      }
    }
  });
  return {
    words: toTerms(unigrams),
    phrases: toTerms(bigrams).filter((t) => t.documents >= 2),
  };
}

/**
 * The themes worth a section or a subtopic: shared phrases first, then shared words that no
 * chosen phrase already covers, then words a single page uses.
 */
export function themesOf(vocabulary: Vocabulary, limit: number): Term[] {
  const chosen: Term[] = [];
  const covered = new Set<string>();
  const take = (term: Term) => {
    const key = stemKey(term.text);
    if (covered.has(key) || chosen.length >= limit) return;
    chosen.push(term);
    covered.add(key);
    for (const part of key.split(" ")) covered.add(part);
  };
  for (const phrase of vocabulary.phrases) {
    if (phrase.text.split(" ").every((part) => !covered.has(stem(part)))) take(phrase);
  }
  for (const word of vocabulary.words) if (word.documents >= 2) take(word);
  for (const word of vocabulary.words) take(word);
  return chosen;
}
