// Advice for food and recipe subjects (subject-class.ts): ingredients, method, timing, leftovers
// and serving, where the general tables would speak of buying sizes and cleaning schedules.
// Generic by design, with the same slots as every table (aspect-prose-type.ts). The keeping
// times are the usual home food-safety guidance for cooked dishes.
import type { AspectProse, FallbackProse } from "./aspect-prose-type";

const INGREDIENTS: AspectProse = {
  heading: "What You Need for {S}",
  points: [
    "List the ingredients for {s} with quantities, marking which can be swapped.",
    "Name the pans and tools that make {s} easier, and what to use instead.",
  ],
  sentences: [
    "Weigh and prepare every ingredient for {s} before the heat goes on, because most of the steps leave no time to chop or measure.",
    "Spend on the one or two ingredients that carry the flavour of {s}, and save on the rest.",
    "When an ingredient for {s} is hard to find, swap it for one that plays the same part: a fat for a fat, an acid for an acid, a starch for a starch.",
    "A heavy pan that holds heat evenly makes {s} more forgiving than a thin one, which scorches in patches.",
  ],
};

const METHOD: AspectProse = {
  heading: "How to Make {S}, Step by Step",
  points: [
    "Give the method for {s} as numbered steps, with the heat, the time and what to look for at each.",
    "Say which step decides whether {s} {turn/turns} out well.",
  ],
  sentences: [
    "Write each step for {s} with a sign of doneness as well as a time: hobs, ovens and pans differ, and colour, texture and smell are more reliable than the clock.",
    "Season {s} in stages and taste as you go; salt added only at the end sits on the surface instead of seasoning the dish.",
    "Let {s} rest for a few minutes after cooking where the recipe allows, so the texture settles before serving.",
    "Read the whole recipe for {s} before starting, so that a marinade, a soak or an oven that needs heating does not come as a surprise.",
  ],
};

const TIMING: AspectProse = {
  heading: "How Long {S} {Take/Takes}, and What Can Be Done Ahead",
  points: ["Give the hands-on time and the total time for {s} separately.", "Say which parts of {s} can be made ahead."],
  sentences: [
    "Separate the hands-on time for {s} from the waiting time, because a long total often hides a short amount of actual work.",
    "Any sauce, marinade or chopping for {s} that keeps overnight can be done the day before, which turns a weekend recipe into a weeknight one.",
    "Slow, gentle cooking gives {s} a different result from a hot, fast one; choose the method by the texture wanted, not only by the time available.",
    "Decide when {s} {need/needs} to be on the table and count back through each stage, with a margin for the oven or the pan to come up to heat.",
  ],
};

const MISTAKES: AspectProse = {
  heading: "Common Mistakes With {S}, and How to Fix Them",
  points: [
    "List the mistakes that most often spoil {s}, with the fix for each.",
    "Say which mistakes with {s} can still be rescued once made.",
  ],
  sentences: [
    "Crowding the pan is a common way to spoil {s}: food steams instead of browning, so cook in batches when the pan is full.",
    "Under-seasoning is the most frequent complaint about {s}; a pinch of salt or a squeeze of acid at the end often lifts a flat result.",
    "Turning the heat up to save time tends to overcook the outside of {s} before the inside is ready.",
    "Serving {s} straight from the heat, without the rest the recipe asks for, loses juices and texture at the table.",
  ],
};

const LEFTOVERS: AspectProse = {
  heading: "Keeping, Freezing and Reheating {S}",
  points: ["Say how long {s} {keep/keeps} in the fridge and whether it freezes well.", "Explain how to reheat {s} without drying it out."],
  sentences: [
    "Cool leftover {s} quickly and refrigerate it within two hours of cooking; most cooked dishes keep for three to four days in the fridge.",
    "Freeze {s} in amounts for one meal, so only what is needed is thawed and nothing is frozen twice.",
    "Reheat {s} gently, with a splash of liquid and a lid where it suits, until it is piping hot all the way through.",
    "Label frozen {s} with the date; most cooked food keeps its quality for two to three months in the freezer.",
  ],
};

const SERVING: AspectProse = {
  heading: "Ways to Serve {S}, and Variations to Try",
  points: ["Suggest sides and drinks that suit {s}.", "Give two or three variations of {s} for different tastes or seasons."],
  sentences: [
    "Pair {s} with something fresh or sharp, such as a crisp salad or a quick pickle, to balance a rich main.",
    "A variation of {s} with a seasonal vegetable keeps the recipe interesting through the year without learning a new method.",
    "For a cheaper version of {s}, stretch the most expensive ingredient with beans, grains or vegetables that carry the same flavours.",
    "Cook a double batch of {s} when time allows; the second half becomes a ready meal for a busy evening.",
  ],
};

/**
 * Food advice per aspect: equipment becomes ingredients, storage becomes leftovers, ideas become
 * serving. One aspect for each piece of advice within a guide's aspects (aspectsOfFacet), so that
 * no two sections of one article say the same.
 */
export const FOOD_PROSE: Readonly<Record<string, AspectProse>> = {
  "equipment needed": INGREDIENTS,
  "step-by-step method": METHOD,
  timing: TIMING,
  "common mistakes": MISTAKES,
  storage: LEFTOVERS,
  "quick ideas": SERVING,
  "common uses": SERVING,
};

export const FOOD_FALLBACK: FallbackProse = [METHOD, INGREDIENTS, MISTAKES];
