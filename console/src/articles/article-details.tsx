// The article's title and the directions for its next drafting, the other fields PATCH
// /content/articles/{id}/ takes besides the editorial state. The directions are read by the next
// drafting (Regenerate), not applied to the text already drafted.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type SubmitEvent } from "react";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { WriteButton } from "../ui/can-write";

export function ArticleDetails({ article }: { article: Schemas["Article"] }) {
  const client = useClient();
  const queries = useQueryClient();
  const ids = { title: useId(), directions: useId(), hint: useId() };
  const [title, setTitle] = useState(article.title);
  const [directions, setDirections] = useState(article.additional_directions ?? "");
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.PATCH("/api/v1/content/articles/{id}/", {
          params: { path: { id: article.id } },
          body: { title: title.trim(), additional_directions: directions.trim() ? directions.trim() : null },
        }),
      ),
    onSuccess: () => queries.invalidateQueries({ queryKey: ["articles"] }),
  });
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const changed = title.trim() !== article.title || (directions.trim() || null) !== article.additional_directions;
  return (
    <section className="article-part" aria-labelledby="details-title">
      <h2 id="details-title">Title and directions</h2>
      <form className="form" aria-labelledby="details-title" onSubmit={submit}>
        <div className="field">
          <label htmlFor={ids.title}>Title</label>
          <input id={ids.title} value={title} required maxLength={300} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={ids.directions}>Directions for the next drafting</label>
          <textarea
            id={ids.directions}
            rows={3}
            value={directions}
            aria-describedby={ids.hint}
            onChange={(event) => setDirections(event.target.value)}
          />
          <p className="hint" id={ids.hint}>
            Read when the article is drafted again (Regenerate); the current text is not changed.
          </p>
        </div>
        {save.error ? <ErrorNotice error={save.error} /> : null}
        <div className="buttons start">
          <WriteButton scope="content:write" type="submit" disabled={save.isPending || !changed || !title.trim()}>
            Save title and directions
          </WriteButton>
        </div>
      </form>
    </section>
  );
}
