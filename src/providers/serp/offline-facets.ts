// The intent facets of the offline web. A keyword is an entity (the thing searched for) plus a
// facet read from its modifiers: "aeropress recipe" and "aeropress ratio" are the how-to facet
// of the entity "aeropress", "aeropress price" its buying facet. The same guides rank for one
// facet of one entity, so the offline web gives such keywords most of the same top 10.
//
// | facet       | read from (examples)                                   | pages that rank            |
// |-------------|--------------------------------------------------------|----------------------------|
// | general     | no modifier ("aeropress")                              | a mix, encyclopedia first  |
// | howto       | how to, recipe, ratio, temperature, setup, tips, steps | guides, videos             |
// | buying      | best, review, price, cost, buy, cheap, tools, brands   | reviews, shops, Amazon     |
// | cleaning    | clean, descale, maintenance, care, storage             | care guides, videos        |
// | problems    | problem, troubleshooting, fix, not working, mistakes   | help pages, forums         |
// | comparison  | vs, versus, compare, alternatives, difference          | comparisons, forums        |
// | local       | near me, store near me, nearby, local, open now        | directories, shops         |
// | definitions | what is, meaning, definition, types, history, basics   | encyclopedia, explainers   |
// | health      | benefits, healthy, calories, nutrition, caffeine       | health sites, explainers   |
// | ideas       | ideas, examples, inspiration, templates                | lists, galleries, forums   |
//
// Each facet also sets the economics of its keywords: buying and local searches cost more per
// click, questions about definitions, problems and health get AI Overviews more often.
import { present } from "../../platform/present";

export type FacetId =
  | "general"
  | "howto"
  | "buying"
  | "cleaning"
  | "problems"
  | "comparison"
  | "local"
  | "definitions"
  | "health"
  | "ideas";

export interface Facet {
  id: FacetId;
  /** Words and phrases that mark the facet; "strong" ones win over "weak" ones ("best" in "best aeropress recipe"). */
  strong: readonly string[];
  weak: readonly string[];
  /** Steps of Google's volume scale above (+) or below (-) the entity's own. */
  volumeShift: number;
  /** CPC range in US cents for the facet's keywords. */
  cpcCents: readonly [number, number];
  /** Chance of an AI Overview (questions get more, see offline.ts). */
  aiShare: number;
  /** Site sections its pages live in (decides the title's style). */
  sections: readonly string[];
  /** Chances that each big generic site has a page on the facet's first page. */
  generic: { youtube: number; reddit: number; amazon: number; quora: number };
}

const f = (facet: Facet): Facet => facet;

export const FACETS: readonly Facet[] = [
  f({
    id: "general",
    strong: [],
    weak: [],
    volumeShift: 0,
    cpcCents: [20, 500],
    aiShare: 0.2,
    sections: ["guides", "learn", "reviews", "topics"],
    generic: { youtube: 0.35, reddit: 0.3, amazon: 0.25, quora: 0.1 },
  }),
  f({
    id: "howto",
    strong: [
      "how to",
      "recipe",
      "recipes",
      "ratio",
      "ratios",
      "temperature",
      "instructions",
      "tutorial",
      "tutorials",
      "technique",
      "techniques",
      "method",
      "methods",
      "setup",
      "set up",
      "install",
      "installation",
      "configure",
      "configuration",
      "steps",
      "step by step",
      "diy",
      "make",
      "making",
      "use",
      "using",
      "grind size",
      "dose",
    ],
    weak: ["how", "guide", "guides", "tips", "tip", "tricks", "beginner", "beginners", "beginners guide", "easy", "simple", "quick"],
    volumeShift: -2,
    cpcCents: [10, 180],
    aiShare: 0.45,
    sections: ["guides", "learn", "recipes", "howto"],
    generic: { youtube: 0.8, reddit: 0.35, amazon: 0, quora: 0.1 },
  }),
  f({
    id: "buying",
    strong: [
      "buy",
      "price",
      "prices",
      "pricing",
      "cost",
      "costs",
      "how much",
      "cheap",
      "cheapest",
      "affordable",
      "budget",
      "deal",
      "deals",
      "sale",
      "for sale",
      "discount",
      "coupon",
      "review",
      "reviews",
      "rated",
      "worth it",
      "brands",
      "tools",
      "software",
      "equipment",
      "gear",
      "supplies",
      "kit",
      "apps",
    ],
    weak: ["best", "top", "recommended", "good"],
    volumeShift: -1,
    cpcCents: [60, 1500],
    aiShare: 0.12,
    sections: ["reviews", "shop", "best", "compare"],
    generic: { youtube: 0.35, reddit: 0.45, amazon: 0.75, quora: 0.05 },
  }),
  f({
    id: "cleaning",
    strong: [
      "how to store",
      "clean",
      "cleaning",
      "cleaner",
      "descale",
      "descaling",
      "maintenance",
      "maintain",
      "care",
      "wash",
      "washing",
      "storage",
      "upkeep",
    ],
    weak: [],
    volumeShift: -4,
    cpcCents: [10, 160],
    aiShare: 0.4,
    sections: ["care", "guides", "howto"],
    generic: { youtube: 0.7, reddit: 0.3, amazon: 0.15, quora: 0.05 },
  }),
  f({
    id: "problems",
    strong: [
      "common mistakes",
      "problem",
      "problems",
      "troubleshooting",
      "troubleshoot",
      "fix",
      "fixing",
      "not working",
      "broken",
      "leaking",
      "leak",
      "error",
      "errors",
      "issue",
      "issues",
      "repair",
      "mistakes",
      "mistake",
      "fail",
      "failing",
    ],
    weak: ["why"],
    volumeShift: -5,
    cpcCents: [10, 200],
    aiShare: 0.55,
    sections: ["help", "troubleshooting", "guides"],
    generic: { youtube: 0.5, reddit: 0.7, amazon: 0, quora: 0.2 },
  }),
  f({
    id: "comparison",
    strong: ["vs", "versus", "compare", "compared", "comparison", "alternative", "alternatives", "difference", "differences", "or"],
    weak: ["better"],
    volumeShift: -4,
    cpcCents: [30, 700],
    aiShare: 0.35,
    sections: ["compare", "versus", "reviews"],
    generic: { youtube: 0.4, reddit: 0.6, amazon: 0, quora: 0.3 },
  }),
  f({
    id: "local",
    strong: [
      "store near me",
      "stores near me",
      "shop near me",
      "shops near me",
      "near me",
      "nearby",
      "near",
      "local",
      "open now",
      "closest",
      "delivery",
    ],
    weak: [],
    volumeShift: -2,
    cpcCents: [80, 1200],
    aiShare: 0.03,
    sections: ["places", "directory", "locations"],
    generic: { youtube: 0, reddit: 0.2, amazon: 0, quora: 0 },
  }),
  f({
    id: "definitions",
    strong: [
      "what is",
      "what are",
      "meaning",
      "definition",
      "define",
      "types",
      "type of",
      "types of",
      "kinds of",
      "history",
      "explained",
      "basics",
      "101",
      "introduction",
    ],
    weak: ["what"],
    volumeShift: -2,
    cpcCents: [10, 120],
    aiShare: 0.6,
    sections: ["learn", "glossary", "explained"],
    generic: { youtube: 0.4, reddit: 0.15, amazon: 0, quora: 0.45 },
  }),
  f({
    id: "health",
    strong: [
      "benefits",
      "benefit",
      "healthy",
      "health",
      "calories",
      "calorie",
      "nutrition",
      "nutritional",
      "caffeine",
      "protein",
      "side effects",
      "safe",
      "safety",
      "risks",
    ],
    weak: [],
    volumeShift: -3,
    cpcCents: [20, 400],
    aiShare: 0.55,
    sections: ["health", "nutrition", "learn"],
    generic: { youtube: 0.3, reddit: 0.25, amazon: 0, quora: 0.3 },
  }),
  f({
    id: "ideas",
    strong: ["ideas", "idea", "examples", "example", "inspiration", "templates", "template", "list"],
    weak: [],
    volumeShift: -3,
    cpcCents: [10, 250],
    aiShare: 0.3,
    sections: ["ideas", "inspiration", "lists"],
    generic: { youtube: 0.5, reddit: 0.35, amazon: 0, quora: 0.1 },
  }),
];

