// The outline review of an interactive brief (AWAITING_OUTLINE_REVIEW): the generated outline,
// reordered and edited here, is sent with POST /briefs/{id}/resume/, which replaces the outline
// and lets the brief go on to its SERP analysis, competitors and keywords. Resuming is free.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { outlineOf, type OutlineSection } from "./brief-model";
import { OutlineEditor } from "./outline-editor";

export function OutlineReview({ brief }: { brief: Schemas["Brief"] }) {
  const client = useClient();
  const queries = useQueryClient();
  const resume = useMutation({
    mutationFn: async (sections: OutlineSection[]) =>
      unwrap(await client.POST("/api/v1/briefs/{id}/resume/", { params: { path: { id: brief.id } }, body: { header_sections: sections } })),
    onSuccess: async (status) => {
      queries.setQueryData(["briefs", brief.id, "status"], status);
      await queries.invalidateQueries({ queryKey: ["briefs"] });
    },
  });
  return (
    <section className="brief-part" aria-labelledby="review-title">
      <h2 id="review-title">Review the outline</h2>
      <p className="hint">
        Reorder the sections with the arrow buttons, rewrite headings, then resume: the SERP analysis, competitors and keywords are written
        for this outline. Resuming costs nothing more.
      </p>
      <OutlineEditor
        label="Outline review"
        initial={outlineOf(brief.result_json)}
        submitLabel="Resume with this outline"
        pending={resume.isPending}
        error={resume.error}
        onSubmit={(sections) => resume.mutate(sections)}
      />
    </section>
  );
}
