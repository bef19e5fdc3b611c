// How long a graceful stop waits for the jobs running in the process; the ones still running then
// are retried later (jobs are durable). Its own module: the command line reads it without loading
// the queue.
export const JOB_DRAIN_SECONDS = 20;
