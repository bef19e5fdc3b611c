// What a stored SERP holds beyond its organic results: the People Also Ask questions, the related
// searches and the pages the AI Overview cites. A brief keeps them with its input when it is
// created, so that its outline asks the real questions whichever SERP store they came from.
// Pure.

export interface SerpFeatures {
  people_also_ask: string[];
  related_searches: string[];
  ai_references: { url: string; title: string; domain: string }[];
}

/** A SERP as either store keeps it: the brand map's (clustering) or one fetched for the query. */
interface StoredFeatures {
  peopleAlsoAsk?: readonly string[] | null;
  relatedSearches?: readonly string[] | null;
  aiOverview?: { references: readonly { url: string; title: string; domain: string }[] } | null;
}

const NO_SERP_FEATURES: SerpFeatures = { people_also_ask: [], related_searches: [], ai_references: [] };

export function serpFeaturesOf(stored: StoredFeatures | null): SerpFeatures {
  if (stored === null) return NO_SERP_FEATURES;
  return {
    people_also_ask: [...(stored.peopleAlsoAsk ?? [])],
    related_searches: [...(stored.relatedSearches ?? [])],
    ai_references: (stored.aiOverview?.references ?? []).map(({ url, title, domain }) => ({ url, title, domain })),
  };
}

/** The features a brief stored with its input; absent (briefs made before they were kept): none. */
export function storedSerpFeatures(params: Record<string, unknown>): SerpFeatures {
  const kept = params.serp_features as Partial<SerpFeatures> | undefined;
  return {
    people_also_ask: Array.isArray(kept?.people_also_ask) ? kept.people_also_ask : [],
    related_searches: Array.isArray(kept?.related_searches) ? kept.related_searches : [],
    ai_references: Array.isArray(kept?.ai_references) ? kept.ai_references : [],
  };
}
