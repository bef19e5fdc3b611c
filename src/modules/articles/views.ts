// The wire shapes of articles (spec "Article (list item)", "Article (detail)", "Article section",
// "Article generation progress").
import type { ContentScore } from "../../platform/content-score";
import type { ModelUsageView } from "../../platform/tasks/usage-read";
import { draftKindOf } from "./draft-kind";
import type { ArticleWithState } from "./queries";
import type { ArticleSectionRow, ArticleVersionRow } from "./table";

/** `topic_node` only on authority articles, as the spec shows it. */
const topicOf = (article: { topicNode: string | null }) => (article.topicNode === null ? {} : { topic_node: article.topicNode });

export function listItemView(article: ArticleWithState, brandName: string) {
  return {
    id: article.id,
    title: article.title,
    brand_id: article.brandId,
    brand_name: brandName,
    machine_state: article.machineState,
    editorial_state: article.editorialState,
    created_at: article.createdAt.toISOString(),
    updated_at: article.updatedAt.toISOString(),
    ...topicOf(article),
  };
}

/**
 * A section's status as the article's state allows: one left `drafting` by a drafting that has
 * ended (failed for good, refunded) was never drafted, so it reads `not_started`.
 */
function statusOf(section: ArticleSectionRow, drafting: boolean): string {
  return section.status === "drafting" && !drafting ? "not_started" : section.status;
}

/**
 * Why a section of a drafting that failed for good was not drafted: the section the failure hit
 * (still marked `drafting`) carries the failure; those after it were never reached.
 */
export interface DraftingFailure {
  error: string;
}

function notDraftedBecause(section: ArticleSectionRow, failure: DraftingFailure | null): string[] {
  if (failure === null) return [];
  if (section.status === "drafting") return [`Not drafted: ${failure.error}`];
  if (section.status === "not_started") return ["Not drafted: the drafting stopped at an earlier section."];
  return [];
}

function sectionView(section: ArticleSectionRow, drafting: boolean, failure: DraftingFailure | null = null) {
  return {
    id: section.id,
    position: section.position,
    heading: section.heading,
    level: section.level,
    status: statusOf(section, drafting),
    ai_draft: section.aiDraft,
    word_count_target: section.wordCountTarget,
    subheadings: section.subheadings,
    problems: [...section.problems, ...notDraftedBecause(section, failure)],
  };
}

/** The current drafting's failure, when it failed for good: the article's own explanation. */
function failureOf(article: ArticleWithState): DraftingFailure | null {
  return article.taskFailed && article.taskError !== null ? { error: article.taskError } : null;
}

/**
 * `failure` while a failed try waits for its retry (`will_retry`) and once the drafting failed
 * for good (its credits refunded); absent otherwise.
 */
function failureView(article: ArticleWithState) {
  if (article.taskError === null) return {};
  if (article.taskFailed) return { failure: { error: article.taskError, will_retry: false } };
  return article.machineState === "in_progress" ? { failure: { error: article.taskError, will_retry: true } } : {};
}

function specialistsView(version: ArticleVersionRow | null) {
  return {
    specialists: version?.specialists ?? [],
    specialist_results: version?.extras ?? {},
  };
}

export function detailView(
  article: ArticleWithState,
  brandName: string,
  sections: readonly ArticleSectionRow[],
  version: ArticleVersionRow | null,
  usage: ModelUsageView,
  contentScore: ContentScore | null,
) {
  return {
    ...listItemView(article, brandName),
    brief_id: article.briefId,
    additional_directions: article.additionalDirections,
    version: article.version,
    draft_kind: draftKindOf(version?.aiModelId),
    sections: sections.map((section) => sectionView(section, article.machineState === "in_progress", failureOf(article))),
    content_score: contentScore,
    ...specialistsView(version),
    ...failureView(article),
    usage,
  };
}

export function progressView(article: ArticleWithState, sections: readonly ArticleSectionRow[], version: ArticleVersionRow | null) {
  const drafting = article.machineState === "in_progress";
  const count = (status: string) => sections.filter((s) => statusOf(s, drafting) === status).length;
  const approved = count("approved");
  const attention = count("needs_attention");
  const enabled = version?.specialists ?? [];
  const finished = enabled.filter((name) => name in (version?.extras ?? {})).length;
  const drafted = approved + attention;
  return {
    id: article.id,
    machine_state: article.machineState,
    sections_total: sections.length,
    sections_approved: approved,
    sections_drafting: count("drafting"),
    sections_not_started: count("not_started"),
    sections_needs_attention: attention,
    completion_percentage: sections.length === 0 ? 0 : Math.round((1000 * drafted) / sections.length) / 10,
    specialists_running: article.machineState === "in_progress" && drafted === sections.length && finished < enabled.length,
    specialists_complete: finished === enabled.length,
    ...topicOf(article),
    ...failureView(article),
  };
}

/** `drafting`: whether this version is the one being drafted now. */
export function versionView(version: ArticleVersionRow, sections: readonly ArticleSectionRow[], drafting: boolean) {
  return {
    version: version.version,
    title: version.title,
    brief_id: version.briefId,
    ...topicOf(version),
    ai_model_id: version.aiModelId,
    draft_kind: draftKindOf(version.aiModelId),
    intent: version.intent,
    article_type: version.articleType,
    ...specialistsView(version),
    web_research_mode: version.webResearchMode,
    created_at: version.createdAt.toISOString(),
    sections: sections.map((section) => sectionView(section, drafting)),
  };
}
