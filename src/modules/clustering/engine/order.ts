// The centroid order of docs/conventions.md §7: search volume descending, ties by keyword ascending.
import type { InternedSerps } from "./types";

/**
 * The positions of `serps`' keywords in centroid order, each keyword once: a repeated keyword
 * keeps its first occurrence (volume and URLs) and later ones are dropped. Keywords being
 * unique, the order is total and does not depend on the input's order. A NaN volume (an
 * unknown volume that slipped through) sorts as 0. Keywords compare by plain code units: no
 * locale, so no surprises.
 */
export function centroidOrder({ keywords, volumes }: InternedSerps): Int32Array {
  const seen = new Set<string>();
  const positions: number[] = [];
  for (let i = 0; i < keywords.length; i++) {
    const keyword = keywords[i]!;
    if (seen.has(keyword)) continue;
    seen.add(keyword);
    positions.push(i);
  }
  const volume = (i: number) => (Number.isNaN(volumes[i]!) ? 0 : volumes[i]!);
  positions.sort((a, b) => {
    const va = volume(a);
    const vb = volume(b);
    if (va !== vb) return va > vb ? -1 : 1;
    const ka = keywords[a]!;
    const kb = keywords[b]!;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  return Int32Array.from(positions);
}
