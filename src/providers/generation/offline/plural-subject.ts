// Whether a subject is said in the plural, which decides the verb beside it ("what are
// kitesurfing lessons", "How Kubernetes Monitoring Tools Work") and in the FAQ ("What Do Virtual
// Assistant Services Cost?"). One reading for the tree, the briefs and the drafts.
import { nounLemma } from "../../lexicon/wordnet";
import { isAcronym, words } from "./text";

/** Whether a subject is a plural noun phrase: its last word is an inflected form of a noun, not an initialism ("headless cms"). */
export function isPluralSubject(subject: string): boolean {
  const last = words(subject).at(-1) ?? "";
  if (isAcronym(last)) return false;
  const lemma = nounLemma(last);
  return lemma !== null && lemma !== last;
}
