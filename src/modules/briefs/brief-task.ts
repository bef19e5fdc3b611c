// Brief generation as a task. The first phase writes the outline, then (unless the brief is
// interactive, which stops for review there) the optional parts; the second phase, after a
// review, writes the parts for the reviewed outline. Each phase stores what it made, and the
// brief's outcome, in the transaction that completes its task; a failure is the task's
// (refunded by the runner, FAILED by derivation: status.ts).
import { eq } from "drizzle-orm";
import Type from "typebox";
import { inWorkspace } from "../../platform/db/workspace";
import { defineTask, type TaskContext } from "../../platform/tasks/define-task";
import { TaskFailure } from "../../platform/tasks/runner";
import type { BriefOutline, BriefParts } from "../../providers/generation/types";
import { failureReason } from "../../providers/llm/advice";
import { LlmError } from "../../providers/llm/types";
import { findTaskBrand } from "../brands";
import { briefInputOf, reviewedOutline } from "./brief-input";
import { groundedResult } from "./grounded-result";
import { gatherGrounding, type GatheredGrounding } from "./grounding";
import { briefs, type BriefOutcome, type BriefRow } from "./table";

export const BRIEF_TASK_TYPE = "brief_generation";

/** The longest meta description a search result shows whole. */
const META_DESCRIPTION_LIMIT = 160;

/** The meta description within the limit, cut at a word where it must be cut. */
function fitMetaDescription(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= META_DESCRIPTION_LIMIT) return clean;
  const cut = clean.slice(0, META_DESCRIPTION_LIMIT - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > 80 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}

/** Keeps the outline for this task's retries (see briefs.keptOutline). */
async function keepOutline(ctx: TaskContext, briefId: string, outline: BriefOutline): Promise<void> {
  await ctx.db
    .update(briefs)
    .set({ keptOutline: { taskId: ctx.task.id, outline } })
    .where(inWorkspace(ctx, briefs, eq(briefs.id, briefId)));
}

async function taskBrief(ctx: TaskContext, briefId: string): Promise<BriefRow> {
  const [brief] = await ctx.db
    .select()
    .from(briefs)
    .where(inWorkspace(ctx, briefs, eq(briefs.id, briefId)));
  if (!brief) throw new TaskFailure("The brief no longer exists.");
  return brief;
}

/** A provider's failure as the task's: transient ones (timeout, 429, 5xx) are retried. */
async function generating<T>(doing: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof LlmError) throw new TaskFailure(failureReason(doing, err), err.transient);
    throw err;
  }
}

const WRITING_OUTLINE = "The model could not write the brief's outline";
const WRITING_PARTS = "The model could not write the brief's SERP analysis, competitor data and keyword recommendations";

interface Made {
  outline: BriefOutline;
  /** null: the brief stops for review after its outline. */
  parts: BriefParts | null;
  gathered: GatheredGrounding;
}

export const briefTask = defineTask({
  type: BRIEF_TASK_TYPE,
  queue: "brief-generate",
  input: Type.Object({ brief_id: Type.String({ format: "uuid" }), phase: Type.Union([Type.Literal("outline"), Type.Literal("resume")]) }),
  // Five tries in all: a provider that keeps failing ends the brief FAILED with its refund.
  retryLimit: 4,
  retryDelaySeconds: 5,
  expireInSeconds: 15 * 60,
  // A workspace that queues a hundred briefs runs two at a time, leaving workers to the others.
  concurrency: 4,
  perWorkspace: 2,
  async run(ctx, input, progress): Promise<Made> {
    const brief = await taskBrief(ctx, input.brief_id);
    const brand = await findTaskBrand(ctx, brief.brandId);
    const generator = ctx.platform.models.generator(brief.aiModelId);
    // Read first (from the page cache when fresh): the analysis and the outline are written from it.
    const gathered = await gatherGrounding(ctx, brief, (done, total) =>
      progress.report(0, 3, `Reading the pages that rank: ${done} of ${total}`),
    );
    const briefInput = { ...briefInputOf(brief, brand), grounding: gathered.grounding };
    const writeParts = async (outline: BriefOutline): Promise<BriefParts> => {
      await progress.report(2, 3, "Writing the SERP analysis, competitor data and keyword recommendations");
      const parts = await generating(WRITING_PARTS, () => generator.briefParts(briefInput, outline));
      // A part's passing fault is retried as the outline's is (RETRY_PAUSED); only on the last
      // try is the part left null, with why (PARTIAL_COMPLETE).
      const passing = parts.failures.find((failure) => failure.transient);
      if (passing && !ctx.finalAttempt) throw new TaskFailure(passing.error, true);
      return parts;
    };
    if (input.phase === "resume") {
      const reviewed = reviewedOutline(brief);
      return { outline: reviewed, parts: await writeParts(reviewed), gathered };
    }
    // An earlier try of this task wrote the outline before a part failed: the retry builds on it.
    const kept = brief.keptOutline?.taskId === ctx.task.id ? brief.keptOutline.outline : null;
    await progress.report(1, 3, "Writing the analysis and the outline");
    const outline = kept ?? (await generating(WRITING_OUTLINE, () => generator.briefOutline(briefInput)));
    if (brief.inputParams.interactive === true) return { outline, parts: null, gathered };
    if (!kept) await keepOutline(ctx, brief.id, outline);
    return { outline, parts: await writeParts(outline), gathered };
  },
  async commit(ctx, input, { outline, parts, gathered }) {
    const outcome: BriefOutcome =
      parts === null
        ? "AWAITING_OUTLINE_REVIEW"
        : parts.serp_analysis && parts.competitor_data && parts.keyword_recommendations
          ? "COMPLETE"
          : "PARTIAL_COMPLETE";
    const result = groundedResult(outline, parts, gathered);
    const [stored] = await ctx.db
      .update(briefs)
      .set({
        resultJson: result,
        generatedTitle: outline.title,
        generatedMetaDescription: fitMetaDescription(outline.meta_description),
        outcome,
        partFailures: (parts?.failures ?? []).map(({ stage, error }) => ({ stage, error })),
        keptOutline: null,
        updatedAt: new Date(),
      })
      .where(inWorkspace(ctx, briefs, eq(briefs.id, input.brief_id)))
      .returning({ id: briefs.id });
    if (!stored) throw new TaskFailure("The brief no longer exists.");
    return { outcome };
  },
});
