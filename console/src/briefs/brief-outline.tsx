// A finished brief's outline, and its curated edit: the API keeps the user's edit beside the
// generated brief (curated_brief_json, PATCH /briefs/{id}/) and drafts articles from it when
// there is one, so the outline shown is the curated one where it exists.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { outlineOf, type OutlineSection } from "./brief-model";
import { OutlineEditor } from "./outline-editor";
import { WriteButton } from "../ui/can-write";

function OutlineList({ sections, label }: { sections: readonly OutlineSection[]; label: string }) {
  return (
    <ol className="outline" aria-label={label}>
      {sections.map((section, index) => (
        <li key={index} className={`outline-item level-${section.level}`}>
          <span className="outline-item-heading">{section.heading}</span>
          <span className="hint">
            {" "}
            · {section.level === "h3" ? "subsection" : "section"}, about {section.word_count_target} words
          </span>
          {section.talking_points.length > 0 ? (
            <ul className="talking-points">
              {section.talking_points.map((point, i) => (
                <li key={i}>{point}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function CuratedOutline({ brief }: { brief: Schemas["Brief"] }) {
  const client = useClient();
  const queries = useQueryClient();
  const [editing, setEditing] = useState(false);
  const curated = outlineOf(brief.curated_brief_json);
  const shown = curated.length > 0 ? curated : outlineOf(brief.result_json);
  const save = useMutation({
    mutationFn: async (sections: OutlineSection[]) =>
      unwrap(
        await client.PATCH("/api/v1/briefs/{id}/", {
          params: { path: { id: brief.id } },
          // The edit has the result's structure: its other parts kept, its outline replaced.
          body: { curated_brief_json: { ...(brief.curated_brief_json ?? brief.result_json ?? {}), header_sections: sections } },
        }),
      ),
    onSuccess: async (saved) => {
      queries.setQueryData(["briefs", brief.id, "detail", saved.status], saved);
      setEditing(false);
      await queries.invalidateQueries({ queryKey: ["briefs", brief.id] });
    },
  });

  return (
    <section className="brief-part" aria-labelledby="outline-title">
      <div className="part-head">
        <h2 id="outline-title">Outline</h2>
        {!editing ? (
          <WriteButton
            scope="briefs:write"
            onClick={() => {
              save.reset();
              setEditing(true);
            }}
          >
            Edit outline
          </WriteButton>
        ) : null}
      </div>
      <p className="hint">
        {curated.length > 0
          ? "Your edited outline: articles are drafted from it."
          : "The generated outline. Edit it to change what articles are drafted from."}
      </p>
      {editing ? (
        <OutlineEditor
          label="Curated outline editor"
          initial={shown}
          submitLabel="Save outline"
          pending={save.isPending}
          error={save.error}
          onSubmit={(sections) => save.mutate(sections)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <OutlineList sections={shown} label="Final outline" />
      )}
    </section>
  );
}
