/**
 * Reads a question typed in natural language into what a brief is about. A searcher asks
 * "how do i stop my dog pulling on the lead"; a guide is titled "How to Stop a Dog Pulling on
 * the Lead" and its sections talk about the dog, not about "How Do I Stop My Dog...". Pure and
 * generic: it knows question frames and function words, never a topic.
 */

type QueryFrame = "how-to" | "why" | "yes-no" | "what" | null;

export interface QueryReading {
  /** The kind of question, or null for a plain keyword. */
  frame: QueryFrame;
  /** The query rephrased as a guide would title it: "how to stop a dog pulling on the lead". */
  text: string;
  /** What the question is about, where the frame alone says it ("sourdough starter"); null leaves it to the keyword reader. */
  topic: string | null;
}

// Frames asking for a method: all become "how to", the phrasing guides use.
const HOW_TO_FRAMES =
  /^(what is the best way to|what's the best way to|what is the easiest way to|best way to|how do i|how can i|how should i|how would i|how do you|how can you|how do we|how can we|how to|can you tell me how to|can you show me how to)\s+/;
// Yes-or-no questions about doing something: a guide answers them by showing how to do it well.
const YES_NO_FRAMES =
  /^(can i|can you|can we|should i|should you|should we|is it ok to|is it okay to|is it safe to|is it bad to|is it worth it to|do i need to|do you need to)\s+/;
const WHY_FRAMES = /^(why does|why do|why is|why are|why did|why won't|why doesn't|why don't|why isn't|why aren't)\s+/;
const WHAT_FRAMES = /^(what are|what is|what's|what does|what do)\s+/;
const POSSESSIVES = /\b(my|our|your|his|her|their) ((?:\w+ ?)+)/g;
// Words that end a noun phrase: prepositions, conjunctions and the like.
const PHRASE_ENDS = new Set([
  "on",
  "in",
  "at",
  "to",
  "for",
  "from",
  "with",
  "without",
  "after",
  "before",
  "when",
  "while",
  "if",
  "like",
  "and",
  "or",
  "so",
  "every",
  "each",
  "too",
  "so",
  "not",
  "than",
  "during",
  "into",
  "off",
  "out",
  "up",
  "down",
  "over",
  "under",
]);
// Auxiliaries that may follow the subject in a why-question ("why is my bread so dense").
const AUXILIARIES = new Set(["is", "are", "was", "were", "be", "been", "keep", "keeps", "still", "always", "never", "suddenly"]);

/** "my dog" -> "a dog", "my tomato plants" -> "tomato plants": the searcher's own thing is anyone's. */
function impersonal(text: string): string {
  return text.replace(POSSESSIVES, (_, _owner: string, rest: string) => {
    const ws = rest.trim().split(" ");
    const end = ws.findIndex((w, i) => i > 0 && (PHRASE_ENDS.has(w) || AUXILIARIES.has(w) || /ing$/.test(w)));
    // Without a lexicon the phrase's head is not known ("houseplants alive", "tomatoes split"):
    // a plural among its first words says it is counted in many, and takes no article.
    const phrase = ws.slice(0, Math.min(end === -1 ? ws.length : end, 3));
    const plural = phrase.some((w) => /[^s]s$/.test(w));
    // The rest may speak of another of the searcher's things ("my dog chewing my shoes").
    const tail = impersonal(rest);
    return plural ? tail : `${/^[aeiou]/.test(rest) ? "an" : "a"} ${tail}`;
  });
}

/** The noun phrase a why-question is about: the words before its verb ("sourdough starter" of "sourdough starter smell like acetone"). */
function whySubject(rest: string, isVerb: (word: string) => boolean): string | null {
  const ws = rest.replace(/^(a|an|the) /, "").split(" ");
  const phrase: string[] = [];
  for (const w of ws) {
    // The last word before the verb is the head; a phrase needs one word before a verb counts.
    if (phrase.length > 0 && (PHRASE_ENDS.has(w) || AUXILIARIES.has(w) || /ing$/.test(w) || isVerb(w))) break;
    phrase.push(w);
  }
  return phrase.length > 0 && phrase.length < ws.length ? phrase.join(" ") : null;
}

/**
 * The question's frame, its guide phrasing and, for why-questions, its subject. `isVerb` says
 * whether a word is a verb lemma (injected so the reader stays pure and testable without WordNet).
 */
export function readQuery(query: string, isVerb: (word: string) => boolean): QueryReading {
  const q = query
    .toLowerCase()
    .replace(/[?!.]+$/, "")
    .replace(/\s+/g, " ")
    .trim();
  const how = HOW_TO_FRAMES.exec(q) ?? YES_NO_FRAMES.exec(q);
  if (how) {
    const rest = impersonal(q.slice(how[0].length));
    return { frame: HOW_TO_FRAMES.test(q) ? "how-to" : "yes-no", text: `how to ${rest}`, topic: null };
  }
  const why = WHY_FRAMES.exec(q);
  if (why) {
    const rest = impersonal(q.slice(why[0].length));
    return { frame: "why", text: `${why[1]} ${rest}`, topic: whySubject(rest, isVerb) };
  }
  // A keyword keeps its own spelling unless it speaks of the searcher's own things.
  const text = impersonal(q) === q ? query.replace(/\s+/g, " ").trim() : impersonal(q);
  return { frame: WHAT_FRAMES.test(q) ? "what" : null, text, topic: null };
}
