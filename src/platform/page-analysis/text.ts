// Word tools for reading ranking pages: tokens, a plural fold (the content score's, so a term
// counted here is counted the same way when a draft is scored), a small suffix-stripping stemmer,
// stop words and sentences. Kept inside this folder so the analysis stays self-contained.

/** Lowercase word tokens: runs of letters and digits, an inner apostrophe kept, a possessive "'s" dropped. */
export function tokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/['’]s$/, ""));
}

/** A light plural fold ("grinders" ~ "grinder", "berries" ~ "berry"); -ss, -us and -is keep their "s". */
export function fold(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

// Derivational endings, longest first: enough to put "fermentation", "fermenting" and "ferments"
// on one stem without a dictionary. Each keeps a stem of at least three letters.
const SUFFIXES = ["ational", "ations", "ation", "ments", "ment", "ness", "ings", "ing", "edly", "ed", "ly", "er", "es", "s"];

/** A content word's stem: folded, then one derivational ending off, a doubled final consonant undone. */
export function stem(word: string): string {
  const w = fold(word);
  if (w.length <= 4 || /\d/.test(w)) return w;
  for (const suffix of SUFFIXES) {
    if (!w.endsWith(suffix) || w.length - suffix.length < 3) continue;
    const base = w.slice(0, -suffix.length);
    // "stopping" -> "stopp" -> "stop"; "brewing" -> "brew"; "fermentation" -> "ferment".
    return /([b-df-hj-np-tv-z])\1$/.test(base) && !/(ll|ss|zz)$/.test(base) ? base.slice(0, -1) : base;
  }
  return w;
}

/**
 * Words that carry no subject: function words, the commonest verbs and adverbs of any text, and
 * the words of a page's furniture ("click", "posted", "subscribe"). Kept small: a topic's own
 * ordinary words ("tea", "water", "time") must survive it.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below between both but
  by can can't cannot could couldn't did didn't do does doesn't doing don't down during each either etc even ever every few for
  from further get gets getting got had hasn't has have haven't having he her here hers herself him himself his how however i
  i'm if in into is isn't it it's its itself just let like likely may maybe me might more most much must my myself need needs
  no nor not now of off often on once one only or other others our ours ourselves out over own per quite rather really same
  say says she should so some such sure than that that's the their theirs them themselves then there there's these they
  they're thing things this those though through thus to too under until up upon us use used uses using very via want was
  wasn't way ways we we're well were weren't what when where whether which while who whom whose why will with within without
  won't would you you'll you're your yours yourself yourselves also make makes made many lot lots always never usually
  something anything everything someone anyone everyone around back still yet already go going know see look new great best
  better keep keeps kept add adds added take takes put puts give gives find help helps try come comes s t don re ve ll
  click read posted comment comments reply subscribe newsletter login copyright http https www com org net html php`.split(/\s+/),
);

/** Openers that give a heading or question its meaning ("What Is X" and "X" are different sections). */
export const QUESTION_OPENERS: ReadonlySet<string> = new Set(["what", "how", "why", "when", "where", "which", "who"]);

/** Whether a token can carry a subject: no stop word, not a bare number, longer than one letter. */
export function isContentWord(token: string): boolean {
  return token.length > 1 && !STOP_WORDS.has(token) && !/^\d+(?:[.,]\d+)*$/.test(token);
}

/** The distinct stems of a text's content words. */
export function contentStems(text: string): Set<string> {
  return new Set(tokens(text).filter(isContentWord).map(stem));
}

/** |a ∩ b| / |a ∪ b|; 0 for two empty sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const x of a) if (b.has(x)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}

/** Words as a reader counts them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
}

// A sentence ends at . ! or ? (a closing quote or bracket allowed) before a space and a capital,
// a digit or an opening quote; "3.5", "e.g. this" and "Dr. smith" do not end one.
const SENTENCE_END = /(?<!\b(?:e\.g|i\.e|etc|vs|Dr|Mr|Mrs|Ms|St|approx|no))[.!?]["”’)]?\s+(?=["“‘(]?[\p{Lu}\p{N}])/gu;

/** Sentences of a text whose paragraphs are separated by blank lines; a line break always ends one. */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    let start = 0;
    for (const end of line.matchAll(SENTENCE_END)) {
      out.push(line.slice(start, end.index + end[0].trimEnd().length).trim());
      start = end.index + end[0].length;
    }
    out.push(line.slice(start).trim());
  }
  return out.filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Addresses and bare domains out of a text, so no term is a fragment of a URL. */
export function withoutUrls(text: string): string {
  return text
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, " . ")
    .replace(/\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|io|co|uk|edu|gov|info|example)\b\S*/gi, " . ");
}

/** The median and quartiles (linear interpolation between ranks) of a list of numbers. */
export function quartiles(values: readonly number[]): { q1: number; median: number; q3: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => {
    if (sorted.length === 0) return 0;
    const rank = p * (sorted.length - 1);
    const low = Math.floor(rank);
    const high = Math.ceil(rank);
    return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (rank - low);
  };
  return { q1: at(0.25), median: at(0.5), q3: at(0.75) };
}
