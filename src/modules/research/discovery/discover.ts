// Discovery: the topic's keyword universe, collected from the SERP provider before any tree is
// built. One organic SERP of the core topic (its People Also Ask questions and related searches),
// the three keyword-research endpoints, autocomplete, one volume lookup for what those did not
// measure, then the SERPs of the most searched keywords, so the organiser can group by overlap.
// The offline simulator answers the same calls, so the pipeline is one with and without keys.
import { TaskFailure } from "../../../platform/tasks/runner";
import { keywordMatchKey } from "../../../platform/text/keyword";
import {
  ProviderError,
  type DiscoveredKeyword,
  type LabsEndpoint,
  type SerpData,
  type SerpProvider,
  type SerpQuery,
} from "../../../providers/serp";
import { mergeUniverse, type UniverseKeyword } from "../organiser";
import { discoveryPlan, type DiscoveryBudget } from "./budget";

export interface DiscoveryPlace {
  country: string;
  language: string;
  location?: string | null;
}

export interface Discovery {
  /** Most searched first; the core topic always in it. */
  universe: UniverseKeyword[];
  /** Top-10 result URLs by keyword key, for the keywords whose SERPs were fetched. */
  serps: Map<string, string[]>;
  /** The core topic's own SERP, when it could be fetched. */
  coreSerp: SerpData | null;
  /** Calls made to the provider. */
  calls: number;
  /** What a source could not answer, for the task's record; discovery goes on without it. */
  warnings: string[];
}

/** Reports the discovery's progress: step 0 while it discovers, step 1 while it fetches the grouping SERPs. */
type Step = (at: 0 | 1, message: string) => Promise<void>;

const LABS_ENDPOINTS: readonly LabsEndpoint[] = ["ideas", "suggestions", "related"];

