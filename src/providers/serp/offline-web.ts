// The offline web's ranking. A page is about one entity and one facet (offline-facets.ts), and
// its URL spells both out, so the pages of different entities never coincide. A keyword's top
// 10 is its entity-and-facet list (the guides that rank for every how-to search about the
// AeroPress), two pages about the entity as a whole (its encyclopedia article, a hub page) that
// rank for all its facets, and a page from each narrower entity's same facet ("espresso" for
// "espresso machine"); then the keyword itself nudges it (one page swapped, a few reordered).
// So: one entity and facet share at least 8 of 10; one entity across facets 2 or 3; different
// entities only the big generic domains, on different pages.
import { present } from "../../platform/present";
import { facetById, type FacetId } from "./offline-facets";
import { DIRECTORY_SITES, GENERIC_SITES, sitePool, type GenericSite, type Site } from "./offline-domains";
import type { KeywordInfo } from "./offline-keywords";
import { hashString, idFrom, rngFrom } from "./prng";

type PageKind = GenericSite | "wikipedia" | "article" | "hub" | "keyword";

export interface Page {
  url: string;
  /** Lowercased host without `www.`. */
  domain: string;
  siteName: string;
  kind: PageKind;
  /** The site section, which decides the title's style. */
  section: string;
  /** The entity the page is about. */
  stems: readonly string[];
  facet: FacetId;
}

/** The offline provider answers at most this many results per keyword. */
export const MAX_OFFLINE_DEPTH = 100;

/** How a facet shows in URLs ("aeropress-guide"); the general facet adds nothing. */
export const URL_SUFFIX: Readonly<Record<FacetId, string>> = {
  general: "",
  howto: "-guide",
  buying: "-reviews",
  cleaning: "-cleaning",
  problems: "-troubleshooting",
  comparison: "-comparison",
  local: "-near-me",
  definitions: "-explained",
  health: "-benefits",
  ideas: "-ideas",
};

function slugOf(stems: readonly string[]): string {
  return stems.map((s) => encodeURIComponent(s)).join("-");
}

const bareDomain = (host: string): string => host.replace(/^www\./, "");

function genericPage(site: GenericSite | "wikipedia", stems: readonly string[], facet: FacetId, language: string): Page {
  const slug = `${slugOf(stems)}${URL_SUFFIX[facet]}`;
  const base = { kind: site, section: site, stems, facet } as const;
  switch (site) {
    case "wikipedia": {
      const lang = /^[a-z]{2,3}$/.test(language) ? language : "en";
      const host = `${lang}.wikipedia.org`;
      const text = stems.join("_");
      return {
        ...base,
        url: `https://${host}/wiki/${encodeURIComponent(text.charAt(0).toUpperCase() + text.slice(1))}`,
        domain: host,
        siteName: "Wikipedia",
      };
    }
    case "youtube":
      return { ...base, url: `https://www.youtube.com/watch?v=${idFrom(11, "youtube", slug)}`, domain: "youtube.com", siteName: "YouTube" };
    case "reddit": {
      const community = stems.find((s) => /^[a-z0-9]{3,20}$/.test(s)) ?? "AskReddit";
      return {
        ...base,
        url: `https://www.reddit.com/r/${community}/comments/${idFrom(7, "reddit", slug)}/${slug.replace(/-/g, "_")}/`,
        domain: "reddit.com",
        siteName: `r/${community}`,
      };
    }
    case "amazon":
      // Each facet's search on Amazon is its own page (sorted by reviews for buying).
      return {
        ...base,
        url: `https://www.amazon.com/s?k=${stems.map(encodeURIComponent).join("+")}${facet === "general" ? "" : `&s=${facet}`}`,
        domain: "amazon.com",
        siteName: "Amazon.com",
      };
    case "quora":
      return { ...base, url: `https://www.quora.com/${slug}-${idFrom(5, "quora", slug)}`, domain: "quora.com", siteName: "Quora" };
  }
}

function articlePage(site: Site, section: string, stems: readonly string[], facet: FacetId, trailingSlash: boolean): Page {
  return {
    url: `https://${site.host}/${section}/${slugOf(stems)}${URL_SUFFIX[facet]}${trailingSlash ? "/" : ""}`,
    domain: bareDomain(site.host),
    siteName: site.name,
    kind: "article",
    section,
    stems,
    facet,
  };
}

const pageCache = new Map<string, Page[]>();
const PAGE_CACHE_LIMIT = 20_000;

function cached(key: string, count: number, build: (count: number) => Page[]): Page[] {
  const hit = pageCache.get(key);
  if (hit && hit.length >= count) return hit.slice(0, count);
  const pages = build(Math.max(count, 12));
  if (pageCache.size >= PAGE_CACHE_LIMIT) pageCache.clear();
  pageCache.set(key, pages);
  return pages.slice(0, count);
}

/**
 * The pages about one facet of an entity, best first. The list is a stream: its first k pages
 * are the same whatever length is asked for, which keeps rankings stable across depths.
 */
