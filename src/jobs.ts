// The job registry: every background job of the service.
import type { JobDefinition } from "./platform/jobs/queue";
import { retentionJob, taskReconcileJob } from "./platform/jobs/maintenance";
import { researchGenerationJob } from "./modules/research/jobs";
import { clusteringJob } from "./modules/clustering/jobs";

export const allJobs: JobDefinition[] = [retentionJob, taskReconcileJob, researchGenerationJob, clusteringJob];
