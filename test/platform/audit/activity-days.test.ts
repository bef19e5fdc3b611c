// The users' active days gathered from audit batches: each (user, UTC day) once, none again once
// stored (for the latest two days), and everything put back when the write failed.
import { describe, expect, it } from "vitest";
import { PendingActivity, utcDayNumber } from "../../../src/platform/audit/activity-days";
import { auditEntry } from "../../helpers/audit-entry";

const DAY = 86_400_000;
const day0 = Date.UTC(2026, 4, 6);
const at = (userId: string, ms: number) => auditEntry({ userId, apiKeyId: "k", timestamp: new Date(ms) });
const pairs = (taken: { userIds: string[]; days: number[] }) =>
  taken.userIds.map((u, i) => `${u}@${taken.days[i]! - utcDayNumber(day0)}`).sort();

describe("PendingActivity", () => {
  it("gathers each user once per UTC day, across midnight and batches", () => {
    const activity = new PendingActivity();
    activity.add([at("u", day0 + 5), at("u", day0 + DAY - 1), at("v", day0 + 10)]);
    activity.add([at("u", day0 + DAY), at("u", day0 + DAY + 7)]);
    expect(activity.size).toBe(3);
    expect(pairs(activity.take())).toEqual(["u@0", "u@1", "v@0"]);
    expect(activity.size).toBe(0);
    expect(utcDayNumber(day0 - 1)).toBe(utcDayNumber(day0) - 1);
  });

  it("gathers nothing again for a pair stored, and forgets days older than the latest two", () => {
    const activity = new PendingActivity();
    activity.add([at("u", day0), at("v", day0)]);
    activity.markStored(activity.take());
    activity.add([at("u", day0 + 60_000), at("w", day0 + 60_000)]);
    expect(pairs(activity.take())).toEqual(["w@0"]);

    activity.markStored({ userIds: ["u"], days: [utcDayNumber(day0 + 2 * DAY)] });
    activity.add([at("u", day0 + 1), at("u", day0 + 2 * DAY + 1)]);
    expect(pairs(activity.take())).toEqual(["u@0"]);
  });

  it("puts back what could not be written", () => {
    const activity = new PendingActivity();
    activity.add([at("u", day0)]);
    const taken = activity.take();
    activity.add([at("v", day0 + DAY)]);
    activity.restore(taken);
    expect(pairs(activity.take())).toEqual(["u@0", "v@1"]);
    activity.markStored({ userIds: [], days: [] });
    expect(activity.size).toBe(0);
  });
});
