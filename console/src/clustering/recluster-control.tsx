// Clustering again at another overlap, from the SERP data already stored: free and quick. The
// slider starts at the overlap the shown clusters were made with.
import { useState, type SubmitEvent } from "react";
import { ErrorNotice } from "../ui/error-notice";
import { OverlapSlider } from "./overlap-slider";
import { WriteButton } from "../ui/can-write";

export function ReclusterControl({
  current,
  busy,
  error,
  onRecluster,
}: {
  current: number;
  busy: boolean;
  error: unknown;
  onRecluster: (overlap: number) => void;
}) {
  const [overlap, setOverlap] = useState(current);
  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onRecluster(overlap);
  };
  return (
    <form className="recluster" aria-label="Recluster" onSubmit={submit}>
      <OverlapSlider label="Overlap to recluster at" value={overlap} onChange={setOverlap} disabled={busy} />
      <WriteButton scope="clustering:write" type="submit" disabled={busy}>
        Recluster
      </WriteButton>
      <p className="hint">Free: it uses the search results already fetched.</p>
      {error ? <ErrorNotice error={error} /> : null}
    </form>
  );
}
