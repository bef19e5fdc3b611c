// Every minute: fails and refunds the tasks whose job ended or died while nobody polled their
// status (tasks.ts reconcileOpenTasks). The tasks' own job, so the job queue knows nothing of tasks.
import { defineJob } from "../jobs/queue";
import { reconcileOpenTasks } from "./tasks";

/** Fails and refunds tasks whose job died without anyone polling their status. */
export const taskReconcileJob = defineJob({
  name: "platform-task-reconcile",
  cron: "* * * * *",
  retryLimit: 0,
  async handler(ctx) {
    const failed = await reconcileOpenTasks(ctx);
    if (failed > 0) ctx.log.warn({ failed }, "failed and refunded tasks whose jobs had ended");
  },
});
