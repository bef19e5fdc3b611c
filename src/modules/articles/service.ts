// Articles: reads (with sections, progress and versions), drafting from a brief, regeneration,
// editorial edits, and the rendered text (Markdown or HTML). The routes of both workflows call
// these; the authority ones pass the brand the article must belong to.
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { withTransaction } from "../../platform/db/transaction";
import { NotFound } from "../../platform/errors";
import { StreamedReply } from "../../platform/http/formats";
import { assertKnownModel } from "../../providers/models/registry";
import { brandNames, findBrand } from "../brands";
import { briefWarnings, sensitiveWarnings, type ContentWarning } from "../briefs";
import { present } from "../../platform/present";
import { slugify } from "../../platform/text/slug";
import { findArticle, sectionsOf, selectArticles, versionOf, versionsOf, type ArticleFilter, type ArticleWithState } from "./queries";
import { ARTICLE_HTML_CSP, toHtml, toMarkdown } from "./render";
import { articles } from "./table";
import { draftMeta } from "./placeholder";
import { subjectUsage } from "../../platform/tasks/usage-read";
import { ARTICLE_TASK_TYPE } from "./draft-task";
import { articleContentScore } from "./content-score";
import { editSectionTexts, type SectionTextEdit } from "./section-edits";
import { detailView, listItemView, progressView, versionView } from "./views";
import { createArticle, regenerateArticle, type BriefRule, type DraftOptions } from "./writes";

export type TextFormat = "json" | "markdown" | "html";

const VERSION_NOT_FOUND = "This version of the article does not exist.";

/** The brief's warnings (cannibalisation, sensitive topic), judged with the article's own headings. */
async function articleWarnings(ctx: RequestContext, brandId: string, briefId: string | null, texts: string[]): Promise<ContentWarning[]> {
  const brand = await findBrand(ctx, brandId);
  const withBrand = [...texts, brand.description ?? ""];
  return briefId === null ? sensitiveWarnings(withBrand) : briefWarnings(ctx, briefId, withBrand);
}

async function nameOf(ctx: RequestContext, article: { brandId: string }): Promise<string> {
  return (await brandNames(ctx, [article.brandId])).get(article.brandId) ?? "";
}

export async function listArticles(ctx: RequestContext, filter: Pick<ArticleFilter, "brandId" | "search" | "authority">) {
  const rows = await selectArticles(ctx, filter);
  const names = await brandNames(ctx, [...new Set(rows.map((r) => r.brandId))]);
  return rows.map((row) => listItemView(row, names.get(row.brandId) ?? ""));
}

/** The article, as JSON or rendered: Markdown or a small HTML document named after its title. */
export async function articleDetail(ctx: RequestContext, id: string, where: ArticleFilter = {}, format: TextFormat = "json") {
  const article = await findArticle(ctx, id, where);
  const sections = await sectionsOf(ctx, article.id, article.version);
  const version = await versionOf(ctx, article.id, article.version);
  if (format === "json") {
    // Every drafting of the article, all versions: what the article has cost in tokens so far.
    const usage = await subjectUsage(ctx, ARTICLE_TASK_TYPE, article.id);
    const score = await articleContentScore(ctx, sections, version?.briefId ?? article.briefId);
    const warnings = await articleWarnings(ctx, article.brandId, version?.briefId ?? article.briefId, [
      article.title,
      ...sections.map((s) => s.heading),
    ]);
    return withDraftMeta(ctx, { ...detailView(article, await nameOf(ctx, article), sections, version, usage, score), warnings }, version);
  }
  const extras = version?.extras.intro_key_takeaways as { intro?: string; key_takeaways?: string[] } | undefined;
  const renderable = {
    title: article.title,
    sections: sections.map((s) => ({ heading: s.heading, level: s.level as "h2" | "h3", draft: s.aiDraft })),
    extras,
  };
  const [text, type, extension] =
    format === "markdown" ? [toMarkdown(renderable), "text/markdown", "md"] : [toHtml(renderable), "text/html", "html"];
  const filename = `${slugify(article.title) || "article"}.${extension}`;
  const headers: Record<string, string> = { "content-disposition": `inline; filename="${filename}"` };
  // Shown inline in a browser, so the HTML is held to what it is: text and one style.
  if (format === "html") headers["content-security-policy"] = ARTICLE_HTML_CSP;
  return new StreamedReply(`${type}; charset=utf-8`, () => Readable.from([text]), headers);
}

