// Which searches the offline simulator may put around a seed, by the seed's class
// (offline-subject.ts). Written as data, one table per class, because the point is what each
// class must never get: a condition ("adhd"), a person or profession ("lawyer", "tree surgeon")
// and a profession's work ("coaching", "visa applications") are never offered as something to
// buy, price, find "near me" or visit; only things one holds (products), eats (food) or goes to
// (places, stays) get buying and visiting words; software gets pricing, alternatives and setup;
// a seed whose class is unknown gets only words that fit any subject.
//
// Placeholders: {x} the seed as typed (modifiers go around the whole seed, never inside it);
// {a} "a"/"an" and the seed with its head singular ("a lawyer"); {s} the seed without its
// place ("tree surgeon" of "tree surgeon in bristol"); {vs} a sister term from WordNet (the
// keyword is left out when the seed has none); {is} and {does} agree with a plural seed ("what
// are visa applications"). Questions are People Also Ask entries, written as Google shows
// them: a capital first letter and a question mark.
import type { SeedClass } from "./offline-subject";

export interface ClassModifiers {
  /** Keywords around the seed, the likelier searches first. */
  keywords: readonly string[];
  /** People Also Ask questions. */
  questions: readonly string[];
  /** Words that narrow any of its keywords once more ("adhd symptoms in adults"). */
  narrowers: readonly string[];
}

// The searches any subject has: nothing in them says what the subject is.
const NEUTRAL: ClassModifiers = {
  keywords: [
    "what {is} {x}",
    "{x} guide",
    "{x} examples",
    "{x} tips",
    "how {does} {x} work",
    "{x} explained",
    "{x} meaning",
    "{x} vs {vs}",
    "{x} for beginners",
    "{x} pros and cons",
  ],
  questions: [
    "What {is} {x}?",
    "How {does} {x} work?",
    "What are some examples of {x}?",
    "What are the pros and cons of {x}?",
    "Where do I start with {x}?",
  ],
  narrowers: [],
};

// What people look for about a person they may hire, or a profession they may join: the work,
// the credentials, the choice. A person is hired, never bought.
const PERSON: ClassModifiers = {
  keywords: [
    "what does {a} do",
    "how to become {a}",
    "how to choose {a}",
    "questions to ask {a}",
    "{x} qualifications",
    "{x} training",
    "{x} salary",
    "{x} job description",
    "{x} skills",
    "{x} certification",
    "when do you need {a}",
    "{x} vs {vs}",
  ],
  questions: [
    "What does {a} do?",
    "How do I become {a}?",
    "What qualifications does {a} need?",
    "What should I ask {a}?",
    "How do I choose {a}?",
    "Is {a} a good career?",
  ],
  narrowers: [],
};

// A person hired near a place ("tree surgeon in bristol", "plumber bristol"): the place stays,
// it is why the search was typed; the choice, the credentials and the booking, never a price.
const LOCAL_PERSON: ClassModifiers = {
  keywords: [
    "how to choose {a}",
    "questions to ask {a}",
    "{x} qualifications",
    "{x} recommendations",
    "{x} accreditation",
    "{x} opening hours",
    "{x} contact",
    "{x} jobs",
  ],
  questions: [
    "How do I choose a good {s}?",
    "What qualifications should {a} have?",
    "What questions should I ask {a}?",
    "How far in advance should I book {a}?",
  ],
  narrowers: [],
};

/** Work booked near a place ("crane hire leeds", "blow dry bar manchester"): as a person's, with no one to name. */
export const LOCAL_WORK: ClassModifiers = {
  keywords: [
    "{x} opening hours",
    "how to book {x}",
    "{x} appointments",
    "{x} recommendations",
    "{x} accreditation",
    "{x} contact",
    "{x} requirements",
    "what to expect from {x}",
    "{x} jobs",
  ],
  questions: [
    "What should I expect from {s}?",
    "How do I book {s}?",
    "How far in advance should I book {s}?",
    "What do I need to know before booking {s}?",
  ],
  narrowers: [],
};

