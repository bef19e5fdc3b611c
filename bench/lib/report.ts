// The printed form of bench/http.ts's figures: a small aligned table, then the comparison.
import { present } from "../../src/platform/present";
import type { Figures } from "./measure";
import { textTable } from "./text-table";

export interface Row {
  name: string;
  figures: Figures;
}

export function table(rows: Row[]): string {
  const header = ["route", "req/s", "p50 ms", "p99 ms", "server CPU us/req", "DB CPU us/req", "requests", "non-2xx", "errors"];
  const us = (value: number | null) => (value === null ? "-" : value.toFixed(0));
  const body = rows.map(({ name, figures: f }) => [
    name,
    f.requestsPerSecond.toFixed(0),
    f.p50Ms.toFixed(1),
    f.p99Ms.toFixed(1),
    us(f.serverCpuUsPerRequest),
    us(f.databaseCpuUsPerRequest),
    String(f.requests),
    String(f.non2xx),
    String(f.errors),
  ]);
  return textTable(header, body);
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = present(sorted[middle], "the middle value");
  return sorted.length % 2 === 1 ? upper : (present(sorted[middle - 1], "the lower middle value") + upper) / 2;
}

/** The median of a run's measurements, which a run that completed always has. */
export function medianOf(values: readonly number[]): number {
  return present(median(values), "the median of the measurements");
}

/** The value at quantile `q` (0 to 1) of `sorted` (ascending, not empty): the one at index floor(q * n). */
export function quantile(sorted: readonly number[], q: number): number {
  return present(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))], `the ${q} quantile of the values`);
}

/** The value at quantile `q` (0 to 1) of `sorted` (ascending, not empty) by nearest rank: the ceil(q * n)-th. */
export function nearestRank(sorted: readonly number[], q: number): number {
  return present(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))], `the ${q} quantile of the values`);
}

/** Figures of several runs of one route: the median of each figure (counts summed). */
export function medianFigures(runs: readonly Figures[]): Figures {
  const of = (pick: (f: Figures) => number | null) => {
    const values = runs.map(pick).filter((v): v is number => v !== null);
    return values.length === runs.length ? median(values) : null;
  };
  const sum = (pick: (f: Figures) => number) => runs.reduce((total, f) => total + pick(f), 0);
  return {
    requestsPerSecond: of((f) => f.requestsPerSecond) ?? 0,
    p50Ms: of((f) => f.p50Ms) ?? 0,
    p99Ms: of((f) => f.p99Ms) ?? 0,
    requests: sum((f) => f.requests),
    non2xx: sum((f) => f.non2xx),
    errors: sum((f) => f.errors),
    serverCpuUsPerRequest: of((f) => f.serverCpuUsPerRequest),
    databaseCpuUsPerRequest: of((f) => f.databaseCpuUsPerRequest),
  };
}

export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
