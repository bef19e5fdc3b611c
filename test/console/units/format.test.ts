// Dates are written one way on every screen: a moment is the day as a date is written, then the time.
import { describe, expect, it } from "vitest";
import { formatDay, formatMoment } from "../../../console/src/ui/format";

describe("the console's dates", () => {
  it("writes a moment as its day, written as a date is, then the time of day", () => {
    const iso = "2026-11-27T10:41:07.000Z";
    const day = formatDay(iso);
    expect(day).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    expect(formatMoment(iso)).toMatch(new RegExp(`^${day}, \\d{2}:\\d{2}:\\d{2}$`));
  });
});
