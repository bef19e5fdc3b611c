// Drafting an article as a task: each section of the version, in order, by its own step (marked
// `drafting`, then stored with its checked status in its own write), then each enabled
// specialist. Every step's result is stored as it is made, so a drafting resumed after a worker
// died, or retried after a transient model failure, starts at the first section not drafted and
// the first specialist not run: nothing is drafted or charged twice.
import { and, eq } from "drizzle-orm";
import Type from "typebox";
import { refundCredits } from "../../platform/credits/ledger";
import { inWorkspace } from "../../platform/db/workspace";
import { cutOffRefund } from "./cut-off-refund";
import { defineTask, type TaskContext } from "../../platform/tasks/define-task";
import { TaskFailure } from "../../platform/tasks/runner";
import { chargeReferenceOf } from "../../platform/tasks/tasks";
import { failureReason, whatToCheck } from "../../providers/llm/advice";
import { LlmError } from "../../providers/llm/types";
import { generationContext, findTaskBrand } from "../brands";
import { sensitiveTopicOf, unsourcedFigures } from "../../platform/page-analysis";
import { briefSources, draftMaterial } from "../briefs";
import { draftKindOf } from "./draft-kind";
import { internalLinks } from "./internal-links";
import { checkSection } from "./section-check";
import { sectionMaterial } from "./section-material";
import { skeletonMaterial } from "./skeleton-material";
import { runSpecialist, type SpecialistName } from "./specialist-runner";
import { articles, articleSections, articleVersions, type ArticleOutcome, type ArticleSectionRow } from "./table";

export const ARTICLE_TASK_TYPE = "article_draft";

/** The first problem of a section whose draft was cut off (counted for the refund at the end). */
const CUT_OFF_PROBLEM = "Cut off:";

/**
 * A section's draft, or the model's failure as the task's (transient ones are retried). A draft
 * cut off at its output budget, even with twice the budget, is kept as far as it went with why,
 * so that the section needs attention instead of being taken, and paid for, as whole.
 */
async function drafting(work: () => Promise<string>): Promise<{ draft: string; cutOff: string | null }> {
  try {
    return { draft: await work(), cutOff: null };
  } catch (err) {
    if (err instanceof LlmError && err.kind === "cut_off")
      return { draft: err.partial ?? "", cutOff: `${CUT_OFF_PROBLEM} ${err.message} ${whatToCheck(err)}` };
    if (err instanceof LlmError) throw new TaskFailure(failureReason("The model could not draft the article", err), err.transient);
    throw err;
  }
}

async function setSection(ctx: TaskContext, section: ArticleSectionRow, fields: Partial<ArticleSectionRow>): Promise<void> {
  await ctx.db
    .update(articleSections)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(articleSections.id, section.id));
}

