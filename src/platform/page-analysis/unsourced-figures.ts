// The figures of a draft that none of its sources gives: the numbers a writer (or a model) may
// have made up. A figure is found in a source when its value is, however it is written there
// ("$1,200" and "1200", "3.5 million" and "3,500,000", "42%" and "42 percent").

const SCALES: Readonly<Record<string, number>> = { thousand: 1e3, million: 1e6, billion: 1e9, trillion: 1e12, k: 1e3, m: 1e6, bn: 1e9 };

/**
 * A figure: an optional currency sign, digits (thousands separators, a decimal part), then an
 * optional percent sign or scale word, then a unit of time or measure kept with it ("12 weeks"). Not part of a word or code ("H2O", "COVID-19", "v2").
 */
const FIGURE =
  /(?<![\p{L}\p{N}\-_/.,])([$€£¥]\s?)?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?:\s?(%|percent\b|per cent\b)|\s(thousand|million|billion|trillion)\b|(k|m|bn)\b)?(?:\s(?:weeks?|days?|hours?|minutes?|months?|years?|mg|ml|kg|g|oz|lbs?|miles?|km|degrees)\b)?(?![\p{L}\p{N}])/giu;

/** Nouns a small number merely counts ("3 ways", "5 tips"): a list's size, not a claim to source. */
const COUNTED =
  /^\s+(?:(?:\w+\s)?(?:ways?|steps?|tips?|things?|reasons?|types?|kinds?|ideas?|options?|mistakes?|questions?|examples?|methods?|signs?|rules?|tricks?|points?|parts?|stages?|categories|sections?|facts?|myths?|benefits?))\b/i;

/** A line's list marker or a heading's numbering ("1. ", "2) ", "## 3. ", "Step 4:"). */
const MARKER = /^\s*(?:#{1,6}\s*)?(?:(?:step|part|chapter|tip|day|phase)\s+)?\d+\s*(?:[.):]|\s-)\s/i;

interface Found {
  written: string;
  value: number;
}

function figuresIn(text: string): Found[] {
  const out: Found[] = [];
  for (const line of text.split(/\n/)) {
    const marker = MARKER.exec(line);
    const skipBefore = marker ? marker[0].length : 0;
    for (const m of line.matchAll(FIGURE)) {
      if (m.index < skipBefore) continue;
      const [written, currency, digits = "", decimals = "", percent, scaleWord, scaleLetter] = m;
      const scale = SCALES[(scaleWord ?? scaleLetter ?? "").toLowerCase()] ?? 1;
      const value = Number(`${digits.replace(/,/g, "")}${decimals}`) * scale;
      const bare = !currency && !decimals && !percent && scale === 1;
      // A small bare number that counts a list's items ("3 ways") is no claim.
      if (bare && value < 10 && COUNTED.test(line.slice(m.index + written.length))) continue;
      out.push({ written: written.trim(), value: Math.round(value * 1e6) / 1e6 });
    }
  }
  return out;
}

/** The draft's figures, as written and each once, whose value no source gives. */
export function unsourcedFigures(draft: string, sources: readonly string[]): string[] {
  const known = new Set(sources.flatMap((s) => figuresIn(s).map((f) => f.value)));
  const out: string[] = [];
  for (const f of figuresIn(draft)) if (!known.has(f.value) && !out.includes(f.written)) out.push(f.written);
  return out;
}
