// The time windows of the admin analytics, as pure functions: a window is a number of whole UTC
// days ending with today (today included, so far), chosen by `days` or by a named `period` that
// overrides it; series have one point per day of the window, days without data included.

export const PERIODS = ["today", "week", "month"] as const;
export type Period = (typeof PERIODS)[number];

/** The days each period stands for: `week` is the same window as `days=7`, `month` as `days=30`. */
export const PERIOD_DAYS: Readonly<Record<Period, number>> = { today: 1, week: 7, month: 30 };

export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 365;

const DAY_MS = 86_400_000;

export interface DayWindow {
  /** Days in the window (today included). */
  days: number;
  /** The period asked for, or null when `days` chose the window. */
  period: Period | null;
  /** The first day's start (UTC midnight): inclusive. */
  start: Date;
  /** The start of the day after today: exclusive. */
  end: Date;
  /** The first and last days as `YYYY-MM-DD`. */
  firstDay: string;
  lastDay: string;
}

/** `YYYY-MM-DD` of the UTC day a time falls on. */
export function isoDay(time: Date | number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD` of the UTC day `offset` days after the one `day` names. */
export function addDays(day: string, offset: number): string {
  return isoDay(Date.parse(`${day}T00:00:00.000Z`) + offset * DAY_MS);
}

/** The window of `days` UTC days (or of `period`, which overrides it) that ends with the day of `now`. */
export function dayWindow(query: { days?: number; period?: Period }, now: Date): DayWindow {
  const period = query.period ?? null;
  const days = period ? PERIOD_DAYS[period] : (query.days ?? DEFAULT_DAYS);
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) throw new RangeError(`days must be 1..${MAX_DAYS}`);
  const lastDay = isoDay(now);
  const firstDay = addDays(lastDay, -(days - 1));
  return {
    days,
    period,
    start: new Date(`${firstDay}T00:00:00.000Z`),
    end: new Date(`${addDays(lastDay, 1)}T00:00:00.000Z`),
    firstDay,
    lastDay,
  };
}

/** Every day of the window, oldest first. */
export function windowDays(window: DayWindow): string[] {
  return Array.from({ length: window.days }, (_, i) => addDays(window.firstDay, i));
}

/**
 * One value per day of the window, oldest first: the count given for the day, or 0 for a day
 * without one. Counts for days outside the window are left out.
 */
export function dailySeries(window: DayWindow, counts: Iterable<{ day: string; count: number }>): Array<{ date: string; count: number }> {
  const byDay = new Map<string, number>();
  for (const { day, count } of counts) byDay.set(day, (byDay.get(day) ?? 0) + count);
  return windowDays(window).map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}

/** The window fields every windowed response starts with. */
export function windowFields(window: DayWindow): { days: number; period: Period | null; start: string; end: string } {
  return { days: window.days, period: window.period, start: window.start.toISOString(), end: window.end.toISOString() };
}
