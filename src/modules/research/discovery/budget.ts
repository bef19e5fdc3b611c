// What one research generation may ask of the SERP provider. The operator sets the keywords kept
// (RESEARCH_MAX_KEYWORDS) and the SERPs fetched to group them (RESEARCH_GROUPING_SERPS); the
// rest follows. DataForSEO bills each call; canopy charges no credits for discovery beyond the
// generation's own 5.

import type { LabsEndpoint } from "../../../providers/serp";

export interface DiscoveryBudget {
  maxKeywords: number;
  groupingSerps: number;
}

export interface DiscoveryPlan {
  labsLimit: Record<LabsEndpoint, number>;
  autocompleteLimit: number;
  groupingSerps: number;
  /** The most calls one generation makes. */
  maxCalls: number;
}

/** Autocomplete shows about ten suggestions; more are not worth a call's wait. */
const AUTOCOMPLETE_LIMIT = 20;

/**
 * Keyword ideas cast the widest net, so they get the whole budget; suggestions (phrases that
 * contain the seed) and related searches get half each, as they overlap the ideas. Calls: one
 * SERP of the core topic, three research calls, one autocomplete, one volume lookup (up to 1,000
 * keywords), and the grouping SERPs.
 */
export function discoveryPlan(budget: DiscoveryBudget): DiscoveryPlan {
  const half = Math.max(10, Math.ceil(budget.maxKeywords / 2));
  return {
    labsLimit: { ideas: budget.maxKeywords, suggestions: half, related: half },
    autocompleteLimit: AUTOCOMPLETE_LIMIT,
    groupingSerps: budget.groupingSerps,
    maxCalls: 6 + budget.groupingSerps,
  };
}
