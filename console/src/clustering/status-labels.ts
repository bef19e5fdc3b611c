// A clustering's status in words, the same on every clustering screen.
import type { Schemas } from "../api";

export const STATUS_LABELS: Record<Schemas["ClusteringStatus"]["status"], string> = {
  in_progress: "Running",
  completed: "Done",
  failed: "Failed",
};