export async function articleStatus(ctx: RequestContext, id: string, where: ArticleFilter = {}) {
  const article = await findArticle(ctx, id, where);
  const version = await versionOf(ctx, article.id, article.version);
  return withDraftMeta(ctx, progressView(article, await sectionsOf(ctx, article.id, article.version), version), version);
}

/** The view with `_meta` saying whether its version is an offline placeholder draft. */
function withDraftMeta<V extends object>(
  ctx: RequestContext,
  view: V,
  version: { aiModelId: string | null } | null,
): V & { _meta?: Record<string, unknown> } {
  const meta = version ? draftMeta(ctx.platform.models, version.aiModelId) : {};
  return Object.keys(meta).length > 0 ? { ...view, _meta: meta } : view;
}

function assertModel(ctx: RequestContext, options: DraftOptions): void {
  assertKnownModel(ctx.platform.models, options.aiModelId);
}

function startedView(
  article: { id: string; briefId: string | null; title: string; topicNode: string | null },
  taskId: string,
  creditsCharged: number,
  status: "generating" | "regenerating",
  dropped: string[],
) {
  const skipped = dropped.length > 0 ? ` Specialists not used for this type of article: ${dropped.join(", ")}.` : "";
  return {
    id: article.id,
    brief_id: article.briefId,
    title: article.title,
    task_id: taskId,
    status,
    ...(article.topicNode === null ? {} : { topic_node: article.topicNode }),
    credits_charged: creditsCharged,
    message: `Drafting started. Poll the status endpoint for progress.${skipped}`,
  };
}

export async function generateArticle(ctx: RequestContext, briefId: string, rule: BriefRule, options: DraftOptions) {
  assertModel(ctx, options);
  const { article, task, specialists } = await createArticle(ctx, briefId, rule, options);
  // With options, createArticle always starts the drafting.
  const started = present(task, "the drafting task");
  return startedView(article, started.id, started.creditsCharged, "generating", specialists.dropped);
}

export async function articleFromBrief(ctx: RequestContext, briefId: string) {
  // Read back in the creating transaction: a brand deleted right after the commit takes the new
  // article with it, and the answer must still be the article that was created, not a 404.
  return withTransaction(ctx, async (tx) => {
    const { article } = await createArticle(tx, briefId, {}, null);
    return articleDetail(tx, article.id);
  });
}

export async function regenerate(
  ctx: RequestContext,
  id: string,
  where: ArticleFilter,
  rule: BriefRule,
  briefId: string | undefined,
  options: DraftOptions,
) {
  assertModel(ctx, options);
  const { article, task, specialists } = await regenerateArticle(ctx, id, where, rule, briefId, options);
  return startedView(article, task.id, task.creditsCharged, "regenerating", specialists.dropped);
}

export interface ArticleEdit {
  title?: string;
  editorial_state?: string;
  additional_directions?: string | null;
}

export async function editArticle(ctx: RequestContext, id: string, edit: ArticleEdit) {
  await withTransaction(ctx, async (tx) => {
    const article: ArticleWithState = await findArticle(tx, id, {}, true);
    await tx.db
      .update(articles)
      .set({
        ...(edit.title === undefined ? {} : { title: edit.title.trim() }),
        ...(edit.editorial_state === undefined ? {} : { editorialState: edit.editorial_state }),
        ...(edit.additional_directions === undefined ? {} : { additionalDirections: edit.additional_directions }),
        updatedAt: new Date(),
      })
      .where(eq(articles.id, article.id));
  });
  return articleDetail(ctx, id);
}

/** The writer's text for some sections (section-edits.ts), answered with the article and its new score. */
export async function editSections(ctx: RequestContext, id: string, edits: readonly SectionTextEdit[]) {
  await editSectionTexts(ctx, id, edits);
  return articleDetail(ctx, id);
}

export async function listVersions(ctx: RequestContext, id: string) {
  const article = await findArticle(ctx, id);
  const versions = await versionsOf(ctx, article.id);
  const drafting = (v: { version: number }) => article.machineState === "in_progress" && v.version === article.version;
  return Promise.all(versions.map(async (v) => versionView(v, await sectionsOf(ctx, article.id, v.version), drafting(v))));
}

export async function versionDetail(ctx: RequestContext, id: string, n: number) {
  const article = await findArticle(ctx, id);
  const version = await versionOf(ctx, article.id, n);
  if (!version) throw new NotFound(VERSION_NOT_FOUND);
  return { ...versionView(version, await sectionsOf(ctx, article.id, n), article.machineState === "in_progress" && n === article.version) };
}
