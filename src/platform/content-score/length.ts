// Length against the word target: full marks within 15% of it either way, falling off in a
// straight line to 0 at no words and at twice the target.

/** Within this share of the target, a length earns full marks. */
const TOLERANCE = 0.15;

/** 0..100 for `words` against `target` (> 0). */
export function lengthScore(words: number, target: number): number {
  const ratio = words / target;
  if (ratio < 1 - TOLERANCE) return (100 * ratio) / (1 - TOLERANCE);
  if (ratio <= 1 + TOLERANCE) return 100;
  return Math.max(0, (100 * (2 - ratio)) / (1 - TOLERANCE));
}
