// Shared by the article tests: a completed brief to draft from, and running an article's job.
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { articles } from "../../../src/modules/articles/table";
import type { Platform } from "../../../src/platform/context";
import type { Harness, Schemas } from "../../helpers/harness";
import { runJob } from "../../helpers/jobs";
import { generate, runBrief, SERP } from "../briefs/helpers";
import type { Owner } from "../clustering/helpers";

/** A COMPLETE standalone brief for `query` (offline generator). */
export async function completeBrief(
  h: Harness,
  owner: Owner,
  brandId: string,
  query: string,
  body: Record<string, unknown> = {},
): Promise<string> {
  const started = await generate(h, owner, { query_text: query, brand_id: brandId, selected_serp_data: SERP, ...body });
  await runBrief(h, started.id);
  return started.id;
}

async function articleTask(h: Harness, articleId: string): Promise<string> {
  const [article] = await h.testDb.database.db.select({ taskId: articles.taskId }).from(articles).where(eq(articles.id, articleId));
  return article!.taskId!;
}

/** Runs the article's current drafting job in this process, on delivery `retryCount`. */
export async function runArticle(h: Harness, articleId: string, options: { retryCount?: number; platform?: Platform } = {}): Promise<void> {
  await runJob(h, "article-draft", await articleTask(h, articleId), options);
}

export async function progressOf(h: Harness, owner: Owner, articleId: string) {
  const res = await h.request("GET", `/api/v1/content/articles/${articleId}/status/`, { key: owner.key });
  expect(res.statusCode, res.payload).toBe(200);
  return res.json<Schemas["ArticleProgress"]>();
}
