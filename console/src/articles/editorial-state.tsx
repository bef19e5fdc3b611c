// The article's editorial state, the user's own (draft, in review, approved, published), set
// with PATCH /content/articles/{id}/ whatever the drafting's state.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { Schemas } from "../api";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { EDITORIAL_STATES, editorialLabel, type EditorialState as State } from "./article-states";
import { WriteButton } from "../ui/can-write";

const isState = (value: string): value is State => EDITORIAL_STATES.some((state) => state.value === value);

export function EditorialState({ article }: { article: Schemas["Article"] }) {
  const client = useClient();
  const queries = useQueryClient();
  const field = useId();
  const [picked, setPicked] = useState<State | null>(null);
  const chosen = picked ?? (isState(article.editorial_state) ? article.editorial_state : "draft");
  const save = useMutation({
    mutationFn: async (state: State) =>
      unwrap(
        await client.PATCH("/api/v1/content/articles/{id}/", { params: { path: { id: article.id } }, body: { editorial_state: state } }),
      ),
    onSuccess: async () => {
      setPicked(null);
      await queries.invalidateQueries({ queryKey: ["articles"] });
    },
  });
  return (
    <section className="article-part" aria-labelledby="editorial-title">
      <h2 id="editorial-title">Editorial state</h2>
      <p aria-live="polite">
        Now: <strong>{editorialLabel(article.editorial_state)}</strong>
      </p>
      <div className="inline-fields">
        <label htmlFor={field}>Change the editorial state to</label>
        <select
          id={field}
          value={chosen}
          onChange={(event) => {
            if (isState(event.target.value)) setPicked(event.target.value);
          }}
        >
          {EDITORIAL_STATES.map((state) => (
            <option key={state.value} value={state.value}>
              {state.label}
            </option>
          ))}
        </select>
        <WriteButton
          scope="content:write"
          disabled={save.isPending || chosen === article.editorial_state}
          onClick={() => save.mutate(chosen)}
        >
          Save state
        </WriteButton>
      </div>
      {save.error ? <ErrorNotice error={save.error} /> : null}
    </section>
  );
}
