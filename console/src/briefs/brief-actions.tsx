// What can be done with a brief in its status: a draft is generated (after its cost is
// confirmed), and a finished brief has an article written from it, in the article flow's own
// form, which opens the new article when drafting starts.
import { unwrap } from "@canopy/client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Schemas } from "../api";
import { GenerateArticleForm } from "../articles/generate-article-form";
import { useClient } from "../session-context";
import { Dialog } from "../ui/dialog";
import { BRIEF_CREDITS, FINISHED } from "./brief-status";
import { ConfirmCost } from "../ui/confirm-cost";
import { WriteButton } from "../ui/can-write";

export function BriefActions({ brief }: { brief: Schemas["Brief"] }) {
  const client = useClient();
  const queries = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [writing, setWriting] = useState(false);
  const generate = useMutation({
    mutationFn: async () => unwrap(await client.POST("/api/v1/briefs/{id}/generate/", { params: { path: { id: brief.id } } })),
    onSuccess: async () => {
      setConfirming(false);
      await queries.invalidateQueries({ queryKey: ["briefs"] });
      await queries.invalidateQueries({ queryKey: ["me", "credits"] });
    },
  });

  if (brief.status === "DRAFT") {
    return (
      <div className="brief-actions">
        {confirming ? (
          <ConfirmCost
            label="Confirm generation"
            action={`Generate for ${BRIEF_CREDITS} credits`}
            onConfirm={() => generate.mutate()}
            onCancel={() => setConfirming(false)}
            disabled={generate.isPending}
            error={generate.error}
          >
            <p>Generating this brief costs {BRIEF_CREDITS} credits. The credits are refunded if it fails.</p>
          </ConfirmCost>
        ) : (
          <WriteButton
            scope="briefs:write"
            onClick={() => {
              generate.reset();
              setConfirming(true);
            }}
          >
            Generate brief
          </WriteButton>
        )}
      </div>
    );
  }
  if (!FINISHED.has(brief.status)) return null;
  return (
    <div className="brief-actions">
      <WriteButton scope="content:write" className="primary" onClick={() => setWriting(true)}>
        Write an article
      </WriteButton>
      <Dialog title="Write an article" open={writing} onClose={() => setWriting(false)}>
        <GenerateArticleForm briefId={brief.id} onCancel={() => setWriting(false)} />
      </Dialog>
    </div>
  );
}