export const MODIFIERS: Readonly<Record<SeedClass, ClassModifiers>> = {
  // A condition of body or mind: what it is, how it shows, how it is found and treated.
  condition: {
    keywords: [
      "{x} symptoms",
      "what {is} {x}",
      "{x} causes",
      "{x} treatment",
      "{x} diagnosis",
      "{x} test",
      "{x} in adults",
      "{x} in children",
      "{x} signs",
      "{x} vs {vs}",
      "living with {x}",
      "{x} risk factors",
      "{x} support",
      "is {x} genetic",
    ],
    questions: [
      "What are the first signs of {x}?",
      "What causes {x}?",
      "How is {x} diagnosed?",
      "How is {x} treated?",
      "Who can diagnose {x}?",
      "Is {x} hereditary?",
    ],
    narrowers: ["in adults", "in women", "in children"],
  },
  person: PERSON,
  // A profession's work ("coaching", "tree surgery"): what it is, how it runs, who may do it.
  work: {
    keywords: [
      "what {is} {x}",
      "how {does} {x} work",
      "{x} process",
      "{x} qualifications",
      "{x} training",
      "{x} course",
      "how to get into {x}",
      "{x} explained",
      "{x} requirements",
      "{x} checklist",
      "{x} examples",
      "{x} certification",
      "what to expect from {x}",
      "{x} vs {vs}",
    ],
    questions: [
      "What {is} {x}?",
      "How {does} {x} work?",
      "What qualifications do you need for {x}?",
      "What should I expect from {x}?",
      "How long {does} {x} take?",
      "How do I get into {x}?",
    ],
    narrowers: [],
  },
  // A pastime: starting, improving, staying safe.
  activity: {
    keywords: [
      "what {is} {x}",
      "{x} for beginners",
      "how to start {x}",
      "{x} tips",
      "{x} techniques",
      "{x} clubs",
      "{x} safety",
      "is {x} hard",
      "{x} rules",
      "{x} lessons",
      "{x} vs {vs}",
      "history of {x}",
    ],
    questions: [
      "How do I get started with {x}?",
      "Is {x} hard to learn?",
      "How long does it take to learn {x}?",
      "Is {x} safe for beginners?",
      "What do you need for {x}?",
    ],
    narrowers: ["for beginners"],
  },
  // Things one holds: the only class, with food and places, that is bought.
  product: {
    keywords: [
      "best {x}",
      "{x} price",
      "buy {x}",
      "{x} reviews",
      "cheap {x}",
      "how to use {x}",
      "types of {x}",
      "{x} near me",
      "how to choose {x}",
      "how to clean {x}",
      "{x} vs {vs}",
      "{x} brands",
      "{x} for sale",
      "{x} sizes",
    ],
    questions: [
      "What are the best {x}?",
      "How do I choose {x}?",
      "Where can I buy {x}?",
      "What are the different types of {x}?",
      "How do you clean {x}?",
    ],
    narrowers: [],
  },
  food: {
    keywords: [
      "{x} recipe",
      "how to make {x}",
      "easy {x}",
      "{x} ingredients",
      "best {x}",
      "{x} calories",
      "healthy {x}",
      "{x} near me",
      "vegetarian {x}",
      "what to serve with {x}",
      "how to store {x}",
      "{x} nutrition",
      "{x} vs {vs}",
    ],
    questions: [
      "How do you make {x}?",
      "What goes well with {x}?",
      "How long does {x} keep in the fridge?",
      "Can you freeze {x}?",
      "What are the ingredients in {x}?",
    ],
    narrowers: [],
  },
  software: {
    keywords: [
      "{x} pricing",
      "best {x}",
      "{x} alternatives",
      "free {x}",
      "{x} setup",
      "{x} features",
      "{x} integrations",
      "how to use {x}",
      "{x} tutorial",
      "open source {x}",
      "{x} for small business",
      "{x} vs {vs}",
      "what {is} {x}",
    ],
    questions: [
      "What is the best {x}?",
      "Is there a free {x}?",
      "How do I set up {x}?",
      "What are the alternatives to {x}?",
      "How much does {x} cost?",
    ],
    narrowers: ["for teams"],
  },
  // A place one visits: what to do there, when to go, how to get there.
  place: {
    keywords: [
      "things to do in {x}",
      "where to stay in {x}",
      "{x} weather",
      "best time to visit {x}",
      "{x} map",
      "how to get to {x}",
      "{x} hotels",
      "{x} attractions",
      "{x} restaurants",
      "{x} history",
      "{x} itinerary",
      "{x} day trip",
    ],
    questions: [
      "What {is} {x} famous for?",
      "How many days do you need in {x}?",
      "When is the best time to visit {x}?",
      "How do I get to {x}?",
      "Is {x} worth visiting?",
    ],
    narrowers: [],
  },
  // Somewhere to stay (hotels, cottages, resorts): booked and paid for.
  stay: {
    keywords: [
      "best {x}",
      "cheap {x}",
      "{x} deals",
      "{x} reviews",
      "luxury {x}",
      "pet friendly {x}",
      "{x} with parking",
      "{x} for families",
      "{x} booking",
      "last minute {x}",
    ],
    questions: [
      "When is the cheapest time to book {x}?",
      "How far in advance should I book {x}?",
      "Which {x} are best for families?",
      "Which {x} allow pets?",
    ],
    narrowers: ["for families"],
  },
  // A place of business one goes to for a service (a salon, a bar): opening hours and booking, no prices.
  venue: {
    keywords: [
      "what is {a}",
      "{x} opening hours",
      "how to book {x}",
      "what to expect at {a}",
      "{x} etiquette",
      "{x} tips",
      "{x} guide",
      "{x} vs {vs}",
    ],
    questions: ["What is {a}?", "What should I expect at {a}?", "Do I need to book {a}?", "How long does a visit to {a} take?"],
    narrowers: [],
  },
  // A collection of recipes ("pot roast recipes"): the cook's choices; the questions are about the dish ({s}).
  recipes: {
    keywords: [
      "easy {x}",
      "best {x}",
      "healthy {x}",
      "quick {x}",
      "{x} for dinner",
      "vegetarian {x}",
      "traditional {x}",
      "{x} for beginners",
      "{x} for a crowd",
      "simple {x}",
    ],
    questions: [
      "How do you make {s}?",
      "What goes well with {s}?",
      "Can you freeze {s}?",
      "What is the secret to a good {s}?",
      "How long does {s} keep in the fridge?",
    ],
    narrowers: [],
  },
  // An idea: what it says, its examples, its critics and books.
  idea: {
    keywords: [
      "what {is} {x}",
      "{x} explained",
      "{x} examples",
      "{x} definition",
      "{x} books",
      "criticism of {x}",
      "history of {x}",
      "{x} for beginners",
      "principles of {x}",
      "{x} vs {vs}",
      "{x} in everyday life",
    ],
    questions: [
      "What {is} {x} in simple terms?",
      "What are some examples of {x}?",
      "Who came up with {x}?",
      "What are the main ideas of {x}?",
      "Why is {x} important?",
    ],
    narrowers: ["for beginners"],
  },
  // A person's table; work booked near a place has LOCAL_WORK (offline-discovery.ts picks).
  "local service": LOCAL_PERSON,
  unknown: NEUTRAL,
};

/**
 * Buying and visiting words. A seed that names a condition anywhere ("diabetes socks") loses
 * every keyword holding one, whatever its class: health is not sold by the offline world.
 */
export const MONEY_WORDS: readonly string[] = [
  "best",
  "buy",
  "price",
  "pricing",
  "cost",
  "cheap",
  "deals",
  "for sale",
  "near me",
  "brands",
  "reviews",
  "luxury",
  "last minute",
  "booking",
];
