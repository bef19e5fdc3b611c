// Advice for ideas (subject-class.ts): how the idea works, with an example, how to put it into
// practice and what it is confused with, where the general tables would speak of buying and
// using a thing. Generic by design, with the same slots as every table (aspect-prose-type.ts).
import type { AspectProse, FallbackProse } from "./aspect-prose-type";

const HOW_IT_WORKS: AspectProse = {
  heading: "How {S} {Work/Works}, With an Example",
  points: [
    "Explain how {s} {work/works} in plain words, then walk through one worked example.",
    "Say where {s} {show/shows} up in everyday life or work.",
  ],
  sentences: [
    "A single worked example makes {s} clearer than any definition: choose a familiar situation and follow it step by step.",
    "Explain each term of {s} the first time it appears, and keep to one word for each idea afterwards.",
    "Show where {s} {apply/applies} and where it stops applying; knowing its limits is part of understanding it.",
    "Connect {s} to a decision the reader actually faces, so the idea has somewhere to go once the page is closed.",
  ],
};

const IN_PRACTICE: AspectProse = {
  heading: "Putting {S} Into Practice",
  points: ["Give two or three concrete ways to apply {s}.", "Say how to tell whether applying {s} is working."],
  sentences: [
    "Try {s} first in one small, low-stakes situation, and note what changes before using it more widely.",
    "Write down how {s} applied in a real case, what happened and what you would do differently; notes turn an idea into a habit.",
    "Discussing {s} with someone who disagrees is one of the quickest ways to find where your understanding is thin.",
    "Come back to {s} after a few weeks of use: an idea often reads differently once it has been tried.",
  ],
};

const MISUNDERSTANDINGS: AspectProse = {
  heading: "Common Misunderstandings of {S}",
  points: ["List the ideas most often confused with {s}.", "Correct each misunderstanding of {s} with a short example."],
  sentences: [
    "A common mistake is to treat {s} as a rule that always holds, when it describes a tendency with exceptions.",
    "Short summaries of {s} often drop the conditions under which it holds; check them against a careful source.",
    "Confusing {s} with a neighbouring idea leads to advice that sounds right but misfires; name the difference explicitly.",
    "Quoting {s} to win an argument rather than to understand a situation is how a useful idea becomes a cliché.",
  ],
};

const WHERE_TO_START: AspectProse = {
  heading: "Where to Start Learning About {S}",
  points: [
    "Point a newcomer to {s} to the first things worth reading or trying.",
    "Say which parts of {s} can wait until the basics are clear.",
  ],
  sentences: [
    "Begin {s} with one clear introduction and one real example before reading around it; a dozen summaries at once blur together.",
    "Learn the few core terms of {s} well, since most of what follows is built from them.",
    "Look for the original source or a careful account of {s}, not only the popular retellings, which tend to leave out the difficult parts.",
    "Explaining {s} to someone else in a few sentences is a good test of whether the basics have settled.",
  ],
};

/** Concept advice per aspect: using becomes applying, mistakes become misunderstandings. */
export const CONCEPT_PROSE: Readonly<Record<string, AspectProse>> = {
  "how it works": HOW_IT_WORKS,
  "common uses": HOW_IT_WORKS,
  "step-by-step method": IN_PRACTICE,
  "quick ideas": IN_PRACTICE,
  "beginner ideas": IN_PRACTICE,
  "common mistakes": MISUNDERSTANDINGS,
  "common causes": MISUNDERSTANDINGS,
  "beginner tips": WHERE_TO_START,
  "equipment needed": WHERE_TO_START,
};

export const CONCEPT_FALLBACK: FallbackProse = [HOW_IT_WORKS, IN_PRACTICE, MISUNDERSTANDINGS];
