// The offline web's ranking. Every page is about a "topic" (a set of head-term stems) and its
// URL spells that topic out in its path, so keywords whose head terms are disjoint can never
// share a URL. A keyword's ranking is its topic's list, with a few pages about the topic's
// narrower sub-topics mixed in (so related keywords share some URLs), then nudged by the
// keyword itself (a different order, at most one page swapped), so keywords with the same head
// terms share at least 8 of their top 10.
import { GENERIC_SITES, genericChance, sitePool, type GenericSite, type Site } from "./offline-domains";
import type { KeywordInfo } from "./offline-keywords";
import { hashString, idFrom, rngFrom } from "./prng";

export type PageKind = GenericSite | "article" | "keyword";

export interface Page {
  url: string;
  /** Lowercased host without `www.`. */
  domain: string;
  siteName: string;
  kind: PageKind;
  /** `article` pages: the site section, which decides the title's style. */
  section: string;
  /** The stems the page is about. */
  stems: readonly string[];
}

/** Article sections. "blog" is reserved for keyword pages, which keeps the two kinds apart. */
export const SECTIONS = ["guides", "reviews", "learn", "compare", "shop", "articles", "resources", "topics"] as const;

/** The offline provider answers at most this many results per keyword. */
export const MAX_OFFLINE_DEPTH = 100;

function slugOf(stems: readonly string[]): string {
  return stems.map((s) => encodeURIComponent(s)).join("-");
}

function bareDomain(host: string): string {
  return host.replace(/^www\./, "");
}

function capitalized(stems: readonly string[], joiner: string): string {
  const text = stems.join(joiner);
  return encodeURIComponent(text.charAt(0).toUpperCase() + text.slice(1));
}

function genericPage(site: GenericSite, stems: readonly string[], language: string): Page {
  const slug = slugOf(stems);
  const base = { kind: site, section: site, stems } as const;
  switch (site) {
    case "wikipedia": {
      const lang = /^[a-z]{2,3}$/.test(language) ? language : "en";
      const host = `${lang}.wikipedia.org`;
      return { ...base, url: `https://${host}/wiki/${capitalized(stems, "_")}`, domain: host, siteName: "Wikipedia" };
    }
    case "youtube":
      return {
        ...base,
        url: `https://www.youtube.com/watch?v=${idFrom(11, "youtube", slug)}`,
        domain: "youtube.com",
        siteName: "YouTube",
      };
    case "reddit": {
      const community = stems.find((s) => /^[a-z0-9]{3,20}$/.test(s)) ?? "AskReddit";
      return {
        ...base,
        url: `https://www.reddit.com/r/${community}/comments/${idFrom(7, "reddit", slug)}/${stems.map(encodeURIComponent).join("_")}/`,
        domain: "reddit.com",
        siteName: `r/${community}`,
      };
    }
    case "amazon":
      return {
        ...base,
        url: `https://www.amazon.com/s?k=${stems.map(encodeURIComponent).join("+")}`,
        domain: "amazon.com",
        siteName: "Amazon.com",
      };
    case "quora":
      return {
        ...base,
        url: `https://www.quora.com/What-should-I-know-about-${slug}`,
        domain: "quora.com",
        siteName: "Quora",
      };
  }
}

function articlePage(site: Site, section: string, stems: readonly string[], trailingSlash: boolean): Page {
  return {
    url: `https://${site.host}/${section}/${slugOf(stems)}${trailingSlash ? "/" : ""}`,
    domain: bareDomain(site.host),
    siteName: site.name,
    kind: "article",
    section,
    stems,
  };
}

const pageCache = new Map<string, Page[]>();
const PAGE_CACHE_LIMIT = 20_000;

/**
 * The pages about exactly this topic, best first. The list is a stream: its first k pages are
 * the same whatever length is asked for, which keeps rankings stable across depths (and lets
 * a longer list computed once serve every shorter request).
 */
export function topicPages(stems: readonly string[], count: number, language: string): Page[] {
  const slug = slugOf(stems);
  const key = `${language}\u0000${slug}`;
  const cached = pageCache.get(key);
  if (cached && cached.length >= count) return cached.slice(0, count);
  const pages = buildTopicPages(stems, slug, Math.max(count, 12), language);
  if (pageCache.size >= PAGE_CACHE_LIMIT) pageCache.clear();
  pageCache.set(key, pages);
  return pages.slice(0, count);
}

