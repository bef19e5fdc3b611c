// The writer's own text for the article's sections: one text box per section, its Markdown as
// drafted. What is typed is held by the article view (so its score follows every keystroke) and
// stored with PATCH .../sections/, which checks each section again and answers the new score.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, type SubmitEvent } from "react";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { WriteButton } from "../ui/can-write";

export interface SectionEditorProps {
  article: Schemas["Article"];
  /** Unsaved texts by section id. */
  edits: Readonly<Record<string, string>>;
  onEdit: (sectionId: string, text: string) => void;
  /** Called once the edits are saved (or thrown away). */
  onDone: () => void;
  busy: boolean;
}

export function SectionEditor({ article, edits, onEdit, onDone, busy }: SectionEditorProps) {
  const client = useClient();
  const queries = useQueryClient();
  const titleId = useId();
  const changed = article.sections.filter((s) => edits[s.id] !== undefined && edits[s.id] !== (s.ai_draft ?? ""));
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.PATCH("/api/v1/content/articles/{id}/sections/", {
          params: { path: { id: article.id } },
          body: { sections: changed.map((s) => ({ id: s.id, ai_draft: edits[s.id] ?? "" })) },
        }),
      ),
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ["articles", article.id] });
      onDone();
    },
  });
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <section className="article-part" aria-labelledby={titleId}>
      <h2 id={titleId}>Edit the text</h2>
      <form className="form section-editor" aria-labelledby={titleId} onSubmit={submit}>
        <p className="hint">Markdown. The score above follows what you type; saving checks each section again.</p>
        {article.sections.map((section, index) => (
          <SectionField key={section.id} index={index} section={section} text={edits[section.id]} onEdit={onEdit} />
        ))}
        {save.error ? <ErrorNotice error={save.error} /> : null}
        <div className="buttons start">
          <WriteButton scope="content:write" type="submit" disabled={busy || save.isPending || changed.length === 0}>
            Save the text
          </WriteButton>
          <button type="button" onClick={onDone} disabled={save.isPending}>
            {changed.length === 0 ? "Close the editor" : "Discard the changes"}
          </button>
        </div>
      </form>
    </section>
  );
}

function SectionField({
  index,
  section,
  text,
  onEdit,
}: {
  index: number;
  section: Schemas["ArticleSection"];
  text: string | undefined;
  onEdit: (sectionId: string, text: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{`Section ${index + 1}: ${section.heading}`}</label>
      <textarea id={id} rows={8} value={text ?? section.ai_draft ?? ""} onChange={(event) => onEdit(section.id, event.target.value)} />
    </div>
  );
}
