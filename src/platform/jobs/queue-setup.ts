// What a start must change in pg-boss's queues and schedules to match the job definitions. Every
// start used to create, update and schedule every queue (three statements a queue, and each update
// empties pg-boss's queue cache, which then costs a read a queue to refill); on a database that
// already holds what the definitions ask for, none of that is needed. Pure: the queue reads the
// rows once and applies what this returns.

/** The queue options canopy sets; pg-boss's defaults stand for the rest. */
interface WantedQueueOptions {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  heartbeatSeconds: number;
  notify: boolean;
}

export interface WantedQueue {
  name: string;
  options: WantedQueueOptions;
  /** Cron expression (UTC) of a recurring job. */
  cron?: string;
}

/** The fields of a stored queue that canopy sets, as pg-boss's getQueues() reads them. */
export type StoredQueue = { name: string } & { [K in keyof WantedQueueOptions]?: WantedQueueOptions[K] | null };

/** A stored schedule, as pg-boss's getSchedules() reads it. */
export interface StoredSchedule {
  name: string;
  key: string;
  cron: string;
  timezone: string;
  data?: object | null;
}

export interface QueueChanges {
  /** Queues to create (a no-op for one that exists) and update to the wanted options. */
  upsert: WantedQueue[];
  /** Recurring queues whose schedule is missing or differs. */
  schedule: { name: string; cron: string }[];
}

const OPTION_KEYS: (keyof WantedQueueOptions)[] = [
  "retryLimit",
  "retryDelay",
  "retryBackoff",
  "expireInSeconds",
  "heartbeatSeconds",
  "notify",
];

function sameOptions(stored: StoredQueue, wanted: WantedQueueOptions): boolean {
  return OPTION_KEYS.every((key) => stored[key] === wanted[key]);
}

/** A schedule canopy makes: the queue's cron, in UTC, with no data and no key. */
function sameSchedule(stored: StoredSchedule | undefined, cron: string): boolean {
  return (
    stored !== undefined &&
    stored.cron === cron &&
    stored.timezone === "UTC" &&
    (stored.data === null || stored.data === undefined || Object.keys(stored.data).length === 0)
  );
}

export function queueChanges(wanted: WantedQueue[], queues: StoredQueue[], schedules: StoredSchedule[]): QueueChanges {
  const storedQueues = new Map(queues.map((queue) => [queue.name, queue]));
  const storedSchedules = new Map(schedules.filter((schedule) => schedule.key === "").map((schedule) => [schedule.name, schedule]));
  const upsert: WantedQueue[] = [];
  const schedule: QueueChanges["schedule"] = [];
  for (const queue of wanted) {
    const stored = storedQueues.get(queue.name);
    if (!stored || !sameOptions(stored, queue.options)) upsert.push(queue);
    if (queue.cron !== undefined && !sameSchedule(storedSchedules.get(queue.name), queue.cron))
      schedule.push({ name: queue.name, cron: queue.cron });
  }
  return { upsert, schedule };
}
