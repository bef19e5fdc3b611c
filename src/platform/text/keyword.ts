// Keywords, the two ways canopy compares them, in one place.

/**
 * A keyword as canopy stores and clusters it (docs/conventions.md §7): trimmed and lowercased,
 * its inner spacing kept as typed; "" means there is no keyword.
 */
export function normalizeKeyword(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * The key a search provider matches keywords by: NFKC-normalized, lowercased, whitespace
 * collapsed ("Café  Crème" and "café crème" are one). The offline world seeds by it and
 * DataForSEO's keyword data comes back keyed by it.
 */
export function keywordMatchKey(keyword: string): string {
  return keyword.normalize("NFKC").toLowerCase().replace(/\s+/g, " ").trim();
}
