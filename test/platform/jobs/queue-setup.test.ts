// A start writes only the queues and schedules that differ from what is stored.
import { describe, expect, it } from "vitest";
import { queueChanges, type StoredQueue, type StoredSchedule, type WantedQueue } from "../../../src/platform/jobs/queue-setup";

const options = { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 900, heartbeatSeconds: 20, notify: true };
const wanted: WantedQueue[] = [
  { name: "a", options },
  { name: "b", options: { ...options, retryLimit: 0 }, cron: "* * * * *" },
];
// What pg-boss reads back for queues made from `wanted`, with fields canopy does not set.
const stored = (queue: WantedQueue): StoredQueue => ({
  name: queue.name,
  ...queue.options,
  ...{ policy: "standard", retentionSeconds: 1_209_600 },
});
const scheduled: StoredSchedule[] = [{ name: "b", key: "", cron: "* * * * *", timezone: "UTC", data: null }];

describe("queueChanges", () => {
  it("asks for nothing when every queue and schedule is stored as wanted", () => {
    expect(queueChanges(wanted, wanted.map(stored), scheduled)).toEqual({ upsert: [], schedule: [] });
  });

  it("creates every queue and schedule on a new database", () => {
    expect(queueChanges(wanted, [], [])).toEqual({ upsert: wanted, schedule: [{ name: "b", cron: "* * * * *" }] });
  });

  it("updates a queue whose stored options differ, and only that one", () => {
    const queues = [stored(wanted[0]!), { ...stored(wanted[1]!), expireInSeconds: 60 }];
    expect(queueChanges(wanted, queues, scheduled).upsert.map((q) => q.name)).toEqual(["b"]);
  });

  it("reschedules a schedule whose cron, time zone or data differ", () => {
    for (const change of [{ cron: "*/5 * * * *" }, { timezone: "Europe/Paris" }, { data: { x: 1 } }]) {
      expect(queueChanges(wanted, wanted.map(stored), [{ ...scheduled[0]!, ...change }]).schedule).toEqual([
        { name: "b", cron: "* * * * *" },
      ]);
    }
  });

  it("does not take a keyed schedule of the queue for its own", () => {
    expect(queueChanges(wanted, wanted.map(stored), [{ ...scheduled[0]!, key: "other" }]).schedule).toEqual([
      { name: "b", cron: "* * * * *" },
    ]);
  });
});
