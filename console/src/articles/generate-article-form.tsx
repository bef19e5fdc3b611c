// An article drafted from a finished brief (COMPLETE or PARTIAL_COMPLETE): the brief (fixed when
// opened from one), the model and the specialists; the cost is confirmed before it is charged,
// then the new article opens with its drafting under way.
import { unwrap } from "@canopy/client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type SubmitEvent } from "react";
import { useLocation } from "wouter";
import { FINISHED } from "../briefs/brief-status";
import { useModels } from "../briefs/model-select";
import { useClient } from "../session-context";
import { ErrorNotice } from "../ui/error-notice";
import { CostSentence, DraftOptions, type DraftChoice } from "./draft-options";
import { creditsFor, specialistsBody } from "./specialists";
import { ConfirmCost } from "../ui/confirm-cost";
import { WriteButton } from "../ui/can-write";

export function GenerateArticleForm({ briefId, onCancel }: { briefId?: string; onCancel: () => void }) {
  const client = useClient();
  const queries = useQueryClient();
  const [, navigate] = useLocation();
  const models = useModels();
  const briefs = useQuery({
    queryKey: ["briefs", "list", {}],
    queryFn: async () => unwrap(await client.GET("/api/v1/briefs/", { params: { query: {} } })),
    enabled: briefId === undefined,
  });
  const finished = (briefs.data ?? []).filter((brief) => FINISHED.has(brief.status));
  const [picked, setPicked] = useState("");
  const [choice, setChoice] = useState<DraftChoice>({ model: "", specialists: new Set(), researchMode: "basic" });
  const [confirming, setConfirming] = useState(false);
  const briefField = useId();
  const chosenBrief = briefId ?? (picked || finished[0]?.id || "");
  // The API needs a model here (no default applies): the chosen one, else the default.
  const model = choice.model || models.data?.default_model || "";

  const generate = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.POST("/api/v1/content/articles/generate/", {
          body: { brief_id: chosenBrief, ai_model_id: model, specialists: specialistsBody(choice.specialists, choice.researchMode) },
        }),
      ),
    onSuccess: async (started) => {
      await queries.invalidateQueries({ queryKey: ["articles"] });
      await queries.invalidateQueries({ queryKey: ["me", "credits"] });
      navigate(`/articles/${started.id}`);
    },
  });
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    generate.reset();
    setConfirming(true);
  };

  return (
    <form className="form" aria-label="Generate an article" onSubmit={submit}>
      {briefId === undefined ? (
        <div className="field">
          <label htmlFor={briefField}>Brief</label>
          <select id={briefField} value={chosenBrief} required onChange={(event) => setPicked(event.target.value)}>
            {finished.map((brief) => (
              <option key={brief.id} value={brief.id}>
                {brief.generated_title || brief.query_text} ({brief.brand_name})
              </option>
            ))}
          </select>
          {briefs.data && finished.length === 0 ? <p className="field-error">No brief is complete yet: generate one first.</p> : null}
          {briefs.error ? <ErrorNotice error={briefs.error} retry={briefs} /> : null}
        </div>
      ) : null}
      <DraftOptions
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setConfirming(false);
        }}
      />
      {confirming ? (
        <ConfirmCost
          label="Confirm drafting"
          action={`Draft for ${creditsFor(choice.specialists)} credits`}
          cancel="Back"
          onConfirm={() => generate.mutate()}
          onCancel={() => setConfirming(false)}
          disabled={generate.isPending || !model}
          error={generate.error}
        >
          <CostSentence choice={choice} />
        </ConfirmCost>
      ) : (
        <div className="buttons">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <WriteButton scope="content:write" type="submit" disabled={!chosenBrief}>
            Draft article…
          </WriteButton>
        </div>
      )}
    </form>
  );
}
