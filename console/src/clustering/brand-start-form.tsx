// Starting a brand's clustering from its research tree. The cost is counted from the tree as the
// API counts it (every node's keywords, trimmed, lowercased, each once; 1 credit per started 10)
// and confirmed before anything is spent.
import { unwrap } from "@canopy/client";
import { useMutation } from "@tanstack/react-query";
import { useState, type SubmitEvent } from "react";
import { useClient } from "../session-context";
import { clusteringCost } from "../costs";
import { LocaleFields } from "./locale-fields";
import { DEFAULT_OVERLAP, OverlapSlider } from "./overlap-slider";
import { ConfirmCost } from "../ui/confirm-cost";
import { ReadOnlyNote, WriteButton } from "../ui/can-write";

const credits = (n: number) => `${n.toLocaleString("en")} credit${n === 1 ? "" : "s"}`;

export function BrandStartForm({
  brandId,
  keywordCount,
  again,
  onStarted,
}: {
  brandId: string;
  keywordCount: number;
  again: boolean;
  onStarted: (started: { status: "in_progress" | "completed" | "failed"; message: string }) => Promise<void>;
}) {
  const client = useClient();
  const [country, setCountry] = useState("us");
  const [language, setLanguage] = useState("en");
  const [overlap, setOverlap] = useState(DEFAULT_OVERLAP);
  const [confirming, setConfirming] = useState(false);
  const cost = clusteringCost(keywordCount);
  const start = useMutation({
    mutationFn: async () =>
      unwrap(
        await client.POST("/api/v1/authority/{brand_id}/clustering/start/", {
          params: { path: { brand_id: brandId } },
          body: { country: country.trim(), language: language.trim(), overlap_percentage: overlap },
        }),
      ),
    onSuccess: async (started) => {
      setConfirming(false);
      await onStarted(started);
    },
  });
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    start.reset();
    setConfirming(true);
  };
  return (
    <form className="form cluster-form" aria-labelledby="brand-start-title" onSubmit={submit}>
      <h2 id="brand-start-title">{again ? "Cluster the research again" : "Cluster the research"}</h2>
      <p className="hint">
        Clusters the {keywordCount.toLocaleString("en")} keywords of the brand's research tree; when it is done, it writes the brand's
        topical map.
      </p>
      <LocaleFields country={country} language={language} onCountry={setCountry} onLanguage={setLanguage} />
      <OverlapSlider label="Overlap" value={overlap} onChange={setOverlap} />
      <div className="buttons start">
        <WriteButton scope="clustering:write" type="submit" disabled={keywordCount === 0}>
          {again ? "Cluster again" : "Start clustering"}
        </WriteButton>
      </div>
      <ReadOnlyNote scope="clustering:write" />
      {confirming ? (
        <ConfirmCost
          label="Confirm clustering"
          action={`Cluster for ${credits(cost)}`}
          onConfirm={() => start.mutate()}
          onCancel={() => setConfirming(false)}
          disabled={start.isPending}
          error={start.error}
        >
          <p>
            Clustering {keywordCount.toLocaleString("en")} keywords costs {credits(cost)} (1 credit per started 10 keywords)
            {again ? " and replaces the brand's topical map" : ""}. The credits are refunded if it fails.
          </p>
        </ConfirmCost>
      ) : null}
    </form>
  );
}
