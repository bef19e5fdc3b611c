// Where a brand stands in a keyword's stored SERP (docs/conventions.md §8): its organic positions, and its
// presence in the AI answers the SERP provider captured. Pure; the map writer stores the result
// with each keyword, so the authority view never reads SERPs to answer.
import type { StoredAiAnswer, StoredSerpResult } from "../clustering";

/** How a brand appears in one AI answer: `N/A` when none was captured for the keyword. */
export type AiPresence = "mentioned_cited" | "cited" | "mentioned" | "not_present" | "N/A";

export interface BrandIdentity {
  /** The brand's `website_url` host, lowercased, without `www.`; null when it has none. */
  domain: string | null;
  /** The brand's name, lowercased, for mentions in answer text. */
  name: string;
}

/** The host of a stored `website_url` (`https://www.x.com/...`), lowercased and without `www.`. */
export function siteDomain(websiteUrl: string | null): string | null {
  if (!websiteUrl) return null;
  try {
    const host = new URL(websiteUrl).hostname.toLowerCase();
    return host.startsWith("www.") ? host.slice(4) : host;
  } catch {
    return null;
  }
}

function sameSite(domain: string, brandDomain: string): boolean {
  const host = domain.toLowerCase();
  return (host.startsWith("www.") ? host.slice(4) : host) === brandDomain;
}

/** The brand's 1-based organic positions, ascending; empty when it does not rank. */
export function brandPositions(results: readonly StoredSerpResult[], brand: BrandIdentity): number[] {
  const domain = brand.domain;
  if (domain === null) return [];
  const positions = results.filter((r) => sameSite(r.domain, domain)).map((r) => r.position);
  return [...new Set(positions)].sort((a, b) => a - b);
}

/** Whether the name appears in the text as a whole phrase (not inside a longer word). */
function mentions(text: string, name: string): boolean {
  if (name.trim() === "") return false;
  const haystack = text.toLowerCase();
  for (let at = haystack.indexOf(name); at !== -1; at = haystack.indexOf(name, at + 1)) {
    const before = haystack.charAt(at - 1);
    const after = haystack[at + name.length] ?? "";
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
  }
  return false;
}

/**
 * The brand's presence in an answer: cited (its site among the sources), mentioned (its name in
 * the text), both, neither (`not_present`), or `N/A` with no answer.
 */
export function aiPresence(answer: StoredAiAnswer | null, brand: BrandIdentity): AiPresence {
  if (answer === null) return "N/A";
  const domain = brand.domain;
  const cited = domain !== null && answer.references.some((r) => sameSite(r.domain, domain));
  const mentioned = mentions(answer.text, brand.name.toLowerCase());
  if (cited && mentioned) return "mentioned_cited";
  if (cited) return "cited";
  return mentioned ? "mentioned" : "not_present";
}

const RANK: Record<AiPresence, number> = { mentioned_cited: 4, cited: 3, mentioned: 2, not_present: 1, "N/A": 0 };

/** The strongest of several keywords' presences (a node with many keywords shows its best). */
export function strongestPresence(values: Iterable<AiPresence>): AiPresence {
  let best: AiPresence = "N/A";
  for (const value of values) if (RANK[value] > RANK[best]) best = value;
  return best;
}

/** The AI Overview's scale has no `mentioned_cited`: there a citation is what counts. */
export function overviewPresence(value: AiPresence): Exclude<AiPresence, "mentioned_cited"> {
  return value === "mentioned_cited" ? "cited" : value;
}
