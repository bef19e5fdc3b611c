// Drafting the article again: a new version from its brief (the previous ones stay readable),
// with the model and specialists chosen and the cost confirmed in a dialog. An article created
// without drafting ("ready") is drafted the same way, for the first time.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../api";
import { useModels } from "../briefs/model-select";
import { useClient } from "../session-context";
import { Dialog } from "../ui/dialog";
import { ErrorNotice } from "../ui/error-notice";
import { CostSentence, DraftOptions, type DraftChoice } from "./draft-options";
import { creditsFor, specialistsBody, type SpecialistName } from "./specialists";
import { WriteButton } from "../ui/can-write";

export function Regenerate({ article, busy }: { article: Schemas["Article"]; busy: boolean }) {
  const client = useClient();
  const queries = useQueryClient();
  const models = useModels();
  const [open, setOpen] = useState(false);
  // The last drafting's specialists, as a starting point each time the dialog opens.
  const lastChoice = (): DraftChoice => ({
    model: "",
    specialists: new Set(article.specialists as SpecialistName[]),
    researchMode: "basic",
  });
  const [choice, setChoice] = useState<DraftChoice>(lastChoice);
  const model = choice.model || models.data?.default_model || "";
  const first = article.machine_state === "ready";
  const regenerate = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.POST("/api/v1/content/articles/{id}/generate/", {
          params: { path: { id: article.id } },
          body: { ai_model_id: model, specialists: specialistsBody(choice.specialists, choice.researchMode) },
        }),
      ),
    onSuccess: async () => {
      setOpen(false);
      await queries.invalidateQueries({ queryKey: ["articles"] });
      await queries.invalidateQueries({ queryKey: ["me", "credits"] });
    },
  });
  const verb = first ? "Draft" : "Regenerate";
  return (
    <>
      <WriteButton
        scope="content:write"
        disabled={busy}
        onClick={() => {
          regenerate.reset();
          setChoice(lastChoice());
          setOpen(true);
        }}
      >
        {first ? "Draft article" : "Regenerate"}
      </WriteButton>
      <Dialog title={first ? "Draft the article" : "Regenerate the article"} open={open} onClose={() => setOpen(false)}>
        <div className="form">
          <p className="hint">
            {first
              ? "The sections are drafted from the brief."
              : "A new version is drafted from the brief; this one stays readable under Versions."}
          </p>
          <DraftOptions value={choice} onChange={setChoice} />
          <fieldset className="confirm" aria-label={`Confirm ${verb.toLowerCase()}`}>
            <CostSentence choice={choice} />
          </fieldset>
          {regenerate.error ? <ErrorNotice error={regenerate.error} /> : null}
          <div className="buttons">
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <WriteButton
              scope="content:write"
              className="primary"
              disabled={regenerate.isPending || !model}
              onClick={() => regenerate.mutate()}
            >
              {verb} for {creditsFor(choice.specialists)} credits
            </WriteButton>
          </div>
        </div>
      </Dialog>
    </>
  );
}