function buildTopicPages(stems: readonly string[], slug: string, count: number, language: string): Page[] {
  const rng = rngFrom("topic-pages", slug);
  // Where the generic sites rank, decided up front with a fixed number of draws.
  const genericAt = new Map<number, GenericSite>();
  for (const site of GENERIC_SITES) {
    const present = rng.chance(genericChance(site, stems.length));
    const preferred = site === "wikipedia" ? rng.int(0, 3) : rng.int(0, 9);
    if (!present) continue;
    let at = preferred;
    while (genericAt.has(at)) at += 1;
    genericAt.set(at, site);
  }
  const sites = sitePool(stems);
  const pages: Page[] = [];
  let siteIndex = 0;
  for (let i = 0; i < count; i++) {
    const generic = genericAt.get(i);
    if (generic) {
      pages.push(genericPage(generic, stems, language));
      continue;
    }
    // Past the end of the pool, sites come round again under another section: still unique.
    const site = sites[siteIndex % sites.length] as Site;
    const round = Math.floor(siteIndex / sites.length);
    const h = hashString(`${site.host}|${slug}`);
    const section = SECTIONS[(h + round) % SECTIONS.length] as string;
    pages.push(articlePage(site, section, stems, (h & 1) === 1));
    siteIndex += 1;
  }
  return pages;
}

/** Up to three narrower topics (one head term left out) and how many of their pages join. */
function subTopics(stems: readonly string[]): Array<{ stems: string[]; take: number }> {
  if (stems.length < 2) return [];
  const all = stems.map((_, skip) => stems.filter((__, i) => i !== skip));
  const chosen = rngFrom("subtopics", slugOf(stems)).shuffle(all).slice(0, 3);
  const takes = [2, 2, 1];
  return chosen.map((s, i) => ({ stems: s, take: takes[i] as number }));
}

/**
 * The topic's ranking, `count` long: its own pages, with the sub-topics' best pages placed
 * within the first nine positions (so a keyword nudge cannot push them out of the top 10).
 */
export function topicRanking(stems: readonly string[], count: number, language: string): Page[] {
  const borrowed = subTopics(stems).flatMap(({ stems: sub, take }) => topicPages(sub, take, language));
  const rng = rngFrom("topic-ranking", slugOf(stems));
  const slots = rng.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8]).slice(0, borrowed.length).sort((a, b) => a - b);
  const own = topicPages(stems, count, language);
  const ranking: Page[] = [];
  let ownIndex = 0;
  let borrowedIndex = 0;
  for (let i = 0; i < count; i++) {
    if (slots[borrowedIndex] === i) {
      ranking.push(borrowed[borrowedIndex] as Page);
      borrowedIndex += 1;
    } else {
      ranking.push(own[ownIndex] as Page);
      ownIndex += 1;
    }
  }
  return ranking;
}

/** A page written for this exact search, on one of the topic's sites. */
function keywordPage(keyword: KeywordInfo, choice: number): Page {
  const sites = sitePool(keyword.heads);
  const site = sites[choice % sites.length] as Site;
  return {
    url: `https://${site.host}/blog/${keyword.tokens.map(encodeURIComponent).join("-") || slugOf(keyword.heads)}/`,
    domain: bareDomain(site.host),
    siteName: site.name,
    kind: "keyword",
    section: "blog",
    stems: keyword.heads,
  };
}

/**
 * A keyword's organic results, `depth` long. The nudge changes at most one page of the
 * topic's top 10 (a page written for the keyword, or the 11th result moving up) and swaps a
 * few neighbours within the top 10.
 */
export function rankingFor(keyword: KeywordInfo, depth: number, language: string): Page[] {
  const count = Math.max(depth, 10) + 2;
  const ranking = topicRanking(keyword.heads, count, language);
  const rng = rngFrom("keyword-nudge", keyword.normalized);
  if (rng.chance(0.4)) {
    ranking.splice(rng.int(2, 9), 0, keywordPage(keyword, rng.int(0, 1000)));
  } else if (rng.chance(0.35)) {
    [ranking[9], ranking[10]] = [ranking[10] as Page, ranking[9] as Page];
  }
  const swaps = rng.int(1, 3);
  for (let s = 0; s < swaps; s++) {
    const i = rng.chance(0.15) ? 0 : rng.int(1, 8);
    [ranking[i], ranking[i + 1]] = [ranking[i + 1] as Page, ranking[i] as Page];
  }
  return ranking.slice(0, depth);
}
