// The analytics windows and daily series: whole UTC days ending with today, `period` over `days`,
// every day of the window in the series, zeros included.
import { describe, expect, it } from "vitest";
import { addDays, dailySeries, dayWindow, isoDay, windowDays, windowFields } from "../../../src/modules/analytics/window";

const NOW = new Date("2026-03-02T17:45:12.345Z");

describe("dayWindow", () => {
  it("ends with today (UTC) and starts at midnight of its first day", () => {
    const w = dayWindow({ days: 3 }, NOW);
    expect(w).toMatchObject({ days: 3, period: null, firstDay: "2026-02-28", lastDay: "2026-03-02" });
    expect(w.start.toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(w.end.toISOString()).toBe("2026-03-03T00:00:00.000Z");
    expect(windowFields(w)).toEqual({ days: 3, period: null, start: "2026-02-28T00:00:00.000Z", end: "2026-03-03T00:00:00.000Z" });
  });

  it("defaults to 30 days and lets a period override days", () => {
    expect(dayWindow({}, NOW)).toMatchObject({ days: 30, firstDay: "2026-02-01" });
    expect(dayWindow({ days: 200, period: "today" }, NOW)).toMatchObject({
      days: 1,
      period: "today",
      firstDay: "2026-03-02",
      lastDay: "2026-03-02",
    });
    expect(dayWindow({ period: "week" }, NOW)).toMatchObject({ days: 7, period: "week", firstDay: "2026-02-24" });
    expect(dayWindow({ period: "month" }, NOW)).toMatchObject({ days: 30, period: "month", firstDay: "2026-02-01" });
  });

  it("takes the day of a time at the very edges of a UTC day", () => {
    expect(dayWindow({ days: 1 }, new Date("2026-03-02T00:00:00.000Z")).firstDay).toBe("2026-03-02");
    expect(dayWindow({ days: 1 }, new Date("2026-03-02T23:59:59.999Z")).firstDay).toBe("2026-03-02");
  });

  it("spans a year across a leap day", () => {
    const w = dayWindow({ days: 365 }, new Date("2028-12-31T12:00:00Z"));
    expect(w.firstDay).toBe("2028-01-02");
    expect(windowDays(w)).toHaveLength(365);
    expect(windowDays(w)).toContain("2028-02-29");
  });

  it("refuses days outside 1..365 (the route's schema answers 400 before)", () => {
    for (const days of [0, 366, 1.5, -1]) expect(() => dayWindow({ days }, NOW)).toThrow(RangeError);
  });
});

describe("dailySeries", () => {
  it("has every day of the window, oldest first, with 0 for days without a count", () => {
    const w = dayWindow({ days: 4 }, NOW);
    const series = dailySeries(w, [
      { day: "2026-03-01", count: 2 },
      { day: "2026-02-27", count: 5 },
      { day: "2026-03-03", count: 9 },
    ]);
    expect(series).toEqual([
      { date: "2026-02-27", count: 5 },
      { date: "2026-02-28", count: 0 },
      { date: "2026-03-01", count: 2 },
      { date: "2026-03-02", count: 0 },
    ]);
  });

  it("adds up two counts given for one day", () => {
    const w = dayWindow({ period: "today" }, NOW);
    expect(
      dailySeries(w, [
        { day: "2026-03-02", count: 1 },
        { day: "2026-03-02", count: 2 },
      ]),
    ).toEqual([{ date: "2026-03-02", count: 3 }]);
  });
});

describe("day arithmetic", () => {
  it("moves across months and years in UTC", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(isoDay(Date.UTC(2026, 0, 1) - 1)).toBe("2025-12-31");
  });
});
