// Creating articles from briefs and starting their draftings. An article's version holds what a
// drafting is made from (the brief's outline at that time, the model, the intent, the enabled
// specialists); a regeneration makes the next version and keeps the previous one readable. Each
// write is one transaction: the article, its version, its sections, the charge and the job.
import { eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { articleCost } from "../../platform/credits/costs";
import { withTransaction } from "../../platform/db/transaction";
import { BadRequest, Conflict, NotFound } from "../../platform/errors";
import { present } from "../../platform/present";
import { lockBrandInWorkspace } from "../brands";
import type { HeaderSection } from "../../providers/generation/types";
import { BRIEF_NOT_FOUND, findBrief, type BriefWithStatus } from "../briefs";
import { searchIntent } from "../maps";
import { articleType, enabledSpecialists, type SpecialistRequest } from "./article-type";
import { articleDraftTask } from "./draft-task";
import { findArticle, type ArticleFilter, type ArticleWithState } from "./queries";
import { articles, articleSections, articleVersions, type ArticleRow } from "./table";

export interface DraftOptions {
  aiModelId: string;
  intent?: string;
  specialists?: SpecialistRequest;
}

/** Which briefs an article may be made from: any, or only authority briefs (of the article's brand). */
export type BriefRule = { authorityOf?: string };

/** The brief's outline: the user's curated one when there is one, else the generated one. */
function outlineOf(brief: BriefWithStatus): HeaderSection[] {
  const curated = brief.curatedBriefJson?.header_sections;
  const generated = brief.resultJson?.header_sections;
  return (Array.isArray(curated) ? curated : Array.isArray(generated) ? generated : []) as HeaderSection[];
}

/** A brief an article can be drafted from, or the 400/404 saying why not. */
async function usableBrief(
  ctx: RequestContext,
  briefId: string,
  rule: BriefRule,
): Promise<{ brief: BriefWithStatus; outline: HeaderSection[] }> {
  const brief = await findBrief(ctx, briefId);
  if (brief.status !== "COMPLETE" && brief.status !== "PARTIAL_COMPLETE") {
    throw new BadRequest(`The brief is ${brief.status}; an article needs a COMPLETE or PARTIAL_COMPLETE brief.`);
  }
  if (rule.authorityOf !== undefined && (brief.topicNode === null || brief.brandId !== rule.authorityOf)) {
    throw new BadRequest("The brief is not an authority brief of this brand.");
  }
  const outline = outlineOf(brief);
  if (outline.length === 0) throw new BadRequest("The brief has no sections to draft.");
  return { brief, outline };
}

/** Writes version `version` of the article: its row and its sections, all `not_started`. */
async function writeVersion(
  tx: RequestContext,
  article: ArticleRow,
  version: number,
  brief: BriefWithStatus,
  outline: HeaderSection[],
  options: DraftOptions | null,
) {
  const type = articleType({ queryText: brief.queryText, searchIntent: searchIntent(brief.queryText.toLowerCase()) });
  const chosen = enabledSpecialists(type, options?.specialists ?? {});
  await tx.db.insert(articleVersions).values({
    articleId: article.id,
    version,
    briefId: brief.id,
    topicNode: brief.topicNode,
    title: article.title,
    aiModelId: options?.aiModelId ?? null,
    intent: options?.intent?.trim() || "human",
    specialists: options ? chosen.enabled : [],
    webResearchMode: chosen.webResearchMode,
    articleType: type,
  });
  await tx.db.insert(articleSections).values(
    outline.map((section, position) => ({
      articleId: article.id,
      version,
      position,
      heading: section.heading,
      level: section.level,
      subheadings: section.subheadings,
      talkingPoints: section.talking_points,
      wordCountTarget: Number.isInteger(section.word_count_target) ? section.word_count_target : null,
    })),
  );
  return chosen;
}

/** Charges and queues the drafting of the article's current version. */
async function startDrafting(tx: RequestContext, article: ArticleRow, specialists: number) {
  const task = await articleDraftTask.start(tx, {
    subjectId: article.id,
    input: { article_id: article.id, version: article.version },
    cost: articleCost(specialists),
    message: "Queued",
  });
  await tx.db.update(articles).set({ taskId: task.id, updatedAt: new Date() }).where(eq(articles.id, article.id));
  return task;
}

/**
 * Keeps the brief's brand, and with it the brief, from being deleted until the transaction
 * commits. Deleted since the brief was read, the article's insert would break its foreign keys
 * (a 500); instead the answer is the 404 a request sent after the delete gets: the brand's on
 * the authority routes (which name the brand), the brief's on the others.
 */
async function holdBriefBrand(tx: RequestContext, brief: BriefWithStatus, rule: BriefRule): Promise<void> {
  try {
    await lockBrandInWorkspace(tx, brief.brandId);
  } catch (err) {
    if (err instanceof NotFound && rule.authorityOf === undefined) throw new NotFound(BRIEF_NOT_FOUND);
    throw err;
  }
}

/** A new article from the brief, drafted at once (`options`) or left `ready` (null). */
export async function createArticle(ctx: RequestContext, briefId: string, rule: BriefRule, options: DraftOptions | null) {
  const { brief, outline } = await usableBrief(ctx, briefId, rule);
  return withTransaction(ctx, async (tx) => {
    await holdBriefBrand(tx, brief, rule);
    const [inserted] = await tx.db
      .insert(articles)
      .values({
        workspaceId: tx.workspace.id,
        userId: tx.userId,
        brandId: brief.brandId,
        briefId: brief.id,
        topicNode: brief.topicNode,
        title: brief.generatedTitle || brief.queryText,
      })
      .returning();
    const article = present(inserted, "the inserted article");
    const chosen = await writeVersion(tx, article, 1, brief, outline, options);
    const task = options ? await startDrafting(tx, article, chosen.enabled.length) : null;
    return { article, task, specialists: chosen };
  });
}

/**
 * Drafts the article again as its next version, from `briefId` when given (which must follow
 * the same rule) or its own brief; 409 while a drafting of it runs.
 */
export async function regenerateArticle(
  ctx: RequestContext,
  id: string,
  where: ArticleFilter,
  rule: BriefRule,
  briefId: string | undefined,
  options: DraftOptions,
) {
  const current = await findArticle(ctx, id, where);
  const source = briefId ?? current.briefId;
  if (!source) throw new BadRequest("The article has no brief to draft from; name one with brief_id.");
  const { brief, outline } = await usableBrief(ctx, source, rule);
  return withTransaction(ctx, async (tx) => {
    // The brand first, as the delete takes it first: the two never wait for each other's second lock.
    await holdBriefBrand(tx, brief, rule);
    const locked: ArticleWithState = await findArticle(tx, id, where, true);
    if (locked.machineState === "in_progress")
      throw new Conflict("A drafting of this article is already in progress; try again when it has finished.");
    const version = locked.version + 1;
    const [updated] = await tx.db
      .update(articles)
      // An authority article follows its new brief's node; a standalone one stays standalone.
      .set({
        version,
        briefId: brief.id,
        topicNode: locked.topicNode === null ? null : brief.topicNode,
        outcome: "ready",
        updatedAt: new Date(),
      })
      .where(eq(articles.id, locked.id))
      .returning();
    // findArticle just locked this row, so the update reaches it.
    const article = present(updated, "the locked article");
    const chosen = await writeVersion(tx, article, version, brief, outline, options);
    const task = await startDrafting(tx, article, chosen.enabled.length);
    return { article, task, specialists: chosen };
  });
}
