// A writer's own text for an article's sections: each edited section replaces its draft, is
// checked again by the drafting's own rules (section-check.ts) and takes the status and problems
// they give, and the article's outcome follows (`draft_done` once every section is approved,
// else `incomplete`). Refused while a drafting runs: its next section would race the edit.
import { and, eq } from "drizzle-orm";
import type { RequestContext } from "../../platform/context";
import { withTransaction } from "../../platform/db/transaction";
import { BadRequest, Conflict } from "../../platform/errors";
import { findArticle, sectionsOf } from "./queries";
import { checkSection } from "./section-check";
import { articles, articleSections } from "./table";

export interface SectionTextEdit {
  id: string;
  ai_draft: string;
}

/** Stores the edits in one transaction, the article locked; 400 for a section not of its current version. */
export async function editSectionTexts(ctx: RequestContext, articleId: string, edits: readonly SectionTextEdit[]): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const article = await findArticle(tx, articleId, {}, true);
    if (article.machineState === "in_progress") {
      throw new Conflict("The article is being drafted; edit its sections once the drafting has finished.");
    }
    const ids = edits.map((e) => e.id);
    if (new Set(ids).size !== ids.length) throw new BadRequest("Each section may be edited once per request.");
    const sections = await sectionsOf(tx, article.id, article.version);
    const byId = new Map(sections.map((s) => [s.id, s]));
    const unknown = ids.filter((id) => !byId.has(id));
    if (unknown.length > 0) throw new BadRequest(`Not a section of the article's current version: ${unknown.join(", ")}.`);

    const now = new Date();
    const checked = new Map<string, string>();
    for (const edit of edits) {
      const section = byId.get(edit.id);
      if (section === undefined) continue;
      const check = checkSection({ heading: section.heading, draft: edit.ai_draft, wordCountTarget: section.wordCountTarget });
      checked.set(edit.id, check.status);
      await tx.db
        .update(articleSections)
        .set({ aiDraft: edit.ai_draft, status: check.status, problems: check.problems, updatedAt: now })
        .where(and(eq(articleSections.articleId, article.id), eq(articleSections.id, edit.id)));
    }
    const approved = sections.every((s) => (checked.get(s.id) ?? s.status) === "approved");
    await tx.db
      .update(articles)
      .set({ outcome: approved ? "draft_done" : "incomplete", updatedAt: now })
      .where(eq(articles.id, article.id));
  });
}
