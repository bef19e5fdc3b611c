// Titles, snippets and AI answers for the offline web, written from templates so they read
// like results about the keyword. A page's template is chosen by its URL, so the same page
// keeps the same style whichever keyword it ranks for.
import { phraseFor, type KeywordInfo } from "./offline-keywords";
import type { Page } from "./offline-web";
import { hashString, rngFrom, type Rng } from "./prng";

const FACETS = [
  "price",
  "quality",
  "durability",
  "comfort",
  "ease of use",
  "safety",
  "maintenance",
  "sizing",
  "features",
  "value for money",
  "common mistakes",
  "alternatives",
  "pros and cons",
  "expert tips",
  "how it works",
  "running costs",
  "benefits",
  "drawbacks",
] as const;

const SMALL_WORDS = new Set(["a", "an", "the", "for", "of", "and", "with", "without", "to", "in", "on", "or"]);

function titleCase(text: string): string {
  return text
    .split(" ")
    .map((w, i) => (i > 0 && SMALL_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function facets(rng: Rng, count: number): string[] {
  return rng.shuffle(FACETS).slice(0, count);
}

function choose<T>(templates: readonly T[], seed: string): T {
  return templates[hashString(seed) % templates.length] as T;
}

type TitleTemplate = (phrase: string, site: string, n: number) => string;

const ARTICLE_TITLES: Record<string, readonly TitleTemplate[]> = {
  guides: [(p, s) => `${p}: The Complete Guide | ${s}`, (p, s) => `A Beginner's Guide to ${p} - ${s}`],
  reviews: [(p, s, n) => `The ${n} Best ${p}, Tested and Reviewed | ${s}`, (p, s) => `${p} Reviews: Our Top Picks - ${s}`],
  learn: [(p) => `${p}: What You Need to Know`, (p, s) => `${p} Explained Simply | ${s}`],
  compare: [(p, s) => `${p} Compared: Pros, Cons and Prices | ${s}`, (p) => `${p}: Which One Should You Choose?`],
  shop: [(p, s) => `${p} | Shop Online | ${s}`, (p, s) => `Buy ${p} Online - Free Delivery | ${s}`],
  articles: [(p, s, n) => `${n} Things to Know About ${p} - ${s}`, (p, s) => `Why ${p} Matters More Than You Think | ${s}`],
  resources: [(p, s) => `${p} Resources, Tools and Tips | ${s}`, (p) => `${p}: Checklists and Templates`],
  topics: [(p, s) => `${p}: News, Advice and Ideas | ${s}`, (p, s) => `Everything ${p} | ${s}`],
};

/** The page's title as it shows for this keyword (the keyword's own word forms). */
export function titleFor(page: Page, keyword: KeywordInfo): string {
  const phrase = phraseFor(keyword, page.stems);
  const title = titleCase(phrase);
  const n = 5 + (hashString(page.url) % 11);
  switch (page.kind) {
    case "wikipedia":
      return `${sentenceCase(phrase)} - Wikipedia`;
    case "youtube":
      return choose(
        [
          `${title} Explained (Beginner's Guide) - YouTube`,
          `Watch This Before You Choose ${title} - YouTube`,
          `${title}: Everything You Need to Know - YouTube`,
        ],
        page.url,
      );
    case "reddit":
      return choose([`Which ${phrase} do you recommend? : ${page.siteName}`, `Honest thoughts on ${phrase}? : ${page.siteName}`], page.url);
    case "amazon":
      return `Amazon.com: ${phrase}`;
    case "quora":
      return `What should I know about ${phrase}? - Quora`;
    case "keyword": {
      const own = titleCase(keyword.normalized);
      return keyword.question ? `${own.replace(/\?$/, "")}? Here's the Answer | ${page.siteName}` : `${own} | ${page.siteName}`;
    }
    case "article": {
      const templates = ARTICLE_TITLES[page.section] ?? ARTICLE_TITLES.guides ?? [];
      return choose(templates, page.url)(title, page.siteName, n);
    }
  }
}

/** Google shows a snippet that fits the search, so this one depends on the keyword too. */
export function snippetFor(page: Page, keyword: KeywordInfo): string {
  const phrase = phraseFor(keyword, page.stems);
  const rng = rngFrom("snippet", page.url, keyword.normalized);
  const [a, b, c] = facets(rng, 3);
  switch (page.kind) {
    case "wikipedia":
      return `${sentenceCase(phrase)} covers a range of topics, including its history, ${a} and ${b}. This article describes the main types and how they are used.`;
    case "youtube":
      return `In this video we walk through ${phrase}: ${a}, ${b} and ${c}, with real examples and a quick summary at the end.`;
    case "reddit":
      return `I've been reading about ${phrase} for weeks. Most replies say ${a} matters more than ${b}, but a few people disagree. What worked for you?`;
    case "amazon":
      return `Results for ${phrase}. Compare ${a} and ${b} across top-rated options, with fast delivery on eligible orders.`;
    case "quora":
      return `Answer (1 of ${rng.int(3, 40)}): The short version is that ${phrase} depends mostly on ${a} and ${b}. Here is what I learned from experience.`;
    case "keyword":
      return `${sentenceCase(keyword.normalized)}: we answer it step by step, looking at ${a}, ${b} and ${c}, with tips from people who have done it.`;
    case "article":
      return choose(
        [
          `Looking for ${phrase}? We compared ${a}, ${b} and ${c} so you can choose with confidence.`,
          `Our guide to ${phrase} explains ${a} and ${b}, plus ${c} you should know before you decide.`,
          `${sentenceCase(phrase)} at a glance: ${a}, ${b}, ${c} and answers to the most common questions.`,
        ],
        page.url,
      );
  }
}

/** The text of a synthesized AI answer about the keyword. */
export function aiAnswerText(keyword: KeywordInfo, variant: "overview" | "mode"): string {
  const rng = rngFrom("ai-text", variant, keyword.normalized);
  const [a, b, c] = facets(rng, 3);
  const subject = keyword.normalized.replace(/\?+$/, "");
  const opening = keyword.question
    ? `The answer to "${subject}" depends mainly on ${a} and ${b}.`
    : `${sentenceCase(subject)} is usually judged on ${a}, ${b} and ${c}.`;
  const middle = `Sources agree that ${c} is worth checking first, and that ${a} varies more than most people expect.`;
  const closing =
    variant === "mode"
      ? `If you share more about your situation, the comparison can be narrowed to the options that fit it best.`
      : `Comparing a few options side by side is the quickest way to decide.`;
  return `${opening} ${middle} ${closing}`;
}
