// The printed form of bench/http.ts's figures: a small aligned table, then the comparison.
import type { Figures } from "./measure";

export interface Row {
  name: string;
  figures: Figures;
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ");
}

export function table(rows: Row[]): string {
  const header = ["route", "req/s", "p50 ms", "p99 ms", "server CPU us/req", "requests", "non-2xx", "errors"];
  const body = rows.map(({ name, figures: f }) => [
    name,
    f.requestsPerSecond.toFixed(0),
    f.p50Ms.toFixed(1),
    f.p99Ms.toFixed(1),
    f.serverCpuUsPerRequest === null ? "-" : f.serverCpuUsPerRequest.toFixed(0),
    String(f.requests),
    String(f.non2xx),
    String(f.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i]!.length)));
  return [pad(header, widths), ...body.map((cells) => pad(cells, widths))].join("\n");
}

export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
