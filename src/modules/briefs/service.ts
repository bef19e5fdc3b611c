// Standalone briefs: freeform `query_text` for one of the workspace's brands, not linked to the
// hierarchy (spec "Standalone briefs"). Reads, generation, drafts, review and edits; the brief
// routes under /briefs/{id}/ serve authority briefs too (resume and edit have no other path).
import { keptQuerySerp } from "./query-serp";
import type { Static } from "typebox";
import type { RequestContext } from "../../platform/context";
import { assertKnownModel } from "../../providers/models/registry";
import { brandNames, findBrand } from "../brands";
import { normalizeKeyword } from "../../platform/text/keyword";
import { mapKeywordSerp } from "../maps";
import type { HeaderSection } from "../../providers/generation/types";
import { findBrief, selectBriefs, type BriefFilter, type BriefWithStatus } from "./queries";
import type { StandaloneBriefBody } from "./schemas";
import { subjectUsage } from "../../platform/tasks/usage-read";
import { BRIEF_TASK_TYPE } from "./brief-task";
import { serpFeaturesOf } from "./serp-features";
import { briefSerp } from "./serp-input";
import { briefListItem, detailView, draftView, startedView, statusView } from "./views";
import type { BriefRow } from "./table";
import { contentWarnings, type ContentWarning } from "./warnings";
import { createDraft, curateBrief, generateBrief, resumeBrief, startDraft, type NewBrief } from "./writes";

type StandaloneBody = Static<typeof StandaloneBriefBody>;

/** The brand name of one brief (a brief always has a brand in its workspace). */
async function nameOf(ctx: RequestContext, brief: BriefWithStatus): Promise<string> {
  return (await brandNames(ctx, [brief.brandId])).get(brief.brandId) ?? "";
}

export async function listBriefs(ctx: RequestContext, filter: Pick<BriefFilter, "brandId" | "status" | "search">) {
  const rows = await selectBriefs(ctx, filter);
  const names = await brandNames(ctx, [...new Set(rows.map((r) => r.brandId))]);
  return rows.map((row) => briefListItem(row, names.get(row.brandId) ?? ""));
}

/** The tokens the brief's model calls used, over its generation and its continuation. */
export const briefUsage = (ctx: RequestContext, briefId: string) => subjectUsage(ctx, BRIEF_TASK_TYPE, briefId);

/** Cannibalisation and sensitive-topic warnings, from the brief's headings and its brand's description. */
export async function warningsOf(ctx: RequestContext, brief: BriefRow): Promise<ContentWarning[]> {
  const brand = await findBrand(ctx, brief.brandId);
  const sections: unknown = (brief.curatedBriefJson ?? brief.resultJson)?.header_sections;
  const headings = Array.isArray(sections)
    ? sections.flatMap((section: unknown) => {
        const heading = (section as { heading?: unknown } | null)?.heading;
        return typeof heading === "string" ? [heading] : [];
      })
    : [];
  return contentWarnings(ctx, brief, [...headings, brand.description ?? ""]);
}

export async function briefDetail(ctx: RequestContext, id: string) {
  const brief = await findBrief(ctx, id);
  return detailView(brief, await nameOf(ctx, brief), await briefUsage(ctx, brief.id), await warningsOf(ctx, brief));
}

export async function briefStatus(ctx: RequestContext, id: string) {
  return statusView(await findBrief(ctx, id));
}

/** What a standalone request becomes: its brand checked, its SERP data resolved, its model known. */
async function standaloneBrief(ctx: RequestContext, body: StandaloneBody): Promise<NewBrief & { brandName: string }> {
  const aiModelId = body.ai_model_id ?? ctx.platform.models.defaultId;
  assertKnownModel(ctx.platform.models, aiModelId);
  const brand = await findBrand(ctx, body.brand_id);
  const queryText = body.query_text.replace(/\s+/g, " ").trim();
  // The brand's map's SERP for the query, else one fetched for the query alone.
  const keyword = normalizeKeyword(queryText);
  // Looked up even when the request selects its own results: its questions and searches still ground the brief.
  const stored = (await mapKeywordSerp(ctx, brand.id, keyword)) ?? (await keptQuerySerp(ctx, brand.id, keyword));
  const serp = briefSerp(body.selected_serp_data, stored);
  return {
    brandId: brand.id,
    brandName: brand.brandName,
    topicNode: null,
    queryText,
    aiModelId,
    inputParams: {
      ...body,
      query_text: queryText,
      ai_model_id: aiModelId,
      selected_serp_data: serp.entries,
      serp_source: serp.source,
      serp_data_source: serp.dataSource,
      serp_features: serpFeaturesOf(stored),
    },
  };
}

export async function generateStandalone(ctx: RequestContext, body: StandaloneBody) {
  const { brandName, ...fields } = await standaloneBrief(ctx, body);
  const { brief, creditsCharged } = await generateBrief(ctx, fields);
  return startedView(brief, brandName, creditsCharged);
}

export async function createStandaloneDraft(ctx: RequestContext, body: StandaloneBody) {
  const { brandName, ...fields } = await standaloneBrief(ctx, body);
  const brief = await createDraft(ctx, fields);
  return draftView(brief, brandName, await warningsOf(ctx, brief));
}

export async function generateDraft(ctx: RequestContext, id: string) {
  const { brief, creditsCharged } = await startDraft(ctx, id, {});
  return startedView(brief, await nameOf(ctx, brief), creditsCharged);
}

export async function resume(ctx: RequestContext, id: string, headerSections: HeaderSection[] | undefined) {
  return statusView(await resumeBrief(ctx, id, headerSections));
}

export async function curate(ctx: RequestContext, id: string, curated: Record<string, unknown>) {
  const brief = await curateBrief(ctx, id, curated);
  return detailView(brief, await nameOf(ctx, brief), await briefUsage(ctx, brief.id), await warningsOf(ctx, brief));
}
