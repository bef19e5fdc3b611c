// The sites of the offline web: a few big generic domains that turn up on many unrelated
// searches (as they do on Google), invented general publishers, and niche sites named after
// a topic's words, and local directories. Every site is made up except the big generic ones.
import { hashString, rngFrom } from "./prng";

export interface Site {
  /** Host as it appears in URLs, possibly with `www.`. */
  host: string;
  /** Display name used in titles. */
  name: string;
}

/** Invented general publishers, review sites and shops. */
const PUBLISHERS: ReadonlyArray<readonly [string, string]> = [
  ["thereviewdesk.com", "The Review Desk"],
  ["dailyhowto.net", "Daily How-To"],
  ["brightguides.com", "Bright Guides"],
  ["homeandhowto.com", "Home & How-To"],
  ["clearchoicereviews.com", "Clear Choice Reviews"],
  ["smartbuyerhub.com", "Smart Buyer Hub"],
  ["everydayexplained.org", "Everyday Explained"],
  ["thefactfile.net", "The Fact File"],
  ["practicalpicks.com", "Practical Picks"],
  ["goodsense.guide", "Good Sense Guide"],
  ["knowhowcentral.com", "Know-How Central"],
  ["northstarmag.com", "Northstar Magazine"],
  ["urbanjournal.net", "Urban Journal"],
  ["consumerlens.org", "Consumer Lens"],
  ["plainanswers.com", "Plain Answers"],
  ["testedtrusted.com", "Tested & Trusted"],
  ["wellreadweekly.com", "Well Read Weekly"],
  ["openmarketplace.shop", "Open Marketplace"],
  ["cornerstorehq.com", "Corner Store HQ"],
  ["learnitfast.org", "Learn It Fast"],
  ["thesmartlist.co", "The Smart List"],
  ["bestvalueguide.com", "Best Value Guide"],
  ["insightdigest.com", "Insight Digest"],
  ["fieldnotesblog.com", "Field Notes"],
  ["modernmanual.com", "The Modern Manual"],
  ["greenleafmedia.net", "Greenleaf Media"],
  ["themindfulshopper.com", "The Mindful Shopper"],
  ["expertroundup.com", "Expert Roundup"],
  ["bigpicturenews.com", "Big Picture News"],
  ["simplyexplained.net", "Simply Explained"],
  ["compareclub.org", "Compare Club"],
  ["handyhomeguide.com", "Handy Home Guide"],
  ["thewiseowl.net", "The Wise Owl"],
  ["pocketadvisor.com", "Pocket Advisor"],
  ["evergreenhq.com", "Evergreen HQ"],
  ["dealscout.shop", "Deal Scout"],
];

const NICHE_SUFFIXES: ReadonlyArray<readonly [string, string]> = [
  ["hub", "Hub"],
  ["lab", "Lab"],
  ["insider", "Insider"],
  ["guide", "Guide"],
  ["hq", "HQ"],
  ["world", "World"],
  ["central", "Central"],
  ["pro", "Pro"],
  ["daily", "Daily"],
  ["advisor", "Advisor"],
  ["corner", "Corner"],
  ["zone", "Zone"],
];

const NICHE_TLDS = ["com", "com", "com", "net", "org", "co"];

function titleCase(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A site keeps one form of its host everywhere; about 4 in 10 use `www.`. */
function withHostForm(host: string, name: string): Site {
  return { host: hashString(`www|${host}`) % 10 < 4 ? `www.${host}` : host, name };
}

const PUBLISHER_SITES: readonly Site[] = PUBLISHERS.map(([host, name]) => withHostForm(host, name));

const nicheCache = new Map<string, Site[]>();
/** Pools and niche sites are pure functions of their words; a bound keeps the caches small. */
const CACHE_LIMIT = 20_000;

/** A word's niche sites ("theshoehub.co"), the same in every topic that contains the word. */
function nicheSites(stemWord: string): Site[] {
  if (!/^[a-z0-9]{3,14}$/.test(stemWord)) return [];
  const cached = nicheCache.get(stemWord);
  if (cached) return cached;
  const rng = rngFrom("niche-sites", stemWord);
  const sites = NICHE_SUFFIXES.map(([suffix, suffixName]) => {
    const tld = rng.pick(NICHE_TLDS);
    const withThe = rng.chance(0.3);
    return withHostForm(
      `${withThe ? "the" : ""}${stemWord}${suffix}.${tld}`,
      `${withThe ? "The " : ""}${titleCase(stemWord)} ${suffixName}`,
    );
  });
  if (nicheCache.size >= CACHE_LIMIT) nicheCache.clear();
  nicheCache.set(stemWord, sites);
  return sites;
}

const poolCache = new Map<string, Site[]>();

/**
 * The non-generic sites that may rank for a topic, in a deterministic order: its words'
 * niche sites and the general publishers, shuffled together.
 */
export function sitePool(stems: readonly string[]): Site[] {
  const key = stems.join("\u0000");
  const cached = poolCache.get(key);
  if (cached) return cached;
  const candidates = [...stems.flatMap(nicheSites), ...PUBLISHER_SITES];
  const seen = new Set<string>();
  const unique: Site[] = [];
  for (const site of rngFrom("site-pool", key).shuffle(candidates)) {
    if (seen.has(site.host)) continue;
    seen.add(site.host);
    unique.push(site);
  }
  if (poolCache.size >= CACHE_LIMIT) poolCache.clear();
  poolCache.set(key, unique);
  return unique;
}

export type GenericSite = "youtube" | "reddit" | "amazon" | "quora";

/** The big generic sites a facet's first page may hold (Wikipedia ranks per entity, see offline-web.ts). */
export const GENERIC_SITES: readonly GenericSite[] = ["youtube", "reddit", "amazon", "quora"];

/** Invented local directories: the first sites of every "near me" search. */
export const DIRECTORY_SITES: readonly Site[] = [
  ["localfinder.com", "Local Finder"],
  ["nearbyguide.net", "Nearby Guide"],
  ["citylistings.org", "City Listings"],
].map(([host, name]) => withHostForm(host as string, name as string));
