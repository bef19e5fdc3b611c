// The job registry: every background job of the service.
import type { JobDefinition } from "./platform/jobs/queue";
import { retentionJob } from "./platform/jobs/maintenance";
import { taskReconcileJob } from "./platform/tasks/reconcile-job";
import { researchGenerationTask } from "./modules/research/generation-task";
import { clusteringTask } from "./modules/clustering/clustering-task";
import { useBrandMapWriter } from "./modules/clustering";
import { clusteringMapWriter } from "./modules/maps";
import { briefTask } from "./modules/briefs/brief-task";
import { articleDraftTask } from "./modules/articles/draft-task";

// A brand clustering writes the brand's topical map; maps provides the writer (clustering/brand-map.ts).
useBrandMapWriter(clusteringMapWriter);

export const allJobs: JobDefinition[] = [retentionJob, taskReconcileJob, researchGenerationTask.job, clusteringTask.job, briefTask.job, articleDraftTask.job];
