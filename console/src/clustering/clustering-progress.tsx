// A clustering's progress as its status endpoint reports it (a percent: SERP batches of 100
// keywords, then the clustering step), or why it failed. Nothing while it is done.
import type { Schemas } from "../api";
import { JobProgress } from "../ui/job-progress";

type Status = Pick<Schemas["ClusteringStatus"], "status" | "progress" | "message">;

export function ClusteringProgress({ status }: { status: Status | null | undefined }) {
  if (status?.status === "in_progress") {
    return (
      <JobProgress message={status.message || "Clustering queued"} current={status.progress} total={100}>
        <p className="hint">{Math.round(status.progress)}% done</p>
      </JobProgress>
    );
  }
  if (status?.status === "failed") {
    return (
      <div className="notice notice-error" role="alert">
        <p>The clustering failed: {status.message || "no reason was given"}.</p>
        <p className="remedy">Its credits were refunded. Try again, or recluster from the results kept before.</p>
      </div>
    );
  }
  return null;
}
