// What a guide is about and its facet, read from a query: the section draft writes about this
// subject ("coffee grinder cleaning" is a cleaning guide to coffee grinders).
import { topicFacts } from "../../lexicon/entity-facts";
import { isLemma, nounLemma, sensesOf, synset } from "../../lexicon/wordnet";
import { analyzeKeyword } from "../../serp/offline-keywords";
import type { FacetId } from "../../serp/offline-facets";
import { isServiceWord } from "./local-topic";
import { isAcronym, words } from "./text";
import { pluralOf } from "./topic-lexicon";

/**
 * Grammar only, for a head no sense was confirmed for ("machine" of "espresso machine"): a
 * plural says nothing of meaning, so the word's most usual sense decides whether it is counted.
 */
function countedHead(head: string): boolean {
  const first = sensesOf(head)[0];
  if (first === undefined) return false;
  const s = synset(first);
  return s.lexFile === 5 || s.lexFile === 6 || s.lexFile === 18 || /^(a|an)\b/.test(s.gloss);
}

/** A subject as a guide names it: "coffee grinder" -> "coffee grinders"; stuff stays as it is. */
function countedSubject(subject: string): string {
  const list = words(subject);
  // An initialism ("headless cms"), a gerund ("trip planning") or work done ("crane hire") at
  // the head is not counted.
  const last = list.at(-1) ?? "";
  const uncounted = isAcronym(last) || /ing$/.test(last) || isServiceWord(last);
  const singular = uncounted ? list : [...list.slice(0, -1), nounLemma(last) ?? last].filter(Boolean);
  const facts = singular.length > 0 ? topicFacts(singular) : null;
  const covers = facts !== null && facts.span[1] === singular.length;
  const head = singular.at(-1);
  const counted =
    !uncounted &&
    (covers
      ? facts.entityClass === "artifact" || facts.entityClass === "living" || /^(a|an)\b/.test(facts.gloss)
      : head !== undefined && countedHead(head));
  return counted ? pluralOf(singular.join(" ")).toLowerCase() : subject;
}

/** The subject of a query without its question or shopping words: "how to brew coffee" -> "brew coffee". */
export function coreOf(query: string): string {
  const core = query
    .toLowerCase()
    .replace(/\?+$/, "")
    .replace(/^(how to|how do i|how do you|what is|what are|why is|why are|why do|when to|where to|which|the|a|an)\s+/, "")
    .replace(/^(best|top \d+|top|cheap|buy)\s+/, "")
    .replace(/\s+(near me|for sale|in \d{4}|\d{4})$/, "")
    .trim();
  // "how to use coffee beans" is about coffee beans: the how-to's verb goes too.
  const verb = /^how (to|do i|do you) /.test(query.toLowerCase()) ? /^(\w+) (.+)$/.exec(core) : null;
  // "how to prepare for kitesurfing lessons" is about kitesurfing lessons: the verb's preposition goes too.
  const [, verbWord, object] = verb ?? [];
  const subject =
    verbWord !== undefined && object !== undefined && isLemma(verbWord, "verb")
      ? object.replace(/^(for|to|with|from|on) /, "").replace(/^(a|an|the|your|my) /, "")
      : core;
  return subject || query.toLowerCase().trim();
}

const PROVIDER_END = /\s(service|services|company|companies|agency|agencies)$/;
const THING_WORDS = /\s(tools?|software|apps?|equipment|gear|supplies|kits?)$/;
const WHOLE_PHRASE = new Set<FacetId>(["general", "local", "comparison"]);

/**
 * What a guide is about and its facet: "coffee grinder cleaning" is a cleaning guide to coffee
 * grinders; local and comparison searches are about the whole phrase ("coffee shop",
 * "french press vs aeropress"), and so is a general one.
 */
export function guideSubject(text: string): { facet: FacetId; subject: string } {
  const read = analyzeKeyword(text);
  const core = coreOf(text);
  // "kubernetes monitoring tools" are the tools themselves, not a buying search about kubernetes monitoring.
  if (read.facet === "buying" && THING_WORDS.test(core)) return { facet: read.facet, subject: countedSubject(core) };
  if (read.facet === "local") return { facet: read.facet, subject: countedSubject(core) };
  // A provider named by its work keeps the work's word, and the work is what it sells, not the
  // guide's facet: "spring cleaning service" is no "how to clean spring service".
  if (PROVIDER_END.test(core)) return { facet: "general", subject: core };
  return { facet: read.facet, subject: WHOLE_PHRASE.has(read.facet) || !read.subject ? core : countedSubject(read.subject) };
}