function facetPages(stems: readonly string[], facet: FacetId, count: number, language: string): Page[] {
  const slug = slugOf(stems);
  return cached(`f\u0000${language}\u0000${facet}\u0000${slug}`, count, (n) => {
    const rng = rngFrom("facet-pages", facet, slug);
    const { generic, sections } = facetById(facet);
    // Where the generic sites rank, decided up front with a fixed number of draws.
    const genericAt = new Map<number, GenericSite>();
    for (const site of GENERIC_SITES) {
      const present = rng.chance(generic[site]);
      let at = rng.int(0, 9);
      if (!present) continue;
      while (genericAt.has(at)) at += 1;
      genericAt.set(at, site);
    }
    const sites = facet === "local" ? [...DIRECTORY_SITES, ...sitePool(stems)] : sitePool(stems);
    // Each facet starts at its own place in the pool, so an entity's facets lead with different sites.
    const start = facet === "general" ? 0 : hashString(`start|${facet}|${slug}`) % sites.length;
    const pages: Page[] = [];
    let siteIndex = 0;
    for (let i = 0; i < n; i++) {
      const site = genericAt.get(i);
      if (site) {
        pages.push(genericPage(site, stems, facet, language));
        continue;
      }
      // Past the end of the pool, sites come round again under another section: still unique.
      const host = sites[(start + siteIndex) % sites.length] as Site;
      const round = Math.floor(siteIndex / sites.length);
      const h = hashString(`${host.host}|${slug}|${facet}`);
      const section = round === 0 ? (sections[h % sections.length] as string) : `${sections[h % sections.length]}-${round + 1}`;
      pages.push(articlePage(host, section, stems, facet, (h & 1) === 1));
      siteIndex += 1;
    }
    return pages;
  });
}

/** The two pages about the entity as a whole: an encyclopedia article or a hub, and a hub. */
function entityPages(stems: readonly string[], language: string): Page[] {
  const slug = slugOf(stems);
  return cached(`e\u0000${language}\u0000${slug}`, 2, () => {
    const rng = rngFrom("entity-pages", slug);
    const [first, second] = rng.shuffle(sitePool(stems)).slice(0, 2) as [Site, Site];
    const hub = (site: Site): Page => ({
      url: `https://${site.host}/${slug}/`,
      domain: bareDomain(site.host),
      siteName: site.name,
      kind: "hub",
      section: "hub",
      stems,
      facet: "general",
    });
    const encyclopedic = rng.chance(stems.length <= 1 ? 0.8 : stems.length === 2 ? 0.45 : 0.15);
    return [encyclopedic ? genericPage("wikipedia", stems, "general", language) : hub(second), hub(first)];
  });
}

/** Narrower entities (one word left out), up to three, each lending its facet's best page. */
function borrowedPages(stems: readonly string[], facet: FacetId, language: string): Page[] {
  const borrowed: Page[] = [];
  if (stems.length >= 2) {
    const subs = stems.map((_, skip) => stems.filter((__, i) => i !== skip));
    for (const sub of rngFrom("sub-entities", slugOf(stems)).shuffle(subs).slice(0, 3)) {
      borrowed.push(present(facetPages(sub, facet, 1, language)[0], "the best page of a facet"));
    }
  }
  // A bare entity's page mixes in the best buying guide and the best how-to of the entity.
  if (facet === "general") {
    for (const other of ["buying", "howto"] as const) {
      const page = facetPages(stems, other, 3, language).find((p) => p.kind === "article");
      if (page) borrowed.push(page);
    }
  }
  return borrowed;
}

/** One facet of an entity as it ranks before any keyword nudges it, `count` long. */
function entityRanking(stems: readonly string[], facet: FacetId, count: number, language: string): Page[] {
  const rng = rngFrom("entity-ranking", facet, slugOf(stems));
  const [wiki, hub] = entityPages(stems, language) as [Page, Page];
  const placed = new Map<number, Page>([
    [rng.int(0, 3), wiki],
    [rng.int(4, 8), hub],
  ]);
  // Borrowed pages sit within the first nine positions, so a nudge cannot push them out.
  const free = rng.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8].filter((i) => !placed.has(i)));
  // At most five borrowed pages for the seven free places.
  for (const [i, page] of borrowedPages(stems, facet, language).entries())
    placed.set(present(free[i], "a free place for a borrowed page"), page);
  const own = facetPages(stems, facet, count, language);
  const ranking: Page[] = [];
  let ownIndex = 0;
  for (let i = 0; i < count; i++) ranking.push(placed.get(i) ?? (own[ownIndex++] as Page));
  return ranking;
}

/** A page written for this exact search, on one of the entity's sites. */
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
    facet: keyword.facet,
  };
}

/**
 * A keyword's organic results, `depth` long. The nudge changes at most one page of the
 * entity's top 10 (a page written for the keyword, or the 11th result moving up) and swaps a
 * few neighbours within the top 10.
 */
export function rankingFor(keyword: KeywordInfo, depth: number, language: string): Page[] {
  const count = Math.max(depth, 10) + 2;
  const ranking = entityRanking(keyword.heads, keyword.facet, count, language);
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
