// A keyword cleaned the way a research tree stores its names and keywords, so that what the
// organiser emits is already what the tree's house rules would make of it.
import { cleanName } from "../../../providers/generation/tree-shape";

/**
 * cleanName until it no longer changes anything: a long keyword cut at a word boundary can end
 * in punctuation that one pass leaves and a second would strip.
 */
export function cleanKeyword(raw: string): string {
  let current = cleanName(raw);
  for (;;) {
    const next = cleanName(current);
    if (next === current) return current;
    current = next;
  }
}
