// Creating briefs and moving them along: each write is one transaction with the brief's row
// locked, so two requests for one brief take turns and see each other's result. A transition
// the brief's status does not allow answers 409 naming the status. A new brief is inserted with
// its brand locked against deletion in the same transaction (lockBrandInWorkspace).
import { eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { CREDIT_COSTS } from "../../platform/credits/costs";
import { withTransaction } from "../../platform/db/transaction";
import { Conflict } from "../../platform/errors";
import { present } from "../../platform/present";
import { lockBrandInWorkspace } from "../brands";
import type { HeaderSection } from "../../providers/generation/types";
import { briefTask } from "./brief-task";
import { findBrief, type BriefFilter, type BriefWithStatus } from "./queries";
import type { BriefStatus } from "./status";
import { briefs, type BriefRow } from "./table";

export interface NewBrief {
  brandId: string;
  topicNode: string | null;
  queryText: string;
  inputParams: Record<string, unknown>;
  aiModelId: string;
}

function refuse(brief: BriefWithStatus, action: string, allowed: readonly BriefStatus[]): never {
  throw new Conflict(`The brief is ${brief.status}; only a brief in ${allowed.join(" or ")} can be ${action}.`);
}

/** Inserts the brief in the caller's transaction, its brand locked first: a brand deleted meanwhile is a 404. */
async function insertBrief(tx: RequestContext, fields: NewBrief): Promise<BriefRow> {
  await lockBrandInWorkspace(tx, fields.brandId);
  const [row] = await tx.db
    .insert(briefs)
    .values({ workspaceId: tx.workspace.id, userId: tx.userId, ...fields })
    .returning();
  return present(row, "the inserted brief");
}

/** Charges and queues the brief's generation; the brief's status follows its task from here. */
async function startGeneration(tx: RequestContext, brief: BriefRow): Promise<number> {
  const task = await briefTask.start(tx, {
    subjectId: brief.id,
    input: { brief_id: brief.id, phase: "outline" },
    cost: CREDIT_COSTS.brief,
    progressTotal: 2,
    message: "Queued",
  });
  await tx.db.update(briefs).set({ taskId: task.id, updatedAt: new Date() }).where(eq(briefs.id, brief.id));
  return task.creditsCharged;
}

/** A new brief, charged and queued (PENDING). */
export async function generateBrief(ctx: RequestContext, fields: NewBrief): Promise<{ brief: BriefRow; creditsCharged: number }> {
  return withTransaction(ctx, async (tx) => {
    const brief = await insertBrief(tx, fields);
    return { brief, creditsCharged: await startGeneration(tx, brief) };
  });
}

/** A new brief to generate later (DRAFT): nothing charged. */
export async function createDraft(ctx: RequestContext, fields: NewBrief): Promise<BriefRow> {
  return withTransaction(ctx, (tx) => insertBrief(tx, fields));
}

/** Generates a DRAFT brief: charged and queued like a new one. */
export async function startDraft(
  ctx: RequestContext,
  id: string,
  where: BriefFilter,
): Promise<{ brief: BriefWithStatus; creditsCharged: number }> {
  return withTransaction(ctx, async (tx) => {
    const brief = await findBrief(tx, id, where, true);
    if (brief.status !== "DRAFT") refuse(brief, "generated", ["DRAFT"]);
    return { brief, creditsCharged: await startGeneration(tx, brief) };
  });
}

/**
 * Continues a brief that waits for its outline review, with the reviewed sections when given:
 * a free task whose failure refunds what the brief was charged.
 */
export async function resumeBrief(ctx: RequestContext, id: string, headerSections: HeaderSection[] | undefined): Promise<BriefWithStatus> {
  return withTransaction(ctx, async (tx) => {
    const brief = await findBrief(tx, id, {}, true);
    if (brief.status !== "AWAITING_OUTLINE_REVIEW") refuse(brief, "resumed", ["AWAITING_OUTLINE_REVIEW"]);
    const resultJson = headerSections === undefined ? brief.resultJson : { ...brief.resultJson, header_sections: headerSections };
    const task = await briefTask.start(tx, {
      subjectId: brief.id,
      input: { brief_id: brief.id, phase: "resume" },
      cost: 0,
      // Only the brief's generation task can have left it awaiting the review.
      refundsChargeOf: present(brief.taskId, "the task of a brief awaiting review"),
      progressTotal: 2,
      message: "Queued: continuing after the outline review",
    });
    await tx.db.update(briefs).set({ resultJson, taskId: task.id, updatedAt: new Date() }).where(eq(briefs.id, brief.id));
    return findBrief(tx, id);
  });
}

const CURATABLE: readonly BriefStatus[] = ["AWAITING_OUTLINE_REVIEW", "COMPLETE", "PARTIAL_COMPLETE"];

/** Stores the user's edit of a brief that has a result. */
export async function curateBrief(ctx: RequestContext, id: string, curated: Record<string, unknown>): Promise<BriefWithStatus> {
  return withTransaction(ctx, async (tx) => {
    const brief = await findBrief(tx, id, {}, true);
    if (!CURATABLE.includes(brief.status)) refuse(brief, "edited", CURATABLE);
    await tx.db.update(briefs).set({ curatedBriefJson: curated, updatedAt: new Date() }).where(eq(briefs.id, brief.id));
    return findBrief(tx, id);
  });
}
