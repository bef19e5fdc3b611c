// What a brief is grounded in, gathered before anything is written: the SERP's questions, related
// searches and AI Overview citations kept with the brief, and the top ranking pages, read (or
// answered from the page cache) and measured: their headings, lengths and shared terms.
import type { TaskContext } from "../../platform/tasks/define-task";
import { groundingOf } from "../../platform/page-analysis";
import type { BriefGrounding } from "../../providers/generation/types";
import { readRankingPages } from "./ranking-pages";
import { storedSerpFeatures } from "./serp-features";
import type { SerpEntry } from "./serp-input";
import type { BriefRow } from "./table";

/** The ranking pages read for a brief: the top of the SERP, where the pages to beat are. */
export const PAGES_READ = 8;

export interface GatheredGrounding {
  grounding: BriefGrounding;
  /** The pages that could not be read, and why. */
  unread: { url: string; error: string }[];
}

const NOT_SIMULATED =
  "Not read: the offline simulator only knows the pages of its own search results. Set PAGE_SOURCE=direct, or use DataForSEO, to read the pages you select.";

/**
 * Whether the pages are the offline simulator's and the results the request's own: the simulator
 * cannot know what a page it did not invent says, and what it made up would pass for the page.
 */
export function simulatedForeign(ctx: Pick<TaskContext, "platform">, serpDataSource: string | undefined): boolean {
  return ctx.platform.pages.source === "offline" && serpDataSource === "selected";
}

/** The pages read, the reader's reports written one after another, in order. */
async function readInOrder(ctx: TaskContext, entries: readonly SerpEntry[], onProgress: (done: number, total: number) => Promise<void>) {
  let reported = Promise.resolve();
  const read = await readRankingPages(
    ctx,
    entries.map((entry) => entry.url),
    {
      onProgress: (done, total) => {
        reported = reported.then(() => onProgress(done, total));
      },
    },
  );
  await reported;
  return read;
}

export async function gatherGrounding(
  ctx: TaskContext,
  brief: BriefRow,
  onProgress: (done: number, total: number) => Promise<void>,
): Promise<GatheredGrounding> {
  const params = brief.inputParams as { selected_serp_data?: SerpEntry[]; serp_data_source?: string };
  const entries = (params.selected_serp_data ?? []).slice(0, PAGES_READ);
  const features = storedSerpFeatures(brief.inputParams);
  const { pages, failures } = simulatedForeign(ctx, params.serp_data_source)
    ? { pages: [], failures: entries.map((entry) => ({ url: entry.url, error: NOT_SIMULATED })) }
    : await readInOrder(ctx, entries, onProgress);
  const positionOf = new Map(entries.map((entry, i) => [entry.url, entry.position ?? i + 1]));
  const grounding = groundingOf({
    query: brief.queryText,
    pages: pages.map((page) => ({ ...page, position: positionOf.get(page.url) ?? null })),
    questions: features.people_also_ask,
    relatedSearches: features.related_searches,
    aiReferences: features.ai_references,
    dataSource: pages[0]?.source ?? params.serp_data_source ?? "selected",
  });
  return { grounding, unread: failures };
}
