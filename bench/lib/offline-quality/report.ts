// The labelled brand set's figures as a compact table, per subject class and overall, with the
// first few failures of each kind named so a reader can see what the numbers count.
import { median } from "../report";
import { textTable } from "../text-table";
import type { BrandQuality } from "./measure";

export interface MeasuredRow {
  brand: string;
  coreTopic: string;
  subjectClass: string;
  quality: BrandQuality;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

function figures(label: string, rows: readonly MeasuredRow[]): string[] {
  const q = rows.map((r) => r.quality);
  const unsafeTerms = sum(q.map((x) => x.unsafe.length));
  const unsafeBrands = q.filter((x) => x.unsafe.length > 0).length;
  const shelves = q.map((x) => x.shopShelf).filter((shelf): shelf is string[] => shelf !== null);
  const ms = q.map((x) => x.ms);
  return [
    label,
    String(rows.length),
    `${unsafeTerms} in ${unsafeBrands}`,
    `${q.filter((x) => x.coreTopicIsKeyword).length} of ${rows.length}`,
    shelves.length === 0 ? "-" : String(sum(shelves.map((shelf) => shelf.length))),
    // A class without brands has no median: its line is left out.
    `${(median(ms) ?? NaN).toFixed(0)} / ${Math.max(...ms).toFixed(0)}`,
  ];
}

export function qualityTable(rows: readonly MeasuredRow[], classes: readonly string[]): string {
  const header = ["class", "brands", "unsafe terms", "topic is kw", "shop-shelf", "ms med / max"];
  const lines = classes
    .map((c) =>
      figures(
        c,
        rows.filter((r) => r.subjectClass === c),
      ),
    )
    .filter((line) => line[1] !== "0");
  return textTable(header, [...lines, figures("all", rows)]);
}

/** The first `limit` failures of each kind, one line each. */
export function qualityExamples(rows: readonly MeasuredRow[], limit: number): string[] {
  const out: string[] = [];
  const take = <T>(title: string, items: T[], line: (item: T) => string) => {
    if (items.length === 0) return;
    out.push(`${title} (${items.length}):`, ...items.slice(0, limit).map((item) => `  ${line(item)}`));
  };
  const cut = (text: string) => (text.length > 110 ? `${text.slice(0, 107)}...` : text);
  take(
    "unsafe terms",
    rows.flatMap((r) => r.quality.unsafe.map((u) => ({ r, u }))),
    ({ r, u }) => `${r.coreTopic}: "${u.term}" (${u.domain}, ${u.mentions}x) in ${u.where}: ${cut(u.text)}`,
  );
  take(
    "core topic not a map keyword",
    rows.filter((r) => !r.quality.coreTopicIsKeyword),
    (r) => r.coreTopic,
  );
  take(
    "shop-shelf sentences",
    rows.flatMap((r) => (r.quality.shopShelf ?? []).map((s) => ({ r, s }))),
    ({ r, s }) => `${r.coreTopic}: ${cut(s)}`,
  );
  return out;
}
