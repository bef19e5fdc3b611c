// The clustering engine's input and output shapes, apart so helpers can share them without a cycle.

export interface ClusterInput {
  keyword: string;
  searchVolume: number;
  /** In rank order; only the first 10 count. */
  urls: string[];
}

export interface Cluster {
  /** "c1", "c2", ... in centroid order. */
  id: string;
  centroid: string;
  /** The centroid first, then the members in joining order (which is the centroid order). */
  keywords: string[];
}

/** How many of a keyword's results count as its top 10. */
export const TOP_RESULTS = 10;
