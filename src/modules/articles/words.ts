// Text tools shared by the article checks and specialists: words folded so that plurals and
// simple inflections match ("grinders" ~ "grinder", "brewing" ~ "brew"), markdown reduced to
// plain prose, and sentences. Pure and deterministic.
import { plainText } from "../../platform/content-score/text";
import { isStopword } from "../../providers/generation/offline/text";

/**
 * Lowercase word tokens: runs of letters and digits, an inner apostrophe kept ("don't") and a
 * possessive "'s" dropped. Hyphens and other punctuation separate, so "pour-over" is "pour" and
 * "over" on both the heading's side and the draft's.
 */
export function tokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu) ?? []).map((w) => w.replace(/['’]s$/, ""));
}

/**
 * A light English suffix fold, applied to both sides of every comparison so that it only has to
 * be consistent, not linguistically right: plural -s/-es/-ies, then -ing/-ed, then a final -e
 * and a doubled final consonant ("make"/"making" -> "mak", "run"/"running" -> "run",
 * "press"/"presses" -> "pres"). Short words are left alone ("thing", "bed", "need").
 */
export function fold(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, "");
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed") && !w.endsWith("eed")) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  if (w.length > 3 && /([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

/** Words that carry meaning: not stopwords, not bare numbers, at least `min` characters. */
function meaningfulWords(text: string, min = 3): string[] {
  return tokens(text).filter((w) => w.length >= min && !isStopword(w) && !/^\d+$/.test(w));
}

/** The folded meaningful words of a text, as a set. */
export function termSet(text: string): Set<string> {
  return new Set(meaningfulWords(text).map(fold));
}

/**
 * The sentences of a text (markdown allowed), each trimmed, with its end punctuation. A sentence
 * ends at . ! ? followed by a space and a capital, digit or quote, and at every line break, so a
 * list item or a heading line is never glued to the next one. Decimals ("3.5") and "e.g." in
 * lowercase context do not split.
 */
export function sentencesOf(text: string): string[] {
  return plainText(text)
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\p{N}])/u))
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** A sentence's word count, counting only tokens with a letter or digit. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t)).length;
}

/** "a", "a and b", "a, b and c" (or "a, b or c"). */
export function joinAnd(items: readonly string[], conjunction: "and" | "or" = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

/** The first `n` words of a text, with "…" when cut. */
export function clipWords(text: string, n: number): string {
  const parts = text.trim().split(/\s+/);
  return parts.length <= n ? text.trim() : `${parts.slice(0, n).join(" ")}…`;
}
