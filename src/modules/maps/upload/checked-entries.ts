// The entries a body decoder has already checked (the CSV decoder checks every row, to name its
// problems by row and column), kept by the body's `keywords` array so that the upload does not
// check them a second time. A JSON body's array was never seen here: the upload checks it.
import type { CleanEntry } from "./entries";

const checked = new WeakMap<readonly unknown[], readonly CleanEntry[]>();

/** Records that `keywords` (the decoded body's array, entry for entry) are `clean`. */
export function rememberChecked(keywords: readonly unknown[], clean: readonly CleanEntry[]): void {
  if (keywords.length !== clean.length) throw new Error("every decoded entry needs its checked entry");
  checked.set(keywords, clean);
}

/** The checked entries of `keywords`, when a decoder made them; undefined otherwise. */
export function checkedEntries(keywords: readonly unknown[]): readonly CleanEntry[] | undefined {
  return checked.get(keywords);
}
