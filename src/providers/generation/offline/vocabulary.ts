// Key phrases of a short text: the adjacent meaningful words a section's points are made of.
import { isStopword, words } from "./text";

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

/**
 * The key phrases of one short text: pairs of adjacent meaningful words first, then single
 * words no pair already holds. `exclude` drops words the reader already has (the heading).
 */
export function keyPhrases(text: string, exclude: string, limit: number): string[] {
  const excluded = new Set(words(exclude).map(root));
  // A pair never spans punctuation: "flavor, cost and time" holds no phrase "flavor cost".
  const clauses = text.split(/[,.;:!?()"“”]+/).map(words);
  const tokens = clauses.flatMap((c) => [...c, ""]);
  const meaningful = (w: string | undefined): w is string =>
    !!w && w.length >= 3 && !isStopword(w) && !GENERIC.has(w) && !/^\d+$/.test(w) && !excluded.has(root(w));
  const out: string[] = [];
  const used = new Set<string>();
  for (let i = 0; i < tokens.length - 1 && out.length < limit; i += 1) {
    const [a, b] = [tokens[i], tokens[i + 1]];
    if (meaningful(a) && meaningful(b) && !used.has(a) && !used.has(b)) {
      out.push(`${a} ${b}`);
      used.add(a);
      used.add(b);
      i += 1;
    }
  }
  for (const w of tokens) {
    if (out.length >= limit) break;
    if (meaningful(w) && !used.has(w)) {
      out.push(w);
      used.add(w);
    }
  }
  return out;
}
