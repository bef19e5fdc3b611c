// Authority briefs: linked to a node of the brand's current hierarchy, whose name, place and
// keywords give the brief its topic, and whose stored SERP data it is written from when the
// request selects none (spec "Authority briefs").
import { normalizeKeyword } from "../../platform/text/keyword";
import { keptQuerySerp } from "./query-serp";
import type { Static } from "typebox";
import type { RequestContext } from "../../platform/context";
import { assertKnownModel } from "../../providers/models/registry";
import { nodeTopic } from "../authority";
import { findBrand } from "../brands";
import { findBrief, selectBriefs, type BriefFilter } from "./queries";
import type { AuthorityBriefBody } from "./schemas";
import { briefUsage, warningsOf } from "./service";
import { serpFeaturesOf } from "./serp-features";
import { briefSerp } from "./serp-input";
import { authorityItemView, detailView, draftView, startedView, statusView } from "./views";
import { createDraft, generateBrief, type NewBrief } from "./writes";

type AuthorityBody = Static<typeof AuthorityBriefBody>;

export async function listAuthorityBriefs(ctx: RequestContext, brandId: string, filter: Pick<BriefFilter, "status" | "search">) {
  const brand = await findBrand(ctx, brandId);
  const rows = await selectBriefs(ctx, { ...filter, brandId, authority: true });
  return { brand_id: brand.id, brand_name: brand.brandName, results: rows.map((row) => authorityItemView(row, brand.brandName)) };
}

export async function authorityBriefDetail(ctx: RequestContext, brandId: string, id: string) {
  const brand = await findBrand(ctx, brandId);
  const brief = await findBrief(ctx, id, { brandId, authority: true });
  return detailView(brief, brand.brandName, await briefUsage(ctx, brief.id), await warningsOf(ctx, brief));
}

export async function authorityBriefStatus(ctx: RequestContext, brandId: string, id: string) {
  await findBrand(ctx, brandId);
  return statusView(await findBrief(ctx, id, { brandId, authority: true }));
}

async function authorityBrief(ctx: RequestContext, brandId: string, body: AuthorityBody): Promise<NewBrief & { brandName: string }> {
  const aiModelId = body.ai_model_id ?? ctx.platform.models.defaultId;
  assertKnownModel(ctx.platform.models, aiModelId);
  const brand = await findBrand(ctx, brandId);
  const topic = await nodeTopic(ctx, brandId, body.node_id);
  // The node's SERP from the map, else one fetched for its primary keyword alone.
  const stored = topic.serp ?? (await keptQuerySerp(ctx, brandId, normalizeKeyword(topic.primaryKeyword)));
  const serp = briefSerp(body.selected_serp_data, stored);
  const others = topic.keywords.filter((k) => k !== topic.primaryKeyword);
  return {
    brandId,
    brandName: brand.brandName,
    topicNode: topic.nodeId,
    queryText: topic.primaryKeyword,
    aiModelId,
    inputParams: {
      ...body,
      node_id: topic.nodeId,
      brand_id: brandId,
      ai_model_id: aiModelId,
      selected_serp_data: serp.entries,
      serp_source: serp.source,
      serp_data_source: serp.dataSource,
      serp_features: serpFeaturesOf(stored),
      user_provided_keywords: body.user_provided_keywords ?? others,
      content_info_context: { topic: { name: topic.name, path: topic.path, type: topic.type, keywords: topic.keywords } },
    },
  };
}

export async function generateAuthority(ctx: RequestContext, brandId: string, body: AuthorityBody) {
  const { brandName, ...fields } = await authorityBrief(ctx, brandId, body);
  const { brief, creditsCharged } = await generateBrief(ctx, fields);
  return startedView(brief, brandName, creditsCharged);
}

export async function createAuthorityDraft(ctx: RequestContext, brandId: string, body: AuthorityBody) {
  const { brandName, ...fields } = await authorityBrief(ctx, brandId, body);
  const brief = await createDraft(ctx, fields);
  return draftView(brief, brandName, await warningsOf(ctx, brief));
}
