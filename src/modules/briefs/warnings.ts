// What a strategist should know before a brief (or an article drafted from it) goes to a writer:
// that another brief or another node of the brand's map already targets the same keyword (two
// pages of one site competing for one search), and that the topic is one where a wrong statement
// can hurt the reader (health, legal, finance).
import { and, eq, ne, sql } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { inWorkspace } from "../../platform/db/workspace";
import { sensitiveTopicOf } from "../../platform/page-analysis";
import { normalizeKeyword } from "../../platform/text/keyword";
import type { SensitiveTopic } from "../../providers/generation/types";
import { nodesTargeting } from "../authority";
import { briefs } from "./table";

export type ContentWarning =
  | {
      code: "cannibalisation";
      message: string;
      keyword: string;
      targeted_by: { type: "brief" | "node"; id: string; name: string }[];
    }
  | { code: "sensitive_topic"; message: string; topic: SensitiveTopic };

const SENSITIVE_MESSAGES: Record<SensitiveTopic, string> = {
  health:
    "A health topic: every claim and figure needs a source, and the article should send readers to a qualified professional rather than advise them.",
  legal: "A legal topic: every rule, fee and deadline needs a source, and the article should say that a reader's own case needs a lawyer.",
  finance: "A finance topic: every rate, price and limit needs a source, and the article should not tell readers to buy or sell anything.",
};

interface TargetingBrief {
  id: string;
  brandId: string;
  queryText: string;
  topicNode: string | null;
}

/** Other briefs of the brand, and nodes of its map other than the brief's own, that target its keyword. */
async function cannibalisation(ctx: RequestContext, brief: TargetingBrief): Promise<ContentWarning[]> {
  const keyword = normalizeKeyword(brief.queryText);
  const others = await ctx.db
    .select({ id: briefs.id, queryText: briefs.queryText })
    .from(briefs)
    .where(
      inWorkspace(
        ctx,
        briefs,
        and(eq(briefs.brandId, brief.brandId), ne(briefs.id, brief.id), sql`lower(${briefs.queryText}) = ${keyword}`),
      ),
    );
  const nodes = (await nodesTargeting(ctx, brief.brandId, keyword)).filter((node) => node.nodeId !== brief.topicNode);
  const targetedBy = [
    ...others.map((other) => ({ type: "brief" as const, id: other.id, name: other.queryText })),
    ...nodes.map((node) => ({ type: "node" as const, id: node.nodeId, name: node.name })),
  ];
  if (targetedBy.length === 0) return [];
  const what = [
    others.length > 0 ? `${others.length} other brief${others.length === 1 ? "" : "s"}` : "",
    nodes.length > 0 ? `${nodes.length} node${nodes.length === 1 ? "" : "s"} of the map` : "",
  ]
    .filter(Boolean)
    .join(" and ");
  return [
    {
      code: "cannibalisation",
      message: `"${keyword}" is already targeted by ${what}: two pages of one site would compete for the same search. Merge them, or give this one another keyword.`,
      keyword,
      targeted_by: targetedBy,
    },
  ];
}

/** The notice of a health, legal or finance topic, decided from its query, headings and brand description. */
export function sensitiveWarnings(texts: readonly string[]): ContentWarning[] {
  const topic = sensitiveTopicOf(texts);
  return topic === null ? [] : [{ code: "sensitive_topic", message: SENSITIVE_MESSAGES[topic], topic }];
}

/** `texts`: the outline's headings and the brand's description, which with the query decide the topic's field. */
export async function contentWarnings(ctx: RequestContext, brief: TargetingBrief, texts: readonly string[]): Promise<ContentWarning[]> {
  return [...(await cannibalisation(ctx, brief)), ...sensitiveWarnings([brief.queryText, ...texts])];
}

/** The warnings of the brief an article was drafted from (its id only), with the article's own texts. */
export async function briefWarnings(ctx: RequestContext, briefId: string, texts: readonly string[]): Promise<ContentWarning[]> {
  const [brief] = await ctx.db
    .select({ id: briefs.id, brandId: briefs.brandId, queryText: briefs.queryText, topicNode: briefs.topicNode })
    .from(briefs)
    .where(inWorkspace(ctx, briefs, eq(briefs.id, briefId)));
  return brief ? contentWarnings(ctx, brief, texts) : sensitiveWarnings(texts);
}