export const articleDraftTask = defineTask({
  type: ARTICLE_TASK_TYPE,
  queue: "article-draft",
  input: Type.Object({ article_id: Type.String({ format: "uuid" }), version: Type.Integer({ minimum: 1 }) }),
  retryLimit: 4,
  retryDelaySeconds: 5,
  expireInSeconds: 60 * 60,
  // A workspace that queues many articles drafts two at a time, leaving workers to the others.
  concurrency: 4,
  perWorkspace: 2,
  async run(ctx, input, progress): Promise<ArticleOutcome> {
    const [article] = await ctx.db
      .select()
      .from(articles)
      .where(inWorkspace(ctx, articles, eq(articles.id, input.article_id)));
    if (!article) throw new TaskFailure("The article no longer exists.");
    const [version] = await ctx.db
      .select()
      .from(articleVersions)
      .where(and(eq(articleVersions.articleId, article.id), eq(articleVersions.version, input.version)));
    if (!version) throw new TaskFailure("The article's version no longer exists.");
    const brand = await findTaskBrand(ctx, article.brandId);
    const sections = await ctx.db
      .select()
      .from(articleSections)
      .where(and(eq(articleSections.articleId, article.id), eq(articleSections.version, input.version)))
      .orderBy(articleSections.position);
    const steps = sections.length + version.specialists.length;
    const generator = ctx.platform.models.generator(version.aiModelId ?? ctx.platform.models.defaultId);
    const brandContext = generationContext(brand);
    // The brief's terms, questions and ranking pages (from the page cache), and the brand's pages to link.
    const material = article.briefId ? await draftMaterial(ctx, article.briefId) : null;
    const links = material ? await internalLinks(ctx, article.brandId, brand.websiteUrl, material) : [];
    const sensitiveTopic = sensitiveTopicOf([material?.query ?? version.title, ...sections.map((s) => s.heading), brand.description ?? ""]);
    const sourceTexts = material?.pages.map((page) => page.text) ?? [];

    for (const [i, section] of sections.entries()) {
      if (section.status === "approved" || section.status === "needs_attention") continue;
      await progress.report(i, steps, `Drafting section ${i + 1} of ${sections.length}: ${section.heading}`);
      await setSection(ctx, section, { status: "drafting" });
      const outline = { heading: section.heading, subheadings: section.subheadings, talkingPoints: section.talkingPoints };
      const grounding = material ? sectionMaterial(material, outline, { first: i === 0, links, sensitiveTopic }) : { sensitiveTopic };
      const { draft, cutOff } = await drafting(() =>
        generator.sectionDraft({
          ...grounding,
          articleTitle: version.title,
          heading: section.heading,
          subheadings: section.subheadings,
          talkingPoints: section.talkingPoints,
          wordCountTarget: section.wordCountTarget ?? 300,
          brand: brandContext,
          intent: [version.intent, article.additionalDirections].filter(Boolean).join(". "),
          previousHeadings: sections.slice(0, i).map((s) => s.heading),
          laterHeadings: sections.slice(i + 1).map((s) => s.heading),
        }),
      );
      const checked =
        cutOff === null
          ? checkSection({
              heading: section.heading,
              draft,
              wordCountTarget: section.wordCountTarget,
              kind: draftKindOf(generator.modelId),
              unsourcedFigures: unsourcedFigures(draft, sourceTexts),
            })
          : { status: "needs_attention" as const, problems: [cutOff] };
      await setSection(ctx, section, { aiDraft: draft, status: checked.status, problems: checked.problems });
      Object.assign(section, { aiDraft: draft, status: checked.status });
    }

    // A skeleton's specialists read its points, questions and sources, not its instructions to the writer.
    const readable = draftKindOf(generator.modelId) === "skeleton" ? skeletonMaterial : (draft: string) => draft;
    const drafted = sections.map((s) => ({ position: s.position, heading: s.heading, draft: readable(s.aiDraft ?? "") }));
    const sources = article.briefId ? await briefSources(ctx, article.briefId) : [];
    const extras = { ...version.extras };
    for (const [j, name] of (version.specialists as SpecialistName[]).entries()) {
      if (name in extras) continue;
      await progress.report(sections.length + j, steps, `Running the ${name.replace(/_/g, " ")} specialist`);
      extras[name] = runSpecialist(name, {
        title: version.title,
        sections: drafted,
        sources,
        brand: brandContext,
        type: version.articleType,
        mode: version.webResearchMode,
      });
      await ctx.db
        .update(articleVersions)
        .set({ extras })
        .where(and(eq(articleVersions.articleId, article.id), eq(articleVersions.version, version.version)));
    }
    return sections.every((s) => s.status === "approved") ? "draft_done" : "incomplete";
  },
  async commit(ctx, input, outcome) {
    const [stored] = await ctx.db
      .update(articles)
      .set({ outcome, updatedAt: new Date() })
      .where(inWorkspace(ctx, articles, eq(articles.id, input.article_id)))
      .returning({ id: articles.id });
    if (!stored) throw new TaskFailure("The article no longer exists.");
    const sections = await ctx.db
      .select({ problems: articleSections.problems })
      .from(articleSections)
      .where(and(eq(articleSections.articleId, input.article_id), eq(articleSections.version, input.version)));
    const refund = cutOffRefund(sections.length, sections.filter((s) => s.problems[0]?.startsWith(CUT_OFF_PROBLEM)).length);
    // In the transaction that completes the task: the drafting is paid for what it delivered, once.
    const credits_refunded = refund > 0 ? await refundCredits(ctx, { referenceId: chargeReferenceOf(ctx.task), amount: refund }) : 0;
    return { outcome, credits_refunded };
  },
});
