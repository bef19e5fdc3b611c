// The offline simulator of the pages that rank (PAGE_SOURCE=dataforseo while SERP_PROVIDER=
// offline). The offline web's addresses spell an entity and a facet (offline-web.ts); any other
// address still has words in its path. The simulated page says only what the simulator already
// says about those words, so it invents no claim and no figure: its title is the address's
// words, its headings are the entity's People Also Ask questions and search suggestions (which
// offline-discovery.ts keeps harmless: no buying, price or "near me" for a condition or a
// profession), and its text is those headings and nothing else. Its word count stands for the
// length of the page it simulates, drawn from the seeded generator, so it is larger than the
// short text kept. Same address, same page, on every machine.
import type { PageContent, PageHeading, PageOutcome, PageReader } from "./types";
import { pageAddress, PageReadError } from "./read-error";
import { cancelled } from "../serp/concurrency";
import { peopleAlsoAskFor } from "../serp/offline-discovery";
import { offlineAutocomplete } from "../serp/offline-labs";
import { URL_SUFFIX } from "../serp/offline-web";
import { rngFrom, type Rng } from "../serp/prng";

const MAX_WORDS = 8;
const SUGGESTIONS = 12;
/** Facet words an offline address ends with ("aeropress-guide"): part of the title, not of the entity. */
const FACET_ENDINGS: string[][] = Object.values(URL_SUFFIX)
  .filter((suffix) => suffix !== "")
  .map((suffix) => suffix.slice(1).split("-"));

/** Path words that name a site's structure, not a subject ("/watch?v=...", "/search?q=..."). */
const STRUCTURAL = new Set(["watch", "search", "index", "home", "default", "page", "post", "posts", "article", "articles", "blog", "s"]);

/** A segment's words: letters only, no ids or figures, file extensions dropped. */
function wordsOf(segment: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    decoded = segment;
  }
  return decoded
    .replace(/\.(s?html?|php|aspx?|jsp)$/i, "")
    .toLowerCase()
    .split(/[\s\-_+.,:;/]+/)
    .filter((token) => /^\p{L}{2,}$/u.test(token) || token === "a");
}

/**
 * The words an address is about: its last path segment that has any, else a query value (a
 * site search's "k" or "q"), else the host's name ("example" of www.example.com).
 */
function addressWords(url: URL): string[] {
  const segments = url.pathname.split("/").filter(Boolean).reverse();
  for (const segment of segments) {
    const words = wordsOf(segment);
    if (words.some((word) => !STRUCTURAL.has(word))) return words.slice(0, MAX_WORDS);
  }
  for (const value of url.searchParams.values()) {
    const words = wordsOf(value);
    if (words.length > 0) return words.slice(0, MAX_WORDS);
  }
  const labels = url.hostname.replace(/^www\./, "").split(".");
  return wordsOf(labels.length > 1 ? labels.slice(0, -1).join(" ") : (labels[0] ?? "")).slice(0, MAX_WORDS);
}

/** The entity's words: the address's words without the facet ending the offline web adds. */
function entityWords(words: string[]): string[] {
  for (const ending of FACET_ENDINGS) {
    const tail = words.slice(-ending.length);
    if (words.length > ending.length && tail.join(" ") === ending.join(" ")) return words.slice(0, -ending.length);
  }
  return words;
}

const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** Headings say no figure: a template with one is left out. */
const figureFree = (text: string): boolean => !/\d/.test(text);

/** Words of the page simulated: a plausible length for its kind of site. */
function simulatedWordCount(url: URL, rng: Rng): number {
  const host = url.hostname.replace(/^www\./, "");
  if (host.endsWith("wikipedia.org")) return rng.int(1500, 6000);
  if (host === "youtube.com") return rng.int(150, 600);
  if (host === "reddit.com" || host === "quora.com") return rng.int(300, 1500);
  if (host === "amazon.com") return rng.int(400, 1200);
  return rng.int(700, 2800);
}

/** H2 sections from the questions, some with H3s from the suggestions, in a seeded order. */
function headingsFor(title: string, seed: string, rng: Rng): PageHeading[] {
  const questions = peopleAlsoAskFor(seed).filter(figureFree);
  const suggestions = offlineAutocomplete({ seed, country: "us", language: "en", limit: SUGGESTIONS })
    .slice(1)
    .filter(figureFree)
    .map(sentence);
  const headings: PageHeading[] = [{ level: 1, text: title }];
  const sections = rng.shuffle(questions).slice(0, rng.int(Math.min(2, questions.length), questions.length));
  const subs = rng.shuffle(suggestions);
  for (const section of sections) {
    headings.push({ level: 2, text: section });
    for (let i = rng.int(0, 2); i > 0 && subs.length > 0; i--) headings.push({ level: 3, text: subs.shift() as string });
  }
  // A page with few questions closes on its suggestions.
  if (sections.length < 3) for (const sub of subs.slice(0, 3 - sections.length)) headings.push({ level: 2, text: sub });
  return headings;
}

function offlinePage(url: string, fetchedAt: Date): PageContent {
  const address = pageAddress(url);
  const words = addressWords(address);
  const rng = rngFrom("offline-page", address.href);
  const title = words.length > 0 ? sentence(words.join(" ")) : address.hostname;
  const seed = entityWords(words).join(" ");
  const headings = seed === "" ? [{ level: 1 as const, text: title }] : headingsFor(title, seed, rng);
  return {
    url,
    title,
    headings,
    wordCount: simulatedWordCount(address, rng),
    text: headings.map((h) => h.text).join("\n\n"),
    fetchedAt,
    source: "offline",
  };
}

export class OfflinePageReader implements PageReader {
  readonly source = "offline" as const;

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async read(url: string, options: { signal?: AbortSignal } = {}): Promise<PageOutcome> {
    if (options.signal?.aborted) throw cancelled();
    try {
      return { ok: true, page: offlinePage(url, this.clock()) };
    } catch (err) {
      if (err instanceof PageReadError) return { ok: false, url, error: err.message, transient: err.transient };
      throw err;
    }
  }
}
