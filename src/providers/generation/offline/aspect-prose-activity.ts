// Advice for activities and hobbies (subject-class.ts): the gear to start with, first sessions,
// beginners' mistakes, what it costs to keep going and staying safe, where the general tables
// would speak of buying and caring for one thing. Generic by design, with the same slots as
// every table (aspect-prose-type.ts).
import type { AspectProse, FallbackProse } from "./aspect-prose-type";

const STARTING_GEAR: AspectProse = {
  heading: "The Gear You Need to Start {S}",
  points: [
    "Separate the gear a beginner at {s} needs from what can wait.",
    "Say what can be hired or borrowed for the first sessions of {s}.",
  ],
  sentences: [
    "Hire or borrow the gear for the first few sessions of {s}; it is the cheapest way to learn what you actually want to own.",
    "Spend first on whatever keeps you safe and comfortable during {s}, and upgrade the rest once you know your own style.",
    "Ask experienced people at a local club or centre what they would choose again for {s}, and what they regret choosing.",
    "Advanced gear bought too early can make {s} harder to learn, not easier: it forgives less while the basics are still forming.",
  ],
};

const FIRST_SESSIONS: AspectProse = {
  heading: "Your First Sessions of {S}",
  points: ["Describe what a first session of {s} looks like.", "Give beginners a realistic plan for their first month of {s}."],
  sentences: [
    "A lesson or a guided session is the quickest start in {s}: a coach spots habits that are hard to unlearn later.",
    "Keep early sessions of {s} short and regular; two short sessions a week teach more than one long one a month.",
    "Set one small goal for each session of {s}, such as a technique or a distance, so that progress is visible.",
    "Warm up before {s} and stop before tiredness makes technique sloppy; most beginners' injuries come at the end of a session.",
  ],
};

const BEGINNER_MISTAKES: AspectProse = {
  heading: "Beginner Mistakes in {S}, and How to Avoid Them",
  points: ["List the mistakes beginners at {s} make most often.", "Give the habit that prevents each one."],
  sentences: [
    "Trying to progress too quickly is the most common mistake in {s}; solid basics make every later step easier.",
    "Copying what experts do in {s} without their experience often builds bad habits; ask them why they do it first.",
    "Skipping rest days slows progress in {s}, because both the body and the skills settle between sessions.",
    "Practising only what already feels easy in {s} hides the weak spots; give a part of every session to what feels awkward.",
  ],
};

const RUNNING_COSTS: AspectProse = {
  heading: "What {S} {Cost/Costs} to Start and to Keep Up",
  points: [
    "Give the usual costs of starting {s}: lessons, memberships, gear and travel.",
    "Say how the cost of {s} changes once past the beginner stage.",
  ],
  sentences: [
    "Count the running costs of {s}, such as sessions, memberships, travel and anything used up, not only what is bought on the first day.",
    "Introductory offers and taster sessions are a low-cost way to try {s} before committing to a membership.",
    "Joining a club can cut the cost of {s} through shared gear, group bookings and lifts to venues.",
    "Set a budget for {s} for the first three months, and review it once you know how often you actually go.",
  ],
};

const SAFETY: AspectProse = {
  heading: "Staying Safe in {S}",
  points: ["Give the safety rules every newcomer to {s} should know.", "Say which warning signs mean a session of {s} should stop."],
  sentences: [
    "Learn the safety rules of {s} before the first session, and follow them even when others seem relaxed about them.",
    "Check the conditions before {s}, such as the weather, the venue and your own fitness, and be willing to call a session off.",
    "Tell someone where you are going when {s} {take/takes} you somewhere remote, and when you expect to be back.",
    "Pain that returns session after session of {s} is a sign to rest and get advice, not to push through.",
  ],
};

/** Activity advice per aspect: equipment becomes starting gear, buying becomes running costs. */
export const ACTIVITY_PROSE: Readonly<Record<string, AspectProse>> = {
  "equipment needed": STARTING_GEAR,
  features: STARTING_GEAR,
  "best fit": STARTING_GEAR,
  "step-by-step method": FIRST_SESSIONS,
  "beginner tips": FIRST_SESSIONS,
  "beginner ideas": FIRST_SESSIONS,
  "common mistakes": BEGINNER_MISTAKES,
  price: RUNNING_COSTS,
  "price range": RUNNING_COSTS,
  prices: RUNNING_COSTS,
  "value for money": RUNNING_COSTS,
  "warning signs": SAFETY,
  risks: SAFETY,
};

export const ACTIVITY_FALLBACK: FallbackProse = [FIRST_SESSIONS, STARTING_GEAR, BEGINNER_MISTAKES];
