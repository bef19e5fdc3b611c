// The wire shapes of briefs (spec "Brief (list item)", "Brief (detail)").
import { present } from "../../platform/present";
import { NO_USAGE, type ModelUsageView } from "../../platform/tasks/usage-read";
import type { BriefWithStatus } from "./queries";
import type { BriefRow } from "./table";
import type { ContentWarning } from "./warnings";

function listItemView(brief: BriefWithStatus, brandName: string) {
  return {
    id: brief.id,
    query_text: brief.queryText,
    brand_name: brandName,
    status: brief.status,
    generated_title: brief.generatedTitle,
    generated_meta_description: brief.generatedMetaDescription,
    created_at: brief.createdAt.toISOString(),
    updated_at: brief.updatedAt.toISOString(),
  };
}

/** `topic_node` only on authority briefs, as the spec shows it. */
const topicOf = (brief: BriefWithStatus) => (brief.topicNode === null ? {} : { topic_node: brief.topicNode });

/** An item of the workspace-wide list: authority briefs say their node. */
export function briefListItem(brief: BriefWithStatus, brandName: string) {
  return { ...listItemView(brief, brandName), ...topicOf(brief) };
}

/** An item of a brand's authority briefs, which were selected for having a node. */
export function authorityItemView(brief: BriefWithStatus, brandName: string) {
  return { ...listItemView(brief, brandName), topic_node: present(brief.topicNode, "the node of an authority brief") };
}

/**
 * `_meta.data_source`: where the brief's SERP came from ("selected", "offline" or "dataforseo"),
 * recorded when it was made. Briefs made before it was recorded say nothing.
 */
function serpDataSource(brief: BriefWithStatus) {
  const source = brief.inputParams.serp_data_source;
  return typeof source === "string" ? { _meta: { data_source: source } } : {};
}

/**
 * Why the brief is not (yet) done: `failure` while a failed try waits for its retry
 * (RETRY_PAUSED) or once it failed for good (FAILED), with the phase that failed; `part_failures`
 * for each optional part a PARTIAL_COMPLETE brief lacks. Absent when there is nothing to explain.
 */
function failuresOf(brief: BriefWithStatus) {
  const failing = brief.status === "FAILED" || brief.status === "RETRY_PAUSED";
  const failure =
    failing && brief.taskError !== null
      ? {
          failure: {
            // After a review, or once this task kept its outline, what failed was a part.
            stage:
              brief.taskPhase === "resume" || (brief.keptOutline !== null && brief.keptOutline.taskId === brief.taskId)
                ? ("parts" as const)
                : ("outline" as const),
            error: brief.taskError,
            will_retry: brief.status === "RETRY_PAUSED",
          },
        }
      : {};
  const parts = brief.status === "PARTIAL_COMPLETE" && brief.partFailures.length > 0 ? { part_failures: brief.partFailures } : {};
  return { ...failure, ...parts };
}

/** `usage`: the tokens of every model call the brief's tasks made (subjectUsage). */
export function detailView(brief: BriefWithStatus, brandName: string, usage: ModelUsageView, warnings: readonly ContentWarning[]) {
  return {
    ...serpDataSource(brief),
    ...listItemView(brief, brandName),
    result_json: brief.resultJson ?? null,
    curated_brief_json: brief.curatedBriefJson ?? null,
    input_params: brief.inputParams,
    ...topicOf(brief),
    ...failuresOf(brief),
    warnings,
    usage,
  };
}

/** A draft just made: no task yet, so nothing failed and no model was called. */
export function draftView(brief: BriefRow, brandName: string, warnings: readonly ContentWarning[]) {
  return detailView({ ...brief, status: "DRAFT", taskError: null, taskPhase: null }, brandName, NO_USAGE, warnings);
}

export function statusView(brief: BriefWithStatus) {
  return {
    id: brief.id,
    status: brief.status,
    query_text: brief.queryText,
    generated_title: brief.generatedTitle,
    ...topicOf(brief),
    ...failuresOf(brief),
  };
}

/** The 202 of a generation: the brief, now PENDING and charged (authority briefs name their node). */
export function startedView(brief: { id: string; queryText: string; topicNode: string | null }, brandName: string, creditsCharged: number) {
  return {
    id: brief.id,
    status: "PENDING" as const,
    query_text: brief.queryText,
    brand_name: brandName,
    ...(brief.topicNode === null ? {} : { node_id: brief.topicNode }),
    credits_charged: creditsCharged,
    message: "Brief generation started. Poll the status endpoint for progress.",
  };
}
