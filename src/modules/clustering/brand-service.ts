// Brand clustering: the keywords come from the brand's research tree, each remembered with its
// tree position; a completed run writes the brand's topical map (see jobs.ts).
import type { RequestContext } from "../../platform/context";
import { withTransaction } from "../../platform/db/transaction";
import { BadRequest, NotFound, ServiceError } from "../../platform/errors";
import { findBrand } from "../brands";
import { readTree, type Tree } from "../research";
import { keywordMetrics, latestBrandReport, storedSerp } from "./reports";
import { assertNotRunning, currentTask, startRecluster, startReport } from "./runs";
import { assertWithinKeywordLimit, runOptions, type ClusteringOptions } from "./service";
import { keywordsOfTree } from "./tree-keywords";
import { brandResultsView, runView, serpDataView, stateOf } from "./views";

export const NO_BRAND_CLUSTERING = "No clustering has been started for this brand.";
export const NO_BRAND_RESULTS = "No clustering results found for this brand.";
export const NO_RESEARCH_KEYWORDS = "The brand's research tree has no keywords to cluster; add keywords to its research first.";

async function researchTree(tx: RequestContext, brandId: string): Promise<Tree> {
  try {
    return await readTree(tx, brandId);
  } catch (err) {
    // No research record: nothing to cluster, which the specification answers with 400.
    if (err instanceof ServiceError && err.code === "not_found") throw new BadRequest(NO_RESEARCH_KEYWORDS);
    throw err;
  }
}

export async function startBrandClustering(ctx: RequestContext, brandId: string, body: ClusteringOptions) {
  const options = runOptions(ctx, body);
  return withTransaction(ctx, async (tx) => {
    // The brand's row lock makes two starts take turns: the second sees the first's report.
    const brand = await findBrand(tx, brandId, true);
    const latest = await latestBrandReport(tx, brandId);
    if (latest) await assertNotRunning(tx, latest);
    const { keywords, positions } = keywordsOfTree(await researchTree(tx, brandId));
    if (keywords.length === 0) throw new BadRequest(NO_RESEARCH_KEYWORDS);
    assertWithinKeywordLimit(keywords.length);
    const { report, task } = await startReport(tx, {
      ...options,
      reportName: `${brand.brandName} clustering`,
      keywords,
      brandId,
      treePositions: positions,
    });
    const message = `Brand clustering started: ${report.totalKeywords} keywords from the research tree, SERP data in ${report.totalBatches} batches of up to 100. Poll the status endpoint for progress.`;
    return { brand_id: brandId, report_id: report.id, ...runView(report, task, message) };
  });
}

export async function brandClusteringStatus(ctx: RequestContext, brandId: string) {
  await findBrand(ctx, brandId);
  const latest = await latestBrandReport(ctx, brandId);
  if (!latest) throw new NotFound(NO_BRAND_CLUSTERING);
  return { brand_id: brandId, report_id: latest.id, ...stateOf(await currentTask(ctx, latest)) };
}

export async function brandClusteringResults(ctx: RequestContext, brandId: string) {
  const brand = await findBrand(ctx, brandId);
  const report = await latestBrandReport(ctx, brandId, { withResults: true });
  if (!report) throw new NotFound(NO_BRAND_RESULTS);
  const task = await currentTask(ctx, report);
  return brandResultsView(report, brand, task, await keywordMetrics(ctx, report.id));
}

/** The keyword's SERP from the brand's newest clustering that stored one for it. */
export async function brandSerpData(ctx: RequestContext, brandId: string, keyword: string) {
  await findBrand(ctx, brandId);
  const latest = await latestBrandReport(ctx, brandId);
  if (!latest) throw new NotFound(NO_BRAND_CLUSTERING);
  try {
    return serpDataView(latest, await storedSerp(ctx, latest, keyword));
  } catch (err) {
    // A newer run still fetching: the completed one before it may have the keyword.
    const withResults = await latestBrandReport(ctx, brandId, { withResults: true });
    if (!withResults || withResults.id === latest.id || !(err instanceof ServiceError) || err.code !== "not_found") throw err;
    return serpDataView(withResults, await storedSerp(ctx, withResults, keyword));
  }
}

export async function reclusterBrand(ctx: RequestContext, brandId: string, overlapPercentage: number) {
  return withTransaction(ctx, async (tx) => {
    await findBrand(tx, brandId, true);
    const latest = await latestBrandReport(tx, brandId);
    if (latest) await assertNotRunning(tx, latest);
    const report = await latestBrandReport(tx, brandId, { withResults: true, lock: true });
    if (!report) throw new NotFound(NO_BRAND_RESULTS);
    const started = await startRecluster(tx, report, overlapPercentage);
    const message =
      "Re-clustering the brand's keywords from stored SERP data; no SERP fetching and no credits. Poll the status endpoint for progress.";
    return { brand_id: brandId, report_id: started.report.id, ...runView(started.report, started.task, message) };
  });
}
