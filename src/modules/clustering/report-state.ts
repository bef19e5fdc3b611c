// How a report's task reads on the wire (docs/conventions.md §7): `status`, the task `state`, percent
// progress and a message. Pure, so every endpoint that shows a report's state agrees.

const SERP_BATCH_SIZE = 100;

/** SERP fetching goes in batches of 100 keywords; the clustering itself is one more step. */
export function batchCount(keywordCount: number): number {
  return Math.ceil(keywordCount / SERP_BATCH_SIZE);
}

export function inBatches<T>(items: readonly T[], size = SERP_BATCH_SIZE): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

type ReportStatus = "in_progress" | "completed" | "failed";
type ReportState = "PENDING" | "STARTED" | "SUCCESS" | "FAILURE";

export interface TaskProgressView {
  status: string;
  progressCurrent: number;
  progressTotal: number;
  message: string;
  error: string | null;
}

export interface ReportStateView {
  status: ReportStatus;
  state: ReportState;
  /** Percent, 0 to 100, one decimal. */
  progress: number;
  message: string;
}

const FAILED: { status: ReportStatus; state: ReportState } = { status: "failed", state: "FAILURE" };

const BY_TASK_STATUS: Record<string, { status: ReportStatus; state: ReportState }> = {
  queued: { status: "in_progress", state: "PENDING" },
  running: { status: "in_progress", state: "STARTED" },
  completed: { status: "completed", state: "SUCCESS" },
  failed: FAILED,
};

export function reportState(task: TaskProgressView): ReportStateView {
  const mapped = BY_TASK_STATUS[task.status] ?? FAILED;
  if (mapped.status === "completed") return { ...mapped, progress: 100, message: "Clustering completed." };
  if (mapped.status === "failed") return { ...mapped, progress: percent(task), message: task.error ?? "Clustering failed." };
  return { ...mapped, progress: percent(task), message: task.message };
}

function percent(task: TaskProgressView): number {
  if (task.progressTotal <= 0) return 0;
  const ratio = Math.min(1, Math.max(0, task.progressCurrent / task.progressTotal));
  return Math.round(ratio * 1000) / 10;
}