/** A URL as a SERP overlap compares it: no scheme, no `www.`, no trailing slash, no fragment. */
function urlKey(url: string): string {
  return url
    .toLowerCase()
    .replace(/^https?:\/\/(www\.)?/, "")
    .replace(/#.*$/, "")
    .replace(/\/+$/, "");
}

function asFailure(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  throw err;
}

/** Sorted as the universe is shown: most searched first, unknown volumes last, then by keyword. */
export function byDemand(a: UniverseKeyword, b: UniverseKeyword): number {
  return (b.searchVolume ?? -1) - (a.searchVolume ?? -1) || a.keyword.localeCompare(b.keyword);
}

export async function discoverUniverse(
  serp: SerpProvider,
  coreTopic: string,
  place: DiscoveryPlace,
  budget: DiscoveryBudget,
  step: Step,
  signal?: AbortSignal,
): Promise<Discovery> {
  const plan = discoveryPlan(budget);
  const query = { seed: coreTopic, ...place };
  const serpQuery = (keyword: string): SerpQuery => ({ keyword, ...place });
  const warnings: string[] = [];
  let calls = 0;

  await step(0, "Discovering keywords: search results, keyword ideas, suggestions and autocomplete");
  const labs = LABS_ENDPOINTS.map(async (endpoint) => {
    calls += 1;
    return serp.labsKeywords(endpoint, { ...query, limit: plan.labsLimit[endpoint] }, { signal });
  });
  const suggested = (async () => {
    calls += 1;
    const list = await serp.autocomplete({ ...query, limit: plan.autocompleteLimit }, { signal });
    return list.map((keyword): DiscoveredKeyword => unmeasured(keyword, "autocomplete"));
  })();
  calls += 1;
  const [coreOutcome] = await serp.fetchSerps([serpQuery(coreTopic)], { signal });
  const settled = await Promise.allSettled([...labs, suggested]);

  const found: DiscoveredKeyword[] = [];
  const failures: ProviderError[] = [];
  for (const outcome of settled) {
    if (outcome.status === "fulfilled") found.push(...outcome.value);
    else failures.push(asFailure(outcome.reason));
  }
  const coreSerp = coreOutcome?.ok ? coreOutcome.data : null;
  if (coreOutcome && !coreOutcome.ok) failures.push(new ProviderError(coreOutcome.error, { transient: coreOutcome.transient }));
  if (coreSerp) {
    found.push(...coreSerp.peopleAlsoAsk.map((q) => unmeasured(q, "paa")));
    found.push(...coreSerp.relatedSearches.map((q) => unmeasured(q, "related_search")));
  }
  for (const failure of failures) warnings.push(failure.message);
  if (found.length === 0 && failures.length > 0) {
    // Nothing to build from: the job retries a passing fault, and reports the rest.
    const first = failures[0] as ProviderError;
    throw new TaskFailure(
      `Keyword discovery failed: ${first.message}`,
      failures.some((f) => f.transient),
    );
  }

  let universe = mergeUniverse(found);
  if (!universe.some((k) => k.key === keywordMatchKey(coreTopic))) {
    universe.unshift(...mergeUniverse([unmeasured(coreTopic, "user")]));
  }
  universe = await measureUnknown(serp, universe, place, signal, () => (calls += 1));
  universe = capped(universe, coreTopic, budget.maxKeywords);

  const serps = new Map<string, string[]>();
  if (coreSerp)
    serps.set(
      keywordMatchKey(coreTopic),
      coreSerp.results.slice(0, 10).map((r) => urlKey(r.url)),
    );
  const grouping = universe
    .filter((k) => !serps.has(k.key) && (k.searchVolume ?? 0) > 0)
    .slice(0, plan.groupingSerps)
    .map((k) => k.keyword);
  if (grouping.length > 0) {
    await step(1, `Fetching the search results of the ${grouping.length} most searched keywords, to group them`);
    calls += grouping.length;
    const outcomes = await serp.fetchSerps(grouping.map(serpQuery), { signal });
    for (const outcome of outcomes) {
      if (outcome.ok)
        serps.set(
          keywordMatchKey(outcome.data.keyword),
          outcome.data.results.slice(0, 10).map((r) => urlKey(r.url)),
        );
    }
  }
  return { universe, serps, coreSerp, calls, warnings };
}

export function unmeasured(keyword: string, source: DiscoveredKeyword["source"]): DiscoveredKeyword {
  return { keyword, source, searchVolume: null, cpc: null, competition: null, difficulty: null, intent: null };
}

/** One volume lookup for the keywords no research endpoint measured (autocomplete, questions, related searches). */
async function measureUnknown(
  serp: SerpProvider,
  universe: UniverseKeyword[],
  place: DiscoveryPlace,
  signal: AbortSignal | undefined,
  countCall: () => void,
): Promise<UniverseKeyword[]> {
  const unknown = universe.filter((k) => k.searchVolume === null);
  if (unknown.length === 0) return universe;
  countCall();
  const metrics = await serp.keywordMetrics({ keywords: unknown.map((k) => k.keyword), ...place }, { signal });
  const byKey = new Map(metrics.map((m) => [keywordMatchKey(m.keyword), m]));
  return universe.map((k) => {
    const m = k.searchVolume === null ? byKey.get(k.key) : undefined;
    return m ? { ...k, searchVolume: m.searchVolume, cpc: k.cpc ?? m.cpc, competition: k.competition ?? m.competition } : k;
  });
}

/** The budget's most keywords, most searched first; the core topic and the questions people ask are kept first. */
function capped(universe: UniverseKeyword[], coreTopic: string, maxKeywords: number): UniverseKeyword[] {
  const coreKey = keywordMatchKey(coreTopic);
  const sorted = [...universe].sort(byDemand);
  const core = sorted.filter((k) => k.key === coreKey);
  const questions = sorted.filter((k) => k.key !== coreKey && k.sources.includes("paa"));
  const rest = sorted.filter((k) => k.key !== coreKey && !k.sources.includes("paa"));
  const kept = [...core, ...questions, ...rest].slice(0, maxKeywords);
  return kept.sort(byDemand);
}