const BY_ID = new Map(FACETS.map((facet) => [facet.id, facet]));

/** The facet of an id: FACETS has one of each. */
export function facetById(id: FacetId): Facet {
  return present(BY_ID.get(id), "a facet of the table");
}

/** When a keyword has strong words of two facets, the more specific facet wins. */
const PRECEDENCE: readonly FacetId[] = ["comparison", "local", "problems", "cleaning", "health", "buying", "ideas", "howto", "definitions"];

/** Words that narrow a search without changing what it is about or what it is for. */
export const QUALIFIERS: ReadonlySet<string> = new Set(
  (
    "home homemade house office kids kid children men women man woman adults students family travel " +
    "online new latest today now ultimate complete 2023 2024 2025 2026 2027 small large mini big " +
    "professional beginner's at in on for with without of the a an to and"
  ).split(" "),
);

interface Marker {
  words: string[];
  facet: FacetId;
  strong: boolean;
}

/** Phrase -> facet, by first word, longest phrases first, so "how to" is read before "how". */
const MARKERS = new Map<string, Marker[]>();
for (const marker of FACETS.flatMap((facet) => [
  ...facet.strong.map((m) => ({ words: m.split(" "), facet: facet.id, strong: true })),
  ...facet.weak.map((m) => ({ words: m.split(" "), facet: facet.id, strong: false })),
]).sort((a, b) => b.words.length - a.words.length)) {
  const first = present(marker.words[0], "the first word of a marker");
  const list = MARKERS.get(first) ?? [];
  list.push(marker);
  MARKERS.set(first, list);
}

export interface FacetReading {
  facet: FacetId;
  /** Indexes of the tokens that are facet words (not part of the entity). */
  used: Set<number>;
}

/** The facet of a tokenized keyword and which of its tokens say so. */
export function readFacet(tokens: readonly string[]): FacetReading {
  const used = new Set<number>();
  const strong = new Set<FacetId>();
  const weak = new Set<FacetId>();
  for (const [i, token] of tokens.entries()) {
    if (used.has(i)) continue;
    for (const marker of MARKERS.get(token) ?? []) {
      const n = marker.words.length;
      if (i + n > tokens.length || marker.words.some((w, k) => tokens[i + k] !== w || used.has(i + k))) continue;
      for (let k = 0; k < n; k++) used.add(i + k);
      (marker.strong ? strong : weak).add(marker.facet);
      break;
    }
  }
  const pick = (set: Set<FacetId>) => PRECEDENCE.find((id) => set.has(id));
  const facet = pick(strong) ?? pick(weak) ?? "general";
  return { facet, used };
}

/** Every word of the facet tables, for the checks that generated names use no other word. */
export function facetWords(): Set<string> {
  return new Set(FACETS.flatMap((facet) => [...facet.strong, ...facet.weak]).flatMap((m) => m.split(" ")));
}
