// Reading articles with their derived machine state, their sections and their versions, always
// within the caller's workspace; a single article's task is reconciled with its job first.
import { and, asc, desc, eq, ilike, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { tasks } from "../../platform/db/schema";
import type { HasDb } from "../../platform/db/transaction";
import { escapeLike } from "../../platform/db/like";
import { inWorkspace } from "../../platform/db/workspace";
import { readTaskBacked } from "../../platform/tasks/task-backed";
import { machineStateSql, type MachineState } from "./machine-state";
import { articles, articleSections, articleVersions, type ArticleRow, type ArticleSectionRow, type ArticleVersionRow } from "./table";

const ARTICLE_NOT_FOUND = "Article not found or you do not have access to it.";

/**
 * An article with its derived machine state and, from its current task, why that task last
 * failed (`taskError`) and whether it failed for good (`taskFailed`) or waits for a retry.
 */
export type ArticleWithState = ArticleRow & { machineState: MachineState; taskError: string | null; taskFailed: boolean };

export interface ArticleFilter {
  id?: string;
  brandId?: string;
  search?: string;
  /** true: authority articles only; false: standalone only; undefined: both. */
  authority?: boolean;
}

function conditions(filter: ArticleFilter): (SQL | undefined)[] {
  const search = filter.search?.trim();
  return [
    filter.id === undefined ? undefined : eq(articles.id, filter.id),
    filter.brandId === undefined ? undefined : eq(articles.brandId, filter.brandId),
    filter.authority === undefined ? undefined : filter.authority ? isNotNull(articles.topicNode) : isNull(articles.topicNode),
    search ? ilike(articles.title, `%${escapeLike(search)}%`) : undefined,
  ];
}

export async function selectArticles(ctx: HasDb & Pick<RequestContext, "workspace">, filter: ArticleFilter): Promise<ArticleWithState[]> {
  const rows = await ctx.db
    .select({
      article: articles,
      machineState: machineStateSql,
      taskError: tasks.error,
      taskFailed: sql<boolean>`coalesce(${tasks.status} = 'failed', false)`,
    })
    .from(articles)
    .leftJoin(tasks, eq(tasks.id, articles.taskId))
    .where(inWorkspace(ctx, articles, ...conditions(filter)))
    .orderBy(desc(articles.createdAt), desc(articles.id));
  return rows.map(({ article, ...state }) => ({ ...article, ...state }));
}

/** One article, its task reconciled first; 404 outside the workspace or not of the wanted kind. */
export async function findArticle(
  ctx: RequestContext,
  id: string,
  where: Omit<ArticleFilter, "id"> = {},
  lock = false,
): Promise<ArticleWithState> {
  return readTaskBacked(
    ctx,
    {
      read: async () => (await selectArticles(ctx, { ...where, id }))[0],
      lock: () =>
        ctx.db
          .select({ id: articles.id })
          .from(articles)
          .where(inWorkspace(ctx, articles, eq(articles.id, id)))
          .for("update"),
      notFound: ARTICLE_NOT_FOUND,
    },
    lock,
  );
}

export async function sectionsOf(ctx: HasDb, articleId: string, version: number): Promise<ArticleSectionRow[]> {
  return ctx.db
    .select()
    .from(articleSections)
    .where(and(eq(articleSections.articleId, articleId), eq(articleSections.version, version)))
    .orderBy(asc(articleSections.position));
}

export async function versionOf(ctx: HasDb, articleId: string, version: number): Promise<ArticleVersionRow | null> {
  const [row] = await ctx.db
    .select()
    .from(articleVersions)
    .where(and(eq(articleVersions.articleId, articleId), eq(articleVersions.version, version)));
  return row ?? null;
}

export async function versionsOf(ctx: HasDb, articleId: string): Promise<ArticleVersionRow[]> {
  return ctx.db.select().from(articleVersions).where(eq(articleVersions.articleId, articleId)).orderBy(desc(articleVersions.version));
}
