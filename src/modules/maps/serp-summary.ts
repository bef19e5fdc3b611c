// The SERP-derived fields of a topical-map keyword entry (spec "Topical map detail", docs/conventions.md §8):
// a one-sentence summary, the competing domains, a freshness indicator and the top snippet, plus
// the URL-overlap similarity of a keyword to its cluster centroid. Pure: the fetch time is an
// input, never the clock, so the same SERP always gives the same fields.

export interface InsightSerpResult {
  position: number;
  url: string;
  title: string;
  snippet: string;
  domain: string;
}

export interface InsightSerp {
  results: InsightSerpResult[];
  totalResults: number;
  aiOverviewSources: number | null;
  fetchedAt: Date;
}

/** docs/conventions.md §7 compares keywords on their top 10 organic URLs; the summaries look at the same 10. */
const TOP_RESULTS = 10;
const MAX_COMPETITORS = 5;
const FIRST_YEAR = 1990;

/**
 * Results in rank order. Stored results are usually already in order, but the position is the
 * authority: sort by it, keeping the stored order between equal positions (Array#sort is stable).
 */
export function rankedResults(results: readonly InsightSerpResult[]): InsightSerpResult[] {
  return [...results].sort((a, b) => a.position - b.position);
}

/**
 * The result's domain, lowercased and without a leading "www." (so www.example.com and
 * example.com count as one competitor); taken from the URL's host when the provider left the
 * domain empty. "" when neither names one.
 */
function resultDomain(result: InsightSerpResult): string {
  let domain = result.domain.trim().toLowerCase();
  if (domain === "") domain = hostOf(result.url);
  return domain.startsWith("www.") ? domain.slice(4) : domain;
}

function hostOf(url: string): string {
  const withoutScheme = url
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:/i, "")
    .replace(/^\/\//, "");
  const host = withoutScheme.split(/[/?#]/, 1)[0] ?? "";
  return host
    .replace(/^[^@]*@/, "")
    .replace(/:\d*$/, "")
    .toLowerCase();
}

/** Distinct non-empty domains in rank order. */
function distinctDomains(ranked: readonly InsightSerpResult[]): string[] {
  const seen = new Set<string>();
  for (const result of ranked) {
    const domain = resultDomain(result);
    if (domain !== "") seen.add(domain);
  }
  return [...seen];
}

/**
 * en-US digit grouping by hand, so the output does not depend on the process locale or on
 * the ICU data Node was built with.
 */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function plural(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/**
 * "10 organic results from 8 domains (about 1,200,000 results); AI Overview cites 3 sources;
 * top result: example.com." The estimate is left out when the provider gave none (≤ 0 or not a
 * number); the AI Overview part says "No AI Overview" for 0 sources and is left out for null
 * (not captured). Expects at least one result.
 */
export function serpAnalysis(serp: InsightSerp, ranked: readonly InsightSerpResult[]): string {
  const domains = distinctDomains(ranked);
  let counts = `${plural(ranked.length, "organic result", "organic results")} from ${plural(domains.length, "domain", "domains")}`;
  if (Number.isFinite(serp.totalResults) && serp.totalResults > 0) {
    counts += ` (about ${plural(serp.totalResults, "result", "results")})`;
  }
  const parts = [counts];
  const sources = serp.aiOverviewSources;
  if (sources !== null && Number.isFinite(sources)) {
    parts.push(sources > 0 ? `AI Overview cites ${plural(sources, "source", "sources")}` : "No AI Overview");
  }
  const top = ranked[0] === undefined ? "" : resultDomain(ranked[0]);
  if (top !== "") parts.push(`top result: ${top}`);
  return `${parts.join("; ")}.`;
}

/** Up to five distinct domains in rank order, ", "-joined. */
export function serpCompetitors(ranked: readonly InsightSerpResult[]): string {
  return distinctDomains(ranked).slice(0, MAX_COMPETITORS).join(", ");
}

/** The top result's snippet, trimmed ("" when it has none: another result's is not substituted). */
export function topSnippet(ranked: readonly InsightSerpResult[]): string {
  return ranked[0]?.snippet.trim() ?? "";
}

// A standalone 4-digit number: not part of a longer number, and not a price ("$2000").
const YEAR = /(?<![\d$€£])(\d{4})(?!\d)/g;

/**
 * The newest year from 1990 to the fetch year (UTC) named in the top-10 titles and snippets:
 * "current (YYYY)" when it is the fetch year or the year before, "dated (YYYY)" when older,
 * "evergreen" when none is named. Years after the fetch year are ignored (they are model
 * numbers or forecasts, not a sign of freshness). "unknown" when the fetch time is invalid.
 */
export function serpFreshness(fetchedAt: Date, ranked: readonly InsightSerpResult[]): string {
  const fetchYear = fetchedAt.getUTCFullYear();
  if (Number.isNaN(fetchYear)) return "unknown";
  let newest = -1;
  for (const result of ranked.slice(0, TOP_RESULTS)) {
    for (const match of `${result.title}\n${result.snippet}`.matchAll(YEAR)) {
      const year = Number(match[1]);
      if (year >= FIRST_YEAR && year <= fetchYear && year > newest) newest = year;
    }
  }
  if (newest === -1) return "evergreen";
  return newest >= fetchYear - 1 ? `current (${newest})` : `dated (${newest})`;
}

// "10 Best…", "7 Ways…": 1 to 3 digits, so a leading year ("2024 Guide to…") does not count.
const LEADING_COUNT = /^\s*\d{1,3}(?!\d)/;
const LISTICLE_WINDOW = 5;
const LISTICLE_MAJORITY = 3;

/** True when at least 3 of the top-5 titles open with a count: Google rewards list pages here. */
export function serpFavoursListicles(ranked: readonly InsightSerpResult[]): boolean {
  const counted = ranked.slice(0, LISTICLE_WINDOW).filter((result) => LEADING_COUNT.test(result.title));
  return counted.length >= LISTICLE_MAJORITY;
}

function topUrls(urls: readonly string[]): Set<string> {
  // "" names no URL (as in the clustering engine), so two empty entries are not an overlap.
  return new Set(urls.slice(0, TOP_RESULTS).filter((url) => url !== ""));
}

/**
 * Shared URLs between the centroid's and the keyword's top 10 (already normalized, rank order),
 * over 10: the measure docs/conventions.md §7 clusters on, so a keyword that joined a cluster at overlap
 * 0.3 shows at least 0.3. Each input counts its first 10 entries, duplicates once; the result is
 * a multiple of 0.1 in [0, 1], which is already its own 2-decimal rounding.
 */
export function urlOverlapSimilarity(centroidUrls: readonly string[], keywordUrls: readonly string[]): number {
  const centroid = topUrls(centroidUrls);
  let shared = 0;
  for (const url of topUrls(keywordUrls)) if (centroid.has(url)) shared++;
  return Math.min(shared, TOP_RESULTS) / TOP_RESULTS;
}
