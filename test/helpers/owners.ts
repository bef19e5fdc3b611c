// What many suites set up on the harness: a funded owner, a run with no rate limits, and a wait
// for a stored task to finish. Here once, for every suite to import.
import { getTask } from "../../src/platform/tasks/tasks";
import type { Harness } from "./harness";
import { poll } from "./poll";

type Owner = Awaited<ReturnType<Harness["userWithKey"]>>;

/** Suites that send many requests per key run without limits; limits are tested in test/platform/http/wire.api.test.ts. */
export const NO_LIMITS = { RATE_LIMITS: "Developer=1000000,Integration=1000000,Admin=1000000" };

/** A fresh user with every user scope and `credits` granted. */
export async function fundedOwner(h: Harness, credits: number): Promise<Owner> {
  const owner = await h.userWithKey();
  if (credits > 0) await h.grant(owner.user, credits);
  return owner;
}

/** How long a stored task may take to finish on a busy machine before a test gives up. */
const TASK_DEADLINE_MS = 120_000;

/** The stored task once it has finished (completed or failed). */
export async function waitForTask(h: Harness, taskId: string) {
  return poll(`task ${taskId} to finish`, TASK_DEADLINE_MS, async () => {
    const task = await getTask(h.testDb.database.db, taskId);
    return task && (task.status === "completed" || task.status === "failed") ? task : undefined;
  });
}
