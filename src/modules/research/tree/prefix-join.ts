// All pairs of token sets whose similarity reaches a threshold, without comparing all pairs
// (the near-duplicate search of dedup.ts). Each set is indexed by its rarest tokens only, as
// many as any partner at the threshold must share at least one of ("prefix filtering"); while
// a set probes that index, its overlap with each earlier set is counted and the pair dropped
// as soon as too few tokens remain on either side to reach the threshold ("positional
// filtering"); the pairs left are verified from the last shared prefix token on.

/** Float noise must not drop a pair that sits exactly on the threshold. */
const EPSILON = 1e-9;

/** A similarity measure over token sets, as prefix filtering needs it. */
export interface Measure {
  /** Fewest tokens a set of this size shares with any partner at the threshold. */
  minShared(size: number): number;
  /** Fewest tokens two sets of these sizes must share to be at the threshold (at least 1). */
  needed(x: number, y: number): number;
  similarity(common: number, x: number, y: number): number;
}

export function diceMeasure(t: number): Measure {
  // Dice >= t needs o >= t(|x| + |y|) / 2; with |y| >= o that gives o >= t|x| / (2 - t).
  return {
    minShared: (size) => (t * size) / (2 - t),
    needed: (x, y) => Math.max(1, Math.ceil((t * (x + y)) / 2 - EPSILON)),
    similarity: (common, x, y) => (2 * common) / (x + y),
  };
}

export function jaccardMeasure(t: number): Measure {
  // Jaccard >= t needs o >= t(|x| + |y|) / (1 + t); with |y| >= o that gives o >= t|x|.
  return {
    minShared: (size) => t * size,
    needed: (x, y) => Math.max(1, Math.ceil((t * (x + y)) / (1 + t) - EPSILON)),
    similarity: (common, x, y) => common / (x + y - common),
  };
}

/**
 * Sets of token ids (0 .. tokenCount - 1, repeats allowed) as sorted, repeat-free arrays of
 * ranks, rarest token first: the one global order prefix filtering needs, and a cheap merge
 * for intersections. Ties in rarity go by id, so the result is deterministic.
 */
export function rankSets(sets: readonly (readonly number[])[], tokenCount: number): Int32Array[] {
  const frequency = new Int32Array(tokenCount);
  for (const set of sets) for (const id of set) frequency[id]! += 1;
  const order = Array.from({ length: tokenCount }, (_, id) => id).sort((x, y) => frequency[x]! - frequency[y]! || x - y);
  const rank = new Int32Array(tokenCount);
  for (let position = 0; position < order.length; position++) rank[order[position]!] = position;
  return sets.map((set) => {
    const ranks = Int32Array.from(set, (id) => rank[id]!).sort();
    let size = 0;
    for (let i = 0; i < ranks.length; i++) if (i === 0 || ranks[i] !== ranks[i - 1]) ranks[size++] = ranks[i]!;
    return ranks.subarray(0, size);
  });
}

/**
 * Tokens shared by x from `i` on and y from `j` on; stops early, answering -1, once fewer than
 * `needed` can still be reached: most candidates fall short part-way.
 */
function overlapFrom(x: Int32Array, i: number, y: Int32Array, j: number, needed: number): number {
  let common = 0;
  while (i < x.length && j < y.length) {
    if (common + Math.min(x.length - i, y.length - j) < needed) return -1;
    const a = x[i]!;
    const b = y[j]!;
    if (a === b) {
      common += 1;
      i += 1;
      j += 1;
    } else if (a < b) i += 1;
    else j += 1;
  }
  return common >= needed ? common : -1;
}

function prefixLength(size: number, minShared: number): number {
  // A partner shares at least `minShared` tokens, so at least one among the first size - minShared + 1.
  return Math.max(1, Math.min(size, size - Math.max(0, Math.ceil(minShared - EPSILON)) + 1));
}

/** Sets are probed in order; each finds the earlier ones at or above the threshold. */
export class PrefixJoin {
  /** Per token rank: the sets indexed under it and the token's position in each. */
  private readonly postingSets: (number[] | undefined)[] = [];
  private readonly postingPositions: (number[] | undefined)[] = [];
  /** Per earlier set, for the set now probing: shared tokens so far (-1: dropped) and where. */
  private readonly prober: Int32Array;
  private readonly common: Int32Array;
  private readonly lastX: Int32Array;
  private readonly lastY: Int32Array;
  private readonly touched: number[] = [];

  constructor(
    private readonly sets: readonly Int32Array[],
    private readonly measure: Measure,
  ) {
    this.prober = new Int32Array(sets.length).fill(-1);
    this.common = new Int32Array(sets.length);
    this.lastX = new Int32Array(sets.length);
    this.lastY = new Int32Array(sets.length);
  }

  /** Calls `found` for each earlier set at or above the threshold with set x; then indexes x. */
  probe(x: number, found: (y: number, similarity: number) => void): void {
    const tokens = this.sets[x]!;
    const size = tokens.length;
    if (size === 0) return;
    const { measure, prober, common, lastX, lastY, touched } = this;
    touched.length = 0;
    const prefix = prefixLength(size, measure.minShared(size));
    for (let position = 0; position < prefix; position++) {
      const token = tokens[position]!;
      let ids = this.postingSets[token];
      let positions = this.postingPositions[token];
      if (ids === undefined || positions === undefined) {
        ids = this.postingSets[token] = [];
        positions = this.postingPositions[token] = [];
      }
      for (let k = 0; k < ids.length; k++) {
        const y = ids[k]!;
        if (prober[y] !== x) {
          prober[y] = x;
          common[y] = 0;
          touched.push(y);
        } else if (common[y]! < 0) continue;
        const other = this.sets[y]!.length;
        const room = 1 + Math.min(size - position - 1, other - positions[k]! - 1);
        if (common[y]! + room < measure.needed(size, other)) {
          common[y] = -1;
          continue;
        }
        common[y]! += 1;
        lastX[y] = position;
        lastY[y] = positions[k]!;
      }
      ids.push(x);
      positions.push(position);
    }
    for (const y of touched) {
      const sofar = common[y]!;
      if (sofar <= 0) continue;
      const other = this.sets[y]!;
      const rest = overlapFrom(tokens, lastX[y]! + 1, other, lastY[y]! + 1, measure.needed(size, other.length) - sofar);
      if (rest >= 0) found(y, measure.similarity(sofar + rest, size, other.length));
    }
  }
}
